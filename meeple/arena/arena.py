"""The arena: seat-rotated games between agents, win rates with intervals, ratings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.arena.simulate import Job, run_jobs
from meeple.arena.stats import Ratings, wilson_interval
from meeple.core.record import Record


@dataclass(frozen=True)
class Entrant:
    """An agent in the arena; the same spec twice gets two labels (a#1, a#2)."""

    label: str
    spec: str


def entrants(specs: Sequence[str]) -> list[Entrant]:
    out = []
    for i, s in enumerate(specs):
        dup = specs.count(s) > 1
        out.append(Entrant(f"{s}#{i + 1}" if dup else s, s))
    return out


def arena_jobs(
    game_id: str,
    specs: Sequence[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    components: str | Path | None = None,
) -> tuple[list[Job], list[list[int]]]:
    """Game ``i`` rotates the seats by ``i``: entrant ``e`` sits at ``(e + i) % n``."""
    n = len(specs)
    opts = tuple(sorted((options or {}).items()))
    comp = str(components) if components is not None else None
    jobs, seatings = [], []
    for i in range(games):
        seat_of = [(e + i) % n for e in range(n)]
        by_seat = [""] * n
        for e, seat in enumerate(seat_of):
            by_seat[seat] = specs[e]
        jobs.append(Job(game_id, n, opts, comp, tuple(by_seat), seed + i))
        seatings.append(seat_of)
    return jobs, seatings


def tally(
    records: Sequence[Record], seatings: Sequence[Sequence[int]], people: Sequence[Entrant]
) -> dict[str, Any]:
    """Per entrant: games, wins (sole first place), shared wins, win rate with a 95%
    interval (a first place shared by k players counts 1/k of a win), mean score; and
    OpenSkill ratings (``mu``, ``sigma`` and the conservative ``rating``, on the display
    scale of meeple.arena.stats)."""
    results = []
    for rec in records:
        assert rec.result is not None
        results.append(rec.result)
    return tally_results(results, seatings, people)


def tally_results(
    results: Sequence[Mapping[str, Any]],
    seatings: Sequence[Sequence[int]],
    people: Sequence[Entrant],
) -> dict[str, Any]:
    """``tally`` from the games' results alone (``ranks`` and ``scores`` by seat), so that
    results saved over several runs can be counted together."""
    n = len(people)
    wins = [0] * n
    shared = [0] * n
    points = [0.0] * n
    score_sum = [0.0] * n
    ratings = Ratings([p.label for p in people])
    for result, seat_of in zip(results, seatings, strict=True):
        ranks = result["ranks"]
        scores = result["scores"]
        firsts = sum(1 for r in ranks if r == 1)
        for e in range(n):
            seat = seat_of[e]
            if ranks[seat] == 1:
                # A first place shared by k players is a k-th of a win to each, so the
                # win rates of a game's entrants always add up to one.
                points[e] += 1 / firsts
                if firsts == 1:
                    wins[e] += 1
                else:
                    shared[e] += 1
            score_sum[e] += scores[seat]
        ratings.update([p.label for p in people], [ranks[seat_of[e]] for e in range(n)])
    games = len(results)
    rows = []
    for e, p in enumerate(people):
        lo, hi = wilson_interval(points[e], games)
        rows.append(
            {
                "agent": p.label,
                "spec": p.spec,
                "games": games,
                "wins": wins[e],
                "shared_wins": shared[e],
                "win_rate": points[e] / games if games else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)],
                "mean_score": round(score_sum[e] / games, 3) if games else 0.0,
                **ratings.row(p.label),
            }
        )
    return {"games": games, "agents": rows}


def run_arena(
    game_id: str,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    components: str | Path | None = None,
    backend: str = "local",
) -> tuple[dict[str, Any], list[Record]]:
    """``backend`` is ``local`` (processes here) or ``ray`` (see meeple.arena.backends)."""
    people = entrants(specs)
    job_list, seatings = arena_jobs(game_id, specs, games, seed, options, components)
    if backend == "local":
        records = list(run_jobs(job_list, jobs))
    else:
        from meeple.arena.backends import run_jobs_on

        records = list(run_jobs_on(backend, job_list, jobs))
    summary = tally(records, seatings, people)
    summary.update({"game": game_id, "players": len(specs), "seed": seed})
    return summary, records
