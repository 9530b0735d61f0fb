"""Perft: counts of move sequences (chance outcomes included) from fixed positions.

The positions and counts live in perft.json; a failure shows the per-move breakdown.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeple
from meeple.core import State
from meeple.core.perft import divide as breakdown

DATA = Path(__file__).parent / "perft.json"
CASES = json.loads(DATA.read_text())


def position(case: dict) -> State:
    game = meeple.load("quedlinburg_dash", players=case["players"], **case["options"])
    state = game.new_initial_state()
    for move in case["moves"]:
        state.apply_notation(move)
    return state


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_perft(case):
    state = position(case)
    got = breakdown(state, case["depth"])
    assert got == case["per_move"]
    assert sum(got.values()) == case["nodes"]


def test_perft_depth_two_from_the_start_matches_a_hand_count():
    # Four chips can come out first; a yellow '1' then rolls the white die (6 faces),
    # any other chip passes to the second bag (4 kinds of chip again).
    state = position({"players": 2, "options": {}, "moves": []})
    assert breakdown(state, 2) == {
        "draw red-1": 4,
        "draw red-2": 4,
        "draw yellow-1": 6,
        "draw dream-weed": 4,
    }


if __name__ == "__main__":  # after a rule change: recount every case of perft.json
    for case in CASES:
        case["per_move"] = breakdown(position(case), case["depth"])
        case["nodes"] = sum(case["per_move"].values())
    DATA.write_text(json.dumps(CASES, indent=1))
