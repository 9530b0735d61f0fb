"""Farland's state: one handler per kind of decision.

Decision kinds (``info`` in brackets):

- chance: ``track`` [round space], ``deal`` [market slot], ``flip``;
- ``start`` pick a starting improvement; ``take`` a land card or the building;
  ``pay`` for an upper-market card; ``gain`` [pieces left] from the supply;
  ``place`` [piece] choose the top-left square; ``rotate`` [(piece, square)];
  ``token`` [(resource masks of covered squares, ...)] take one token or none;
  ``token_at`` [resource] where it goes; ``upgrade`` choose a technology;
  ``install`` choose a piece to install (or lift, or done); ``install_at`` [kind].

Automatic steps (``player == AUTOMATIC``, run by the core's ``_run_<kind>`` handlers
between decisions, each reading the round from ``d.info``): ``round_start``,
``round_end``, ``score``, ``housekeeping``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from operator import itemgetter
from typing import Any, cast

from meeple.boardgames.farland.actions import ROTATIONS, Layout, N, sq, xy
from meeple.boardgames.farland.components import IMPROVEMENT_TYPES, K_LAND
from meeple.boardgames.farland.farm import (
    FENCE,
    NIMBUS,
    PIPE,
    TROUGH,
    Check,
    Farm,
    FarmCell,
    Shape,
    allowed,
    cell_fence_edges,
    corner_edges,
    farm_edges,
    inner_corner,
    nimbus_checks,
    nimbus_corners,
    reach_table,
    refusal,
    side_edges,
)
from meeple.boardgames.farland.planner import CROSS, PIECE_VALUE, plan_install, planned_outlook
from meeple.boardgames.farland.rules import (
    EFFICIENT_CONSTRUCTION_GAINS,
    POND,
    TILE,
    Rules,
)
from meeple.boardgames.farland.scoring import CATEGORIES, Techs, printed_fences, score_farm
from meeple.boardgames.farland.words import (
    card_squares,
    card_words,
    content_name,
    fence_sides,
    piece_name,
    tech_name,
)
from meeple.core import AUTOMATIC, CHANCE, Decision, Game, State, multiset_outcomes

# Each decision kind's info (the module's docstring lists the kinds).
TrackInfo = int  # the round space the improvement drawn is put on
DealInfo = int  # the market slot dealt: upper slots first, then lower slots
RoundStartInfo = int  # the round starting
RoundEndInfo = int  # the round ending
HousekeepingInfo = int  # the round just played
ScoreInfo = int  # the round whose scoring phase it is
PayInfo = int  # improvements the card gains once paid for (0: none)
GainInfo = int  # pieces left to gain from the supply
PlaceInfo = int  # the piece: a land card, TILE + building type, or POND
RotateInfo = tuple[int, int]  # the piece, and the square of its top-left corner
TokenInfo = tuple[int, ...]  # resource masks of the covered squares, one per token to take
TokenAtInfo = int  # the resource of the token taken
InstallAtInfo = int  # the kind installed (FENCE, PIPE, NIMBUS), or -1 - kind lifted

GAIN_LOOK = 3  # a gained improvement is judged with up to this many of its kind

EDGE_KINDS = (FENCE, PIPE, -1 - FENCE, -1 - PIPE)  # install_at kinds that choose an edge
SAME_TURN = "that rotation looks the same as a smaller one; use that"
TOKEN_RULE = "a token goes on a free square with the same icon or no icon"
NOT_ON_FARM = TOKEN_RULE + ": that square is not on your farm"
NOT_LAND = TOKEN_RULE + ": that square is not a land square"
OTHER_ICON = TOKEN_RULE + ": that square shows another icon"
HAS_TOKEN = TOKEN_RULE + ": that square already holds a token"
UPPER_COST = "an upper-market card costs one improvement and your house has none"
EMPTY_UPPER = "that upper market space is empty"
EMPTY_LOWER = "that lower market space is empty"
NO_BUILDING = "there is no building tile left to take"
BUILDING_TAKEN = "the building was already taken this round (the next one is face down)"
MUST_TAKE = "you may pass only when nothing can be taken"
NO_POND = "Irrigation needs a pond tile and none are left"


def _bumped(values: tuple[int, ...], k: int, by: int) -> tuple[int, ...]:
    """``values`` with ``by`` added to its ``k``-th: a tuple field's change."""
    return (*values[:k], values[k] + by, *values[k + 1 :])


def _allowed_ids(first: int, problems: Sequence[str | None]) -> list[int]:
    """The action ids ``first``, ``first + 1`` ... whose entry in ``problems`` is None."""
    out = []
    a = first
    for why in problems:
        if why is None:
            out.append(a)
        a += 1
    return out


def _token_square_problem(
    cells: Mapping[int, FarmCell], tokens: Mapping[int, int], t: int, i: int
) -> str | None:
    """Why a token of resource ``t`` may not go on square ``i`` of the farm of ``cells``
    and ``tokens``, or None."""
    c = cells.get(i)
    if c is None:
        return NOT_ON_FARM
    if c[0] != K_LAND:
        return NOT_LAND
    if c[1] >= 0 and c[1] != t:
        return OTHER_ICON
    if i in tokens:
        return HAS_TOKEN
    return None


