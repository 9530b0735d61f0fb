"""check_invariants catches a corrupted Piepmatz state, and passes real ones.

Each test plays a seeded random game to its middle, breaks one thing the way a buggy
rule could, and expects an AssertionError naming what is wrong.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeple.boardgames.piepmatz.state import PiepmatzState
from tests.games.play import new_state, play, play_to


def _new(players: int, **opts: Any) -> PiepmatzState:
    return new_state("piepmatz", PiepmatzState, players, **opts)


def _mid_game(seed: int = 0) -> PiepmatzState:
    """A seeded 3-player game at a ``play`` once birds were collected and seeds won."""

    def middle(s: PiepmatzState) -> bool:
        d = s.decision
        return d is not None and d.kind == "play" and sum(s.seeds) >= 3 and all(s.birds)

    return play_to(_new(3), random.Random(seed), middle, "a mid-game position")


@pytest.mark.parametrize("opts", [{}, {"majority": "unpaired"}])
def test_real_games_pass_at_every_step(opts: dict[str, str]) -> None:
    for players in (2, 3, 4):
        rng = random.Random(players)
        state = _new(players, **opts)
        play(state, rng, check=True)


def test_a_bird_lost_or_duplicated_is_caught() -> None:
    state = _mid_game()
    state.check_invariants()
    state.deck.pop()
    with pytest.raises(AssertionError, match="a bird card is missing"):
        state.check_invariants()
    state = _mid_game()
    c = state.deck[0]
    state.birds[1] |= 1 << c  # collected while still in the deck
    with pytest.raises(AssertionError, match="a bird card is in two places"):
        state.check_invariants()


def test_a_feeder_card_lost_or_made_is_caught() -> None:
    state = _mid_game()
    k = next(k for k, c in enumerate(state.seeds) if c)
    state.seeds[k] += 1
    with pytest.raises(AssertionError, match="feeder cards"):
        state.check_invariants()
    state = _mid_game()
    state.column.pop()
    with pytest.raises(AssertionError, match="feeder cards"):
        state.check_invariants()


def test_a_negative_count_is_caught() -> None:
    state = _mid_game()
    k = next(k for k, c in enumerate(state.seeds) if c == 0)
    state.seeds[k] = -1
    state.gone[k % state.rules.n_seed_kinds] += 1  # the totals still add up
    with pytest.raises(AssertionError, match="a negative seed card count"):
        state.check_invariants()


def test_a_score_edited_directly_is_caught() -> None:
    # Piepmatz scores are derived from collections and seed cards: a bird added to a
    # collection, or seed cards from nowhere, break the conservation checks.
    state = _mid_game()
    state.birds[0] |= 1 << state.display[0]  # a display bird scores as collected
    with pytest.raises(AssertionError, match="a bird card is in two places"):
        state.check_invariants()
    state = _mid_game()
    state.seed_deck[0] -= 1  # a seed card moved to a player without the deck knowing
    state.seeds[0] += 1
    with pytest.raises(AssertionError, match="the feeder deck's size is wrong"):
        state.check_invariants()


def test_a_perch_without_its_feeding_bird_is_caught() -> None:
    state = _mid_game()
    state.deck.append(state.feeders[1])
    state.deck.sort()
    state.feeders[1] = -1
    with pytest.raises(AssertionError, match="a perch without a feeding bird"):
        state.check_invariants()


def test_pests_suffered_but_still_in_play_are_caught() -> None:
    state = _mid_game()
    kinds = state.rules.n_seed_kinds
    state.pests[2] = state.gone[kinds] + 1  # player 1 suffered more crows than have flown
    with pytest.raises(AssertionError, match="pests suffered of kind 0"):
        state.check_invariants()
