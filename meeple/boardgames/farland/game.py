"""Farland: GameInfo, options and the action space."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from meeple.boardgames.farland import components as comps
from meeple.boardgames.farland.actions import Layout
from meeple.boardgames.farland.components import K_BUILDING, K_HOUSE, K_LAND, Components
from meeple.boardgames.farland.farm import FarmCell, Shape, card_shape, pond_shape, tile_shape
from meeple.boardgames.farland.state import POND, TILE, FarlandState
from meeple.core.messages import not_a_move
from meeple.core import Game, GameInfo, OptionSpec
from meeple.core.api import Layout as Screen  # (the farm's own Layout is another thing)
from meeple.core.errors import NotationError

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
                ("basic", "advanced"),
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
    components: Components

    def __init__(
        self,
        players: int | None = None,
        components: str | Path | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(players, components, options)
        comp = self.components
        self.layout = Layout(comp)
        self.side = self.options["rules"]
        self.column_marks = tuple(c for c in comp.market_columns if c <= self.players)
        self.columns = len(self.column_marks)
        self.tech_index = {t: k for k, t in enumerate(comp.techs)}
        self.tech_bit = {t: 1 << k for k, t in enumerate(comp.techs)}
        self.n_level1 = len(comps.LEVEL1)
        # for each technology, the bits of the level 1 technologies of its tree
        self.tree_level1_bits = [
            sum(1 << j for j in range(self.n_level1) if comp.tech_tree[j] == comp.tech_tree[k])
            for k in range(len(comp.techs))
        ]
        shapes: dict[int, tuple[Shape | None, ...]] = {}
        for k, card in enumerate(comp.land_cards):
            shapes[k] = card_shape(card.cells)
        for b in range(len(comp.building_types)):
            shapes[TILE + b] = tile_shape(b)
        shapes[POND] = pond_shape(*comp.pond_size)
        self.shapes = shapes
        # pieces that add a building to the farm: every tile, and land cards showing one
        self.building_pieces = frozenset(
            [TILE + b for b in range(len(comp.building_types))]
            + [k for k, card in enumerate(comp.land_cards) if card.building >= 0]
        )

    def load_components(self, path: Path | None) -> Components:
        return comps.load(path)

    def num_distinct_actions(self) -> int:
        return self.layout.size

    def max_game_length(self) -> int:
        n = self.players
        cols = self.columns
        setup = 12 + 2 * cols + 1 + 2 * n
        per_turn = 1 + 1 + 2 + 2 + 4 * 2 + 1 + 1 + (2 + 6 * 2)
        pieces = 3 * self.components.improvements_per_type
        installs = 2 * n * (4 * pieces + 1)
        return setup + 12 * n * per_turn + 11 * (2 * cols + 1) + installs

    def action_name(self, action: int) -> str:
        return self.layout.name(action)

    def parse_action(self, text: str) -> int:
        try:
            return super().parse_action(text)
        except NotationError:
            raise NotationError(not_a_move(text, self.info.name, self.info.id, EXAMPLES)) from None

    # -- names used by the observation and renderers ----------------------------------

    def content_name(self, c: FarmCell) -> str:
        comp = self.components
        if c[0] == K_LAND:
            return f"{comp.resources[c[1]]}{c[2]}" if c[1] >= 0 else "meadow"
        if c[0] == K_BUILDING:
            return comp.building_types[c[4]]
        if c[0] == K_HOUSE:
            return "house"
        return "pond"

    def piece_name(self, piece: int) -> str:
        if piece >= POND:
            return "pond"
        if piece >= TILE:
            return f"building {self.components.building_types[piece - TILE]}"
        return self.components.land_cards[piece].id

    def render_text(self, observation: Mapping[str, Any]) -> str:
        from meeple.boardgames.farland.render import render_text

        return render_text(self, observation)

    def render_svg(self, observation: Mapping[str, Any], layout: Screen = "wide") -> str:
        from meeple.boardgames.farland.render import render_svg

        return render_svg(self, observation, layout)
