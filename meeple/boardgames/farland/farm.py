"""A player's farm on the grid, and the shapes of the pieces placed on it.

A shape in one rotation is ``(w, h, cells, offsets)`` with ``cells`` a tuple of
``(offset, cell)``: ``offset`` is the square relative to the top-left corner of
the footprint (``dx + dy * N``) and ``cell`` a farm cell: the component cell
tuple with its printed fences rotated, plus a sixth field, the step from this
square to the other half of its building (0 when it is not a building).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from functools import cache

from meeple.boardgames.farland.actions import N, sq
from meeple.boardgames.farland.components import K_BUILDING, K_POND, Cell

FarmCell = tuple[int, int, int, int, int, int]
Shape = tuple[int, int, tuple[tuple[int, FarmCell], ...], frozenset[int]]

HOUSE_SQUARES = (sq(0, 0), sq(1, 0), sq(0, 1), sq(1, 1))
HOUSE_SET = frozenset(HOUSE_SQUARES)
HOUSE_EDGES = frozenset(
    e for i in HOUSE_SQUARES for e in (2 * i, 2 * (i + N), 2 * i + 1, 2 * (i + 1) + 1)
)

FENCE, PIPE, TROUGH = 0, 1, 2
NIMBUS = 2  # install kind index (troughs follow from 3)

# -- rules over sets of choices ----------------------------------------------------------

Check = tuple[Set[int], bool, str]
"""One part of a rule that allows some squares, edges or corners: a set, whether a choice
must be in it (True) or out of it (False), and the reason a choice breaking it is refused.
A rule is a sequence of checks, the first a set the choice must be in; the legal moves and
the refusals' words both come from it (:func:`allowed`, :func:`refusal`)."""


def allowed(checks: Sequence[Check]) -> set[int]:
    """Every choice the rule ``checks`` allows: the first check's set, narrowed by the others."""
    first, inside, _why = checks[0]
    assert inside, "a rule starts with the set its choices come from"
    out = set(first)
    for members, inside, _why in checks[1:]:
        if inside:
            out &= members
        else:
            out -= members
    return out


def refusal(checks: Sequence[Check], choice: int) -> str | None:
    """Why the rule ``checks`` refuses ``choice`` (the first check it breaks), or None."""
    for members, inside, why in checks:
        if (choice in members) is not inside:
            return why
    return None


def side_edges(i: int) -> tuple[int, int, int, int]:
    """The edges of square ``i``: top, right, bottom, left."""
    return (2 * i, 2 * (i + 1) + 1, 2 * (i + N), 2 * i + 1)


class _SideTable(dict[int, tuple[int, int, int, int]]):
    """:func:`side_edges` of each square, worked out the first time it is asked for."""

    def __missing__(self, i: int) -> tuple[int, int, int, int]:
        out = self[i] = side_edges(i)
        return out


_SIDES = _SideTable()


class _NearTable(dict[int, tuple[int, int, int, int, int]]):
    """Each square and its four neighbours, worked out the first time it is asked for."""

    def __missing__(self, i: int) -> tuple[int, int, int, int, int]:
        out = self[i] = (i, i + 1, i - 1, i + N, i - N)
        return out


_NEAR = _NearTable()


def farm_edges(squares: Iterable[int]) -> set[int]:
    """Every side of these squares."""
    return set().union(*map(_SIDES.__getitem__, squares))


def cell_fence_edges(i: int, mask: int) -> list[int]:
    """The edges of square ``i`` carrying a printed fence (mask bits N E S W)."""
    return [e for k, e in enumerate(side_edges(i)) if mask >> k & 1]


def edge_squares(e: int) -> tuple[int, int]:
    """The two squares on either side of edge ``e``."""
    i = e >> 1
    return (i, i - 1) if e & 1 else (i, i - N)


def edge_corners(e: int) -> tuple[int, int]:
    i = e >> 1
    return (i, i + N) if e & 1 else (i, i + 1)


def corner_squares(v: int) -> tuple[int, int, int, int]:
    return (v - N - 1, v - N, v - 1, v)


def corner_edges(v: int) -> tuple[int, int, int, int]:
    """The four edges meeting at corner ``v``."""
    return (2 * v, 2 * (v - 1), 2 * v + 1, 2 * (v - N) + 1)


def inner_corner(cells: Mapping[int, object], v: int) -> bool:
    """Are all four arms of a cross at corner ``v`` on edges of the farm?"""
    nw, ne, sw, se = (q in cells for q in corner_squares(v))
    return (nw or ne) and (ne or se) and (sw or se) and (nw or sw)


