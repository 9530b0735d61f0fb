"""check_invariants catches a corrupted Queensland state, and passes real ones.

Each test plays a seeded random game to the middle (or the end), breaks one thing the
way a buggy rule could, and expects an AssertionError naming what is wrong.
"""

from __future__ import annotations

import random

import pytest

from meeple.boardgames.queensland.state import QueenslandState
from tests.games.play import new_state, play, random_step


def _ended(players: int, seed: int) -> QueenslandState:
    """A seeded random game played to its end."""
    return play(new_state("queensland", QueenslandState, players), random.Random(seed))


def _mid_game(with_toads: bool = True) -> QueenslandState:
    """A seeded game stopped at a ``take`` after a pond scored (with toads on a farm)."""
    for seed in range(50):
        s = new_state("queensland", QueenslandState, 3)
        rng = random.Random(seed)
        while not s.is_terminal():
            d = s.decision
            scored = d is not None and d.kind == "take" and sum(s.in_play) > 0
            if scored and (not with_toads or any(s.toads)):
                return s
            random_step(s, rng)
    raise AssertionError("no seed reached a scored pond")


def _placed(state: QueenslandState) -> tuple[int, int]:
    """A (player, cell) holding a farm tile (not a start tile)."""
    for p, tiles in enumerate(state.tiles):
        for cell, v in tiles.items():
            if v >> 2 < state.rules.n_farm:
                return p, cell
    raise AssertionError("no farm tile placed")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_real_games_pass_at_every_step(players: int) -> None:
    state = new_state("queensland", QueenslandState, players)
    play(state, random.Random(players), check=True)


def test_a_tile_lost_from_the_pile_is_caught() -> None:
    state = _mid_game()
    state.check_invariants()
    state.pile.pop()
    with pytest.raises(AssertionError, match="farm tiles unaccounted for"):
        state.check_invariants()


def test_a_tile_in_two_places_is_caught() -> None:
    state = _mid_game()
    p, cell = _placed(state)
    state.pile = sorted([*state.pile, state.tiles[p][cell] >> 2])
    with pytest.raises(AssertionError, match="a farm tile is in two places"):
        state.check_invariants()


def test_a_discard_not_counted_is_caught() -> None:
    state = _mid_game()
    p, cell = _placed(state)
    # The tile vanishes from the farm as if discarded, but nobody counted it.
    state.toads[p].pop(cell, None)
    state.supply = state.rules.components.toads - sum(sum(t.values()) for t in state.toads)
    del state.tiles[p][cell]
    with pytest.raises(AssertionError, match="unaccounted for|turns but"):
        state.check_invariants()


def test_a_toad_lost_or_made_is_caught() -> None:
    state = _mid_game()
    state.supply -= 1
    with pytest.raises(AssertionError, match="toads in the supply"):
        state.check_invariants()
    state = _mid_game()
    p = next(q for q, t in enumerate(state.toads) if t)
    cell = next(iter(state.toads[p]))
    state.toads[p][cell] += 1
    with pytest.raises(AssertionError, match="toads in the supply"):
        state.check_invariants()


def test_toads_off_the_farm_are_caught() -> None:
    state = _mid_game()
    p = next(q for q, t in enumerate(state.toads) if t)
    cell = next(iter(state.toads[p]))
    k = state.toads[p].pop(cell)
    outside = max(state.open[p])  # an empty cell next to the farm
    state.toads[p][outside] = k
    with pytest.raises(AssertionError, match="toads stand off the farm"):
        state.check_invariants()


def test_a_score_edited_directly_is_caught() -> None:
    state = _mid_game()
    state.in_play[0] += 3
    with pytest.raises(AssertionError, match="points in play; ponds scored give"):
        state.check_invariants()


def test_a_pond_left_unscored_is_caught() -> None:
    state = _mid_game(with_toads=False)
    rules = state.rules
    p, cell = next(
        (q, c) for q, t in enumerate(state.tiles) for c, v in t.items() if rules.pond[v >> 2]
    )
    had = state.toads[p].get(cell, 0)
    need = rules.components.pond_exactly - had
    state.toads[p][cell] = had + need
    state.supply -= need
    with pytest.raises(AssertionError, match="toads unscored"):
        state.check_invariants()


def test_edited_final_scores_are_caught() -> None:
    state = _ended(2, 3)
    state.check_invariants()
    assert state.final is not None
    row = dict(state.final[1])
    row["cows"] += 1
    row["total"] += 1
    state.final = (state.final[0], row)
    with pytest.raises(AssertionError, match="final scores differ"):
        state.check_invariants()


def test_a_gap_in_the_market_at_a_take_is_caught() -> None:
    state = _mid_game()
    state.market[1] = -1  # as if discarded in a turn of its own, yet nothing refilled
    state.discarded += 1
    state.turns += 1
    with pytest.raises(AssertionError, match="a market with gaps"):
        state.check_invariants()
