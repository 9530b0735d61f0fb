"""Legal-move counts from fixed Queensland positions, kept as data in perft.json.

A position is a player count and the actions (in notation) that lead to it. The counts
are of action sequences of the given depth; a chance node or the end stops a line
early and counts as one leaf. On failure the per-move breakdown says where it differs.

When the rules change (a new game version), rewrite the file from seeded random games:
``.venv/bin/python -m tests.games.queensland.test_perft`` (the positions are the
first decision of the named kind at or after the named step of each seeded game).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core import CHANCE, State
from meeple.core.perft import divide
from meeple.core.perft import perft as count

PATH = Path(__file__).parent / "perft.json"
DATA = json.loads(PATH.read_text())
DEPTH = 3

# name, players, seed, the earliest step, the decision kind to stop at
POSITIONS = (
    ("first-take-2p", 2, 1, 0, "take"),
    ("midgame-take-3p", 3, 2, 90, "take"),
    ("lategame-take-4p", 4, 3, 206, "take"),
    ("group-answer-4p", 4, 4, 0, "group"),
)


def perft(state: State, depth: int) -> int:
    return count(state, depth, stop_at_chance=True)


def position(entry: dict[str, Any]) -> State:
    state = meeple.load("queensland", players=entry["players"]).new_initial_state()
    for text in entry["actions"]:
        state.apply_notation(text)
    return state


def breakdown(state: State, depth: int) -> dict[str, int]:
    return divide(state, depth, stop_at_chance=True)


@pytest.mark.parametrize("entry", DATA, ids=[e["name"] for e in DATA])
def test_perft_counts(entry):
    state = position(entry)
    assert [perft(state, d) for d in range(1, len(entry["counts"]) + 1)] == entry["counts"]
    assert breakdown(state, len(entry["counts"])) == entry["divide"]


def regenerate() -> list[dict[str, Any]]:
    """The positions of POSITIONS with their counts, from seeded random games."""
    out = []
    for name, players, seed, step, kind in POSITIONS:
        rng = random.Random(seed)
        state = meeple.load("queensland", players=players).new_initial_state()
        while True:
            d = state.decision
            assert d is not None, f"{name}: the game ended before a {kind} decision"
            if len(state.history) >= step and d.kind == kind:
                break
            if state.current_player() == CHANCE:
                state.apply_action(meeple.sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        out.append(
            {
                "name": name,
                "players": players,
                "actions": [state.action_to_string(a) for a in state.history],
                "counts": [perft(state, k) for k in range(1, DEPTH + 1)],
                "divide": breakdown(state, DEPTH),
            }
        )
    return out


if __name__ == "__main__":
    PATH.write_text(json.dumps(regenerate(), indent=1) + "\n")
    print(f"wrote {PATH}")
