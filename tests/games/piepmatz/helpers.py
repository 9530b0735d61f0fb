"""Build fixed Piepmatz positions by applying actions (chance outcomes included), then by
editing the position (the ``with_*`` helpers: the game's invariants check the result,
every card is taken from where it lies, and the state given is left as it was)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import meeple
from meeple.boardgames.piepmatz.state import PiepmatzState
from meeple.core.position import edit

EGGS = {1: "seed 1 egg", 2: "seed 2 eggs", 3: "seed 3 eggs"}


def setup(
    players: int = 3,
    *,
    perches: Sequence[str],
    column: Sequence[int] = (1, 2, 3, 1),
    display: Sequence[str] = ("sparrow-6m", "sparrow-6f", "sparrow-5m"),
    hands: Sequence[Sequence[str]],
    removed: str | None = "yellowhammer",
    **options: object,
) -> PiepmatzState:
    """A new game with the given feeding birds, seed column, display and hands."""
    game = meeple.load("piepmatz", players=players, **options)
    state = game.new_initial_state()
    assert isinstance(state, PiepmatzState)
    moves: list[str] = []
    if players == 2 and options.get("removed_species", "random") == "random":
        moves.append(f"remove {removed}")
    moves += [f"bird {c}" for c in perches]
    moves += [EGGS[e] for e in column]
    moves += [f"bird {c}" for c in display]
    for hand in hands:
        moves += [f"bird {c}" for c in hand]
    play(state, moves)
    return state


def play(state: meeple.State, moves: Iterable[str]) -> None:
    for text in moves:
        state.apply_notation(text)


def names(state: meeple.State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def random_game(players: int, seed: int, **options: object) -> PiepmatzState:
    game = meeple.load("piepmatz", players=players, **options)
    state = game.new_initial_state()
    assert isinstance(state, PiepmatzState)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player() == meeple.CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def card(state: PiepmatzState, name: str) -> int:
    return state.rules.card(name)


def mask(state: PiepmatzState, *cards: str) -> int:
    return sum(1 << state.rules.card(c) for c in cards)


def cards(state: PiepmatzState, m: int) -> list[str]:
    from meeple.boardgames.piepmatz.actions import cards_of

    return [state.rules.card_name[c] for c in cards_of(m)]


def edited(state: PiepmatzState, **fields: Any) -> PiepmatzState:
    """``state`` with these fields replaced, read back through the position format."""
    out = edit(state, **fields)
    assert isinstance(out, PiepmatzState)
    return out


def _from_deck(state: PiepmatzState, names: Sequence[str]) -> tuple[list[int], list[int]]:
    deck = list(state.deck)
    taken = []
    for name in names:
        c = card(state, name)
        assert c in deck, f"{name} is not in the bird deck"
        deck.remove(c)
        taken.append(c)
    return deck, taken


def with_queue(state: PiepmatzState, perch: int, *names: str) -> PiepmatzState:
    """These birds (from the bird deck) queued at perch ``perch`` (0 is perch 1)."""
    deck, taken = _from_deck(state, names)
    queues = [list(q) for q in state.queues]
    queues[perch] += taken
    return edited(state, deck=deck, queues=queues)


def with_collection(state: PiepmatzState, p: int, *names: str) -> PiepmatzState:
    """These birds (from the bird deck) more in player ``p`` 's collection."""
    deck, taken = _from_deck(state, names)
    birds = list(state.birds)
    birds[p] |= sum(1 << c for c in taken)
    return edited(state, deck=deck, birds=birds)


def with_seeds(state: PiepmatzState, p: int, kind: int, n: int = 1) -> PiepmatzState:
    """``n`` seed cards of ``kind`` (0: 1 egg, 1: 2 eggs, 2: 3 eggs) from the feeder deck
    collected by player ``p``."""
    seeds = list(state.seeds)
    seeds[p * state.rules.n_seed_kinds + kind] += n
    deck = list(state.seed_deck)
    deck[kind] -= n
    return edited(state, seeds=seeds, seed_deck=deck, seed_left=sum(deck))


PESTS = {"crow": 1, "squirrel": 2}


def with_pest(state: PiepmatzState, position: int, pest: str) -> PiepmatzState:
    """A crow or a squirrel (from the feeder deck) on the seed card at ``position`` of the
    column (1 is nearest the perches)."""
    kind = state.rules.n_seed_kinds + PESTS[pest] - 1
    column = list(state.column)
    assert column[position - 1] % 3 == 0, f"position {position} has a pest already"
    column[position - 1] += PESTS[pest]
    deck = list(state.seed_deck)
    deck[kind] -= 1
    return edited(state, column=column, seed_deck=deck, seed_left=sum(deck))


def with_feeder_deck_empty(state: PiepmatzState) -> PiepmatzState:
    """The feeder deck run out (its cards out of play), which triggers the end."""
    gone = [g + d for g, d in zip(state.gone, state.seed_deck, strict=True)]
    return edited(state, gone=gone, seed_deck=[0] * len(gone), seed_left=0, end_triggered=True)


def with_feeder_deck_of(state: PiepmatzState, left: int) -> PiepmatzState:
    """Only the last ``left`` cards of the feeder deck still in it (the others out of play,
    the first kinds first)."""
    deck = list(state.seed_deck)
    gone = list(state.gone)
    out = sum(deck) - left
    for k in range(len(deck)):
        take = min(out, deck[k])
        deck[k] -= take
        gone[k] += take
        out -= take
    return edited(state, seed_deck=deck, gone=gone, seed_left=sum(deck))


def finished(state: PiepmatzState) -> PiepmatzState:
    """The game over with the collections and seeds as they are: the end was triggered and
    the cards left in the hands are out of the game (the ones kept are among the birds
    collected)."""
    n = state.game.players
    out = state.discarded
    for h, k in zip(state.hands, state.kept, strict=True):
        out |= h | k
    return edited(
        state,
        hands=[0] * n,
        kept=[0] * n,
        known=[0] * n,
        discarded=out,
        end_triggered=True,
        pending=[],
    )
