"""Pure scoring functions, each returning points (or a breakdown) from plain data.

A garden is given as a sequence of cell contents: a tile type (``colour * 6 +
pattern``, 0-35) for a hexagon (placed or printed on an expansion), anything
negative for an empty space, an ornament or a cell outside the garden.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.boardgames.azul_queens_garden.board import NEIGHBOURS

P = 6  # patterns per colour: tile type t is colour t // P, pattern t % P


def groups(cells: Sequence[int], by_colour: bool, key: int) -> list[list[int]]:
    """The groups of ``key`` (a colour or a pattern): connected hexagons sharing it."""
    return [g for k, g in all_groups(cells, by_colour) if k == key]


def all_groups(cells: Sequence[int], by_colour: bool) -> list[tuple[int, list[int]]]:
    """Every colour group (or every pattern group) of a garden, each with its colour
    (pattern), in the order of their first cells: one pass over the garden for all six
    keys at once (the final evaluation scores them all)."""
    keys = [(t // P if by_colour else t % P) if t >= 0 else -1 for t in cells]
    seen = [False] * len(cells)
    out: list[tuple[int, list[int]]] = []
    for start, key in enumerate(keys):
        if key < 0 or seen[start]:
            continue
        group = [start]
        seen[start] = True
        i = 0
        while i < len(group):
            for n in NEIGHBOURS[group[i]]:
                if not seen[n] and keys[n] == key:
                    seen[n] = True
                    group.append(n)
            i += 1
        group.sort()
        out.append((key, group))
    return out


def round_score(
    colour_counts: Sequence[int],
    pattern_counts: Sequence[int],
    wheel: Sequence[tuple[bool, int]],
    pavilions: int,
    pavilion_points: int = 1,
    colour_points: int = 1,
    pattern_points: int = 1,
) -> dict[str, int]:
    """One round's scoring: each hexagon of a colour the wheel shows scores
    ``colour_points``, each of the pattern it shows ``pattern_points`` (a hexagon
    matching two items scores for both), and each visible pavilion ``pavilion_points``."""
    wheel_points = sum(
        colour_counts[i] * colour_points if is_colour else pattern_counts[i] * pattern_points
        for is_colour, i in wheel
    )
    return {"wheel": wheel_points, "pavilions": pavilions * pavilion_points}


def evaluation(
    cells: Sequence[int],
    values: Sequence[int],
    min_group: int = 3,
    six_bonus: int = 0,
) -> dict[str, int]:
    """The final evaluation: every colour, then every pattern; each group of at least
    ``min_group`` hexagons scores the value of each hexagon's pattern. With
    ``six_bonus``, a group of six (all patterns or all colours) scores that much more."""
    points = 0
    bonus = 0
    for by_colour in (True, False):
        for _, g in all_groups(cells, by_colour):
            if len(g) >= min_group:
                points += sum(values[cells[c] % P] for c in g)
                if len(g) == P:
                    bonus += six_bonus
    return {"evaluation": points, "group_bonus": bonus}


def end_of_game(
    jokers: int, storage_tiles: int, joker_points: int = 1, tile_points: int = -1
) -> dict[str, int]:
    """Jokers left in storage score; hexagons left in storage cost."""
    return {"jokers": jokers * joker_points, "storage": storage_tiles * tile_points}
