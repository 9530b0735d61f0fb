"""The text and SVG views name the players as people count them: from 1."""

from __future__ import annotations

import random

import meeple
from meeple.core import CHANCE
from tests.games.notation import check_not_a_move
from tests.games.piepmatz.helpers import play, random_game, setup
from tests.games.play import play_to
from tests.games.seats import assert_names_both_players, check_a_random_game, svg_words

HANDS2 = (
    ("sparrow-2m", "sparrow-3f", "chaffinch-4m", "chaffinch-5f"),
    ("sparrow-4m", "sparrow-5f", "chaffinch-6m", "chaffinch-1f"),
)


def test_texts_for_people_count_players_from_one():
    s = setup(2, perches=("sparrow-1m", "chaffinch-2f"), hands=HANDS2)
    assert s.current_player() == 0
    text = s.render_text(1)
    assert "seen by player 2. player 1 to play a bird." in text
    assert "\n>P1  score 0 " in text and "\n P2  score 0 " in text
    words = svg_words(s.render_svg(1))
    assert "seen by player 2 | player 1 to play a bird" in words
    assert "Player 1 \u00b7 to move" in words and "Player 2 (you)" in words
    assert_names_both_players(text)
    assert_names_both_players(words)
    # The others read that seat 0 drew a bird, not which one.
    play(s, ["play sparrow-2m perch 1", "seed 1 egg", "draw", "bird chaffinch-1m"])
    drawn = s.history[-1]
    assert s.action_seen_by(0, CHANCE, drawn) == "bird chaffinch-1m"
    assert s.action_seen_by(1, CHANCE, drawn) == "player 1 draws a bird"
    assert s.action_seen_by(None, CHANCE, drawn) == "player 1 draws a bird"


def test_the_final_places_count_players_from_one():
    s = random_game(2, 4)
    ranks = s.ranks()
    text = s.render_text(None)
    assert f"Final places: P1 place {ranks[0]}, P2 place {ranks[1]}" in text
    words = svg_words(s.render_svg(None))
    assert f"Final: player 1: place {ranks[0]}, player 2: place {ranks[1]}" in words
    check_a_random_game("piepmatz", seed=1, stride=3)


def test_a_text_that_is_not_a_move_shows_moves_a_player_types():
    assert check_not_a_move("piepmatz", "fold") == [
        "play chaffinch-3f perch 1",
        "take blackbird-5f",
        "draw",
    ]


def test_the_spectator_view_is_seen_by_a_spectator():
    s = setup(2, perches=("sparrow-1m", "chaffinch-2f"), hands=HANDS2)
    assert "seen by a spectator. player 1 to play a bird." in s.render_text(None)
    assert "seen by a spectator | player 1 to play a bird" in svg_words(s.render_svg(None))


def test_a_secret_keep_does_not_name_the_player_the_log_already_names():
    state = meeple.load("piepmatz", players=3).new_initial_state()
    state = play_to(
        state,
        random.Random(2),
        lambda s: s.decision is not None and s.decision.kind == "keep",
        "the final keep",
    )
    p = state.current_player()
    keep = state.legal_actions()[0]
    state.apply_action(keep)
    assert state.action_seen_by(p, p, keep) == state.action_to_string(keep)
    for viewer in (None, *(q for q in range(3) if q != p)):
        assert state.action_seen_by(viewer, p, keep) == "keeps a card"
