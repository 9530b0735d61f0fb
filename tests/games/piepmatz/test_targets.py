"""Clickable targets: the picture elements a person clicks for each move of Piepmatz."""

from __future__ import annotations

import random
import re

import meeple
from meeple.core import CHANCE

from .helpers import card, edited, mask, names, play, setup, with_collection, with_pest
from .test_rules import three

HAND0 = ("chaffinch-2m", "chaffinch-3f", "chaffinch-6f", "greenfinch-1m")  # player 1's hand


def svg_of(state: meeple.State, viewer: int | None) -> str:
    return state.game.render_svg(state.observation(viewer))


def drawn(state: meeple.State, viewer: int | None) -> set[str]:
    return set(re.findall(r'data-target="([^"]*)"', svg_of(state, viewer)))


def paths(state: meeple.State) -> dict[str, tuple[str, ...]]:
    """The clicks of every legal move, by its text."""
    return {state.action_to_string(a): state.action_targets(a) for a in state.legal_actions()}


def chosen(state: meeple.State, *clicks: str) -> list[str]:
    """The moves still open after ``clicks``, as the web narrows them."""
    return [text for text, path in paths(state).items() if path[: len(clicks)] == clicks]


def test_a_play_is_a_bird_of_the_hand_then_the_queue_of_a_perch():
    state = three()
    assert state.decision.kind == "play" and state.current_player() == 0
    assert set(paths(state).values()) == {
        (f"hand:{c}", f"perch:{k}") for c in HAND0 for k in (1, 2)
    }
    assert paths(state)["play chaffinch-3f perch 2"] == ("hand:chaffinch-3f", "perch:2")
    # The first click on a bird leaves the two perches for it; the second completes.
    assert chosen(state, "hand:chaffinch-3f") == [
        "play chaffinch-3f perch 1",
        "play chaffinch-3f perch 2",
    ]
    assert chosen(state, "hand:chaffinch-3f", "perch:2") == ["play chaffinch-3f perch 2"]
    # The picture of the player to move draws every bird of the hand and every perch.
    assert drawn(state, 0) == {f"hand:{c}" for c in HAND0} | {"perch:1", "perch:2"}
    assert "click a bird, then a perch" in svg_of(state, 0)


def test_the_json_form_of_a_play_carries_both_clicks():
    state = three()
    play_ = state.string_to_action("play greenfinch-1m perch 1")
    assert state.action_to_json(play_) == {
        "id": play_,
        "text": "play greenfinch-1m perch 1",
        "target": "perch:1",
        "targets": ["hand:greenfinch-1m", "perch:1"],
    }


def test_four_players_have_a_third_perch_to_click():
    hands = [
        ("chaffinch-1f", "sparrow-1f", "sparrow-2f", "sparrow-3f"),
        ("bullfinch-1f", "bullfinch-2f", "bullfinch-3f", "bullfinch-4f"),
        ("greenfinch-1f", "greenfinch-2f", "greenfinch-3f", "greenfinch-4f"),
        ("blackbird-1f", "blackbird-2f", "blackbird-3f", "blackbird-4f"),
    ]
    state = setup(4, perches=("blackbird-6f", "blackbird-6m", "blackbird-5m"), hands=hands)
    assert chosen(state, "hand:sparrow-2f") == [
        "play sparrow-2f perch 1",
        "play sparrow-2f perch 2",
        "play sparrow-2f perch 3",
    ]
    assert drawn(state, 0) == {f"hand:{c}" for c in hands[0]} | {"perch:1", "perch:2", "perch:3"}


def test_collect_targets_a_bird_of_the_own_hand_or_the_collect_nothing_control():
    state = three()
    play(state, ["play chaffinch-3f perch 1"])  # 3 does not beat the 4: nothing fed
    assert state.decision.kind == "collect"
    assert paths(state) == {
        "collect chaffinch-2m": ("hand:chaffinch-2m",),
        "collect greenfinch-1m": ("hand:greenfinch-1m",),
        "collect nothing": ("button:nothing",),
    }
    assert drawn(state, 0) == {
        "hand:chaffinch-2m",
        "hand:chaffinch-6f",
        "hand:greenfinch-1m",
        "button:nothing",
    }
    # The control is a labelled rounded rectangle in the player's own area.
    control = re.search(r'<g data-target="button:nothing"[^>]*>(.*?)</g>', svg_of(state, 0), re.S)
    assert control and "Collect nothing" in control.group(1) and "<rect" in control.group(1)


