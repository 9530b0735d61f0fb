"""The picture on a laptop and on a phone, its tooltips, and the move log's words.

Both layouts draw the same click targets; every text is legible at the width the page
shows the picture at (878 CSS px wide, text at least 11 px; 366 px narrow, at least 9);
every piece carries a short tooltip (``data-tip``); and every legal action or chance
outcome has words for the log that say more than the notation."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import meeple
from meeple.boardgames.azul_queens_garden.render import NARROW, WIDE, render_svg
from meeple.boardgames.azul_queens_garden.state import AzulQueensGardenState
from meeple.core import CHANCE
from meeple.core.svg import text_width

from .helpers import (
    GID,
    act,
    quiet,
    t,
    with_expansion,
    with_faceup,
    with_hexagon,
    with_storage,
    with_stored_expansion,
    with_tray,
)

SHOWN = {"wide": (878, 11.0), "narrow": (366, 9.0)}  # CSS px wide, smallest text in px
SEAT_ZERO = re.compile(r"\b[Pp]layer 0\b")


def positions(players: int, seed: int, every: int = 9) -> Iterator[AzulQueensGardenState]:
    """Decision points of a random game, one in ``every`` (and the end)."""
    state = meeple.load(GID, players=players).new_initial_state()
    assert isinstance(state, AzulQueensGardenState)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
            continue
        if step % every == 0:
            yield state
        state.apply_action(rng.choice(state.legal_actions()))
        step += 1
    yield state


def parents(root: ET.Element) -> dict[ET.Element, ET.Element]:
    return {child: parent for parent in root.iter() for child in parent}


def tag(node: ET.Element) -> str:
    return str(node.tag).split("}")[-1]


def tip_of(node: ET.Element, up: dict[ET.Element, ET.Element]) -> str | None:
    """The tooltip the page shows for ``node``: its own or its nearest group's."""
    n: ET.Element | None = node
    while n is not None:
        if "data-tip" in n.attrib:
            return n.attrib["data-tip"]
        n = up.get(n)
    return None


def check_texts(picture: str, layout: str) -> None:
    """Every text at least the smallest legible size once the picture is fitted to its
    width on the page, and inside the picture."""
    root = ET.fromstring(picture)
    width = float(root.attrib["viewBox"].split()[2])
    assert float(root.attrib["width"]) == width
    css, smallest = SHOWN[layout]
    up = parents(root)
    for node in root.iter():
        # Only translations are used, so a font size is scaled by the fitting alone.
        assert "scale" not in node.attrib.get("transform", "")
        if tag(node) != "text":
            continue
        size = float(node.attrib["font-size"])
        words = "".join(node.itertext())
        assert size * css / width >= smallest, (layout, words, size * css / width)
        x, dx = float(node.attrib["x"]), 0.0
        n: ET.Element | None = node
        while n is not None:
            m = re.match(r"translate\(([-\d.]+),", n.attrib.get("transform", ""))
            dx += float(m.group(1)) if m else 0.0
            n = up.get(n)
        w = text_width(words, size, node.attrib.get("font-weight") == "bold")
        anchor = node.attrib.get("text-anchor", "start")
        left = x + dx - (w / 2 if anchor == "middle" else 0)
        assert left >= 0 and left + w <= width + 0.5, (layout, words, left, left + w)


def targets(picture: str) -> set[str]:
    return set(re.findall(r'data-target="([^"]*)"', picture))


def check_tips(picture: str) -> None:
    """Every drawn shape (pieces, spaces, tokens) and every click target has a tooltip,
    short and counting players from 1."""
    root = ET.fromstring(picture)
    up = parents(root)
    defs = {n for d in root.iter() if tag(d) == "defs" for n in d.iter()}
    for node in root.iter():
        if node in defs:
            continue
        if tag(node) in ("polygon", "circle", "ellipse", "path") or "data-target" in node.attrib:
            tip = tip_of(node, up)
            assert tip, f"no tooltip for {tag(node)} {node.attrib}"
        if "data-tip" in node.attrib:
            tip = node.attrib["data-tip"]
            assert 0 < len(tip) <= 120, tip
            assert not SEAT_ZERO.search(tip), tip
            assert "<title" not in picture


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_both_layouts_draw_the_same_targets_legibly_with_tooltips(players, seed):
    for state in positions(players, seed, every=11):
        for viewer in (state.current_player(), None):
            viewer = None if viewer is None or viewer < 0 else viewer
            obs = state.observation(viewer)
            wide, narrow = render_svg(obs, "wide"), render_svg(obs, "narrow")
            assert targets(wide) == targets(narrow)
            check_texts(wide, "wide")
            check_texts(narrow, "narrow")
            check_tips(wide)
            check_tips(narrow)
            # The page asks the game itself for the picture of a layout.
            assert state.render_svg(viewer, "narrow") == narrow


