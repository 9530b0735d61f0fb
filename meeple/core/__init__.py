"""meeple's engine core: the API every game implements and everything built on it."""

from meeple.core.api import (
    AUTOMATIC,
    CHANCE,
    TERMINAL,
    Decision,
    Game,
    GameInfo,
    OptionSpec,
    State,
    multiset_outcomes,
    sample_chance,
)
from meeple.core.errors import (
    ComponentsError,
    GameOverError,
    IllegalActionError,
    MeepleError,
    NotationError,
    OptionError,
    PositionError,
    RecordError,
    UnknownGameError,
)
from meeple.core.position import read_position
from meeple.core.registry import game_class, games, load, register

__all__ = [
    "AUTOMATIC",
    "CHANCE",
    "TERMINAL",
    "ComponentsError",
    "Decision",
    "Game",
    "GameInfo",
    "GameOverError",
    "IllegalActionError",
    "MeepleError",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "PositionError",
    "RecordError",
    "State",
    "UnknownGameError",
    "game_class",
    "games",
    "load",
    "multiset_outcomes",
    "read_position",
    "register",
    "sample_chance",
]
