"""Card and action-id encoding for Piepmatz.

A bird card is an int ``c = species * (2 * V) + value_index * 2 + sex`` (sex 0 is
female, 1 male), so a card's mate is ``c ^ 1``; with the packaged data there are
72 cards, 0..71. Sets of bird cards (hands, collections) are int bitmasks.

The action space is fixed for a component file (it does not depend on the
player count): blocks of ids, each a kind of decision or chance outcome, in this
order (the first id of each block and every id's name are in ``rules.Rules``)::

    play  <card> perch <k>   N x MAX_PERCHES   a bird from hand into a queue
    collect <card>           N                 after a turn that fed no bird
    collect nothing          1
    take <card>              N                 refill the hand from the display
    draw                     1                 refill the hand from the bird deck
    crow <card>              N                 the bird a crow chases away
    keep <card>              N                 the final two cards
    bird <card>              N                 chance: a bird drawn from the deck
    seed <e> egg(s)          K                 chance: a feeder card with e eggs
    crow card, squirrel card 2                 chance: a pest from the feeder deck
    squirrel eats a <e>-egg card K             chance: the seed card a squirrel eats
    remove <species>         S                 chance: the species set aside (2 players)
"""

from __future__ import annotations

SEX_LETTER = ("f", "m")
SEX_SYMBOL = {"f": "\u2640", "m": "\u2642"}
NO_PEST, CROW_PEST, SQUIRREL_PEST = 0, 1, 2
PEST_NAMES = (None, "crow", "squirrel")


def popcount(mask: int) -> int:
    return mask.bit_count()


def cards_of(mask: int) -> list[int]:
    """The cards of a bitmask, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def egg_words(eggs: int) -> str:
    """``1 egg``, ``2 eggs``: the eggs on a card, as the notation and the log write them."""
    return "1 egg" if eggs == 1 else f"{eggs} eggs"


def bird_words(card: str) -> str:
    """``chaffinch-3f`` as a person reads it: "Chaffinch 3♀"."""
    species, _, rest = card.rpartition("-")
    value, sex = int(rest[:-1]), rest[-1]
    return f"{species.title()} {value}{SEX_SYMBOL.get(sex, sex)}"
