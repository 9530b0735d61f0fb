"""The state of a game of Azul: Queen's Garden: one handler per kind of decision.

Decisions (kind: who, info):

- ``turn``: a player's action (take, place a hexagon, place an expansion from
  storage, buy a face-down expansion, pass);
- ``mode``: (t, need, cell) how to pay: same colour or same pattern;
- ``pay``: (mode, t, remaining, used keys, last id, cell) one payment item;
- ``discard``: (last id) after passing, one storage tile to discard, or done;
- ``place_bought``: (e) where the expansion just bought goes;
- ``copy``: (types) after a take, where the first of these hexagon types is taken
  from: a display expansion, or the face-up expansion printing it (copies lie on
  more than one expansion, or one is printed on a face-up expansion);
- ``draw`` (chance): (tiles still to draw onto the newest display expansion,
  expansions still to open) a hexagon from the bag;
- ``reveal`` (chance): (-1 for the display, else the buying player) which
  garden expansion turns face up.

The rules live by family, each a base class of the state: acquisition.py (takes,
``copy``, purchases, the display, ``draw`` and ``reveal``), placement.py (the placement
rule, placements, ``place_bought``), payment.py (``mode``, ``pay``), passing.py (a pass,
``discard``), round_end.py (round and game end); fields.py declares the fields they share.
This module holds the fields' starting values, the ``turn`` (which family an action is
of), and what the core and the bots read: scores, the heuristic, the observation, the
picture's targets, the move log, the invariants and the refusal messages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeple.boardgames.azul_queens_garden import actions as A
from meeple.boardgames.azul_queens_garden.acquisition import CopyInfo, DrawInfo, RevealInfo
from meeple.boardgames.azul_queens_garden.board import (
    AREAS,
    CELLS_PER_AREA,
    NUM_CELLS,
    RING,
    cell_name,
)
from meeple.boardgames.azul_queens_garden.components import NUM_TYPES
from meeple.boardgames.azul_queens_garden.fields import (
    ABSENT,
    BONUS,
    CATEGORIES,
    DISCARDS,
    EMPTY,
    EVAL,
    FIRST_PASS,
    JOKERS,
    ORNAMENT,
    PAVILIONS,
    PURCHASES,
    START,
    STORAGE,
    UNKNOWN,
    WHEEL,
)
from meeple.boardgames.azul_queens_garden.kernels import Neighbourhood
from meeple.boardgames.azul_queens_garden.passing import DiscardInfo, PassAndDiscard
from meeple.boardgames.azul_queens_garden.payment import ModeInfo, PayInfo
from meeple.boardgames.azul_queens_garden.placement import (
    COLOUR_TWICE,
    FITS,
    NB,
    PATTERN_TWICE,
    SHARES_NOTHING,
    PlaceBoughtInfo,
    Placement,
    fault,
    fitting,
)
from meeple.boardgames.azul_queens_garden.rules import COL, PAT
from meeple.boardgames.azul_queens_garden.scoring import end_of_game, evaluation
from meeple.core import CHANCE, Decision, Game

# What this module has always offered (the tests, the benchmarks and the package import
# these names from here), wherever its family now defines it.
__all__ = [
    "ABSENT",
    "BONUS",
    "CATEGORIES",
    "COLOUR_TWICE",
    "DISCARDS",
    "EMPTY",
    "EVAL",
    "FIRST_PASS",
    "FITS",
    "HOPE_SHARE",
    "JOKERS",
    "NB",
    "ORNAMENT",
    "PAIR_CREDIT",
    "PATTERN_TWICE",
    "PAVILIONS",
    "POPCOUNT",
    "PURCHASES",
    "SHARES_NOTHING",
    "START",
    "STORAGE",
    "TILE_VALUE",
    "USE_SHARE",
    "WHEEL",
    "AzulQueensGardenState",
    "CopyInfo",
    "DiscardInfo",
    "DrawInfo",
    "ModeInfo",
    "Neighbourhood",
    "PayInfo",
    "PlaceBoughtInfo",
    "RevealInfo",
    "fault",
]

# The bots' heuristic (``_garden_value``), in points; docs/bots.md says how they were
# chosen. A group one short of scoring is worth part of its value, and a stored tile or
# expansion is a future placement or payment.
PAIR_CREDIT = 0.5
TILE_VALUE = 0.5
# In the last round a stored tile is worth what it will bring: a tile the storage can
# place or pay with keeps USE_SHARE of the way from the end's -1 up to TILE_VALUE even
# once nothing more comes out (placing it saves the -1 and scores), one that cannot
# keeps HOPE_SHARE of it while the round's hexagons are still to come (what comes may
# make it usable); both fall towards the end's value as the display runs out.
USE_SHARE = 2 / 3
HOPE_SHARE = 2 / 3
POPCOUNT = tuple(bin(m).count("1") for m in range(64))


def _tiles(n: int) -> str:
    return "tile" if n == 1 else "tiles"


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _joined(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


class AzulQueensGardenState(PassAndDiscard, Placement):
    """A game of Azul: Queen's Garden: the fields' starting values, the turn, and what
    the core and the bots read (scores, heuristic, views, move log, refusals).

    The rules of each family of decisions are its base classes'; the core finds their
    handlers through the class's MRO."""

    # What a clone copies (the core's clone): lists of ints or bools, and the display's
    # expansions. Each player's garden, its groups, storage and points are rows shared by
    # clones until one writes: every rule that changes them calls own_rows first
    # (Placement._put, _place_expansion, _place_from_storage, _acquire, _apply_copy,
    # _apply_discard, _apply_pay, _award). Every other
    # field is an int, a bool or a tuple (``awarded``), replaced rather than changed, so
    # clones share it.
    copied = (
        "pavilions",
        "store_n",
        "jokers",
        "passed",
        "faceup",
        "bag",
        "tower",
        "hidden",
        "stack_left",
        "returned",
        "fits",
    )
    copied_nested = ("trays",)
    shared_rows = (
        "garden",
        "area_exp",
        "area_cell",
        "col_lab",
        "col_mask",
        "pat_lab",
        "pat_mask",
        "colour_count",
        "pattern_count",
        "store",
        "store_exps",
        "pts",
    )
    caches = ("fits",)

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        rules = self.rules
        n = game.players
        # Gardens: per cell a tile type, or EMPTY / ORNAMENT / ABSENT.
        self.garden = [
            [EMPTY if c % 7 else ORNAMENT for c in range(7)] + [ABSENT] * (NUM_CELLS - 7)
            for _ in range(n)
        ]
        self.area_exp = [[-1] * AREAS for _ in range(n)]  # printed type of each area's expansion
        self.area_cell = [[-1] * AREAS for _ in range(n)]  # the cell of its printed space
        # Groups: a label (a member's cell) per hexagon; the pattern bits of each
        # colour group and the colour bits of each pattern group, by label.
        self.col_lab = [[-1] * NUM_CELLS for _ in range(n)]
        self.col_mask = [[0] * NUM_CELLS for _ in range(n)]
        self.pat_lab = [[-1] * NUM_CELLS for _ in range(n)]
        self.pat_mask = [[0] * NUM_CELLS for _ in range(n)]
        self.colour_count = [[0] * 6 for _ in range(n)]
        self.pattern_count = [[0] * 6 for _ in range(n)]
        self.pavilions = [0] * n
        self.fits = [UNKNOWN] * n
        # Storage.
        self.store = [[0] * NUM_TYPES for _ in range(n)]
        self.store_n = [rules.jokers_start] * n  # hexagons and jokers
        self.jokers = [rules.jokers_start] * n
        self.store_exps = [[] for _ in range(n)]
        self.joker_supply = rules.jokers_total - n * rules.jokers_start
        self.pts = [[0] * len(CATEGORIES) for _ in range(n)]
        for p in range(n):
            self.pts[p][START] = rules.start_score
        # Every point scored, per player, as a running total kept apart from ``pts`` by
        # _award (a tuple, so clones share it): the invariants compare the two, so a
        # score changed anywhere but through a scoring rule shows.
        self.awarded = (rules.start_score,) * n
        # Round and turn order.
        self.round = 0
        self.first_player = 0
        self.first_passer = -1
        self.passed = [False] * n
        # Display: face-down expansions holding hexagons (oldest first) and the
        # face-up expansions (by printed type).
        self.trays = []
        self.faceup = []
        # The newest display expansion still lies on the round stack, nothing taken
        # from it yet: the next one is filled only once a take touches it (ruling 7).
        self.top = False
        self.bag = [rules.copies] * NUM_TYPES
        self.bag_n = rules.copies * NUM_TYPES
        self.tower = [0] * NUM_TYPES
        self.tower_n = 0
        # Expansions nobody has seen (in stacks, the reserve or face down in the
        # display) as a 0/1 count per printed type; the round stacks' sizes; the
        # unseen part of the supply (the reserve) and the seen expansions returned
        # to the supply face down.
        self.hidden = [1] * NUM_TYPES
        self.stack_left = list(rules.round_stacks)
        self.reserve = rules.reserve
        self.returned = []
        self.push("turn", 0)
        self._open_trays(rules.display_start)

    def _forget_caches(self) -> None:
        n = self.game.players
        self.fits = [UNKNOWN] * n

    # -- turn: an action of one of the families ------------------------------------

    def _legal_turn(self, d: Decision[None]) -> list[int]:
        p = d.player
        out = self._take_options(p)
        self._placement_options(p, out)
        if self._can_buy(p):
            out.append(A.BUY)
        out.append(A.PASS)
        return out

    def _apply_turn(self, d: Decision[None], a: int) -> None:
        p = d.player
        if a < A.PLACE:
            self._acquire(p, a)
        elif a < A.BUY:
            self._place_from_storage(p, a)
        elif a == A.BUY:
            self._buy(p)
        else:
            self._pass(p)

    # -- scores --------------------------------------------------------------------

    def _scores(self) -> list[dict[str, int]]:
        out = []
        for row in self.pts:
            s = dict(zip(CATEGORIES, row, strict=True))
            s["total"] = sum(row)
            out.append(s)
        return out

    def _rank_key(self, player: int, scores: Sequence[Mapping[str, int]]) -> tuple[Any, ...]:
        # The rulebook: tied players share the victory, so no tie-break.
        return (scores[player]["total"],)

    def _heuristic(self, player: int) -> float:
        """What a player of the game counts when sizing up a garden, in points, as the
        lead over the best other player (see ``_garden_value``)."""
        mine = self._garden_value(player)
        others = [self._garden_value(p) for p in range(self.game.players) if p != player]
        return mine - max(others) if others else mine

    def _garden_value(self, p: int) -> float:
        """Points now, plus what the pieces will still score:

        - the wheel points of every placed hexagon and pavilion for this round and each
          round still to come (the wheel is public and fixed, so this is exact);
        - every group that would score in the final evaluation today, with its bonus;
        - near-complete groups (one hexagon short) at ``PAIR_CREDIT`` of their value,
          before the last round; in the last round the credit falls with what is left
          to come out of the display (``_supply_left``), to nothing at its end;
        - jokers at their end value; tiles and expansions in storage at ``TILE_VALUE``
          before the last round, and in it at what they will bring (``_storage_value``);
          a player out of the last round can use nothing more, so their tiles count
          what the end takes;
        - a turn under way counts as done: items owed for a payment as paid, hexagons
          still to be chosen in a take as stored, and a bought expansion, not yet
          placed, at the wheel points and pavilion income it brings (its price is
          already paid), so no step of a multi-step turn looks like a loss.
        """
        if self.is_terminal():
            return float(self.score(p))
        rules = self.rules
        total = float(self.score(p))
        colours, patterns = self.colour_count[p], self.pattern_count[p]
        for r in range(self.round, rules.rounds):
            pattern_points = rules.pattern_points[r]
            for e in rules.wheel[r]:
                if e.is_colour:
                    total += colours[e.index] * rules.colour_points
                else:
                    total += patterns[e.index] * pattern_points
            total += self.pavilions[p] * rules.pavilion_points
        last = self.round >= rules.rounds - 1
        left = self._supply_left() if last else 1.0
        total += self._groups_value(p, PAIR_CREDIT * left if last else PAIR_CREDIT)
        tiles = self.store_n[p] - self.jokers[p]
        exps = len(self.store_exps[p])
        jokers = self.jokers[p]
        d = self.pending[-1]
        if d.player == p:
            if d.kind in ("mode", "pay"):
                # What is still owed leaves storage: tiles first, then stored expansions,
                # jokers only for the rest, so a payment under way is worth what it will be.
                owed = d.info[1] if d.kind == "mode" else d.info[2]
                from_tiles = min(owed, tiles)
                from_exps = min(owed - from_tiles, exps)
                tiles -= from_tiles
                exps -= from_exps
                jokers -= owed - from_tiles - from_exps
            elif d.kind == "copy":
                tiles += len(d.info)  # the rest of the take, still to be chosen
            elif d.kind == "place_bought":
                total += self._expansion_income(d.info)
        elif d.kind == "reveal" and d.info == p:
            total += self._expansion_income(-1)
        if last and self.passed[p]:
            # Out of the last round: what is stored can no longer be used.
            total += tiles * rules.storage_tile_points
        elif last:
            total += self._storage_value(p, tiles, exps, left)
        else:
            total += (tiles + exps) * TILE_VALUE
        return total + jokers * rules.joker_points

    def _supply_left(self) -> float:
        """The share of this round's hexagons still to be taken: those in the display
        (and face-up expansions) and those the round stack will still bring out, out
        of all the stack brings (1 at the round's start, 0 once nothing is left)."""
        rules = self.rules
        per = rules.tiles_per_expansion
        stack = rules.round_stacks[self.round]
        if stack <= 0:
            return 0.0
        shown = len(self.faceup)
        for tray in self.trays:
            shown += len(tray)
        return min(1.0, (shown + self.stack_left[self.round] * per) / (stack * per))

    def _storage_value(self, p: int, tiles: int, exps: int, left: float) -> float:
        """In the last round, before passing: ``tiles`` stored tiles and ``exps`` stored
        expansions at what they will bring. A tile that storage can place (it can pay
        its cost) or pay with (it shares a colour or a pattern with a stored hexagon it
        could pay for) is worth nearly a placement; one that cannot is worth the end's
        -1 but for the hope that what is still to come makes it usable, which needs
        both hexagons left to take (``left``) and room in storage to take them. Both
        fall from ``TILE_VALUE`` towards those values as the display runs out. An
        expansion costs nothing at the end: it is worth the same share of a placement
        while it can still be placed (it can be paid for and an area is free)."""
        rules = self.rules
        end = float(rules.storage_tile_points)
        span = TILE_VALUE - end
        use_share = USE_SHARE + (1.0 - USE_SHARE) * left
        room = rules.storage_tiles - self.store_n[p]
        hope_share = HOPE_SHARE * left * min(1.0, room / rules.tiles_per_expansion)
        if tiles <= 0 and not exps:
            return tiles * (end + span * use_share)
        usable, usable_exps = self._usable(p)
        if EMPTY not in self.garden[p]:
            usable = 0
        usable = min(usable, max(tiles, 0))
        usable_exps = min(usable_exps, exps)
        return (
            usable * (end + span * use_share)
            + (tiles - usable) * (end + span * hope_share)
            + TILE_VALUE * (usable_exps * use_share + (exps - usable_exps) * hope_share)
        )

    def _usable(self, p: int) -> tuple[int, int]:
        """How many of ``p`` 's stored hexagons and expansions storage can use as it
        stands: hexagons whose cost it can pay, expansions it can pay for and place,
        and either kind where it can pay for one of those hexagons."""
        st = self.store[p]
        exps = self.store_exps[p]
        values = self.rules.values
        jokers = self.jokers[p]
        types = [t for t in range(NUM_TYPES) if st[t]]
        cm = [0] * 6
        pm = [0] * 6
        for t in types:
            cm[COL[t]] |= 1 << PAT[t]
            pm[PAT[t]] |= 1 << COL[t]
        for e in exps:
            cm[COL[e]] |= 1 << PAT[e]
            pm[PAT[e]] |= 1 << COL[e]
        # Per colour (pattern): the patterns (colours) of its payable hexagons that
        # need other items to pay, as bits; an item that can pay for them is usable.
        pay_c = [0] * 6
        pay_p = [0] * 6
        payable = 0
        for t in types:
            c, q = COL[t], PAT[t]
            need = values[q] - 1 - jokers
            if (
                need <= 0
                or POPCOUNT[cm[c] & ~(1 << q)] >= need
                or POPCOUNT[pm[q] & ~(1 << c)] >= need
            ):
                payable |= 1 << t
                if need > -jokers:  # it costs more than itself
                    pay_c[c] |= 1 << q
                    pay_p[q] |= 1 << c
        n = 0
        for t in types:
            c, q = COL[t], PAT[t]
            if payable >> t & 1 or pay_c[c] & ~(1 << q) or pay_p[q] & ~(1 << c):
                n += st[t]
        m = 0
        if exps:
            free = bool(self._free_areas(p))
            for e in exps:
                c, q = COL[e], PAT[e]
                need = values[q] - 1 - jokers
                helps = bool(pay_c[c] & ~(1 << q) or pay_p[q] & ~(1 << c))
                if helps or (
                    free
                    and (
                        need <= 0
                        or POPCOUNT[cm[c] & ~(1 << q)] >= need
                        or POPCOUNT[pm[q] & ~(1 << c)] >= need
                    )
                ):
                    m += 1
        return n, m

    def _expansion_income(self, e: int) -> float:
        """The wheel points and pavilion income a garden expansion brings once placed,
        for this round and those to come: of expansion ``e``, or with ``e`` = -1 on
        average over those a purchase may bring (its groups are left to the search)."""
        row = self.rules.income[self.round]
        if e >= 0:
            return row[e]
        total = 0.0
        n = 0
        if self.reserve:
            for u in range(NUM_TYPES):
                if self.hidden[u]:
                    total += row[u]
                    n += 1
        for u in self.returned:
            total += row[u]
            n += 1
        return total / n if n else 0.0

    def _groups_value(self, p: int, pair_credit: float) -> float:
        """The final evaluation of ``p`` 's garden as it stands (groups and bonus), plus
        ``pair_credit`` times the value of each group one hexagon short of scoring.

        Read off the group labels kept by ``_put``: a colour group's pattern bits are
        its members (a group never holds two identical hexagons), and so are a pattern
        group's colour bits, so no search of the garden is needed.
        """
        rules = self.rules
        values = rules.values
        by_mask = rules.mask_values
        bonus = rules.six_bonus
        need = rules.min_group
        g = self.garden[p]
        clab, cmask = self.col_lab[p], self.col_mask[p]
        plab, pmask = self.pat_lab[p], self.pat_mask[p]
        total = 0.0
        for x in range(NUM_CELLS):
            t = g[x]
            if t < 0:
                continue
            for size, value in (
                (POPCOUNT[cmask[x]] if clab[x] == x else 0, by_mask[cmask[x]]),
                (POPCOUNT[pmask[x]] if plab[x] == x else 0, POPCOUNT[pmask[x]] * values[PAT[t]]),
            ):
                if size >= need:
                    total += value + (bonus if size == 6 else 0)
                elif size and size == need - 1:
                    total += pair_credit * value
        return total

    # -- picture targets -----------------------------------------------------------

    def _action_targets(self, action: int) -> tuple[str, ...]:
        """The clicks in the picture that choose ``action``.

        - ``colour:blue`` / ``pattern:bird``: the top half (colour code) or the bottom
          half (pattern) of any display hexagon or face-up display expansion of that
          colour or pattern takes all of it;
        - ``st:blue-bird`` then ``g:2.4``: a hexagon in the mover's storage, then the
          garden space it goes to; ``sx:blue-bird`` then ``g:2.4``: a stored garden
          expansion, then the space its printed space goes to (a bought expansion,
          already chosen, is the space alone);
        - ``button:buy`` (buy a face-down expansion), ``button:pass``;
        - ``mode:colour`` / ``mode:pattern``: how to pay;
        - ``st:blue-bird``, ``sx:blue-bird``, ``st:joker``: a storage item paid or
          discarded; ``button:done``: no more discards;
        - ``disp:2``: display expansion 2 (which copy of a hexagon to take); the
          face-up expansions are numbered on after the face-down ones, so a face-up
          expansion chosen as the copy is ``disp:N`` for its place in that order.
        """
        a = action
        rules = self.rules
        if a < A.ACQ_PATTERN:
            return (f"colour:{rules.colours[a - A.ACQ_COLOUR]}",)
        if a < A.PLACE:
            return (f"pattern:{rules.patterns[a - A.ACQ_PATTERN]}",)
        if a < A.EXPAND:
            t, x = divmod(a - A.PLACE, NUM_CELLS)
            return ("st:" + rules.tile_name(t), "g:" + cell_name(x))
        if a < A.BUY:
            e, x = divmod(a - A.EXPAND, NUM_CELLS)
            d = self.decision
            if d is not None and d.kind == "place_bought":
                return ("g:" + cell_name(x),)
            return ("sx:" + rules.tile_name(e), "g:" + cell_name(x))
        if a == A.BUY:
            return ("button:buy",)
        if a == A.PASS:
            return ("button:pass",)
        if a == A.MODE_COLOUR:
            return ("mode:colour",)
        if a == A.MODE_PATTERN:
            return ("mode:pattern",)
        if A.PAY_TILE <= a < A.PAY_EXP:
            return ("st:" + rules.tile_name(a - A.PAY_TILE),)
        if A.PAY_EXP <= a < A.PAY_JOKER:
            return ("sx:" + rules.tile_name(a - A.PAY_EXP),)
        if a in (A.PAY_JOKER, A.DISCARD_JOKER):
            return ("st:joker",)
        if A.DISCARD <= a < A.DISCARD_JOKER:
            return ("st:" + rules.tile_name(a - A.DISCARD),)
        if a == A.DONE:
            return ("button:done",)
        if A.COPY_EXP <= a < A.NUM_ACTIONS:
            e = a - A.COPY_EXP
            if e in self.faceup:
                return (f"disp:{len(self.trays) + self.faceup.index(e) + 1}",)
            return ()
        if A.COPY <= a < A.COPY_EXP:
            return (f"disp:{(a - A.COPY) % A.MAX_TRAYS + 1}",)
        return ()  # chance outcomes (draw, reveal) are nobody's click

    # -- the move log ------------------------------------------------------------------

    def action_words(self, action: int) -> str:
        """``action`` in words for the move log: what was taken from where, where it went,
        what was paid and what scored. Called before the action is applied."""
        return self._words(action) + self._aftermath(action)

    def _hexagon(self, t: int) -> str:
        return self.rules.tile_name(t).replace("-", " ")

    def _words(self, a: int) -> str:
        rules = self.rules
        d = self.decision
        hx = self._hexagon
        if a < A.PLACE:
            by_colour = a < A.ACQ_PATTERN
            key = a - (A.ACQ_COLOUR if by_colour else A.ACQ_PATTERN)
            same = COL if by_colour else PAT
            what = rules.colours[key] if by_colour else rules.patterns[key]
            trays: dict[int, set[int]] = {}
            for i, tray in enumerate(self.trays):
                for t in tray:
                    if same[t] == key:
                        trays.setdefault(t, set()).add(i)
            up = [e for e in self.faceup if same[e] == key]
            single = sorted(t for t, at in trays.items() if len(at) == 1 and t not in up)
            several = sorted(t for t, at in trays.items() if len(at) > 1 or t in up)
            parts = [f"the {hx(t)}" for t in single]
            parts += [f"a {hx(t)}" for t in several]
            parts += [f"the face-up expansion {hx(e)}" for e in up if e not in trays]
            words = f"takes {what} from the display: {_joined(parts)} into storage"
            if several:
                words += f" (which {_joined([hx(t) for t in several])} copy is chosen next)"
            return words
        if a < A.EXPAND:
            t, x = divmod(a - A.PLACE, NUM_CELLS)
            return f"plants the {hx(t)} from storage on space {cell_name(x)}" + self._cost(t)
        if a < A.BUY:
            e, x = divmod(a - A.EXPAND, NUM_CELLS)
            where = f"in area {x // CELLS_PER_AREA}, its printed {hx(e)} on {cell_name(x)}"
            if d is not None and d.kind == "place_bought":
                return f"lays the bought garden expansion ({rules.ornament[e]}) {where}"
            return f"lays the stored garden expansion ({rules.ornament[e]}) {where}" + self._cost(e)
        if a == A.BUY:
            return f"buys a face-down garden expansion for {rules.face_down_cost} points"
        if a == A.PASS:
            if self.first_passer < 0:
                return (
                    "passes first, taking the first-player marker "
                    f"(-{rules.first_pass_penalty} point{_s(rules.first_pass_penalty)})"
                )
            return "passes for the rest of the round"
        if a in (A.MODE_COLOUR, A.MODE_PATTERN):
            assert d is not None
            t, need, _ = d.info
            other = "other" if need > 1 else "another"
            if a == A.MODE_COLOUR:
                mode, key, rest = "colour", rules.colours[COL[t]], f"{other} pattern{_s(need)}"
            else:
                mode, key, rest = "pattern", rules.patterns[PAT[t]], f"{other} colour{_s(need)}"
            return (
                f"pays for the {hx(t)} by {mode}: {need} more {key} {_tiles(need)} of {rest} "
                "(jokers are wild)"
            )
        if A.PAY_TILE <= a <= A.PAY_JOKER:
            if a == A.PAY_JOKER:
                item = "a joker"
            elif a < A.PAY_EXP:
                item = f"the {hx(a - A.PAY_TILE)} from storage"
            else:
                item = f"the stored garden expansion {hx(a - A.PAY_EXP)}"
            words = f"pays with {item}"
            if d is not None and d.kind == "pay" and d.info[2] == 1:
                words += f", completing the payment for the {hx(d.info[1])}"
            return words
        if A.DISCARD <= a <= A.DISCARD_JOKER:
            item = "a joker" if a == A.DISCARD_JOKER else f"the {hx(a - A.DISCARD)}"
            cost = rules.discard_cost
            return f"discards {item} from storage (-{cost} point{_s(cost)})"
        if a == A.DONE:
            return "keeps the rest of their storage and is done"
        if A.DRAW <= a < A.REVEAL:
            return (
                f"a {hx(a - A.DRAW)} hexagon is drawn from the bag onto display expansion "
                f"{len(self.trays)}"
            )
        if A.REVEAL <= a < A.COPY:
            e = a - A.REVEAL
            if d is not None and d.info >= 0:
                return (
                    f"the face-down expansion player {d.info + 1} bought turns out to be "
                    f"{hx(e)} ({rules.ornament[e]})"
                )
            return f"a garden expansion turns face up in the display: {hx(e)} ({rules.ornament[e]})"
        if a >= A.COPY_EXP:
            e = a - A.COPY_EXP
            return (
                f"takes the face-up expansion {hx(e)} ({rules.ornament[e]}) into storage "
                f"as its {hx(e)}"
            )
        t, i = divmod(a - A.COPY, A.MAX_TRAYS)
        words = f"takes the {hx(t)} from display expansion {i + 1} into storage"
        if i < len(self.trays) and len(self.trays[i]) == 1:
            words += " (that expansion is now empty and will turn face up)"
        return words

    def _cost(self, t: int) -> str:
        need = self.rules.values[PAT[t]] - 1
        if need <= 0:
            return " (it costs nothing more)"
        return f" (it costs {need + 1}: {need} more {_tiles(need)} to pay)"

    def _aftermath(self, a: int) -> str:
        """What follows from the action at once: a joker earned, a round's scoring."""
        d = self.decision
        if d is None or d.player < 0 or A.DRAW <= a < A.COPY:
            return ""
        after = self.clone()
        assert isinstance(after, AzulQueensGardenState)
        after.apply_action(a)
        out = ""
        p = d.player
        gained = after.jokers[p] - self.jokers[p] + (a == A.PAY_JOKER)
        if gained > 0 and a != A.DISCARD_JOKER:
            out += ", earning a joker for a completed ring"
        if after.round != self.round:
            gains = [
                f"player {q + 1} {_signed(after.score(q) - self.score(q))}"
                for q in range(self.game.players)
            ]
            if after.round >= self.rules.rounds:
                out += f"; round {self.round + 1} and the game end: " + ", ".join(gains)
            else:
                out += f"; round {self.round + 1} ends and scores: " + ", ".join(gains)
        return out

    # -- observation ---------------------------------------------------------------

    def _observation(self, player: int | None) -> dict[str, Any]:
        rules = self.rules
        tn = rules.tile_name
        d = self.decision
        pending: dict[str, Any] | None = None
        if d is not None:
            pending = {"kind": d.kind, "player": d.player}
            if d.kind in ("mode", "pay"):
                t = d.info[0] if d.kind == "mode" else d.info[1]
                x = d.info[2] if d.kind == "mode" else d.info[5]
                rem = d.info[1] if d.kind == "mode" else d.info[2]
                pending.update({"paying_for": tn(t), "at": cell_name(x), "still_to_pay": rem})
            elif d.kind == "place_bought":
                pending["expansion"] = tn(d.info)
            elif d.kind == "copy":
                pending["hexagon"] = tn(d.info[0])
                pending["on_expansions"] = [
                    i + 1 for i, tray in enumerate(self.trays) if d.info[0] in tray
                ]
                if d.info[0] in self.faceup:
                    pending["faceup"] = tn(d.info[0])
                pending["then"] = [tn(u) for u in d.info[1:]]
        players = []
        for p in range(self.game.players):
            g = self.garden[p]
            players.append(
                {
                    "score": self.score(p),
                    "passed": self.passed[p],
                    "garden": {
                        cell_name(x): (
                            tn(g[x]) if g[x] >= 0 else "empty" if g[x] == EMPTY else "ornament"
                        )
                        for x in range(NUM_CELLS)
                        if g[x] != ABSENT
                    },
                    "areas": {
                        str(a): (
                            "fountain"
                            if a == 0
                            else {
                                "printed": tn(self.area_exp[p][a]),
                                "printed_at": cell_name(self.area_cell[p][a]),
                                "ornament": rules.ornament[self.area_exp[p][a]],
                            }
                        )
                        for a in range(AREAS)
                        if a == 0 or self.area_exp[p][a] >= 0
                    },
                    "storage": {tn(t): c for t, c in enumerate(self.store[p]) if c},
                    "jokers": self.jokers[p],
                    "storage_expansions": [
                        {"printed": tn(e), "ornament": rules.ornament[e]}
                        for e in self.store_exps[p]
                    ],
                }
            )
        return {
            "game": "azul_queens_garden",
            "round": min(self.round, rules.rounds - 1) + 1,
            "rounds": rules.rounds,
            "over": self.is_terminal(),
            "to_move": self.current_player(),
            "viewer": player,
            "first_player": self.first_player,
            "wheel": [rules.entry_name(e) for e in rules.wheel[min(self.round, rules.rounds - 1)]],
            "wheel_points": [
                rules.colour_points
                if e.is_colour
                else rules.pattern_points[min(self.round, rules.rounds - 1)]
                for e in rules.wheel[min(self.round, rules.rounds - 1)]
            ],
            "storage_capacity": {
                "tiles": rules.storage_tiles,
                "expansions": rules.storage_expansions,
            },
            "pattern_values": dict(zip(rules.patterns, rules.values, strict=True)),
            "costs": {
                "face_down_expansion": rules.face_down_cost,
                "first_pass_penalty": rules.first_pass_penalty,
                "discard_per_tile": rules.discard_cost,
            },
            "display": [[tn(t) for t in tray] for tray in self.trays],
            "display_faceup": [
                {"printed": tn(e), "ornament": rules.ornament[e]} for e in self.faceup
            ],
            "bag": self.bag_n,
            "tower": self.tower_n,
            "round_stacks": self.stack_left[:],
            "supply_face_down": self.reserve + len(self.returned),
            "joker_supply": self.joker_supply,
            "pending": pending,
            "scores": self._scores(),
            "players": players,
        }

    # -- invariants ----------------------------------------------------------------

    def _check_invariants(self) -> None:
        rules = self.rules
        n = self.game.players
        placed = 0
        on_garden = 0
        per_type = [0] * NUM_TYPES  # hexagons on gardens and in the display, by type
        for p in range(n):
            assert self.store_n[p] == sum(self.store[p]) + self.jokers[p], "storage count"
            assert self.store_n[p] <= rules.storage_tiles, "storage over 12 tiles"
            assert len(self.store_exps[p]) <= rules.storage_expansions, "storage over 2 expansions"
            assert min(self.store[p]) >= 0, f"a negative count in player {p}'s storage"
            assert self.jokers[p] >= 0, f"player {p} holds {self.jokers[p]} jokers"
            g = self.garden[p]
            areas = [a for a in range(1, AREAS) if self.area_exp[p][a] >= 0]
            on_garden += len(areas)
            hexes = [x for x in range(NUM_CELLS) if g[x] >= 0]
            placed += len(hexes) - len(areas)
            assert sum(self.colour_count[p]) == len(hexes), f"player {p}'s colour counts"
            printed_cells = {self.area_cell[p][a] for a in areas}
            for x in hexes:
                if x not in printed_cells:
                    per_type[g[x]] += 1
            for lab, mask, same, other in (
                (self.col_lab[p], self.col_mask[p], COL, PAT),
                (self.pat_lab[p], self.pat_mask[p], PAT, COL),
            ):
                members: dict[int, list[int]] = {}
                for x in hexes:
                    members.setdefault(lab[x], []).append(x)
                    for nb in NB[x]:
                        if g[nb] >= 0 and same[g[nb]] == same[g[x]]:
                            assert lab[nb] == lab[x], "touching hexagons in different groups"
                for label, xs in members.items():
                    keys = [other[g[x]] for x in xs]
                    assert len(set(keys)) == len(keys), "a group holds two identical hexagons"
                    assert mask[label] == sum(1 << k for k in keys), "group mask"
            # Where hexagons fit is kept and updated cell by cell as the garden grows
            # (Placement._refit): it must be what the garden says.
            kept = self.fits[p][0]
            if kept is not None:
                hoods = ((x, fitting(self._neighbourhood(p, x))) for x in range(NUM_CELLS))
                fresh = tuple((x, ty) for x, ty in hoods if g[x] == EMPTY and ty)
                assert kept == fresh, f"player {p}'s kept fitting cells are not the garden's"
            kept = self.fits[p][1]
            if kept is not None:
                free = [a for a in range(1, AREAS) if self.area_exp[p][a] < 0]
                spots = (x for a in free for x in RING[a])
                hoods = ((x, fitting(self._neighbourhood(p, x))) for x in spots)
                fresh = tuple((x, ty) for x, ty in hoods if ty)
                assert kept == fresh, f"player {p}'s kept expansion spots are not the garden's"
        in_display = sum(len(tray) for tray in self.trays)
        stored = sum(sum(st) for st in self.store)
        assert self.bag_n == sum(self.bag) and self.tower_n == sum(self.tower), "bag/tower size"
        assert min(self.bag) >= 0 and min(self.tower) >= 0, "a negative count in bag or tower"
        # Each of the 36 hexagon types keeps its copies: bag, tower, display, storage,
        # gardens (printed spaces of expansions are not hexagons).
        for tray in self.trays:
            for t in tray:
                per_type[t] += 1
        for t in range(NUM_TYPES):
            held = per_type[t] + self.bag[t] + self.tower[t] + sum(st[t] for st in self.store)
            assert held == rules.copies, f"{held} hexagons of type {t}; the game has {rules.copies}"
        total = rules.copies * NUM_TYPES
        assert self.bag_n + self.tower_n + in_display + stored + placed == total, "hexagons"
        assert self.joker_supply >= 0, "a negative joker supply"
        assert self.joker_supply + sum(self.jokers) == rules.jokers_total, "jokers"
        hidden_n = sum(self.hidden)
        d = self.decision
        in_hand = 1 if d is not None and d.kind == "place_bought" else 0
        seen = len(self.returned) + len(self.faceup) + sum(len(e) for e in self.store_exps)
        assert hidden_n + seen + on_garden + in_hand == NUM_TYPES, "expansions"
        face_down = len(self.trays) + sum(1 for dd in self.pending if dd.kind == "reveal")
        assert hidden_n >= sum(self.stack_left) + self.reserve
        assert hidden_n <= sum(self.stack_left) + self.reserve + face_down
        assert min(self.stack_left) >= 0 and self.reserve >= 0, "a negative expansion stack"
        for tray in self.trays:
            assert len(tray) <= rules.tiles_per_expansion, "a display expansion overfull"
        # The stack's top is the newest face-down display expansion (ruling 7).
        assert not self.top or self.trays, "a stack top marked with no display expansion"
        # Rounds and passing.
        assert 0 <= self.round <= rules.rounds, f"round {self.round}"
        ended = self.round == rules.rounds
        assert ended == (d is None), "the game ends exactly after the last round"
        assert 0 <= self.first_player < n, f"first player {self.first_player}"
        if not ended:
            assert (self.first_passer >= 0) == any(self.passed), "first passer and passes"
        if self.first_passer >= 0:
            assert self.passed[self.first_passer], "the first passer has not passed"
        self._check_scores(ended)

    def _check_scores(self, ended: bool) -> None:
        """Points only through the scoring rules: every change goes through _award, and
        each category is what its rule can give."""
        rules = self.rules
        n = self.game.players
        penalty = rules.first_pass_penalty
        rounds_scored = min(self.round, rules.rounds)
        first_passes = 0
        for p in range(n):
            row = self.pts[p]
            assert sum(row) == self.awarded[p], (
                f"player {p}'s score is {sum(row)} but the scoring rules gave {self.awarded[p]}"
            )
            assert row[START] == rules.start_score, f"player {p}'s start score is {row[START]}"
            for cat, cost in ((PURCHASES, rules.face_down_cost), (DISCARDS, rules.discard_cost)):
                ok = row[cat] <= 0 and (row[cat] % cost == 0 if cost else row[cat] == 0)
                assert ok, f"player {p}'s {CATEGORIES[cat]} are {row[cat]}"
            if penalty:
                k, rest = divmod(-row[FIRST_PASS], penalty)
                assert k >= 0 and not rest, f"player {p}'s first_pass is {row[FIRST_PASS]}"
                first_passes += k
            assert row[WHEEL] >= 0 and row[PAVILIONS] >= 0, f"player {p}'s round scores"
            if rounds_scored == 0:
                assert row[WHEEL] == row[PAVILIONS] == 0, "round scores before a round ended"
            final = [row[JOKERS], row[STORAGE], row[EVAL], row[BONUS]]
            if not ended:
                assert final == [0, 0, 0, 0], f"player {p} has final scores before the end"
                continue
            end = end_of_game(
                self.jokers[p],
                self.store_n[p] - self.jokers[p],
                rules.joker_points,
                rules.storage_tile_points,
            )
            ev = evaluation(
                self.garden[p],
                rules.values,
                rules.min_group,
                rules.six_bonus,
            )
            want = [end["jokers"], end["storage"], ev["evaluation"], ev["group_bonus"]]
            assert final == want, f"player {p}'s final scores {final}, the garden gives {want}"
        if penalty:
            # One first passer per round played (the current one once somebody passed).
            want_passes = rounds_scored + (1 if not ended and self.first_passer >= 0 else 0)
            assert first_passes == want_passes, (
                f"{first_passes} first-pass penalties after {rounds_scored} rounds"
            )

    # -- messages ------------------------------------------------------------------

    def _explain_illegal(self, a: int) -> str | None:
        d = self.decision
        if d is None or d.player == CHANCE:
            return None
        rules = self.rules
        p = d.player
        asks = {
            "turn": "take, place, expand, buy or pass",
            "mode": "choose how to pay (pay by colour / pay by pattern)",
            "pay": "pay one more tile (pay ...)",
            "discard": "discard a storage tile or say done",
            "place_bought": "place the expansion just bought (expansion ... at ...)",
            "copy": "choose the copy to take (take ... from expansion ...)",
        }
        wrong_kind = {
            "turn": a < A.MODE_COLOUR,
            "mode": a in (A.MODE_COLOUR, A.MODE_PATTERN),
            "pay": A.PAY_TILE <= a <= A.PAY_JOKER,
            "discard": A.DISCARD <= a <= A.DONE,
            "place_bought": A.EXPAND <= a < A.BUY,
            "copy": A.COPY <= a < A.NUM_ACTIONS,
        }
        if not wrong_kind.get(d.kind, True):
            return f"player {p + 1} must now {asks.get(d.kind, d.kind)}"
        if d.kind == "mode":
            t, need, _ = d.info
            by_colour = a == A.MODE_COLOUR
            what, other = ("colour", "patterns") if by_colour else ("pattern", "colours")
            keys = self._keys_available(p, t, by_colour)
            jokers = self.jokers[p]
            if not by_colour and not keys and jokers >= need:
                return "jokers alone pay this cost: that payment is made with pay by colour"
            short = need - jokers - keys
            return (
                f"storage is {short} {_tiles(short)} short: the cost needs {need} more, "
                f"and storage holds {keys} {_tiles(keys)} of that {what} with different "
                f"{other} and {jokers} joker{'' if jokers == 1 else 's'}"
            )
        if d.kind == "pay":
            if a == A.PAY_JOKER and not self.jokers[p]:
                return "there is no joker in storage"
            if a == A.PAY_JOKER and not d.info[0] and d.info[4] < 0:
                return "paying by pattern starts with a tile: jokers alone pay by colour"
            return (
                "a payment is one colour with different patterns or one pattern with different "
                "colours, paid in the listed order (hexagons, expansions, jokers), and must "
                "leave the rest of the cost payable"
            )
        if d.kind == "discard":
            if self.score(p) < rules.discard_cost:
                return "each discard costs a point and there is none left to pay"
            if a == A.DONE:
                return None
            if a == A.DISCARD_JOKER:
                return "there is no joker in storage"
            u = a - A.DISCARD
            if not self.store[p][u]:
                return f"there is no {rules.tile_name(u)} in storage"
            last = d.info
            before = "a joker" if last == A.DISCARD_JOKER else rules.tile_name(last - A.DISCARD)
            return (
                f"discards go in the listed order (hexagons in list order, then jokers): "
                f"{rules.tile_name(u)} comes before {before}, already discarded"
            )
        if d.kind == "copy":
            if a >= A.COPY_EXP:
                t, i = a - A.COPY_EXP, -1
            else:
                t, i = divmod(a - A.COPY, A.MAX_TRAYS)
            if t != d.info[0]:
                return f"the copy to choose now is of {rules.tile_name(d.info[0])}"
            if i < 0 and t not in self.faceup:
                return f"no face-up expansion prints {rules.tile_name(t)}"
            if i >= 0 and not (i < len(self.trays) and t in self.trays[i]):
                return f"display expansion {i + 1} holds no {rules.tile_name(t)}"
            return "storage would have no room for the rest of the take"
        if d.kind == "place_bought":
            e, x = divmod(a - A.EXPAND, NUM_CELLS)
            if e != d.info:
                return f"the expansion just bought is {rules.tile_name(d.info)}"
            return self._spot_problem(p, e, x) or "that spot is not allowed"
        if a < A.PLACE:
            nt, ne, nf = self._display_counts(a)
            if not nt and not ne:
                return "the display holds nothing of that colour or pattern"
            free = rules.storage_tiles - self.store_n[p]
            if nt - nf > free:
                return f"that would take {nt - nf} hexagons but storage has room for {free}"
            if ne - nf > rules.storage_expansions - len(self.store_exps[p]):
                return "storage has no room for that many garden expansions"
            return (
                f"that would take {nt + ne - nf} items (a hexagon and the face-up expansion "
                "printing it count once) and storage has no room for them all"
            )
        if a < A.EXPAND:
            t, x = divmod(a - A.PLACE, NUM_CELLS)
            if not self.store[p][t]:
                return f"there is no {rules.tile_name(t)} in storage"
            if self.garden[p][x] != EMPTY:
                return f"{cell_name(x)} is not an empty space of the garden"
            if not self.can_pay(p, t):
                return f"storage cannot pay the cost of {rules.values[PAT[t]]} for it"
            return self._placement_problem(p, t, x) or "that placement is not allowed"
        if a < A.BUY:
            e, x = divmod(a - A.EXPAND, NUM_CELLS)
            if e not in self.store_exps[p]:
                return f"there is no expansion {rules.tile_name(e)} in storage"
            problem = self._spot_problem(p, e, x)
            if problem:
                return problem
            return (
                f"storage cannot pay the cost of {rules.values[PAT[e]]} for it "
                "(the expansion itself counts as one)"
            )
        if a == A.BUY:
            if self.score(p) < rules.face_down_cost:
                return f"buying costs {rules.face_down_cost} points"
            if not self._free_areas(p):
                return "the garden has no free expansion area"
            return "the supply has no face-down expansion left"
        return None
