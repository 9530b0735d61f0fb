"""Piepmatz: the game's static facts, options and action space."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from meeple.core.messages import not_a_move
from meeple.boardgames.piepmatz import components as comp_mod
from meeple.boardgames.piepmatz.actions import Tables
from meeple.boardgames.piepmatz.scoring import MAJORITY_MODES
from meeple.boardgames.piepmatz.state import PiepmatzState
from meeple.core.api import JSON, Game, GameInfo, Layout, OptionSpec
from meeple.core.errors import NotationError, OptionError

SPECIES_IDS = ("chaffinch", "sparrow", "bullfinch", "blackbird", "greenfinch", "yellowhammer")
END_TRIGGERS = ("empty", "draw")
"""When the end comes: the feeder deck's last card is drawn, or a card is needed from it
when it is empty (ruling 8)."""
EXAMPLES = ("play chaffinch-3f perch 1", "take blackbird-5f", "draw")
"""Moves a player types, for the message on a text that is not a move."""


class PiepmatzGame(Game):
    """Piepmatz - Little Songbirds (Lookout, 2018), for 2 to 4 players.

    >>> import meeple
    >>> game = meeple.load("piepmatz", players=3)
    >>> state = game.new_initial_state()
    >>> state.action_to_string(state.legal_actions()[0])
    'bird chaffinch-1f'
    """

    info = GameInfo(
        id="piepmatz",
        name="Piepmatz",
        min_players=2,
        max_players=4,
        version=1,
        options=(
            OptionSpec(
                "removed_species",
                "random",
                ("random", *SPECIES_IDS),
                "two players: the species set aside (random: a chance draw at setup)",
                str,
            ),
            OptionSpec(
                "majority",
                "all",
                MAJORITY_MODES,
                "the majority holder scores the eggs of all its birds of the species "
                "(all, the rulebook) or only of those not in a mated pair (unpaired)",
                str,
            ),
            OptionSpec(
                "end_trigger",
                "empty",
                END_TRIGGERS,
                "the end is triggered when the feeder deck runs out (empty, the rulebook) or "
                "when a card is needed from the empty feeder deck (draw, the publisher's text)",
                str,
            ),
        ),
        variants=({"majority": "unpaired"}, {"end_trigger": "draw"}),
        description=(
            "Songbirds queue at a feeder: outnumber the feeding bird to take it and a seed "
            "card, collect mated pairs and species majorities; hands are hidden."
        ),
    )
    state_class = PiepmatzState

    def __init__(
        self,
        players: int | None = None,
        components: str | Path | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(players, components, options)
        self.tables = Tables(self.components)

    def load_components(self, path: Path | None) -> comp_mod.Components:
        return comp_mod.load(path)

    def check_options(self) -> None:
        choice = self.options["removed_species"]
        if choice == "random":
            return
        if self.players != 2:
            raise OptionError(
                "option 'removed_species' is for two players only; with "
                f"{self.players} players every species is used (leave it 'random')"
            )
        if not self.components.two_player_removed_species:
            raise OptionError(
                f"option 'removed_species' cannot be {choice!r}: this component file sets "
                "aside no species in the two-player game (rules.two_player_removed_species "
                "is 0), so leave it 'random'"
            )
        ids = [s.id for s in self.components.species]
        if choice not in ids:
            raise OptionError(
                f"option 'removed_species' cannot be {choice!r} with this component file; "
                f"allowed: random, {', '.join(ids)}"
            )

    def num_distinct_actions(self) -> int:
        return self.tables.total

    def max_game_length(self) -> int:
        c: comp_mod.Components = self.components
        n = self.players
        setup = 1 + c.perches[n] + c.column_size + c.display_size + n * c.hand_size
        # Each turn plays a bird from a hand, so there are at most as many turns as
        # birds; a turn is a play, a collect and two refills (a choice and a draw each).
        turns = self.tables.n_cards * 6
        feeder = sum(s.count for s in c.seeds) + c.crows + c.squirrels
        pests = (c.crows + 1) * c.crow_discards + (c.squirrels + 1) * c.squirrel_discards
        return setup + turns + feeder + pests + n * c.final_keep

    def action_name(self, action: int) -> str:
        return self.tables.names[action]

    def parse_action(self, text: str) -> int:
        a = self.tables.index.get(" ".join(text.strip().split()).lower())
        if a is None:
            raise NotationError(not_a_move(text, self.info.name, self.info.id, EXAMPLES))
        return a

    def render_text(self, observation: Mapping[str, JSON]) -> str:
        from meeple.boardgames.piepmatz.render import render_text

        return render_text(observation)

    def render_svg(self, observation: Mapping[str, JSON], layout: Layout = "wide") -> str:
        from meeple.boardgames.piepmatz.render import render_svg

        return render_svg(observation, layout)
