"""The bots' heuristic: position plus the pace of the chips an animal owns."""

from __future__ import annotations

import meeple
from meeple.boardgames.quedlinburg_dash.actions import chip_kind


def test_a_faster_bag_is_worth_more_to_the_bots_at_the_same_position():
    state = meeple.load("quedlinburg_dash", players=2).new_initial_state()
    assert state.heuristic(0) == state.heuristic(1) == 0.0
    state.bags[0][chip_kind("white", 8)] += 1
    assert state.heuristic(0) > 0 > state.heuristic(1)
    assert state.heuristic(0) == -state.heuristic(1)


def test_being_ahead_on_the_path_is_worth_a_field_a_field():
    state = meeple.load("quedlinburg_dash", players=2).new_initial_state()
    state.pos[1] = 3
    assert state.heuristic(1) == 3.0
