"""Building fixed positions of Azul: Queen's Garden for the tests.

The position builders (``quiet`` and the ``with_*`` helpers) return a new state made
through the position format (:func:`meeple.core.position.edit`): the game's invariants
check it, so every piece put somewhere is taken from where it lies (a hexagon from the
bag, a joker from the supply, an expansion from the reserve or the round's stack), and
the state given is left as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import meeple
from meeple.boardgames.azul_queens_garden.board import (
    AREAS,
    CELLS_PER_AREA,
    NEIGHBOURS,
    NUM_CELLS,
    RING,
    cell_name,
    parse_cell,
)
from meeple.boardgames.azul_queens_garden.components import NUM_TYPES
from meeple.boardgames.azul_queens_garden.placement import FITS, fault
from meeple.boardgames.azul_queens_garden.rules import COL, PAT
from meeple.boardgames.azul_queens_garden.scoring import round_score
from meeple.boardgames.azul_queens_garden.state import (
    DISCARDS,
    EMPTY,
    FIRST_PASS,
    ORNAMENT,
    PAVILIONS,
    PURCHASES,
    WHEEL,
    AzulQueensGardenState,
)
from meeple.core import Decision
from meeple.core.position import edit

GID = "azul_queens_garden"


def new(players: int = 2, **options: Any) -> AzulQueensGardenState:
    state = meeple.load(GID, players=players, **options).new_initial_state()
    assert isinstance(state, AzulQueensGardenState)
    return state


def t(state: AzulQueensGardenState, name: str) -> int:
    tt = state.rules.tile_type(name)
    assert tt is not None, name
    return tt


def cell(name: str) -> int:
    c = parse_cell(name)
    assert c is not None, name
    return c


def _edited(s: AzulQueensGardenState, **fields: Any) -> AzulQueensGardenState:
    out = edit(s, **fields)
    assert isinstance(out, AzulQueensGardenState)
    return out


def quiet(players: int = 2, player: int = 0, **options: Any) -> AzulQueensGardenState:
    """A round-1 position with an empty display, ``player`` to choose an action."""
    s = new(players, **options)
    # The new game's first display expansion is still to be filled: it stays on the
    # round's stack, and nothing was drawn onto it.
    assert s.trays == [[]] and s.decision is not None and s.decision.kind == "draw"
    stack_left = list(s.stack_left)
    stack_left[0] += 1
    return _edited(
        s,
        pending=[Decision("turn", player, None)],
        trays=[],
        top=False,
        stack_left=stack_left,
    )


# -- storage -------------------------------------------------------------------------


def with_storage(s: AzulQueensGardenState, p: int, *names: str) -> AzulQueensGardenState:
    """Player ``p`` with these hexagons (from the bag) and jokers (``"joker"``, from the
    supply) more in storage."""
    store = [row[:] for row in s.store]
    store_n = list(s.store_n)
    jokers = list(s.jokers)
    bag = list(s.bag)
    joker_supply = s.joker_supply
    for n in names:
        if n == "joker":
            assert joker_supply > 0, "the joker supply is empty"
            jokers[p] += 1
            joker_supply -= 1
        else:
            k = t(s, n)
            assert bag[k] > 0, f"no {n} left in the bag"
            bag[k] -= 1
            store[p][k] += 1
        store_n[p] += 1
    return _edited(
        s,
        store=store,
        store_n=store_n,
        jokers=jokers,
        joker_supply=joker_supply,
        bag=bag,
        bag_n=sum(bag),
    )


def with_jokers(s: AzulQueensGardenState, p: int, n: int) -> AzulQueensGardenState:
    """Player ``p`` holding ``n`` jokers, the others going to (or coming from) the supply."""
    jokers = list(s.jokers)
    store_n = list(s.store_n)
    store_n[p] += n - jokers[p]
    supply = s.joker_supply + jokers[p] - n
    jokers[p] = n
    return _edited(s, jokers=jokers, store_n=store_n, joker_supply=supply)


def _unseen(s: AzulQueensGardenState, fields: dict[str, Any], e: int, source: str) -> None:
    """Take expansion ``e`` (its printed type) out of the unseen ones in ``fields``: from
    the reserve, or from this round's stack."""
    hidden = fields.setdefault("hidden", list(s.hidden))
    assert hidden[e], f"expansion {e} has been seen already"
    hidden[e] = 0
    if source == "reserve":
        fields["reserve"] = fields.get("reserve", s.reserve) - 1
    else:
        assert source == "stack", source
        stack_left = fields.setdefault("stack_left", list(s.stack_left))
        stack_left[s.round] -= 1


