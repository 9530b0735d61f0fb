"""Click targets: the picture of the player to move marks what can be clicked."""

from __future__ import annotations

import re

from meeple.boardgames.farland.state import FarlandState
from tests.games.farland.helpers import play, setup, top


def targets(s: FarlandState) -> dict[str, list[str]]:
    """Target key -> names of the legal actions it chooses."""
    out: dict[str, list[str]] = {}
    for a in s.legal_actions():
        t = s.action_target(a)
        if t is not None:
            out.setdefault(t, []).append(s.action_to_string(a))
    return out


def drawn(s: FarlandState, player: int | None) -> set[str]:
    svg = s.render_svg(player)
    return set(re.findall(r'data-target="([^"]*)"', svg))


def test_market_cards_and_the_building_are_clicked_to_take_them():
    s = setup()
    t = targets(s)
    assert t == {
        "market:upper:1": ["take upper 1"],
        "market:upper:2": ["take upper 2"],
        "market:lower:1": ["take lower 1"],
        "market:lower:2": ["take lower 2"],
        "building": ["take building + improvements", "take building + first player"],
    }
    assert set(t) <= drawn(s, 0)


def test_pass_and_improvement_choices_stay_buttons():
    s = setup()
    play(s, "take lower 1")
    assert s.pending[-1].kind == "gain"
    assert targets(s) == {}
    s.market = [-1] * 4
    s.building_open = False
    s.push("take", 1)
    s._legal_cache = None
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["pass"]
    assert targets(s) == {}


def test_card_goes_where_the_square_for_its_top_left_corner_is_clicked():
    s = setup()
    play(s, "take lower 1", "fence", "fence")
    t = targets(s)
    assert t["p0:sq:2,0"] == ["at 2,0"]
    assert t["p0:sq:-1,-2"] == ["at -1,-2"]  # the card would sit above the house
    assert all(k.startswith("p0:sq:") for k in t)
    mine = drawn(s, 0)
    assert set(t) <= mine
    # the empty candidate squares are outlined only in the mover's picture
    assert "p0:sq:2,0" not in drawn(s, 1)
    assert "p0:sq:0,0" in drawn(s, 1)  # the farm's own squares are always marked
    play(s, "at 2,0")
    assert targets(s) == {}  # the rotation is a button
    assert "rotate 0" in [s.action_to_string(a) for a in s.legal_actions()]


def test_resource_token_goes_on_the_clicked_square():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    s.push("take", 0)
    s._legal_cache = None
    play(s, "take lower 2", "fence", "fence", "at 2,0", "rotate 0")
    assert s.pending[-1].kind == "token"
    assert targets(s) == {}  # which resource: buttons
    play(s, "token wheat")
    t = targets(s)
    assert t and all(v == [f"at {k[6:]}"] for k, v in t.items())
    assert set(t) <= drawn(s, 0)


def test_fence_goes_on_the_clicked_edge_and_troughs_on_the_table():
    s = setup()
    s.farms[0].house = [2, 1, 1]
    s.push("install", 0)
    s._legal_cache = None
    t = targets(s)
    assert t == {
        "p0:trough:cow": ["install trough cow"],
        "p0:trough:pig": ["install trough pig"],
        "p0:trough:sheep": ["install trough sheep"],
    }
    assert set(t) <= drawn(s, 0)
    play(s, "install fence")
    t = targets(s)
    assert t["p0:edge:h0,0"] == ["edge h 0,0"]
    assert t["p0:edge:v2,0"] == ["edge v 2,0"]
    assert "p0:edge:v0,1" not in t  # a printed fence is already there
    assert set(t) <= drawn(s, 0)
    assert "p0:edge:h0,0" not in drawn(s, 1)
    play(s, "edge h 0,0")
    assert top(0, 0) in s.farms[0].fences


def test_tech_slots_are_clicked_to_take_a_technology():
    s = setup(rules="advanced")
    play(s, "take building + improvements", "at 2,0", "rotate 0")
    assert s.pending[-1].kind == "upgrade"
    t = targets(s)
    assert t["tech:irrigation"] == ["tech irrigation"]
    assert t["tech:plus10"] == ["tech +10"]
    assert "tech:agro_optimizer" not in t  # level 2 needs a level 1 of its tree first
    assert set(t) <= drawn(s, 0)


def test_json_form_carries_the_target():
    s = setup()
    a = s.string_to_action("take lower 2")
    assert s.action_to_json(a) == {"id": a, "text": "take lower 2", "target": "market:lower:2"}
    play(s, "take lower 1", "fence", "fence")
    a = s.string_to_action("at -2,0")
    assert s.action_to_json(a)["target"] == "p0:sq:-2,0"
    play(s, "at -2,0")
    rot = s.legal_actions()[0]
    assert "target" not in s.action_to_json(rot)
