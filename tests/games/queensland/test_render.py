"""The text and SVG views: drawn from an observation, readable, and never telling more."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tests.games.queensland.helpers import at_first_turn, play, put, set_toads


def group_pending():
    state = at_first_turn(3, market=("T09", "T21", "T31"))
    put(state, 0, 2, 1, "T01", rot=3, toads=2)
    for p in (1, 2):
        set_toads(state, p, 0, 0, 1)
    play(state, "take 3", "place 1,-1", "rotate 180", "follow")
    return state


def test_the_text_view_shows_whose_turn_the_market_and_each_farm():
    state = at_first_turn(2, market=("T09", "T21", "T39"))
    text = state.game.render_text(state.observation(0))
    assert "turn 1: player 0 to take a market tile" in text
    assert "space 3 (+3 toads): T39 (N:c E:w S:. W:., pond, single arrow E, 1 tractor)" in text
    assert "Player 1 (farm faces north): 0 points, 0 toads" in text
    assert "cA      wwB    Sc." in text  # start tiles A and B side by side


def test_views_keep_a_pending_group_answer_hidden():
    state = group_pending()
    assert state.current_player() == 2
    mine = state.game.render_text(state.observation(1))
    theirs = state.game.render_text(state.observation(2))
    assert "player 1: answered" in theirs
    assert "your answer" not in theirs and "player 1: follow" not in theirs
    assert "your answer: follow" in mine
    svg = state.game.render_svg(state.observation(2))
    assert "P1 answered" in svg and "your answer" not in svg


def test_the_svg_view_is_a_labelled_picture():
    state = group_pending()
    svg = state.game.render_svg(state.observation(None))
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    titles = {t.text for t in root.iter("{http://www.w3.org/2000/svg}title")}
    assert {"pond", "group move south", "2 toads", "cow"} <= titles
    assert "player 2 to follow the group move or stay" in svg
    assert "scores: ponds in play" in svg


def test_views_show_a_player_who_was_not_asked():
    state = at_first_turn(3, market=("T09", "T21", "T31"))
    set_toads(state, 1, 0, 1, 2)  # on C: nothing south of it, so player 1 is not asked
    set_toads(state, 2, 0, 0, 1)
    play(state, "take 3", "place 1,-1", "rotate 180")
    assert state.current_player() == 2
    for viewer in (None, 0, 1, 2):
        text = state.game.render_text(state.observation(viewer))
        assert "player 1: not asked, player 2: waiting" in text
        svg = state.game.render_svg(state.observation(viewer))
        assert "P1 not asked, P2 waiting" in svg
