"""Getting pieces: the display (expansions opened from the round's stack and filled from
the bag, emptied ones turning face up), a take of every hexagon and face-up expansion of
one colour or pattern into storage with the ``copy`` choices of where a copy comes from,
buying a face-down expansion from the supply, and the ``draw`` and ``reveal`` chance
decisions.
"""

from __future__ import annotations

from meeple.boardgames.azul_queens_garden import actions as A
from meeple.boardgames.azul_queens_garden.components import NUM_TYPES
from meeple.boardgames.azul_queens_garden.fields import PURCHASES, AzulFields
from meeple.boardgames.azul_queens_garden.kernels import (
    display_bits,
    draw_outcomes,
    take_fits,
    take_options,
)
from meeple.boardgames.azul_queens_garden.rules import COL, COLOUR_TYPES, PAT, PATTERN_TYPES
from meeple.core import CHANCE, Decision, multiset_outcomes

CopyInfo = tuple[int, ...]  # the hexagon types taken, each still to be found a place of origin
DrawInfo = tuple[int, int]  # tiles still to draw onto the newest expansion, expansions to open
RevealInfo = int  # -1: for the display; else the buying player

# Per take (its action id: the six colours, then the six patterns), the hexagon types of
# that colour or pattern, a bit per type.
KEY_TYPES = COLOUR_TYPES + PATTERN_TYPES
REVEAL_IDS = tuple(A.REVEAL + e for e in range(NUM_TYPES))  # per expansion, its reveal


