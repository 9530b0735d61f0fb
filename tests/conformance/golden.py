"""Golden games: one whole seeded game per registered game, checked in as a record.

Each game's golden record is ``tests/games/<id>/golden.json`` (``meeple.record/1``, with
its seed and agents). ``tests/conformance/test_golden.py`` checks, for every registered
game, that the record replays to its recorded result (scores, ranks and breakdown) and
that the record's setup, agents and seed still play exactly that record: a change of the
rules, of chance or of a bot shows there.

After a deliberate change (a new game version, or a bot that now plays differently; say
why in the game's docs) write the golden records again with::

    .venv/bin/python -m tests.conformance.golden croa [more game ids]

It plays each record's own players, options, agents and seed again under today's engine,
writes the file and says whether it changed. Perft positions have their own tool:
``python -m meeple.core.perft recount tests/games/<id>/perft.json``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import meeple
from meeple.arena.runner import play_game
from meeple.core.record import Record
from meeple.core.registry import load_setup

GAMES_DIR = Path(__file__).resolve().parents[1] / "games"


def golden_path(game_id: str) -> Path:
    return GAMES_DIR / game_id / "golden.json"


def perft_path(game_id: str) -> Path:
    return GAMES_DIR / game_id / "perft.json"


def load_golden(game_id: str) -> Record:
    path = golden_path(game_id)
    assert path.is_file(), f"{game_id} has no golden game: {path} is missing"
    record = Record.loads(path.read_text(encoding="utf-8"))
    record.source = path
    return record


def play_again(record: Record) -> Record:
    """The game the record's setup, agents and seed give today."""
    assert record.agents is not None and record.seed is not None, (
        f"the golden record of {record.game} must name its agents and seed"
    )
    game = load_setup(record.game, record.players, None, record.options)
    return play_game(game, record.agents, seed=record.seed)


def first_difference(got: Record, want: Record) -> str:
    """Where two records of the same setup part, in words (empty if they do not)."""
    for i, (a, b) in enumerate(zip(got.actions, want.actions, strict=False)):
        if a != b:
            return f"action {i} is now {a!r}, the golden record's is {b!r}"
    if len(got.actions) != len(want.actions):
        return f"{len(got.actions)} actions now, {len(want.actions)} in the golden record"
    for key, value in want.to_json().items():
        if got.to_json().get(key) != value:
            return f"the record's {key!r} is now {got.to_json().get(key)!r}, not {value!r}"
    return ""


def regenerate(game_id: str) -> str:
    """Write the game's golden record again from its own setup, agents and seed."""
    path = golden_path(game_id)
    old = load_golden(game_id)
    new = play_again(old)
    path.write_text(new.dumps() + "\n", encoding="utf-8")
    change = first_difference(new, old)
    return f"{path}: " + (f"written; {change}" if change else "written, the same game")


def main(argv: Sequence[str] | None = None) -> int:
    ids = list(sys.argv[1:] if argv is None else argv)
    if not ids:
        print("usage: python -m tests.conformance.golden GAME_ID...", file=sys.stderr)
        return 2
    if "tiny" in ids:  # the test-only game (tests/tinygame.py) registers under pytest only
        from tests.tinygame import TinyGame

        meeple.register(TinyGame)
    known = {info.id for info in meeple.games()}
    for gid in ids:
        if gid not in known:
            print(f"no game {gid!r}; registered games: {', '.join(sorted(known))}")
            return 2
        print(regenerate(gid))
    return 0


def golden_json(game_id: str) -> object:
    return json.loads(golden_path(game_id).read_text(encoding="utf-8"))


if __name__ == "__main__":
    raise SystemExit(main())
