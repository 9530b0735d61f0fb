"""check_invariants catches a corrupted Farland state, and passes real ones.

Each test plays a seeded random game to a point after the first scoring phase (or to
the end), breaks one thing the way a buggy rule could, and expects an AssertionError
naming what is wrong.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeple.boardgames.farland.farm import FENCE
from meeple.boardgames.farland.state import FarlandState
from meeple.core import AUTOMATIC, Decision
from tests.games.play import new_state, play, play_to


def _new(players: int, **opts: Any) -> FarlandState:
    return new_state("farland", FarlandState, players, **opts)


def _mid_game(seed: int = 0, **opts: Any) -> FarlandState:
    """A seeded 3-player game at a take in round 8 (after the first scoring phase)."""

    def take_in_round_8(s: FarlandState) -> bool:
        return s.decision is not None and s.decision.kind == "take" and s.round >= 8

    return play_to(_new(3, **opts), random.Random(seed), take_in_round_8, "round 8")


def _ended(seed: int = 0) -> FarlandState:
    return play(_new(2), random.Random(seed))


@pytest.mark.parametrize("opts", [{}, {"rules": "advanced"}])
def test_real_games_pass_at_every_step(opts: dict[str, str]) -> None:
    for players in (2, 4):
        rng = random.Random(players)
        state = _new(players, **opts)
        play(state, rng, check=True)


def test_an_improvement_lost_or_made_is_caught() -> None:
    state = _mid_game()
    state.check_invariants()
    state.supply[FENCE] += 1
    with pytest.raises(AssertionError, match="fence.* in play; the game has"):
        state.check_invariants()
    state = _mid_game()
    state.box = (-1, *state.box[FENCE + 1 :])
    state.supply[FENCE] += state.game.components.improvements_per_type  # far too many
    with pytest.raises(AssertionError, match="in play; the game has"):
        state.check_invariants()


def test_a_token_lost_is_caught() -> None:
    state = _mid_game()
    r = next(r for r, k in enumerate(state.token_supply) if k)
    state.token_supply[r] -= 1
    with pytest.raises(AssertionError, match="tokens in play; the game has"):
        state.check_invariants()


def test_a_land_card_lost_or_duplicated_is_caught() -> None:
    state = _mid_game()
    state.deck.pop()
    with pytest.raises(AssertionError, match="missing"):
        state.check_invariants()
    state = _mid_game()
    state.market[0] = state.deck[0]  # dealt without leaving the deck; the old card gone
    with pytest.raises(AssertionError, match="a land card is in two places"):
        state.check_invariants()


def test_a_building_tile_out_of_nowhere_is_caught() -> None:
    state = _mid_game()
    state.stack = (state.stack[0] + 1, *state.stack[1:])
    with pytest.raises(AssertionError, match="building tiles of type 0; the game has"):
        state.check_invariants()


def test_a_score_edited_directly_is_caught() -> None:
    state = _mid_game()
    row = state.points[2]
    state.points = (*state.points[:2], (row[0], row[1] + 3, *row[2:]), *state.points[3:])
    with pytest.raises(AssertionError, match="but the scoring phases gave"):
        state.check_invariants()


def test_a_scoring_phase_out_of_turn_is_caught() -> None:
    state = _mid_game()
    state._run_score(Decision("score", AUTOMATIC, state.round))  # a second scoring phase in round 8
    with pytest.raises(AssertionError, match="2 scoring phases by round 8"):
        state.check_invariants()


def test_final_scores_disagreeing_with_the_farm_are_caught() -> None:
    state = _ended()
    state.check_invariants()
    row = list(state.last_scored[0])
    row[1] += 2
    state._award(0, [0, 2, 0, 0, 0])
    state.last_scored = (tuple(row), state.last_scored[1])
    with pytest.raises(AssertionError, match="final scoring gave"):
        state.check_invariants()


def test_advanced_ponds_and_tech_slots_are_conserved() -> None:
    state = _mid_game(rules="advanced")
    state.check_invariants()
    state.ponds += 1
    with pytest.raises(AssertionError, match="ponds left and"):
        state.check_invariants()
    state = _mid_game(rules="advanced")
    state.farms[0].upgrades += 1
    with pytest.raises(AssertionError, match="upgrade tokens not conserved"):
        state.check_invariants()
