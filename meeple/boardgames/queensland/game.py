"""Queensland's static facts and the Game: action space and notation (the tables are rules.py's).

Version history (records of another version are refused, see meeple.core.record):
    1: first release.
    2: new start tile D (wheat to the south), so no field on the start block is closed;
       setup in the rulebook's order: market, then facings in seat order, then the
       starting player.
"""

from __future__ import annotations

from pathlib import Path

from meeple.boardgames.queensland import actions as A
from meeple.boardgames.queensland import components
from meeple.boardgames.queensland.components import Components
from meeple.boardgames.queensland.rules import MARKET_SPACES, Rules, make_rules
from meeple.boardgames.queensland.scoring import check_start_block
from meeple.boardgames.queensland.state import QueenslandState
from meeple.core import Game, GameInfo

INFO = GameInfo(
    id="queensland",
    name="Queensland",
    min_players=2,
    max_players=4,
    version=2,
    options=(),
    description=(
        "Grow a farm of sugar cane and wheat tiles while herding toads by compass "
        "direction into ponds: exactly five toads in a pond score best. "
        "2-4 players (the solo rules are not implemented)."
    ),
)

EXAMPLES = ("take 2", "place -1,0", "rotate 180")
"""Moves a player types, for the message on a text that is not a move."""


class QueenslandGame(Game):
    info = INFO
    state_class = QueenslandState
    notation_examples = EXAMPLES
    renderer = "meeple.boardgames.queensland.render"
    components: Components
    rules: Rules

    def load_components(self, path: Path | None) -> Components:
        c = components.load(path)
        check_start_block(c)
        return c

    def make_rules(self) -> Rules:
        return make_rules(self.components, self.players)

    def num_distinct_actions(self) -> int:
        return A.DRAW + self.rules.n_farm

    def max_game_length(self) -> int:
        n = self.players
        turns = self.rules.n_farm - 2
        # The market draws, facings, first player, then per turn take, place, rotate,
        # the passive players' group answers and a draw.
        return 1 + n + MARKET_SPACES + turns * (4 + n)

    def action_name(self, action: int) -> str:
        return A.action_name(action, self.rules.tile_ids)