@cache
@lru_cache(maxsize=4096)
def _draw_outcomes(first: int, counts: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """Drawing one of a pile holding ``counts[k]`` of each kind ``k``: the outcomes, the
    action id of kind ``k`` being ``first + k``. Kept: a pile's counts recur (the building
    stack goes down the same few ways in every game)."""
    return tuple(multiset_outcomes((first + k, c) for k, c in enumerate(counts)))


@cache
def _deal_row(first: int, cards: int, left: int) -> tuple[tuple[int, float], ...]:
    """Per land card, its deal outcome when ``left`` cards are in the deck: the action id
    (``first`` + the card) and the chance of drawing it."""
    p = 1.0 / left
    return tuple((first + c, p) for c in range(cards))


@cache
def _token_words(resources: tuple[str, ...]) -> tuple[tuple[str, str, str], ...]:
    """Per resource, why its token may not be taken: no covered square showed it, none
    are left, no square of the farm may hold it."""
    return tuple(
        (
            f"the covered square showed no {r} (icon or token)",
            f"no {r} tokens are left in the supply",
            f"your farm has no free square for a {r} token (a land square with a {r} icon "
            "or none, and no token)",
        )
        for r in resources
    )


@cache
def _tech_words(
    techs: tuple[str, ...], trees: tuple[str, ...], tree_of: tuple[int, ...]
) -> tuple[tuple[str, str, str], ...]:
    """Per technology, why it may not be chosen: already held; level 2 without a level 1
    technology of its tree; its level 2 slots full."""
    return tuple(
        (
            f"you already have {name} (one token per technology)",
            f"{name} is level 2: you need a level 1 technology of the {trees[tree_of[k]]} "
            "tree first",
            f"the level 2 slots of {name} are full",
        )
        for k, name in enumerate(techs)
    )


@cache
def _unused_columns(cols: int, columns: int, players: int) -> tuple[str, ...]:
    """Why the market columns after the first ``cols`` of ``columns`` may not be taken from."""
    return tuple(
        f"market column {c + 1} is not used with {players} players (columns 1 to {cols})"
        for c in range(cols, columns)
    )


FIRST_PICK_VALUE = 0.5
"""The deep heuristic's points for holding the first-player marker, per round to start."""


class FarlandState(State):
    rules: Rules  # the game's, shared by all its states

    # What clone copies: the lists that change often. Every other field holds an
    # immutable value, or a tuple that is replaced, never changed in place (the ones a
    # game changes a few times: stack, top_imps, track, track_left, box, slots, points,
    # and the bookkeeping). A farm shares its sets and dicts the same way (Farm.copy).
    copied = ("market", "deck", "supply", "token_supply")
    copied_nested = ("farms",)
    position_types = (Farm,)

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        rules = self.rules
        comp = rules.components
        n = game.players
        self.advanced = rules.advanced
        self.round = 0
        self.first = 0
        cols = rules.columns
        self.market: list[int] = [-1] * (2 * cols)  # upper slots, then lower slots
        self.deck: list[int] = list(range(len(comp.land_cards)))
        nb = len(comp.building_types)
        # face-down building tiles by type
        self.stack: tuple[int, ...] = tuple(comp.building_tiles.count(b) for b in range(nb))
        self.top = -1  # face-up building on the stack, or -1
        self.top_imps: tuple[int, ...] = (0, 0, 0)
        self.building_open = False  # the face-up building may still be taken this round
        self.track: tuple[int, ...] = ()
        self.track_left: tuple[int, ...] = (comp.track_per_type,) * 3
        q = comp.supply[n]
        self.supply: list[int] = [q, q, q]
        self.box: tuple[int, ...] = (comp.improvements_per_type - comp.track_per_type - q,) * 3
        self.token_supply = [comp.tokens_per_type] * len(comp.resources)
        self.ponds = comp.pond_count if self.advanced else 0
        l2 = rules.level2_slots
        self.slots: tuple[int, ...] = tuple(
            -1 if i < rules.n_level1 else l2 for i in range(len(comp.techs))
        )
        upg = comp.upgrade_tokens if self.advanced else 0
        self.farms = [Farm(comp.house, len(comp.animals), upg, rules.reaches) for _ in range(n)]
        self.points: tuple[tuple[int, ...], ...] = ((0,) * len(CATEGORIES),) * n
        # Bookkeeping for the invariants, immutable so clones share it: land cards out
        # of the game (a bit per card), building tiles taken by type, and the points
        # of every scoring phase as _award gave them (running totals, how many phases,
        # the last phase's rows).
        self.cards_gone = 0
        self.buildings_taken: tuple[int, ...] = (0,) * nb
        self.awarded: tuple[int, ...] = (0,) * n
        self.scorings = 0
        self.last_scored: tuple[tuple[int, ...], ...] = ()
        self.phase = "setup"
        # setup, in the order it is taken (the stack is last in, first out)
        self.push("round_start", AUTOMATIC, 1)
        for p in reversed(range(n)):
            for _ in range(comp.starting_per_player):
                self.push("start", p)
        self.push("flip", CHANCE)
        for slot in reversed(range(2 * cols)):
            self.push("deal", CHANCE, slot)
        for space in reversed(range(comp.rounds)):
            self.push("track", CHANCE, space)

    # -- engine plumbing -----------------------------------------------------------

    @property
    def L(self) -> Layout:
        return self.rules.actions

    def _determinize(self, player: int, rng: random.Random) -> State:
        return self.clone()  # nothing is private: draws are chance nodes

    # -- setup and chance ----------------------------------------------------------

    def _outcomes_track(self, d: Decision[TrackInfo]) -> list[tuple[int, float]]:
        return list(_draw_outcomes(self.L.TRACK, self.track_left))

    def _apply_track(self, d: Decision[TrackInfo], action: int) -> None:
        t = action - self.L.TRACK
        self.track_left = _bumped(self.track_left, t, -1)
        self.track += (t,)

    def _outcomes_deal(self, d: Decision[DealInfo]) -> Sequence[tuple[int, float]]:
        deck = self.deck
        row = _deal_row(self.rules.actions.DRAW, len(self.rules.components.land_cards), len(deck))
        if len(deck) < 2:  # itemgetter of one index gives the item, not a tuple of it
            return [row[c] for c in deck]
        # itemgetter picks the deck's outcomes in one C call (a tuple, which the core keeps
        # as it is), faster than a comprehension over some 40 cards.
        outcomes: Sequence[tuple[int, float]] = itemgetter(*deck)(row)
        return outcomes

    def _apply_deal(self, d: Decision[DealInfo], action: int) -> None:
        c = action - self.L.DRAW
        self.deck.remove(c)
        self.market[d.info] = c

    def _outcomes_flip(self, d: Decision[None]) -> Sequence[tuple[int, float]]:
        return _draw_outcomes(self.L.FLIP, self.stack)  # a kept tuple: the core copies none

    def _apply_flip(self, d: Decision[None], action: int) -> None:
        b = action - self.L.FLIP
        self.stack = _bumped(self.stack, b, -1)
        self.top = b

    # The rules deciding each choice, one predicate per rule: the legal moves are the
    # choices it finds no problem with, and a refusal gives the problem it finds
    # (_explain_illegal). A rule over many squares or edges is a sequence of checks
    # (farm.Check) that gives both at once.

    def _start_problem(self, t: int) -> str | None:
        """Why improvement ``t`` may not be taken as a starting improvement, or None."""
        return None if self.box[t] > 0 else f"no {IMPROVEMENT_TYPES[t]} is left in the box"

    def _legal_start(self, d: Decision[None]) -> list[int]:
        imp = self.rules.actions.IMP
        return [imp + t for t, left in enumerate(self.box) if left > 0]  # _start_problem

    def _apply_start(self, d: Decision[None], action: int) -> None:
        t = action - self.L.IMP
        self.box = _bumped(self.box, t, -1)
        self.farms[d.player].house[t] += 1

    # -- rounds ------------------------------------------------------------------

    def _run_round_start(self, d: Decision[RoundStartInfo]) -> None:
        r = d.info
        self.round = r
        self.phase = "turns"
        imp = self.track[r - 1]
        if self.top >= 0:
            self.top_imps = _bumped(self.top_imps, imp, 1)
        else:
            self.supply[imp] += 1  # no building left to hold it
        self.building_open = self.top >= 0
        n = self.game.players
        self.push("round_end", AUTOMATIC, r)
        for k in reversed(range(n)):
            self.push("take", (self.first + k) % n)

    def _run_round_end(self, d: Decision[RoundEndInfo]) -> None:
        r = d.info
        comp = self.rules.components
        if r in comp.scoring_rounds:
            self.phase = "install"
            n = self.game.players
            self.push("housekeeping", AUTOMATIC, r)
            self.push("score", AUTOMATIC, r)
            for k in reversed(range(n)):
                self.push("install", (self.first + k) % n)
        else:
            self.push("housekeeping", AUTOMATIC, r)  # the core runs it next

    def _run_housekeeping(self, d: Decision[HousekeepingInfo]) -> None:
        r = d.info
        comp = self.rules.components
        if r >= comp.rounds:
            self.phase = "over"
            return
        cols = self.rules.columns
        m = self.market
        for c in range(cols):
            if m[cols + c] >= 0:
                self.cards_gone |= 1 << m[cols + c]
            m[cols + c] = m[c]  # the lower card is discarded, the upper one slides down
            m[c] = -1
        if r == comp.scoring_rounds[0]:
            q = comp.supply[self.game.players]
            box = list(self.box)
            for t in range(3):
                add = min(max(0, q - self.supply[t]), box[t])
                self.supply[t] += add
                box[t] -= add
            self.box = tuple(box)
        self.push("round_start", AUTOMATIC, r + 1)
        if self.top < 0 and sum(self.stack) > 0:
            self.push("flip", CHANCE)
        empty = [s for s in range(2 * cols) if m[s] < 0][: len(self.deck)]
        for s in reversed(empty):
            self.push("deal", CHANCE, s)

    # -- a turn --------------------------------------------------------------------

    def _take_problems(self, p: int) -> list[str | None]:
        """Why player ``p`` may not take each action from TAKE_UPPER to PASS (upper market
        spaces, lower ones, the building two ways, pass), None where they may."""
        cols = self.rules.columns
        market = self.market
        unused = _unused_columns(cols, self.L.columns, self.game.players)
        cost = None if sum(self.farms[p].house) else UPPER_COST
        out: list[str | None] = []
        for c in range(cols):
            out.append(EMPTY_UPPER if market[c] < 0 else cost)
        out += unused
        for c in range(cols, 2 * cols):
            out.append(EMPTY_LOWER if market[c] < 0 else None)
        out += unused
        if self.building_open:
            out += (None, None)
        elif self.top < 0 and not sum(self.stack):
            out += (NO_BUILDING, NO_BUILDING)
        else:
            out += (BUILDING_TAKEN, BUILDING_TAKEN)
        out.append(MUST_TAKE if None in out else None)
        return out

    def _legal_take(self, d: Decision[None]) -> list[int]:
        # _take_problems' rule, without its words: every card on show (an upper one only
        # with an improvement to pay), the building while open, else pass
        L = self.rules.actions
        cols = self.rules.columns
        market = self.market
        out = []
        if sum(self.farms[d.player].house):
            out = [L.TAKE_UPPER + c for c in range(cols) if market[c] >= 0]
        lower = L.TAKE_LOWER - cols
        out += [lower + c for c in range(cols, 2 * cols) if market[c] >= 0]
        if self.building_open:
            out += (L.TAKE_BLD_IMP, L.TAKE_BLD_FP)
        return out or [L.PASS]

    def _apply_take(self, d: Decision[None], action: int) -> None:
        L = self.L
        p = d.player
        farm = self.farms[p]
        if action == L.PASS:
            return
        if action >= L.TAKE_BLD_IMP:
            b = self.top
            self.top = -1
            self.building_open = False
            taken = list(self.buildings_taken)
            taken[b] += 1
            self.buildings_taken = tuple(taken)
            if action == L.TAKE_BLD_IMP:
                for t in range(3):
                    farm.house[t] += self.top_imps[t]
                self.top_imps = (0, 0, 0)
            else:
                n = self.game.players
                self.first = p if self.first != p else (p + 1) % n
            farm.catch_up(self.rules.reach_tables)  # its place decision reads them all
            self.push("place", p, TILE + b)
            if farm.techs & self.rules.tech_bit["efficient_construction"] and sum(self.supply) > 0:
                self.push("gain", p, EFFICIENT_CONSTRUCTION_GAINS)
            return
        cols = self.rules.columns
        upper = action < L.TAKE_LOWER
        slot = action - L.TAKE_UPPER if upper else cols + action - L.TAKE_LOWER
        card = self.market[slot]
        self.market[slot] = -1
        self.cards_gone |= 1 << card
        self.push("place", p, card)
        gains = self.rules.card_gains[card]
        if upper:
            # the payment goes into the supply first, so it may be one of the gains
            self.push("pay", p, gains)
        elif gains and sum(self.supply) > 0:
            self.push("gain", p, gains)

    def _pay_problem(self, p: int, t: int) -> str | None:
        """Why player ``p`` may not pay with improvement ``t``, or None."""
        if self.farms[p].house[t] > 0:
            return None
        return f"your house has no {IMPROVEMENT_TYPES[t]} to pay with"

    def _legal_pay(self, d: Decision[PayInfo]) -> list[int]:
        imp = self.rules.actions.IMP
        return [imp + t for t, n in enumerate(self.farms[d.player].house) if n > 0]  # _pay_problem

    def _apply_pay(self, d: Decision[PayInfo], action: int) -> None:
        t = action - self.L.IMP
        self.farms[d.player].house[t] -= 1
        self.supply[t] += 1
        if d.info:
            self.push("gain", d.player, d.info)

    def _gain_problem(self, t: int) -> str | None:
        """Why improvement ``t`` may not be gained from the supply, or None."""
        return None if self.supply[t] > 0 else f"the supply has no {IMPROVEMENT_TYPES[t]} left"

    def _legal_gain(self, d: Decision[GainInfo]) -> list[int]:
        imp = self.rules.actions.IMP
        return [imp + t for t, n in enumerate(self.supply) if n > 0]  # _gain_problem

    def _apply_gain(self, d: Decision[GainInfo], action: int) -> None:
        t = action - self.L.IMP
        self.supply[t] -= 1
        self.farms[d.player].house[t] += 1
        if d.info > 1 and sum(self.supply) > 0:
            self.push("gain", d.player, d.info - 1)

    # -- placing a piece -----------------------------------------------------------

    def anchors(self, player: int, piece: int) -> dict[int, list[int]]:
        """Legal top-left squares of ``piece`` on ``player`` 's farm, with the
        rotations allowed on each."""
        farm = self.farms[player]
        out: dict[int, list[int]] = {}
        done: dict[tuple[int, int, frozenset[int]], set[int]] = {}
        for r, shape in enumerate(self.rules.shapes[piece]):
            if shape is None:
                continue
            key = (shape[0], shape[1], shape[3])
            ok = done.get(key)
            if ok is None:
                ok = done[key] = farm.anchors(shape)
            for a in ok:
                out.setdefault(a, []).append(r)
        return out

    def _legal_place(self, d: Decision[PlaceInfo]) -> list[int]:
        rules = self.rules
        fitting = self.farms[d.player].fitting  # a footprint's anchors, as action ids
        tables = rules.reach_tables
        cuts = rules.reach_cuts
        slots = rules.reach_slots[d.info]
        if len(slots) == 1:
            k = slots[0]
            return list(fitting(k, tables[k], cuts[k]))
        return list(frozenset().union(*[fitting(k, tables[k], cuts[k]) for k in slots]))

    def _apply_place(self, d: Decision[PlaceInfo], action: int) -> None:
        self.push("rotate", d.player, (d.info, action - self.L.AT))

    def _rotation_problems(self, player: int, piece: int, anchor: int) -> list[str | None]:
        """Why each of the four rotations of ``piece`` may not lie with its top-left corner
        on ``anchor`` of ``player`` 's farm (None: it may). The placement rule is
        Farm.fit_checks; the place decision applies it to every square at once."""
        farm = self.farms[player]
        out: list[str | None] = []
        firsts = self.rules.first_fits[piece]  # the rule looks at the footprint alone
        for r, shape in enumerate(self.rules.shapes[piece]):
            f = firsts[r]
            if shape is None:
                out.append(SAME_TURN)
            elif f < r:
                out.append(out[f])
            else:
                out.append(farm.fit_problem(anchor, shape))
        return out

    def _place_problem(self, player: int, piece: int, anchor: int) -> str | None:
        """Why ``piece`` may not have its top-left corner on ``anchor`` in any rotation."""
        shapes = self.rules.shapes[piece]
        whys = self._rotation_problems(player, piece, anchor)
        reasons = [why for why, shape in zip(whys, shapes, strict=True) if shape is not None]
        if None in reasons:
            return None
        return " / ".join(dict.fromkeys(why for why in reasons if why is not None))

    def _rotations_at(self, player: int, piece: int, anchor: int) -> list[int]:
        return _allowed_ids(0, self._rotation_problems(player, piece, anchor))

    def _legal_rotate(self, d: Decision[RotateInfo]) -> list[int]:
        # _rotation_problems' rule, without its words: each footprint judged once
        piece, anchor = d.info
        rules = self.rules
        fit_problem = self.farms[d.player].fit_problem
        shapes = rules.shapes[piece]
        rot = rules.actions.ROT
        fits: list[bool] = []
        out = []
        for r, f in enumerate(rules.first_fits[piece]):
            if f < 0:
                fits.append(False)  # a repeat of a smaller rotation
                continue
            shape = shapes[r]
            ok = fits[f] if f < r else shape is not None and fit_problem(anchor, shape) is None
            fits.append(ok)
            if ok:
                out.append(rot + r)
        return out

    def _apply_rotate(self, d: Decision[RotateInfo], action: int) -> None:
        piece, anchor = d.info
        shape = self.rules.shapes[piece][action - self.L.ROT]
        assert shape is not None
        self.place(d.player, piece, anchor, shape)

    def place(self, p: int, piece: int, anchor: int, shape: Shape) -> None:
        """Put a piece on the farm: covered squares lose their improvements (back
        to the house) and tokens (back to the supply) and may give a token."""
        farm = self.farms[p]
        cells = farm.cells
        # the farm's dicts are shared with clones: the changed ones are new (see Farm)
        laid: dict[int, FarmCell] = {}
        kept: dict[int, int] | None = None  # the tokens left, once one is covered
        rules = self.rules
        conversion = farm.techs & rules.tech_bit["resource_conversion"]
        everything = (1 << len(rules.components.resources)) - 1
        tokens = farm.tokens
        installed = farm.fences or farm.pipes or farm.nimbus  # pieces a cover may return
        masks = []
        for off, cell in shape[2]:
            i = anchor + off
            old = cells.get(i)
            if old is not None:
                mask = 1 << old[1] if old[1] >= 0 else 0
                t = tokens.get(i)
                if t is not None:
                    if kept is None:
                        kept = dict(tokens)
                    del kept[i]
                    mask |= 1 << t
                    self.token_supply[t] += 1
                if mask:
                    masks.append(everything if conversion else mask)
                if installed:
                    self._return_improvements(farm, i)
            laid[i] = cell
            if cell[3] and farm.fences:
                # a printed fence takes the place of a wooden one on the same edge
                for e in cell_fence_edges(i, cell[3]):
                    if e in farm.fences:
                        farm.fences = farm.fences - {e}
                        farm.house[FENCE] += 1
        if kept is not None:
            farm.tokens = kept
        farm.lay(laid, rules.reach_tables)
        # every piece that adds a building (a tile, or a land card showing one)
        # earns an upgrade token, while the player's 12 tokens last
        if self.advanced and farm.upgrades > 0 and piece in rules.building_pieces:
            self.push("upgrade", p)
        if masks:
            self.push("token", p, tuple(masks))

    def _return_improvements(self, farm: Farm, i: int) -> None:
        for e in side_edges(i):
            if e in farm.fences:
                farm.fences = farm.fences - {e}
                farm.house[FENCE] += 1
            if e in farm.pipes:
                farm.pipes = farm.pipes - {e}
                farm.house[PIPE] += 1
        for v in (i, i + 1, i + N, i + N + 1):
            if v in farm.nimbus:
                farm.nimbus = farm.nimbus - {v}
                farm.house[PIPE] += 2

    @staticmethod
    def _token_square_problem(farm: Farm, t: int, i: int) -> str | None:
        """Why a token of resource ``t`` may not go on square ``i`` of ``farm``, or None."""
        return _token_square_problem(farm.cells, farm.tokens, t, i)

    def _token_spaces(self, farm: Farm, t: int) -> list[int]:
        """The squares of ``farm`` where a token of resource ``t`` may go: those
        _token_square_problem finds no problem with (a free land square, with ``t`` 's icon
        or none), read off the cells in one pass."""
        tokens = farm.tokens
        return [
            i
            for i, c in farm.cells.items()
            if c[0] == K_LAND and (c[1] < 0 or c[1] == t) and i not in tokens
        ]

    def _token_problems(self, p: int, mask: int) -> list[str | None]:
        """Why player ``p`` may not take each action from TOKEN to NO_TOKEN (a token of each
        resource, then none) for a covered square that showed the resources of ``mask``,
        None where they may."""
        words = _token_words(self.rules.components.resources)
        supply = self.token_supply
        icons: set[int] | None = None  # the icons of the free land squares (-1: none)
        out: list[str | None] = []
        for t in range(len(supply)):
            if not mask >> t & 1:
                out.append(words[t][0])
            elif supply[t] <= 0:
                out.append(words[t][1])
            else:
                if icons is None:
                    farm = self.farms[p]
                    tokens = farm.tokens
                    icons = {
                        c[1] if c[1] >= 0 else -1
                        for i, c in farm.cells.items()
                        if c[0] == K_LAND and i not in tokens
                    }
                out.append(None if t in icons or -1 in icons else words[t][2])
        out.append(None)  # no token
        return out

    def _token_problem(self, p: int, mask: int, action: int) -> str | None:
        """Why player ``p`` may not take ``action`` (a token, or none) for a covered square
        that showed the resources of ``mask``, or None."""
        return self._token_problems(p, mask)[action - self.L.TOKEN]

    def _legal_token(self, d: Decision[TokenInfo]) -> list[int]:
        return _allowed_ids(self.L.TOKEN, self._token_problems(d.player, d.info[0]))

    def _apply_token(self, d: Decision[TokenInfo], action: int) -> None:
        rest = d.info[1:]
        if rest:
            self.push("token", d.player, rest)
        if action != self.L.NO_TOKEN:
            self.push("token_at", d.player, action - self.L.TOKEN)

    def _legal_token_at(self, d: Decision[TokenAtInfo]) -> list[int]:
        at = self.L.AT
        return [at + i for i in self._token_spaces(self.farms[d.player], d.info)]

    def _apply_token_at(self, d: Decision[TokenAtInfo], action: int) -> None:
        farm = self.farms[d.player]
        farm.tokens = {**farm.tokens, action - self.L.AT: d.info}
        self.token_supply[d.info] -= 1

    # -- technologies (advanced) ---------------------------------------------------

    def _upgrade_problems(self, farm: Farm) -> list[str | None]:
        """Why the upgrade token of ``farm`` may not go on each action from TECH to PLUS10
        (each technology, then +10), None where it may."""
        rules = self.rules
        comp = rules.components
        words = _tech_words(comp.techs, comp.tree_names, comp.tech_tree)
        techs = farm.techs
        n1 = rules.n_level1
        irrigation = rules.tech_index["irrigation"]
        level1 = rules.tree_level1_bits
        slots = self.slots
        out: list[str | None] = []
        for k in range(len(slots)):
            if techs >> k & 1:
                out.append(words[k][0])
            elif k < n1:
                out.append(NO_POND if k == irrigation and self.ponds <= 0 else None)
            elif not techs & level1[k]:
                out.append(words[k][1])
            elif slots[k] <= 0:
                out.append(words[k][2])
            else:
                out.append(None)
        out.append(None)  # +10 takes any number of tokens
        return out

    def _legal_upgrade(self, d: Decision[None]) -> list[int]:
        return _allowed_ids(self.L.TECH, self._upgrade_problems(self.farms[d.player]))

    def _apply_upgrade(self, d: Decision[None], action: int) -> None:
        farm = self.farms[d.player]
        farm.upgrades -= 1
        if action == self.L.PLUS10:
            farm.plus10 += 1
            return
        k = action - self.L.TECH
        farm.techs |= 1 << k
        if self.slots[k] > 0:
            self.slots = _bumped(self.slots, k, -1)
        if k == self.rules.tech_index["irrigation"]:
            self.ponds -= 1
            farm.catch_up(self.rules.reach_tables)  # its place decision reads them all
            self.push("place", d.player, POND)

    # -- scoring phase: installing improvements ------------------------------------

    @staticmethod
    def _all_edges(farm: Farm) -> set[int]:
        return farm_edges(farm.cells)

    def _fence_checks(self, farm: Farm) -> tuple[Check, ...]:
        """Where a fence may go, as a rule (farm.Check): on an edge of the farm with no
        fence, printed or wooden."""
        return (
            (self._all_edges(farm), True, "that edge is not a side of a square of your farm"),
            (printed_fences(farm.cells), False, "a printed fence is already on that edge"),
            (farm.fences, False, "that edge already has a fence"),
        )

    def _pipe_checks(self, farm: Farm) -> tuple[Check, ...]:
        """Where a pipe may go, as a rule: on an edge of the farm with no pipe, and not
        through a Nimbus Generator."""
        arms: set[int] = set()
        for v in farm.nimbus:
            arms.update(corner_edges(v))
        return (
            (self._all_edges(farm), True, "that edge is not a side of a square of your farm"),
            (farm.pipes, False, "that edge already has a pipe"),
            (arms, False, "a pipe there would run into a Nimbus Generator"),
        )

    def _install_at_checks(self, farm: Farm, k: int) -> tuple[Check, ...]:
        """The edges or corners where the install_at decision of kind ``k`` may put (or
        lift) its piece, as a rule."""
        if k == FENCE:
            return self._fence_checks(farm)
        if k == PIPE:
            return self._pipe_checks(farm)
        if k == NIMBUS:
            return nimbus_checks(farm.cells, farm.pipes, farm.nimbus)
        if k == -1 - FENCE:
            return ((farm.fences, True, "there is no wooden fence of yours on that edge"),)
        if k == -1 - PIPE:
            return ((farm.pipes, True, "there is no pipe of yours on that edge"),)
        return ((farm.nimbus, True, "there is no Nimbus Generator of yours on that corner"),)

    def fence_edges(self, farm: Farm) -> list[int]:
        """Edges of the farm where a fence may go."""
        return sorted(allowed(self._fence_checks(farm)))

    def pipe_edges(self, farm: Farm) -> list[int]:
        """Edges of the farm where a pipe may go (not through a Nimbus Generator)."""
        return sorted(allowed(self._pipe_checks(farm)))

    @staticmethod
    def inner_corner(farm: Farm, v: int) -> bool:
        """Are all four arms of a cross at corner ``v`` on edges of the farm?"""
        return inner_corner(farm.cells, v)

    def nimbus_corners(self, farm: Farm) -> list[int]:
        """Grid corners of the farm where a Nimbus Generator may go (farm.nimbus_corners)."""
        return nimbus_corners(farm.cells, farm.pipes, farm.nimbus)

    @staticmethod
    def _fence_room(farm: Farm) -> bool:
        """Does the fence rule (_fence_checks) allow any edge? Looked for edge by edge,
        stopping at the first: a side of a square with no wooden fence that neither
        square beside it prints a fence on."""
        cells = farm.cells
        fences = farm.fences
        for i, c in cells.items():
            m = c[3]
            if not m & 1 and 2 * i not in fences:
                o = cells.get(i - N)
                if o is None or not o[3] & 4:
                    return True
            if not m & 2 and 2 * i + 3 not in fences:
                o = cells.get(i + 1)
                if o is None or not o[3] & 8:
                    return True
            if not m & 4 and 2 * (i + N) not in fences:
                o = cells.get(i + N)
                if o is None or not o[3] & 1:
                    return True
            if not m & 8 and 2 * i + 1 not in fences:
                o = cells.get(i - 1)
                if o is None or not o[3] & 2:
                    return True
        return False

    @staticmethod
    def _pipe_room(farm: Farm) -> bool:
        """Does the pipe rule (_pipe_checks) allow any edge? Looked for edge by edge,
        stopping at the first."""
        pipes = farm.pipes
        arms = {e for v in farm.nimbus for e in corner_edges(v)}
        for i in farm.cells:
            for e in (2 * i, 2 * i + 3, 2 * (i + N), 2 * i + 1):
                if e not in pipes and e not in arms:
                    return True
        return False

    def _install_problems(self, farm: Farm) -> list[str | None]:
        """Why the install decision of ``farm`` 's owner may not take each action from
        INSTALL to DONE (install each kind of piece, lift each kind, done), None where it
        may."""
        rules = self.rules
        tech = rules.tech_bit
        h = farm.house
        troughs = farm.troughs
        out: list[str | None] = []
        if not h[FENCE]:
            out.append("your house has no fence")
        elif not self._fence_room(farm):
            out.append("every edge of your farm already has a fence")
        else:
            out.append(None)
        if not h[PIPE]:
            out.append("your house has no pipe")
        elif not self._pipe_room(farm):
            out.append("every edge of your farm already has a pipe or a Nimbus Generator arm")
        else:
            out.append(None)
        if not farm.techs & tech["nimbus_generator"]:
            out.append("a Nimbus Generator needs the Nimbus Generator technology")
        elif h[PIPE] < 2:
            out.append("a Nimbus Generator takes 2 pipes from your house")
        elif not allowed(nimbus_checks(farm.cells, farm.pipes, farm.nimbus)):
            out.append("no corner of your farm has all four arms on farm edges and free of pipes")
        else:
            out.append(None)
        for a, table in enumerate(rules.livestock):
            if not h[TROUGH]:
                out.append("your house has no trough")
            elif troughs[a] >= len(table) - 1:
                out.append("that livestock table is covered with troughs up to its top")
            else:
                out.append(None)
        lifts = 3 + len(troughs)
        if not farm.techs & tech["flexible_installation"]:
            out += ["lifting installed pieces needs the Flexible Installation technology"] * lifts
        elif farm.installed:
            out += ["pieces may be lifted only before you install anything this phase"] * lifts
        else:
            for k, held in enumerate((farm.fences, farm.pipes, farm.nimbus)):
                what = ("fence", "pipe", "Nimbus Generator")[k]
                out.append(None if held else f"you have no {what} installed")
            animals = rules.components.animals
            for a, n in enumerate(troughs):
                out.append(None if n else f"there is no trough on your {animals[a]} table")
        out.append(None)  # done
        return out

    def _install_problem(self, farm: Farm, action: int) -> str | None:
        """Why the install decision of ``farm`` 's owner may not take ``action`` (install
        or lift a kind of piece, or done), or None."""
        return self._install_problems(farm)[action - self.L.INSTALL]

    def _legal_install(self, d: Decision[None]) -> list[int]:
        return _allowed_ids(self.L.INSTALL, self._install_problems(self.farms[d.player]))

    def _apply_install(self, d: Decision[None], action: int) -> None:
        L = self.L
        p = d.player
        farm = self.farms[p]
        if action == L.DONE:
            return
        self.push("install", p)
        if action >= L.LIFT:
            k = action - L.LIFT
            if k >= 3:
                farm.troughs[k - 3] -= 1
                farm.house[TROUGH] += 1
            else:
                self.push("install_at", p, -1 - k)  # negative: lift
            return
        k = action - L.INSTALL
        if k >= 3:
            farm.troughs[k - 3] += 1
            farm.house[TROUGH] -= 1
            farm.installed = True
        else:
            self.push("install_at", p, k)

    def _install_at_problem(self, farm: Farm, k: int, action: int) -> str | None:
        """Why the install_at decision of kind ``k`` may not take ``action``, or None
        (None only for an edge or corner its rule allows)."""
        L = self.L
        if k in EDGE_KINDS:
            if not L.EDGE <= action < L.CORNER:
                return "choose an edge: edge h x,y (top side of x,y) or edge v x,y (left side)"
            return refusal(self._install_at_checks(farm, k), action - L.EDGE)
        if not L.CORNER <= action < L.size:
            return "choose a grid corner: corner x,y (top-left corner of square x,y)"
        return refusal(self._install_at_checks(farm, k), action - L.CORNER)

    def _legal_install_at(self, d: Decision[InstallAtInfo]) -> list[int]:
        farm = self.farms[d.player]
        k = d.info
        at = self.L.EDGE if k in EDGE_KINDS else self.L.CORNER
        return [at + x for x in allowed(self._install_at_checks(farm, k))]  # the core sorts

    def _apply_install_at(self, d: Decision[InstallAtInfo], action: int) -> None:
        farm = self.farms[d.player]
        L = self.L
        k = d.info
        if k >= 0:
            farm.installed = True
        # the farm's sets are shared with clones: each change makes a new one (see Farm)
        if k == FENCE:
            farm.fences = farm.fences | {action - L.EDGE}
            farm.house[FENCE] -= 1
        elif k == PIPE:
            farm.pipes = farm.pipes | {action - L.EDGE}
            farm.house[PIPE] -= 1
        elif k == NIMBUS:
            farm.nimbus = farm.nimbus | {action - L.CORNER}
            farm.house[PIPE] -= 2
        elif k == -1 - FENCE:
            farm.fences = farm.fences - {action - L.EDGE}
            farm.house[FENCE] += 1
        elif k == -1 - PIPE:
            farm.pipes = farm.pipes - {action - L.EDGE}
            farm.house[PIPE] += 1
        else:
            farm.nimbus = farm.nimbus - {action - L.CORNER}
            farm.house[PIPE] += 2

    # -- scoring -------------------------------------------------------------------

    def techs_of(self, p: int) -> Techs:
        bits = self.farms[p].techs
        memo = self.rules.techs_memo  # Techs is frozen: one per set of bits, shared
        techs = memo.get(bits)
        if techs is None:
            tb = self.rules.tech_bit
            techs = memo[bits] = Techs(
                **{name: bool(bits & tb[name]) for name in Techs.__dataclass_fields__}
            )
        return techs

    def score_phase(self, p: int) -> dict[str, int]:
        f = self.farms[p]
        return score_farm(
            f.cells,
            f.tokens,
            f.fences,
            f.pipes,
            f.nimbus,
            f.troughs,
            self.rules.components,
            self.rules.side,
            self.techs_of(p),
        )

    def _run_score(self, d: Decision[ScoreInfo]) -> None:
        r = d.info
        rows = tuple(self._phase_row(p, r) for p in range(self.game.players))
        for p, row in enumerate(rows):
            self._award(p, row)
            self.farms[p].installed = False
        self.scorings += 1
        self.last_scored = rows

    def _phase_row(self, p: int, r: int) -> tuple[int, ...]:
        """What player ``p`` 's farm scores in the scoring phase of round ``r``, by category."""
        comp = self.rules.components
        got = self.score_phase(p)
        row = [got[cat] for cat in CATEGORIES]
        if r == comp.rounds:
            row[CATEGORIES.index("tech")] += comp.plus10_points * self.farms[p].plus10
        return tuple(row)

    def _award(self, p: int, row: Sequence[int]) -> None:
        """The only way points change: a scoring phase's row for one player."""
        points = list(self.points)
        points[p] = tuple(a + b for a, b in zip(points[p], row, strict=True))
        self.points = tuple(points)
        awarded = list(self.awarded)
        awarded[p] += sum(row)
        self.awarded = tuple(awarded)

    def _scores(self) -> list[dict[str, int]]:
        out = []
        for pts in self.points:
            d = dict(zip(CATEGORIES, pts, strict=True))
            d["total"] = sum(pts)
            out.append(d)
        return out

    def _rank_key(self, player: int, scores: Sequence[Mapping[str, int]]) -> tuple[Any, ...]:
        return (scores[player]["total"], self.farms[player].installed_count())

    tactics = True

    def _tactic(self) -> int | None:
        """At a scoring phase, the next step of the install planner's plan (planner.py):
        the groups of pieces that score most now, or done when nothing gains. When gaining
        or paying with an improvement, the kind the planner makes most of."""
        d = self.decision
        if d is not None and d.kind in ("gain", "pay"):
            return self._piece_choice(d)
        if d is None or d.kind not in ("install", "install_at"):
            return None
        if d.kind == "install_at" and d.info < 0:
            return None  # a lift (Flexible Installation): left to the search
        p = d.player
        farm = self.farms[p]
        crosses = bool(farm.techs & self.rules.tech_bit["nimbus_generator"])
        comp = self.rules.components
        plan = plan_install(farm, comp, self.rules.side, self.techs_of(p), crosses).installs
        L = self.L
        if d.kind == "install":
            if not plan:
                return L.DONE
            first = plan[0]
            if first.kind == TROUGH:
                return L.INSTALL + 3 + first.at
            return L.INSTALL + (NIMBUS if first.kind == CROSS else first.kind)
        if d.info == NIMBUS:
            return next((L.CORNER + i.at for i in plan if i.kind == CROSS), None)
        return next((L.EDGE + i.at for i in plan if i.kind == d.info), None)

    def _plan_gain(self, p: int, house: list[int]) -> int:
        """What the install planner would add to player ``p`` 's farm with ``house``."""
        farm = self.farms[p].copy()
        farm.house = house
        crosses = bool(farm.techs & self.rules.tech_bit["nimbus_generator"])
        comp = self.rules.components
        return plan_install(farm, comp, self.rules.side, self.techs_of(p), crosses).gain

    def _piece_choice(self, d: Decision) -> int | None:
        """Which improvement to gain (or pay with): the one the install planner makes most
        of (or misses least). A gain is judged with up to GAIN_LOOK pieces of its kind, as
        a farm collects them (cows score only once three troughs cover their table's
        penalty spaces). None when the kinds are alike to the planner."""
        p = d.player
        house = self.farms[p].house
        base = self._plan_gain(p, list(house))
        values: dict[int, float] = {}
        for a in self.legal_actions():
            t = a - self.L.IMP
            if d.kind == "gain":
                best = 0.0
                for k in range(1, GAIN_LOOK + 1):
                    more = list(house)
                    more[t] += k
                    best = max(best, (self._plan_gain(p, more) - base) / k)
                values[a] = best
            else:
                fewer = list(house)
                fewer[t] -= 1
                values[a] = self._plan_gain(p, fewer) - base
        top = max(values.values())
        chosen = [a for a, v in values.items() if v == top]
        return chosen[0] if len(chosen) == 1 else None

    def _heuristic(self, player: int) -> float:
        """Points so far plus what each farm would score if scored now (and half a
        point per improvement still waiting on the house), against the best opponent."""
        if self.phase == "over":
            return super()._heuristic(player)
        plus = self.rules.components.plus10_points
        est = [
            sum(self.points[p])
            + sum(self.score_phase(p).values())
            + plus * f.plus10
            + PIECE_VALUE * sum(f.house)
            for p, f in enumerate(self.farms)
        ]
        others = [v for p, v in enumerate(est) if p != player]
        return float(est[player] - max(others))

    def _deep_heuristic(self, player: int) -> float:
        """As ``_heuristic``, but each house's improvements count what they would score
        installed as the planner installs them (a fence closing a pasture, a pipe reaching
        crops), and only the pieces left over count half a point; and the first-player
        marker counts FIRST_PICK_VALUE for each round still to start."""
        if self.phase == "over":
            return super()._heuristic(player)
        rules = self.rules
        plus = rules.components.plus10_points
        nimbus = rules.tech_bit["nimbus_generator"]
        est = []
        for p, f in enumerate(self.farms):
            farm, used = planned_outlook(
                f,
                rules.components,
                rules.side,
                self.techs_of(p),
                bool(f.techs & nimbus),
                rules.outlooks,
            )
            est.append(
                sum(self.points[p]) + farm + plus * f.plus10 + PIECE_VALUE * (sum(f.house) - used)
            )
        # The first-player marker picks first from the market in every round still to
        # start, and the first seat won 71% of 200 games of greedy against itself: the
        # first pick is worth holding (docs/bots.md).
        est[self.first] += FIRST_PICK_VALUE * max(0, rules.components.rounds - self.round)
        others = [v for p, v in enumerate(est) if p != player]
        return float(est[player] - max(others))

    def _check_invariants(self) -> None:
        comp = self.rules.components
        for t in range(3):
            held = self.supply[t] + self.box[t] + self.top_imps[t] + self.track_left[t]
            held += sum(1 for k in self.track[max(self.round, 0) :] if k == t)
            for f in self.farms:
                held += f.house[t]
                assert f.house[t] >= 0, f"a house holds {f.house[t]} {IMPROVEMENT_TYPES[t]}"
                if t == FENCE:
                    held += len(f.fences)
                elif t == PIPE:
                    held += len(f.pipes) + 2 * len(f.nimbus)
                else:
                    held += sum(f.troughs)
            assert held == comp.improvements_per_type, (
                f"{held} {IMPROVEMENT_TYPES[t]} in play; the game has {comp.improvements_per_type}"
            )
        for r in range(len(comp.resources)):
            on_farms = sum(1 for f in self.farms for v in f.tokens.values() if v == r)
            assert self.token_supply[r] >= 0, f"the token supply holds {self.token_supply[r]}"
            assert self.token_supply[r] + on_farms == comp.tokens_per_type, (
                f"{self.token_supply[r] + on_farms} {comp.resources[r]} tokens in play; "
                f"the game has {comp.tokens_per_type}"
            )
        tables = self.rules.livestock
        for f in self.farms:
            for sq_ in (sq(0, 0), sq(1, 0), sq(0, 1), sq(1, 1)):
                assert sq_ in f.cells, "a house square left the farm"
            for i, c in f.cells.items():
                if c[5]:
                    other = f.cells.get(i + c[5])
                    assert other is not None and other[5] == -c[5], "half a building"
            assert f.halves == {i: c[5] for i, c in f.cells.items() if c[5]}, "farm halves"
            # the reach kept as the farm grew is the one its squares give
            near = {j for i in f.cells for j in (i, i + 1, i - 1, i + N, i - N)}
            assert f.touch >= near, "a square beside the farm is not in its touch set"
            assert set(f.behind) <= f.touch, "a farm's reach waits for squares off its touch"
            for n, (k, got) in enumerate(zip(f.footprints, f.reach, strict=True)):
                table = reach_table(k)
                late = {a for t in f.behind for a in table[t]} if n else set()
                assert got | late == {a for t in f.touch for a in table[t]}, f"farm reach {k}"
            for i in f.tokens:
                assert f.cells[i][0] == K_LAND, "a resource token off a land square"
            ok = all(0 <= f.troughs[a] < len(tables[a]) for a in range(len(tables)))
            assert ok, f"troughs {f.troughs} out of range"
            if self.advanced:
                used = bin(f.techs).count("1") + f.plus10
                assert used + f.upgrades == comp.upgrade_tokens, "upgrade tokens not conserved"
        self._check_pieces()
        self._check_scores()

    def _check_pieces(self) -> None:
        """Land cards, building tiles, ponds and technology slots are conserved."""
        comp = self.rules.components
        rules = self.rules
        n = self.game.players
        # Every land card is in the deck, in the market, or out of the game (on a farm
        # or discarded from the lower row), exactly once.
        shown = 0
        for c in self.market:
            if c >= 0:
                assert not shown >> c & 1, f"land card {c} is in the market twice"
                shown |= 1 << c
        deck = 0
        for c in self.deck:
            deck |= 1 << c
        assert len(self.deck) == deck.bit_count(), "the deck repeats a land card"
        assert not (deck & shown or deck & self.cards_gone or shown & self.cards_gone), (
            "a land card is in two places"
        )
        everything = (1 << len(comp.land_cards)) - 1
        missing = everything & ~(deck | shown | self.cards_gone)
        assert not missing, f"land cards {missing.bit_length() - 1} and others missing"
        assert not (deck | shown | self.cards_gone) & ~everything, "an unknown land card"
        # Building tiles: face down, face up on the stack, or taken.
        for b in range(len(self.stack)):
            held = self.stack[b] + (1 if self.top == b else 0) + self.buildings_taken[b]
            want = sum(1 for x in comp.building_tiles if x == b)
            assert self.stack[b] >= 0, f"{self.stack[b]} face-down buildings of type {b}"
            assert held == want, f"{held} building tiles of type {b}; the game has {want}"
        # Technologies (advanced): one pond per irrigation, level 2 slots per player.
        if self.advanced:
            irrigated = sum(1 for f in self.farms if f.techs >> rules.tech_index["irrigation"] & 1)
            assert self.ponds >= 0 and self.ponds + irrigated == comp.pond_count, (
                f"{self.ponds} ponds left and {irrigated} irrigated farms"
            )
            l2 = rules.level2_slots
            for k in range(rules.n_level1, len(self.slots)):
                owners = sum(1 for f in self.farms if f.techs >> k & 1)
                assert self.slots[k] + owners == l2, f"technology {k}: slots and owners"
        assert 0 <= self.round <= comp.rounds, f"round {self.round}"
        assert 0 <= self.first < n, f"first player {self.first}"
        assert self.phase in ("setup", "turns", "install", "over"), f"phase {self.phase}"
        assert (self.phase == "over") == (not self.pending), "the end and the phase disagree"

    def _check_scores(self) -> None:
        """Points only through scoring phases (see _award), each one what the farm scored."""
        comp = self.rules.components
        n = self.game.players
        sr = comp.scoring_rounds
        pending_score = any(d.kind == "score" for d in self.pending)
        scored_now = self.round in sr and self.phase != "turns" and not pending_score
        want = sum(1 for r in sr if r < self.round) + (1 if scored_now else 0)
        assert self.scorings == want, f"{self.scorings} scoring phases by round {self.round}"
        for p in range(n):
            pts = self.points[p]
            assert sum(pts) == self.awarded[p], (
                f"player {p}'s score is {sum(pts)} but the scoring phases gave {self.awarded[p]}"
            )
            # Only livestock may go below zero (animals with no trough cost points).
            rest = [v for k, v in enumerate(pts) if CATEGORIES[k] != "livestock"]
            assert min(rest) >= 0, f"player {p} has negative points: {pts}"
            if not self.scorings:
                assert not any(pts), f"player {p} has points before any scoring phase"
        assert len(self.last_scored) == (n if self.scorings else 0), "last scoring rows"
        if self.phase == "over":
            # The farms have not changed since the final scoring: score them again.
            for p in range(n):
                again = self._phase_row(p, comp.rounds)
                assert self.last_scored[p] == again, (
                    f"player {p}'s final scoring gave {self.last_scored[p]}, the farm {again}"
                )

    # -- words -------------------------------------------------------------------

    def _explain_illegal(self, action: int) -> str | None:
        """The problem the decision's rule finds with ``action`` (None when it is legal),
        or which kind of action the decision wants."""
        if not self.pending:
            return None
        d = self.pending[-1]
        L = self.L
        kind = d.kind
        p = d.player
        if kind == "take":
            if L.TAKE_UPPER <= action <= L.PASS:
                return self._take_problems(p)[action - L.TAKE_UPPER]
            return "choose a market card or the building"
        if kind in ("pay", "gain", "start"):
            if not L.IMP <= action < L.IMP + 3:
                what = {
                    "pay": "the improvement to pay for the upper-market card",
                    "gain": "an improvement to take from the supply",
                    "start": "a starting improvement",
                }[kind]
                return f"choose {what}: fence, pipe or trough"
            t = action - L.IMP
            if kind == "pay":
                return self._pay_problem(p, t)
            if kind == "gain":
                return self._gain_problem(t)
            return self._start_problem(t)
        if kind == "place":
            if L.AT <= action < L.EDGE:
                return self._place_problem(p, d.info, action - L.AT)
            return "choose the square for the piece's top-left corner: at x,y"
        if kind == "rotate":
            if L.ROT <= action < L.ROT + 4:
                piece, anchor = d.info
                return self._rotation_problems(p, piece, anchor)[action - L.ROT]
            return "choose how to turn the piece: rotate 0, 90, 180 or 270"
        if kind == "token":
            if L.TOKEN <= action <= L.NO_TOKEN:
                return self._token_problem(p, d.info[0], action)
            return "take one resource token (token <type>) or none (no token)"
        if kind == "token_at":
            if L.AT <= action < L.EDGE:
                return self._token_square_problem(self.farms[p], d.info, action - L.AT)
            return (
                f"choose the square for the {self.rules.components.resources[d.info]} token: at x,y"
            )
        if kind == "upgrade":
            if L.TECH <= action <= L.PLUS10:
                return self._upgrade_problems(self.farms[p])[action - L.TECH]
            return "place the upgrade token: choose a technology or +10"
        if kind == "install":
            if L.INSTALL <= action <= L.DONE:
                return self._install_problem(self.farms[p], action)
            return "choose a piece to install (install fence, install pipe, ...), or done"
        if kind == "install_at":
            return self._install_at_problem(self.farms[p], d.info, action)
        return None

    # -- click targets -------------------------------------------------------------

    def _action_targets(self, action: int) -> tuple[str, ...]:
        """The picture elements a person clicks for ``action``, in order.

        - take: a market card (``market:upper:2``), the building tile (``building``)
          and then one of its two ways of taking it (``building:improvements``,
          ``building:first-player``), or ``button:pass``;
        - start, gain: an improvement piece in the supply (``improvement:fence``);
          pay: one on the mover's starting house (``p0:house:fence``);
        - place, token_at: a square of the mover's farm (``p0:sq:3,-1``);
        - rotate: the piece drawn in that orientation (``rot:90``);
        - token: a resource token in the supply (``token:pig``) or ``button:no-token``;
        - upgrade: a slot of the Tech Board (``tech:irrigation``, ``tech:plus10``);
        - install: a piece on the house (``p0:house:fence``, ``p0:house:pipe``,
          ``p0:house:nimbus``; a trough, then its livestock table ``p0:trough:cow``),
          ``button:lift-fence`` ... ``button:lift-trough-cow``, or ``button:done``;
        - install_at: an edge (``p0:edge:h3,-1``, the top side of that square; ``v``
          its left side) or a grid corner (``p0:corner:3,-1``)."""
        if not self.pending:
            return ()
        d = self.pending[-1]
        p = d.player
        if p < 0:
            return ()
        L = self.L
        kind = d.kind
        comp = self.rules.components
        if kind == "take":
            if L.TAKE_UPPER <= action < L.TAKE_LOWER:
                return (f"market:upper:{action - L.TAKE_UPPER + 1}",)
            if L.TAKE_LOWER <= action < L.TAKE_BLD_IMP:
                return (f"market:lower:{action - L.TAKE_LOWER + 1}",)
            if action == L.TAKE_BLD_IMP:
                return ("building", "building:improvements")
            if action == L.TAKE_BLD_FP:
                return ("building", "building:first-player")
            if action == L.PASS:
                return ("button:pass",)
            return ()
        if kind in ("start", "gain", "pay"):
            if L.IMP <= action < L.IMP + 3:
                name = IMPROVEMENT_TYPES[action - L.IMP]
                return (f"p{p}:house:{name}",) if kind == "pay" else (f"improvement:{name}",)
            return ()
        if kind in ("place", "token_at"):
            if L.AT <= action < L.EDGE:
                x, y = xy(action - L.AT)
                return (f"p{p}:sq:{x},{y}",)
            return ()
        if kind == "rotate":
            if L.ROT <= action < L.ROT + 4:
                return (f"rot:{ROTATIONS[action - L.ROT]}",)
            return ()
        if kind == "token":
            if L.TOKEN <= action < L.NO_TOKEN:
                return (f"token:{comp.resources[action - L.TOKEN]}",)
            if action == L.NO_TOKEN:
                return ("button:no-token",)
            return ()
        if kind == "install_at":
            if L.EDGE <= action < L.CORNER:
                e = action - L.EDGE
                x, y = xy(e >> 1)
                return (f"p{p}:edge:{'v' if e & 1 else 'h'}{x},{y}",)
            if L.CORNER <= action < L.size:
                x, y = xy(action - L.CORNER)
                return (f"p{p}:corner:{x},{y}",)
            return ()
        if kind == "install":
            if L.INSTALL <= action < L.LIFT:
                k = action - L.INSTALL
                if k >= 3:
                    return (f"p{p}:house:trough", f"p{p}:trough:{comp.animals[k - 3]}")
                return (f"p{p}:house:{('fence', 'pipe', 'nimbus')[k]}",)
            if L.LIFT <= action < L.DONE:
                return ("button:lift-" + L.install_kind_name(action - L.LIFT).replace(" ", "-"),)
            if action == L.DONE:
                return ("button:done",)
            return ()
        if kind == "upgrade":
            if L.TECH <= action < L.PLUS10:
                return (f"tech:{comp.techs[action - L.TECH]}",)
            if action == L.PLUS10:
                return ("tech:plus10",)
        return ()

    # -- observation -------------------------------------------------------------

    def _orientation(self, piece: int, anchor: int, r: int) -> dict[str, Any]:
        """Piece ``piece`` turned by rotation ``r`` with its top-left square on
        ``anchor``: the degrees and the squares it covers, as the farm lists them."""
        rules = self.rules
        comp = rules.components
        shape = rules.shapes[piece][r]
        assert shape is not None
        cells = []
        for off, c in shape[2]:
            x, y = xy(anchor + off)
            fences = fence_sides(c[3])
            cells.append({"x": x, "y": y, "content": content_name(comp, c), "fences": fences})
        return {"rotate": ROTATIONS[r], "cells": cells}

    def _observation(self, player: int | None) -> dict[str, Any]:
        rules = self.rules
        comp = rules.components
        cols = rules.columns
        L = self.L
        res = comp.resources

        def card(c: int) -> str | None:
            return comp.land_cards[c].id if c >= 0 else None

        def pos(i: int) -> list[int]:
            return list(xy(i))

        def edge(e: int) -> str:
            x, y = xy(e >> 1)
            return f"{'v' if e & 1 else 'h'} {x},{y}"

        players = []
        scores = self._scores()
        for p, f in enumerate(self.farms):
            cells = []
            for i, c in sorted(f.cells.items()):
                x, y = xy(i)
                cells.append(
                    {
                        "x": x,
                        "y": y,
                        "content": content_name(comp, c),
                        "fences": fence_sides(c[3]),
                    }
                )
            players.append(
                {
                    "cells": cells,
                    "tokens": [[*pos(i), res[t]] for i, t in sorted(f.tokens.items())],
                    "fences": [edge(e) for e in sorted(f.fences)],
                    "pipes": [edge(e) for e in sorted(f.pipes)],
                    "nimbus": [pos(v) for v in sorted(f.nimbus)],
                    "troughs": dict(zip(comp.animals, f.troughs, strict=True)),
                    "house": dict(zip(IMPROVEMENT_TYPES, f.house, strict=True)),
                    "techs": [comp.techs[k] for k in range(len(comp.techs)) if f.techs >> k & 1],
                    "plus10": f.plus10,
                    "upgrade_tokens": f.upgrades,
                    "installed": f.installed_count(),
                    "score": scores[p],
                }
            )
        d = self.pending[-1] if self.pending else None
        decision: dict[str, Any] | None = None
        if d is not None:
            decision = {"kind": d.kind, "player": d.player}
            if d.kind in ("place", "rotate"):
                piece = d.info if d.kind == "place" else d.info[0]
                decision["piece"] = piece_name(comp, piece)
                if d.kind == "rotate":
                    decision["at"] = pos(d.info[1])
                    # the legal orientations, in the order of the actions, and the
                    # squares the piece would cover in each (for the picture)
                    piece, anchor = d.info
                    rots = self._rotations_at(d.player, piece, anchor)
                    decision["rotations"] = [ROTATIONS[r] for r in rots]
                    decision["orientations"] = [self._orientation(piece, anchor, r) for r in rots]
            elif d.kind in ("token_at",):
                decision["resource"] = res[d.info]
            elif d.kind == "token":
                decision["choices"] = [res[t] for t in range(len(res)) if d.info[0] >> t & 1]
            if d.player >= 0 and player in (None, d.player):
                # what the player to move may click (the picture outlines free squares)
                targets = {k for a in self.legal_actions() for k in self._action_targets(a)}
                decision["targets"] = sorted(targets)
        return {
            "viewer": player,
            "round": self.round,
            "phase": self.phase,
            "to_move": self.current_player(),
            "decision": decision,
            "first_player": self.first,
            "market": {
                "upper": [card(c) for c in self.market[:cols]],
                "lower": [card(c) for c in self.market[cols:]],
                "columns": list(rules.column_marks),
                "unused_columns": list(comp.market_columns[cols:]),
                # what the cards on show print, for the pictures
                "cards": {
                    comp.land_cards[c].id: card_squares(comp, comp.land_cards[c])
                    for c in self.market
                    if c >= 0
                },
            },
            "deck": len(self.deck),
            "building": {
                "top": comp.building_types[self.top] if self.top >= 0 else None,
                "open": self.building_open,
                "improvements": dict(zip(IMPROVEMENT_TYPES, self.top_imps, strict=True)),
                "face_down": sum(self.stack),
            },
            "round_track": [IMPROVEMENT_TYPES[t] for t in self.track[self.round :]],
            "supply": dict(zip(IMPROVEMENT_TYPES, self.supply, strict=True)),
            "resource_tokens": dict(zip(res, self.token_supply, strict=True)),
            "advanced": self.advanced,
            "ponds": self.ponds,
            "level2_slots": {
                comp.techs[k]: self.slots[k] for k in range(len(comp.techs)) if self.slots[k] >= 0
            }
            if self.advanced
            else {},
            "players": players,
            "last_action": L.name(self.history[-1]) if self.history else None,
            # the game's fixed parts the pictures draw (the same in every observation)
            "building_types": list(comp.building_types),
            "livestock_tables": {
                a: list(t) for a, t in zip(comp.animals, rules.livestock, strict=True)
            },
            "tech_trees": {
                tree: [comp.techs[k] for k in range(len(comp.techs)) if comp.tech_tree[k] == t]
                for t, tree in enumerate(comp.tree_names)
            }
            if self.advanced
            else {},
            "piece_reach": rules.piece_reach,
        }

    # -- the move log in words ---------------------------------------------------------

    def action_words(self, action: int) -> str:
        """``action`` as a player says it, for the move log (see :meth:`State.action_words`):
        what was taken and from where, where a piece went, what it covered and returned,
        and how the farm's score changes when an installed piece changes it."""
        return self._words(action)

    def _card_words(self, card: int) -> str:
        comp = self.rules.components
        land = comp.land_cards[card]
        words = card_words(card_squares(comp, land), comp.building_types)
        return f"land card {land.id} ({words})"

    def _piece_words(self, piece: int) -> str:
        comp = self.rules.components
        if piece >= POND:
            return "a pond tile"
        if piece >= TILE:
            return f"the {comp.building_types[piece - TILE]} building tile"
        return self._card_words(piece)

    @staticmethod
    def _edge_words(e: int) -> str:
        x, y = xy(e >> 1)
        return f"the {'left' if e & 1 else 'top'} side of square {x},{y}"

    def _score_change(self, action: int) -> str:
        """What the mover's farm would score now, and the change the action makes."""
        p = self.pending[-1].player
        before = sum(self.score_phase(p).values())
        after_state = cast(FarlandState, self.clone())
        after_state.pending = list(self.pending)
        d = after_state.pending.pop()
        after_state._apply_of[d.kind](after_state, d, action)
        after = sum(after_state.score_phase(p).values())
        if after == before:
            return ""
        return f" (the farm would now score {after}, {after - before:+d})"

    def _words(self, action: int) -> str:
        if not self.pending:
            return self.action_to_string(action)
        d = self.pending[-1]
        L = self.L
        rules = self.rules
        comp = rules.components
        kind = d.kind
        p = d.player
        farm = self.farms[p] if p >= 0 else None

        def imp(t: int) -> str:
            return IMPROVEMENT_TYPES[t]

        if kind == "track":
            return (
                f"a {imp(action - L.TRACK)} is put on round {len(self.track) + 1} of the "
                "round track"
            )
        if kind == "deal":
            cols = rules.columns
            row = "upper" if d.info < cols else "lower"
            return (
                f"{self._card_words(action - L.DRAW)} is drawn for the {row} market, "
                f"space {d.info % cols + 1}"
            )
        if kind == "flip":
            return f"the {comp.building_types[action - L.FLIP]} building tile is turned face up"
        if kind == "start":
            return f"takes a {imp(action - L.IMP)} as a starting improvement"
        if kind == "pay":
            return f"pays a {imp(action - L.IMP)} from the house into the supply"
        if kind == "gain":
            return f"gains a {imp(action - L.IMP)} from the supply"
        if kind == "take":
            return self._take_words(d, action)
        if kind == "place":
            x, y = xy(action - L.AT)
            return f"chooses square {x},{y} for the top-left corner of {self._piece_words(d.info)}"
        if kind == "rotate" and farm is not None:
            return self._lay_words(d, action)
        if kind == "token":
            if action == L.NO_TOKEN:
                return "takes no resource token"
            return f"takes a {comp.resources[action - L.TOKEN]} token for a covered square"
        if kind == "token_at":
            x, y = xy(action - L.AT)
            return f"puts the {comp.resources[d.info]} token on square {x},{y}"
        if kind == "upgrade":
            if action == L.PLUS10:
                return "puts an upgrade token on the +10 space (10 points at the end)"
            k = action - L.TECH
            level = 1 if k < rules.n_level1 else 2
            words = f"puts an upgrade token on {tech_name(comp.techs[k])} (level {level})"
            if k == rules.tech_index["irrigation"]:
                words += " and takes a pond tile to lay at once"
            return words
        if kind == "install" and farm is not None:
            return self._install_words(d, action)
        if kind == "install_at":
            k = d.info
            if k in (FENCE, PIPE):
                return (
                    f"installs a {imp(k)} on {self._edge_words(action - L.EDGE)}"
                    + self._score_change(action)
                )
            if k == NIMBUS:
                x, y = xy(action - L.CORNER)
                return (
                    f"installs a Nimbus Generator (2 pipes as a cross) on corner {x},{y}"
                    + self._score_change(action)
                )
            if k in (-1 - FENCE, -1 - PIPE):
                return (
                    f"lifts the {imp(-1 - k)} on {self._edge_words(action - L.EDGE)} back to "
                    "the house" + self._score_change(action)
                )
            x, y = xy(action - L.CORNER)
            return f"lifts the Nimbus Generator on corner {x},{y} back to the house (2 pipes)"
        return self.action_to_string(action)

    def _take_words(self, d: Decision[None], action: int) -> str:
        L = self.L
        rules = self.rules
        comp = rules.components
        if action == L.PASS:
            return "passes: there is nothing to take"
        if action in (L.TAKE_BLD_IMP, L.TAKE_BLD_FP):
            b = comp.building_types[self.top]
            if action == L.TAKE_BLD_IMP:
                on = [f"{v} {IMPROVEMENT_TYPES[t]}" for t, v in enumerate(self.top_imps) if v]
                what = " and ".join(on) if on else "no improvements"
                return f"takes the {b} building tile with {what} on it"
            if self.first == d.player:
                nxt = (d.player + 1) % self.game.players
                return (
                    f"takes the {b} building tile and passes the first-player marker to "
                    f"player {nxt + 1}"
                )
            return f"takes the {b} building tile and the first-player marker"
        upper = action < L.TAKE_LOWER
        c = action - (L.TAKE_UPPER if upper else L.TAKE_LOWER)
        card = self.market[c if upper else rules.columns + c]
        words = f"takes {self._card_words(card)} from the "
        words += (
            f"upper market, space {c + 1}, paying an improvement"
            if upper
            else (f"lower market, space {c + 1}, for free")
        )
        gains = rules.card_gains[card]
        if gains:
            words += f"; it gains {gains} improvements"
        return words

    def _lay_words(self, d: Decision[RotateInfo], action: int) -> str:
        piece, anchor = d.info
        r = action - self.L.ROT
        shape = self.rules.shapes[piece][r]
        assert shape is not None
        farm = self.farms[d.player]
        x, y = xy(anchor)
        words = f"lays {self._piece_words(piece)} at {x},{y} turned {ROTATIONS[r]}°"
        covered = [anchor + off for off, _c in shape[2] if anchor + off in farm.cells]
        if not covered:
            words += " beside the farm"
        else:
            names: dict[str, int] = {}
            for i in covered:
                cell = farm.cells[i]
                name = content_name(self.rules.components, cell)
                if name[-1].isdigit():
                    name = name.rstrip("0123456789")
                names[name] = names.get(name, 0) + 1
                t = farm.tokens.get(i)
                if t is not None:
                    token = f"{self.rules.components.resources[t]} token"
                    names[token] = names.get(token, 0) + 1
            what = ", ".join(f"{v} {k}" if v > 1 else k for k, v in names.items())
            words += f", covering {len(covered)} square{'s' if len(covered) > 1 else ''} ({what})"
        after = cast(FarlandState, self.clone())
        after.pending = list(self.pending)
        dd = after.pending.pop()
        after._apply_of[dd.kind](after, dd, action)
        back = [
            f"{v} {IMPROVEMENT_TYPES[t]}"
            for t, v in enumerate(
                a - b for a, b in zip(after.farms[d.player].house, farm.house, strict=True)
            )
            if v > 0
        ]
        if back:
            verb = "goes" if back == ["1 fence"] or back == ["1 pipe"] else "go"
            words += f"; {' and '.join(back)} {verb} back to the house"
        return words

    def _install_words(self, d: Decision[None], action: int) -> str:
        L = self.L
        comp = self.rules.components
        if action == L.DONE:
            return "is done installing for this scoring phase"
        if L.LIFT <= action < L.DONE:
            k = action - L.LIFT
            if k >= 3:
                return f"lifts a trough from the {comp.animals[k - 3]} table back to the house"
            return f"chooses an installed {('fence', 'pipe', 'Nimbus Generator')[k]} to lift"
        k = action - L.INSTALL
        if k >= 3:
            a = k - 3
            table = self.rules.livestock[a]
            tr = self.farms[d.player].troughs[a] + 1
            value = table[len(table) - 1 - tr]
            return (
                f"installs a trough on the {comp.animals[a]} table (a pastured "
                f"{comp.animals[a]} now scores {value})" + self._score_change(action)
            )
        what = ("a fence", "a pipe", "a Nimbus Generator (2 pipes)")[k]
        return f"picks {what} from the house to install"
