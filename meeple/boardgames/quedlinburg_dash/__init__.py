"""Quacks & Co.: Quedlinburg Dash (Schmidt Spiele, 2022; Wolfgang Warsch), 2-4 players.

>>> import meeple
>>> game = meeple.load("quedlinburg_dash", players=2, board="long", cards="butterfly")
>>> state = game.new_initial_state()
>>> state.action_to_string(state.legal_actions()[0])
'draw red-1'
"""

from .game import QuedlinburgDashGame
from .rules import CARD_SETS, Rules
from .state import QuedlinburgDashState

GAME = QuedlinburgDashGame

__all__ = ["CARD_SETS", "GAME", "QuedlinburgDashGame", "QuedlinburgDashState", "Rules"]
