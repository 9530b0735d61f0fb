"""Perft-style legal-move counts from fixed positions, kept as data in perft.json.

Regenerate (only after a deliberate rules change) with
``python -m tests.games.farland.test_perft``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import meeple
from meeple.core import CHANCE
from meeple.core.perft import perft

DATA = Path(__file__).with_name("perft.json")


def _state(entry):
    g = meeple.load("farland", players=entry["players"], rules=entry["rules"])
    s = g.new_initial_state()
    for m in entry["moves"]:
        s.apply_notation(m)
    return s


def _positions():
    """Positions reached by seeded random play, stopped at the first decision of a kind."""
    out = []
    specs = [
        ("round 1 first take, 2 players", 2, "basic", 0, "take", 1),
        ("first placement, 3 players", 3, "basic", 1, "place", 1),
        ("a rotation, 4 players", 4, "basic", 2, "rotate", 3),
        ("a token choice, 3 players", 3, "basic", 3, "token_at", 1),
        ("installing in round 6, 2 players", 2, "basic", 4, "install_at", 1),
        ("an upgrade, 3 players advanced", 3, "advanced", 5, "upgrade", 2),
        ("a pond placement, 2 players advanced", 2, "advanced", 6, "place", 12),
    ]
    for name, players, rules, seed, kind, nth in specs:
        g = meeple.load("farland", players=players, rules=rules)
        for attempt in range(200):
            rng = random.Random(seed * 1000 + attempt)
            s = g.new_initial_state()
            seen = 0
            found = False
            while not s.is_terminal():
                d = s.pending[-1]
                if d.kind == kind and (kind != "place" or nth < 10 or d.info == 200):
                    seen += 1
                    if seen >= (nth if nth < 10 else 1):
                        found = True
                        break
                if s.current_player() == CHANCE:
                    s.apply_action(meeple.sample_chance(s, rng))
                else:
                    s.apply_action(rng.choice(s.legal_actions()))
            if found:
                break
        assert found, name
        moves = [s.action_to_string(a) for a in s.history]
        legal = [s.action_to_string(a) for a in s.legal_actions()]
        out.append(
            {
                "name": name,
                "players": players,
                "rules": rules,
                "moves": moves,
                "legal": legal,
                "perft2": perft(s, 2),
            }
        )
    return out


ENTRIES = json.loads(DATA.read_text()) if DATA.exists() else []


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_perft(entry):
    s = _state(entry)
    legal = [s.action_to_string(a) for a in s.legal_actions()]
    assert legal == entry["legal"], f"{entry['name']}: legal moves differ"
    assert perft(s, 2) == entry["perft2"]


def test_there_are_at_least_three_positions():
    assert len(ENTRIES) >= 3


if __name__ == "__main__":
    DATA.write_text(json.dumps(_positions(), indent=1) + "\n")
