"""Piepmatz - Little Songbirds: hidden hands, feeding chains and pests.

>>> import meeple
>>> meeple.load("piepmatz", players=4).rules.n_perches
3
"""

from meeple.boardgames.piepmatz.game import PiepmatzGame
from meeple.boardgames.piepmatz.state import PiepmatzState

GAME = PiepmatzGame

__all__ = ["GAME", "PiepmatzGame", "PiepmatzState"]
