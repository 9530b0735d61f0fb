"""The hex geometry of a garden: the fountain board and the six expansion areas.

A garden is seven "flowers" of seven hexes each: an ornament in the middle and six
spaces around it. Area 0 is the fountain board (the fountain and its six spaces);
areas 1-6 are the expansion areas around it, placed as in the tiling of the plane
by seven-hex flowers, so every area touches the fountain board and its two
neighbouring areas. Cell ``a.k`` is space ``k`` (1-6, counter-clockwise from east)
of area ``a``; ``a.0`` is the area's ornament.

Coordinates are axial ``(q, r)`` with pointy-top hexes.
"""

from __future__ import annotations

AREAS = 7
CELLS_PER_AREA = 7
NUM_CELLS = AREAS * CELLS_PER_AREA

# Axial directions, counter-clockwise from east (pointy-top hexes, y grows down).
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _rotate(q: int, r: int) -> tuple[int, int]:
    """Rotate an axial vector by 60 degrees."""
    s = -q - r
    return (-r, -s)


def _area_centres() -> tuple[tuple[int, int], ...]:
    centres = [(0, 0)]
    q, r = 2, -3  # a flower-tiling lattice vector, pointing up and to the right
    for _ in range(6):
        centres.append((q, r))
        q, r = _rotate(q, r)
    return tuple(centres)


AREA_CENTRES = _area_centres()


def _coords() -> tuple[tuple[int, int], ...]:
    out = []
    for cq, cr in AREA_CENTRES:
        out.append((cq, cr))
        for dq, dr in DIRECTIONS:
            out.append((cq + dq, cr + dr))
    return tuple(out)


COORDS = _coords()
_INDEX = {c: i for i, c in enumerate(COORDS)}
assert len(_INDEX) == NUM_CELLS, "the seven flowers must not overlap"


def _neighbours() -> tuple[tuple[int, ...], ...]:
    out = []
    for q, r in COORDS:
        out.append(
            tuple(_INDEX[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in _INDEX)
        )
    return tuple(out)


NEIGHBOURS = _neighbours()
"""Per cell, the cells of the garden next to it."""

RING: tuple[tuple[int, ...], ...] = tuple(
    tuple(a * CELLS_PER_AREA + k for k in range(1, 7)) for a in range(AREAS)
)
"""Per area, its six spaces (the hexes around its ornament)."""


def area_of(cell: int) -> int:
    return cell // CELLS_PER_AREA


def is_ornament(cell: int) -> bool:
    return cell % CELLS_PER_AREA == 0


def cell_name(cell: int) -> str:
    return f"{cell // CELLS_PER_AREA}.{cell % CELLS_PER_AREA}"


def parse_cell(text: str) -> int | None:
    a, dot, k = text.partition(".")
    if not dot or not a.isdigit() or not k.isdigit():
        return None
    ai, ki = int(a), int(k)
    if 0 <= ai < AREAS and 0 <= ki < CELLS_PER_AREA:
        return ai * CELLS_PER_AREA + ki
    return None
