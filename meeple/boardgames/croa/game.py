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

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from meeple.boardgames.croa import components as comp
from meeple.boardgames.croa.actions import Codec
from meeple.boardgames.croa.state import CroaState
from meeple.core.messages import not_a_move
from meeple.core import GameInfo, OptionSpec
from meeple.core.api import JSON, Game, Layout
from meeple.core.errors import NotationError

QUIET_TURN_LIMIT = 60
"""Turns in a row with no tile turned up, no frog removed and no baby born end the game
(a ruling: the rulebook has no end for a pond where nothing can happen any more)."""

POND_OPTIONS = ("three_backs", "classic")
BACKS_OPTIONS = ("dealt", "fixed")

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

    def __init__(
        self,
        players: int | None = None,
        components: str | Path | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(players, components, options)
        data: comp.CroaComponents = self.components
        self.data = data
        self.pond = data.three_backs if self.options["pond"] == "three_backs" else data.classic
        self.codec = Codec(data.tile_types, data.three_backs.back_ids)
        # Dealt backs: the number of squares of each back still to lay (the layout in the
        # component file gives them); None when the layout is fixed (one back, or the
        # option backs=fixed).
        self.deal: tuple[int, ...] | None = None
        if len(self.pond.back_ids) > 1 and self.options["backs"] == "dealt":
            self.deal = tuple(self.pond.layout.count(b) for b in range(len(self.pond.back_ids)))
        self.n_types = len(data.tile_types)
        self.slots = data.servants_per_player + 1  # slot 0 is the queen
        n = self.players * self.slots
        self.owner = tuple(i // self.slots for i in range(n))
        self.is_queen = tuple(i % self.slots == 0 for i in range(n))
        self.starts = data.starts[self.players]
        self.quiet_limit = QUIET_TURN_LIMIT

    def load_components(self, path: Path | None) -> comp.CroaComponents:
        return comp.load(path)

    def num_distinct_actions(self) -> int:
        return self.codec.size

    def max_game_length(self) -> int:
        # Turns: each tile reveal, frog removal or birth restarts the quiet count.
        frogs = self.players * self.slots
        events = comp.SQUARES + 2 * frogs
        turns = (events + 1) * self.quiet_limit
        # Per turn: each frog jumps at most once of its own accord (the first jump or a
        # mosquito's), then bounces over distinct lilies and may return once; every
        # landing may need a reveal first. Plus a "stop" and a victim choice.
        lilies = max(sum(c[0] for c in self.pond.counts), 0)
        per_turn = self.slots * 2 * (lilies + 2) + 2
        return turns * per_turn + comp.SQUARES  # and the deal of the backs, one per square

    def action_name(self, action: int) -> str:
        return self.codec.name(action)

    def action_type(self, action: int) -> str:
        """Used by ``meeple analyze`` to group decisions (see meeple.analysis.balance)."""
        return self.codec.kind(action)

    def parse_action(self, text: str) -> int:
        a = self.codec.parse(text)
        if a is None or not 0 <= a < self.codec.size:
            raise NotationError(not_a_move(text, self.info.name, self.info.id, HOW_TO_WRITE))
        return a

    def render_text(self, observation: Mapping[str, JSON]) -> str:
        from meeple.boardgames.croa.render import render_text

        return render_text(observation)

    def render_svg(self, observation: Mapping[str, JSON], layout: Layout = "wide") -> str:
        from meeple.boardgames.croa.render import render_svg

        return render_svg(observation, layout)
