"""Saved games replayed with every fuzz check at every step (benchmarks/fuzz_nightly.py's).

- tests/fuzz/regressions/<game>-<seed>.json: a game the nightly fuzz run found failing,
  saved up to the action that failed (its ``fuzz`` object says which check and how). Once
  the game is fixed, its replay must pass every check: it stays here so it never comes back.
- tests/fuzz/regressions/seed-corpus/<game>-<seed>.json: the SEED CORPUS, not failures: one
  finished random game per built-in game (default setup, 3 players, a fixed seed), written by
  ``python3 benchmarks/fuzz_nightly.py --corpus``, so this test replays real games even while
  no failure is saved. Its recorded result must still come out.

If a game's rules change (a new game version), its corpus record no longer replays: write
the corpus again with the command above.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import pytest

import meeple
from meeple.core import PositionError, read_position
from meeple.core.fingerprint import fingerprint
from meeple.core.record import Record, game_of, replay
from tests.scripts import load_script

REGRESSIONS = Path(__file__).parent / "regressions"
CORPUS = REGRESSIONS / "seed-corpus"


fuzz = load_script("fuzz_nightly")  # the one place the checks are written


def builtin_games() -> list[str]:
    return [
        i.id
        for i in meeple.games()
        if meeple.game_class(i.id).__module__.startswith("meeple.boardgames.")
    ]


def saved(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


def replay_checked(rec: Record, obs_every: int = 1, clone_every: int = 10):
    """Replay a record with every check (by default every viewer's observation at every step,
    clones more often than the nightly run); returns the final state and the steps taken."""
    game = game_of(rec)
    texts = rec.actions

    def scripted(state, step: int) -> int | None:
        return state.string_to_action(texts[step]) if step < len(texts) else None

    return fuzz.play_checked(
        game, scripted, [], obs_every=obs_every, clone_every=clone_every, roundtrip=True
    )


def test_the_seed_corpus_has_a_game_of_every_builtin_game():
    have = {p.stem.rsplit("-", 1)[0] for p in saved(CORPUS)}
    assert have == set(builtin_games()), "run: python3 benchmarks/fuzz_nightly.py --corpus"


@pytest.mark.parametrize("path", saved(CORPUS), ids=lambda p: f"seed-corpus/{p.stem}")
def test_seed_corpus_game_replays_with_every_check(path):
    rec = Record.loads(path.read_text())
    assert rec.result is not None, "a corpus game is a finished game"
    state, steps = replay_checked(rec)  # play_checked's round trip checks the result too
    assert steps == len(rec.actions) and state.is_terminal()
    assert state.scores()[0]["total"] == rec.result["scores"][0]


@pytest.mark.parametrize("path", saved(REGRESSIONS), ids=lambda p: p.stem)
def test_saved_failure_no_longer_fails(path):
    obj = json.loads(path.read_text())
    rec = Record.from_json(obj)
    found = obj.get("fuzz", {})
    try:
        _, steps = replay_checked(rec)
    except fuzz.FuzzFailure as f:
        pytest.fail(
            f"{path.name} still fails: step {f.step}, {f.check}: {f.error}\n"
            f"(found by the fuzz run at step {found.get('step')}, {found.get('check')}: "
            f"{found.get('error')})"
        )
    assert steps == len(rec.actions)


def test_a_failure_is_saved_as_a_record_that_replays_to_it(tmp_path, monkeypatch):
    """The nightly runner's side: a planted invariant failure is written as a record, and
    replaying that record meets the same failure at the same step (and, with the game
    mended, replays clean)."""
    state_class = type(meeple.load("croa", players=2).new_initial_state())
    real = state_class._check_invariants

    def planted(self) -> None:
        real(self)
        assert len(self.history) != 9, "planted: nine actions"

    monkeypatch.setattr(state_class, "_check_invariants", planted)
    args = argparse.Namespace(
        only=["croa"],
        games=1,
        per_game=0,
        seed=7,
        obs_every=10,
        clone_every=25,
        roundtrip_every=1,
        max_seconds=0,
        out=str(tmp_path),
        progress=False,
    )
    rows = fuzz.run(args)
    failed = [r for r in rows if r.failures]
    files = saved(tmp_path)
    assert failed and len(files) == len(failed), (rows, files)
    obj = json.loads(files[0].read_text())
    assert obj["fuzz"]["check"] == "check_invariants" and obj["fuzz"]["step"] == 9
    assert "planted: nine actions" in obj["fuzz"]["error"]
    rec = Record.from_json(obj)
    assert len(rec.actions) == 9 and rec.seed == int(files[0].stem.rsplit("-", 1)[1])
    # The position the actions reach is saved too; while the game is broken, reading it
    # meets the same failure, and once mended it is the state the record replays to.
    with pytest.raises(PositionError, match="planted: nine actions"):
        read_position(obj["fuzz"]["position"])
    with pytest.raises(fuzz.FuzzFailure) as again:  # with the runner's own settings
        replay_checked(rec, obs_every=10, clone_every=25)
    assert (again.value.step, again.value.check) == (9, "check_invariants")
    # The same random game comes from the seed alone.
    game = meeple.load("croa", players=rec.players, **rec.options)
    taken: list[int] = []
    with pytest.raises(fuzz.FuzzFailure):
        fuzz.play_checked(game, fuzz.random_chooser(random.Random(rec.seed)), taken)
    assert [game.action_name(a) for a in taken] == rec.actions
    monkeypatch.setattr(state_class, "_check_invariants", real)
    state, steps = replay_checked(rec)
    assert steps == 9
    assert fingerprint(read_position(obj["fuzz"]["position"])) == fingerprint(state)


def test_a_failure_found_at_the_end_of_a_game_saves_a_record_that_replays():
    """A check that fails after the last move (the end, scores, round trip) saves a record
    of a finished game; such a record must hold its result to load and replay."""
    corpus = Record.loads(saved(CORPUS)[0].read_text())
    game = game_of(corpus)
    state = game.new_initial_state()
    taken = []
    for text in corpus.actions:
        taken.append(state.string_to_action(text))
        state.apply_action(taken[-1])
    assert state.is_terminal()
    failure = fuzz.FuzzFailure(len(taken), "the end", "a made-up failure")
    saved_obj = fuzz.failure_record(game, corpus.seed or 0, taken, failure, "tb")
    rec = Record.from_json(json.loads(json.dumps(saved_obj)))
    assert rec.result == corpus.result
    assert replay(rec).is_terminal()
    # Cut short, the game is not over: no result, and it still replays.
    short = fuzz.failure_record(game, 0, taken[:10], failure, "tb")
    assert short["result"] is None
    assert replay(Record.from_json(short)).history == taken[:10]
