"""Rewrite golden.json and perft.json after a rule change (a new game version).

    .venv/bin/python -m tests.games.azul_queens_garden.regenerate [golden] [perft]

The golden game is what ``meeple play azul_queens_garden --players 3 --seats
greedy,greedy,random --seed 42 --save golden.json`` records. Each perft position is
reached by seeded random play (chance sampled) from the start until the position's
condition holds, so a position keeps its purpose when the rules move the play around;
the counts are then taken as the engine gives them.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import meeple
from meeple.agents import make_agent
from meeple.arena.runner import play as run_play
from meeple.arena.runner import seat_rng
from meeple.boardgames.azul_queens_garden import actions as A
from meeple.core import CHANCE, State
from meeple.core.perft import perft
from meeple.core.record import record_of

HERE = Path(__file__).parent
GID = "azul_queens_garden"
FLAT = {"adjacency": "colour", "group_of_six_bonus": False, "pattern_scoring": "flat"}


def golden() -> None:
    seats = ["greedy", "greedy", "random"]
    seed = 42
    state = meeple.load(GID, players=3).new_initial_state()
    agents = [make_agent(s, seat_rng(seed, i)) for i, s in enumerate(seats)]
    run_play(state, agents, random.Random(seed))
    (HERE / "golden.json").write_text(record_of(state, seed=seed, agents=seats).dumps() + "\n")
    print("golden.json:", len(state.history), "actions,", [s["total"] for s in state.scores()])


def _kind(s: State) -> str:
    d = s.decision
    return "" if d is None else str(d.kind)


def _names(s: State) -> list[str]:
    return [s.action_to_string(a) for a in s.legal_actions()]


# name, players, options, seed, the condition the position must meet, depth
Cond = Callable[[State, int], bool]
POSITIONS: list[tuple[str, int, dict[str, Any], int, Cond, int]] = [
    ("opening", 2, {}, 1, lambda s, n: n == 4, 3),
    ("payment-2p", 2, {}, 2, lambda s, n: n > 40 and _kind(s) == "pay", 3),
    (
        "placements-2p",
        2,
        {},
        3,
        lambda s, n: n > 150 and _kind(s) == "turn" and len(s.legal_actions()) > 40,
        3,
    ),
    ("midgame-3p", 3, {}, 4, lambda s, n: n > 140 and _kind(s) == "turn", 3),
    ("colour-adjacency-4p", 4, FLAT, 5, lambda s, n: n > 200 and _kind(s) == "turn", 3),
    ("copy-choice-3p", 3, {}, 6, lambda s, n: _kind(s) == "copy", 3),
    (
        "faceup-copy-3p",
        3,
        {},
        7,
        lambda s, n: _kind(s) == "copy" and any(a >= A.COPY_EXP for a in s.legal_actions()),
        3,
    ),
]


def _reach(players: int, options: dict[str, Any], seed: int, cond: Cond) -> tuple[State, list[str]]:
    for attempt in range(1000):
        rng = random.Random(seed * 1000 + attempt)
        s = meeple.load(GID, players=players, **options).new_initial_state()
        texts: list[str] = []
        while not s.is_terminal():
            if s.current_player() != CHANCE and cond(s, len(texts)):
                return s, texts
            if s.current_player() == CHANCE:
                outs = s.chance_outcomes()
                a = rng.choices([o for o, _ in outs], [p for _, p in outs])[0]
            else:
                a = rng.choice(s.legal_actions())
            texts.append(s.action_to_string(a))
            s.apply_action(a)
    raise RuntimeError("no game reached the position")


def perfts() -> None:
    out = []
    for name, players, options, seed, cond, depth in POSITIONS:
        s, texts = _reach(players, options, seed, cond)
        counts = [perft(s, d) for d in range(1, depth + 1)]
        out.append(
            {
                "name": name,
                "players": players,
                "options": options,
                "actions": texts,
                "to_move": s.current_player(),
                "legal": _names(s),
                "perft": counts,
            }
        )
        print(name, len(texts), counts)
    text = json.dumps({"game": GID, "positions": out}, indent=1)
    (HERE / "perft.json").write_text(text + "\n")


if __name__ == "__main__":
    which = sys.argv[1:] or ["golden", "perft"]
    if "golden" in which:
        golden()
    if "perft" in which:
        perfts()
