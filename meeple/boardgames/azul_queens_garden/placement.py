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
from meeple.boardgames.azul_queens_garden.fields import ABSENT, EMPTY, ORNAMENT, UNKNOWN, Fits
from meeple.boardgames.azul_queens_garden.kernels import (
    Neighbourhood,
    fitting_types,
    join_groups,
    neighbourhood,
    place_ids,
    refit,
)
from meeple.boardgames.azul_queens_garden.payment import Payment
from meeple.boardgames.azul_queens_garden.rules import COL, PAT
from meeple.core import Decision

NB = NEIGHBOURS

PlaceBoughtInfo = int  # the garden expansion just bought

# What a hexagon on a cell breaks of the placement rule (``fault``).
FITS, SHARES_NOTHING, COLOUR_TWICE, PATTERN_TWICE = range(4)


def fault(hood: Neighbourhood, t: int) -> int:
    """Which part of the placement rule hexagon ``t`` breaks in ``hood``: ``FITS``;
    ``SHARES_NOTHING`` (it touches hexagons but shares its colour, or with pattern
    adjacency its pattern, with none); ``COLOUR_TWICE`` or ``PATTERN_TWICE`` (its colour
    or pattern group would hold one hexagon twice)."""
    allowed, colour_twice, pattern_twice = hood[0], hood[1], hood[2]
    if not allowed >> t & 1:
        return SHARES_NOTHING
    if colour_twice >> t & 1:
        return COLOUR_TWICE
    if pattern_twice >> t & 1:
        return PATTERN_TWICE
    return FITS


def fitting(hood: Neighbourhood) -> int:
    """The types that fit in ``hood`` (those ``fault`` finds nothing wrong with), in bits."""
    return hood[0] & ~(hood[1] | hood[2])


def _lowest(bits: int) -> int:
    """The index of the lowest set bit."""
    return (bits & -bits).bit_length() - 1


