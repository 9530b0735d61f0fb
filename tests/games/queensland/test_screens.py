"""The picture on a laptop and on a phone, its tooltips, and the move log's words.

The wide picture is shown 878 CSS px wide and its texts must show at 11 px or more; the
narrow one is fitted to 366 px, texts at 9 px or more. A font size of f user units in a
viewBox W wide shows at f * (CSS width) / W px.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import meeple
from meeple.boardgames.queensland.render import text_width
from tests.games.queensland.helpers import at_first_turn, play, with_tile, with_toads

NS = "{http://www.w3.org/2000/svg}"
SHOWN = {"wide": (878.0, 11.0), "narrow": (366.0, 9.0)}  # CSS width, smallest text
SHAPES = ("rect", "circle", "polygon", "line", "path", "ellipse")


def positions(players: int, seed: int, every: int = 3) -> Iterator[meeple.State]:
    """Every ``every``-th position of a seeded random game, and its end."""
    state = meeple.load("queensland", players=players).new_initial_state()
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        if state.is_chance_node():
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        step += 1
    yield state


def viewer_of(state: meeple.State) -> int | None:
    p = state.current_player()
    return p if p >= 0 else None


def pictures(every: int = 3) -> Iterator[tuple[meeple.State, int | None, dict[str, ET.Element]]]:
    """Both layouts of positions of 2, 3 and 4 player games, seen by the mover."""
    for players in (2, 3, 4):
        for state in positions(players, seed=players, every=every):
            viewer = viewer_of(state)
            yield (
                state,
                viewer,
                {
                    layout: ET.fromstring(state.render_svg(viewer, layout))  # type: ignore[arg-type]
                    for layout in SHOWN
                },
            )


def scaled(root: ET.Element) -> Iterator[tuple[ET.Element, float]]:
    """Every element with the scale its ancestors' transforms apply to it."""

    def walk(e: ET.Element, k: float) -> Iterator[tuple[ET.Element, float]]:
        m = re.search(r"scale\(([\d.]+)", e.get("transform", ""))
        if m:
            k *= float(m.group(1))
        yield e, k
        for child in e:
            yield from walk(child, k)

    yield from walk(root, 1.0)


def offset(root: ET.Element) -> dict[ET.Element, tuple[float, float]]:
    """The translation each element's ancestors' transforms apply to it."""
    out: dict[ET.Element, tuple[float, float]] = {}

    def walk(e: ET.Element, dx: float, dy: float) -> None:
        m = re.search(r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)", e.get("transform", ""))
        if m:
            dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
        out[e] = (dx, dy)
        for child in e:
            walk(child, dx, dy)

    walk(root, 0.0, 0.0)
    return out


def hidden_alternatives(root: ET.Element) -> set[ET.Element]:
    """The texts the page hides: in a rotation cycle, all but the copy shown first."""
    first: set[str] = set()
    out: set[ET.Element] = set()
    for e in root.iter():
        cycle = e.get("data-cycle")
        if cycle:
            if cycle in first:
                out.update(e.iter(f"{NS}text"))
            first.add(cycle)
    return out


def text_boxes(root: ET.Element) -> list[tuple[str, float, float, float, float]]:
    """Each shown text's words and its box (x0, y0, x1, y1), from the font's widths."""
    moved = offset(root)
    hidden = hidden_alternatives(root)
    out = []
    for e in root.iter(f"{NS}text"):
        if e in hidden:
            continue
        words = "".join(e.itertext())
        size = float(e.get("font-size", "0"))
        w = text_width(words, size, e.get("font-weight") == "bold")
        dx, dy = moved[e]
        x, y = float(e.get("x", "0")) + dx, float(e.get("y", "0")) + dy
        anchor = e.get("text-anchor", "start")
        x0 = x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0.0)
        out.append((words, x0, y - 0.76 * size, x0 + w, y + 0.24 * size))
    return out


def targets(root: ET.Element) -> set[str]:
    return {e.get("data-target", "") for e in root.iter() if e.get("data-target")}


def test_both_layouts_parse_and_draw_the_same_clickable_parts():
    checked = 0
    for state, viewer, roots in pictures():
        wide, narrow = roots["wide"], roots["narrow"]
        assert targets(wide) == targets(narrow)
        if viewer is not None:
            # Every legal choice of the mover is a click in both pictures.
            needed = {k for a in state.legal_actions() for k in state.action_targets(a)}
            assert needed <= targets(narrow), needed - targets(narrow)
            checked += bool(needed)
        for layout, root in roots.items():
            assert root.tag == f"{NS}svg"
            assert float(root.get("viewBox", "").split()[2]) == SHOWN[layout][0]
    assert checked > 100


