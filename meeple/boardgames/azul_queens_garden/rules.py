"""Azul: Queen's Garden: the rule constants, and the tables worked out once per game
from the component data, the options and the player count (``Rules``).

The rulebook's numbers (storage room, costs, points, the round stacks) are component
data (``components.json``, checked in ``components``); ``Rules`` holds them as this
game plays them, the options applied.
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple.boardgames.azul_queens_garden.board import AREAS, CELLS_PER_AREA, NUM_CELLS, RING
from meeple.boardgames.azul_queens_garden.components import (
    NUM_COLOURS,
    NUM_PATTERNS,
    NUM_TYPES,
    Components,
    WheelEntry,
)

ADJACENCIES = ("colour-or-pattern", "colour")
"""What a placed hexagon must share with a neighbour: colour or pattern (the published
game), or colour only (the rules summary's wording)."""
PATTERN_SCORINGS = ("rising", "flat")
"""Round scoring of the wheel's pattern: the components' points rising by round, or the
colours' flat points."""

COL = tuple(t // NUM_PATTERNS for t in range(NUM_TYPES))
"""Per tile type (``colour * 6 + pattern``), its colour."""
PAT = tuple(t % NUM_PATTERNS for t in range(NUM_TYPES))
"""Per tile type, its pattern."""
COLOUR_TYPES = tuple(
    sum(1 << t for t in range(NUM_TYPES) if COL[t] == c) for c in range(NUM_COLOURS)
)
"""Per colour, its six tile types as bits (type t is bit t)."""
PATTERN_TYPES = tuple(
    sum(1 << t for t in range(NUM_TYPES) if PAT[t] == q) for q in range(NUM_PATTERNS)
)
"""Per pattern, its six tile types as bits."""
RING_OF_CELL = tuple(RING[c // CELLS_PER_AREA] for c in range(NUM_CELLS))
"""Per cell, the six spaces around the ornament of its area (a completed ring earns a
joker)."""


@dataclass(frozen=True)
class Rules:
    """Everything the state reads, worked out once per game from options and data."""

    colours: tuple[str, ...]
    patterns: tuple[str, ...]
    tile_names: tuple[str, ...]  # per tile type: ``blue-bird``
    values: tuple[int, ...]  # per pattern: cost to place and points in the evaluation
    copies: int  # hexagons of each type
    jokers_total: int
    jokers_start: int
    storage_tiles: int  # room for hexagons and jokers
    storage_expansions: int
    start_score: int
    rounds: int
    face_down_cost: int
    first_pass_penalty: int
    discard_cost: int
    pavilion_points: int
    joker_points: int
    storage_tile_points: int
    min_group: int
    six_bonus: int  # per group of six in the final evaluation; 0 with the option off
    colour_points: int  # round scoring: per hexagon of a scored colour
    pattern_points: tuple[int, ...]  # per round: per hexagon of the scored pattern
    by_pattern: bool  # a placed hexagon may match a neighbour by pattern too
    tiles_per_expansion: int
    display_start: int
    round_stacks: tuple[int, ...]  # for this player count, per round
    reserve: int  # the expansions left in the supply at the start
    wheel: tuple[tuple[WheelEntry, ...], ...]  # per round: the three scored items
    wheel_keys: tuple[tuple[tuple[bool, int], ...], ...]  # the same as (is colour, index)
    ornament: tuple[str, ...]  # per expansion, indexed by its printed tile type
    mask_values: tuple[int, ...]  # per set of patterns (6 bits), the sum of their values
    # Per round and expansion (by printed type): the wheel points of its printed space
    # and its pavilion's points from that round to the end.
    income: tuple[tuple[float, ...], ...]
    max_length: int  # an engine bound on a game's length in actions

    def tile_name(self, t: int) -> str:
        return self.tile_names[t]

    def tile_type(self, name: str) -> int | None:
        c, dash, p = name.partition("-")
        if not dash or c not in self.colours or p not in self.patterns:
            return None
        return self.colours.index(c) * NUM_PATTERNS + self.patterns.index(p)

    def entry_name(self, e: WheelEntry) -> str:
        return self.colours[e.index] if e.is_colour else self.patterns[e.index]


def _income(
    c: Components, pattern_points: tuple[int, ...], pavilion: tuple[bool, ...]
) -> tuple[tuple[float, ...], ...]:
    rows = []
    for start in range(c.rounds):
        row = []
        for e in range(NUM_TYPES):
            total = 0.0
            for r in range(start, c.rounds):
                for w in c.wheel[r]:
                    if w.is_colour:
                        if w.index == COL[e]:
                            total += c.colour_points
                    elif w.index == PAT[e]:
                        total += pattern_points[r]
                if pavilion[e]:
                    total += c.pavilion_points
            row.append(total)
        rows.append(tuple(row))
    return tuple(rows)


def make_rules(
    c: Components, players: int, adjacency: str, group_of_six_bonus: bool, pattern_scoring: str
) -> Rules:
    rising = pattern_scoring == PATTERN_SCORINGS[0]
    pattern_points = c.pattern_points if rising else (c.colour_points,) * c.rounds
    round_stacks, reserve = c.stacks[players]
    pavilion = tuple(o == "pavilion" for o in c.ornament)
    per_exp = c.tiles_per_expansion
    # Every expansion of the game enters a display at most once: its draws, its reveal,
    # the acquisitions that empty it (one item each at worst) and the copy choices (one
    # per hexagon taken from it at most).
    display = NUM_TYPES * (3 * per_exp + 3)
    # Per player: a placement is 1 + mode + up to 5 payments; 36 hexagon spaces and 6
    # expansions; passing with up to 12 discards per round; and face-down purchases,
    # each costing 6 of at most ~700 points, 3 steps each.
    per_player = (NUM_TYPES + AREAS - 1) * 7 + c.rounds * 14 + 120 * 3
    return Rules(
        colours=c.colours,
        patterns=c.patterns,
        tile_names=tuple(c.tile_name(t) for t in range(NUM_TYPES)),
        values=c.values,
        copies=c.copies,
        jokers_total=c.jokers_total,
        jokers_start=c.jokers_start,
        storage_tiles=c.storage_tiles,
        storage_expansions=c.storage_expansions,
        start_score=c.start_score,
        rounds=c.rounds,
        face_down_cost=c.face_down_cost,
        first_pass_penalty=c.first_pass_penalty,
        discard_cost=c.discard_cost,
        pavilion_points=c.pavilion_points,
        joker_points=c.joker_points,
        storage_tile_points=c.storage_tile_points,
        min_group=c.min_group,
        six_bonus=c.six_bonus if group_of_six_bonus else 0,
        colour_points=c.colour_points,
        pattern_points=pattern_points,
        by_pattern=adjacency == ADJACENCIES[0],
        tiles_per_expansion=per_exp,
        display_start=c.display_start,
        round_stacks=round_stacks,
        reserve=reserve,
        wheel=c.wheel,
        wheel_keys=tuple(tuple((e.is_colour, e.index) for e in items) for items in c.wheel),
        ornament=c.ornament,
        mask_values=tuple(
            sum(c.values[q] for q in range(NUM_PATTERNS) if m >> q & 1)
            for m in range(1 << NUM_PATTERNS)
        ),
        income=_income(c, pattern_points, pavilion),
        max_length=display + players * per_player + 100,
    )