class Placement(Payment):
    """The placement rule and the placements (a placement is paid for: Payment)."""

    # -- the placement rule, written once: what a cell's neighbours allow, and which
    # part of the rule a hexagon breaks there (legal moves, can_place and the refusal
    # messages all read these two) --------------------------------------------------

    def _neighbourhood(self, p: int, x: int) -> Neighbourhood:
        """What the hexagons around cell ``x`` of player ``p`` 's garden allow: the types
        that touch a neighbour of their colour (or pattern, unless adjacency is by colour
        alone), or every type where there is no neighbour; and the types that would join
        a colour (pattern) group holding that type already, or join two groups of their
        colour (pattern) that share a hexagon (joined by ``x`` they would hold it twice)."""
        # The loop is kernels.py's (compiled where it was built).
        return neighbourhood(
            self.garden[p],
            self.col_lab[p],
            self.col_mask[p],
            self.pat_lab[p],
            self.pat_mask[p],
            x,
            self.rules.by_pattern,
        )

    def _groups(self, p: int) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
        """Player ``p`` 's garden and its colour and pattern group labels and masks: what
        the kernels read."""
        return self.garden[p], self.col_lab[p], self.col_mask[p], self.pat_lab[p], self.pat_mask[p]

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
        ccomb, cclash, pcomb, pclash = hood[3:]
        c, q = COL[t], PAT[t]
        if broken == COLOUR_TWICE:
            kind = rules.colours[c]
            # The hexagon itself, if the group holds it already; else one the group's
            # parts both hold (their patterns, in the colour's group).
            twice = t if ccomb >> t & 1 else c * NUM_PATTERNS + _lowest(cclash >> 6 * c & 63)
        else:
            kind = rules.patterns[q]
            tq = q * NUM_PATTERNS + c
            twice = t if pcomb >> tq & 1 else _lowest(pclash >> 6 * q & 63) * NUM_PATTERNS + q
        return (
            f"{name} on {cell_name(x)} would make a {kind} group holding two "
            f"{rules.tile_name(twice)} hexagons"
        )

    # -- placements ------------------------------------------------------------------

    def _placement_options(self, p: int, out: list[int]) -> None:
        """Add to ``out`` the turn's placements: each hexagon in ``p`` 's storage whose
        cost storage can pay, on each empty space it fits, then each stored expansion
        storage can pay for (without itself), on each spot of a free area it fits."""
        mask = self._payable_types(p)
        if mask:
            fits = self.fits[p][0]
            if fits is None:
                fits = self._fitting_cells(p)
            place_ids(fits, mask, A.PLACE, out)
        # (An expansion never pays for itself: the keys counted are other types.)
        for e in self.store_exps[p]:
            if self.can_pay(p, e):
                base = A.EXPAND + e * NUM_CELLS
                out.extend(base + x for x in self.expansion_spots(p, e))

    def _fitting_cells(self, p: int) -> Fits:
        """Each empty cell of ``p`` 's garden where some hexagon fits, with the types that
        do (bits); kept in ``fits`` until a hexagon or expansion goes on the garden."""
        g, cl, cm, pl, pm = self._groups(p)
        bp = self.rules.by_pattern
        found = []
        for x in range(NUM_CELLS):
            if g[x] == EMPTY:
                types = fitting_types(g, cl, cm, pl, pm, x, bp)
                if types:
                    found.append((x, types))
        fits = tuple(found)
        self.fits[p] = (fits, self.fits[p][1])
        return fits

    def _fitting_spots(self, p: int) -> Fits:
        """The same for the spaces of ``p`` 's free expansion areas, where an expansion's
        printed space may go; kept in ``fits`` beside the cells."""
        g, cl, cm, pl, pm = self._groups(p)
        bp = self.rules.by_pattern
        found = []
        for a in self._free_areas(p):
            for x in RING[a]:
                types = fitting_types(g, cl, cm, pl, pm, x, bp)
                if types:
                    found.append((x, types))
        spots = tuple(found)
        self.fits[p] = (self.fits[p][0], spots)
        return spots

    def _place_from_storage(self, p: int, a: int) -> None:
        """A turn's placement ``a`` (a hexagon or an expansion from storage): it goes on
        the garden, the next player is due, and its cost is paid first."""
        self.own_rows(p)
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
        spots = self.fits[p][1]
        if spots is None:
            spots = self._fitting_spots(p)
        return [x for x, types in spots if types >> e & 1]

    def _place_expansion(self, p: int, e: int, x: int) -> None:
        self.own_rows(p)
        self.fits[p] = UNKNOWN
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
        """A hexagon (placed or printed) lands on cell ``x``: update the groups, and where
        hexagons fit on the empty cells, if that was known."""
        self.own_rows(p)
        cells, spots = self.fits[p]
        members = join_groups(*self._groups(p), x, t)  # kernels.py
        c, q = COL[t], PAT[t]
        self.colour_count[p][c] += 1
        self.pattern_count[p][q] += 1
        self.fits[p] = (
            None if cells is None else self._refit(p, cells, members, EMPTY),
            None if spots is None else self._refit(p, spots, members, ABSENT),
        )

    def _refit(self, p: int, fits: Fits, members: int, kind: int) -> Fits:
        """Where hexagons fit (``kind`` EMPTY: on the empty cells; ABSENT: on the spaces
        of the free expansion areas) once the groups of the cells ``members`` have
        changed: only the cells next to those groups see anything new, so only they are
        worked out again (``_fitting_cells`` and ``_fitting_spots`` look at them all)."""
        # The loop is kernels.py's (compiled where it was built); EMPTY is its -1.
        return refit(fits, members, *self._groups(p), self.rules.by_pattern, kind)

    # -- a bought expansion ------------------------------------------------------------

    def _legal_place_bought(self, d: Decision[PlaceBoughtInfo]) -> list[int]:
        base = A.EXPAND + d.info * NUM_CELLS
        return [base + x for x in self.expansion_spots(d.player, d.info)]

    def _apply_place_bought(self, d: Decision[PlaceBoughtInfo], a: int) -> None:
        e, x = divmod(a - A.EXPAND, NUM_CELLS)
        self._place_expansion(d.player, e, x)
