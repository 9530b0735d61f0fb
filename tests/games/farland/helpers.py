"""Building Farland positions for tests: fixed setups, moves by notation, small farms.

A position play does not easily reach is built with the position format
(:func:`meeple.core.position.edit`): every helper that changes a state returns a new one,
read back and validated, and conserves the pieces (what a farm gains comes from the
supply, what it loses goes back there)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import meeple
from meeple.boardgames.farland.actions import sq
from meeple.boardgames.farland.components import K_BUILDING, K_LAND, K_POND
from meeple.boardgames.farland.farm import FENCE, PIPE, Farm, FarmCell
from meeple.boardgames.farland.state import FarlandState
from meeple.core import Decision
from meeple.core.position import edit

COW, PIG, SHEEP, WHEAT, CARROT = range(5)
RES = {"cow": COW, "pig": PIG, "sheep": SHEEP, "wheat": WHEAT, "carrot": CARROT}
DEFAULT_TRACK = ["fence", "pipe", "trough"] * 4


def setup(
    players: int = 2,
    rules: str = "basic",
    market: Iterable[str] | None = None,
    building: str = "barn",
    track: Iterable[str] = DEFAULT_TRACK,
    picks: Iterable[str] | None = None,
) -> FarlandState:
    """A game after setup: the round track, market and building chosen, and the
    starting improvements picked (by default each player takes a fence and a pipe)."""
    g = meeple.load("farland", players=players, rules=rules)
    s = g.new_initial_state()
    assert isinstance(s, FarlandState)
    for t in track:
        s.apply_notation(f"track {t}")
    cols = g.rules.columns
    cards = list(market) if market is not None else [f"L{25 + k:02d}" for k in range(2 * cols)]
    for c in cards:
        s.apply_notation(f"draw {c}")
    s.apply_notation(f"flip {building}")
    chosen = list(picks) if picks is not None else ["fence", "pipe"] * players
    for p in chosen:
        s.apply_notation(p)
    assert s.phase == "turns" and s.round == 1
    return s


def play(s: FarlandState, *moves: str) -> FarlandState:
    for m in moves:
        s.apply_notation(m)
    return s


def names(s: FarlandState) -> list[str]:
    return [s.action_to_string(a) for a in s.legal_actions()]


def land(res: str | None = None, count: int = 1, fences: str = "") -> FarmCell:
    mask = sum(1 << "NESW".index(c) for c in fences)
    if res is None:
        return (K_LAND, -1, 0, mask, -1, 0)
    return (K_LAND, RES[res], count, mask, -1, 0)


def building(btype: int, step: int) -> FarmCell:
    return (K_BUILDING, -1, 0, 0, btype, step)


POND_CELL: FarmCell = (K_POND, -1, 0, 0, -1, 0)


Square = tuple[int, int]


def changed(
    f: Farm,
    cells: Mapping[Square, FarmCell] | None = None,
    *,
    tokens: Mapping[Square, int] | None = None,
    fences: Iterable[int] = (),
    pipes: Iterable[int] = (),
    nimbus: Iterable[int] = (),
    troughs: Sequence[int] | None = None,
    house: Sequence[int] | None = None,
) -> Farm:
    """A copy of ``f`` with these squares laid (by ``(x, y)``; the house stays at
    (0,0)-(1,1)), these resource tokens put on them, these fences, pipes and Nimbus
    Generators installed beside those already there, and its troughs and the pieces on its
    house replaced when given. ``f`` itself is not changed."""
    g = f.copy()  # shares f's sets and dicts: each is replaced, never changed in place
    laid = {sq(x, y): c for (x, y), c in (cells or {}).items()}
    g.lay(laid)
    g.tokens = {**g.tokens, **{sq(x, y): t for (x, y), t in (tokens or {}).items()}}
    g.fences = frozenset(g.fences).union(fences)
    g.pipes = frozenset(g.pipes).union(pipes)
    g.nimbus = frozenset(g.nimbus).union(nimbus)
    if troughs is not None:
        g.troughs = list(troughs)
    if house is not None:
        g.house = list(house)
    return g


def held(f: Farm, t: int) -> int:
    """The improvements of type ``t`` a farm holds, on its house and installed."""
    if t == FENCE:
        return f.house[t] + len(f.fences)
    if t == PIPE:
        return f.house[t] + len(f.pipes) + 2 * len(f.nimbus)
    return f.house[t] + sum(f.troughs)


def as_farland(s: object) -> FarlandState:
    assert isinstance(s, FarlandState)
    return s


def with_farms(s: FarlandState, farms: Mapping[int, Farm], **fields: Any) -> FarlandState:
    """``s`` with these players' farms (and any other ``fields``), read back through the
    position format. The improvements and resource tokens the new farms hold more than the
    old ones come from the supply and those they hold less go back to it, so every piece
    is still counted once."""
    supply = list(s.supply)
    token_supply = list(s.token_supply)
    new = list(s.farms)
    for p, f in farms.items():
        old = s.farms[p]
        for t in range(len(supply)):
            supply[t] -= held(f, t) - held(old, t)
        for r in range(len(token_supply)):
            more = sum(1 for v in f.tokens.values() if v == r)
            token_supply[r] -= more - sum(1 for v in old.tokens.values() if v == r)
        new[p] = f
    assert min(supply) >= 0, f"the supply cannot give {s.supply} -> {supply}"
    assert min(token_supply) >= 0, f"the token supply cannot give {token_supply}"
    return as_farland(edit(s, farms=new, supply=supply, token_supply=token_supply, **fields))


def with_farm(
    s: FarlandState,
    player: int = 0,
    cells: Mapping[Square, FarmCell] | None = None,
    *,
    base: Farm | None = None,
    tokens: Mapping[Square, int] | None = None,
    fences: Iterable[int] = (),
    pipes: Iterable[int] = (),
    nimbus: Iterable[int] = (),
    troughs: Sequence[int] | None = None,
    house: Sequence[int] | None = None,
    **fields: Any,
) -> FarlandState:
    """``s`` with the player's farm (or ``base``) :func:`changed` so, and any other state
    ``fields``; the pieces come from the supply (see :func:`with_farms`)."""
    f = changed(
        s.farms[player] if base is None else base,
        cells,
        tokens=tokens,
        fences=fences,
        pipes=pipes,
        nimbus=nimbus,
        troughs=troughs,
        house=house,
    )
    return with_farms(s, {player: f}, **fields)


def decide(
    s: FarlandState, kind: str, player: int, info: Any = None, **fields: Any
) -> FarlandState:
    """``s`` with a decision of ``kind`` for ``player`` on top of the stack (taken next),
    and any other state ``fields``."""
    return as_farland(edit(s, pending=[*s.pending, Decision(kind, player, info)], **fields))


def give(s: FarlandState, p: int, *techs: str) -> FarlandState:
    """``s`` with player ``p`` holding these technologies, each paid with an upgrade token
    as a real one is (a level 2 slot is taken, and Irrigation takes a pond tile)."""
    rules = s.rules
    f = s.farms[p].copy()
    slots = list(s.slots)
    ponds = s.ponds
    for name in techs:
        k = rules.tech_index[name]
        if f.techs >> k & 1:
            continue
        f.techs |= 1 << k
        f.upgrades -= 1
        if k >= rules.n_level1:
            slots[k] -= 1
        if name == "irrigation":
            ponds -= 1
    farms = [f if q == p else s.farms[q] for q in range(len(s.farms))]
    return as_farland(edit(s, farms=farms, slots=tuple(slots), ponds=ponds))


def with_supply(s: FarlandState, supply: Sequence[int], **fields: Any) -> FarlandState:
    """``s`` with ``supply`` in the supply: what is taken out goes back into the box, what
    is added comes from it."""
    box = tuple(b + have - want for b, have, want in zip(s.box, s.supply, supply, strict=True))
    assert min(box) >= 0, f"the box cannot give {box}"
    return as_farland(edit(s, supply=list(supply), box=box, **fields))


def empty_market(s: FarlandState, **fields: Any) -> FarlandState:
    """``s`` with the market's cards out of the game and the building closed for the round:
    nothing is left to take."""
    gone = s.cards_gone
    for c in s.market:
        if c >= 0:
            gone |= 1 << c
    return as_farland(
        edit(s, market=[-1] * len(s.market), building_open=False, cards_gone=gone, **fields)
    )


def edge(kind: str, x: int, y: int) -> int:
    """Edge id: ``h`` is the top side of square (x, y), ``v`` its left side."""
    return 2 * sq(x, y) + (1 if kind == "v" else 0)


def top(x: int, y: int) -> int:
    return edge("h", x, y)


def bottom(x: int, y: int) -> int:
    return edge("h", x, y + 1)


def left(x: int, y: int) -> int:
    return edge("v", x, y)


def right(x: int, y: int) -> int:
    return edge("v", x + 1, y)


def fence_around(squares: Iterable[tuple[int, int]]) -> set[int]:
    """The edges around a set of squares (its boundary)."""
    sqs = set(squares)
    out = set()
    for x, y in sqs:
        if (x, y - 1) not in sqs:
            out.add(top(x, y))
        if (x, y + 1) not in sqs:
            out.add(bottom(x, y))
        if (x - 1, y) not in sqs:
            out.add(left(x, y))
        if (x + 1, y) not in sqs:
            out.add(right(x, y))
    return out
