"""The picture keeps its layout for a whole game: the browser updates it in place, so
its size and the players' panels must not move between one click and the next. The
display keeps room for as many expansions as it can ever show at once."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import meeple
from meeple.boardgames.azul_queens_garden.render import render_svg
from meeple.core import CHANCE

from .helpers import GID, quiet, with_faceup, with_tray

Layout = tuple[tuple[str, str], tuple[tuple[str, ...], ...]]


def layout(picture: str) -> tuple[Layout, dict[str, str]]:
    """The picture's width and height with its players' panel frames, and the corners
    of every garden space drawn as a click target (``g:area.space``)."""
    root = ET.fromstring(picture)
    size = (root.attrib["width"], root.attrib["height"])
    frames = tuple(
        tuple(node.attrib[k] for k in ("x", "y", "width", "height"))
        for node in root.iter()
        if node.tag.endswith("rect")
        and node.attrib.get("rx") == "8"
        and node.attrib.get("fill") == "none"
    )
    spaces = {}
    for node in root.iter():
        key = node.attrib.get("data-target", "")
        if key.startswith("g:"):
            polygon = next(n for n in node.iter() if n.tag.endswith("polygon"))
            spaces[key] = polygon.attrib["points"]
    return (size, frames), spaces


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_the_picture_and_the_panels_keep_their_places_for_a_whole_game(players, seed):
    state = meeple.load(GID, players=players).new_initial_state()
    rng = random.Random(seed)
    seen: set[Layout] = set()
    # Per seat, where each of its garden spaces is drawn when that seat is to move.
    corners: dict[tuple[int, str], str] = {}
    decisions = 0
    kinds = set()
    while not state.is_terminal():
        mover = state.current_player()
        if mover == CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
            continue
        obs = state.observation(mover)
        kinds.add(obs["pending"]["kind"])
        frame, spaces = layout(render_svg(obs))
        seen.add(frame)
        assert len(seen) == 1, f"the layout changed at decision {decisions}: {seen}"
        assert len(frame[1]) == players
        for key, points in spaces.items():
            assert corners.setdefault((mover, key), points) == points, (mover, key)
        if decisions % 7 == 0:  # the other views share the layout
            for viewer in (None, *range(players)):
                assert layout(state.render_svg(viewer))[0] in seen
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
    assert layout(state.render_svg(None))[0] in seen
    # The game went through the decisions of a turn: taking, placing and paying.
    assert {"turn", "mode", "pay"} <= kinds
    assert any(k.startswith(f"g:{a}.") for _, k in corners for a in range(1, 7))


def test_a_full_display_fits_the_room_kept_for_it():
    for players in (2, 3, 4):
        empty = quiet(players)
        full = quiet(players)
        for colour in ("yellow", "blue", "purple", "lilac"):
            names = (f"{colour}-{pattern}" for pattern in ("tree", "bird", "leaf", "fruit"))
            full = with_tray(full, *names)
        for printed in ("green-bird", "lime-tree", "green-flower"):
            full = with_faceup(full, printed)
        obs = full.observation(0)
        assert len(obs["display"]) + len(obs["display_faceup"]) == 7
        assert layout(render_svg(obs))[0] == layout(render_svg(empty.observation(0)))[0]
