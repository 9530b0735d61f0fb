"""The picture on a laptop and on a phone: legible text, the same clicks in both layouts,
a tooltip on every part, parts that keep their places, and the move log in words."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import meeple
from meeple.core import svg
from meeple.core.api import Layout, State
from tests.games.croa.helpers import checked_position, play

NS = "{http://www.w3.org/2000/svg}"
# Shown this many CSS pixels wide, the text at least this many pixels tall.
SHOWN: dict[Layout, tuple[int, float]] = {"wide": (878, 11.0), "narrow": (366, 9.0)}
SHAPES = ("rect", "circle", "ellipse", "path", "polygon", "polyline", "line")
SETUPS = [(n, pond) for n in (2, 3, 4) for pond in ("three_backs", "classic")]


def _positions(players: int, pond: str, games: int = 3, seed: int = 0) -> Iterator[State]:
    """Every position of a few random games (chance outcomes drawn by their odds)."""
    game = meeple.load("croa", players=players, pond=pond)
    rng = random.Random(seed * 10 + players)
    for _ in range(games):
        state = game.new_initial_state()
        while True:
            yield state
            if state.is_terminal():
                break
            if state.is_chance_node():
                action = meeple.sample_chance(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            state = state.clone()
            state.apply_action(action)


def _viewer(state: State) -> int | None:
    p = state.current_player()
    return p if p >= 0 else None


def _scale(transform: str | None) -> float:
    """The scale a ``transform`` attribute applies (1 without one)."""
    if not transform:
        return 1.0
    m = re.search(r"scale\(\s*([-\d.]+)", transform)
    return float(m.group(1)) if m else 1.0


def _texts(root: ET.Element) -> Iterator[tuple[ET.Element, float]]:
    """Every text with its font size in user units, scales of the groups above applied."""

    def walk(e: ET.Element, k: float) -> Iterator[tuple[ET.Element, float]]:
        k *= _scale(e.get("transform"))
        if e.tag == f"{NS}text":
            yield e, float(e.get("font-size", "16")) * k
        for child in e:
            yield from walk(child, k)

    yield from walk(root, 1.0)


def _untipped(root: ET.Element) -> list[str]:
    """Shapes drawn with no ``data-tip`` on themselves or a group round them, apart from
    the background."""
    found: list[str] = []

    def walk(e: ET.Element, tipped: bool) -> None:
        tipped = tipped or e.get("data-tip") is not None
        tag = e.tag.removeprefix(NS)
        if tag in SHAPES and not tipped:
            found.append(ET.tostring(e, encoding="unicode")[:90])
        for child in e:
            walk(child, tipped)

    for child in list(root)[1:]:  # after the background
        walk(child, False)
    return found


def _keys(picture: str) -> list[str]:
    return sorted(re.findall(r'data-target="([^"]*)"', picture))


@pytest.mark.parametrize(("players", "pond"), SETUPS)
def test_both_layouts_are_svg_with_the_same_clicks_and_legible_text(players, pond):
    for k, state in enumerate(_positions(players, pond)):
        if k % 3:
            continue
        obs = state.observation(_viewer(state))
        keys = {}
        for layout, (shown, least) in SHOWN.items():
            picture = state.game.render_svg(obs, layout)
            root = ET.fromstring(picture)
            assert root.tag == f"{NS}svg"
            width = float(root.get("viewBox", "").split()[2])
            for text, size in _texts(root):
                px = size * shown / width
                assert px >= least, (layout, "".join(text.itertext()), round(px, 1))
            assert not list(root.iter(f"{NS}title")), "tooltips are data-tip, not <title>"
            keys[layout] = _keys(picture)
        assert keys["wide"] == keys["narrow"], state.history


def test_every_part_drawn_carries_a_short_tooltip():
    states = [
        s
        for players, pond in SETUPS
        for k, s in enumerate(_positions(players, pond, games=1, seed=3))
        if k % 7 == 0
    ]
    states += [_mosquito(), _victim()]
    heads: set[str] = set()
    for state in states:
        for viewer in {None, _viewer(state)}:
            obs = state.observation(viewer)
            for layout in SHOWN:
                root = ET.fromstring(state.game.render_svg(obs, layout))
                assert _untipped(root) == [], layout
                for e in root.iter():
                    tip = e.get("data-tip")
                    if tip is not None:
                        assert 0 < len(tip) <= 120, tip
                        heads.add(re.sub(r"^[a-h][1-8]: ", "", tip).split(":")[0])
                    if e.get("data-target") is not None:
                        assert tip, e.get("data-target")
    # a tooltip for each kind of thing the picture draws
    kinds = [
        *("Water lily", "Mosquito", "Mud", "Pike", "Reeds", "Log", "Green male"),
        *("Face-down tile, shallow water", "Face-down tile, deep water A"),
        *("Face-down tile, classic single-back pond", "The pond"),
        *("Queen of P1 (red)", "Servant of P2 (blue)", "P1's servants on a2", "P3 (green)"),
        *("Purple male token", "Lily", "Males still face down here", "Stop", "Quiet turns"),
        *("Last jump", "The frog that must act now", "A dashed ring"),
    ]
    assert [k for k in kinds if k not in heads] == []


def test_every_frog_tile_and_back_says_what_it_is_and_does():
    s = _victim()
    root = ET.fromstring(s.render_svg(0, "narrow"))
    tips = {g.get("data-target"): g.get("data-tip", "") for g in root.iter(f"{NS}g")}
    assert tips["sq:d4"].startswith("d4: Log: holds two servants or one queen")
    assert tips["sq:a8"].startswith("a8: Green male: a queen landing here breeds")
    assert tips["sq:b1"].startswith("b1: Face-down tile, shallow water: it turns up")
    assert tips["sq:b2"].startswith("b2: Face-down tile, deep water A: it turns up")
    assert tips["frog:d4:P2"].startswith("Servant of P2 (blue):")
    frogs = [g.get("data-tip", "") for g in root.iter(f"{NS}g") if g.get("data-tip", "")[:5]
             in ("Queen", "Serva")]  # fmt: skip
    assert any(t.endswith("stuck in the mud this turn") for t in frogs)
    assert sum(t.startswith("Queen of ") for t in frogs) == 4


def _mosquito() -> State:
    s = checked_position(tiles={"d4": "mosquito"}, frogs={"c3": ["Q1"], "g2": ["S1"], "h8": ["Q2"]})
    play(s, "Qc3-d4")
    return s


def _victim() -> State:
    s = checked_position(
        4,
        pond="three_backs",
        tiles={"d4": "log", "a8": "male-green", "h7": "mud", "a1": "reeds"},
        frogs={
            "c3": ["S1"],
            "d4": ["S2", "S3"],
            "a1": ["Q1"],
            "h1": ["Q2"],
            "d8": ["Q3"],
            "a8": ["Q4", "S4", "S4"],
            "h7": ["S4"],
        },
        stuck={"h7": 2},
    )
    play(s, "Sc3-d4")
    assert s.pending[-1].kind == "victim"
    return s


def _boxes(picture: str) -> dict[str, tuple[str, str, str, str]]:
    """The rectangle of each square, keyed by the square."""
    root = ET.fromstring(picture)
    out = {}
    for g in root.iter(f"{NS}g"):
        key = g.get("data-target", "")
        if key.startswith("sq:"):
            r = g.find(f"{NS}rect")
            assert r is not None
            out[key] = (r.get("x", ""), r.get("y", ""), r.get("width", ""), r.get("height", ""))
    return out


def _panel(picture: str) -> list[tuple[str | None, ...]]:
    """Where the first shape of each tooltipped part off the pond lies (player cards, male
    tokens, face-down chips, legend), and the headings, in drawing order."""
    root = ET.fromstring(picture)
    out: list[tuple[str | None, ...]] = []
    moving = ("Queen of", "Servant of", "Last jump")
    for g in root.iter(f"{NS}g"):
        tip = g.get("data-tip")
        if tip is None or g.get("data-target") is not None or tip.startswith(moving):
            continue
        if "servants on" in tip or len(g) == 0:
            continue
        first = g[0]
        out.append(tuple(first.get(k) for k in ("x", "y", "width", "height", "cx", "cy", "r")))
    out += [(t.text, t.get("x"), t.get("y")) for t in root.iter(f"{NS}text") if t.text in (
        "Players", "Face-down tiles", "Tiles and frogs")]  # fmt: skip
    return out


@pytest.mark.parametrize("layout", list(SHOWN))
def test_the_parts_keep_their_places_from_one_decision_to_the_next(layout):
    for players, pond in ((2, "three_backs"), (4, "classic")):
        sizes = set()
        squares = set()
        panels = set()
        for k, state in enumerate(_positions(players, pond, games=2, seed=5)):
            if k % 3:
                continue
            picture = state.game.render_svg(state.observation(_viewer(state)), layout)
            sizes.add(ET.fromstring(picture).get("viewBox"))
            squares.add(tuple(sorted(_boxes(picture).items())))
            panels.add(tuple(_panel(picture)))
        assert len(sizes) == 1, sizes
        assert len(squares) == 1
        assert len(panels) == 1 and len(next(iter(panels))) > 40


def test_the_narrow_picture_stacks_the_panel_under_the_pond():
    s = _mosquito()
    both: tuple[tuple[Layout, bool], ...] = (("wide", False), ("narrow", True))
    for layout, below in both:
        root = ET.fromstring(s.render_svg(0, layout))
        h1 = next(g for g in root.iter(f"{NS}g") if g.get("data-target") == "sq:h1")
        rect = h1.find(f"{NS}rect")
        assert rect is not None
        pond_right = float(rect.get("x", 0)) + float(rect.get("width", 0))
        pond_bottom = float(rect.get("y", 0)) + float(rect.get("height", 0))
        head = next(t for t in root.iter(f"{NS}text") if t.text == "Players")
        if below:
            assert float(head.get("y", 0)) > pond_bottom
        else:
            assert float(head.get("x", 0)) > pond_right
        width = float(root.get("viewBox", "").split()[2])
        assert width == SHOWN[layout][0]  # one user unit to a CSS pixel
        assert "button:stop" in _keys(s.render_svg(0, layout))


def test_every_text_fits_the_box_it_is_written_in():
    # A label whose anchor lies inside a rect of its own group stays inside it (the
    # browser check's "text out of its rect"), measured with DejaVu Sans' widths.
    for state in [_victim(), _mosquito(), *_positions(3, "classic", games=1, seed=9)][::5]:
        for layout in SHOWN:
            root = ET.fromstring(state.render_svg(_viewer(state), layout))
            for g in root.iter(f"{NS}g"):
                rects = [r for r in g if r.tag == f"{NS}rect"]
                for t in (t for t in g if t.tag == f"{NS}text"):
                    x, y = float(t.get("x", 0)), float(t.get("y", 0))
                    w = svg.text_width(
                        t.text or "", float(t.get("font-size", 16)), t.get("font-weight") == "bold"
                    )
                    x0 = {"middle": x - w / 2, "end": x - w}.get(t.get("text-anchor", ""), x)
                    for r in rects:
                        rx, ry = float(r.get("x", 0)), float(r.get("y", 0))
                        rw, rh = float(r.get("width", 0)), float(r.get("height", 0))
                        if rx <= x0 + w / 2 <= rx + rw and ry <= y <= ry + rh:
                            assert rx - 0.5 <= x0 and x0 + w <= rx + rw + 0.5, (layout, t.text)


# -- the move log in words ----------------------------------------------------------------


def test_every_legal_action_and_chance_outcome_has_words():
    checked = 0
    for players, pond in SETUPS:
        for state in _positions(players, pond, games=2, seed=11):
            if state.is_terminal():
                continue
            for a in state.legal_actions():
                words = state.action_words(a)
                note = state.action_to_string(a)
                assert isinstance(words, str) and words.strip(), note
                assert words != note, note  # the notation is cryptic: Qa1-b2, reveal lily
                assert words[0].islower() and "  " not in words, words
                if note[0] in "QS":
                    assert note[1:3] in words and note[4:6] in words, (note, words)
                checked += 1
    assert checked > 300


def test_the_words_say_what_the_jump_does():
    s = checked_position(
        3,
        tiles={"d4": "log", "e4": "pike", "c4": "mosquito", "b2": "mud", "b3": "male-red"},
        frogs={"c3": ["Q1"], "d4": ["S2"], "a1": ["S1"], "h8": ["Q2"], "d5": ["S3"], "a8": ["Q3"]},
    )
    assert s.action_words(s.string_to_action("Qc3-d4")) == (
        "jumps the queen from c3 onto the log on d4; takes P2's servant"
    )
    assert s.action_words(s.string_to_action("Qc3-c4")) == (
        "jumps the queen from c3 onto the mosquito on c4; another frog may jump"
    )
    assert s.action_words(s.string_to_action("Qc3-b3")) == (
        "jumps the queen from c3 onto the red male on b3; "
        "the queen breeds a new servant with the red male"
    )
    assert s.action_words(s.string_to_action("Sa1-b2")) == (
        "jumps a servant from a1 onto the mud on b2; "
        "the servant is stuck in the mud until after P1's next turn"
    )
    words = s.action_words(s.string_to_action("Qc3-d3"))
    assert words == "jumps the queen from c3 onto the face-down tile on d3"
    play(s, "Qc3-d3")
    assert s.is_chance_node()
    outcomes = {s.action_to_string(a): s.action_words(a) for a in s.legal_actions()}
    assert outcomes["reveal pike"] == ("a pike turns up on d3; the pike eats P1's queen: P1 is out")
    assert outcomes["reveal reeds"] == "reeds turn up on d3"
    assert outcomes["reveal lily"] == (
        "a water lily turns up on d3; the queen must jump on from the water lily"
    )


def test_the_words_of_a_queen_taken_a_bounce_a_stop_and_a_victim():
    s = checked_position(tiles={"d4": "reeds"}, frogs={"c3": ["S1"], "a1": ["Q1"], "d4": ["Q2"]})
    assert s.action_words(s.string_to_action("Sc3-d4")) == (
        "jumps a servant from c3 onto the reeds on d4; takes P2's queen: P2 is out; "
        "the game ends (last queen standing)"
    )
    s = checked_position(tiles={"d4": "lily", "e5": "reeds"}, frogs={"c3": ["Q1"], "h8": ["Q2"]})
    play(s, "Qc3-d4")
    assert s.action_words(s.string_to_action("Qd4-e5")) == (
        "bounces the queen off the water lily on d4 onto the reeds on e5"
    )
    m = _mosquito()
    assert m.action_words(m.string_to_action("stop")).startswith("stops")
    assert m.action_words(m.string_to_action("Sg2-g3")) == (
        "jumps a servant from g2 onto the face-down tile on g3 (the mosquito's extra jump)"
    )
    v = _victim()
    assert v.action_words(v.string_to_action("remove P3 servant")) == (
        "removes P3's servant from the log on d4"
    )
