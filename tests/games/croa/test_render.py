"""The SVG view: every seat colour must stand out on every tile and back of the pond."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import meeple
from meeple.boardgames.croa import render
from meeple.core.svg import PLAYER_COLOURS
from tests.games.croa.helpers import checked_position, start
from tests.games.notation import check_not_a_move
from tests.games.seats import assert_names_both_players, check_a_random_game, svg_words

NS = "{http://www.w3.org/2000/svg}"


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def _distance(a: str, b: str) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(_rgb(a), _rgb(b), strict=True)) ** 0.5)


def _luminance(colour: str) -> float:
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(v) for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _pond_fills() -> list[str]:
    fills: list[Any] = [*render.TILE_FILL.values(), render.MALE_TILE_FILL]
    for v in render.BACK_FILL.values():
        fills.extend([v] if isinstance(v, str) else v)
    return fills


def test_no_tile_or_back_colour_is_close_to_a_seat_colour():
    # the old deep-water blues (#2b5f8e, #4f8fbf) lay within 60 of player 2's #1f77b4
    for fill in _pond_fills():
        for seat in PLAYER_COLOURS:
            assert _distance(fill, seat) > 75, (fill, seat)


def test_a_frog_ring_stands_out_on_every_tile_and_back():
    # the white ring reads on dark tiles, its dark outline on pale ones
    for fill in _pond_fills():
        assert max(_contrast(fill, "#ffffff"), _contrast(fill, render.OUTLINE)) >= 3.0, fill
    assert _contrast("#ffffff", render.OUTLINE) >= 15


def test_every_frog_wears_a_white_ring_inside_a_dark_outline():
    s = checked_position(
        4,
        pond="three_backs",
        tiles={"a1": "lily", "c3": "log"},
        frogs={
            "a1": ["Q3"],
            "c3": ["S2", "S4"],
            "e2": ["Q2", "S2"],
            "f3": ["S2"],
            "b3": ["Q1"],
            "e6": ["Q4"],
        },
    )
    root = ET.fromstring(s.render_svg(None))
    rings = [
        c
        for c in root.iter(f"{NS}circle")
        if c.get("fill") == "#ffffff" and c.get("stroke") == render.OUTLINE
    ]
    assert len(rings) == 8
    tips = [g.get("data-tip", "") for g in root.iter(f"{NS}g")]
    assert sum(t.startswith("Servant of P2 (blue):") for t in tips) == 3
    assert sum(t.startswith("Queen of P3 (green):") for t in tips) == 1
    assert not list(root.iter(f"{NS}title"))  # the page's tooltip shows data-tip instead


def test_the_two_deep_sets_and_shallow_water_have_distinct_backs():
    obs = checked_position(pond="three_backs", frogs={"a1": ["Q1"], "h8": ["Q2"]}).observation(None)
    assert [b["water"] for b in obs["backs"]] == ["shallow", "deep", "deep"]
    svg_text = render.render_svg(obs)
    fills = [render._back_fill(obs["backs"], b) for b in range(3)]
    assert len(set(fills)) == 3
    assert all(f'fill="{f}"' in svg_text for f in fills)


def test_texts_for_people_count_players_from_one():
    state = start(2)  # seat 0 to move
    text = state.render_text(0)
    assert "\n  P1 (red) in, no rival out yet: queen a1" in text
    assert "\n  P2 (blue) in, no rival out yet: queen h8" in text
    assert text.endswith("\nP1 (red) jumps with one frog")
    words = svg_words(state.render_svg(None))
    tips = "\n".join(re.findall(r'data-tip="([^"]*)"', state.render_svg(None)))
    assert "Queen of P1 (red)" in tips and "Servant of P2 (blue)" in tips
    assert_names_both_players(tips)
    assert "▶ P1 (red) · in the pond" in words and "P2 (blue) · in the pond" in words
    assert_names_both_players(text)
    assert_names_both_players(words)
    check_a_random_game("croa", seed=2, stride=2)


def test_a_text_that_is_not_a_move_shows_only_moves_a_player_types():
    assert check_not_a_move("croa", "fold") == ["Qa1-b2", "Sb1-c2", "stop"]
    with pytest.raises(meeple.NotationError) as caught:
        meeple.load("croa", players=2).parse_action("fold")
    # A reveal is a chance outcome; a servant's victim is asked for only on a log.
    assert "reveal" not in str(caught.value) and "remove" not in str(caught.value)


def test_the_last_jump_is_written_in_the_notation():
    state = start(3)
    rng = random.Random(5)
    kinds = set()
    last = ""
    for _ in range(150):
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = meeple.sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        text = state.action_to_string(action)
        state.apply_action(action)
        if text[0] in "QS":
            kinds.add(text[0])
            last = text
        if last:
            obs = state.observation(None)
            assert obs["last_jump_text"] == last
            assert obs["last_jump"] == [last[1:3], last[4:6]]
            assert f"Last jump: {last}\n" in state.render_text(None)
    assert kinds == {"Q", "S"}
