"""Build fixed Piepmatz positions by applying actions (chance outcomes included)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import meeple
from meeple.boardgames.piepmatz.state import PiepmatzState

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


def ready(state: PiepmatzState) -> None:
    """After fields were set by hand: drop the legal-move cache and check the invariants."""
    state._legal_cache = None
    state.check_invariants()
