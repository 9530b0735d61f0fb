"""Perft: legal-move counts from fixed positions (chance outcomes count as branches)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core import State
from meeple.core.perft import divide, perft

DATA = json.loads((Path(__file__).with_name("perft.json")).read_text(encoding="utf-8"))


def build(pos: dict[str, Any]) -> State:
    state = meeple.load("croa", players=pos["players"], **pos["options"]).new_initial_state()
    for text in pos["actions"]:
        state.apply_action(state.string_to_action(text))
    return state


@pytest.mark.parametrize("pos", DATA["positions"], ids=[p["name"] for p in DATA["positions"]])
def test_perft_counts(pos):
    state = build(pos)
    assert divide(state, 2) == pos["divide2"]
    for depth, expected in enumerate(pos["counts"], start=1):
        assert perft(state, depth) == expected, f"depth {depth}"
