"""Hidden information over whole random games: what each player may see, and determinize."""

from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple.agents import make_agent
from meeple.boardgames.piepmatz.actions import cards_of
from meeple.boardgames.piepmatz.state import PiepmatzState

from .helpers import edited, setup


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
                assert f'"{state.rules.card_name[c]}"' not in text, (p, state.rules.card_name[c])
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


def _swap_hidden_hand(state: PiepmatzState, q: int, new: list[str]) -> PiepmatzState:
    """A copy of ``state`` where opponent ``q`` holds ``new`` (taken from the bird deck)
    instead of its real hidden hand, which goes back into the deck."""
    assert state.known[q] == 0
    fresh = [state.rules.card(name) for name in new]
    deck = list(state.deck)
    for c in fresh:
        deck.remove(c)
    deck = sorted(deck + cards_of(state.hands[q]))
    hands = list(state.hands)
    hands[q] = sum(1 << c for c in fresh)
    return edited(state, deck=deck, hands=hands)


def _twins() -> tuple[PiepmatzState, PiepmatzState]:
    hands = [
        ["sparrow-1f", "sparrow-2f", "sparrow-3f", "sparrow-4f"],
        ["bullfinch-1f", "bullfinch-2f", "bullfinch-3f", "bullfinch-4f"],
        ["blackbird-1f", "blackbird-2f", "blackbird-3f", "blackbird-4f"],
    ]
    a = setup(3, perches=["chaffinch-1f", "chaffinch-2f"], hands=hands, removed=None)
    greenfinches = ["greenfinch-1m", "greenfinch-2m", "greenfinch-3m", "greenfinch-4m"]
    b = _swap_hidden_hand(a, 1, greenfinches)
    assert a.hands[1] != b.hands[1] and a.deck != b.deck
    assert a.observation(0) == b.observation(0)
    return a, b


def test_determinize_depends_only_on_what_the_player_sees():
    a, b = _twins()
    for seed in range(6):
        da = a.determinize(0, random.Random(seed))
        db = b.determinize(0, random.Random(seed))
        assert isinstance(da, PiepmatzState) and isinstance(db, PiepmatzState)
        assert da.hands == db.hands
        assert da.kept == db.kept
        assert da.deck == db.deck
        assert da.legal_actions() == db.legal_actions()


def test_ismcts_does_not_read_an_opponents_hidden_hand():
    a, b = _twins()
    for seed in range(4):
        move_a = make_agent("ismcts:iterations=150", random.Random(seed)).step(a)
        move_b = make_agent("ismcts:iterations=150", random.Random(seed)).step(b)
        assert move_a == move_b, seed


def test_determinize_does_not_depend_on_which_cards_an_opponent_kept():
    state = next(
        s for s in _states(3, 5, every=1) if s.decision is not None and s.decision.kind == "keep"
    )
    p = state.current_player()
    hand = cards_of(state.hands[p])
    assert len(hand) > 2 and state.known[p] & ~state.hands[p] == 0
    # Keep a card the others have not seen, in two different ways.
    hidden = [c for c in hand if not state.known[p] >> c & 1]
    assert len(hidden) >= 2
    a, b = state.clone(), state.clone()
    a.apply_action(state.rules.KEEP + hidden[0])
    b.apply_action(state.rules.KEEP + hidden[1])
    assert isinstance(a, PiepmatzState) and isinstance(b, PiepmatzState)
    assert a.kept[p] != b.kept[p]
    viewer = (p + 1) % 3
    assert a.observation(viewer) == b.observation(viewer)
    for seed in range(6):
        da = a.determinize(viewer, random.Random(seed))
        db = b.determinize(viewer, random.Random(seed))
        assert isinstance(da, PiepmatzState) and isinstance(db, PiepmatzState)
        assert (da.hands, da.kept, da.deck) == (db.hands, db.kept, db.deck)