def with_stored_expansion(
    s: AzulQueensGardenState, p: int, *printed: str, source: str = "reserve"
) -> AzulQueensGardenState:
    """Player ``p`` with these garden expansions (by printed hexagon) more in storage,
    taken from the reserve (or from this round's stack, ``source="stack"``)."""
    fields: dict[str, Any] = {"store_exps": [row[:] for row in s.store_exps]}
    for name in printed:
        e = t(s, name)
        _unseen(s, fields, e, source)
        fields["store_exps"][p].append(e)
    return _edited(s, **fields)


def with_returned(
    s: AzulQueensGardenState, *printed: str, source: str = "stack"
) -> AzulQueensGardenState:
    """These garden expansions (by printed hexagon) returned to the supply face down, seen
    before: by default they came out of this round's stack (face up in the display)."""
    fields: dict[str, Any] = {}
    returned = list(s.returned)
    for name in printed:
        e = t(s, name)
        _unseen(s, fields, e, source)
        returned.append(e)
    return _edited(s, returned=returned, **fields)


# -- gardens -------------------------------------------------------------------------


def _garden_fields(s: AzulQueensGardenState, p: int, garden: list[int]) -> dict[str, Any]:
    """The fields that follow from player ``p`` 's garden: its colour and pattern groups
    (labelled by their lowest cell, with the mask of the other key's bits) and counts."""
    out: dict[str, Any] = {}
    for key, other, lab_name, mask_name in (
        (COL, PAT, "col_lab", "col_mask"),
        (PAT, COL, "pat_lab", "pat_mask"),
    ):
        lab = [-1] * NUM_CELLS
        mask = [0] * NUM_CELLS
        for x in range(NUM_CELLS):
            if garden[x] < 0 or lab[x] >= 0:
                continue
            lab[x] = x
            todo = [x]
            bits = 0
            while todo:
                y = todo.pop()
                bits |= 1 << other[garden[y]]
                for n in NEIGHBOURS[y]:
                    if garden[n] >= 0 and lab[n] < 0 and key[garden[n]] == key[garden[x]]:
                        lab[n] = x
                        todo.append(n)
            mask[x] = bits
        out[lab_name] = [lab if q == p else row[:] for q, row in enumerate(getattr(s, lab_name))]
        out[mask_name] = [mask if q == p else row[:] for q, row in enumerate(getattr(s, mask_name))]
    hexes = [u for u in garden if u >= 0]
    colours = [sum(1 for u in hexes if COL[u] == c) for c in range(6)]
    patterns = [sum(1 for u in hexes if PAT[u] == q) for q in range(6)]
    out["colour_count"] = [colours if q == p else row[:] for q, row in enumerate(s.colour_count)]
    out["pattern_count"] = [patterns if q == p else row[:] for q, row in enumerate(s.pattern_count)]
    out["garden"] = [garden if q == p else row[:] for q, row in enumerate(s.garden)]
    return out


def with_hexagon(s: AzulQueensGardenState, p: int, name: str, where: str) -> AzulQueensGardenState:
    """Player ``p`` with hexagon ``name`` (from the bag) on space ``where`` of the garden
    (no cost, no placement rule: the groups only must not hold it twice)."""
    k, x = t(s, name), cell(where)
    garden = list(s.garden[p])
    assert garden[x] == EMPTY, f"{where} is not an empty space"
    assert s.bag[k] > 0, f"no {name} left in the bag"
    garden[x] = k
    bag = list(s.bag)
    bag[k] -= 1
    return _edited(s, bag=bag, bag_n=sum(bag), **_garden_fields(s, p, garden))


