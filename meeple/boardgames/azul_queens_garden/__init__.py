"""Azul: Queen's Garden (Michael Kiesling; Next Move / Plan B, 2022), 2-4 players."""

from meeple.boardgames.azul_queens_garden.game import AzulQueensGardenGame
from meeple.boardgames.azul_queens_garden.state import AzulQueensGardenState

GAME = AzulQueensGardenGame

__all__ = ["GAME", "AzulQueensGardenGame", "AzulQueensGardenState"]
