"""check_invariants catches a corrupted Crôa! state, and passes real ones.

Each test plays a seeded random game to its middle, breaks one thing the way a buggy
rule could, and expects an AssertionError naming what is wrong.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeple.boardgames.croa.state import MUD, CroaState
from meeple.core import CHANCE
from meeple.core.api import Decision
from tests.games.play import new_state, play, random_step


def _new(players: int, **opts: Any) -> CroaState:
    return new_state("croa", CroaState, players, **opts)


def _mid_game(seed: int = 0) -> CroaState:
    """A seeded 4-player game at a turn's first move after a frog was removed and a
    baby born, with every player still in."""
    for s in range(seed, seed + 100):
        rng = random.Random(s)
        state = _new(4)
        while not state.is_terminal() and state.n_out == 0:
            d = state.decision
            born = any(state.nxt[p] > 1 + state.rules.servants_at_start for p in range(4))
            if d is not None and d.kind == "move" and state.gone and born:
                return state
            random_step(state, rng)
    raise AssertionError("no mid-game position")


@pytest.mark.parametrize("opts", [{}, {"pond": "classic"}, {"backs": "fixed"}])
def test_real_games_pass_at_every_step(opts: dict[str, str]) -> None:
    for players in (2, 3, 4):
        for seed in range(3):
            rng = random.Random(seed)
            state = _new(players, **opts)
            play(state, rng, check=True)


def test_a_frog_that_vanishes_is_caught() -> None:
    state = _mid_game()
    state.check_invariants()
    f = next(f for f, s in enumerate(state.fsq) if s >= 0 and not state.rules.is_queen[f])
    state._lift(f)  # off the pond, but not removed by any rule
    with pytest.raises(AssertionError, match="are nowhere"):
        state.check_invariants()


def test_a_frog_in_two_places_is_caught() -> None:
    state = _mid_game()
    f = next(f for f, s in enumerate(state.fsq) if s >= 0 and not state.rules.is_queen[f])
    state.gone |= 1 << f  # removed, yet still in the pond
    with pytest.raises(AssertionError, match="is in 2 places"):
        state.check_invariants()
    state = _mid_game()
    f = next(f for f, s in enumerate(state.fsq) if s >= 0)
    other = next(s for s, o in enumerate(state.occ) if not o and s != state.fsq[f])
    state.occ[other] = (f,)  # listed on a second square
    with pytest.raises(AssertionError, match="lists a frog elsewhere"):
        state.check_invariants()


def test_a_tile_made_from_nothing_is_caught() -> None:
    state = _mid_game()
    state.left[0] += 1
    with pytest.raises(AssertionError, match="tiles are not conserved"):
        state.check_invariants()


def test_a_frog_from_the_reserve_without_a_birth_is_caught() -> None:
    state = _mid_game()
    p = next(p for p in range(4) if state.nxt[p] < state.rules.slots)
    state.nxt[p] += 1
    state.gone |= 1 << (p * state.rules.slots + state.nxt[p] - 1)
    state.males[p] = 0  # and claim every male frog was used
    with pytest.raises(AssertionError, match="male frogs but"):
        state.check_invariants()


def test_a_stuck_frog_outside_mud_is_caught() -> None:
    state = _mid_game()
    f = next(f for f, s in enumerate(state.fsq) if s >= 0 and state.tile[s] != MUD)
    state.stuck[f] = 1
    with pytest.raises(AssertionError, match="stuck outside mud"):
        state.check_invariants()


def test_a_standing_edited_directly_is_caught() -> None:
    # Crôa! has no points: the standings are the elimination order. Putting a player
    # out whose frogs are still in the pond is caught.
    state = _mid_game()
    state.out[2] = state.n_out
    state.n_out += 1
    with pytest.raises(AssertionError, match="P3 is out but has frogs in the pond"):
        state.check_invariants()
    state = _mid_game()
    for f in range(state.rules.slots, 2 * state.rules.slots):  # P2's frogs all gone ...
        if state.fsq[f] >= 0:
            state._remove(f)
    state.out[1] = 5  # ... but in a place of the elimination order nobody can hold
    with pytest.raises(AssertionError, match="elimination order"):
        state.check_invariants()


def test_the_capture_that_wins_still_lands_the_capturing_frog() -> None:
    # Random 4-player game seed 5 ends at step 182 when a frog takes the last enemy
    # queen. The frog lands where the queen stood, like any capturing frog; before the
    # fix the game ended with it in no place at all (nor in the final picture). The game
    # was found with the backs in the fixed layout, the only one before version 3.
    rng = random.Random(5)
    state = _new(4, backs="fixed")
    play(state, rng)
    assert len(state.history) == 182 and state.end == "last queen standing"
    winner = state.out.index(-1)
    slots = state.rules.slots
    frogs = range(winner * slots, winner * slots + slots)
    off = [
        f
        for f in frogs
        if state.fsq[f] < 0 and not state.gone >> f & 1 and f % slots < state.nxt[winner]
    ]
    assert off == []
    landed = state.last[1]
    assert any(state.fsq[f] == landed for f in frogs)
    state.check_invariants()


def test_a_deal_out_of_order_or_over_its_count_is_caught() -> None:
    state = _new(2)
    for _ in range(3):
        state.apply_action(state.chance_outcomes()[0][0])
    state.check_invariants()
    state.backs = (*state.backs[:10], 0, *state.backs[11:])  # a square laid ahead
    with pytest.raises(AssertionError, match="laid out of order"):
        state.check_invariants()
    state = _new(2)
    for _ in range(16):
        state.apply_action(state.string_to_action("lay deep-a"))
    state.backs = (*state.backs[:16], 1, *state.backs[17:])  # a 17th deep-a square
    state.pending[-1] = Decision("lay", CHANCE, 17)
    with pytest.raises(AssertionError, match="more squares of back 1"):
        state.check_invariants()
