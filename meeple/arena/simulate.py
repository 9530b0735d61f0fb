"""Many games, in one process or several, with the same records either way."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.arena.runner import play_game
from meeple.core.record import Record
from meeple.core.registry import load_setup


@dataclass(frozen=True)
class Job:
    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    components: str | None
    agents: tuple[str, ...]
    seed: int


def run_job(job: Job) -> Record:
    game = load_setup(job.game, job.players, job.components, dict(job.options))
    return play_game(game, job.agents, job.seed)


def jobs_for(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    agents: Sequence[str],
    options: dict[str, Any] | None = None,
    components: str | Path | None = None,
) -> list[Job]:
    """Game ``i`` is seeded ``seed + i``, so any one game can be replayed alone."""
    opts = tuple(sorted((options or {}).items()))
    comp = str(components) if components is not None else None
    return [Job(game_id, players, opts, comp, tuple(agents), seed + i) for i in range(games)]


def run_jobs(
    jobs: Sequence[Job], workers: int = 1, on_done: Callable[[Record], None] | None = None
) -> Iterator[Record]:
    """Records in job order, whatever the number of worker processes."""
    if workers <= 1:
        for job in jobs:
            rec = run_job(job)
            if on_done:
                on_done(rec)
            yield rec
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for rec in pool.map(run_job, jobs, chunksize=max(1, len(jobs) // (workers * 8))):
            if on_done:
                on_done(rec)
            yield rec


def summarise(records: Sequence[Record], seconds: float) -> dict[str, Any]:
    """Games, wins per seat, mean scores and length.

    ``wins`` counts each seat's sole first places and ``shared_wins`` its shared ones (as
    the arena does); ``win_rate`` counts a first place shared by k players as 1/k of a
    win (as the arena and ``meeple analyze`` do), so a game's win rates add up to one.
    """
    if not records:
        return {"games": 0, "seconds": round(seconds, 3)}
    players = records[0].players
    wins = [0] * players
    shared = [0] * players
    points = [0.0] * players
    score_sums = [0.0] * players
    length = 0
    for r in records:
        assert r.result is not None
        ranks = r.result["ranks"]
        firsts = sum(1 for rank in ranks if rank == 1)
        for i, rank in enumerate(ranks):
            if rank == 1:
                points[i] += 1 / firsts
                if firsts == 1:
                    wins[i] += 1
                else:
                    shared[i] += 1
        for i, s in enumerate(r.result["scores"]):
            score_sums[i] += s
        length += len(r.actions)
    n = len(records)
    return {
        "game": records[0].game,
        "players": players,
        "games": n,
        "agents": records[0].agents,
        "wins": wins,
        "shared_wins": shared,
        "win_rate": [p / n for p in points],
        "mean_scores": [round(s / n, 3) for s in score_sums],
        "mean_length": round(length / n, 2),
        "seconds": round(seconds, 3),
    }


def now() -> float:
    return time.perf_counter()