def with_hexagons(
    s: AzulQueensGardenState, p: int, placed: dict[str, str]
) -> AzulQueensGardenState:
    """``with_hexagon`` for every ``{space: hexagon}``, as one edit."""
    garden = list(s.garden[p])
    bag = list(s.bag)
    for where, name in placed.items():
        k, x = t(s, name), cell(where)
        assert garden[x] == EMPTY, f"{where} is not an empty space"
        assert bag[k] > 0, f"no {name} left in the bag"
        garden[x] = k
        bag[k] -= 1
    return _edited(s, bag=bag, bag_n=sum(bag), **_garden_fields(s, p, garden))


def with_expansion(
    s: AzulQueensGardenState, p: int, printed: str, where: str, source: str = "reserve"
) -> AzulQueensGardenState:
    """Player ``p`` with a garden expansion in their garden, its printed space on
    ``where``; the expansion comes from the reserve (or this round's stack)."""
    e, x = t(s, printed), cell(where)
    a = x // CELLS_PER_AREA
    assert a > 0 and x % CELLS_PER_AREA, f"{where} is not a space of an expansion area"
    assert s.area_exp[p][a] < 0, f"expansion area {a} is taken"
    fields: dict[str, Any] = {}
    _unseen(s, fields, e, source)
    garden = list(s.garden[p])
    base = a * CELLS_PER_AREA
    garden[base] = ORNAMENT
    for i in range(1, CELLS_PER_AREA):
        garden[base + i] = EMPTY
    garden[x] = e
    area_exp = [row[:] for row in s.area_exp]
    area_cell = [row[:] for row in s.area_cell]
    area_exp[p][a] = e
    area_cell[p][a] = x
    pavilions = list(s.pavilions)
    if s.rules.ornament[e] == "pavilion":
        pavilions[p] += 1
    return _edited(
        s,
        area_exp=area_exp,
        area_cell=area_cell,
        pavilions=pavilions,
        **fields,
        **_garden_fields(s, p, garden),
    )


# -- the display ---------------------------------------------------------------------


def with_tray(s: AzulQueensGardenState, *names: str) -> AzulQueensGardenState:
    """A face-down expansion of this round's stack in the display holding ``names`` (from
    the bag); the newest one is the stack's top (the next one opens once a take touches
    it)."""
    bag = list(s.bag)
    tray = []
    for n in names:
        k = t(s, n)
        assert bag[k] > 0, f"no {n} left in the bag"
        bag[k] -= 1
        tray.append(k)
    stack_left = list(s.stack_left)
    stack_left[s.round] -= 1
    return _edited(
        s,
        trays=[*(row[:] for row in s.trays), tray],
        top=True,
        bag=bag,
        bag_n=sum(bag),
        stack_left=stack_left,
    )


def with_faceup(s: AzulQueensGardenState, printed: str) -> AzulQueensGardenState:
    """A face-up expansion (from this round's stack) in the display."""
    fields: dict[str, Any] = {}
    e = t(s, printed)
    _unseen(s, fields, e, "stack")
    return _edited(s, faceup=[*s.faceup, e], **fields)


# -- rounds and points ---------------------------------------------------------------


def _points(s: AzulQueensGardenState, p: int, category: int, points: int) -> dict[str, Any]:
    pts = [row[:] for row in s.pts]
    pts[p][category] += points
    awarded = list(s.awarded)
    awarded[p] += points
    return {"pts": pts, "awarded": tuple(awarded)}


def with_round(s: AzulQueensGardenState, rnd: int) -> AzulQueensGardenState:
    """The start of round ``rnd`` (0 to 3) of a game in its first round with an empty
    display: each round before it went by with nothing taken or scored, its stack going
    to the reserve unused, and the last seat passing first (one point each time) and so
    being the first player."""
    assert s.round == 0 and not s.trays and not any(s.passed), "only from a quiet round 1"
    last = s.game.players - 1
    stack_left = list(s.stack_left)
    reserve = s.reserve
    for r in range(rnd):
        reserve += stack_left[r]
        stack_left[r] = 0
    points = _points(s, last, FIRST_PASS, -s.rules.first_pass_penalty * rnd)
    return _edited(
        s,
        round=rnd,
        stack_left=stack_left,
        reserve=reserve,
        first_player=last if rnd else s.first_player,
        **points,
    )


