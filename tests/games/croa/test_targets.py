"""Clickable targets: a jump is chosen by its landing square, a log's victim by its frog."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import meeple
from meeple.core.api import CHANCE
from tests.games.croa.helpers import names, play, position


def _drawn(s: meeple.State) -> list[str]:
    svg = s.game.render_svg(s.observation(s.current_player()))
    ET.fromstring(svg)  # still well-formed XML
    return re.findall(r'data-target="([^"]*)"', svg)


def _by_target(s: meeple.State) -> dict[str | None, list[str]]:
    out: dict[str | None, list[str]] = {}
    for a in s.legal_actions():
        out.setdefault(s.action_target(a), []).append(s.action_to_string(a))
    return out


def test_a_jump_is_chosen_by_clicking_the_square_it_lands_on():
    s = meeple.load("croa", players=2).new_initial_state()
    targets = _by_target(s)
    assert None not in targets
    for target, moves in targets.items():
        assert target is not None and target.startswith("sq:")
        assert all(m.endswith("-" + target[3:]) for m in moves)
    drawn = _drawn(s)
    assert len(drawn) == 64 and len(set(drawn)) == 64  # one element per square
    assert set(targets) <= set(drawn)


def test_frogs_that_reach_the_same_square_share_its_target():
    s = position(frogs={"c3": ["Q1"], "e3": ["S1"], "h8": ["Q2"]})
    assert sorted(_by_target(s)["sq:d4"]) == ["Qc3-d4", "Se3-d4"]
    assert _by_target(s)["sq:b2"] == ["Qc3-b2"]


def test_a_bounce_is_chosen_by_its_landing_square():
    s = position(tiles={"d4": "lily"}, frogs={"c3": ["Q1"], "h8": ["Q2"]})
    play(s, "Qc3-d4")
    assert s.pending[-1].kind == "bounce"
    targets = _by_target(s)
    assert "sq:c3" not in targets  # not back to the tile just left
    assert targets["sq:e5"] == ["Qd4-e5"]
    assert set(targets) <= set(_drawn(s))


def test_after_a_mosquito_a_jump_is_clicked_and_stop_stays_a_button():
    s = position(tiles={"d4": "mosquito"}, frogs={"c3": ["Q1"], "g2": ["S1"], "h8": ["Q2"]})
    play(s, "Qc3-d4")
    assert s.pending[-1].kind == "mosquito"
    targets = _by_target(s)
    assert targets[None] == ["stop"]
    assert targets["sq:h1"] == ["Sg2-h1"]
    assert set(targets) - {None} <= set(_drawn(s))


def test_a_third_servant_on_a_log_removes_the_servant_clicked():
    s = position(
        3,
        tiles={"d4": "log"},
        frogs={"c3": ["S1"], "d4": ["S2", "S3"], "a1": ["Q1"], "h1": ["Q2"], "d8": ["Q3"]},
    )
    play(s, "Sc3-d4")
    assert names(s) == ["remove P2 servant", "remove P3 servant"]
    assert _by_target(s) == {
        "frog:d4:P2": ["remove P2 servant"],
        "frog:d4:P3": ["remove P3 servant"],
    }
    drawn = _drawn(s)
    # the two enemy servants on the log, not the player's own servant nor other frogs
    assert [t for t in drawn if t.startswith("frog:")] == ["frog:d4:P2", "frog:d4:P3"]
    play(s, "remove P3 servant")
    assert not [t for t in _drawn(s) if t.startswith("frog:")]


def test_chance_reveals_have_no_target():
    s = position(frogs={"c3": ["Q1"], "h8": ["Q2"]})
    play(s, "Qc3-d4")  # onto a face-down tile
    assert s.current_player() == CHANCE
    assert all(s.action_target(a) is None for a in s.legal_actions())


def test_the_json_form_carries_the_target():
    s = position(frogs={"c3": ["Q1"], "h8": ["Q2"]})
    a = s.string_to_action("Qc3-d4")
    assert s.action_to_json(a) == {"id": a, "text": "Qc3-d4", "target": "sq:d4"}
    assert s.json_to_action({"id": a}) == a
    s2 = position(tiles={"d4": "mosquito"}, frogs={"c3": ["Q1"], "g2": ["S1"], "h8": ["Q2"]})
    play(s2, "Qc3-d4")
    stop = s2.string_to_action("stop")
    assert s2.action_to_json(stop) == {"id": stop, "text": "stop"}
