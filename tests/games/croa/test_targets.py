"""Clickable targets: a jump is its frog then its landing square, a bounce its landing
square, a log's victim its frog, and ``stop`` after a mosquito a labelled control."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import meeple
from meeple.core.api import CHANCE
from tests.games.croa.helpers import checked_position, names, play, start

NS = "{http://www.w3.org/2000/svg}"


def _svg(s: meeple.State, viewer: int | None = -1) -> str:
    return s.game.render_svg(s.observation(s.current_player() if viewer == -1 else viewer))


def _drawn(s: meeple.State, viewer: int | None = -1) -> list[str]:
    svg = _svg(s, viewer)
    ET.fromstring(svg)  # still well-formed XML
    return re.findall(r'data-target="([^"]*)"', svg)


def _paths(s: meeple.State) -> dict[str, tuple[str, ...]]:
    return {s.action_to_string(a): s.action_targets(a) for a in s.legal_actions()}


def _by_target(s: meeple.State) -> dict[str | None, list[str]]:
    """The last click (``action_target``) -> the actions it completes."""
    out: dict[str | None, list[str]] = {}
    for a in s.legal_actions():
        out.setdefault(s.action_target(a), []).append(s.action_to_string(a))
    return out


def _group(svg: str, key: str) -> ET.Element:
    root = ET.fromstring(svg)
    found = [g for g in root.iter(f"{NS}g") if g.get("data-target") == key]
    assert len(found) == 1, (key, len(found))
    return found[0]


def test_the_first_jump_is_the_frog_then_the_square_it_lands_on():
    s = start(2)
    assert _paths(s) == {
        "Qa1-b2": ("frog:a1:Q", "sq:b2"),
        "Sa2-a3": ("frog:a2:S", "sq:a3"),
        "Sa2-b3": ("frog:a2:S", "sq:b3"),
        "Sa2-b2": ("frog:a2:S", "sq:b2"),
        "Sb1-b2": ("frog:b1:S", "sq:b2"),
        "Sb1-c2": ("frog:b1:S", "sq:c2"),
        "Sb1-c1": ("frog:b1:S", "sq:c1"),
    }
    drawn = _drawn(s)
    squares = [t for t in drawn if t.startswith("sq:")]
    assert len(squares) == 64 and len(set(squares)) == 64  # one element per square
    # the mover's own frogs, each once; the opponent's frogs are not picked
    assert sorted(t for t in drawn if t.startswith("frog:")) == [
        "frog:a1:Q",
        "frog:a2:S",
        "frog:b1:S",
    ]
    assert {k for p in _paths(s).values() for k in p} <= set(drawn)


def test_the_frog_key_sits_on_that_frog_inside_its_square():
    s = start(2)
    svg = _svg(s)
    square = _group(svg, "sq:a1")
    queen = [g for g in square.iter(f"{NS}g") if g.get("data-target") == "frog:a1:Q"]
    assert len(queen) == 1
    assert queen[0].get("data-tip", "").startswith("Queen of P1 (red):")


def test_frogs_that_reach_the_same_square_differ_by_their_first_click():
    s = checked_position(frogs={"c3": ["Q1"], "e3": ["S1"], "h8": ["Q2"]})
    assert sorted(_by_target(s)["sq:d4"]) == ["Qc3-d4", "Se3-d4"]
    paths = _paths(s)
    assert paths["Qc3-d4"] == ("frog:c3:Q", "sq:d4")
    assert paths["Se3-d4"] == ("frog:e3:S", "sq:d4")
    assert len(set(paths.values())) == len(paths)


def test_a_queen_and_a_servant_sharing_a_tile_are_two_keys_and_only_they_move():
    # The priority rule: one of the two must move, the servant on f6 may not.
    s = checked_position(frogs={"c3": ["Q1", "S1"], "f6": ["S1"], "h8": ["Q2"]})
    firsts = sorted({p[0] for p in _paths(s).values()})
    assert firsts == ["frog:c3:Q", "frog:c3:S"]
    assert _paths(s)["Qc3-d4"] == ("frog:c3:Q", "sq:d4")
    assert _paths(s)["Sc3-d4"] == ("frog:c3:S", "sq:d4")
    drawn = _drawn(s)
    assert {"frog:c3:Q", "frog:c3:S", "frog:f6:S"} <= set(drawn)


def test_two_servants_on_a_log_are_one_click():
    s = checked_position(
        tiles={"d4": "log"}, frogs={"d4": ["S1", "S1"], "a1": ["Q1"], "h8": ["Q2"]}
    )
    assert _paths(s)["Sd4-e5"] == ("frog:d4:S", "sq:e5")
    group = _group(_svg(s), "frog:d4:S")
    tips = [g.get("data-tip", "")[:21] for g in group.iter(f"{NS}g") if g is not group]
    assert tips == ["Servant of P1 (red): ", "Servant of P1 (red): "]


def test_a_bounce_is_one_click_on_its_landing_square():
    s = checked_position(tiles={"d4": "lily"}, frogs={"c3": ["Q1"], "h8": ["Q2"]})
    play(s, "Qc3-d4")
    assert s.pending[-1].kind == "bounce"
    paths = _paths(s)
    assert "Qd4-c3" not in paths  # not back to the tile just left
    assert paths["Qd4-e5"] == ("sq:e5",)
    assert all(len(p) == 1 and p[0].startswith("sq:") for p in paths.values())
    assert {p[0] for p in paths.values()} <= set(_drawn(s))
    assert "button:stop" not in _drawn(s)


def _mosquito() -> meeple.State:
    s = checked_position(tiles={"d4": "mosquito"}, frogs={"c3": ["Q1"], "g2": ["S1"], "h8": ["Q2"]})
    play(s, "Qc3-d4")
    assert s.pending[-1].kind == "mosquito"
    return s


def test_after_a_mosquito_another_frog_jumps_or_the_stop_control_ends_the_turn():
    s = _mosquito()
    assert _paths(s) == {
        "Sg2-g3": ("frog:g2:S", "sq:g3"),
        "Sg2-h3": ("frog:g2:S", "sq:h3"),
        "Sg2-h2": ("frog:g2:S", "sq:h2"),
        "Sg2-h1": ("frog:g2:S", "sq:h1"),
        "Sg2-g1": ("frog:g2:S", "sq:g1"),
        "Sg2-f1": ("frog:g2:S", "sq:f1"),
        "Sg2-f2": ("frog:g2:S", "sq:f2"),
        "Sg2-f3": ("frog:g2:S", "sq:f3"),
        "stop": ("button:stop",),
    }
    drawn = _drawn(s)
    assert drawn.count("button:stop") == 1
    assert {k for p in _paths(s).values() for k in p} <= set(drawn)
    stop = _group(_svg(s), "button:stop")
    assert [t.text for t in stop.iter(f"{NS}text")] == ["Stop"]
    assert stop.find(f"{NS}rect") is not None
    # the words beside the control say what it concerns
    assert "Mosquito on d4: jump with another frog that has not moved" in _svg(s)


def test_the_stop_control_is_drawn_only_for_the_player_who_decides():
    s = _mosquito()
    assert "button:stop" in _drawn(s, 0)
    assert "button:stop" not in _drawn(s, 1)
    assert "button:stop" not in _drawn(s, None)
    play(s, "stop")
    assert s.pending[-1].kind == "move" and s.current_player() == 1
    assert "button:stop" not in _drawn(s)


def test_a_third_servant_on_a_log_removes_the_servant_clicked():
    s = checked_position(
        3,
        tiles={"d4": "log"},
        frogs={"c3": ["S1"], "d4": ["S2", "S3"], "a1": ["Q1"], "h1": ["Q2"], "d8": ["Q3"]},
    )
    play(s, "Sc3-d4")
    assert names(s) == ["remove P2 servant", "remove P3 servant"]
    assert _paths(s) == {
        "remove P2 servant": ("frog:d4:P2",),
        "remove P3 servant": ("frog:d4:P3",),
    }
    drawn = _drawn(s)
    # the two enemy servants on the log, not the player's own servant nor other frogs
    assert [t for t in drawn if t.startswith("frog:")] == ["frog:d4:P2", "frog:d4:P3"]
    play(s, "remove P3 servant")
    # P2 moves next: its own frogs are picked, no servant is a victim any more
    assert s.current_player() == 1
    assert sorted(t for t in _drawn(s) if t.startswith("frog:")) == ["frog:d4:S", "frog:h1:Q"]


def test_chance_reveals_have_no_target():
    s = checked_position(frogs={"c3": ["Q1"], "h8": ["Q2"]})
    play(s, "Qc3-d4")  # onto a face-down tile
    assert s.current_player() == CHANCE
    assert all(s.action_targets(a) == () for a in s.legal_actions())


def test_the_json_form_carries_the_clicks():
    s = checked_position(frogs={"c3": ["Q1"], "h8": ["Q2"]})
    a = s.string_to_action("Qc3-d4")
    assert s.action_to_json(a) == {
        "id": a,
        "text": "Qc3-d4",
        "target": "sq:d4",
        "targets": ["frog:c3:Q", "sq:d4"],
    }
    assert s.json_to_action({"id": a}) == a
    s2 = _mosquito()
    stop = s2.string_to_action("stop")
    assert s2.action_to_json(stop) == {
        "id": stop,
        "text": "stop",
        "target": "button:stop",
        "targets": ["button:stop"],
    }
