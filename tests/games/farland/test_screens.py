"""The picture on a laptop and on a phone: both layouts draw the same click targets,
every text is legible at the width the page shows it, every piece has a tooltip, and
the log tells every move in words."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import meeple
from meeple.boardgames.farland.actions import sq
from meeple.boardgames.farland.state import FarlandState
from meeple.core import Decision
from tests.games.farland.helpers import COW, POND_CELL, play, setup, with_farm

SVG = "{http://www.w3.org/2000/svg}"
# CSS px the page draws each layout's picture at, and the smallest text legible there
SHOWN = {"wide": (878.0, 11.0), "narrow": (366.0, 9.0)}
CONFIGS = [(n, rules) for rules in ("basic", "advanced") for n in (2, 3, 4)]


def positions(players: int, rules: str, seed: int, every: int) -> Iterator[FarlandState]:
    """Every ``every``-th position of a random game (chance nodes included), and the end."""
    s = meeple.load("farland", players=players, rules=rules).new_initial_state()
    assert isinstance(s, FarlandState)
    rng = random.Random(seed)
    step = 0
    while not s.is_terminal():
        if step % every == 0:
            yield s
        if s.is_chance_node():
            s.apply_action(meeple.sample_chance(s, rng))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
        step += 1
    yield s


def viewer(s: FarlandState) -> int | None:
    p = s.current_player()
    return p if p >= 0 else None


def scale_of(chain: list[ET.Element]) -> float:
    """The product of the ``scale(...)`` transforms of an element and its ancestors."""
    k = 1.0
    for e in chain:
        for m in re.finditer(r"scale\(([-\d.]+)", e.get("transform", "")):
            k *= float(m.group(1))
    return k


def walk(e: ET.Element, chain: list[ET.Element]) -> Iterator[tuple[ET.Element, list[ET.Element]]]:
    chain = [*chain, e]
    yield e, chain
    for child in e:
        yield from walk(child, chain)


def tag(e: ET.Element) -> str:
    return e.tag.removeprefix(SVG)


def check_picture(picture: str, layout: str) -> set[str]:
    """Parse, check text sizes, tips and titles; the data-target keys drawn."""
    root = ET.fromstring(picture)
    shown, least = SHOWN[layout]
    width = float(root.get("viewBox", "").split()[2])
    keys: set[str] = set()
    for e, chain in walk(root, []):
        name = tag(e)
        assert name != "title", "tooltips are data-tip attributes, never <title>"
        if name == "text":
            size = float(e.get("font-size", "0")) * scale_of(chain)
            css = size * shown / width
            assert css >= least, f"{layout}: {e.text!r} shows at {css:.1f} px"
        tip = e.get("data-tip")
        if tip is not None:
            assert 0 < len(tip) <= 120, tip
        key = e.get("data-target")
        if key is not None:
            keys.add(key)
            assert any(a.get("data-tip") for a in chain), f"{key} has no tooltip"
    return keys


@pytest.mark.parametrize(("players", "rules"), CONFIGS)
def test_both_layouts_are_legible_and_draw_the_same_targets(players, rules):
    for s in positions(players, rules, seed=players * 7 + len(rules), every=23):
        for who in {viewer(s), None}:
            obs = s.observation(who)
            wide = check_picture(s.game.render_svg(obs, "wide"), "wide")
            narrow = check_picture(s.game.render_svg(obs, "narrow"), "narrow")
            assert wide == narrow, sorted(wide ^ narrow)
            if who is not None:  # the mover's picture holds every key of every choice
                wanted = set((obs["decision"] or {}).get("targets", ()))
                assert wanted <= wide, sorted(wanted - wide)


def test_the_narrow_picture_is_one_column_at_phone_width():
    s = setup(4, rules="advanced")
    wide = ET.fromstring(s.render_svg(0, "wide"))
    narrow = ET.fromstring(s.render_svg(0, "narrow"))
    assert wide.get("viewBox", "").split()[2] == "878.0"
    assert narrow.get("viewBox", "").split()[2] == "366.0"

    # the players' panels: side by side in pairs on a laptop, one under another on a phone
    def panels(root: ET.Element) -> list[tuple[float, float]]:
        return [
            (float(r.get("x", 0)), float(r.get("y", 0)))
            for r in root.iter(f"{SVG}rect")
            if r.get("fill") == "#ffffff" and r.get("rx") == "6"
        ]

    assert len({x for x, _ in panels(wide)}) == 2 and len({y for _, y in panels(wide)}) == 2
    assert len({x for x, _ in panels(narrow)}) == 1 and len({y for _, y in panels(narrow)}) == 4


def tips(picture: str) -> list[str]:
    return re.findall(r'data-tip="([^"]*)"', picture)


def test_every_kind_of_piece_has_a_tooltip():
    """A late advanced game: farms with every kind of square, tokens, fences (wooden and
    printed), pipes; the market, the building, supply, round track, Tech Board, tables."""
    s = setup(3, rules="advanced")
    s = with_farm(
        s,
        0,
        {(2, 0): POND_CELL},
        tokens={(0, 1): COW},
        fences={2 * sq(0, 0)},
        pipes={2 * sq(1, 0)},
        nimbus={sq(1, 1)},
    )
    play(s, "take lower 1", "fence", "fence")  # a card to lay: where, then how it turns
    placing = [s.render_svg(0, layout) for layout in ("wide", "narrow")]
    play(s, "at -2,0")
    turning = [s.render_svg(0, layout) for layout in ("wide", "narrow")]
    for picture, other in zip(placing, turning, strict=True):
        joined = "\n".join(tips(picture) + tips(other))
        for words in (
            "starting house",
            "meadow",
            "pond tile",
            "cow token",
            "Wooden fence",
            "Printed fence",
            "Pipe (installed)",
            "Nimbus Generator",
            "Land card",
            "Building tile",
            "in the supply",
            "Cow tokens",
            "Round ",
            "Pile of land cards",
            "On the house",
            "Cow table",
            "Irrigation (level 1)",
            "+10 space",
            "lay the piece with its top-left square here",
            "The piece turned 90°",
        ):
            assert words in joined, words
    # every building type and resource of the key has its tip too
    s2 = setup(2)
    joined = "\n".join(tips(s2.render_svg(None, "wide")))
    for b in s2.game.components.building_types:
        assert f"{b.capitalize()}: a building" in joined
    for r in s2.game.components.resources:
        assert f"Printed {r}" in joined


def test_squares_of_the_farm_say_what_they_show():
    s = setup()
    picture = s.render_svg(None, "narrow")
    assert 'data-target="p0:sq:0,0" data-tip="0,0: starting house' in picture
    assert 'data-tip="0,1: meadow' in picture


# -- the log in words ---------------------------------------------------------------


def test_every_action_and_chance_outcome_has_words():
    """Several hundred positions of every setup: the words are a clause, never the bare
    notation (which is cryptic: "at 2,0", "edge h 1,0", "draw L17")."""
    checked = 0
    kinds: set[str] = set()
    for players, rules in CONFIGS:
        for s in positions(players, rules, seed=players + 40 * len(rules), every=3):
            if s.is_terminal():
                continue
            kinds.add(s.pending[-1].kind)
            if s.is_chance_node():
                actions = [a for a, _p in s.chance_outcomes()][:8]
            else:
                actions = s.legal_actions()[:30]
            for a in actions:
                words = s.action_words(a)
                assert words and words[0].islower(), words
                assert words != s.action_to_string(a), words
                checked += 1
    assert checked > 3000
    assert {"deal", "take", "place", "rotate", "token", "install", "install_at"} <= kinds


def test_words_say_what_was_taken_where_it_went_and_what_scored():
    s = setup()  # two players; lower 1 is L27 (wheat, wheat / carrot, carrot)
    lower = s.action_words(s.string_to_action("take lower 1"))
    assert lower.startswith("takes land card L27 (") and "lower market, space 1, for free" in lower
    assert "gains 2 improvements" in lower
    assert "first-player marker to player 2" in s.action_words(
        s.string_to_action("take building + first player")
    )
    play(s, "take lower 1")
    assert s.action_words(s.string_to_action("fence")) == "gains a fence from the supply"
    play(s, "fence", "fence")
    at = s.action_words(s.string_to_action("at 2,0"))
    assert at == "chooses square 2,0 for the top-left corner of land card L27 (2 wheat, 2 carrot)"
    play(s, "at 2,0")
    assert s.action_words(s.string_to_action("rotate 90")) == (
        "lays land card L27 (2 wheat, 2 carrot) at 2,0 turned 90° beside the farm"
    )


def test_words_of_a_fence_that_closes_a_pasture_give_the_points():
    s = setup()
    s = with_farm(
        s,
        0,
        house=[2, *s.farms[0].house[1:]],
        phase="install",
        pending=[*s.pending, Decision("install", 0)],
    )
    assert s.action_words(s.string_to_action("install fence")) == (
        "picks a fence from the house to install"
    )
    play(s, "install fence")
    # the house meadows are fenced west+south and south+east: a fence on top of 0,1
    # and one on top of 1,1 close them; the second one scores the pasture
    play(s, "edge h 0,1", "install fence")
    words = s.action_words(s.string_to_action("edge h 1,1"))
    assert words.startswith("installs a fence on the top side of square 1,1")
    assert "(the farm would now score 3, +3)" in words
