"""Piepmatz: the rules of one game (``Rules``): the card facts, the action layout and its
names, worked out once from the component file, and the numbers of the setup and the
turn for the player count and the options.

The rulebook's numbers (hand size, display, seed column, perches per player count, pair
points, the cards kept at the end, what a crow or a squirrel takes, the species set aside
with two players) are component data (``components.json``, checked by ``components.py``);
this module reads them there and nowhere else repeats them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import repeat

from meeple.core.api import AUTOMATIC, CHANCE, Decision
from meeple.core.errors import OptionError

from .actions import SEX_LETTER, egg_words
from .components import Components, Species

SPECIES_IDS = ("chaffinch", "sparrow", "bullfinch", "blackbird", "greenfinch", "yellowhammer")
"""The species of the packaged cards, for the ``removed_species`` option's choices."""
END_TRIGGERS = ("empty", "draw")
"""When the end comes: the feeder deck's last card is drawn, or a card is needed from it
when it is empty (ruling 8)."""


@dataclass(frozen=True)
class Rules:
    """Everything the state needs, worked out once per game from the components, the
    player count and the options.

    A bird card is an int (see ``actions``); the action ids come in blocks whose first ids
    are the upper-case fields (``PLAY`` .. ``REMOVE``), ``total`` ids in all.
    """

    # -- the cards (per component file) --
    species: tuple[Species, ...]
    n_species: int
    n_cards: int
    max_perches: int  # the most perches of any player count: the play block's stride
    n_seed_kinds: int
    seed_eggs: tuple[int, ...]  # per seed kind
    species_of: tuple[int, ...]  # per card
    value_of: tuple[int, ...]
    eggs_of: tuple[int, ...]
    sex_of: tuple[int, ...]
    card_name: tuple[str, ...]  # "chaffinch-3f"
    species_mask: tuple[int, ...]  # per species: the mask of its cards
    egg_masks: tuple[tuple[int, int], ...]  # per number of eggs: it and the cards with it
    females: int  # the mask of the female cards (even ids; a card's mate is c ^ 1)
    at_most: dict[int, int]  # per value v: the mask of cards of value at most v (collect)

    # -- the action layout (per component file) --
    PLAY: int
    COLLECT: int
    COLLECT_NONE: int
    TAKE: int
    DRAW: int
    CROW: int
    KEEP: int
    BIRD: int
    SEED: int
    CROW_CARD: int
    SQUIRREL_CARD: int
    EAT: int
    REMOVE: int
    total: int
    names: tuple[str, ...]  # per action id
    index: dict[str, int]  # name -> action id, with the old spellings records still use

    # -- the setup and the turn (per player count and options) --
    n_perches: int
    hand_size: int
    display_size: int
    column_size: int
    feeder_deck: tuple[int, ...]  # the feeder deck at the start: per seed kind, crows, squirrels
    set_aside: bool  # two players: a species leaves the game at setup
    removed_species: int  # the species the option sets aside, or -1 for a chance draw
    crow_discards: int
    squirrel_discards: int
    final_keep: int
    # Ruling 8: the end comes with the last feeder card (end_trigger "empty"), or only when
    # a card is needed from the empty feeder deck ("draw").
    end_on_empty: bool
    pair_points: int
    majority: str

    # -- tables for the hot path (worked out from the above) --
    # Per card, the play actions onto each perch of this player count, in id order.
    plays_of: tuple[tuple[int, ...], ...]
    # Per size n of the bird deck, per card c: the chance outcome (BIRD + c, 1 / n) of
    # drawing it, made once so that a draw's outcome list is built without new tuples.
    bird_draw: tuple[tuple[tuple[int, float], ...], ...]
    # The pending decisions a turn pushes, made once (a Decision is an immutable tuple,
    # so states share them): per player; for collect also per value of the bird played
    # (info); for the feeding chain's steps also per perch and per that value, which is
    # what the chain goes on with when a chance draw or a pest interrupts it.
    play_decision: tuple[Decision[None], ...]
    refill_decision: tuple[Decision[None], ...]
    collect_decision: tuple[dict[int, Decision[int]], ...]
    chain_step: tuple[tuple[dict[int, Decision[tuple[int, int, int]]], ...], ...]
    seed_refill_draw: tuple[tuple[dict[int, Decision[tuple[int, int, int]]], ...], ...]
    deal_draw: tuple[Decision[int], ...]
    seed_take_draw: tuple[Decision[int], ...]
    display_draw: Decision[None]

    def play_action(self, card: int, perch: int) -> int:
        return self.PLAY + card * self.max_perches + perch

    def card(self, name: str) -> int:
        """A card id from its name (``"chaffinch-3f"``)."""
        return self.card_name.index(name.strip().lower())


