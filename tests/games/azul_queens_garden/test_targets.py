"""Click targets in the picture: every legal action of every decision is a path of
clicks on the mover's picture. Takes are the halves of display tiles (top: colour,
bottom: pattern); a placement is a storage item, then a garden space; payments and
discards are storage items; the copy to take is a display expansion; buying, passing,
the payment mode and done are labelled controls."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import pairwise

from meeple.boardgames.azul_queens_garden.render import render_svg
from meeple.boardgames.azul_queens_garden.state import AzulQueensGardenState

from .helpers import (
    act,
    quiet,
    with_expansion,
    with_faceup,
    with_storage,
    with_stored_expansion,
    with_tray,
)


def picture(s: AzulQueensGardenState, viewer: int | None = None) -> str:
    return render_svg(s.observation(s.current_player() if viewer is None else viewer))


def drawn(s: AzulQueensGardenState, viewer: int | None = None) -> list[str]:
    return re.findall(r'data-target="([^"]*)"', picture(s, viewer))


def paths(s: AzulQueensGardenState) -> dict[str, tuple[str, ...]]:
    """The legal actions by name, with their paths of clicks."""
    return {s.action_to_string(a): s.action_targets(a) for a in s.legal_actions()}


def starting(s: AzulQueensGardenState, *keys: str) -> list[str]:
    """The legal actions whose path starts with ``keys``, by name."""
    n = len(keys)
    return sorted(name for name, p in paths(s).items() if p[:n] == keys)


def check_the_decision(s: AzulQueensGardenState) -> None:
    """What the conformance test asks of one decision: a path per action, no path the
    start of another, every key drawn in the mover's picture, no target nested."""
    ps = sorted(paths(s).values())
    assert all(ps)
    for first, second in pairwise(ps):
        assert second[: len(first)] != first
    assert {k for p in ps for k in p} <= set(drawn(s))
    root = ET.fromstring(picture(s))
    for node in root.iter():
        if "data-target" in node.attrib:
            inner = [n for n in node.iter() if n is not node and "data-target" in n.attrib]
            assert not inner, f"{node.attrib['data-target']} holds another click target"


def test_a_take_is_a_click_on_the_colour_or_pattern_half_of_a_display_tile():
    s = quiet()
    s = with_tray(s, "blue-bird", "lime-tree")
    s = with_tray(s, "blue-bird", "green-tree")
    s = with_faceup(s, "yellow-bird")
    takes = {name: p for name, p in paths(s).items() if name.startswith("take ")}
    assert takes == {
        "take yellow": ("colour:yellow",),
        "take blue": ("colour:blue",),
        "take green": ("colour:green",),
        "take lime": ("colour:lime",),
        "take tree": ("pattern:tree",),
        "take bird": ("pattern:bird",),
    }
    keys = drawn(s)
    # Every display tile (four hexagons and the face-up expansion) has both halves.
    assert keys.count("colour:blue") == 2 and keys.count("pattern:bird") == 3
    assert keys.count("colour:yellow") == 1 and keys.count("pattern:tree") == 2
    svg = picture(s)
    # The top half (colour) lies above the tile's middle line, the bottom half below.
    top = re.search(r'<g data-target="colour:lime"[^>]*><polygon points="([^"]*)"', svg)
    bottom = re.search(r'<g data-target="pattern:tree"[^>]*><polygon points="([^"]*)"', svg)
    assert top and bottom
    top_ys = [float(p.split(",")[1]) for p in top.group(1).split()]
    bottom_ys = [float(p.split(",")[1]) for p in bottom.group(1).split()]
    assert max(top_ys) == min(bottom_ys)  # they meet at the middle line
    assert "To take a colour, click the top half of a display tile" in svg
    check_the_decision(s)


def test_the_take_halves_are_drawn_only_in_a_turn():
    s = quiet()
    s = with_tray(s, "blue-bird", "lime-tree")
    s = with_tray(s, "blue-bird", "green-tree")
    act(s, "take bird")  # two copies of blue-bird: which one is a decision
    keys = drawn(s)
    assert not [k for k in keys if k.startswith(("colour:", "pattern:"))]
    assert paths(s) == {
        "take blue-bird from expansion 1": ("disp:1",),
        "take blue-bird from expansion 2": ("disp:2",),
    }
    # Clicking a tile on a display expansion chooses that expansion: the tiles are
    # drawn inside its click target.
    root = ET.fromstring(picture(s))
    groups = {g.attrib.get("data-target"): g for g in root.iter() if g.tag.endswith("g")}
    tips = [n.attrib["data-tip"] for n in groups["disp:2"].iter() if "data-tip" in n.attrib]
    assert [tip.split(" on ")[0] for tip in tips[1:]] == ["Blue bird", "Green tree"]
    check_the_decision(s)


def test_placing_a_hexagon_is_its_storage_tile_then_a_garden_space():
    s = quiet()
    s = with_storage(s, 0, "blue-tree", "lime-tree")
    ps = paths(s)
    assert ps["place blue-tree at 0.3"] == ("st:blue-tree", "g:0.3")
    assert ps["place lime-tree at 0.5"] == ("st:lime-tree", "g:0.5")
    assert starting(s, "st:blue-tree") == [f"place blue-tree at 0.{k}" for k in range(1, 7)]
    # One element per free space, only in the garden of the player to move.
    assert drawn(s).count("g:0.3") == 1
    assert drawn(s).count("st:blue-tree") == 1
    check_the_decision(s)
    act(s, "place blue-tree at 0.3")  # a tree costs nothing; player 2 moves
    assert drawn(s).count("g:0.3") == 1
    assert '<g data-tip="Blue tree at 0.3 (value 1)' in picture(s)


