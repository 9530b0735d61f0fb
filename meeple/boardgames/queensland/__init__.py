"""Queensland (Matt Wolfe, 999 Games 2022): farms of tiles, toads driven into ponds.

>>> import meeple
>>> game = meeple.load("queensland", players=3)
>>> state = game.new_initial_state()
>>> state.action_to_string(state.legal_actions()[0])
'draw T01'
"""

from meeple.boardgames.queensland.game import QueenslandGame
from meeple.boardgames.queensland.state import QueenslandState

GAME = QueenslandGame

__all__ = ["GAME", "QueenslandGame", "QueenslandState"]
