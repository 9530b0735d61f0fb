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

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.boardgames.messages import not_a_move
from meeple.core.api import Game, GameInfo, Layout, OptionSpec
from meeple.core.components import require
from meeple.core.errors import NotationError

from . import components as comp
from .actions import (
    BLUE,
    COLOURS,
    KIND_COLOUR,
    KIND_VALUE,
    N_ACTIONS,
    N_FOOD,
    ORANGE,
    PURPLE,
    WHITE,
    WHITE0,
    WOOD0,
    action_name,
    chip_kind,
    chip_name,
)
from .state import QuedlinburgDashState

EXAMPLES = ("buy blue-4", "return red-1", "done")
"""Moves a player types, for the message on a text that is not a move."""

CARD_SETS = ("caterpillar", "caterpillar-extended", "butterfly", "butterfly-extended")
BASIC_COLOURS = ("red", "yellow", "green", "blue", "white")
EXTENDED_COLOURS = ("orange", "purple")
FIVE_CHIP_SET = "caterpillar-extended"
"""The '5' chips join the game only with the extended caterpillar set."""
PURPLE_COUNTS = ("purple", "orange")
"""Butterfly purple card: ``purple`` (the default, ruling 16) counts the purple chips on
the animal card, the chip just picked included; ``orange`` counts the orange ones, the
card's colour word taken literally."""
ROUND_LIMIT = 300
"""An engine guard, never reached in practice: after this many rounds the race stops
and the animals rank by distance (see the docs' rulings)."""


@dataclass(frozen=True)
class Rules:
    """Everything the hot path needs, worked out once per game from options and data."""

    side: str
    card_set: str
    butterfly: bool
    clovers_in_play: bool
    fields: int
    spirals: tuple[int, ...]
    is_spiral: tuple[bool, ...]  # per field 0..fields
    next_spiral: tuple[int, ...]  # per field: the next spiral field ahead, 0 if none
    supply: tuple[int, ...]  # the reserve before the start bags are filled, per kind
    start_bag: tuple[int, ...]
    rubies: int
    clovers: int
    price: tuple[int, ...]  # per food kind; 0 if it cannot be bought in this game
    shop: tuple[tuple[int, int, int], ...]  # (kind, price, colour bit) of buyable kinds
    white_faces: tuple[comp.WhiteFace, ...]
    white_outcomes: list[tuple[int, float]]
    wood_outcomes: list[tuple[int, float]]
    blue_upgrade: tuple[int, ...]  # per kind: the next more valuable blue chip, or -1
    purple_kinds: tuple[int, ...]  # butterfly purple: one clover per chip of these kinds
    take_kinds: dict[int, tuple[int, ...]]  # butterfly orange: value allowed -> kinds
    turn_limit: int


def make_rules(
    c: comp.Components, side: str, card_set: str, players: int, purple_counts: str
) -> Rules:
    board = c.board(side)
    extended = card_set.endswith("extended")
    colours = BASIC_COLOURS + (EXTENDED_COLOURS if extended else ())
    in_play = [
        c.chips[k] > 0
        and COLOURS[KIND_COLOUR[k]] in colours
        and (KIND_VALUE[k] != 5 or card_set == FIVE_CHIP_SET)
        for k in range(N_FOOD)
    ]
    for k in range(N_FOOD):
        # The start bags are filled from this card set's reserve: a chip set aside
        # with the unused cards cannot be in them.
        require(
            not c.start_bag[k] or in_play[k],
            f"start_bag.chips.{chip_name(k)}",
            f"{chip_name(k)} chips are not in play with the {card_set} cards, "
            "so no start bag can hold one",
        )
    supply = [c.chips[k] if in_play[k] else 0 for k in range(N_FOOD)] + [c.dream_weed]
    price = [(c.price(KIND_VALUE[k]) or 0) if in_play[k] else 0 for k in range(N_FOOD)]
    shop = tuple((k, price[k], 1 << KIND_COLOUR[k]) for k in range(N_FOOD) if price[k])
    is_spiral = tuple(f in board.spirals for f in range(board.fields + 1))
    next_spiral = tuple(
        next((s for s in board.spirals if s > f), 0) for f in range(board.fields + 1)
    )
    blues = sorted(
        (KIND_VALUE[k], k) for k in range(N_FOOD) if in_play[k] and KIND_COLOUR[k] == BLUE
    )
    upgrade = [-1] * (N_FOOD + 1)
    beet = chip_kind("white", 8)
    for i, (_, k) in enumerate(blues):
        upgrade[k] = blues[i + 1][1] if i + 1 < len(blues) else (beet if in_play[beet] else -1)
    wood_counts: dict[int, int] = {}
    for v in c.wood_die:
        wood_counts[v] = wood_counts.get(v, 0) + 1
    faces = len(c.wood_die)
    take_colours = [k for k in range(N_FOOD) if in_play[k] and KIND_COLOUR[k] != WHITE]
    return Rules(
        side=side,
        card_set=card_set,
        butterfly=card_set.startswith("butterfly"),
        clovers_in_play=extended,
        fields=board.fields,
        spirals=board.spirals,
        is_spiral=is_spiral,
        next_spiral=next_spiral,
        supply=tuple(supply),
        start_bag=c.start_bag,
        rubies=c.rubies,
        clovers=c.clovers if extended else 0,
        price=tuple(price),
        shop=shop,
        white_faces=c.white_die,
        white_outcomes=[(WHITE0 + i, 1 / len(c.white_die)) for i in range(len(c.white_die))],
        wood_outcomes=[(WOOD0 + v, n / faces) for v, n in sorted(wood_counts.items())],
        blue_upgrade=tuple(upgrade),
        purple_kinds=tuple(
            k
            for k in range(N_FOOD)
            if in_play[k] and KIND_COLOUR[k] == (ORANGE if purple_counts == "orange" else PURPLE)
        ),
        take_kinds={
            2: tuple(k for k in take_colours if KIND_VALUE[k] == 2),
            4: tuple(k for k in take_colours if KIND_VALUE[k] in (2, 4)),
        },
        turn_limit=ROUND_LIMIT * players,
    )


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
    components: comp.Components

    def load_components(self, path: Path | None) -> Any:
        return comp.load(path)

    def check_options(self) -> None:
        self.rules = make_rules(
            self.components,
            self.options["board"],
            self.options["cards"],
            self.players,
            self.options["purple_counts"],
        )
        self._white_names = tuple(f.name for f in self.components.white_die)
        self._names = tuple(action_name(a, self._white_names) for a in range(N_ACTIONS))
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

    def parse_action(self, text: str) -> int:
        try:
            return super().parse_action(text)
        except NotationError:
            raise NotationError(not_a_move(text, self.info.name, self.info.id, EXAMPLES)) from None

    def render_text(self, observation: Any) -> str:
        from .render import render_text

        return render_text(observation)

    def render_svg(self, observation: Any, layout: Layout = "wide") -> str:
        from .render import render_svg

        return render_svg(observation, layout)
