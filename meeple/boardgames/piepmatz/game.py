"""Piepmatz: the game's static facts, options and action space."""

from __future__ import annotations

from pathlib import Path

from meeple.boardgames.piepmatz import components as comp_mod
from meeple.boardgames.piepmatz.rules import END_TRIGGERS, SPECIES_IDS, Rules, make_rules
from meeple.boardgames.piepmatz.scoring import MAJORITY_MODES
from meeple.boardgames.piepmatz.state import PiepmatzState
from meeple.core.api import Game, GameInfo, OptionSpec

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
    notation_examples = EXAMPLES
    renderer = "meeple.boardgames.piepmatz.render"
    components: comp_mod.Components
    rules: Rules

    def load_components(self, path: Path | None) -> comp_mod.Components:
        return comp_mod.load(path)

    def make_rules(self) -> Rules:
        return make_rules(
            self.components,
            self.players,
            self.options["removed_species"],
            self.options["majority"],
            self.options["end_trigger"],
        )

    def num_distinct_actions(self) -> int:
        return self.rules.total

    def max_game_length(self) -> int:
        c: comp_mod.Components = self.components
        n = self.players
        setup = 1 + c.perches[n] + c.column_size + c.display_size + n * c.hand_size
        # Each turn plays a bird from a hand, so there are at most as many turns as
        # birds; a turn is a play, a collect and two refills (a choice and a draw each).
        turns = self.rules.n_cards * 6
        feeder = sum(s.count for s in c.seeds) + c.crows + c.squirrels
        pests = (c.crows + 1) * c.crow_discards + (c.squirrels + 1) * c.squirrel_discards
        return setup + turns + feeder + pests + n * c.final_keep

    def action_name(self, action: int) -> str:
        return self.rules.names[action]

    def read_action(self, text: str) -> int | None:
        # The names, and the old spellings that records made before still use.
        return self.rules.index.get(" ".join(text.strip().split()).lower())