def nimbus_checks(
    cells: Mapping[int, object], pipes: Iterable[int], nimbus: Set[int]
) -> tuple[Check, ...]:
    """Where a Nimbus Generator may go, as a rule (:data:`Check`): on a grid corner of the
    farm with its four arms on edges of the farm, no other Nimbus there and no pipe ending
    there (it would overlap the cross)."""
    corners: set[int] = set()
    for i in cells:
        corners.update((i, i + 1, i + N, i + N + 1))
    ends: set[int] = set()
    for e in pipes:
        ends.update(edge_corners(e))
    inner = {v for v in corners if inner_corner(cells, v)}
    return (
        (corners, True, "that corner is not on your farm"),
        (inner, True, "all four arms of the cross must lie on edges of your farm"),
        (nimbus, False, "a Nimbus Generator is already on that corner"),
        (ends, False, "a pipe already ends at that corner"),
    )


def nimbus_corners(
    cells: Mapping[int, object], pipes: Iterable[int], nimbus: Set[int]
) -> list[int]:
    """Grid corners of the farm where a Nimbus Generator may go (:func:`nimbus_checks`)."""
    return sorted(allowed(nimbus_checks(cells, pipes, nimbus)))


# -- placing a piece: the rule ---------------------------------------------------------------

TOUCH = "it must touch or cover your farm"
ON_HOUSE = "it would cover the starting house"
HALF = "it would cover only half of a building"
OFF_GRID = "it would leave the grid"


@cache
def grid_anchors(w: int, h: int) -> frozenset[int]:
    """The top-left squares where a ``w`` x ``h`` footprint stays on the grid (off its
    outermost rows and columns)."""
    return frozenset(x + y * N for y in range(1, N - h) for x in range(1, N - w))


Reach = tuple[int, int, int, tuple[int, ...]]
"""A footprint as the place decision reads it: ``(base, w, h, offsets)``, its anchors
counted as ``base`` plus their square (the place decision's action ids) and the offsets of
the squares it covers, in increasing order (:func:`reach_key`)."""


def reach_key(base: int, shape: Shape) -> Reach:
    return (base, shape[0], shape[1], tuple(sorted(shape[3])))


class ReachTable(dict[int, tuple[int, ...]]):
    """Per square ``t``: the anchors (as ``base`` plus their square) where the footprint
    covers ``t``, stays on the grid and leaves the starting house uncovered. A square's
    entry is worked out the first time it is asked for."""

    __slots__ = ("base", "grid", "house", "offs")

    def __init__(self, key: Reach) -> None:
        super().__init__()
        self.base, w, h, self.offs = key
        self.grid = grid_anchors(w, h)
        self.house = frozenset(q - o for q in HOUSE_SQUARES for o in self.offs)

    def __missing__(self, t: int) -> tuple[int, ...]:
        grid, house, base = self.grid, self.house, self.base
        out = self[t] = tuple(
            base + t - o for o in self.offs if t - o in grid and t - o not in house
        )
        return out


@cache
def reach_table(key: Reach) -> ReachTable:
    return ReachTable(key)


@cache
def half_cuts(key: Reach) -> dict[int, tuple[int, ...]]:
    """Per step from a building square to its other half: ``base - o`` for each offset
    ``o`` of the footprint that would cover the square but not the other half (so the
    anchor ``square + base - o`` is refused)."""
    base, _w, _h, offs = key
    return {step: tuple(base - o for o in offs if o + step not in offs) for step in (1, -1, N, -N)}


def _rot_mask(m: int) -> int:
    return ((m << 1) | (m >> 3)) & 15


def rotations(w: int, h: int, cells: list[tuple[int, int, Cell]]) -> tuple[Shape | None, ...]:
    """The four clockwise rotations of a shape; a rotation that looks exactly like
    an earlier one is ``None`` (so a symmetric piece offers fewer rotations)."""
    out: list[Shape | None] = []
    seen: list[frozenset[tuple[int, FarmCell]]] = []
    cur = [(x, y, c) for x, y, c in cells]
    cw, ch = w, h
    for _ in range(4):
        pos = {(x, y): c for x, y, c in cur}
        items: list[tuple[int, FarmCell]] = []
        for (x, y), c in sorted(pos.items(), key=lambda t: (t[0][1], t[0][0])):
            step = 0
            if c[0] == K_BUILDING:
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    o = pos.get((x + dx, y + dy))
                    if o is not None and o[0] == K_BUILDING:
                        step = dx + dy * N
            items.append((x + y * N, (c[0], c[1], c[2], c[3], c[4], step)))
        key = frozenset(items)
        if key in seen:
            out.append(None)
        else:
            seen.append(key)
            out.append((cw, ch, tuple(items), frozenset(o for o, _ in items)))
        # rotate clockwise: (x, y) -> (ch - 1 - y, x)
        cur = [(ch - 1 - y, x, (c[0], c[1], c[2], _rot_mask(c[3]), c[4])) for x, y, c in cur]
        cw, ch = ch, cw
    return tuple(out)


