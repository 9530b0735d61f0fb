"""Quacks & Co.: Quedlinburg Dash: static facts, options and the action space.

Version history:
  1: first release (both board sides, the four action-card sets).
  2: the butterfly purple card counts orange chips as printed (option ``purple_counts``
     for the purple reading); at the third dream weed the last-place ruby is decided
     before the clover move.
  3: the butterfly purple card counts purple chips, the one just picked included
     (ruling 16); ``purple_counts=orange`` keeps the literal reading of version 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from meeple.core.api import Game, GameInfo, OptionSpec

from . import components as comp
from .actions import COLOURS, N_ACTIONS, action_name
from .rules import CARD_SETS, PURPLE_COUNTS, Rules, make_rules
from .state import QuedlinburgDashState

EXAMPLES = ("buy blue-4", "return red-1", "done")
"""Moves a player types, for the message on a text that is not a move."""


class QuedlinburgDashGame(Game):
    info = GameInfo(
        id="quedlinburg_dash",
        name="Quacks & Co.: Quedlinburg Dash",
        min_players=2,
        max_players=4,
        version=3,
        options=(
            OptionSpec(
                "board",
                "short",
                ("short", "long"),
                "board side: the short path (red roof on the start house) or the long one",
            ),
            OptionSpec(
                "cards",
                "caterpillar",
                CARD_SETS,
                "action-card set: caterpillar or butterfly, basic (4 cards) or extended (6)",
            ),
            OptionSpec(
                "purple_counts",
                "purple",
                PURPLE_COUNTS,
                "butterfly purple card: one clover per purple chip on the animal card, the "
                "one just picked included, or per orange chip (the colour word as printed)",
            ),
        ),
        perfect_information=True,
        description=(
            "A race to Quedlinburg's marketplace: draw food chips from your bag to move "
            "your animal and trigger the action card of the chip's colour; the third "
            "dream weed lets you buy new chips with rubies."
        ),
        variants=(
            {"cards": "caterpillar-extended"},
            {"cards": "butterfly"},
            {"cards": "butterfly-extended", "board": "long"},
            {"cards": "butterfly-extended", "purple_counts": "orange"},
        ),
    )
    state_class = QuedlinburgDashState
    notation_examples = EXAMPLES
    renderer = "meeple.boardgames.quedlinburg_dash.render"
    components: comp.Components
    rules: Rules

    def load_components(self, path: Path | None) -> Any:
        return comp.load(path)

    def make_rules(self) -> Rules:
        return make_rules(
            self.components,
            self.options["board"],
            self.options["cards"],
            self.players,
            self.options["purple_counts"],
        )

    def check_options(self) -> None:
        white_names = tuple(f.name for f in self.components.white_die)
        self._names = tuple(action_name(a, white_names) for a in range(N_ACTIONS))
        # Per turn: at most every chip of a bag drawn in one chain, each followed by a
        # die roll and a choice, plus the shop (one purchase per colour, then done).
        per_turn = (
            3 * (self.components.start_bag[-1] + sum(self.components.chips)) + len(COLOURS) + 1
        )
        self._max_length = self.rules.turn_limit * per_turn

    def num_distinct_actions(self) -> int:
        return N_ACTIONS

    def max_game_length(self) -> int:
        return self._max_length

    def action_name(self, action: int) -> str:
        return self._names[action]
