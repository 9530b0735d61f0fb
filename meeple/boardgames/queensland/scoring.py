"""Queensland scoring as pure functions, each returning plain numbers or a breakdown.

A *farm* here is a mapping ``(x, y) -> (Tile, rotation)`` with x growing east and y
growing south; *toads* maps a cell to the number of toads on it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from meeple.boardgames.queensland.components import START_IDS, Components, Tile, start_layout
from meeple.core.components import require

Cell = tuple[int, int]
Farm = Mapping[Cell, tuple[Tile, int]]

STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""A step north, east, south, west."""

CATEGORIES = (
    "ponds_in_play",
    "fewest_toads",
    "most_toads",
    "sugar_cane",
    "wheat",
    "cows",
    "scarecrows",
    "tractors",
    "ponds",
)


def pond_points(toads: int, c: Components) -> int:
    """Points for a pond holding ``toads`` after movement (0: it does not score yet)."""
    if toads < c.pond_exactly:
        return 0
    return c.pond_exact_points if toads == c.pond_exactly else c.pond_over_points


def trait_points(count: int, table: Sequence[int]) -> int:
    """Points for ``count`` of one trait; the table's last value is for that many or more."""
    return table[min(count, len(table) - 1)]


def toad_extremes(
    toads: Sequence[int], tiles_with_toads: Sequence[int], c: Components
) -> tuple[list[int], list[int]]:
    """Final scoring A (fewest toads) and B (most toads): the points per player."""
    n = len(toads)
    fewest = [0] * n
    most = [0] * n
    if len(set(toads)) == 1:
        # Everyone has as many toads: the tiles holding toads decide instead.
        key = list(tiles_with_toads)
        low = min(key)
        for p in range(n):
            if key[p] == low:
                fewest[p] = c.fewest_toads
        if toads[0] >= 1:
            high = max(key)
            for p in range(n):
                if key[p] == high:
                    most[p] = c.most_toads
        return fewest, most
    low, high = min(toads), max(toads)
    for p in range(n):
        if toads[p] == low:
            fewest[p] = c.fewest_toads
        if toads[p] == high and high >= 1:
            most[p] = c.most_toads
    return fewest, most


@dataclass(frozen=True)
class FarmField:
    """A field of a farm: its crop, its sections (a tile counts once per section) and
    whether it is complete (no section of it lies on an open side)."""

    crop: str
    sections: int
    complete: bool


def farm_fields(farm: Farm) -> list[FarmField]:
    """Every field of a farm, joined across matching sides."""
    parent: dict[tuple[Cell, int], tuple[Cell, int]] = {}
    for cell, (tile, _) in farm.items():
        for i in range(len(tile.fields)):
            parent[(cell, i)] = (cell, i)

    def root(node: tuple[Cell, int]) -> tuple[Cell, int]:
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    open_nodes: set[tuple[Cell, int]] = set()
    for cell, (tile, rot) in farm.items():
        x, y = cell
        for d in range(4):
            side = (d - rot) % 4
            lands = tile.edges[side]
            dx, dy = STEPS[d]
            ncell = (x + dx, y + dy)
            other = farm.get(ncell)
            for k, land in enumerate(lands):
                fi = tile.section_field[side][k]
                if fi < 0:
                    continue
                node = (cell, fi)
                if other is None:
                    open_nodes.add(node)
                    continue
                otile, orot = other
                oside = (d + 2 - orot) % 4
                olands = otile.edges[oside]
                ok = len(olands) == len(lands) and olands[len(lands) - 1 - k] == land
                if not ok:
                    open_nodes.add(node)
                    continue
                a, b = root(node), root((ncell, otile.section_field[oside][len(lands) - 1 - k]))
                if a != b:
                    parent[a] = b
    groups: dict[tuple[Cell, int], list[tuple[Cell, int]]] = {}
    for node in parent:
        groups.setdefault(root(node), []).append(node)
    out = []
    for nodes in groups.values():
        cell, fi = nodes[0]
        crop = farm[cell][0].fields[fi].crop
        complete = not any(n in open_nodes for n in nodes)
        out.append(FarmField(crop, len(nodes), complete))
    return out


def largest_complete(fields: Sequence[FarmField], crop: str) -> int:
    """Sections of the largest complete field of ``crop`` (0 when there is none)."""
    return max((f.sections for f in fields if f.crop == crop and f.complete), default=0)


def check_start_block(c: Components) -> None:
    """Refuse start tiles whose block holds a complete field: it would score for every
    player and never grow (a check of the component data, on top of components.load)."""
    block = {cell: (c.start_tiles[i], rot) for i, (cell, rot) in enumerate(start_layout(0))}
    closed = [f for f in farm_fields(block) if f.complete]
    require(
        not closed,
        "start_tiles",
        f"the start farm holds a complete {closed[0].crop} field of {closed[0].sections}"
        " sections; every field on it must reach an outer side"
        if closed
        else "",
    )


@dataclass(frozen=True)
class FinalResult:
    scores: list[dict[str, int]]
    tiebreaks: list[tuple[int, int, int]]  # own-colour tiles kept, wheat, cane sections
    removed: list[list[Cell]]  # cells of tiles removed for holding toads


def final_scores(
    farms: Sequence[Farm],
    toads: Sequence[Mapping[Cell, int]],
    in_play: Sequence[int],
    c: Components,
) -> FinalResult:
    """Final scoring A to H for every player, after the points scored during play."""
    n = len(farms)
    counts = [sum(t.values()) for t in toads]
    holding = [sum(1 for v in t.values() if v > 0) for t in toads]
    fewest, most = toad_extremes(counts, holding, c)
    table = c.trait_table(n)
    scores = []
    ties = []
    removed = []
    for p in range(n):
        gone = sorted(cell for cell, v in toads[p].items() if v > 0)
        kept = {cell: v for cell, v in farms[p].items() if cell not in set(gone)}
        fields = farm_fields(kept)
        cane = largest_complete(fields, "cane")
        wheat = largest_complete(fields, "wheat")
        traits = [sum(t.traits[i] for t, _ in kept.values()) for i in range(3)]
        row = {
            "ponds_in_play": in_play[p],
            "fewest_toads": fewest[p],
            "most_toads": most[p],
            "sugar_cane": cane * c.cane_per_section,
            "wheat": wheat * c.wheat_per_section,
            "cows": trait_points(traits[0], table),
            "scarecrows": trait_points(traits[1], table),
            "tractors": trait_points(traits[2], table),
            "ponds": c.pond_points * sum(1 for t, _ in kept.values() if t.pond),
        }
        row["total"] = sum(row.values())
        scores.append(row)
        own = sum(1 for t, _ in kept.values() if t.id in START_IDS)
        ties.append((own, wheat, cane))
        removed.append(gone)
    return FinalResult(scores, ties, removed)