def test_the_layout_is_used_the_narrow_picture_stacks_the_parts():
    s = quiet(4)
    wide = ET.fromstring(render_svg(s.observation(0), "wide"))
    narrow = ET.fromstring(render_svg(s.observation(0), "narrow"))
    assert wide.attrib["width"] == str(WIDE.width) and narrow.attrib["width"] == str(NARROW.width)

    def frames(root: ET.Element) -> list[tuple[float, float]]:
        return [
            (float(n.attrib["x"]), float(n.attrib["y"]))
            for n in root.iter()
            if tag(n) == "rect" and n.attrib.get("rx") == "8" and n.attrib.get("fill") == "none"
        ]

    # Two panels side by side on a laptop, one above the other on a phone.
    assert len({x for x, _ in frames(wide)}) == 2
    assert len({x for x, _ in frames(narrow)}) == 1 and len({y for _, y in frames(narrow)}) == 4


def test_the_viewers_own_panel_comes_first():
    s = quiet(3)
    for viewer, first in ((None, "Player 1:"), (0, "Player 1:"), (2, "Player 3:")):
        for layout in ("wide", "narrow"):
            words = [
                "".join(n.itertext())
                for n in ET.fromstring(render_svg(s.observation(viewer), layout)).iter()
                if tag(n) == "text" and "".join(n.itertext()).startswith("Player ")
            ]
            assert words[0].startswith(first), (viewer, layout, words)


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 6)])
def test_the_narrow_picture_keeps_its_layout_for_a_whole_game(players, seed):
    sizes: dict[int | None, tuple[str, str]] = {}
    spaces: dict[tuple[int, str], str] = {}
    for state in positions(players, seed, every=3):
        mover = state.current_player()
        viewer = None if mover < 0 else mover
        root = ET.fromstring(render_svg(state.observation(viewer), "narrow"))
        size = (root.attrib["width"], root.attrib["height"])
        assert sizes.setdefault(viewer, size) == size
        for node in root.iter():
            key = node.attrib.get("data-target", "")
            if key.startswith("g:") and viewer is not None:
                points = next(n for n in node.iter() if tag(n) == "polygon").attrib["points"]
                assert spaces.setdefault((viewer, key), points) == points


def rich() -> AzulQueensGardenState:
    """A position with every kind of piece: display hexagons and a face-up expansion,
    placed and printed hexagons, all four ornaments, storage tiles, jokers and a stored
    expansion."""
    s = quiet()
    s = with_tray(s, "blue-bird", "lime-tree")
    s = with_faceup(s, "yellow-bird")
    s = with_storage(s, 0, "blue-tree", "lilac-leaf")
    s = with_hexagon(s, 0, "green-bird", "0.2")
    for printed, where in (("purple-tree", "1.1"), ("lime-bird", "2.3"), ("green-tree", "3.2")):
        s = with_expansion(s, 0, printed, where)
    return with_stored_expansion(s, 0, "blue-fruit")


def test_every_kind_of_piece_says_what_it_is():
    s = rich()
    ornaments = {s.rules.ornament[t(s, n)] for n in ("purple-tree", "lime-bird", "green-tree")}
    assert ornaments == {"statue", "bench", "pavilion"}
    tips = re.findall(r'data-tip="([^"]*)"', render_svg(s.observation(0), "wide"))
    for start in (
        "Top half of the blue bird: take every blue",
        "Bottom half of the blue bird: take every bird",
        "Blue bird on display expansion 1",
        "Display expansion 1, face down",
        "Face-up garden expansion",
        "Printed yellow bird of this face-up expansion",
        "Green bird at 0.2 (value 2)",
        "Printed purple tree at 1.1",
        "Empty space 0.1",
        "Free expansion area 4",
        "Spot 4.1 of free expansion area 4",
        "The fountain",
        "Statue",
        "Bench",
        "Pavilion",
        "Blue tree in storage",
        "Joker",
        "A free storage place",
        "Stored garden expansion",
        "Pass",
        "Buy a face-down garden expansion",
        "Round scoring: 1 point per yellow",
        "Bag:",
        "Tower:",
        "Jokers left",
        "First-player marker",
        "Lilac hexagons, marked Li",
        "Butterfly: value 3",
        "Hatched",
    ):
        assert any(tip.startswith(start) for tip in tips), start
    s = quiet()
    s = with_storage(s, 0, "blue-butterfly", "blue-tree", "blue-bird")
    act(s, "place blue-butterfly at 0.1")
    tips = re.findall(r'data-tip="([^"]*)"', render_svg(s.observation(0), "narrow"))
    assert "Being paid for: blue butterfly." in tips
    assert any(tip.startswith("Pay with tiles of its colour") for tip in tips)


