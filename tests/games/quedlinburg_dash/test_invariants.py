"""check_invariants catches a corrupted Quedlinburg Dash state, and passes real ones.

Each test plays a seeded random race to its middle, breaks one thing the way a buggy
rule could, and expects an AssertionError naming what is wrong.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeple.boardgames.quedlinburg_dash.actions import DREAM
from meeple.boardgames.quedlinburg_dash.state import QuedlinburgDashState
from tests.games.play import new_state, play, play_to


def _mid_race(seed: int = 1, **opts: Any) -> QuedlinburgDashState:
    """A seeded race stopped at a new turn once somebody holds rubies and has shopped."""

    def middle(s: QuedlinburgDashState) -> bool:
        d = s.decision
        new_turn = d is not None and d.kind == "draw" and d.info[1] and s.turns >= 12
        return bool(new_turn and sum(s.rubies) and sum(map(sum, s.cards)))

    state = new_state("quedlinburg_dash", QuedlinburgDashState, 3, **opts)
    return play_to(state, random.Random(seed), middle, "a mid-race position")


@pytest.mark.parametrize(
    "opts", [{}, {"cards": "butterfly"}, {"cards": "butterfly-extended", "board": "long"}]
)
def test_real_races_pass_at_every_step(opts: dict[str, str]) -> None:
    for seed in range(3):
        state = new_state("quedlinburg_dash", QuedlinburgDashState, 4, **opts)
        play(state, random.Random(seed), check=True)


def test_a_chip_lost_or_duplicated_is_caught() -> None:
    state = _mid_race()
    state.check_invariants()
    k = next(k for k, c in enumerate(state.bags[0]) if c and k != DREAM)
    state.bags[0][k] -= 1
    with pytest.raises(AssertionError, match="chips in play; the game has"):
        state.check_invariants()
    state = _mid_race()
    state.cards[1][k] += 1
    with pytest.raises(AssertionError, match="chips in play; the game has"):
        state.check_invariants()


def test_a_negative_reserve_is_caught() -> None:
    state = _mid_race()
    k = next(k for k, c in enumerate(state.supply) if c)
    state.bags[2][k] += state.supply[k] + 1
    state.supply[k] = -1
    with pytest.raises(AssertionError, match="the reserve holds -1"):
        state.check_invariants()


def test_rubies_and_clovers_made_from_nothing_are_caught() -> None:
    state = _mid_race()
    state.rubies[0] += 1
    with pytest.raises(AssertionError, match="rubies not conserved"):
        state.check_invariants()
    state = _mid_race(cards="caterpillar-extended")
    state.clovers[1] += 2
    with pytest.raises(AssertionError, match="clovers not conserved"):
        state.check_invariants()


def test_dream_weed_changing_hands_is_caught() -> None:
    state = _mid_race()
    src = 0 if state.bags[0][DREAM] else 1
    state.bags[src][DREAM] -= 1
    state.bags[2 - src][DREAM] += 1  # chips conserved overall, but not per animal
    with pytest.raises(AssertionError, match="dream weeds"):
        state.check_invariants()


def test_a_score_edited_directly_is_caught() -> None:
    # The score is the distance covered: an animal put on the marketplace without
    # winning, or beyond it, is caught.
    state = _mid_race()
    state.pos[1] = state.game.rules.fields
    with pytest.raises(AssertionError, match="marketplace/winner"):
        state.check_invariants()
    state = _mid_race()
    state.pos[0] = state.game.rules.fields + 3
    with pytest.raises(AssertionError, match="player 1 is on field"):
        state.check_invariants()


def test_a_lost_turn_is_caught() -> None:
    state = _mid_race()
    state.pending.pop()  # the queued draw that starts the next turn
    with pytest.raises(AssertionError, match="next turns queued"):
        state.check_invariants()
