"""The text and SVG views: words for the pending step, a colour key, capacities from
the components, printed spaces drawn apart from placed hexagons."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meeple.boardgames.azul_queens_garden.render import FILL, render_svg, render_text
from meeple.core import IllegalActionError
from meeple.core.record import Record, replay
from tests.games.notation import check_not_a_move
from tests.games.seats import assert_names_both_players, check_a_random_game, svg_words

from .helpers import (
    act,
    quiet,
    with_expansion,
    with_storage,
    with_stored_expansion,
    with_tray,
)


def test_the_text_view_writes_the_pending_step_in_words():
    s = quiet()
    s = with_tray(s, "blue-bird", "lime-tree")
    s = with_tray(s, "blue-bird", "green-tree")
    act(s, "take bird")
    text = render_text(s.observation(None))
    assert "Player 1 chooses which copy of blue-bird to take: from display expansion 1 or 2" in text
    assert "{" not in text and "'kind'" not in text
    s = quiet()
    s = with_storage(s, 0, "blue-butterfly", "blue-tree", "blue-bird")
    act(s, "place blue-butterfly at 0.1", "pay by colour")
    text = render_text(s.observation(0))
    assert "Player 1 is paying for blue-butterfly at 0.1: 2 more tiles to pay" in text
    assert "{" not in text


def test_the_picture_has_a_named_colour_key_with_clearly_different_fills():
    s = quiet()
    picture = render_svg(s.observation(0))
    for name, fill in FILL.items():
        assert f">{name}</text>" in picture
        assert f'fill="{fill}"' in picture

    def rgb(c: str) -> tuple[int, ...]:
        return tuple(int(c[i : i + 2], 16) for i in (1, 3, 5))

    def distance(a: str, b: str) -> int:
        return sum(abs(x - y) for x, y in zip(rgb(FILL[a]), rgb(FILL[b]), strict=True))

    # The pairs of one hue family differ a lot; every pair differs clearly.
    assert distance("green", "lime") > 200 and distance("purple", "lilac") > 200
    names = list(FILL)
    assert min(distance(a, b) for a in names for b in names if a < b) > 120


def test_storage_capacities_come_from_the_components():
    s = with_stored_expansion(quiet(), 0, "lime-fruit")
    obs = s.observation(0)
    picture = render_svg(obs)
    assert "Storage (3/12):" in picture and "Expansions (1/2):" in picture
    assert "storage 3/12:" in render_text(obs) and "expansions 1/2: lime-fruit" in render_text(obs)
    obs["storage_capacity"] = {"tiles": 10, "expansions": 3}
    assert "Storage (3/10):" in render_svg(obs) and "(1/3)" in render_svg(obs)


def test_a_printed_space_looks_different_from_a_placed_hexagon():
    s = quiet()
    s = with_storage(s, 0, "lime-tree")
    s = with_expansion(s, 0, "lime-bird", "1.2")
    act(s, "place lime-tree at 0.1")
    obs = s.observation(0)
    assert obs["players"][0]["areas"]["1"]["printed_at"] == "1.2"
    picture = render_svg(obs)
    tips = re.findall(r'data-tip="([^"]*)"', picture)
    assert any(
        tip.startswith("Printed lime bird at 1.2, part of a garden expansion") for tip in tips
    )
    assert any(tip.startswith("Lime tree at 0.1 (value 1)") for tip in tips)
    # The key's sample and the printed space are hatched; the placed hexagon is not.
    assert picture.count('fill="url(#azq-printed)"') == 2
    assert "printed lime-bird at 1.2" in render_text(obs)


def test_texts_for_people_count_players_from_one():
    s = quiet()  # two players, seat 0 to move
    text = render_text(s.observation(0))
    assert "to move: player 1" in text and "first player: player 1" in text
    assert "*player 1: 15 points" in text and "\n player 2: 15 points" in text
    words = svg_words(render_svg(s.observation(1)))
    assert "First player: player 1" in words
    assert "Player 1: 15 points (to move)" in words and "Player 2: 15 points" in words
    assert_names_both_players(text)
    assert_names_both_players(words)
    s = with_tray(s, "blue-bird", "lime-tree")
    s = with_tray(s, "blue-bird", "green-tree")
    act(s, "take bird")
    with pytest.raises(IllegalActionError, match=r"\(player 1 to move\): player 1 must now choose"):
        act(s, "pass")
    check_a_random_game("azul_queens_garden", seed=1, stride=3)


def test_a_text_that_is_not_a_move_shows_moves_a_player_types():
    assert check_not_a_move("azul_queens_garden", "take blue bird") == [
        "take blue",
        "place blue-bird at 2.4",
        "pay by colour",
    ]


def test_every_fiftieth_step_of_the_golden_game_renders():
    record = Record.loads(Path(__file__).with_name("golden.json").read_text())
    for step in range(0, len(record.actions) + 1, 50):
        state = replay(record, upto=step)
        assert "Azul: Queen's Garden" in state.render_text(None)
        assert state.render_svg(0).startswith("<svg")
