"""Crôa!: the rule constants, and the tables worked out once per game from the component
data, the options and the player count (``Rules``)."""

from __future__ import annotations

from dataclasses import dataclass

from meeple.boardgames.croa import components as comp
from meeple.boardgames.croa.actions import Codec

LILY, MOSQUITO, MUD, PIKE, REEDS, LOG = range(len(comp.EFFECTS))
"""The tile effects by their tile type (``components.EFFECTS``)."""
MALE0 = len(comp.EFFECTS)
"""The first male tile type; one type per colour follows."""
MUD_TURNS = 2
"""A frog landing in mud is stuck for the rest of this turn and the owner's next one."""
QUIET_TURN_LIMIT = 60
"""Turns in a row with no tile turned up, no frog removed and no baby born end the game
(a ruling: the rulebook has no end for a pond where nothing can happen any more)."""

POND_OPTIONS = ("three_backs", "classic")
BACKS_OPTIONS = ("dealt", "fixed")


@dataclass(frozen=True)
class Rules:
    """Everything the hot path needs, worked out once per game from options and data.

    Frogs are numbered ``player * slots + k``: slot 0 is the queen, slots 1.. the
    servants (see the state)."""

    players: int
    pond: comp.Pond  # the pond played: the three-back pond or the classic one
    tile_types: tuple[str, ...]  # EFFECTS then "male-<colour>" per colour
    n_types: int
    male_colours: tuple[str, ...]
    servants_at_start: int
    slots: int  # frogs per player: the queen and her servants
    owner: tuple[int, ...]  # per frog: its player
    is_queen: tuple[bool, ...]  # per frog
    starts: tuple[comp.Start, ...]  # per seat, for this player count
    # Dealt backs: the number of squares of each back still to lay (the layout in the
    # component file gives them); None when the layout is fixed (one back, or the
    # option backs=fixed).
    deal: tuple[int, ...] | None
    quiet_limit: int
    codec: Codec  # the action ids and their names


def make_rules(data: comp.CroaComponents, pond_option: str, backs: str, players: int) -> Rules:
    pond = data.three_backs if pond_option == "three_backs" else data.classic
    deal = None
    if len(pond.back_ids) > 1 and backs == "dealt":
        deal = tuple(pond.layout.count(b) for b in range(len(pond.back_ids)))
    slots = data.servants_per_player + 1  # slot 0 is the queen
    n = players * slots
    return Rules(
        players=players,
        pond=pond,
        tile_types=data.tile_types,
        n_types=len(data.tile_types),
        male_colours=data.male_colours,
        servants_at_start=data.servants_at_start,
        slots=slots,
        owner=tuple(i // slots for i in range(n)),
        is_queen=tuple(i % slots == 0 for i in range(n)),
        starts=data.starts[players],
        deal=deal,
        quiet_limit=QUIET_TURN_LIMIT,
        # The backs are the three-back pond's, whichever pond is played, so the action
        # space does not depend on the options.
        codec=Codec(data.tile_types, data.three_backs.back_ids),
    )
