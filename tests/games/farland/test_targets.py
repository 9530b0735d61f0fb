"""Click targets: every choice of every decision is a path of keys drawn in the
mover's picture (market cards, the building and its two ways of taking it, pieces in
the supply and on the house, tokens, squares, the piece in each orientation, edges,
corners, tables, Tech Board slots and labelled controls)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import meeple
from meeple.boardgames.farland.render import RES_COLOURS
from meeple.boardgames.farland.state import FarlandState
from meeple.core import Decision
from meeple.core.position import edit
from tests.games.farland.helpers import (
    as_farland,
    building,
    decide,
    empty_market,
    give,
    land,
    names,
    play,
    setup,
    top,
    with_farm,
    with_supply,
)

SVG = "{http://www.w3.org/2000/svg}"


def paths(s: FarlandState) -> dict[tuple[str, ...], str]:
    """Path of clicks -> the name of the legal action it chooses."""
    out: dict[tuple[str, ...], str] = {}
    for a in s.legal_actions():
        path = s.action_targets(a)
        assert path not in out, f"{path} chooses two actions"
        out[path] = s.action_to_string(a)
    return out


def targets(s: FarlandState) -> dict[str, list[str]]:
    """Last key of each path -> names of the legal actions it completes."""
    out: dict[str, list[str]] = {}
    for a in s.legal_actions():
        t = s.action_target(a)
        if t is not None:
            out.setdefault(t, []).append(s.action_to_string(a))
    return out


def drawn(s: FarlandState, player: int | None) -> set[str]:
    svg = s.render_svg(player)
    return set(re.findall(r'data-target="([^"]*)"', svg))


def keys(s: FarlandState) -> set[str]:
    return {k for p in paths(s) for k in p}


def cycle_groups(s: FarlandState, player: int | None) -> list[ET.Element]:
    root = ET.fromstring(s.render_svg(player))
    return [g for g in root.iter(f"{SVG}g") if g.get("data-cycle") == "rotation"]


# -- taking ----------------------------------------------------------------------------


def test_market_cards_and_the_building_are_clicked_to_take_them():
    s = setup()
    assert paths(s) == {
        ("market:upper:1",): "take upper 1",
        ("market:upper:2",): "take upper 2",
        ("market:lower:1",): "take lower 1",
        ("market:lower:2",): "take lower 2",
        ("building", "building:improvements"): "take building + improvements",
        ("building", "building:first-player"): "take building + first player",
    }
    assert keys(s) <= drawn(s, 0)
    # the two ways of taking the building are controls of the mover's picture only
    for viewer in (1, None):
        assert "building" in drawn(s, viewer)
        assert "building:improvements" not in drawn(s, viewer)
        assert "building:first-player" not in drawn(s, viewer)
    assert "take + improvements" in s.render_svg(0)


def test_the_building_controls_are_gone_once_it_is_taken():
    s = setup()
    play(s, "take building + first player", "at 2,0", "rotate 0")
    assert s.current_player() == 1
    assert ("building", "building:improvements") not in paths(s)
    assert "building:improvements" not in drawn(s, 1)


def test_pass_is_a_labelled_control_beside_the_player():
    s = decide(empty_market(setup()), "take", 1)
    assert paths(s) == {("button:pass",): "pass"}
    assert "button:pass" in drawn(s, 1)
    assert "button:pass" not in drawn(s, 0)
    assert "button:pass" not in drawn(s, None)
    assert ">Pass<" in s.render_svg(1)


# -- improvement pieces: starting pick, payment, gain ------------------------------------


def test_starting_improvements_are_the_pieces_in_the_supply():
    s = decide(setup(), "start", 1)
    assert paths(s) == {
        ("improvement:fence",): "fence",
        ("improvement:pipe",): "pipe",
        ("improvement:trough",): "trough",
    }
    assert keys(s) <= drawn(s, 1)


def test_an_upper_card_is_paid_with_a_piece_of_the_house_and_gains_come_from_the_supply():
    s = setup()  # player 1's house: a fence and a pipe
    play(s, "take upper 1")
    assert s.pending[-1].kind == "pay"
    assert paths(s) == {("p0:house:fence",): "fence", ("p0:house:pipe",): "pipe"}
    assert keys(s) <= drawn(s, 0)
    assert {"p0:house:trough", "p1:house:fence"} <= drawn(s, 0)  # drawn, not clickable
    play(s, "pipe")
    assert s.pending[-1].kind == "gain"
    assert paths(s) == {
        ("improvement:fence",): "fence",
        ("improvement:pipe",): "pipe",
        ("improvement:trough",): "trough",
    }
    assert keys(s) <= drawn(s, 0)
    s = with_supply(s, [0, 3, 0])
    assert paths(s) == {("improvement:pipe",): "pipe"}
    assert s.observation(0)["decision"]["targets"] == ["improvement:pipe"]


# -- placing and turning a piece ---------------------------------------------------------


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


def _group_squares(g: ET.Element) -> list[str]:
    return [t.text or "" for t in g.iter(f"{SVG}text")]


def test_a_card_is_turned_in_its_four_orientations_drawn_at_the_chosen_square():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0")  # L27: wheat wheat / carrot carrot
    assert paths(s) == {
        ("rot:0",): "rotate 0",
        ("rot:90",): "rotate 90",
        ("rot:180",): "rotate 180",
        ("rot:270",): "rotate 270",
    }
    d = s.observation(0)["decision"]
    assert d["piece"] == "L27" and d["at"] == [2, 0]
    assert d["rotations"] == [0, 90, 180, 270]
    first = {(c["x"], c["y"]): c["content"] for c in d["orientations"][0]["cells"]}
    assert first == {(2, 0): "wheat1", (3, 0): "wheat1", (2, 1): "carrot1", (3, 1): "carrot1"}
    turned = {(c["x"], c["y"]): c["content"] for c in d["orientations"][1]["cells"]}
    assert turned == {(2, 0): "carrot1", (3, 0): "wheat1", (2, 1): "carrot1", (3, 1): "wheat1"}
    groups = cycle_groups(s, 0)
    assert [g.get("data-target") for g in groups] == ["rot:0", "rot:90", "rot:180", "rot:270"]
    # squares are pictures: the turned card's first square shows a carrot, not wheat
    drawn_first = ET.tostring(groups[1], encoding="unicode")
    assert drawn_first.index(RES_COLOURS["carrot"]) < drawn_first.index(RES_COLOURS["wheat"])
    assert "turned 90° (R: next)" in _group_squares(groups[1])
    # all four are drawn at the same place: the squares of the chosen cell
    rects = [
        sorted((r.get("x"), r.get("y")) for r in g.iter(f"{SVG}rect") if r.get("fill") == "none")
        for g in groups
    ]
    assert rects[0] == rects[1] == rects[2] == rects[3] and len(rects[0]) == 4
    # the piece being turned is drawn only in the mover's picture
    assert cycle_groups(s, 1) == [] and cycle_groups(s, None) == []


def test_a_building_tile_offers_only_its_legal_orientations():
    s = setup()
    play(s, "take building + improvements", "at 2,0")
    assert paths(s) == {("rot:0",): "rotate 0", ("rot:90",): "rotate 90"}
    d = s.observation(0)["decision"]
    assert d["rotations"] == [0, 90]
    cells = [sorted((c["x"], c["y"]) for c in o["cells"]) for o in d["orientations"]]
    assert cells == [[(2, 0), (3, 0)], [(2, 0), (2, 1)]]
    assert [g.get("data-target") for g in cycle_groups(s, 0)] == ["rot:0", "rot:90"]
    s = setup()
    play(s, "take building + improvements", "at 0,-1")  # turned, it would cover the house
    assert paths(s) == {("rot:0",): "rotate 0"}
    assert s.observation(0)["decision"]["rotations"] == [0]
    assert [g.get("data-target") for g in cycle_groups(s, 0)] == ["rot:0"]


def test_a_tile_that_would_cover_half_a_building_is_not_drawn_that_way():
    s = with_farm(setup(), 0, {(2, 0): building(0, 1), (3, 0): building(0, -1)})
    play(s, "take building + improvements", "at 2,0")
    assert paths(s) == {("rot:0",): "rotate 0"}
    assert [g.get("data-target") for g in cycle_groups(s, 0)] == ["rot:0"]


# -- resource tokens ---------------------------------------------------------------------


def test_resource_tokens_are_taken_from_the_supply_or_refused_with_a_control():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    s = decide(s, "take", 0)
    play(s, "take lower 2", "fence", "fence", "at 2,0", "rotate 0")
    assert s.pending[-1].kind == "token"
    assert paths(s) == {("token:wheat",): "token wheat", ("button:no-token",): "no token"}
    assert keys(s) <= drawn(s, 0)
    assert "button:no-token" not in drawn(s, 1)
    assert {"token:cow", "token:carrot"} <= drawn(s, 1)  # the supply is always drawn
    assert ">No token<" in s.render_svg(0)
    play(s, "token wheat")
    t = targets(s)
    assert t and all(v == [f"at {k[6:]}"] for k, v in t.items())
    assert set(t) <= drawn(s, 0)


# -- technologies ------------------------------------------------------------------------


def test_tech_slots_are_clicked_to_take_a_technology():
    s = setup(rules="advanced")
    play(s, "take building + improvements", "at 2,0", "rotate 0")
    assert s.pending[-1].kind == "upgrade"
    t = targets(s)
    assert t["tech:irrigation"] == ["tech irrigation"]
    assert t["tech:plus10"] == ["tech +10"]
    assert "tech:agro_optimizer" not in t  # level 2 needs a level 1 of its tree first
    assert set(t) <= drawn(s, 0)


# -- installing --------------------------------------------------------------------------


def test_install_picks_a_house_piece_and_a_trough_then_its_table():
    s = setup()
    s = with_farm(s, 0, house=[2, 1, 1], pending=[*s.pending, Decision("install", 0)])
    assert paths(s) == {
        ("p0:house:fence",): "install fence",
        ("p0:house:pipe",): "install pipe",
        ("p0:house:trough", "p0:trough:cow"): "install trough cow",
        ("p0:house:trough", "p0:trough:pig"): "install trough pig",
        ("p0:house:trough", "p0:trough:sheep"): "install trough sheep",
        ("button:done",): "done",
    }
    assert keys(s) <= drawn(s, 0)
    assert "button:done" not in drawn(s, 1)
    assert ">Done<" in s.render_svg(0)
    play(s, "install fence")
    t = targets(s)
    assert t["p0:edge:h0,0"] == ["edge h 0,0"]
    assert t["p0:edge:v2,0"] == ["edge v 2,0"]
    assert "p0:edge:v0,1" not in t  # a printed fence is already there
    assert set(t) <= drawn(s, 0)
    assert "p0:edge:h0,0" not in drawn(s, 1)
    play(s, "edge h 0,0")
    assert top(0, 0) in s.farms[0].fences


def test_nimbus_and_lifting_with_flexible_installation():
    s = give(setup(rules="advanced"), 0, "nimbus_generator", "flexible_installation")
    s = with_farm(
        s,
        0,
        {(x, y): land() for x in (2, 3) for y in (0, 1)},
        house=[0, 2, 0],
        fences={top(0, 0)},
        troughs=[0, 1, 0],
        pending=[*s.pending, Decision("install", 0)],
    )
    assert paths(s) == {
        ("p0:house:pipe",): "install pipe",
        ("p0:house:nimbus",): "install nimbus",
        ("button:lift-fence",): "lift fence",
        ("button:lift-trough-pig",): "lift trough pig",
        ("button:done",): "done",
    }
    assert keys(s) <= drawn(s, 0)
    assert not {"button:lift-fence", "button:lift-trough-pig"} & drawn(s, 1)
    assert "p0:house:nimbus" in drawn(s, 1)  # the player's own piece: always drawn
    play(s, "install nimbus")
    assert paths(s) == {
        ("p0:corner:1,1",): "corner 1,1",
        ("p0:corner:2,1",): "corner 2,1",
        ("p0:corner:3,1",): "corner 3,1",
    }
    assert keys(s) <= drawn(s, 0)
    s = as_farland(edit(s, pending=s.pending[:-1]))  # back to the choice of a piece
    play(s, "lift fence")
    assert paths(s) == {("p0:edge:h0,0",): "edge h 0,0"}
    assert keys(s) <= drawn(s, 0)


# -- the observation and JSON ------------------------------------------------------------


def test_observation_lists_every_key_of_every_path_for_the_mover():
    s = setup()
    obs = s.observation(0)
    assert obs["viewer"] == 0
    assert obs["decision"]["targets"] == [
        "building",
        "building:first-player",
        "building:improvements",
        "market:lower:1",
        "market:lower:2",
        "market:upper:1",
        "market:upper:2",
    ]
    assert "targets" not in s.observation(1)["decision"]
    assert s.observation(None)["viewer"] is None


def test_json_form_carries_the_targets():
    s = setup()
    a = s.string_to_action("take lower 2")
    assert s.action_to_json(a) == {
        "id": a,
        "text": "take lower 2",
        "target": "market:lower:2",
        "targets": ["market:lower:2"],
    }
    a = s.string_to_action("take building + first player")
    assert s.action_to_json(a)["targets"] == ["building", "building:first-player"]
    play(s, "take lower 1", "fence", "fence")
    a = s.string_to_action("at -2,0")
    assert s.action_to_json(a)["target"] == "p0:sq:-2,0"
    play(s, "at -2,0")
    assert names(s) == ["rotate 0", "rotate 90", "rotate 180", "rotate 270"]
    rot = s.string_to_action("rotate 180")
    assert s.action_to_json(rot)["targets"] == ["rot:180"]


# -- the farms stay put --------------------------------------------------------------


def _layout(s: FarlandState, viewer: int | None) -> tuple[object, ...]:
    """The picture's size and where each laid square of each farm is drawn."""
    root = ET.fromstring(s.render_svg(viewer))
    squares: dict[str, tuple[str | None, str | None]] = {}
    for g in root.iter(f"{SVG}g"):
        key = g.get("data-target", "")
        if ":sq:" in key and key not in squares:  # the square (a token on it comes later)
            rect = next(g.iter(f"{SVG}rect"))
            squares[key] = (rect.get("x"), rect.get("y"))
    assert "p0:sq:0,0" in squares  # the starting house
    return root.get("width"), root.get("height"), squares


def test_the_farms_stay_put_between_the_decisions_of_a_turn():
    """Outlining where a piece may go (place), turning it there (rotate), outlining
    edges, corners or squares (install, token): no decision moves a farm or resizes the
    picture under the pointer. While no square is laid, every laid square of every farm
    is drawn where it was, in every viewer's picture."""
    compared: dict[str, int] = {}
    for players, rules, seed in ((2, "basic", 1), (3, "basic", 2), (2, "advanced", 3)):
        s = meeple.load("farland", players=players, rules=rules).new_initial_state()
        assert isinstance(s, FarlandState)
        rng = random.Random(seed)
        before = None  # (farms, layouts) at the previous decision of a player
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(meeple.sample_chance(s, rng))
                continue
            obs = s.observation(None)
            farms = [pl["cells"] for pl in obs["players"]]
            layouts = [_layout(s, v) for v in (None, *range(players))]
            kind = obs["decision"]["kind"]
            if before is not None and before[0] == farms:
                assert layouts == before[1], f"round {obs['round']}: {kind}"
                compared[kind] = compared.get(kind, 0) + 1
            before = (farms, layouts)
            s.apply_action(rng.choice(s.legal_actions()))
    assert compared["place"] > 20 and compared["rotate"] > 20
