"""Farland: GameInfo, options and the action space."""

from __future__ import annotations

from pathlib import Path

from meeple.boardgames.farland import components as comps
from meeple.boardgames.farland.components import Components
from meeple.boardgames.farland.rules import RULE_SETS, Rules, make_rules
from meeple.boardgames.farland.state import FarlandState
from meeple.core import Game, GameInfo, OptionSpec

EXAMPLES = ("take lower 1", "at 2,0", "rotate 90")
"""Moves a player types, for the message on a text that is not a move."""


class FarlandGame(Game):
    """Farland for 2 to 4 players; ``rules="advanced"`` adds the Tech Board.

    >>> import meeple
    >>> g = meeple.load("farland", players=3)
    >>> s = g.new_initial_state()
    >>> s.action_to_string(s.legal_actions()[0])
    'draw L01'
    """

    info = GameInfo(
        id="farland",
        name="Farland",
        min_players=2,
        max_players=4,
        version=2,
        options=(
            OptionSpec(
                "rules",
                "basic",
                RULE_SETS,
                "basic rules, or the advanced Tech Board rules (technologies, ponds)",
            ),
        ),
        perfect_information=True,
        description=(
            "Grow a farm from overlapping land cards over 12 rounds; install fences, pipes "
            "and troughs at the two scoring phases."
        ),
        variants=({"rules": "advanced"},),
    )
    state_class = FarlandState
    notation_examples = EXAMPLES
    renderer = "meeple.boardgames.farland.render"
    components: Components
    rules: Rules

    def load_components(self, path: Path | None) -> Components:
        return comps.load(path)

    def make_rules(self) -> Rules:
        return make_rules(self.components, self.options["rules"], self.players)

    def num_distinct_actions(self) -> int:
        return self.rules.actions.size

    def max_game_length(self) -> int:
        comp = self.components
        n = self.players
        cols = self.rules.columns
        rounds = comp.rounds
        setup = rounds + 2 * cols + 1 + comp.starting_per_player * n
        per_turn = 1 + 1 + 2 + 2 + 4 * 2 + 1 + 1 + (2 + 6 * 2)
        pieces = 3 * comp.improvements_per_type
        installs = 2 * n * (4 * pieces + 1)
        return setup + rounds * n * per_turn + (rounds - 1) * (2 * cols + 1) + installs

    def action_name(self, action: int) -> str:
        return self.rules.actions.name(action)