def test_collect_nothing_is_drawn_when_it_is_the_only_choice():
    state = three()
    # Player 1's chaffinch 2 and greenfinch 1 go back into the bird deck.
    hands = [mask(state, "chaffinch-3f", "chaffinch-6f"), *state.hands[1:]]
    deck = sorted([*state.deck, card(state, "chaffinch-2m"), card(state, "greenfinch-1m")])
    state = edited(state, hands=hands, deck=deck)
    play(state, ["play chaffinch-3f perch 1"])  # nothing fed, and no bird of value <= 3 left
    assert state.decision.kind == "collect"
    assert paths(state) == {"collect nothing": ("button:nothing",)}
    assert drawn(state, 0) == {"hand:chaffinch-6f", "button:nothing"}


def test_refill_targets_the_display_cards_and_the_deck():
    state = three()
    play(state, ["play chaffinch-3f perch 1", "collect nothing"])
    assert state.decision.kind == "refill"
    assert paths(state) == {
        "take sparrow-5m": ("display:sparrow-5m",),
        "take sparrow-6f": ("display:sparrow-6f",),
        "take sparrow-6m": ("display:sparrow-6m",),
        "draw": ("deck",),
    }
    assert drawn(state, 0) == {
        "deck",
        "display:sparrow-5m",
        "display:sparrow-6f",
        "display:sparrow-6m",
    }


def test_a_crow_targets_a_bird_of_the_own_collection():
    state = three()
    state = with_collection(state, 0, "sparrow-3f", "sparrow-4f", "greenfinch-2m")
    state = with_pest(state, 2, "crow")  # a crow on position 2
    play(state, ["play chaffinch-6f perch 1"])
    assert state.decision.kind == "crow"
    assert paths(state) == {
        "crow sparrow-3f": ("bird:sparrow-3f",),
        "crow sparrow-4f": ("bird:sparrow-4f",),
    }
    # The whole collection is drawn (the greenfinch and the blackbird just fed too),
    # but no move aims at the birds outside the largest species.
    assert drawn(state, 0) == {
        "bird:blackbird-4f",
        "bird:greenfinch-2m",
        "bird:sparrow-3f",
        "bird:sparrow-4f",
    }


def test_the_final_keep_targets_a_card_of_the_own_hand():
    game = meeple.load("piepmatz", players=3)
    state = game.new_initial_state()
    rng = random.Random(5)
    while not (state.current_player() != CHANCE and state.decision.kind == "keep"):
        if state.current_player() == CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    p = state.current_player()
    hand = [n.removeprefix("keep ") for n in names(state)]
    assert len(hand) > 2
    assert paths(state) == {f"keep {c}": (f"hand:{c}",) for c in hand}
    assert drawn(state, p) == {f"hand:{c}" for c in hand}
    # After the first keep the card has left the hand, and the rest are still offered.
    state.apply_notation(f"keep {hand[0]}")
    assert state.current_player() == p and state.decision.kind == "keep"
    assert drawn(state, p) == {f"hand:{c}" for c in hand[1:]}


def test_targets_are_drawn_only_in_the_picture_of_the_player_to_move():
    state = three()
    for moves, kind in (([], "play"), (["play chaffinch-3f perch 1"], "collect")):
        play(state, moves)
        assert state.decision.kind == kind
        for viewer in (1, 2, None):
            assert drawn(state, viewer) == set()
            svg = svg_of(state, viewer)
            assert "chaffinch-2m" not in svg  # the hand of player 1 stays hidden
            assert "Collect nothing" not in svg
            assert "click a bird" not in svg


def test_chance_outcomes_have_no_target():
    state = three()
    play(state, ["play chaffinch-3f perch 2"])  # fed: the column is refilled by chance
    assert state.current_player() == CHANCE
    assert set(paths(state).values()) == {()}
    assert {state.action_target(a) for a in state.legal_actions()} == {None}


def test_the_json_form_carries_the_target():
    state = three()
    play(state, ["play chaffinch-3f perch 1", "collect nothing"])
    forms = {f["text"]: f for f in map(state.action_to_json, state.legal_actions())}
    assert forms["draw"] == {
        "id": state.string_to_action("draw"),
        "text": "draw",
        "target": "deck",
        "targets": ["deck"],
    }
    assert forms["take sparrow-5m"]["target"] == "display:sparrow-5m"
    state.apply_action(state.json_to_action(forms["draw"]))
    assert state.decision.kind == "deal"
