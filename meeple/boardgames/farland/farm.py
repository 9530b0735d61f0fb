"""A player's farm on the grid, and the shapes of the pieces placed on it.

A shape in one rotation is ``(w, h, cells, offsets)`` with ``cells`` a tuple of
``(offset, cell)``: ``offset`` is the square relative to the top-left corner of
the footprint (``dx + dy * N``) and ``cell`` a farm cell: the component cell
tuple with its printed fences rotated, plus a sixth field, the step from this
square to the other half of its building (0 when it is not a building).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

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


def side_edges(i: int) -> tuple[int, int, int, int]:
    """The edges of square ``i``: top, right, bottom, left."""
    return (2 * i, 2 * (i + 1) + 1, 2 * (i + N), 2 * i + 1)


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


def nimbus_corners(
    cells: Mapping[int, object], pipes: Iterable[int], nimbus: Iterable[int]
) -> list[int]:
    """Grid corners of the farm where a Nimbus Generator may go: its four arms on edges of
    the farm, no pipe ending there (it would overlap the cross) and no other Nimbus."""
    out: set[int] = set()
    for i in cells:
        out.update((i, i + 1, i + N, i + N + 1))
    out.difference_update(nimbus)
    for e in pipes:
        out.difference_update(edge_corners(e))
    return sorted(v for v in out if inner_corner(cells, v))


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
    """One player's farm, house supply, player board and tech tokens."""

    __slots__ = (
        "cells",
        "fences",
        "house",
        "installed",
        "nimbus",
        "pipes",
        "plus10",
        "techs",
        "tokens",
        "touch",
        "troughs",
        "upgrades",
    )

    def __init__(self, house: tuple[Cell, ...], animals: int, upgrades: int) -> None:
        self.cells: dict[int, FarmCell] = {HOUSE_SQUARES[k]: (*c, 0) for k, c in enumerate(house)}
        self.tokens: dict[int, int] = {}
        self.touch: set[int] = set()  # squares of the farm and their neighbours
        for i in self.cells:
            self.add_touch(i)
        self.fences: set[int] = set()
        self.pipes: set[int] = set()
        self.nimbus: set[int] = set()
        self.troughs = [0] * animals
        self.house = [0, 0, 0]
        self.techs = 0
        self.plus10 = 0
        self.upgrades = upgrades
        self.installed = False  # installed a piece in the current scoring phase

    def copy(self) -> Farm:
        f = Farm.__new__(Farm)
        f.cells = dict(self.cells)
        f.tokens = dict(self.tokens)
        f.touch = set(self.touch)
        f.fences = set(self.fences)
        f.pipes = set(self.pipes)
        f.nimbus = set(self.nimbus)
        f.troughs = list(self.troughs)
        f.house = list(self.house)
        f.techs = self.techs
        f.plus10 = self.plus10
        f.upgrades = self.upgrades
        f.installed = self.installed
        return f

    def installed_count(self) -> int:
        return len(self.fences) + len(self.pipes) + 2 * len(self.nimbus) + sum(self.troughs)

    # -- placement ---------------------------------------------------------------

    def fits(self, anchor: int, shape: Shape) -> bool:
        """May ``shape`` go with its top-left corner on ``anchor``?"""
        w, h, items, offsets = shape
        col = anchor % N
        row = anchor // N
        if col < 1 or row < 1 or col + w > N - 1 or row + h > N - 1:
            return False
        touch = self.touch
        if not any(anchor + off in touch for off in offsets):
            return False
        cells = self.cells
        for off, _c in items:
            i = anchor + off
            if i in HOUSE_SET:
                return False
            old = cells.get(i)
            if old is not None and old[5] and i + old[5] - anchor not in offsets:
                return False  # never cover only half a building
        return True

    def add_touch(self, i: int) -> None:
        self.touch.update((i, i + 1, i - 1, i + N, i - N))

    def anchors(self, shape: Shape) -> set[int]:
        """Every top-left square where ``shape`` may go: touching or covering the
        farm, never on the starting house, never over half a building, on the grid."""
        w, h, _items, offs = shape
        cands = {t - o for t in self.touch for o in offs}
        bad = {q - o for q in HOUSE_SQUARES for o in offs}
        for i, c in self.cells.items():
            step = c[5]
            if step:
                j = i + step
                for o in offs:
                    a = i - o
                    if j - a not in offs:
                        bad.add(a)
        cands -= bad
        return {a for a in cands if 1 <= a % N <= N - 1 - w and 1 <= a // N <= N - 1 - h}