def test_placing_a_stored_expansion_is_the_expansion_then_a_space():
    s = quiet()
    s = with_stored_expansion(s, 0, "lime-tree")
    spots = starting(s, "sx:lime-tree")
    # Every space of the six free expansion areas (never an ornament).
    assert spots == sorted(
        f"expansion lime-tree at {a}.{k}" for a in range(1, 7) for k in range(1, 7)
    )
    assert paths(s)["expansion lime-tree at 2.4"] == ("sx:lime-tree", "g:2.4")
    assert "g:1.0" not in drawn(s)
    # The free areas are faint dashed outlines that still take a click.
    assert re.search(r'<g data-target="g:2\.4"[^>]*><polygon [^>]*fill-opacity="0"', picture(s))
    check_the_decision(s)


def test_buying_and_passing_are_labelled_controls_of_the_own_turn():
    s = quiet()
    s = with_storage(s, 0, "blue-tree")
    ps = paths(s)
    assert ps["buy face-down expansion"] == ("button:buy",)
    assert ps["pass"] == ("button:pass",)
    svg = picture(s)
    assert re.search(
        r'<g data-target="button:buy"[^>]*><rect [^>]*/><text [^>]*>'
        r"Buy a face-down expansion \(6 points\)</text></g>",
        svg,
    )
    assert re.search(
        r'<g data-target="button:pass"[^>]*><rect [^>]*/><text [^>]*>Pass</text></g>', svg
    )
    # The other player's picture has no controls: it is not their decision.
    assert "button:" not in picture(s, viewer=1)
    check_the_decision(s)


def test_a_bought_expansion_is_placed_by_clicking_a_space():
    s = quiet()
    s = with_expansion(s, 0, "blue-bird", "1.1")
    act(s, "buy face-down expansion", "reveal lime-tree")
    assert s.decision is not None and s.decision.kind == "place_bought"
    ps = paths(s)
    assert ps["expansion lime-tree at 3.2"] == ("g:3.2",)
    assert all(len(p) == 1 and p[0].startswith("g:") and p[0][2] != "1" for p in ps.values())
    assert ">Bought:</text>" in picture(s)
    assert "button:" not in picture(s)
    check_the_decision(s)


def test_the_payment_mode_is_two_labelled_controls_beside_the_storage():
    s = quiet()
    s = with_storage(s, 0, "blue-butterfly", "blue-tree", "blue-bird", "lime-butterfly", "joker")
    act(s, "place blue-butterfly at 0.1")
    assert paths(s) == {"pay by colour": ("mode:colour",), "pay by pattern": ("mode:pattern",)}
    svg = picture(s)
    for key, word in (("mode:colour", "Pay by colour"), ("mode:pattern", "Pay by pattern")):
        assert re.search(
            rf'<g data-target="{key}"[^>]*><rect [^>]*/><text [^>]*>{word}</text></g>', svg
        )
    assert "mode:" not in picture(s, viewer=1)
    check_the_decision(s)


def test_payment_items_are_clicked_in_storage():
    s = quiet()
    s = with_storage(s, 0, "blue-butterfly", "blue-tree", "blue-bird", "joker")
    s = with_stored_expansion(s, 0, "blue-leaf")
    act(s, "place blue-butterfly at 0.1", "pay by colour")
    assert paths(s) == {
        "pay blue-tree": ("st:blue-tree",),
        "pay blue-bird": ("st:blue-bird",),
        "pay expansion blue-leaf": ("sx:blue-leaf",),
        "pay joker": ("st:joker",),
    }
    assert "click 2 more tiles in your storage" in picture(s)
    check_the_decision(s)
    act(s, "pay blue-bird")
    assert "pay blue-tree" not in paths(s)  # listed order: the tree came before the bird
    check_the_decision(s)


def test_discards_after_passing_are_storage_clicks_and_done_is_a_control():
    s = quiet()
    s = with_storage(s, 0, "blue-tree", "blue-tree", "lime-bird")
    act(s, "pass")
    assert paths(s) == {
        "discard blue-tree": ("st:blue-tree",),
        "discard lime-bird": ("st:lime-bird",),
        "discard joker": ("st:joker",),
        "done": ("button:done",),
    }
    # Each stored copy is drawn, every copy a target for the same choice.
    assert drawn(s).count("st:blue-tree") == 2
    assert re.search(
        r'<g data-target="button:done"[^>]*><rect [^>]*/><text [^>]*>Done</text></g>', picture(s)
    )
    check_the_decision(s)


def test_json_carries_the_path():
    s = quiet()
    s = with_tray(s, "blue-bird", "lime-tree")
    s = with_storage(s, 0, "blue-tree")
    by_name = {s.action_to_string(a): a for a in s.legal_actions()}
    assert s.action_to_json(by_name["take blue"]) == {
        "id": by_name["take blue"],
        "text": "take blue",
        "target": "colour:blue",
        "targets": ["colour:blue"],
    }
    assert s.action_to_json(by_name["place blue-tree at 0.5"]) == {
        "id": by_name["place blue-tree at 0.5"],
        "text": "place blue-tree at 0.5",
        "target": "g:0.5",
        "targets": ["st:blue-tree", "g:0.5"],
    }
