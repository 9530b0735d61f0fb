"""Clickable targets: the picture element a person clicks for each move of Piepmatz."""

from __future__ import annotations

import random
import re

import meeple
from meeple.core import CHANCE

from .helpers import card, mask, names, play, ready, setup
from .test_rules import three


def drawn(state: meeple.State, viewer: int | None) -> set[str]:
    svg = state.game.render_svg(state.observation(viewer))
    return set(re.findall(r'data-target="([^"]*)"', svg))


def chosen(state: meeple.State, target: str) -> list[str]:
    """The moves a click on ``target`` chooses, as the web does it."""
    return [
        state.action_to_string(a) for a in state.legal_actions() if state.action_target(a) == target
    ]


def targets(state: meeple.State) -> set[str | None]:
    return {state.action_target(a) for a in state.legal_actions()}


def test_a_play_targets_the_queue_of_its_perch():
    state = three()
    assert state.decision.kind == "play" and state.current_player() == 0
    assert targets(state) == {"perch:1", "perch:2"}
    assert drawn(state, 0) == {"perch:1", "perch:2"}
    # A click on a queue offers every bird of the hand for it.
    assert chosen(state, "perch:2") == [
        "play chaffinch-2m perch 2",
        "play chaffinch-3f perch 2",
        "play chaffinch-6f perch 2",
        "play greenfinch-1m perch 2",
    ]


def test_four_players_have_a_third_perch_to_click():
    hands = [
        ("chaffinch-1f", "sparrow-1f", "sparrow-2f", "sparrow-3f"),
        ("bullfinch-1f", "bullfinch-2f", "bullfinch-3f", "bullfinch-4f"),
        ("greenfinch-1f", "greenfinch-2f", "greenfinch-3f", "greenfinch-4f"),
        ("blackbird-1f", "blackbird-2f", "blackbird-3f", "blackbird-4f"),
    ]
    state = setup(4, perches=("blackbird-6f", "blackbird-6m", "blackbird-5m"), hands=hands)
    assert targets(state) == {"perch:1", "perch:2", "perch:3"}
    assert drawn(state, 0) == {"perch:1", "perch:2", "perch:3"}


def test_collect_targets_a_bird_of_the_own_hand_and_nothing_stays_a_button():
    state = three()
    play(state, ["play chaffinch-3f perch 1"])  # 3 does not beat the 4: nothing fed
    assert state.decision.kind == "collect"
    assert chosen(state, "hand:chaffinch-2m") == ["collect chaffinch-2m"]
    assert chosen(state, "hand:greenfinch-1m") == ["collect greenfinch-1m"]
    nothing = state.string_to_action("collect nothing")
    assert state.action_target(nothing) is None
    assert targets(state) - {None} <= drawn(state, 0)
    assert drawn(state, 0) == {"hand:chaffinch-2m", "hand:chaffinch-6f", "hand:greenfinch-1m"}


def test_refill_targets_the_display_cards_and_the_deck():
    state = three()
    play(state, ["play chaffinch-3f perch 1", "collect nothing"])
    assert state.decision.kind == "refill"
    assert chosen(state, "display:sparrow-6f") == ["take sparrow-6f"]
    assert chosen(state, "deck") == ["draw"]
    assert drawn(state, 0) == {
        "deck",
        "display:sparrow-5m",
        "display:sparrow-6f",
        "display:sparrow-6m",
    }


def test_a_crow_targets_a_bird_of_the_own_collection():
    state = three()
    state.birds[0] = mask(state, "sparrow-3f", "sparrow-4f", "greenfinch-2m")
    for c in ("sparrow-3f", "sparrow-4f", "greenfinch-2m"):
        state.deck.remove(card(state, c))
    state.column[1] += 1  # a crow on position 2
    state.seed_deck[3] -= 1
    state.seed_left -= 1
    ready(state)
    play(state, ["play chaffinch-6f perch 1"])
    assert state.decision.kind == "crow"
    assert targets(state) == {"bird:sparrow-3f", "bird:sparrow-4f"}
    assert chosen(state, "bird:sparrow-4f") == ["crow sparrow-4f"]
    assert targets(state) <= drawn(state, 0)
    # The greenfinch and the blackbird just fed are drawn too, but no move aims at them.
    assert "bird:greenfinch-2m" in drawn(state, 0)


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
    assert targets(state) == {f"hand:{c}" for c in hand}
    assert chosen(state, f"hand:{hand[0]}") == [f"keep {hand[0]}"]
    assert targets(state) <= drawn(state, p)


def test_targets_are_drawn_only_in_the_picture_of_the_player_to_move():
    state = three()
    play(state, ["play chaffinch-3f perch 1"])
    assert state.decision.kind == "collect"
    for viewer in (1, 2, None):
        assert drawn(state, viewer) == set()
        svg = state.game.render_svg(state.observation(viewer))
        assert "chaffinch-2m" not in svg  # the hand of player 0 stays hidden


def test_chance_outcomes_have_no_target():
    state = three()
    play(state, ["play chaffinch-3f perch 2"])  # fed: the column is refilled by chance
    assert state.current_player() == CHANCE
    assert targets(state) == {None}


def test_the_json_form_carries_the_target():
    state = three()
    play(state, ["play chaffinch-3f perch 1", "collect nothing"])
    forms = {f["text"]: f for f in map(state.action_to_json, state.legal_actions())}
    assert forms["draw"] == {"id": state.string_to_action("draw"), "text": "draw", "target": "deck"}
    assert forms["take sparrow-5m"]["target"] == "display:sparrow-5m"
    state.apply_action(state.json_to_action(forms["draw"]))
    assert state.decision.kind == "deal"
