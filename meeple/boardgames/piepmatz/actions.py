"""Card and action-id encoding for Piepmatz.

A bird card is an int ``c = species * (2 * V) + value_index * 2 + sex`` (sex 0 is
female, 1 male), so a card's mate is ``c ^ 1``; with the packaged data there are
72 cards, 0..71. Sets of bird cards (hands, collections) are int bitmasks.

The action space is fixed for a component file (it does not depend on the
player count): blocks of ids, each a kind of decision or chance outcome, in this
order::

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

from meeple.boardgames.piepmatz.components import Components

SEX_LETTER = ("f", "m")
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


class Tables:
    """Per component file: card facts, the action layout and the names of every id."""

    def __init__(self, comp: Components) -> None:
        self.comp = comp
        s_n = len(comp.species)
        v_n = len(comp.values)
        self.n_species = s_n
        self.n_cards = n = s_n * v_n * 2
        self.max_perches = p = max(comp.perches.values())
        self.n_seed_kinds = k = len(comp.seeds)
        self.seed_eggs = tuple(s.eggs for s in comp.seeds)
        self.species_of = tuple(c // (2 * v_n) for c in range(n))
        self.value_of = tuple(comp.values[(c // 2) % v_n] for c in range(n))
        self.eggs_of = tuple(comp.eggs[(c // 2) % v_n] for c in range(n))
        self.sex_of = tuple(c % 2 for c in range(n))
        self.card_name = tuple(
            f"{comp.species[self.species_of[c]].id}-{self.value_of[c]}{SEX_LETTER[c % 2]}"
            for c in range(n)
        )
        self.species_mask = tuple(
            sum(1 << c for c in range(n) if self.species_of[c] == s) for s in range(s_n)
        )
        # Per value: the mask of cards whose value is at most v (for the collect rule).
        self.at_most = {
            v: sum(1 << c for c in range(n) if self.value_of[c] <= v) for v in comp.values
        }

        self.PLAY = 0
        self.COLLECT = self.PLAY + n * p
        self.COLLECT_NONE = self.COLLECT + n
        self.TAKE = self.COLLECT_NONE + 1
        self.DRAW = self.TAKE + n
        self.CROW = self.DRAW + 1
        self.KEEP = self.CROW + n
        self.BIRD = self.KEEP + n
        self.SEED = self.BIRD + n
        self.CROW_CARD = self.SEED + k
        self.SQUIRREL_CARD = self.CROW_CARD + 1
        self.EAT = self.SQUIRREL_CARD + 1
        self.REMOVE = self.EAT + k
        self.total = self.REMOVE + s_n
        self.names = tuple(self._name(a) for a in range(self.total))
        self.index = {name: a for a, name in enumerate(self.names)}
        # The squirrel's outcomes were first named "squirrel eats 2 eggs", which reads as
        # two eggs rather than one card; records made then still parse.
        for kind in range(k):
            self.index.setdefault(f"squirrel eats {self._eggs_text(kind)}", self.EAT + kind)

    def _eggs_text(self, kind: int) -> str:
        e = self.seed_eggs[kind]
        return f"{e} egg" if e == 1 else f"{e} eggs"

    def _name(self, a: int) -> str:
        cn = self.card_name
        if a < self.COLLECT:
            c, k = divmod(a - self.PLAY, self.max_perches)
            return f"play {cn[c]} perch {k + 1}"
        if a < self.COLLECT_NONE:
            return f"collect {cn[a - self.COLLECT]}"
        if a == self.COLLECT_NONE:
            return "collect nothing"
        if a < self.DRAW:
            return f"take {cn[a - self.TAKE]}"
        if a == self.DRAW:
            return "draw"
        if a < self.KEEP:
            return f"crow {cn[a - self.CROW]}"
        if a < self.BIRD:
            return f"keep {cn[a - self.KEEP]}"
        if a < self.SEED:
            return f"bird {cn[a - self.BIRD]}"
        if a < self.CROW_CARD:
            return f"seed {self._eggs_text(a - self.SEED)}"
        if a == self.CROW_CARD:
            return "crow card"
        if a == self.SQUIRREL_CARD:
            return "squirrel card"
        if a < self.REMOVE:
            return f"squirrel eats a {self.seed_eggs[a - self.EAT]}-egg card"
        return f"remove {self.comp.species[a - self.REMOVE].id}"

    def play_action(self, card: int, perch: int) -> int:
        return self.PLAY + card * self.max_perches + perch

    def card(self, name: str) -> int:
        """A card id from its name (``"chaffinch-3f"``)."""
        return self.card_name.index(name.strip().lower())
