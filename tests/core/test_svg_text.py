"""Measuring and wrapping text for the renderers (meeple.core.svg)."""

from __future__ import annotations

from meeple.core import svg


def test_text_width_follows_dejavu_sans_advances():
    # "i" is narrow, "W" wide; bold is wider; a character past ASCII counts one em.
    assert svg.text_width("i", 100) == 28 and svg.text_width("W", 100) == 99
    assert svg.text_width("W", 100, bold=True) == 110
    assert svg.text_width("♀", 12) == 12
    assert svg.text_width("", 12) == 0
    assert svg.text_width("ab", 10) == (61 + 63) / 10


def test_wrap_breaks_at_spaces_within_the_width():
    body = "a blue bird tile from the display"
    lines = svg.wrap(body, 10, 60)
    assert " ".join(lines) == body
    assert all(svg.text_width(line, 10) <= 60 for line in lines)
    assert len(lines) > 1
    # A word wider than the width keeps a line of its own; nothing is lost or cut.
    assert svg.wrap("Yellowhammer x", 12, 20) == ["Yellowhammer", "x"]
    assert svg.wrap("", 12, 20) == []
    # Another measure: one unit a letter.
    assert svg.wrap("ab cd ef", 1, 5, measure=lambda t, s, b: float(len(t))) == ["ab cd", "ef"]
