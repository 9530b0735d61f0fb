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
from collections.abc import Mapping
from pathlib import Path

from meeple.boardgames.azul_queens_garden import actions as A
from meeple.boardgames.azul_queens_garden.components import Components, load
from meeple.boardgames.azul_queens_garden.state import AzulQueensGardenState
from meeple.core.messages import not_a_move
from meeple.core import Game, GameInfo, OptionSpec
from meeple.core.api import JSON, Layout
from meeple.core.errors import NotationError

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
                "colour-or-pattern",
                ("colour-or-pattern", "colour"),
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
                "rising",
                ("rising", "flat"),
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
    components: Components

    def load_components(self, path: Path | None) -> Components:
        return load(path)

    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def max_game_length(self) -> int:
        comp = self.components
        n = self.players
        per_exp = comp.tiles_per_expansion
        # Every expansion of the game enters a display at most once: its draws,
        # its reveal, the acquisitions that empty it (one item each at worst) and
        # the copy choices (one per hexagon taken from it at most).
        display = 36 * (3 * per_exp + 3)
        # Per player: a placement is 1 + mode + up to 5 payments; 36 hexagon
        # spaces and 6 expansions; passing with up to 12 discards per round; and
        # face-down purchases, each costing 6 of at most ~700 points, 3 steps each.
        per_player = 42 * 7 + comp.rounds * 14 + 120 * 3
        return display + n * per_player + 100

    def action_name(self, action: int) -> str:
        return A.action_name(self.components, action)

    def parse_action(self, text: str) -> int:
        try:
            return super().parse_action(text)
        except NotationError:
            pass
        # American spelling is read too (``pay by color``); the names written stay British.
        spelled = _COLOR.sub("colour", text)
        if spelled != text:
            try:
                return super().parse_action(spelled)
            except NotationError:
                pass
        raise NotationError(not_a_move(text, self.info.name, self.info.id, EXAMPLES))

    def render_text(self, observation: Mapping[str, JSON]) -> str:
        from meeple.boardgames.azul_queens_garden.render import render_text

        return render_text(observation)

    def render_svg(self, observation: Mapping[str, JSON], layout: Layout = "wide") -> str:
        from meeple.boardgames.azul_queens_garden.render import render_svg

        return render_svg(observation, layout)
