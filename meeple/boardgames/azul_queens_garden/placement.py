"""Placing in a garden: the placement rule (what a cell's neighbours allow, and which part
of the rule a hexagon breaks there), a hexagon or an expansion from storage placed on a
turn, the ``place_bought`` decision for a bought expansion, and how a placed hexagon
joins its colour and pattern groups. The cost of a placement is payment.py's.
"""

from __future__ import annotations

from meeple.boardgames.azul_queens_garden import actions as A
from meeple.boardgames.azul_queens_garden.board import (
    CELLS_PER_AREA,
    NEIGHBOURS,
    NUM_CELLS,
    RING,
    cell_name,
)
from meeple.boardgames.azul_queens_garden.components import NUM_PATTERNS
from meeple.boardgames.azul_queens_garden.fields import EMPTY, ORNAMENT
from meeple.boardgames.azul_queens_garden.payment import Payment
from meeple.boardgames.azul_queens_garden.rules import COL, PAT
from meeple.core import Decision

NB = NEIGHBOURS

PlaceBoughtInfo = int  # the garden expansion just bought

# What a hexagon on a cell breaks of the placement rule (``fault``).
FITS, SHARES_NOTHING, COLOUR_TWICE, PATTERN_TWICE = range(4)
# A cell's neighbourhood (Placement._neighbourhood): colours and patterns present, per
# colour the patterns of its groups there and per pattern the colours, then the bits
# those groups already share (per colour, per pattern).
Neighbourhood = tuple[int, int, dict[int, int], dict[int, int], dict[int, int], dict[int, int]]


def fault(hood: Neighbourhood, t: int) -> int:
    """Which part of the placement rule hexagon ``t`` breaks in ``hood``: ``FITS``;
    ``SHARES_NOTHING`` (it touches hexagons but shares its colour, or with pattern
    adjacency its pattern, with none); ``COLOUR_TWICE`` or ``PATTERN_TWICE`` (its colour
    or pattern group would hold one hexagon twice)."""
    colbits, patbits, ccomb, pcomb, cclash, pclash = hood
    c, q = COL[t], PAT[t]
    if colbits and not (colbits >> c & 1 or patbits >> q & 1):
        return SHARES_NOTHING
    if c in cclash or ccomb.get(c, 0) >> q & 1:
        return COLOUR_TWICE
    if q in pclash or pcomb.get(q, 0) >> c & 1:
        return PATTERN_TWICE
    return FITS


def _lowest(bits: int) -> int:
    """The index of the lowest set bit."""
    return (bits & -bits).bit_length() - 1


