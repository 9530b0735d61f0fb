"""The picture on a laptop and on a phone, its tooltips, and the move log in words.

The wide picture is shown 878 CSS pixels wide and the narrow one 366, so a font size f
in a viewBox W wide reads as f * 878 / W (or f * 366 / W) pixels: at least 11 on the
laptop and 9 on the phone. Both layouts draw the same click targets.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import meeple
from meeple.boardgames.quedlinburg_dash.render import text_width
from meeple.core import CHANCE
from tests.games.quedlinburg_dash.helpers import (
    QuedlinburgDashState,
    at_fields,
    at_turn_of,
    new,
    play,
    with_clovers,
    with_in_bag,
    with_on_card,
    with_rubies,
)

NS = "{http://www.w3.org/2000/svg}"
SHOWN = {"wide": 878, "narrow": 366}
MIN_PX = {"wide": 11.0, "narrow": 9.0}
CARD_SETS = ("caterpillar", "caterpillar-extended", "butterfly", "butterfly-extended")
SHAPES = ("circle", "rect", "polygon", "polyline")
MAX_TIP = 120


def _positions(stride: int = 10) -> Iterator[QuedlinburgDashState]:
    """Positions of random games at every player count, card set and board side."""
    for players in (2, 3, 4):
        for i, cards in enumerate(CARD_SETS):
            board = "long" if (players + i) % 2 else "short"
            state = new(players, cards=cards, board=board)
            rng = random.Random(players * 10 + i)
            step = 0
            while True:
                if step % stride == 0 or state.is_terminal():
                    yield state
                if state.is_terminal():
                    break
                if state.current_player() == CHANCE:
                    state.apply_action(meeple.sample_chance(state, rng))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                step += 1


def _viewer(state: QuedlinburgDashState) -> int:
    p = state.current_player()
    return p if p >= 0 else state.active


def _scale(chain: list[ET.Element]) -> float:
    """The product of the ``scale(...)`` transforms above a text (none are used now)."""
    factor = 1.0
    for e in chain:
        for m in re.finditer(
            r"scale\(\s*([-\d.]+)(?:[\s,]+([-\d.]+))?\s*\)", e.get("transform", "")
        ):
            sx = float(m.group(1))
            sy = float(m.group(2)) if m.group(2) else sx
            factor *= min(abs(sx), abs(sy))
    return factor


def _walk(e: ET.Element, chain: list[ET.Element]) -> Iterator[tuple[ET.Element, list[ET.Element]]]:
    yield e, chain
    for child in e:
        yield from _walk(child, [*chain, e])


def _tag(e: ET.Element) -> str:
    return str(e.tag).removeprefix(NS)


def _check_picture(svg: str, layout: str) -> ET.Element:
    root = ET.fromstring(svg)
    width = float(root.get("viewBox", "0 0 0 0").split()[2])
    for e, chain in _walk(root, []):
        tag = _tag(e)
        assert tag != "title", "tooltips are data-tip attributes, not <title> children"
        if tag == "text":
            size = float(e.get("font-size", "16")) * _scale([*chain, e])
            shown = size * SHOWN[layout] / width
            words = "".join(e.itertext())
            assert shown >= MIN_PX[layout], f"{layout}: {words!r} shows at {shown:.1f} px"
            # Nothing runs off the picture's right edge.
            x = float(e.get("x", "0"))
            w = text_width(words, size, e.get("font-weight") == "bold")
            anchor = e.get("text-anchor")
            left = x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0)
            assert left >= 0 and left + w <= width + 0.5, f"{layout}: {words!r} leaves the picture"
        if e.get("data-tip") is not None:
            tip = e.get("data-tip", "")
            assert 0 < len(tip) <= MAX_TIP, f"{len(tip)} characters: {tip}"
        if tag in SHAPES:
            # Every piece, space and counter explains itself; only the background and the
            # frames of the parts (as wide as the picture) carry no tip.
            if tag == "rect" and float(e.get("width", "0")) >= 0.9 * width - 30:
                continue
            if _tag(chain[-1]) == "svg" and tag == "rect" and not e.get("stroke"):
                continue  # the stripes of the reserve's rows
            tipped = [a for a in [*chain, e] if a.get("data-tip")]
            assert tipped, f"{layout}: a {tag} without a tooltip: {e.attrib}"
    return root


def _keys(root: ET.Element) -> set[str]:
    return {e.get("data-target", "") for e in root.iter() if e.get("data-target")}


def test_both_layouts_are_legible_and_draw_the_same_targets():
    checked = 0
    for state in _positions():
        for viewer in (_viewer(state), None):
            wide = _check_picture(state.render_svg(viewer, "wide"), "wide")
            narrow = _check_picture(state.render_svg(viewer, "narrow"), "narrow")
            assert _keys(wide) == _keys(narrow)
            if viewer is not None and state.current_player() == viewer:
                keys = {k for a in state.legal_actions() for k in state.action_targets(a)}
                assert keys <= _keys(narrow), sorted(keys - _keys(narrow))
            checked += 1
    assert checked > 400  # two views of each of a couple of hundred positions


def test_the_narrow_picture_stacks_the_parts_in_one_column():
    state = new(4, cards="caterpillar-extended")
    for layout, width in (("wide", 878), ("narrow", 366)):
        root = ET.fromstring(state.render_svg(0, layout))
        assert root.get("viewBox") == f"0 0 {width} {root.get('height')}"
        heads = [
            float(t.get("y", "0"))
            for t in root.iter(f"{NS}text")
            if (t.text or "").startswith("Player ")
        ]
        assert len(heads) == 4 and heads == sorted(heads)  # one panel under the other
        reserve = [t for t in root.iter(f"{NS}text") if t.text == "Reserve and shop"]
        assert len(reserve) == 1 and float(reserve[0].get("y", "0")) < heads[0]
    # The narrow path is folded into shorter rows: 8 fields a row instead of 20.
    narrow = ET.fromstring(state.render_svg(0, "narrow"))
    rows = {
        float(r.get("y", "0"))
        for g in narrow.iter(f"{NS}g")
        if (g.get("data-tip") or "").startswith(("Field ", "Spiral field", "Start", "Marketplace"))
        for r in g.iter(f"{NS}rect")
    }
    assert len(rows) == 7  # 51 boxes (start, 49 fields, the marketplace) in rows of 8


def _tips(svg: str) -> list[str]:
    return [e.get("data-tip", "") for e in ET.fromstring(svg).iter() if e.get("data-tip")]


def test_every_kind_of_piece_has_a_tooltip():
    state = new(3, cards="caterpillar-extended")
    state = with_clovers(with_rubies(state, 0, 4), 0, 1)
    state = with_on_card(with_on_card(state, 0, "dream-weed", 2), 0, "red-1")
    play(state, "draw dream-weed")  # the clover moves the donkey; the shop opens
    assert state.decision is not None and state.decision.kind == "shop"
    for layout in ("wide", "narrow"):
        tips = _tips(state.render_svg(0, layout))
        text = "\n".join(tips)
        fields = state.game.rules.fields
        assert sum(t.startswith("Field ") for t in tips) == fields - 1 - 8  # 8 spirals
        assert sum(t.startswith("Spiral field ") for t in tips) == 8
        assert "Start house" in text and "Marketplace (field 50)" in text
        for animal in ("donkey (player 1)", "sheep (player 2)", "pig (player 3)"):
            assert f"The {animal} on field" in text
        for kind in ("Red '1'", "Orange '5'", "Purple '4'", "Sugar beet", "Dream weed"):
            assert any(t.startswith(kind + ":") or t.startswith(kind + " (") for t in tips), kind
        for counter in ("Rubies: ", "Four-leaf clovers: 1.", "Dream bubbles: 3 of 3", "Bag: "):
            assert counter in text, counter
        assert "Animal card:" in text and "Last chip drawn: dream weed" in text
        assert "Done shopping:" in text and "costs 3 rubies" in text
        assert "Orange action card: move 1 more field per ruby you hold" in text
        assert all(len(t) <= MAX_TIP for t in tips)


def test_the_tooltips_follow_the_card_set():
    butterfly = "\n".join(_tips(new(2, cards="butterfly-extended").render_svg(0)))
    assert "Blue '2': moves 2 fields, then the blue card: swap it for the next bigger blue" in (
        butterfly
    )
    assert "1 clover per purple chip" in butterfly
    other = new(2, cards="butterfly-extended", purple_counts="orange").render_svg(0)
    assert "1 clover per orange chip" in "\n".join(_tips(other))
    caterpillar = "\n".join(_tips(new(2).render_svg(0)))
    assert "Blue '2': moves 2 fields, then the blue card: jump ahead" in caterpillar
    assert "Spiral field 6: blue jumps to the next one" in caterpillar


def _target_places(svg: str) -> dict[str, tuple[float, float]]:
    """Where each clickable part is: its first circle's or rect's position."""
    out = {}
    for g in ET.fromstring(svg).iter(f"{NS}g"):
        key = g.get("data-target")
        if not key:
            continue
        shape = next(e for e in g if _tag(e) in ("circle", "rect"))
        out[key] = (
            float(shape.get("cx", shape.get("x", "0"))),
            float(shape.get("cy", shape.get("y", "0"))),
        )
    return out


@pytest.mark.parametrize("layout", ["wide", "narrow"])
def test_the_clickable_parts_stay_put_between_decisions(layout):
    # The reserve keeps one place per chip kind all game long, even when a kind runs out.
    places: dict[str, tuple[float, float]] = {}
    state = new(3, cards="butterfly-extended")
    rng = random.Random(5)
    while not state.is_terminal():
        for key, xy in _target_places(state.render_svg(_viewer(state), layout)).items():
            if key.startswith("reserve:"):
                assert places.setdefault(key, xy) == xy, key
        if state.current_player() == CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    # Shopping chip after chip: the reserve and the shopper's Done button do not move.
    shop = with_rubies(at_turn_of(new(3), 1), 1, 7)
    shop = with_on_card(shop, 1, "dream-weed", 2)
    play(shop, "draw dream-weed")
    before = _target_places(shop.render_svg(1, layout))
    play(shop, "buy blue-4")
    after = _target_places(shop.render_svg(1, layout))
    assert after["button:done"] == before["button:done"]
    assert all(after[k] == before[k] for k in after)


# -- the move log in words ----------------------------------------------------------


def test_every_action_has_words_and_they_tell_more_than_the_notation():
    seen = 0
    kinds: set[str] = set()
    for state in _positions(stride=3):
        if state.is_terminal():
            continue
        before = state.observation(None)
        d = state.decision
        assert d is not None
        for action in state.legal_actions():
            words = state.action_words(action)
            notation = state.action_to_string(action)
            assert isinstance(words, str) and words and words != notation, notation
            if state.current_player() == CHANCE:
                # A chance outcome names whose bag or die it was.
                p = d.info[0] if isinstance(d.info, tuple) else d.info
                animal = state.game.components.animals[p]
                assert words.startswith(f"the {animal} (player {p + 1}) "), words
            else:
                assert re.match(r"(buys|leaves|puts|takes) ", words), words
            assert "player 0" not in words
            kinds.add(d.kind)
            seen += 1
        assert state.observation(None) == before, "action_words changed the state"
    assert seen > 500
    assert kinds >= {"draw", "white", "wood", "shop", "return", "take"}


def _words(state: QuedlinburgDashState, move: str) -> str:
    return state.action_words(state.string_to_action(move))


def test_words_of_a_chip_say_how_far_and_what_its_card_gave():
    state = new()
    assert _words(state, "draw red-1") == (
        "the donkey (player 1) draws a red '1': moves 1 field to field 1, then takes 1 ruby"
    )
    assert _words(state, "draw dream-weed") == (
        "the donkey (player 1) draws a dream weed (dream bubble 1 of 3) and stays put"
    )
    state = with_in_bag(at_fields(state, 10), 0, "blue-1")
    assert _words(state, "draw blue-1").endswith("to field 11, then jumps to spiral field 12")
    state = with_in_bag(state, 0, "yellow-2")
    play(state, "draw yellow-2")
    assert _words(state, "white die: move 3") == (
        "the donkey (player 1) rolls the white die: moves 3 fields to field 15"
    )
    assert _words(state, "white die: red-2").endswith("a red '2' goes into its bag")


def test_words_of_the_third_dream_weed_and_the_shop():
    state = with_on_card(with_rubies(new(), 0, 3), 0, "dream-weed", 2)
    assert _words(state, "draw dream-weed") == (
        "the donkey (player 1) draws a third dream weed (the dream bubbles are full): "
        "takes 1 ruby for last place and goes shopping with 4 rubies"
    )
    play(state, "draw dream-weed")
    assert _words(state, "buy blue-4") == "buys a blue '4' for 3 rubies (1 ruby left)"
    assert _words(state, "done") == (
        "leaves the shop without buying, 4 unspent rubies go back; the card's chips go "
        "back into the bag"
    )
    play(state, "buy blue-4")
    assert _words(state, "buy red-1") == (
        "buys a red '1' for 1 ruby; nothing more is affordable, so the shop closes "
        "and the card's chips go back into the bag"
    )


def test_words_of_a_winning_move_and_of_the_extended_cards():
    state = with_rubies(at_fields(new(cards="caterpillar-extended"), 46), 0, 3)
    state = with_in_bag(state, 0, "orange-1")
    assert _words(state, "draw orange-1") == (
        "the donkey (player 1) draws an orange '1': moves 1 field to field 47, then moves "
        "3 more fields for its 3 rubies and reaches the marketplace: it wins the race"
    )
    butterfly = at_fields(new(cards="butterfly-extended"), 5)
    butterfly = with_in_bag(butterfly, 0, "orange-1")
    assert _words(butterfly, "draw orange-1").endswith(
        "to spiral field 6, then may take a '2' or a '4' chip from the reserve"
    )
    play(butterfly, "draw orange-1")
    assert _words(butterfly, "take green-4") == "takes a green '4' from the reserve into its bag"
    play(butterfly, "take green-4")
    butterfly = with_in_bag(at_turn_of(butterfly, 0), 0, "purple-1")
    assert _words(butterfly, "draw purple-1").endswith(
        "then takes 1 four-leaf clover, one per purple chip on its card"  # the one picked
    )
    literal = at_fields(new(cards="butterfly-extended", purple_counts="orange"), 5)
    literal = with_in_bag(literal, 0, "orange-1")
    play(literal, "draw orange-1", "take green-4")
    literal = with_in_bag(at_turn_of(literal, 0), 0, "purple-1")
    assert _words(literal, "draw purple-1").endswith(
        "then takes 1 four-leaf clover, one per orange chip on its card"  # the orange '1'
    )
    fresh = new(cards="butterfly-extended", purple_counts="orange")
    fresh = with_in_bag(fresh, 0, "purple-1")
    assert _words(fresh, "draw purple-1").endswith(
        "then has no orange chip on its card, so takes no clover"
    )


def test_words_of_the_green_caterpillar_return():
    state = with_on_card(with_in_bag(new(), 0, "green-2"), 0, "red-1")
    assert _words(state, "draw green-2").endswith(
        "then must put a chip from its animal card back into the bag"
    )
    play(state, "draw green-2")
    assert _words(state, "return red-1") == "puts a red '1' from its animal card back into the bag"
