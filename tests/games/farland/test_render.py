"""The renderers draw only the observation and show turn, scores and the farms."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import meeple
from meeple.boardgames.farland.actions import sq
from tests.games.farland.helpers import (
    CARROT,
    COW,
    POND_CELL,
    give,
    play,
    setup,
    top,
    with_farm,
)
from tests.games.notation import check_not_a_move
from tests.games.seats import assert_names_both_players, check_a_random_game, svg_words


def test_text_view_shows_market_turn_scores_and_farm():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    text = s.render_text(0)
    assert "to move: player 2" in text
    assert "lower market:" in text and "L28[" in text
    assert "player 1: 0 points" in text
    assert "HOUSE" in text and "wh1" in text


def test_svg_view_is_valid_and_labels_turn_and_scores():
    s = setup(3, rules="advanced")
    play(s, "take building + improvements", "at 2,0")
    svg = s.render_svg(None)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "to move: player 1 (turn the barn tile and lay it)" in svg
    assert "Player 3: 0 points" in svg
    assert "upgrade tokens left: 12" in svg


def _farm_rows(text: str, seat: int) -> list[str]:
    block = text.split(f"\nplayer {seat + 1}:")[1].split("\nplayer ")[0]
    return block.splitlines()


def test_text_farm_draws_nimbus_generators_and_tells_fences_apart():
    s = give(setup(rules="advanced"), 0, "nimbus_generator")
    # a Nimbus Generator, and a wooden fence on top of the house
    s = with_farm(s, 0, nimbus=[sq(1, 1)], fences=[top(0, 0)])
    text = s.render_text(0)
    rows = _farm_rows(text, 0)
    assert any("======" in r for r in rows)  # wooden fence
    assert any("------" in r for r in rows)  # printed fences of the house meadows
    assert any("++" in r for r in rows)  # the Nimbus Generator's corner
    assert "++ Nimbus Generator" in text
    assert "wooden fence" in text and "printed fence" in text


def test_text_pond_squares_do_not_look_like_pipes():
    # the pond tile comes with the Irrigation technology
    s = give(setup(rules="advanced"), 0, "irrigation")
    s = with_farm(s, 0, {(2, 0): POND_CELL})
    rows = _farm_rows(s.render_text(0), 0)
    assert any(" pond" in r for r in rows)
    assert not any("~~~~" in r for r in rows)  # no pipes on this farm


def test_tokens_have_unambiguous_labels_in_text_and_svg():
    s = with_farm(setup(), 0, tokens={(0, 1): COW, (1, 1): CARROT})
    text = s.render_text(0)
    rows = _farm_rows(text, 0)
    assert any("+Co" in r and "+Ca" in r for r in rows)
    assert "Co cow" in text and "Ca carrot" in text
    # in the picture tokens are cubes in the resource's colour, with a tip naming them
    svg = s.render_svg(None)
    assert 'data-tip="0,1: cow token' in svg and 'data-tip="1,1: carrot token' in svg


def test_svg_legend_explains_ponds_and_the_nimbus_cross():
    svg = setup(rules="advanced").render_svg(None)
    assert "pond tile" in svg and "Nimbus Generator" in svg
    assert "wooden fence" in svg and "printed fence" in svg


def test_building_line_at_setup_and_at_the_end_of_the_game():
    g = meeple.load("farland", players=2)
    s = g.new_initial_state()
    rng = random.Random(5)
    while s.current_player() == meeple.CHANCE:
        s.apply_action(meeple.sample_chance(s, rng))
    assert s.phase == "setup"
    assert "taken this round" not in s.render_text(None)
    assert "can be taken from round 1" in s.render_text(None)
    while not s.is_terminal():
        if s.current_player() == meeple.CHANCE:
            s.apply_action(meeple.sample_chance(s, rng))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    for view in (s.render_text(None), s.render_svg(None)):
        assert "taken this round" not in view


def test_texts_for_people_count_players_from_one():
    s = setup()  # two players, seat 0 to move and first
    text = s.render_text(1)
    assert "to move: player 1  first player: player 1" in text
    assert "\nplayer 1: 0 points (" in text and "\nplayer 2: 0 points (" in text
    words = svg_words(s.render_svg(None))
    assert "to move: player 1 (take a land card or the building); first player: player 1" in words
    assert "Player 1 (to move) ★first: 0 points" in words and "Player 2: 0 points" in words
    assert_names_both_players(text)
    assert_names_both_players(words)
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    assert s.current_player() == 1 and "to move: player 2" in s.render_text(0)
    check_a_random_game("farland", seed=1, stride=3)


def test_a_text_that_is_not_a_move_shows_moves_a_player_types():
    assert check_not_a_move("farland", "place 2,0") == ["take lower 1", "at 2,0", "rotate 90"]


def test_text_market_names_the_player_count_of_each_column():
    s = setup(3)
    text = s.render_text(None)
    assert "market columns: 1 (2+ players), 2 (2+ players), 3 (3+ players); not used: 4" in text
    assert "upper market: 1 L25[" in text and "  3 L27[" in text
    assert "lower market: 1 L28[" in text
    two = setup(2).render_text(None)
    assert "market columns: 1 (2+ players), 2 (2+ players); not used: 3 (3+ players)" in two


def test_text_key_explains_the_meadow_and_decisions_are_worded():
    s = setup(rules="advanced")
    text = s.render_text(0)
    assert ".. meadow (no icon)" in text
    assert "decision: take a land card or the building" in text
    play(s, "take lower 1", "fence", "fence")
    assert "decision: choose the top-left square for card L27 (at x,y)" in s.render_text(0)
    play(s, "at 2,0")
    line = next(r for r in s.render_text(0).splitlines() if r.startswith("decision:"))
    assert line == (
        "decision: turn card L27 and lay it with its top-left square at 2,0 "
        "(rotate 0 or rotate 90 or rotate 180 or rotate 270)"
    )
    assert "{" not in line and "[" not in line


def test_text_farm_has_axis_labels_matching_the_moves():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")  # L27 on 2,0 to 3,1
    rows = _farm_rows(s.render_text(None), 0)
    header = next(r for r in rows if "y\\x" in r)
    assert header.split()[1:] == ["0", "1", "2", "3"]
    # the x of each column stands over its squares; the y starts each row of squares
    house = next(r for r in rows if "HOUSE" in r)
    assert house.split()[0] == "0"
    assert house.index("HOUSE") == header.index("0")
    assert house.index("wh1") == header.index("2")
    meadows = next(r for r in rows if "|" in r and ".." in r)
    assert meadows.split()[0] == "1"
