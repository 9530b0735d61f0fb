"""Perft: legal-move counts from fixed positions (chance outcomes count as branches).

The positions (name, players, options, actions) are data in perft.json; after a
deliberate rules change (bumping the game version) recount them with
``python -m tests.games.croa.test_perft``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core import State
from meeple.core.perft import divide, perft

PATH = Path(__file__).with_name("perft.json")
DATA = json.loads(PATH.read_text(encoding="utf-8"))
DEPTH = 3


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


def test_a_dealt_pond_is_counted_from_its_deal():
    dealt = [p for p in DATA["positions"] if p["options"].get("backs", "dealt") == "dealt"]
    dealt = [p for p in dealt if p["options"].get("pond", "three_backs") == "three_backs"]
    assert dealt  # every other position has the backs of the component file's layout
    for pos in dealt:
        assert all(a.startswith("lay ") for a in pos["actions"][:64]), pos["name"]


def recount() -> None:
    for pos in DATA["positions"]:
        state = build(pos)
        pos["counts"] = [perft(state, d) for d in range(1, DEPTH + 1)]
        pos["divide2"] = divide(state, 2)
    PATH.write_text(json.dumps(DATA, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    recount()
