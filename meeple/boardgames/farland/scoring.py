"""Farland scoring as pure functions: tables, pastures, irrigation, a farm's breakdown.

Every function takes plain data (a farm's squares, tokens and edge sets) and
returns numbers, so tests can score small hand-built farms directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from meeple.boardgames.farland.actions import N
from meeple.boardgames.farland.components import K_BUILDING, K_POND, Components
from meeple.boardgames.farland.farm import HOUSE_EDGES, FarmCell, corner_squares, edge_corners

CATEGORIES = ("livestock", "crops", "pastures", "buildings", "tech")


def crop_points(count: int, comp: Components, extended: bool = False) -> int:
    """Points for ``count`` crops of one type (the triangular table).

    Without Agro-Optimizer the table stops at 6 crops (21); with it, 7 to 9 crops
    score 28, 36, 45 and every crop after that adds ``crop_step_after``.
    """
    table = comp.crop_points
    top = len(table) - 1
    if count <= top:
        return table[count]
    if not extended:
        return table[top]
    ext = comp.crop_points_extended
    if count - top <= len(ext):
        return ext[count - top - 1]
    return ext[-1] + comp.crop_step_after * (count - top - len(ext))


def building_points(unique: int, comp: Components) -> int:
    table = comp.building_points
    return table[min(unique, len(table) - 1)]


def livestock_value(table: Sequence[int], troughs: int) -> int:
    """The value of the bottommost space of a table not covered by a trough."""
    return table[len(table) - 1 - troughs]


def printed_fences(cells: Mapping[int, FarmCell]) -> set[int]:
    out: set[int] = set()
    for i, c in cells.items():
        m = c[3]
        if m:
            if m & 1:
                out.add(2 * i)
            if m & 2:
                out.add(2 * (i + 1) + 1)
            if m & 4:
                out.add(2 * (i + N))
            if m & 8:
                out.add(2 * i + 1)
    return out


Links = Mapping[int, tuple[tuple[int, int], ...]]
"""Per square: (the square beyond each side, or -1 off the farm; that side's edge)."""


def square_links(cells: Mapping[int, FarmCell]) -> dict[int, tuple[tuple[int, int], ...]]:
    """Each square's four sides, as ``regions`` walks them (north, east, south, west)."""
    out: dict[int, tuple[tuple[int, int], ...]] = {}
    for i in cells:
        n, e, s, w = i - N, i + 1, i + N, i - 1
        out[i] = (
            (n if n in cells else -1, 2 * i),
            (e if e in cells else -1, 2 * e + 1),
            (s if s in cells else -1, 2 * s),
            (w if w in cells else -1, 2 * i + 1),
        )
    return out


def regions(
    cells: Mapping[int, FarmCell], fenced: set[int], links: Links | None = None
) -> list[tuple[list[int], bool]]:
    """Split the farm into areas bounded by ``fenced`` edges.

    Returns ``(squares, closed)`` per area: ``closed`` areas are pastures (no
    unfenced side faces outside the farm); the others are open fields. ``links``:
    the farm's ``square_links``, where the caller already has them.
    """
    if links is None:
        return _regions_by_sides(cells, fenced)
    seen: set[int] = set()
    out: list[tuple[list[int], bool]] = []
    for start in cells:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        area: list[int] = []
        closed = True
        while stack:
            i = stack.pop()
            area.append(i)
            for j, e in links[i]:
                if e in fenced:
                    continue
                if j < 0:
                    closed = False
                elif j not in seen:
                    seen.add(j)
                    stack.append(j)
        out.append((area, closed))
    return out


def _regions_by_sides(
    cells: Mapping[int, FarmCell], fenced: set[int]
) -> list[tuple[list[int], bool]]:
    """``regions`` without links: the same walk, each side of a square looked at in place
    (north, east, south, west, as ``square_links`` lists them). For a farm scored once,
    building its links costs more than the walk. One set holds the squares not yet
    reached, so a side into one of them costs a single look-up."""
    left = set(cells)
    out: list[tuple[list[int], bool]] = []
    while left:
        stack = [left.pop()]
        area: list[int] = []
        closed = True
        while stack:
            i = stack.pop()
            area.append(i)
            if 2 * i not in fenced:
                j = i - N
                if j in left:
                    left.remove(j)
                    stack.append(j)
                elif j not in cells:
                    closed = False
            j = i + 1
            if 2 * j + 1 not in fenced:
                if j in left:
                    left.remove(j)
                    stack.append(j)
                elif j not in cells:
                    closed = False
            j = i + N
            if 2 * j not in fenced:
                if j in left:
                    left.remove(j)
                    stack.append(j)
                elif j not in cells:
                    closed = False
            if 2 * i + 1 not in fenced:
                j = i - 1
                if j in left:
                    left.remove(j)
                    stack.append(j)
                elif j not in cells:
                    closed = False
        out.append((area, closed))
    return out


def live_pipes(pipes: Iterable[int]) -> set[int]:
    """The pipes of networks that reach the starting house: pipes join at grid corners,
    and a network counts if one of its pipes lies on a side of a starting-house square."""
    by_corner: dict[int, list[int]] = {}
    for e in pipes:
        for v in edge_corners(e):
            by_corner.setdefault(v, []).append(e)
    live = {e for e in pipes if e in HOUSE_EDGES}
    stack = list(live)
    while stack:
        e = stack.pop()
        for v in edge_corners(e):
            for f in by_corner[v]:
                if f not in live:
                    live.add(f)
                    stack.append(f)
    return live


def irrigated_squares(
    cells: Mapping[int, FarmCell],
    pipes: Iterable[int],
    nimbus: Iterable[int] = (),
) -> set[int]:
    """Squares next to a pipe of a network that reaches the starting house, around a
    Nimbus Generator, or next to a pond."""
    out: set[int] = set()
    for e in live_pipes(pipes):
        i = e >> 1
        out.add(i)
        out.add(i - 1 if e & 1 else i - N)
    for v in nimbus:
        out.update(corner_squares(v))
    for i, c in cells.items():
        if c[0] == K_POND:
            out.update((i - N, i + 1, i + N, i - 1))
    return {i for i in out if i in cells and cells[i][0] != K_POND}


@dataclass(frozen=True)
class Techs:
    """The technologies that change scoring (advanced rules)."""

    aquasphere: bool = False
    free_range: bool = False
    symbiosis: bool = False
    fence_sprinkler: bool = False
    agro_optimizer: bool = False
    land_prep: bool = False
    growth_enhancer: bool = False


def score_farm(
    cells: Mapping[int, FarmCell],
    tokens: Mapping[int, int],
    fences: Iterable[int],
    pipes: Iterable[int],
    nimbus: Iterable[int],
    troughs: Sequence[int],
    comp: Components,
    side: str = "basic",
    techs: Techs = Techs(),
    printed: set[int] | None = None,
    irrigated: set[int] | None = None,
    links: Links | None = None,
) -> dict[str, int]:
    """One scoring phase for one farm: points by category (no ``total``). ``printed`` and
    ``irrigated`` (and ``links``): the farm's printed fences and irrigated squares (and
    its ``square_links``), where the caller already knows them (the planner scores one
    farm many times)."""
    na = len(comp.animals)
    nr = len(comp.resources)
    pipes = set(pipes)
    fenced = set(fences) | (printed_fences(cells) if printed is None else printed)
    if techs.fence_sprinkler:
        fenced |= pipes
    areas = regions(cells, fenced, links)
    tables = comp.livestock[side]
    values = [livestock_value(tables[a], troughs[a]) for a in range(na)]

    livestock = 0
    growth = 0
    pastures = 0
    crops = [0] * (nr - na)
    if irrigated is None:
        irrigated = irrigated_squares(cells, pipes, nimbus)
    aquasphere = techs.aquasphere
    for area, closed in areas:
        counts = [0] * nr
        for i in area:
            c = cells[i]
            if c[1] >= 0:
                counts[c[1]] += c[2]
            t = tokens.get(i)
            if t is not None:
                counts[t] += 1
        kinds = na - counts[:na].count(0)
        if closed:
            pastures += 1
            scores = kinds == 1 or (kinds > 1 and techs.symbiosis)
        else:
            scores = kinds == 1 and techs.free_range
        if scores:
            for a in range(na):
                if counts[a]:
                    livestock += counts[a] * values[a]
                    growth += counts[a]
        if closed and kinds:
            continue  # animals trample the crops of their pasture
        # the squares whose crops score: every one of a pasture with Aquasphere, else the
        # irrigated ones (looked for in C: few squares are irrigated)
        watered: Iterable[int] = area if closed and aquasphere else irrigated.intersection(area)
        for i in watered:
            c = cells[i]
            if c[1] >= na:
                crops[c[1] - na] += c[2]
            t = tokens.get(i)
            if t is not None and t >= na:
                crops[t - na] += 1
    crop_pts = sum(crop_points(n, comp, techs.agro_optimizer) for n in crops)
    unique = {c[4] for c in cells.values() if c[0] == K_BUILDING}
    tech = 0
    if techs.land_prep:
        tech += pastures + sum(crops)
    if techs.growth_enhancer:
        tech += growth
    return {
        "livestock": livestock,
        "crops": crop_pts,
        "pastures": pastures * comp.pasture_points,
        "buildings": building_points(len(unique), comp),
        "tech": tech,
    }
