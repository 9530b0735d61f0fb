"""The text and SVG views name the players as people count them: from 1."""

from __future__ import annotations

from meeple.core import CHANCE
from tests.games.piepmatz.helpers import play, random_game, setup
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
    assert "Player 1  <- to move" in words and "Player 2 (you)" in words
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
