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

    def k(t: int) -> int:
        return t // P if by_colour else t % P

    seen: set[int] = set()
    out: list[list[int]] = []
    for start, t in enumerate(cells):
        if t < 0 or start in seen or k(t) != key:
            continue
        group = [start]
        seen.add(start)
        i = 0
        while i < len(group):
            for n in NEIGHBOURS[group[i]]:
                u = cells[n]
                if u >= 0 and n not in seen and k(u) == key:
                    seen.add(n)
                    group.append(n)
            i += 1
        out.append(sorted(group))
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
        for key in range(P):
            for g in groups(cells, by_colour, key):
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