def test_the_longest_labels_fit_their_places():
    for geo in (WIDE, NARROW):
        # A header on the left, the Pass control and the first-player marker on the right.
        name = text_width("Player 4: 188 points (to move)", geo.head, True)
        right = text_width("Pass", geo.body, True) + 2 * geo.body + 8 + 2 * geo.head * 0.8
        assert 10 + name + 8 + right <= geo.panel_w - 8


def log_words(state: AzulQueensGardenState) -> list[tuple[str, str]]:
    if state.current_player() == CHANCE:
        actions = [a for a, _ in state.chance_outcomes()]
    else:
        actions = state.legal_actions()
    return [(state.action_to_string(a), state.action_words(a)) for a in actions]


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_every_action_and_chance_outcome_has_words_for_the_log(players, seed):
    state = meeple.load(GID, players=players).new_initial_state()
    rng = random.Random(seed)
    seen = 0
    kinds = set()
    while not state.is_terminal():
        if seen < 400 or rng.random() < 0.05:
            d = state.decision
            assert d is not None
            kinds.add(d.kind)
            before = state.history[:]
            for notation, words in log_words(state):
                assert isinstance(words, str) and words.strip(), notation
                # The notation is terse ("pay by colour", "done"): the words say more.
                assert words != notation and len(words) > len(notation), (notation, words)
                assert not SEAT_ZERO.search(words), words
            assert state.history == before  # asking for words changes nothing
            seen += 1
        if state.current_player() == CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert {"turn", "mode", "pay", "draw", "reveal"} <= kinds


def test_the_log_says_what_was_taken_paid_and_scored():
    s = quiet()
    s = with_tray(s, "blue-bird", "lime-tree")
    s = with_tray(s, "blue-bird", "blue-tree")
    s = with_faceup(s, "blue-leaf")
    words = dict(log_words(s))
    assert words["take blue"] == (
        "takes blue from the display: the blue tree, a blue bird and the face-up expansion "
        "blue leaf into storage (which blue bird copy is chosen next)"
    )
    act(s, "take blue")
    words = dict(log_words(s))
    assert words["take blue-bird from expansion 1"] == (
        "takes the blue bird from display expansion 1 into storage"
    )
    assert words["take blue-bird from expansion 2"] == (
        "takes the blue bird from display expansion 2 into storage "
        "(that expansion is now empty and will turn face up)"
    )
    s = quiet()
    s = with_storage(s, 0, "blue-butterfly", "blue-tree", "joker")
    words = dict(log_words(s))
    assert words["place blue-butterfly at 0.1"] == (
        "plants the blue butterfly from storage on space 0.1 (it costs 3: 2 more tiles to pay)"
    )
    act(s, "place blue-butterfly at 0.1")
    assert dict(log_words(s))["pay by colour"] == (
        "pays for the blue butterfly by colour: 2 more blue tiles of other patterns "
        "(jokers are wild)"
    )
    # Filling the last space around the fountain earns a joker.
    s = quiet()
    for k, name in enumerate(("blue-tree", "blue-bird", "blue-leaf", "blue-fruit", "blue-flower")):
        s = with_hexagon(s, 0, name, f"0.{k + 1}")
    s = with_storage(s, 0, "lime-tree")
    assert dict(log_words(s))["place lime-tree at 0.6"].endswith(
        "(it costs nothing more), earning a joker for a completed ring"
    )
    # The last pass ends the round, and the log says what everybody scored.
    s = quiet()
    s = with_hexagon(s, 1, "yellow-bird", "0.1")
    act(s, "pass", "done", "pass")
    assert dict(log_words(s))["done"] == (
        "keeps the rest of their storage and is done; round 1 ends and scores: player 1 +0, "
        "player 2 +2"
    )
    s = quiet()
    s = with_tray(s, "blue-bird")
    assert dict(log_words(s))["take blue"] == (
        "takes blue from the display: the blue bird into storage"
    )
    assert dict(log_words(s))["pass"] == "passes first, taking the first-player marker (-1 point)"
    assert dict(log_words(s))["buy face-down expansion"] == (
        "buys a face-down garden expansion for 6 points"
    )
