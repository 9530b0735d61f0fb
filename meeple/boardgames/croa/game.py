"""Crôa!'s static facts (GameInfo), options and the Game: action space and notation.

Version history:
    1: first release (three-back pond by default, classic single-back option).
    2: a bounce back to the tile just left obeys the landing rules; the "nobody can move"
       stop after exactly two rounds of passes.
    3: the backs of the three-back pond are dealt at random at setup (chance, one
       ``lay <back>`` per square, a1 to h8), as the rulebook's shuffle lays them; the old
       fixed layout is the option ``backs=fixed``. New action ids after the victims.
"""

from __future__ import annotations

from pathlib import Path

from meeple.boardgames.croa import components as comp
from meeple.boardgames.croa.rules import BACKS_OPTIONS, LILY, POND_OPTIONS, Rules, make_rules
from meeple.boardgames.croa.state import CroaState
from meeple.core import GameInfo, OptionSpec
from meeple.core.api import Game

HOW_TO_WRITE = (
    "A jump is written 'Qa1-b2' for a queen or 'Sb1-c2' for a servant, "
    "and 'stop' turns down the extra jump a mosquito gives"
)
"""The moves a player types, for the message on a text that is not a move (the reveals
are chance outcomes, and a servant's victim is asked for only on a log)."""


class CroaGame(Game):
    info = GameInfo(
        id="croa",
        name="Crôa!",
        min_players=2,
        max_players=4,
        version=3,
        options=(
            OptionSpec(
                "pond",
                "three_backs",
                POND_OPTIONS,
                "three_backs: shallow water and two deep-water sets, backs visible; "
                "classic: the older single-back mix of 64 tiles",
            ),
            OptionSpec(
                "backs",
                "dealt",
                BACKS_OPTIONS,
                "dealt: the tiles are shuffled, so each square's back is dealt by chance at "
                "setup; fixed: the backs lie in the component file's layout (shallow ring "
                "and centre); the classic pond has one back, so nothing is dealt",
            ),
        ),
        perfect_information=True,
        description=(
            "Frogs on a face-down pond: jump, turn tiles up, breed with males and eat "
            "the other queens; the last queen standing wins."
        ),
        variants=({"pond": "classic"}, {"backs": "fixed"}),
    )
    state_class = CroaState
    notation_examples = HOW_TO_WRITE
    renderer = "meeple.boardgames.croa.render"
    components: comp.CroaComponents
    rules: Rules

    def make_rules(self) -> Rules:
        return make_rules(
            self.components, self.options["pond"], self.options["backs"], self.players
        )

    def load_components(self, path: Path | None) -> comp.CroaComponents:
        return comp.load(path)

    def num_distinct_actions(self) -> int:
        return self.rules.codec.size

    def max_game_length(self) -> int:
        rules = self.rules
        # Turns: each tile reveal, frog removal or birth restarts the quiet count.
        frogs = self.players * rules.slots
        events = comp.SQUARES + 2 * frogs
        turns = (events + 1) * rules.quiet_limit
        # Per turn: each frog jumps at most once of its own accord (the first jump or a
        # mosquito's), then bounces over distinct lilies and may return once; every
        # landing may need a reveal first. Plus a "stop" and a victim choice.
        lilies = max(sum(c[LILY] for c in rules.pond.counts), 0)
        per_turn = rules.slots * 2 * (lilies + 2) + 2
        return turns * per_turn + comp.SQUARES  # and the deal of the backs, one per square

    def action_name(self, action: int) -> str:
        return self.rules.codec.name(action)

    def action_type(self, action: int) -> str:
        """Used by ``meeple analyze`` to group decisions (see meeple.analysis.balance)."""
        return self.rules.codec.kind(action)

    def read_action(self, text: str) -> int | None:
        codec = self.rules.codec
        a = codec.parse(text)
        return a if a is not None and 0 <= a < codec.size else None
