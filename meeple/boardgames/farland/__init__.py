"""Farland: farms grown from overlapping land cards (2-4 players, basic and Tech Board rules)."""

from meeple.boardgames.farland.game import FarlandGame
from meeple.boardgames.farland.state import FarlandState

GAME = FarlandGame

__all__ = ["GAME", "FarlandGame", "FarlandState"]