class Acquisition(AzulFields):
    """The display, takes, purchases, and the chance decisions that fill the display."""

    # -- the display -------------------------------------------------------------------

    def _refill_bag(self) -> None:
        if self.bag_n == 0 and self.tower_n:
            self.bag = self.tower
            self.bag_n = self.tower_n
            self.tower = [0] * NUM_TYPES
            self.tower_n = 0

    def _open_trays(self, count: int) -> None:
        """Put up to ``count`` expansions of this round's stack in the display."""
        while count > 0 and self.stack_left[self.round] > 0:
            count -= 1
            self.stack_left[self.round] -= 1
            self._refill_bag()
            if self.bag_n:
                self.trays.append([])
                self.top = True
                self.push("draw", CHANCE, (self.rules.tiles_per_expansion, count))
                return
            # Nothing to put on it: it is empty at once, so it turns face up and leaves
            # no top to take from; the next take brings out the next one (ruling 19).
            self.top = False
            self.push("reveal", CHANCE, -1)

    def _display_bits(self) -> tuple[int, int]:
        """The hexagon types lying in the display and the face-up expansions' types, each
        a bit per type (kernels.py's ``display_bits``)."""
        return display_bits(self.trays, self.faceup)

    def _display_counts(self, key: int) -> tuple[int, int, int]:
        """For a take's ``key`` (an action id: a colour, then a pattern): the hexagon types
        of it in the display, its face-up expansions, and how many of those expansions
        print a type also lying there (one of the two is taken, the taker's choice:
        ruling 16)."""
        present, faceup = self._display_bits()
        m = KEY_TYPES[key]
        both = present & faceup & m
        return (present & m).bit_count(), (faceup & m).bit_count(), both.bit_count()

    # Whether a take fits in storage (kernels.py's ``take_fits``, which take_options uses).
    _fits = staticmethod(take_fits)

    # -- a take ------------------------------------------------------------------------

    def _take_options(self, p: int) -> list[int]:
        """The turn's takes open to ``p``: each colour and pattern in the display whose
        hexagons and face-up expansions all fit in storage (kernels.py)."""
        rules = self.rules
        free_t = rules.storage_tiles - self.store_n[p]
        free_e = rules.storage_expansions - len(self.store_exps[p])
        return take_options(self.trays, self.faceup, free_t, free_e)

    def _acquire(self, p: int, a: int) -> None:
        by_colour = a < A.ACQ_PATTERN
        key = a - (A.ACQ_COLOUR if by_colour else A.ACQ_PATTERN)
        same = COL if by_colour else PAT
        # Per hexagon type of the chosen colour or pattern, the display expansions
        # holding a copy. Only one copy is taken, a face-up expansion printing the type
        # counting as one (ruling 16); where there is more than one place to take it
        # from, the taker chooses (a follow-up ``copy`` decision).
        where: dict[int, list[int]] = {}
        for i, tray in enumerate(self.trays):
            for t in tray:
                if same[t] == key:
                    at = where.setdefault(t, [])
                    if not at or at[-1] != i:
                        at.append(i)
        self.own_rows(p)
        st = self.store[p]
        choices: list[int] = []
        for t, at in where.items():
            if len(at) == 1 and t not in self.faceup:
                self._take_from(at[0])
                self.trays[at[0]].remove(t)
                st[t] += 1
                self.store_n[p] += 1
            else:
                choices.append(t)
        kept_faceup = []
        for e in self.faceup:
            if same[e] == key and e not in where:
                self.store_exps[p].append(e)
            else:
                kept_faceup.append(e)
        self.faceup = kept_faceup
        if choices:
            choices.sort()
            self.push("copy", p, tuple(choices))
        else:
            self._finish_acquire(p)

    def _take_from(self, i: int) -> None:
        """A hexagon leaves display expansion ``i``: if it is the stack's top, the top
        has been taken from and the next expansion comes out after the take."""
        if self.top and i == len(self.trays) - 1:
            self.top = False

    def _legal_copy(self, d: Decision[CopyInfo]) -> list[int]:
        p = d.player
        t = d.info[0]
        # Only choices that leave the rest of the take room in storage: the take was
        # legal because some way of choosing fits.
        rest = d.info[1:]
        either = sum(1 for u in rest if u in self.faceup)
        tiles = len(rest) - either
        free_t = self.rules.storage_tiles - self.store_n[p]
        free_e = self.rules.storage_expansions - len(self.store_exps[p])
        out: list[int] = []
        if self._fits(tiles + 1, 0, either, free_t, free_e):
            base = A.COPY + t * A.MAX_TRAYS
            out.extend(base + i for i, tray in enumerate(self.trays) if t in tray)
        if t in self.faceup and self._fits(tiles, 1, either, free_t, free_e):
            out.append(A.COPY_EXP + t)
        return out

    def _apply_copy(self, d: Decision[CopyInfo], a: int) -> None:
        p = d.player
        self.own_rows(p)
        if a >= A.COPY_EXP:
            e = a - A.COPY_EXP
            self.faceup.remove(e)
            self.store_exps[p].append(e)
        else:
            t, i = divmod(a - A.COPY, A.MAX_TRAYS)
            self._take_from(i)
            self.trays[i].remove(t)
            self.store[p][t] += 1
            self.store_n[p] += 1
        rest = d.info[1:]
        if rest:
            self.push("copy", p, rest)
        else:
            self._finish_acquire(p)

    def _finish_acquire(self, p: int) -> None:
        """After a take: emptied display expansions turn face up, and the next one of
        the stack opens if the take touched the top one (ruling 7)."""
        keep = [tray for tray in self.trays if tray]
        emptied = len(self.trays) - len(keep)
        self.trays = keep
        self._next_turn(p)
        if not self.top:
            self._open_trays(1)
        for _ in range(emptied):
            self.push("reveal", CHANCE, -1)

    # -- a purchase ------------------------------------------------------------------

    def _can_buy(self, p: int) -> bool:
        return (
            self.score(p) >= self.rules.face_down_cost
            and (self.reserve > 0 or bool(self.returned))
            and bool(self._free_areas(p))
        )

    def _buy(self, p: int) -> None:
        """``p`` buys a face-down expansion: its price is paid, the next player is due,
        and first the expansion turns face up for the buyer (a ``reveal``)."""
        self._award(p, PURCHASES, -self.rules.face_down_cost)
        self._next_turn(p)
        self.push("reveal", CHANCE, p)

    # -- chance --------------------------------------------------------------------

    def _outcomes_draw(self, d: Decision[DrawInfo]) -> list[tuple[int, float]]:
        return draw_outcomes(self.bag, self.bag_n, A.DRAW)

    def _apply_draw(self, d: Decision[DrawInfo], a: int) -> None:
        t = a - A.DRAW
        self.bag[t] -= 1
        self.bag_n -= 1
        self.trays[-1].append(t)
        self._refill_bag()
        remaining, more = d.info
        remaining -= 1
        if remaining and self.bag_n:
            self.push("draw", CHANCE, (remaining, more))
        elif more:
            self._open_trays(more)

    def _outcomes_reveal(self, d: Decision[RevealInfo]) -> list[tuple[int, float]]:
        if d.info < 0:
            # Each unseen expansion is one of a kind (a count of 0 or 1): equally likely.
            unseen = [a for a, c in zip(REVEAL_IDS, self.hidden, strict=True) if c]
            chance = 1 / len(unseen)
            return [(a, chance) for a in unseen]
        k, h = self.reserve, sum(self.hidden)
        weights = [0] * NUM_TYPES
        if k:
            for e, c in enumerate(self.hidden):
                if c:
                    weights[e] = k
        for e in self.returned:
            weights[e] = h if h else 1
        return multiset_outcomes((A.REVEAL + e, w) for e, w in enumerate(weights))

    def _apply_reveal(self, d: Decision[RevealInfo], a: int) -> None:
        e = a - A.REVEAL
        if d.info < 0:
            self.hidden[e] = 0
            self.faceup.append(e)
            return
        p = d.info
        if self.hidden[e]:
            self.hidden[e] = 0
            self.reserve -= 1
        else:
            self.returned.remove(e)
        # Every free expansion area of this layout has spaces touching no other
        # area, where the printed space stands alone; buying needs a free area,
        # so a bought expansion always has a legal spot (docs, ruling 8).
        self.push("place_bought", p, e)