def card_shape(cells: tuple[Cell, ...]) -> tuple[Shape | None, ...]:
    return rotations(2, 2, [(k % 2, k // 2, c) for k, c in enumerate(cells)])


def tile_shape(btype: int) -> tuple[Shape | None, ...]:
    c: Cell = (K_BUILDING, -1, 0, 0, btype)
    return rotations(2, 1, [(0, 0, c), (1, 0, c)])


def pond_shape(w: int, h: int) -> tuple[Shape | None, ...]:
    c: Cell = (K_POND, -1, 0, 0, -1)
    return rotations(w, h, [(x, y, c) for y in range(h) for x in range(w)])


class Farm:
    """One player's farm, house supply, player board and tech tokens.

    A clone's farm shares every set and dict with the original's (:meth:`copy`): they
    are replaced when they change, never changed in place (hence the ``Mapping`` and
    ``frozenset`` types). Only the two short lists, ``house`` and ``troughs``, are copied.
    """

    __slots__ = (
        "behind",
        "cells",
        "fences",
        "footprints",
        "halves",
        "house",
        "installed",
        "nimbus",
        "pipes",
        "plus10",
        "reach",
        "techs",
        "tokens",
        "touch",
        "troughs",
        "upgrades",
    )

    def __init__(
        self,
        house: tuple[Cell, ...],
        animals: int,
        upgrades: int,
        footprints: Iterable[Reach] = (),
    ) -> None:
        self.cells: Mapping[int, FarmCell] = {
            HOUSE_SQUARES[k]: (*c, 0) for k, c in enumerate(house)
        }
        self.halves: Mapping[int, int] = {}  # building squares: the step to the other half
        self.tokens: Mapping[int, int] = {}
        self.touch: frozenset[int] = frozenset()  # squares of the farm and their neighbours
        # Per footprint a piece may have (``footprints``, in that order): every anchor where
        # it touches or covers the farm, stays on the grid and leaves the starting house
        # uncovered; so all the placement rule allows but for the halves of buildings
        # (:meth:`fits`). Kept as the farm grows, since these only ever gain anchors. The
        # first footprint (a land card's, the piece laid most) gains them at every spread;
        # the others, needed only when a building or pond tile is taken, lag behind by the
        # squares of ``behind`` (touch squares they do not count yet) until catch_up.
        self.footprints: tuple[Reach, ...] = tuple(footprints)
        self.reach: tuple[frozenset[int], ...] = tuple(frozenset() for _ in self.footprints)
        self.behind: tuple[int, ...] = ()
        self.spread(self.cells)
        self.fences: frozenset[int] = frozenset()
        self.pipes: frozenset[int] = frozenset()
        self.nimbus: frozenset[int] = frozenset()
        self.troughs = [0] * animals
        self.house = [0, 0, 0]
        self.techs = 0
        self.plus10 = 0
        self.upgrades = upgrades
        self.installed = False  # installed a piece in the current scoring phase

    def copy(self) -> Farm:
        f = Farm.__new__(Farm)
        f.cells = self.cells
        f.halves = self.halves
        f.tokens = self.tokens
        f.touch = self.touch
        f.footprints = self.footprints
        f.reach = self.reach
        f.behind = self.behind
        f.fences = self.fences
        f.pipes = self.pipes
        f.nimbus = self.nimbus
        f.troughs = self.troughs[:]
        f.house = self.house[:]
        f.techs = self.techs
        f.plus10 = self.plus10
        f.upgrades = self.upgrades
        f.installed = self.installed
        return f

    def installed_count(self) -> int:
        return len(self.fences) + len(self.pipes) + 2 * len(self.nimbus) + sum(self.troughs)

    # -- placement ---------------------------------------------------------------

    def fit_checks(self, shape: Shape) -> tuple[Check, ...]:
        """The placement rule for ``shape`` as sets of top-left squares (:data:`Check`): it
        must touch or cover the farm, never cover the starting house, never cover only
        half of a building, and stay on the grid. The place decision reads the same rule
        from the farm's reach (:meth:`fits`), the rotate decision and the refusals square
        by square (:meth:`fit_problem`); a test holds the three to one another."""
        w, h, _items, offs = shape
        near = {t - o for t in self.touch for o in offs}
        on_house = {q - o for q in HOUSE_SQUARES for o in offs}
        # at i - o the shape covers building square i: it must cover the other half too
        halved = {i - o for i, step in self.halves.items() for o in offs if o + step not in offs}
        return (
            (near, True, TOUCH),
            (on_house, False, ON_HOUSE),
            (halved, False, HALF),
            (grid_anchors(w, h), True, OFF_GRID),
        )

    def fit_problem(self, anchor: int, shape: Shape) -> str | None:
        """Why ``shape`` may not go with its top-left corner on ``anchor``, or None: the
        first part of the placement rule (:meth:`fit_checks`) it breaks."""
        w, h, _items, offs = shape
        touch = self.touch
        for o in offs:
            if anchor + o in touch:
                break
        else:
            return TOUCH
        for o in offs:
            if anchor + o in HOUSE_SET:
                return ON_HOUSE
        halves = self.halves
        for o in offs:
            step = halves.get(anchor + o)
            if step is not None and o + step not in offs:
                return HALF
        return None if anchor in grid_anchors(w, h) else OFF_GRID

    def lay(
        self, squares: Mapping[int, FarmCell], tables: Sequence[ReachTable] | None = None
    ) -> None:
        """Lay ``squares`` on the farm, over what they cover; the building halves and the
        reach follow (``tables``: see :meth:`spread`). The changed dicts are new ones (see
        the class)."""
        cells = self.cells
        halves = self.halves
        new = []
        halved = False  # a building square laid or covered
        for i, c in squares.items():
            if i not in cells:
                new.append(i)
            if c[5] or i in halves:
                halved = True
        self.cells = {**cells, **squares}
        if halved:
            kept = {i: step for i, step in halves.items() if i not in squares}
            self.halves = kept | {i: c[5] for i, c in squares.items() if c[5]}
        if new:
            self.spread(new, tables)

    def spread(self, squares: Iterable[int], tables: Sequence[ReachTable] | None = None) -> None:
        """The farm now reaches ``squares``: they and their neighbours touch it, and the
        first footprint's reach gains the anchors that meet them (the others' wait in
        ``behind``). ``tables``: the footprints' reach tables, where the caller has them."""
        touch = self.touch
        new = set().union(*map(_NEAR.__getitem__, squares))
        new -= touch
        if new:
            self.touch = touch | new
            reach = self.reach
            if reach:
                table = tables[0] if tables is not None else reach_table(self.footprints[0])
                self.reach = (reach[0].union(*map(table.__getitem__, new)), *reach[1:])
                self.behind += tuple(new)

    def catch_up(self, tables: Sequence[ReachTable] | None = None) -> None:
        """Bring every footprint's reach up to the farm's touch (``behind`` emptied)."""
        behind = self.behind
        if behind:
            if tables is None:
                tables = [reach_table(k) for k in self.footprints]
            reach = self.reach
            lagging = zip(reach[1:], tables[1:], strict=True)
            self.reach = (reach[0], *[v.union(*map(t.__getitem__, behind)) for v, t in lagging])
            self.behind = ()

    def anchors(self, shape: Shape) -> set[int]:
        """Every top-left square where ``shape`` may go (:meth:`fit_checks`)."""
        return allowed(self.fit_checks(shape))

    def fits(self, key: Reach) -> frozenset[int]:
        """Every anchor (``base`` plus the square) where the footprint ``key``, one the farm
        keeps the reach of, may go: the placement rule (:meth:`fit_checks`) from the reach,
        less the anchors covering only half of a building."""
        return self.fitting(self.footprints.index(key), reach_table(key), half_cuts(key))

    def fitting(
        self, k: int, table: ReachTable, cuts: Mapping[int, tuple[int, ...]]
    ) -> frozenset[int]:
        """:meth:`fits` of the farm's ``k``-th footprint, given its reach table and
        :func:`half_cuts` (the place decision's path: no key to look up)."""
        ok = self.reach[k]
        if k and self.behind:
            ok = ok.union(*map(table.__getitem__, self.behind))
        halves = self.halves
        if not halves:
            return ok
        return ok.difference([i + x for i, step in halves.items() for x in cuts[step]])
