"""Quacks & Co.: Quedlinburg Dash: the rule constants, and the tables worked out once per
game from the component data, the options and the player count (``Rules``)."""

from __future__ import annotations

from dataclasses import dataclass

from meeple.core.api import CHANCE, Decision
from meeple.core.components import require

from . import components as comp
from .actions import (
    BLUE,
    COLOURS,
    DREAM,
    KIND_COLOUR,
    KIND_VALUE,
    N_FOOD,
    ORANGE,
    PURPLE,
    WHITE,
    WHITE0,
    WOOD0,
    chip_kind,
    chip_name,
)

DREAM_BUBBLES = 3
"""The dream weed that fills the third bubble sends the animal shopping."""
LAST_PLACE_RUBIES = 1
"""The animal in (shared) last place takes this many rubies before buying."""
CATERPILLAR_RED_RUBIES = 1
CATERPILLAR_RED_SPIRAL_RUBIES = 2
CATERPILLAR_PURPLE_CLOVERS = 1
CATERPILLAR_PURPLE_SPIRAL_CLOVERS = 2
BUTTERFLY_RED_RUBIES = {1: 1, 2: 2, 4: 3}
"""Butterfly red card: rubies for the value of the chip just picked."""
BUTTERFLY_YELLOW_SPIRAL_ROLLS = 2
BUTTERFLY_ORANGE_VALUE = 2
BUTTERFLY_ORANGE_SPIRAL_VALUE = 4
SUGAR_BEET = chip_kind("white", 8)
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
    kinds: tuple[int, ...]  # the kinds this game has (supply > 0): all a bag or card holds
    foods: tuple[int, ...]  # the same without the dream weed
    start_bag: tuple[int, ...]
    rubies: int
    clovers: int
    price: tuple[int, ...]  # per food kind; 0 if it cannot be bought in this game
    shop: tuple[tuple[int, int, int], ...]  # (kind, price, colour bit) of buyable kinds
    cheapest: int  # the lowest price in the shop (0 if it sells nothing)
    white_faces: tuple[comp.WhiteFace, ...]
    white_outcomes: list[tuple[int, float]]
    wood_outcomes: list[tuple[int, float]]
    blue_upgrade: tuple[int, ...]  # per kind: the next more valuable blue chip, or -1
    purple_kinds: tuple[int, ...]  # butterfly purple: one clover per chip of these kinds
    take_kinds: dict[int, tuple[int, ...]]  # butterfly orange: value allowed -> kinds
    turn_limit: int
    # Per player, the decisions pushed most often, made once (a decision is immutable, so
    # every state pushes the same one): the draw that starts the next player's turn, the
    # white die roll and the chip to return of the yellow and green caterpillar cards, the
    # extra draw of the green butterfly card and the white die.
    next_turn: tuple[Decision[tuple[int, bool]], ...]
    draw_again: tuple[Decision[tuple[int, bool]], ...]
    white_roll: tuple[Decision[int], ...]
    return_chip: tuple[Decision[None], ...]


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
    beet = SUGAR_BEET
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
        kinds=tuple(k for k, n in enumerate(supply) if n),
        foods=tuple(k for k, n in enumerate(supply) if n and k != DREAM),
        start_bag=c.start_bag,
        rubies=c.rubies,
        clovers=c.clovers if extended else 0,
        price=tuple(price),
        shop=shop,
        cheapest=min((p for _, p, _ in shop), default=0),
        white_faces=c.white_die,
        white_outcomes=[(WHITE0 + i, 1 / len(c.white_die)) for i in range(len(c.white_die))],
        wood_outcomes=[(WOOD0 + v, n / faces) for v, n in sorted(wood_counts.items())],
        blue_upgrade=tuple(upgrade),
        purple_kinds=tuple(
            k
            for k in range(N_FOOD)
            if in_play[k] and KIND_COLOUR[k] == (ORANGE if purple_counts == "orange" else PURPLE)
        ),
        # Butterfly orange: a chip of the value, or on a spiral field of either value.
        take_kinds={
            BUTTERFLY_ORANGE_VALUE: tuple(
                k for k in take_colours if KIND_VALUE[k] == BUTTERFLY_ORANGE_VALUE
            ),
            BUTTERFLY_ORANGE_SPIRAL_VALUE: tuple(
                k
                for k in take_colours
                if KIND_VALUE[k] in (BUTTERFLY_ORANGE_VALUE, BUTTERFLY_ORANGE_SPIRAL_VALUE)
            ),
        },
        turn_limit=ROUND_LIMIT * players,
        next_turn=tuple(
            Decision("draw", CHANCE, ((p + 1) % players, True)) for p in range(players)
        ),
        draw_again=tuple(Decision("draw", CHANCE, (p, False)) for p in range(players)),
        white_roll=tuple(Decision("white", CHANCE, p) for p in range(players)),
        return_chip=tuple(Decision("return", p, None) for p in range(players)),
    )
