"""The picture on a laptop and on a phone, its tooltips, and the move log's words.

The browser fits the wide picture to 878 CSS px and the narrow one to 366 px, so a
font-size f in a viewBox W wide is shown at f * 878 / W (or f * 366 / W) px.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import meeple
from meeple.core import CHANCE

from .helpers import play
from .test_rules import three

SHOWN = {"wide": 878.0, "narrow": 366.0}
MIN_PX = {"wide": 11.0, "narrow": 9.0}
TARGET = re.compile(r'data-target="([^"]*)"')


def positions(players: int, seed: int, every: int = 7) -> Iterator[meeple.State]:
    """Positions of a random game, one in ``every`` steps, and the last."""
    state = meeple.load("piepmatz", players=players).new_initial_state()
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        if state.current_player() == CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        step += 1
    yield state


def viewers(state: meeple.State) -> list[int | None]:
    return [None, *range(state.game.players)]


def local(tag: object) -> str:
    return str(tag).split("}")[-1]


def scale_of(transform: str | None) -> float:
    """The scale a ``transform`` attribute applies (1 when it only translates)."""
    if not transform:
        return 1.0
    factor = 1.0
    for args in re.findall(r"scale\(([^)]*)\)", transform):
        factor *= float(re.split(r"[ ,]+", args.strip())[0])
    return factor


def font_sizes(picture: str) -> Iterator[tuple[str, float, float]]:
    """Each text's words, its font-size as drawn (with any enclosing scale) and the
    viewBox width."""
    root = ET.fromstring(picture)
    width = float(root.attrib["viewBox"].split()[2])

    def walk(node: ET.Element, scale: float) -> Iterator[tuple[str, float, float]]:
        scale *= scale_of(node.attrib.get("transform"))
        if local(node.tag) == "text":
            yield "".join(node.itertext()), float(node.attrib["font-size"]) * scale, width
        for child in node:
            yield from walk(child, scale)

    yield from walk(root, 1.0)


def tips(picture: str) -> list[str]:
    return re.findall(r'data-tip="([^"]*)"', picture)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_both_layouts_parse_draw_the_same_keys_and_keep_texts_legible(players):
    for state in positions(players, seed=players):
        for viewer in viewers(state):
            keys = {}
            for layout in ("wide", "narrow"):
                picture = state.render_svg(viewer, layout)
                root = ET.fromstring(picture)
                assert local(root.tag) == "svg"
                keys[layout] = sorted(TARGET.findall(picture))
                for words, size, width in font_sizes(picture):
                    shown = size * SHOWN[layout] / width
                    assert shown >= MIN_PX[layout] - 1e-9, (layout, words, shown)
            assert keys["wide"] == keys["narrow"], (state.decision, viewer)
            # Every key a legal move needs is drawn in the mover's picture.
            if viewer is not None and viewer == state.current_player():
                need = {k for a in state.legal_actions() for k in state.action_targets(a)}
                assert need <= set(keys["wide"])


def test_the_narrow_picture_is_one_column_for_a_phone():
    state = three()
    wide = ET.fromstring(state.render_svg(0, "wide"))
    narrow = ET.fromstring(state.render_svg(0, "narrow"))
    assert wide.attrib["viewBox"].split()[2] == "878"
    assert narrow.attrib["viewBox"].split()[2] == "366"
    # Stacked: taller than wide, where the wide picture is wider than tall per part.
    w_h = float(narrow.attrib["viewBox"].split()[3])
    assert w_h > 2 * 366
    # Nothing is drawn past the right edge of the narrow picture.
    for e in narrow.iter():
        if local(e.tag) == "rect" and "x" in e.attrib:
            assert float(e.attrib["x"]) + float(e.attrib["width"]) <= 366 + 0.5, e.attrib


def test_species_names_are_written_whole():
    state = three()
    for layout in ("wide", "narrow"):
        words = {"".join(t.itertext()) for t in ET.fromstring(state.render_svg(0, layout)).iter()}
        for name in ("Chaffinch", "Blackbird", "Greenfinch", "Yellowhammer", "Sparrow"):
            assert name in words, (layout, name)
        assert not words & {"chaff", "black", "green", "yello", "sparr", "bullf"}


def grouped_pieces_have_tips(picture: str) -> None:
    """Every piece is a group with a tooltip (loose rects are panels and empty slots);
    every clickable element says what it is; no ``<title>`` doubles the tooltip."""
    root = ET.fromstring(picture)
    assert not [e for e in root.iter() if local(e.tag) == "title"]
    for e in root:
        if local(e.tag) == "g":
            assert e.attrib.get("data-tip"), ET.tostring(e)[:200]
    for e in root.iter():
        if "data-target" in e.attrib:
            assert e.attrib.get("data-tip"), e.attrib
    for tip in tips(picture):
        assert 0 < len(tip) <= 120, tip


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_piece_carries_a_tooltip(players):
    for state in positions(players, seed=10 + players, every=11):
        for viewer in viewers(state):
            for layout in ("wide", "narrow"):
                grouped_pieces_have_tips(state.render_svg(viewer, layout))


def test_every_kind_of_piece_has_its_own_tooltip():
    # Over a whole game, the tips name each kind of piece the picture draws.
    kinds = {
        "Perch ": "a perch",
        "Feeding bird": "the feeding bird",
        "queuing at perch": "a queued bird",
        "Seed card #": "a seed card of the column",
        "Crow:": "a crow on a seed card",
        "Squirrel:": "a squirrel on a seed card",
        "Feeder deck": "the feeder deck",
        "Bird deck": "the bird deck",
        "in the display": "a display bird",
        "in your hand": "an own hand card",
        "hidden from you": "a hidden hand card",
        "in your collection": "a collected bird",
        "collection: 5 points": "the collection table",
        "Seed cards with": "won seed cards",
        "Score:": "the score",
        "Pests suffered": "the pests count",
        "Set aside": "the species set aside",
        "Collect nothing": "the collect-nothing control",
        "kept": "a card kept for the end",
    }
    found: set[str] = set()
    for players in (2, 4):
        for state in positions(players, seed=3, every=1):
            for viewer in (None, state.current_player() if state.current_player() >= 0 else 0):
                for tip in tips(state.render_svg(viewer, "narrow")):
                    found |= {k for k in kinds if k in tip}
    missing = [kinds[k] for k in kinds if k not in found]
    assert not missing, missing


# -- the log ------------------------------------------------------------------------


def test_a_play_is_told_with_what_it_fed_and_scored():
    state = three()
    fed = state.string_to_action("play chaffinch-3f perch 2")
    assert state.action_words(fed) == (
        "plays Chaffinch 3\u2640 into the queue of perch 2; the queue beats the feeding "
        "Blackbird 2\u2642 by 1: takes it and seed card #1 (1 egg) (+2 points)"
    )
    missed = state.string_to_action("play chaffinch-3f perch 1")
    assert state.action_words(missed) == (
        "plays Chaffinch 3\u2640 into the queue of perch 1; its total 3 does not beat the "
        "feeding Blackbird 4\u2640"
    )
    before = state.clone()
    state.action_words(fed)  # describing a move changes nothing
    assert state.history == before.history and state.legal_actions() == before.legal_actions()
    play(state, ["play chaffinch-3f perch 1"])
    assert state.action_words(state.string_to_action("collect nothing")) == "collects no bird"
    collect = state.string_to_action("collect greenfinch-1m")
    assert state.action_words(collect) == (
        "puts Greenfinch 1\u2642 from their hand into their collection (+1 point)"
    )
    play(state, ["collect nothing"])
    assert state.action_words(state.string_to_action("take sparrow-6m")) == (
        "takes Sparrow 6\u2642 from the display into their hand"
    )
    assert state.action_words(state.string_to_action("draw")) == (
        "draws a bird from the deck into their hand"
    )


def test_chance_outcomes_are_told_as_what_happens():
    state = meeple.load("piepmatz", players=2).new_initial_state()
    assert state.action_words(state.string_to_action("remove sparrow")) == (
        "all Sparrow birds are set aside for the two-player game"
    )
    play(state, ["remove sparrow"])
    assert state.action_words(state.string_to_action("bird chaffinch-4m")) == (
        "Chaffinch 4\u2642 is turned up as the feeding bird of perch 1"
    )
    state = three()
    play(state, ["play chaffinch-3f perch 2"])
    assert state.decision.kind == "seed_refill"
    words = {state.action_to_string(a): state.action_words(a) for a in state.legal_actions()}
    assert words["seed 2 eggs"] == "a seed card with 2 eggs enters the seed column at #4"
    assert words["crow card"] == "a crow settles on seed card #1 (2 eggs)"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_action_has_words(players):
    """Over a few hundred positions, every legal action and chance outcome is told in
    words that are not the bare notation."""
    told = 0
    for state in positions(players, seed=20 + players, every=3):
        if state.is_terminal():
            continue
        for a in state.legal_actions():
            words = state.action_words(a)
            assert isinstance(words, str) and words.strip()
            assert words != state.action_to_string(a)
            assert not re.search(r"\b[a-z]+-\d[fm]\b", words), words  # no card codes
            told += 1
    assert told > 300
