"""The bots' heuristic: position plus the pace of the chips an animal owns."""

from __future__ import annotations

import meeple
from meeple.boardgames.quedlinburg_dash.actions import chip_kind
from meeple.core.position import edit


def test_a_faster_bag_is_worth_more_to_the_bots_at_the_same_position():
    state = meeple.load("quedlinburg_dash", players=2).new_initial_state()
    assert state.heuristic(0) == state.heuristic(1) == 0.0
    # A sugar beet from the reserve goes into the first bag.
    beet = chip_kind("white", 8)
    bags = [list(b) for b in state.bags]
    bags[0][beet] += 1
    supply = list(state.supply)
    supply[beet] -= 1
    state = edit(state, bags=bags, supply=supply)
    assert state.heuristic(0) > 0 > state.heuristic(1)
    assert state.heuristic(0) == -state.heuristic(1)


def test_being_ahead_on_the_path_is_worth_a_field_a_field():
    state = meeple.load("quedlinburg_dash", players=2).new_initial_state()
    state = edit(state, pos=[state.pos[0], 3])
    assert state.heuristic(1) == 3.0
