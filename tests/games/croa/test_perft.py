"""Perft: legal-move counts from fixed positions (chance outcomes count as branches)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core import State

DATA = json.loads((Path(__file__).with_name("perft.json")).read_text(encoding="utf-8"))


def perft(state: State, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def divide(state: State, depth: int) -> dict[str, int]:
    out = {}
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        out[state.action_to_string(a)] = perft(child, depth - 1)
    return out


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