def with_purchases(
    s: AzulQueensGardenState, p: int, *placed: tuple[str, str]
) -> AzulQueensGardenState:
    """Player ``p`` having bought face-down expansions (their price in points) and put
    them in the garden: ``(printed, space)`` each."""
    for printed, where in placed:
        s = with_expansion(s, p, printed, where)
        s = _edited(s, **_points(s, p, PURCHASES, -s.rules.face_down_cost))
    return s


def with_discards(s: AzulQueensGardenState, p: int, n: int) -> AzulQueensGardenState:
    """Player ``p`` having discarded ``n`` hexagons on passing in an earlier round (a point
    each): they lie in the tower (taken from the bag, where the earliest types are)."""
    bag = list(s.bag)
    tower = list(s.tower)
    for _ in range(n):
        k = next(i for i, c in enumerate(bag) if c)
        bag[k] -= 1
        tower[k] += 1
    return _edited(
        s,
        bag=bag,
        bag_n=sum(bag),
        tower=tower,
        tower_n=sum(tower),
        **_points(s, p, DISCARDS, -s.rules.discard_cost * n),
    )


# -- play ----------------------------------------------------------------------------


def act(s: AzulQueensGardenState, *texts: str) -> None:
    for text in texts:
        s.apply_action(s.string_to_action(text))


def legal(s: AzulQueensGardenState) -> list[str]:
    return [s.action_to_string(a) for a in s.legal_actions()]


def can(s: AzulQueensGardenState, text: str) -> bool:
    return s.string_to_action(text) in s.legal_actions()


def with_round_scores(s: AzulQueensGardenState, rnd: int) -> AzulQueensGardenState:
    """Each player scored round ``rnd`` (the wheel and the pavilions) with the garden as it
    is: for a round gone by, its gardens unchanged since."""
    assert s.round > rnd, "only a round gone by is scored"
    rules = s.rules
    for p in range(s.game.players):
        rs = round_score(
            s.colour_count[p],
            s.pattern_count[p],
            rules.wheel_keys[rnd],
            s.pavilions[p],
            rules.pavilion_points,
            rules.colour_points,
            rules.pattern_points[rnd],
        )
        s = _edited(s, **_points(s, p, WHEEL, rs["wheel"]))
        s = _edited(s, **_points(s, p, PAVILIONS, rs["pavilions"]))
    return s


# -- the bag spent -------------------------------------------------------------------


def _lonely(a: int) -> int:
    """A space of expansion area ``a`` touching no other area."""
    own = set(RING[a]) | {a * CELLS_PER_AREA}
    return next(x for x in RING[a] if set(NEIGHBOURS[x]) <= own)


def with_bag_spent(
    s: AzulQueensGardenState,
    players: Sequence[int],
    keep: Sequence[str] = (),
    spare: Sequence[str] = (),
) -> AzulQueensGardenState:
    """Every hexagon of the bag but ``keep`` placed in the gardens of ``players`` (in that
    order), each by the placement rule as it stood when it came (hexagons in area order,
    each garden expansion put in first, alone, from the reserve, never one of ``spare``);
    hexagons no space fits go to those players' storages."""
    keep_n = [0] * NUM_TYPES
    for n in keep:
        keep_n[t(s, n)] += 1
    spare_e = {t(s, n) for n in spare}

    def pool() -> list[int]:
        return [k for k in range(NUM_TYPES) if s.bag[k] > keep_n[k]]

    for p in players:
        for a in range(AREAS):
            if not pool():
                break
            if a and s.area_exp[p][a] < 0:
                e = next(e for e in range(NUM_TYPES) if s.hidden[e] and e not in spare_e)
                s = with_expansion(s, p, s.rules.tile_name(e), cell_name(_lonely(a)))
            for x in RING[a]:
                if s.garden[p][x] != EMPTY:
                    continue
                hood = s._neighbourhood(p, x)
                fits = [k for k in pool() if fault(hood, k) == FITS]
                if fits:
                    k = max(fits, key=lambda k: s.bag[k] - keep_n[k])
                    s = with_hexagon(s, p, s.rules.tile_name(k), cell_name(x))
    for p in players:
        left = [s.rules.tile_name(k) for k in pool() for _ in range(s.bag[k] - keep_n[k])]
        room = s.rules.storage_tiles - s.store_n[p]
        if left and room:
            s = with_storage(s, p, *left[:room])
    assert not pool(), "the gardens and storages hold not all of the bag"
    return s
