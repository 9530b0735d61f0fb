"""The action-id encoding and its names.

A chip *kind* is ``colour * len(VALUES) + value index`` over the fixed grid below
(35 food kinds, most of them absent from the box), and dream weed is kind 35. The
action space is fixed for every option set:

======  =====  ===================================  =========================
ids     count  action                               notation
======  =====  ===================================  =========================
0-35    36     chance: a chip comes out of the bag  ``draw red-2``, ``draw dream-weed``
36-41   6      chance: a face of the white die      ``white die: move 3``
42-48   7      chance: the wood die shows 0..6      ``wood die 2``
49-83   35     buy a chip at the shop               ``buy blue-4``
84      1      stop buying                          ``done``
85-119  35     put a chip from the card back        ``return green-2``
120-154 35     take a chip from the reserve         ``take orange-2``
======  =====  ===================================  =========================
"""

from __future__ import annotations

COLOURS = ("red", "yellow", "green", "blue", "orange", "purple", "white")
VALUES = (1, 2, 4, 5, 8)
RED, YELLOW, GREEN, BLUE, ORANGE, PURPLE, WHITE = range(len(COLOURS))
N_FOOD = len(COLOURS) * len(VALUES)
DREAM = N_FOOD
N_KINDS = N_FOOD + 1
DREAM_NAME = "dream-weed"

KIND_COLOUR = (*(k // len(VALUES) for k in range(N_FOOD)), -1)
KIND_VALUE = (*(VALUES[k % len(VALUES)] for k in range(N_FOOD)), 0)

DRAW0 = 0
WHITE0 = DRAW0 + N_KINDS
N_WHITE = 6
WOOD0 = WHITE0 + N_WHITE
N_WOOD = 7
BUY0 = WOOD0 + N_WOOD
DONE = BUY0 + N_FOOD
RETURN0 = DONE + 1
TAKE0 = RETURN0 + N_FOOD
N_ACTIONS = TAKE0 + N_FOOD


def chip_kind(colour: str, value: int) -> int:
    return COLOURS.index(colour) * len(VALUES) + VALUES.index(value)


def chip_name(kind: int) -> str:
    if kind == DREAM:
        return DREAM_NAME
    return f"{COLOURS[KIND_COLOUR[kind]]}-{KIND_VALUE[kind]}"


def parse_chip(text: str) -> int | None:
    """``red-2`` -> its kind; ``dream-weed`` -> DREAM; anything else -> None."""
    text = text.strip().lower()
    if text == DREAM_NAME:
        return DREAM
    colour, _, value = text.partition("-")
    if colour in COLOURS and value.isdigit() and int(value) in VALUES:
        return chip_kind(colour, int(value))
    return None


CHIP_NAMES = tuple(chip_name(k) for k in range(N_KINDS))


def chip_words(kind: int) -> str:
    """A chip as a player says it: "red '2'", "sugar beet", "dream weed"."""
    if kind == DREAM:
        return "dream weed"
    if COLOURS[KIND_COLOUR[kind]] == "white":
        return "sugar beet"
    return f"{COLOURS[KIND_COLOUR[kind]]} '{KIND_VALUE[kind]}'"


def a_chip(kind: int) -> str:
    """The chip with its article: "a red '2'", "an orange '1'"."""
    words = chip_words(kind)
    return ("an " if words[0] in "aeiou" else "a ") + words


def action_name(action: int, white_faces: tuple[str, ...]) -> str:
    """The context-free name of an action; ``white_faces`` name the white die's faces."""
    if action < WHITE0:
        return f"draw {CHIP_NAMES[action - DRAW0]}"
    if action < WOOD0:
        return f"white die: {white_faces[action - WHITE0]}"
    if action < BUY0:
        return f"wood die {action - WOOD0}"
    if action < DONE:
        return f"buy {CHIP_NAMES[action - BUY0]}"
    if action == DONE:
        return "done"
    if action < TAKE0:
        return f"return {CHIP_NAMES[action - RETURN0]}"
    return f"take {CHIP_NAMES[action - TAKE0]}"