class Placement(Payment):
    """The placement rule and the placements (a placement is paid for: Payment)."""

    # -- the placement rule, written once: what a cell's neighbours allow, and which
    # part of the rule a hexagon breaks there (legal moves, can_place and the refusal
    # messages all read these two) --------------------------------------------------

    def _neighbourhood(self, p: int, x: int) -> Neighbourhood:
        """What the hexagons around cell ``x`` of player ``p`` 's garden allow: the colours
        there and the patterns that admit a hexagon (none with colour adjacency), and per
        colour (pattern) the patterns (colours) of the groups a hexagon on ``x`` would join,
        with those the groups already share with each other (joined by ``x`` they would
        hold the same hexagon twice)."""
        g = self.garden[p]
        clab, cmask = self.col_lab[p], self.col_mask[p]
        plab, pmask = self.pat_lab[p], self.pat_mask[p]
        colbits = patbits = 0
        ccomb: dict[int, int] = {}
        pcomb: dict[int, int] = {}
        cclash: dict[int, int] = {}
        pclash: dict[int, int] = {}
        seen: list[int] = []
        for n in NB[x]:
            u = g[n]
            if u < 0:
                continue
            c, q = COL[u], PAT[u]
            colbits |= 1 << c
            patbits |= 1 << q
            lab = clab[n]
            if lab not in seen:
                seen.append(lab)
                prev = ccomb.get(c, 0)
                m = cmask[lab]
                if prev & m:
                    cclash[c] = cclash.get(c, 0) | (prev & m)
                ccomb[c] = prev | m
            lab = plab[n] + NUM_CELLS
            if lab not in seen:
                seen.append(lab)
                prev = pcomb.get(q, 0)
                m = pmask[lab - NUM_CELLS]
                if prev & m:
                    pclash[q] = pclash.get(q, 0) | (prev & m)
                pcomb[q] = prev | m
        if not self.rules.by_pattern:
            patbits = 0  # colour adjacency: a shared pattern does not let a hexagon in
        return colbits, patbits, ccomb, pcomb, cclash, pclash

    def can_place(self, p: int, t: int, x: int) -> bool:
        """May hexagon ``t`` go on the empty cell ``x`` of player ``p`` 's garden?

        Alone (no neighbour), or next to at least one hexagon of its colour (or
        pattern, with the default adjacency), and never making a group that holds
        two identical hexagons.
        """
        return fault(self._neighbourhood(p, x), t) == FITS

    def _spot_problem(self, p: int, e: int, x: int) -> str | None:
        """Why expansion ``e`` 's printed space may not go on cell ``x``, or None."""
        if x < CELLS_PER_AREA or x % CELLS_PER_AREA == 0:
            return "the printed space must go on one of the six spaces of a free expansion area"
        if self.area_exp[p][x // CELLS_PER_AREA] >= 0:
            return f"expansion area {x // CELLS_PER_AREA} already holds an expansion"
        return self._placement_problem(p, e, x)

    def _placement_problem(self, p: int, t: int, x: int) -> str | None:
        """Which part of the placement rule hexagon ``t`` on cell ``x`` breaks, or None."""
        rules = self.rules
        hood = self._neighbourhood(p, x)
        broken = fault(hood, t)
        name = rules.tile_name(t)
        if broken == SHARES_NOTHING:
            shared = "colour or pattern" if rules.by_pattern else "colour"
            return f"{name} touches hexagons on {cell_name(x)} but shares its {shared} with none"
        if broken == FITS:
            return None
        _, _, ccomb, pcomb, cclash, pclash = hood
        c, q = COL[t], PAT[t]
        if broken == COLOUR_TWICE:
            kind = rules.colours[c]
            # The hexagon itself, if the group holds it already; else one the group's
            # parts both hold (their patterns, in the colour's group).
            twice = t if ccomb.get(c, 0) >> q & 1 else c * NUM_PATTERNS + _lowest(cclash[c])
        else:
            kind = rules.patterns[q]
            twice = t if pcomb.get(q, 0) >> c & 1 else _lowest(pclash[q]) * NUM_PATTERNS + q
        return (
            f"{name} on {cell_name(x)} would make a {kind} group holding two "
            f"{rules.tile_name(twice)} hexagons"
        )

    # -- placements ------------------------------------------------------------------

    def _placement_options(self, p: int, out: list[int]) -> None:
        """Add to ``out`` the turn's placements: each hexagon in ``p`` 's storage whose
        cost storage can pay, on each empty space it fits, then each stored expansion
        storage can pay for (without itself), on each spot of a free area it fits."""
        payable = self._payable_types(p)
        if payable:
            g = self.garden[p]
            found: list[int] = []
            for x in range(NUM_CELLS):
                if g[x] != EMPTY:
                    continue
                hood = self._neighbourhood(p, x)
                for t in payable:
                    if fault(hood, t) == FITS:
                        found.append(A.PLACE + t * NUM_CELLS + x)
            out.extend(found)
        stored = self.store_exps[p]
        for i, e in enumerate(stored[:]):
            del stored[i]
            ok = self.can_pay(p, e)
            stored.insert(i, e)
            if ok:
                base = A.EXPAND + e * NUM_CELLS
                out.extend(base + x for x in self.expansion_spots(p, e))

    def _place_from_storage(self, p: int, a: int) -> None:
        """A turn's placement ``a`` (a hexagon or an expansion from storage): it goes on
        the garden, the next player is due, and its cost is paid first."""
        if a < A.EXPAND:
            t, x = divmod(a - A.PLACE, NUM_CELLS)
            self.store[p][t] -= 1
            self.store_n[p] -= 1
            self._put(p, t, x)
            self._next_turn(p)
            self._start_payment(p, t, x)
        else:
            e, x = divmod(a - A.EXPAND, NUM_CELLS)
            self.store_exps[p].remove(e)
            self._place_expansion(p, e, x)
            self._next_turn(p)
            self._start_payment(p, e, x)

    def expansion_spots(self, p: int, e: int) -> list[int]:
        """Cells where expansion ``e`` 's printed space may go (free areas)."""
        out = []
        for a in self._free_areas(p):
            for x in RING[a]:
                if self.can_place(p, e, x):
                    out.append(x)
        return out

    def _place_expansion(self, p: int, e: int, x: int) -> None:
        a = x // CELLS_PER_AREA
        g = self.garden[p]
        base = a * CELLS_PER_AREA
        g[base] = ORNAMENT
        for k in range(1, 7):
            g[base + k] = EMPTY
        self.area_exp[p][a] = e
        self.area_cell[p][a] = x
        if self.rules.ornament[e] == "pavilion":
            self.pavilions[p] += 1
        self._put(p, e, x)

    def _put(self, p: int, t: int, x: int) -> None:
        """A hexagon (placed or printed) lands on cell ``x``: update the groups."""
        g = self.garden[p]
        g[x] = t
        c, q = COL[t], PAT[t]
        for lab, mask, key, bit, same in (
            (self.col_lab[p], self.col_mask[p], c, 1 << q, COL),
            (self.pat_lab[p], self.pat_mask[p], q, 1 << c, PAT),
        ):
            m = bit
            lab[x] = x
            for n in NB[x]:
                u = g[n]
                if u >= 0 and n != x and same[u] == key:
                    other = lab[n]
                    if other != x:
                        m |= mask[other]
                        for i in range(NUM_CELLS):
                            if lab[i] == other:
                                lab[i] = x
            mask[x] = m
        self.colour_count[p][c] += 1
        self.pattern_count[p][q] += 1

    # -- a bought expansion ------------------------------------------------------------

    def _legal_place_bought(self, d: Decision[PlaceBoughtInfo]) -> list[int]:
        base = A.EXPAND + d.info * NUM_CELLS
        return [base + x for x in self.expansion_spots(d.player, d.info)]

    def _apply_place_bought(self, d: Decision[PlaceBoughtInfo], a: int) -> None:
        e, x = divmod(a - A.EXPAND, NUM_CELLS)
        self._place_expansion(d.player, e, x)
