"""The renderers draw only the observation and show turn, scores and the farms."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tests.games.farland.helpers import play, setup


def test_text_view_shows_market_turn_scores_and_farm():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    text = s.render_text(0)
    assert "to move: player 1" in text
    assert "lower market:" in text and "L28[" in text
    assert "player 0: 0 points" in text
    assert "HOUS" in text and "wh1" in text


def test_svg_view_is_valid_and_labels_turn_and_scores():
    s = setup(3, rules="advanced")
    play(s, "take building + improvements", "at 2,0")
    svg = s.render_svg(None)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "to move: player 0 (rotate building barn)" in svg
    assert "player 2: 0 points" in svg
    assert "upgrade tokens left: 12" in svg