def test_every_text_is_legible_in_both_layouts():
    smallest = {layout: 99.0 for layout in SHOWN}
    for _, _, roots in pictures():
        for layout, root in roots.items():
            css, least = SHOWN[layout]
            width = float(root.get("viewBox", "").split()[2])
            for e, k in scaled(root):
                if e.tag != f"{NS}text":
                    continue
                px = float(e.get("font-size", "0")) * k * css / width
                assert px >= least, f"{layout}: {''.join(e.itertext())!r} at {px:.1f} px"
                smallest[layout] = min(smallest[layout], px)
    assert smallest["wide"] >= 11 and smallest["narrow"] >= 9


def test_texts_stay_inside_the_picture_and_clear_of_each_other():
    """By the font's widths: no text runs past the picture's edges, and no two texts
    cross by more than a third of the smaller one each way (the browser script's rule)."""
    for _, _, roots in pictures(every=7):
        for layout, root in roots.items():
            width = float(root.get("viewBox", "").split()[2])
            boxes = text_boxes(root)
            for words, x0, _, x1, _ in boxes:
                assert x0 >= 0 and x1 <= width, f"{layout}: {words!r} runs out ({x0:.0f}-{x1:.0f})"
            for i, a in enumerate(boxes):
                for b in boxes[i + 1 :]:
                    w = min(a[3], b[3]) - max(a[1], b[1])
                    h = min(a[4], b[4]) - max(a[2], b[2])
                    mw = min(a[3] - a[1], b[3] - b[1])
                    mh = min(a[4] - a[2], b[4] - b[2])
                    assert not (w > mw / 3 and h > mh / 3), f"{layout}: {a[0]!r} over {b[0]!r}"


def test_the_narrow_picture_stacks_the_farms_in_one_column():
    state = at_first_turn(4)
    for layout, one_column in (("wide", False), ("narrow", True)):
        root = ET.fromstring(state.render_svg(0, layout))  # type: ignore[arg-type]
        heads = [
            e
            for e in root.iter(f"{NS}text")
            if re.fullmatch(r"Player \d(: to move)?", "".join(e.itertext()))
        ]
        assert len(heads) == 4
        xs = {e.get("x") for e in heads}
        assert (len(xs) == 1) == one_column


# -- tooltips ----------------------------------------------------------------------


KINDS = {
    "farm tile": r"Tile T\d\d at -?\d+,-?\d+: ",
    "start tile": r"Start tile [ABCD] of player \d",
    "market tile": r"Space \d: take T\d\d",
    "empty market space": r"Space \d: empty",
    "sugar cane field": r"Sugar cane: ",
    "wheat field": r"Wheat: ",
    "pond": r"Pond: ",
    "single arrow": r"Single arrow (north|east|south|west): ",
    "double arrow": r"Double arrow (north|east|south|west): ",
    "group arrow": r"Group arrow (north|east|south|west): ",
    "cow": r"Cow: ",
    "scarecrow": r"Scarecrow: ",
    "tractor": r"Tractor: ",
    "toads": r"\d+ toads?: ",
    "cell to place": r"Cell -?\d+,-?\d+: T\d\d fits here",
    "chosen cell": r"Cell -?\d+,-?\d+: chosen for",
    "tile being turned": r"T\d\d turned \d+: ",
    "facing arrow": r"Face (north|east|south|west): ",
    "follow button": r"Follow: ",
    "stay button": r"Stay: ",
    "toads that would follow": r"These toads move one tile",
    "removed tile": r"Removed at the end",
    "last placed": r"Placed last turn",
    "player's farm": r"Player \d's (farm|land)",
    "market": r"The market: ",
    "score row": r"(A|B|C|D|E|F|G|H): ",
}


def parents(root: ET.Element) -> dict[ET.Element, ET.Element]:
    return {child: e for e in root.iter() for child in e}


def tip_of(e: ET.Element, up: dict[ET.Element, ET.Element]) -> str | None:
    """The tooltip the page shows over ``e``: its own or its nearest ancestor's."""
    node: ET.Element | None = e
    while node is not None:
        if node.get("data-tip"):
            return node.get("data-tip")
        node = up.get(node)
    return None


def tipped_states() -> Iterator[tuple[meeple.State, int | None]]:
    """Random positions, and the decisions a random game seldom shows at a given step."""
    for players in (2, 3, 4):
        for state in positions(players, seed=10 + players, every=5):
            yield state, viewer_of(state)
    fresh = meeple.load("queensland", players=3).new_initial_state()
    play(fresh, "draw T09", "draw T21", "draw T30")  # the market, then the facings
    yield fresh, 0  # the facing arrows
    state = at_first_turn(3, market=("T09", "T21", "T31"))
    state = with_tile(state, 0, 2, 1, "T01", rot=3, toads=2)
    for p in (1, 2):
        state = with_toads(state, p, 0, 0, 1)
    play(state, "take 3", "place 1,-1", "rotate 180")
    yield state, state.current_player()  # the Follow and Stay buttons
    state = at_first_turn(2, market=("T01", "T21", "T30"))
    play(state, "take 1", "place 0,-1")
    yield state, 1  # the chosen cell, seen by the other player
    yield state, 0  # the tile being turned


