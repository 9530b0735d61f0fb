"""Azul: Queen's Garden: the game's static facts, action space and notation.

Version history:

1. First release.
2. The +6 group-of-six bonus on by default; round scoring of the wheel's pattern
   rising 1, 2, 3, 3 by round; the taker chooses which copy of an identical hexagon
   to take; an all-joker payment only after ``pay by colour``; wheel round 4
   yellow, blue, fruit.
3. The display's next stack expansion is filled only after a take that touches the
   top one (ruling 7); a face-up expansion printing a hexagon that also lies in the
   display is one copy of it, the taker choosing which to take (ruling 16, new
   ``take expansion blue-bird`` ids); ``pay by color`` is read as ``pay by colour``.
"""

from __future__ import annotations

import re
from pathlib import Path

from meeple.boardgames.azul_queens_garden import actions as A
from meeple.boardgames.azul_queens_garden.components import Components, load
from meeple.boardgames.azul_queens_garden.rules import (
    ADJACENCIES,
    PATTERN_SCORINGS,
    Rules,
    make_rules,
)
from meeple.boardgames.azul_queens_garden.state import AzulQueensGardenState
from meeple.core import Game, GameInfo, OptionSpec

_COLOR = re.compile(r"\bcolor\b", re.IGNORECASE)

EXAMPLES = ("take blue", "place blue-bird at 2.4", "pay by colour")
"""Moves a player types, for the message on a text that is not a move."""


class AzulQueensGardenGame(Game):
    info = GameInfo(
        id="azul_queens_garden",
        name="Azul: Queen's Garden",
        min_players=2,
        max_players=4,
        version=3,
        perfect_information=True,
        options=(
            OptionSpec(
                "adjacency",
                ADJACENCIES[0],
                ADJACENCIES,
                "what a placed hexagon must share with a neighbour: colour or pattern "
                "(the published game), or colour only (the rules summary's wording)",
            ),
            OptionSpec(
                "group_of_six_bonus",
                True,
                (True, False),
                "final evaluation: +6 for each group of six all-different hexagons "
                "(our reading of one review line; off plays the rules summary's evaluation alone)",
                bool,
            ),
            OptionSpec(
                "pattern_scoring",
                PATTERN_SCORINGS[0],
                PATTERN_SCORINGS,
                "round scoring of the wheel's pattern: points per hexagon rising by round "
                "(1, 2, 3, 3: our reading of a review's 1 rising to 3), or flat 1 like the colours",
            ),
        ),
        variants=({"adjacency": "colour", "group_of_six_bonus": False, "pattern_scoring": "flat"},),
        description=(
            "Draft hexagons by colour or pattern, pay for them with storage tiles and "
            "grow a hex garden around a fountain with garden expansions."
        ),
    )
    state_class = AzulQueensGardenState
    notation_examples = EXAMPLES
    renderer = "meeple.boardgames.azul_queens_garden.render"
    components: Components
    rules: Rules

    def load_components(self, path: Path | None) -> Components:
        return load(path)

    def make_rules(self) -> Rules:
        return make_rules(
            self.components,
            self.players,
            self.options["adjacency"],
            self.options["group_of_six_bonus"],
            self.options["pattern_scoring"],
        )

    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def max_game_length(self) -> int:
        return self.rules.max_length

    def action_name(self, action: int) -> str:
        return A.action_name(self.components, action)

    def read_action(self, text: str) -> int | None:
        action = super().read_action(text)
        if action is None:
            # American spelling is read too (``pay by color``); the names written stay British.
            spelled = _COLOR.sub("colour", text)
            if spelled != text:
                action = super().read_action(spelled)
        return action
