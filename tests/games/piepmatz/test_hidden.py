"""Hidden information over whole random games: what each player may see, and determinize."""

from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple.boardgames.piepmatz.actions import cards_of
from meeple.boardgames.piepmatz.state import PiepmatzState


def _states(players: int, seed: int, every: int = 4):
    game = meeple.load("piepmatz", players=players)
    state = game.new_initial_state()
    assert isinstance(state, PiepmatzState)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        if state.current_player() == meeple.CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        step += 1


def _unseen(state: PiepmatzState, p: int) -> int:
    m = sum(1 << c for c in state.deck)
    for q in range(state.game.players):
        if q != p:
            m |= (state.hands[q] | state.kept[q]) & ~state.known[q]
    return m


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_observation_names_a_card_its_viewer_has_not_seen(players):
    for state in _states(players, players):
        for p in [None, *range(players)]:
            text = json.dumps(state.observation(p))
            hidden = _unseen(state, -1 if p is None else p)
            for c in cards_of(hidden):
                assert f'"{state.t.card_name[c]}"' not in text, (p, state.t.card_name[c])
            assert "history" not in text


@pytest.mark.parametrize("players", [2, 4])
def test_determinize_re_deals_exactly_the_unseen_cards(players):
    rng = random.Random(1)
    for state in _states(players, 10 + players, every=7):
        for p in range(players):
            det = state.determinize(p, rng)
            assert isinstance(det, PiepmatzState)
            assert det.observation(p) == state.observation(p)
            assert det.hands[p] == state.hands[p] and det.kept[p] == state.kept[p]
            assert _unseen(det, p) == _unseen(state, p)
            for q in range(players):
                held = det.hands[q] | det.kept[q]
                assert held & state.known[q] == state.known[q] & (state.hands[q] | state.kept[q])
                assert det.kept[q].bit_count() == state.kept[q].bit_count()
                assert det.hands[q].bit_count() == state.hands[q].bit_count()
            det.check_invariants()
            # The real state is untouched.
            state.check_invariants()


def test_determinize_really_varies_the_opponents_hands():
    state = next(s for s in _states(3, 5) if s.decision and s.decision.kind == "play")
    hands = {tuple(state.determinize(0, random.Random(i)).hands) for i in range(20)}
    assert len(hands) > 10
    assert all(h[0] == state.hands[0] for h in hands)


def test_a_hand_deal_outcome_is_not_in_any_other_players_view():
    game = meeple.load("piepmatz", players=2, removed_species="sparrow")
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.decision.kind != "deal" or state.decision.info != 1:
        state.apply_action(meeple.sample_chance(state, rng))
    before = state.observation(0)
    a = meeple.sample_chance(state, rng)
    state.apply_action(a)
    after = state.observation(0)
    name = state.action_to_string(a)[len("bird ") :]
    assert name not in json.dumps(after)
    assert after["hands"][1]["hidden"] == before["hands"][1]["hidden"] + 1
    assert name in json.dumps(state.observation(1))