def make_rules(
    c: Components, players: int, removed_species: str, majority: str, end_trigger: str
) -> Rules:
    """The rules of a game; refuses a ``removed_species`` this game cannot set aside."""
    two = players == 2
    removed = _removed_species(c, players, removed_species)
    s_n = len(c.species)
    v_n = len(c.values)
    n = s_n * v_n * 2
    p = max(c.perches.values())
    k = len(c.seeds)
    seed_eggs = tuple(s.eggs for s in c.seeds)
    species_of = tuple(card // (2 * v_n) for card in range(n))
    value_of = tuple(c.values[(card // 2) % v_n] for card in range(n))
    eggs_of = tuple(c.eggs[(card // 2) % v_n] for card in range(n))
    card_name = tuple(
        f"{c.species[species_of[card]].id}-{value_of[card]}{SEX_LETTER[card % 2]}"
        for card in range(n)
    )

    PLAY = 0
    COLLECT = PLAY + n * p
    COLLECT_NONE = COLLECT + n
    TAKE = COLLECT_NONE + 1
    DRAW = TAKE + n
    CROW = DRAW + 1
    KEEP = CROW + n
    BIRD = KEEP + n
    SEED = BIRD + n
    CROW_CARD = SEED + k
    SQUIRREL_CARD = CROW_CARD + 1
    EAT = SQUIRREL_CARD + 1
    REMOVE = EAT + k
    total = REMOVE + s_n

    def name(a: int) -> str:
        if a < COLLECT:
            card, perch = divmod(a - PLAY, p)
            return f"play {card_name[card]} perch {perch + 1}"
        if a < COLLECT_NONE:
            return f"collect {card_name[a - COLLECT]}"
        if a == COLLECT_NONE:
            return "collect nothing"
        if a < DRAW:
            return f"take {card_name[a - TAKE]}"
        if a == DRAW:
            return "draw"
        if a < KEEP:
            return f"crow {card_name[a - CROW]}"
        if a < BIRD:
            return f"keep {card_name[a - KEEP]}"
        if a < SEED:
            return f"bird {card_name[a - BIRD]}"
        if a < CROW_CARD:
            return f"seed {egg_words(seed_eggs[a - SEED])}"
        if a == CROW_CARD:
            return "crow card"
        if a == SQUIRREL_CARD:
            return "squirrel card"
        if a < REMOVE:
            return f"squirrel eats a {seed_eggs[a - EAT]}-egg card"
        return f"remove {c.species[a - REMOVE].id}"

    n_perches = c.perches[players]
    plays_of = tuple(tuple(PLAY + card * p + k for k in range(n_perches)) for card in range(n))
    bird_draw = _bird_draws(BIRD, n)

    names = tuple(name(a) for a in range(total))
    index = {text: a for a, text in enumerate(names)}
    # The squirrel's outcomes were first named "squirrel eats 2 eggs", which reads as
    # two eggs rather than one card; records made then still parse.
    for kind in range(k):
        index.setdefault(f"squirrel eats {egg_words(seed_eggs[kind])}", EAT + kind)

    return Rules(
        species=c.species,
        n_species=s_n,
        n_cards=n,
        max_perches=p,
        n_seed_kinds=k,
        seed_eggs=seed_eggs,
        species_of=species_of,
        value_of=value_of,
        eggs_of=eggs_of,
        sex_of=tuple(card % 2 for card in range(n)),
        card_name=card_name,
        species_mask=tuple(
            sum(1 << card for card in range(n) if species_of[card] == s) for s in range(s_n)
        ),
        egg_masks=tuple(
            (e, sum(1 << card for card in range(n) if eggs_of[card] == e))
            for e in sorted(set(eggs_of))
        ),
        females=sum(1 << card for card in range(0, n, 2)),
        at_most={v: sum(1 << card for card in range(n) if value_of[card] <= v) for v in c.values},
        PLAY=PLAY,
        COLLECT=COLLECT,
        COLLECT_NONE=COLLECT_NONE,
        TAKE=TAKE,
        DRAW=DRAW,
        CROW=CROW,
        KEEP=KEEP,
        BIRD=BIRD,
        SEED=SEED,
        CROW_CARD=CROW_CARD,
        SQUIRREL_CARD=SQUIRREL_CARD,
        EAT=EAT,
        REMOVE=REMOVE,
        total=total,
        names=names,
        index=index,
        n_perches=n_perches,
        hand_size=c.hand_size,
        display_size=c.display_size,
        column_size=c.column_size,
        # With two players the cards marked "3+" leave the game.
        feeder_deck=(
            *(s.count - (s.marked_3plus if two else 0) for s in c.seeds),
            c.crows - (c.crows_marked if two else 0),
            c.squirrels - (c.squirrels_marked if two else 0),
        ),
        set_aside=two and bool(c.two_player_removed_species),
        removed_species=removed,
        crow_discards=c.crow_discards,
        squirrel_discards=c.squirrel_discards,
        final_keep=c.final_keep,
        end_on_empty=end_trigger == "empty",
        pair_points=c.pair_points,
        majority=majority,
        plays_of=plays_of,
        bird_draw=bird_draw,
        play_decision=tuple(Decision("play", q, None) for q in range(players)),
        refill_decision=tuple(Decision("refill", q, None) for q in range(players)),
        collect_decision=tuple(
            {v: Decision("collect", q, v) for v in c.values} for q in range(players)
        ),
        chain_step=_chain_decisions("chain", AUTOMATIC, players, n_perches, c.values),
        seed_refill_draw=_chain_decisions("seed_refill", CHANCE, players, n_perches, c.values),
        deal_draw=tuple(Decision("deal", CHANCE, q) for q in range(players)),
        seed_take_draw=tuple(Decision("seed_take", CHANCE, q) for q in range(players)),
        display_draw=Decision("display", CHANCE, None),
    )


def _chain_decisions(
    kind: str, player: int, players: int, perches: int, values: tuple[int, ...]
) -> tuple[tuple[dict[int, Decision[tuple[int, int, int]]], ...], ...]:
    """A feeding chain's decision ``kind`` for each player, perch and value of the bird
    played: its info ``(player, perch, value)`` is where the chain goes on afterwards."""
    return tuple(
        tuple({v: Decision(kind, player, (q, k, v)) for v in values} for k in range(perches))
        for q in range(players)
    )


@cache
def _bird_draws(first: int, n: int) -> tuple[tuple[tuple[int, float], ...], ...]:
    """``Rules.bird_draw`` for ``n`` cards whose outcome ids start at ``first``: some 5,000
    tuples, made once per process and shared by every game of that action layout."""
    birds = range(first, first + n)
    return tuple(tuple(zip(birds, repeat(1.0 / size if size else 0.0))) for size in range(n + 1))


def _removed_species(c: Components, players: int, choice: str) -> int:
    """The species the ``removed_species`` option sets aside, or -1 for a chance draw."""
    if choice == "random":
        return -1
    if players != 2:
        raise OptionError(
            "option 'removed_species' is for two players only; with "
            f"{players} players every species is used (leave it 'random')"
        )
    if not c.two_player_removed_species:
        raise OptionError(
            f"option 'removed_species' cannot be {choice!r}: this component file sets "
            "aside no species in the two-player game (rules.two_player_removed_species "
            "is 0), so leave it 'random'"
        )
    ids = [s.id for s in c.species]
    if choice not in ids:
        raise OptionError(
            f"option 'removed_species' cannot be {choice!r} with this component file; "
            f"allowed: random, {', '.join(ids)}"
        )
    return ids.index(choice)