def test_every_piece_carries_a_short_tooltip_and_every_kind_is_covered():
    found: set[str] = set()
    for state, viewer in tipped_states():
        for layout in SHOWN:
            root = ET.fromstring(state.render_svg(viewer, layout))  # type: ignore[arg-type]
            assert not list(root.iter(f"{NS}title")), "tooltips are data-tip, not <title>"
            up = parents(root)
            background = root[0]
            for e in root.iter():
                tag = e.tag.removeprefix(NS)
                if tag not in SHAPES or e is background:
                    continue
                tip = tip_of(e, up)
                assert tip, f"{layout}: a {tag} without a tooltip: {e.attrib}"
            for e in root.iter():
                tip = e.get("data-tip")
                if tip:
                    assert len(tip) <= 120, tip
                    found.update(k for k, pattern in KINDS.items() if re.match(pattern, tip))
            # Every click has a tooltip to show with its move.
            for e in root.iter():
                if e.get("data-target"):
                    assert tip_of(e, up), e.get("data-target")
    assert found == set(KINDS), set(KINDS) - found


# -- the log's words ------------------------------------------------------------------


def test_every_action_and_chance_outcome_has_words_unlike_its_notation():
    seen: set[str] = set()
    count = 0
    for players in (2, 3, 4):
        for state in positions(players, seed=20 + players, every=2):
            if state.is_terminal():
                continue
            before = state.observation(None)
            if state.is_chance_node():
                choices = [a for a, _ in state.chance_outcomes()]
            else:
                choices = state.legal_actions()
            for a in choices:
                words = state.action_words(a)
                assert isinstance(words, str) and words.strip()
                # The notation ("take 2", "place 1,-1", "rotate 90") says little.
                assert words != state.action_to_string(a), words
                seen.add(state.pending[-1].kind)
            assert state.observation(None) == before  # telling changes nothing
            count += 1
    assert count > 300
    assert seen == {"first", "face", "deal", "take", "place", "rotate", "group", "refill"}


def test_the_words_tell_what_was_taken_where_it_went_and_what_scored():
    state = at_first_turn(2, market=("T09", "T21", "T39"))
    words = state.action_words(state.string_to_action("take 3"))
    assert words == (
        "takes T39 (cane field, wheat field, pond, tractor, single arrow)"
        " from market space 3 (worth 3 toads)"
    )
    play(state, "take 3")
    where = state.action_words(state.string_to_action("place 2,0"))
    assert where == "chooses cell 2,0, east of start tile B"
    play(state, "place 2,0")
    turned = [state.action_words(a) for a in state.legal_actions()]
    assert turned and all(w.startswith("lays T39 at 2,0 ") for w in turned)
    assert all("adding 3 toads; their toads move one tile" in w for w in turned)
    # A pond that the toads fill scores, and the words say so.
    state = at_first_turn(2, market=("T39", "T21", "T30"))
    state = with_tile(state, 0, 2, 0, "T05", toads=2)  # a pond east of B
    state = with_toads(state, 0, 1, 0, 3)  # on B: a step east walks them in
    play(state, "take 1")
    told = []
    for place in state.legal_actions():
        turning = state.clone()
        turning.apply_action(place)
        told += [turning.action_words(a) for a in turning.legal_actions()]
    scored = [w for w in told if "player 1's pond with 5 toads scores 5 points" in w]
    assert scored and all("their toads move one tile east" in w for w in scored)


def test_group_answers_and_chance_in_words():
    state = at_first_turn(3, market=("T09", "T21", "T31"))
    for p in (1, 2):
        state = with_toads(state, p, 0, 0, 1)
    play(state, "take 3", "place 1,-1")
    lay = state.action_words(state.string_to_action("rotate 180"))
    assert "group move: their toads move one tile south, player 2 and player 3 may follow" in lay
    play(state, "rotate 180")
    assert state.action_words(state.string_to_action("follow")) == (
        "follows the group move: their toads move one tile south"
    )
    play(state, "follow")
    assert state.action_words(state.string_to_action("stay")).startswith(
        "stays: their toads do not move"
    )
    fresh = meeple.load("queensland", players=2).new_initial_state()
    assert fresh.action_words(fresh.string_to_action("first player 1")) == (
        "player 2 is drawn to start"
    )
    drawn = fresh.action_words(fresh.string_to_action("draw T09"))
    assert drawn.startswith("tile T09 (") and drawn.endswith(") is drawn for market space 1")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_start_is_drawn_legibly_for_every_player_count(players):
    state = meeple.load("queensland", players=players).new_initial_state()
    play(state, "draw T09", "draw T21", "draw T30")  # the market, then the facings
    for layout in SHOWN:
        svg = state.render_svg(0, layout)  # type: ignore[arg-type]
        root = ET.fromstring(svg)
        assert {k for k in targets(root)} == {
            "market:1",
            "market:2",
            "market:3",
            "face:north",
            "face:east",
            "face:south",
            "face:west",
        }
