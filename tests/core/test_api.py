"""The engine API's promises, on the tiny game."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.core import (
    CHANCE,
    TERMINAL,
    GameOverError,
    IllegalActionError,
    NotationError,
    OptionError,
    UnknownGameError,
)
from meeple.core.fingerprint import fingerprint
from tests.tinygame import BET1, BET2, CARD0, KEEP, SWAP


def test_registry_lists_the_test_game_with_its_facts():
    info = {g.id: g for g in meeple.games()}["tiny"]
    assert (info.min_players, info.max_players, info.version) == (2, 3, 1)
    assert info.as_json()["options"][0]["choices"] == [False, True]


def test_unknown_game_names_the_registered_ones():
    with pytest.raises(UnknownGameError, match="no game 'nope'.*tiny"):
        meeple.load("nope")


def test_bad_player_count_names_the_range():
    with pytest.raises(OptionError, match="2 to 3 players, not 5"):
        meeple.load("tiny", players=5)


def test_unknown_option_names_the_options():
    with pytest.raises(OptionError, match="no option 'colour'.*short_deck"):
        meeple.load("tiny", players=2, colour="red")


def test_bad_option_value_names_the_allowed_values():
    with pytest.raises(OptionError, match="short_deck"):
        meeple.load("tiny", players=2, short_deck="maybe")
    assert meeple.load("tiny", players=2, short_deck="yes").options == {"short_deck": True}


def test_chance_nodes_list_outcomes_over_what_is_left_in_the_deck():
    state = meeple.load("tiny", players=2).new_initial_state()
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(CARD0 + v, 0.25) for v in range(4)]
    state.apply_action(CARD0 + 3)  # a 4 to player 0
    outcomes = dict(state.chance_outcomes())
    assert outcomes[CARD0 + 3] == pytest.approx(1 / 7)
    assert outcomes[CARD0] == pytest.approx(2 / 7)


def test_a_chance_outcome_is_checked_against_the_outcomes_once_asked_for():
    state = meeple.load("tiny", players=2, short_deck=True).new_initial_state()
    state.apply_action(CARD0 + 3)  # the only 4 to player 0
    outcomes = state.chance_outcomes()
    outcomes.clear()  # the caller's own list: the state keeps its outcomes
    assert state.legal_actions() == [CARD0, CARD0 + 1, CARD0 + 2]
    with pytest.raises(IllegalActionError, match=r"card 4\) is not legal.*card 1, card 2, card 3$"):
        state.apply_action(CARD0 + 3)  # no 4 is left
    assert state.chance_outcomes() == [(CARD0 + v, 1 / 3) for v in range(3)]
    state.apply_action(CARD0 + 2)
    assert state.current_player() == 0


def test_sample_chance_draws_by_the_outcomes_kept_and_refuses_a_player_decision():
    state = meeple.load("tiny", players=2, short_deck=True).new_initial_state()
    state.apply_action(CARD0 + 3)  # the only 4 to player 0
    # Drawn from the outcomes as chance_outcomes gives them: never the 4 that is gone.
    draws = {meeple.sample_chance(state, random.Random(seed)) for seed in range(60)}
    assert draws == {CARD0, CARD0 + 1, CARD0 + 2}
    # After legal_actions() (ids only, kept as a list) the draw is the same.
    rng_a, rng_b = random.Random(5), random.Random(5)
    first = meeple.sample_chance(state, rng_a)
    state.legal_actions()
    assert meeple.sample_chance(state, rng_b) == first
    state.apply_action(first)
    assert state.current_player() == 0
    with pytest.raises(ValueError, match="not a chance node"):
        meeple.sample_chance(state, random.Random(1))
    assert state.current_player() == 0 and state.legal_actions() == [KEEP, SWAP]


def test_a_compound_turn_is_a_chain_of_decisions_of_the_same_player():
    state = meeple.load("tiny", players=2).new_initial_state()
    state.apply_action(CARD0)
    state.apply_action(CARD0 + 1)
    assert state.current_player() == 0 and state.legal_actions() == [KEEP, SWAP]
    state.apply_action(SWAP)
    assert state.current_player() == CHANCE
    state.apply_action(CARD0 + 2)
    assert state.current_player() == 0 and state.legal_actions() == [BET1, BET2]
    state.apply_action(BET2)
    assert state.current_player() == 1


def test_an_illegal_action_is_refused_with_the_reason_and_changes_nothing():
    state = meeple.load("tiny", players=2, short_deck=True).new_initial_state()
    for a in (CARD0, CARD0 + 1):
        state.apply_action(a)
    state.apply_action(SWAP)
    state.apply_action(CARD0 + 2)
    state.apply_action(BET1)
    state.apply_action(SWAP)
    state.apply_action(CARD0 + 3)  # the deck is now empty
    state.apply_action(BET1)
    assert state.is_terminal()
    fresh = meeple.load("tiny", players=2, short_deck=True).new_initial_state()
    for a in (CARD0, CARD0 + 1):
        fresh.apply_action(a)
    before = fingerprint(fresh)
    with pytest.raises(IllegalActionError, match=r"bet 1\) is not legal now \(player 1 to move\)"):
        fresh.apply_action(BET1)
    assert fingerprint(fresh) == before


def test_the_game_says_why_a_move_is_illegal_when_it_can():
    # Three players share the four cards of the short deck: after player 0 swaps, the
    # deck is empty when player 1 is to keep or swap.
    state = meeple.load("tiny", players=3, short_deck=True).new_initial_state()
    for a in (CARD0, CARD0 + 1, CARD0 + 2, SWAP, CARD0 + 3, BET1):
        state.apply_action(a)
    assert state.current_player() == 1 and sum(state.deck) == 0
    with pytest.raises(IllegalActionError, match="the deck is empty"):
        state.apply_action(SWAP)


def test_malformed_input_is_a_notation_error_not_an_illegal_move():
    state = meeple.load("tiny", players=2).new_initial_state()
    with pytest.raises(NotationError, match="not a move in Tiny notation"):
        state.string_to_action("fold")
    with pytest.raises(NotationError, match="ids run from 0 to 7"):
        state.apply_action(99)
    with pytest.raises(NotationError):
        state.json_to_action({"id": 1, "text": "keep"})
    with pytest.raises(NotationError):
        state.json_to_action({"move": 1})


def test_notation_parses_back_ignoring_case_and_spacing():
    state = meeple.load("tiny", players=2).new_initial_state()
    assert state.string_to_action("  Card   3 ") == CARD0 + 2
    assert state.json_to_action({"text": "bet 2"}) == BET2
    assert state.action_to_json(BET2) == {
        "id": BET2,
        "text": "bet 2",
        "target": "button:3",
        "targets": ["button:3"],
    }


def test_actions_after_the_end_raise_game_over():
    state = meeple.load("tiny", players=2).new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(state.legal_actions()[0])
    assert state.current_player() == TERMINAL
    with pytest.raises(GameOverError, match="the game is over"):
        state.apply_action(KEEP)


def test_observation_hides_other_hands_until_the_end_and_determinize_redeals_them():
    state = meeple.load("tiny", players=3).new_initial_state()
    for a in (CARD0 + 3, CARD0 + 3, CARD0):
        state.apply_action(a)
    obs = state.observation(1)
    assert obs["hands"] == [None, 4, None]
    assert state.observation(None)["hands"] == [None, None, None]
    seen = set()
    for seed in range(40):
        det = state.determinize(1, random.Random(seed))
        assert det.observation(1) == obs
        assert det.hands[1] == 4
        seen.add((det.hands[0], det.hands[2]))
        assert sum(det.deck) + 3 == 8
    assert len(seen) > 3, "opponents' cards must really be re-dealt"


def test_ranks_share_places_on_equal_keys_and_returns_sum_to_zero():
    state = meeple.load("tiny", players=3).new_initial_state()
    for a in (CARD0 + 3, CARD0 + 3, CARD0, KEEP, BET2, KEEP, BET2, KEEP, BET1):
        state.apply_action(a)
    assert state.is_terminal()
    assert [s["total"] for s in state.scores()] == [6, 6, 0]
    assert state.ranks() == [1, 1, 3]
    assert state.returns() == [0.5, 0.5, -1.0]


def test_clone_is_independent_of_its_source():
    state = meeple.load("tiny", players=2).new_initial_state()
    state.apply_action(CARD0)
    copy = state.clone()
    copy.apply_action(CARD0 + 1)
    assert state.history == [CARD0] and copy.history == [CARD0, CARD0 + 1]
    assert state.deck != copy.deck


def test_an_option_named_game_id_is_an_unknown_option_not_a_clash():
    with pytest.raises(OptionError, match="no option 'game_id'"):
        meeple.load("tiny", players=2, **{"game_id": "croa"})


@pytest.mark.parametrize("game_id", [g.id for g in meeple.games()])
def test_apply_action_and_apply_legal_leave_the_same_state_at_every_step(game_id):
    """apply_action carries apply_legal's body inline (a call fewer a step): the two, and
    random_step, must leave identical states, turn counts and last decisions throughout,
    whichever of legal_actions, chance_outcomes or sample_chance asked first."""
    game = meeple.load(game_id)
    for seed in range(2):
        rng = random.Random(seed)
        checked, trusted, stepped = (game.new_initial_state() for _ in range(3))
        twin = random.Random(seed)
        n = 0
        while not checked.is_terminal():
            if checked.current_player() == CHANCE:
                if n % 2:
                    checked.chance_outcomes()  # the outcomes asked for first, then drawn
                action = meeple.sample_chance(checked, rng)
            else:
                action = rng.choice(checked.legal_actions())
            assert stepped.random_step(twin) == action
            checked.apply_action(action)
            trusted.apply_legal(action)
            for other in (trusted, stepped):
                assert fingerprint(other) == fingerprint(checked)
                assert other.history == checked.history
                assert other.last_decision == checked.last_decision
                assert other.decisions_this_turn() == checked.decisions_this_turn()
                assert other.legal_actions() == checked.legal_actions()
            n += 1
        assert n > 5
