"""Nightly-style engine fuzz: thousands of seeded random games of every game, checked at every step.

For every registered game, each of its setups (the default and every declared variant) and
every player count, it plays ``--games`` random games (plain ``random.Random(seed)`` play, no
Hypothesis: a game takes milliseconds) and checks, at every step:

- ``state.check_invariants()`` (the game's own: components conserved, counts in range ...);
- the node is well formed: a player to move with legal actions, or chance outcomes whose
  probabilities are positive and sum to 1; one score breakdown per player; the game no
  longer than ``max_game_length()``;
- the chosen action's notation parses back to the same action (records depend on it);
- every ``--obs-every`` steps, every viewer's observation (each seat and the spectator) is
  strict JSON (no NaN, no non-JSON types);
- every ``--clone-every`` steps, a clone shows the same observations, applying the action to
  the clone leaves the original untouched, and after both have applied it they still agree;
- at the end, the ranks and returns are well formed, and the game's record survives a
  round trip (dump, load, replay: same history, same result, same observations).

A failure writes the game's record (``meeple.core.record``: setup, seed, the actions up to
and including the one that failed, plus a ``fuzz`` object saying which check failed and
how) to ``tests/fuzz/regressions/<game>-<seed>.json``; tests/fuzz/test_regressions.py
replays every such file. Game ``i`` of a game id uses seed ``--seed + i`` (counted across
its setups and player counts), so any game can be played again; a nightly job should pass a
new ``--seed`` each night (the date, say) to explore new games.

    nice -n 10 python3 benchmarks/fuzz_nightly.py --per-game 1000       # the nightly run
    nice -n 10 python3 benchmarks/fuzz_nightly.py --games 400           # 400 per setup
    python3 benchmarks/fuzz_nightly.py --games 20 --only croa            # a quick look
    python3 benchmarks/fuzz_nightly.py --corpus                           # rewrite the seed corpus
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import meeple
from meeple.core import CHANCE
from meeple.core.api import Game, State, sample_chance
from meeple.core.record import Record, record_of, replay, result_of

REGRESSIONS = Path(__file__).resolve().parent.parent / "tests" / "fuzz" / "regressions"
CORPUS = REGRESSIONS / "seed-corpus"
CORPUS_SEED = 20261130
MAX_FILES_PER_SETUP = 3  # failure records written per setup (all are counted)

Chooser = Callable[[State, int], "int | None"]


class FuzzFailure(Exception):
    """A check failed at ``step`` (the number of actions applied before it)."""

    def __init__(self, step: int, check: str, error: str) -> None:
        super().__init__(f"step {step}, {check}: {error}")
        self.step, self.check, self.error = step, check, error


def _obs(state: State, viewers: list[int | None]) -> list[str]:
    # allow_nan=False: a NaN or an infinity is not JSON, whatever Python's json writes.
    return [json.dumps(state.observation(v), sort_keys=True, allow_nan=False) for v in viewers]


def play_checked(
    game: Game,
    choose: Chooser,
    taken: list[int],
    *,
    obs_every: int = 10,
    clone_every: int = 25,
    roundtrip: bool = True,
) -> tuple[State, int]:
    """Play one game with ``choose(state, step)`` picking each action (None: stop there),
    checking everything at every step. Appends each action to ``taken`` before applying it,
    so after a failure ``taken`` ends with the action that broke the game. Returns the final
    state and the number of steps; raises :class:`FuzzFailure`."""
    step = 0
    check = "new_initial_state"
    viewers: list[int | None] = [None, *range(game.players)]
    try:
        state = game.new_initial_state()
        check = "check_invariants"
        state.check_invariants()
        check = "observation is JSON"
        _obs(state, viewers)
        limit = game.max_game_length()
        while not state.is_terminal():
            check = "a well-formed node"
            player = state.current_player()
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                assert outcomes, "a chance node without outcomes"
                assert all(p > 0 for _, p in outcomes), f"a chance outcome of p <= 0: {outcomes}"
                total = sum(p for _, p in outcomes)
                assert abs(total - 1.0) < 1e-9, f"chance probabilities sum to {total}"
            else:
                assert 0 <= player < game.players, f"player {player} to move"
                assert state.legal_actions(), "a decision node without legal actions"
            check = "choosing an action"
            action = choose(state, step)
            if action is None:
                break
            check = "notation round trip"
            text = state.action_to_string(action)
            back = state.string_to_action(text)
            assert back == action, f"{action} is written {text!r}, which parses as {back}"
            twin = None
            if clone_every and step % clone_every == 0:
                check = "clone"
                before = _obs(state, viewers)
                twin = state.clone()
                assert _obs(twin, viewers) == before, "a clone shows other observations"
                twin.apply_action(action)
                twin.check_invariants()
                assert _obs(state, viewers) == before, "moving in a clone changed the original"
            taken.append(action)
            check = "apply_action"
            state.apply_action(action)
            step += 1
            check = "check_invariants"
            state.check_invariants()
            check = "scores"
            scores = state.scores()
            assert len(scores) == game.players, f"{len(scores)} score breakdowns"
            assert all(isinstance(s.get("total"), int) for s in scores), scores
            assert step <= limit, f"longer than max_game_length() = {limit}"
            if twin is not None:
                check = "clone"
                assert _obs(twin, viewers) == _obs(state, viewers), "a clone went another way"
            if obs_every and step % obs_every == 0:
                check = "observation is JSON"
                _obs(state, viewers)
        if state.is_terminal():
            check = "the end"
            _obs(state, viewers)
            ranks, returns = state.ranks(), state.returns()
            assert len(ranks) == len(returns) == game.players, (ranks, returns)
            assert sorted(ranks)[0] == 1, f"nobody ranked first: {ranks}"
        if roundtrip:
            check = "record round trip"
            rec = Record.loads(record_of(state).dumps())
            again = replay(rec)  # checks the recorded result against the replayed one
            assert again.history == state.history, "the replayed history differs"
            assert _obs(again, viewers) == _obs(state, viewers), "the replay shows other things"
        return state, step
    except Exception as e:
        if isinstance(e, FuzzFailure):
            raise
        raise FuzzFailure(step, check, f"{type(e).__name__}: {e}") from e


def random_chooser(rng: random.Random) -> Chooser:
    def choose(state: State, step: int) -> int:
        if state.current_player() == CHANCE:
            return sample_chance(state, rng)
        return rng.choice(state.legal_actions())

    return choose


def setups(only: list[str] | None = None) -> list[tuple[str, dict[str, Any], int]]:
    """(game id, options, players) for every game, setup and player count."""
    out = []
    for info in meeple.games():
        if only and info.id not in only:
            continue
        for opts in [{}, *[dict(v) for v in info.variants]]:
            for n in range(info.min_players, info.max_players + 1):
                out.append((info.id, opts, n))
    return out


def _result_if_over(game: Game, taken: list[int]) -> dict[str, Any] | None:
    """A finished game's result, so the record replays (a record of a finished game must
    hold one); None if the game is not over or scoring it is what fails."""
    try:
        state = game.new_initial_state()
        for a in taken:
            state.apply_action(a)
        return result_of(state) if state.is_terminal() else None
    except Exception:  # the failure being recorded may be in the rules or the scoring
        return None


def failure_record(
    game: Game, seed: int, taken: list[int], failure: FuzzFailure, tb: str
) -> dict[str, Any]:
    rec = Record(
        game=game.info.id,
        players=game.players,
        actions=[game.action_name(a) for a in taken],
        game_version=game.info.version,
        options=dict(game.options),
        seed=seed,
        agents=["random"] * game.players,
        result=_result_if_over(game, taken),
    )
    out = rec.to_json()
    out["fuzz"] = {
        "found_by": "benchmarks/fuzz_nightly.py",
        "step": failure.step,
        "check": failure.check,
        "error": failure.error[:2000],
        "traceback": tb[-4000:],
    }
    # The position the saved actions reach (meeple.position/1), for a bug report that
    # starts where the trouble is: `meeple render FILE.position.json`.
    position = _position_reached(game, taken)
    if position is not None:
        out["fuzz"]["position"] = position
    return out


def _position_reached(game: Game, taken: list[int]) -> dict[str, Any] | None:
    try:
        state = game.new_initial_state()
        for a in taken:
            state.apply_action(a)
        return state.to_json()
    except Exception:  # the failure may be in playing or writing the state itself
        return None


@dataclass
class Row:
    game: str
    options: dict[str, Any]
    players: int
    games: int = 0
    steps: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options.items()) or "(default)"
        return f"{self.game} {opts} {self.players}p"


def run(args: argparse.Namespace) -> list[Row]:
    rows: list[Row] = []
    next_seed: dict[str, int] = {}
    started = time.monotonic()
    out_dir = Path(args.out)
    todo = setups(args.only)
    for gid, opts, n in todo:
        row = Row(gid, opts, n)
        rows.append(row)
        written = 0
        games = args.games
        if args.per_game:  # spread over the game's setups and player counts
            k = sum(1 for g, _, _ in todo if g == gid)
            games = -(-args.per_game // k)
        for _ in range(games):
            if args.max_seconds and time.monotonic() - started > args.max_seconds:
                break
            seed = next_seed.get(gid, args.seed)
            next_seed[gid] = seed + 1
            game = meeple.load(gid, players=n, **opts)
            taken: list[int] = []
            t0 = time.perf_counter()
            try:
                _, steps = play_checked(
                    game,
                    random_chooser(random.Random(seed)),
                    taken,
                    obs_every=args.obs_every,
                    clone_every=args.clone_every,
                    roundtrip=args.roundtrip_every > 0 and row.games % args.roundtrip_every == 0,
                )
            except FuzzFailure as f:
                steps = f.step
                row.failures.append(f"seed {seed}: step {f.step}, {f.check}: {f.error[:200]}")
                if written < MAX_FILES_PER_SETUP:
                    written += 1
                    out_dir.mkdir(parents=True, exist_ok=True)
                    path = out_dir / f"{gid}-{seed}.json"
                    tb = "".join(traceback.format_exception(f.__cause__ or f))
                    path.write_text(
                        json.dumps(failure_record(game, seed, taken, f, tb), indent=1) + "\n"
                    )
                    print(f"FAILURE {row.label} seed {seed}: {f} -> {path}", flush=True)
            row.seconds += time.perf_counter() - t0
            row.games += 1
            row.steps += steps
        if args.progress:
            print(
                f"  {row.label}: {row.games} games, {row.steps} steps, {row.seconds:.1f} s, "
                f"{len(row.failures)} failures",
                file=sys.stderr,
                flush=True,
            )
    return rows


def print_tables(rows: list[Row], wall: float) -> None:
    print(f"\n{'setup':<64} {'games':>6} {'steps':>9} {'s':>7} {'ms/game':>8} {'fail':>5}")
    for r in rows:
        ms = 1000 * r.seconds / r.games if r.games else 0.0
        print(
            f"{r.label:<64} {r.games:>6} {r.steps:>9} {r.seconds:>7.1f} {ms:>8.1f} "
            f"{len(r.failures):>5}"
        )
    head = f"{'game':<20} {'setups':>6} {'games':>7} {'steps':>10} {'s':>7} {'s/game':>7}"
    print(f"\n{head} {'fail':>5}")
    total = Row("all", {}, 0)
    for gid in dict.fromkeys(r.game for r in rows):
        mine = [r for r in rows if r.game == gid]
        g = sum(r.games for r in mine)
        s = sum(r.steps for r in mine)
        sec = sum(r.seconds for r in mine)
        f = sum(len(r.failures) for r in mine)
        total.games += g
        total.steps += s
        total.seconds += sec
        total.failures += [x for r in mine for x in r.failures]
        print(
            f"{gid:<20} {len(mine):>6} {g:>7} {s:>10} {sec:>7.1f} "
            f"{(sec / g if g else 0):>7.4f} {f:>5}"
        )
    print(
        f"{'total':<20} {len(rows):>6} {total.games:>7} {total.steps:>10} {total.seconds:>7.1f} "
        f"{(total.seconds / total.games if total.games else 0):>7.4f} {len(total.failures):>5}"
    )
    print(f"wall time {wall:.1f} s")
    for r in rows:
        for f in r.failures:
            print(f"FAILED {r.label} {f}")


def write_corpus() -> None:
    """One finished random game per game (default setup, 3 players, a fixed seed), checked
    while it is played: the seed corpus tests/fuzz/test_regressions.py replays."""
    CORPUS.mkdir(parents=True, exist_ok=True)
    for info in meeple.games():
        game = meeple.load(info.id, players=min(3, info.max_players))
        state, _ = play_checked(game, random_chooser(random.Random(CORPUS_SEED)), [])
        rec = record_of(state, seed=CORPUS_SEED, agents=["random"] * game.players)
        path = CORPUS / f"{info.id}-{CORPUS_SEED}.json"
        path.write_text(rec.dumps() + "\n")
        print(f"{path}: {len(rec.actions)} actions")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=1000, help="games per game, setup and count")
    p.add_argument(
        "--per-game", type=int, default=0, help="instead: games per game, over its setups"
    )
    p.add_argument("--seed", type=int, default=1, help="game i of a game id uses seed + i")
    p.add_argument("--only", nargs="*", help="only these game ids")
    p.add_argument("--obs-every", type=int, default=10, help="observations every k steps")
    p.add_argument("--clone-every", type=int, default=25, help="clone checks every k steps")
    p.add_argument("--roundtrip-every", type=int, default=10, help="record round trip: games")
    p.add_argument("--max-seconds", type=float, default=0, help="start no game after this")
    p.add_argument("--out", default=str(REGRESSIONS), help="where failure records go")
    p.add_argument("--progress", action="store_true", help="a line per setup on stderr")
    p.add_argument("--corpus", action="store_true", help="write the seed corpus and stop")
    args = p.parse_args(argv)
    if args.corpus:
        write_corpus()
        return 0
    t0 = time.monotonic()
    rows = run(args)
    print_tables(rows, time.monotonic() - t0)
    return 1 if any(r.failures for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
