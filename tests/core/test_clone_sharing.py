"""What clones share (``State.shared_rows``) and what a state only caches (``State.caches``),
on Azul: Queen's Garden, whose gardens are shared rows and whose fitting cells a cache."""

from __future__ import annotations

import random

import meeple
from meeple.boardgames.azul_queens_garden import actions as A
from meeple.core import CHANCE, State, sample_chance
from meeple.core.fingerprint import fingerprint
from meeple.core.position import edit


def _turn_with_a_placement(seed: int) -> State:
    """A state of a seeded random game where the player to move may place a hexagon."""
    rng = random.Random(seed)
    state = meeple.load("azul_queens_garden", players=2).new_initial_state()
    while True:
        assert not state.is_terminal(), "the game ended before a placement was offered"
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if state.decision.kind == "turn" and any(A.PLACE <= a < A.EXPAND for a in legal):
            return state
        state.apply_action(rng.choice(legal))


def _place(state: State) -> int:
    """Place the first offered hexagon (then pay, whatever is asked); the placer."""
    p = state.current_player()
    state.apply_action(next(a for a in state.legal_actions() if A.PLACE <= a < A.EXPAND))
    return p


def test_a_clone_shares_the_gardens_until_one_of_the_two_places():
    state = _turn_with_a_placement(1)
    before = fingerprint(state)
    copy = state.clone()
    p = copy.current_player()
    assert copy.garden is state.garden  # the list of rows too, until one writes
    _place(copy)
    assert copy.garden is not state.garden
    assert copy.garden[p] is not state.garden[p]  # copied before the write
    assert copy.garden[1 - p] is state.garden[1 - p]  # the other garden still shared
    assert fingerprint(state) == before
    assert copy.garden[p] != state.garden[p]


def test_the_original_that_writes_after_a_clone_leaves_the_clone_as_it_was():
    state = _turn_with_a_placement(2)
    copy = state.clone()
    before = fingerprint(copy)
    p = _place(state)
    assert state.garden[p] is not copy.garden[p]
    assert fingerprint(copy) == before


def test_own_rows_copies_a_players_rows_once():
    state = _turn_with_a_placement(3)
    state.clone()
    state.own_rows(0)
    rows = [getattr(state, k)[0] for k in type(state).shared_rows]
    state.own_rows(0)
    assert all(
        getattr(state, k)[0] is row for k, row in zip(type(state).shared_rows, rows, strict=True)
    )


def test_a_cache_is_not_part_of_the_position_or_its_fingerprint():
    state = _turn_with_a_placement(4)
    fresh = state.clone()
    fresh.fits = [(None, None), (None, None)]
    p = state.current_player()
    assert state.fits[p][0] is not None  # filled by the legal actions
    assert fingerprint(state) == fingerprint(fresh)
    assert "fits" not in state.to_json()["state"]


def test_reading_a_position_forgets_the_cache_it_was_written_with():
    state = _turn_with_a_placement(5)
    p = state.current_player()
    offered = state.legal_actions()
    assert any(A.PLACE <= a < A.EXPAND for a in offered)
    # A wrong cache (no hexagon fits anywhere) on the state written out, and an edit
    # that changes nothing: both read back with the cells worked out again.
    wrong = state.clone()
    wrong.fits = [((), ()), ((), ())]
    wrong._legal_cache = None
    assert not any(A.PLACE <= a < A.EXPAND for a in wrong.legal_actions())
    for again in (state.game.state_from_json(wrong.to_json()), edit(wrong)):
        assert again.legal_actions() == offered
        assert again.fits[p][0] == state.fits[p][0]
