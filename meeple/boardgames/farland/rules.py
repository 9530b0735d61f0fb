"""Farland: the rule constants, and the tables worked out once per game from the component
data, the options and the player count (``Rules``)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from meeple.boardgames.farland import components as comps
from meeple.boardgames.farland.actions import Layout
from meeple.boardgames.farland.components import Components
from meeple.boardgames.farland.farm import (
    Reach,
    ReachTable,
    Shape,
    card_shape,
    half_cuts,
    pond_shape,
    reach_key,
    reach_table,
    tile_shape,
)
from meeple.boardgames.farland.scoring import Techs

RULE_SETS = ("basic", "advanced")
"""The ``rules`` option: the basic game, or the advanced one with the Tech Board (and the
livestock tables of the side of that name)."""
TILE = 100
"""Piece id of a building tile: ``TILE`` + its building type (land cards are 0..69)."""
POND = 200
"""Piece id of a pond tile."""
LAND_CARD_GAINS = 2
"""A land card that shows no building comes with this many improvements from the supply."""
EFFICIENT_CONSTRUCTION_GAINS = 1
"""Efficient Construction: improvements from the supply with every building tile taken."""
LEVEL2_SLOTS = {2: 1, 3: 2, 4: 2}
"""Players who may hold each level 2 technology, by player count."""


@dataclass(frozen=True)
class Rules:
    """Everything the state needs, worked out once per game from options and data."""

    components: Components
    side: str  # "basic" or "advanced": the option, and the livestock tables' side
    advanced: bool
    actions: Layout  # the offsets of the action ids' blocks
    column_marks: tuple[int, ...]  # the market columns used: the least player count of each
    columns: int
    livestock: tuple[tuple[int, ...], ...]  # this side's table per animal, top to bottom
    card_gains: tuple[int, ...]  # per land card: improvements gained when it is taken
    # piece id -> its shape in each rotation (None where it repeats a smaller rotation)
    shapes: dict[int, tuple[Shape | None, ...]]
    # piece id -> the distinct footprints of its rotations, as the place decision reads
    # them (farm.Reach: anchors counted from the first "at" action id)
    footprints: dict[int, tuple[Reach, ...]]
    # the footprints of every piece that may be laid: the ones a farm keeps the reach of
    # (a land card's first: the one Farm.spread keeps up at once)
    reaches: tuple[Reach, ...]
    # per footprint of ``reaches``: its reach table and its half_cuts (farm.py)
    reach_tables: tuple[ReachTable, ...]
    reach_cuts: tuple[dict[int, tuple[int, ...]], ...]
    # piece id (one that may be laid) -> the places in ``reaches`` of its footprints
    reach_slots: dict[int, tuple[int, ...]]
    # piece id -> per rotation, the first rotation with the same footprint (the placement
    # rule judges them alike), or -1 where the rotation repeats a smaller one (None)
    first_fits: dict[int, tuple[int, ...]]
    building_pieces: frozenset[int]  # pieces that add a building: tiles, and cards with one
    # the longest side of a piece that may be laid (ponds only in the advanced game): how
    # far beyond a farm a piece laid touching it reaches, the ring the pictures keep
    piece_reach: int
    tech_index: dict[str, int]
    tech_bit: dict[str, int]
    n_level1: int
    tree_level1_bits: tuple[int, ...]  # per technology: the level 1 technologies of its tree
    level2_slots: int  # players who may hold each level 2 technology
    # The deep heuristic's memory of planned farms (planner.planned_outlook): kept with
    # the rules, so a corrected component file never meets another file's plans.
    outlooks: dict[Hashable, tuple[int, int]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    # A farm's technology bits -> the scoring's Techs of them (state.techs_of): a handful
    # of distinct sets a game, each made once.
    techs_memo: dict[int, Techs] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )


def make_rules(comp: Components, side: str, players: int) -> Rules:
    n_tiles = len(comp.building_types)
    shapes: dict[int, tuple[Shape | None, ...]] = {}
    for k, card in enumerate(comp.land_cards):
        shapes[k] = card_shape(card.cells)
    for b in range(n_tiles):
        shapes[TILE + b] = tile_shape(b)
    shapes[POND] = pond_shape(*comp.pond_size)
    advanced = side == "advanced"
    column_marks = tuple(c for c in comp.market_columns if c <= players)
    layout = Layout(comp)
    footprints = {
        k: tuple(dict.fromkeys(reach_key(layout.AT, s) for s in r if s is not None))
        for k, r in shapes.items()
    }
    laid = [k for k in shapes if advanced or k != POND]
    first_fits: dict[int, tuple[int, ...]] = {}
    for k, r in shapes.items():
        keys = [None if s is None else reach_key(layout.AT, s) for s in r]
        first_fits[k] = tuple(-1 if f is None else keys.index(f) for f in keys)
    n_level1 = len(comps.LEVEL1)
    reaches = tuple(dict.fromkeys(f for k in laid for f in footprints[k]))
    return Rules(
        components=comp,
        side=side,
        advanced=advanced,
        actions=layout,
        column_marks=column_marks,
        columns=len(column_marks),
        livestock=comp.livestock[side],
        card_gains=tuple(LAND_CARD_GAINS if card.building < 0 else 0 for card in comp.land_cards),
        shapes=shapes,
        footprints=footprints,
        reaches=reaches,
        reach_tables=tuple(reach_table(f) for f in reaches),
        reach_cuts=tuple(half_cuts(f) for f in reaches),
        reach_slots={k: tuple(reaches.index(f) for f in footprints[k]) for k in laid},
        first_fits=first_fits,
        building_pieces=frozenset(
            [TILE + b for b in range(n_tiles)]
            + [k for k, card in enumerate(comp.land_cards) if card.building >= 0]
        ),
        piece_reach=max(
            (max(s[0], s[1]) for k in laid for s in shapes[k] if s is not None),
            default=1,
        ),
        tech_index={t: k for k, t in enumerate(comp.techs)},
        tech_bit={t: 1 << k for k, t in enumerate(comp.techs)},
        n_level1=n_level1,
        tree_level1_bits=tuple(
            sum(1 << j for j in range(n_level1) if comp.tech_tree[j] == comp.tech_tree[k])
            for k in range(len(comp.techs))
        ),
        level2_slots=LEVEL2_SLOTS[players],
    )
