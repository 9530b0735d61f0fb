"""Crôa!: frogs on a face-down pond; the last queen standing wins (see docs/games/croa.md)."""

from meeple.boardgames.croa.game import CroaGame
from meeple.boardgames.croa.state import CroaState

GAME = CroaGame

__all__ = ["GAME", "CroaGame", "CroaState"]
