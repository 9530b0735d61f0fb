"""Where simulated games run: in this machine's processes, or on a Ray cluster.

Every backend gives the same records in the same order for the same jobs: a game
depends only on its job (game, players, options, agents, seed), never on the worker
that plays it. ``meeple simulate --backend ray`` and ``meeple arena --backend ray``
use :func:`run_jobs_ray`.

Ray is an optional extra (``pip install 'meeple[ray]'``). With ``RAY_ADDRESS`` set
(or a Ray instance already initialised in this process), the games go to that
cluster; otherwise a local Ray instance is started with ``workers`` CPUs. On a
cluster, every node needs meeple installed (and, with ``--components``, the file
at the same path).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from meeple.arena.simulate import Job, run_job, run_jobs
from meeple.core.api import Game
from meeple.core.errors import OptionError, UnknownGameError
from meeple.core.record import Record
from meeple.core.registry import game_class, register

BACKENDS = ("local", "ray")


def run_jobs_on(
    backend: str,
    jobs: Sequence[Job],
    workers: int = 1,
    on_done: Callable[[Record], None] | None = None,
) -> Iterator[Record]:
    """Records in job order from the named backend (``local`` or ``ray``)."""
    if backend == "local":
        return run_jobs(jobs, workers, on_done)
    if backend == "ray":
        return run_jobs_ray(jobs, workers, on_done)
    raise OptionError(f"no backend {backend!r}; backends: {', '.join(BACKENDS)}")


def _play_chunk(chunk: list[Job], classes: dict[str, type[Game]]) -> list[Record]:
    """Runs on a Ray worker: make sure the games are known there, then play them."""
    for gid, cls in classes.items():
        try:
            game_class(gid)
        except UnknownGameError:
            register(cls)
    return [run_job(job) for job in chunk]


def _ray() -> Any:
    try:
        import ray
    except ImportError as e:
        from meeple.core.errors import MissingExtraError

        raise MissingExtraError(
            "Ray is not installed; the ray backend needs the 'ray' extra: pip install 'meeple[ray]'"
        ) from e
    return ray


def ensure_ray(workers: int | None = None) -> Any:
    """The ``ray`` module, connected: to ``RAY_ADDRESS`` if set, else a local instance."""
    ray = _ray()
    if not ray.is_initialized():
        if os.environ.get("RAY_ADDRESS"):
            ray.init(log_to_driver=False)
        else:
            ray.init(
                num_cpus=max(1, workers or os.cpu_count() or 1),
                include_dashboard=False,
                log_to_driver=False,
            )
    return ray


def run_jobs_ray(
    jobs: Sequence[Job],
    workers: int | None = None,
    on_done: Callable[[Record], None] | None = None,
    chunk_size: int | None = None,
) -> Iterator[Record]:
    """Play the jobs as Ray tasks; records come back in job order, as from ``run_jobs``.

    Jobs travel in chunks (about eight per worker) so a short game does not pay a
    task's overhead alone. Games registered in this process but not importable from
    meeple (plug-ins, test games) are sent along with the tasks.
    """
    jobs = list(jobs)
    if not jobs:
        return iter(())
    ray = ensure_ray(workers)
    width = max(1, int(ray.cluster_resources().get("CPU", workers or 1)))
    size = chunk_size or max(1, len(jobs) // (width * 8))
    classes: dict[str, type[Game]] = {}
    for gid in {job.game for job in jobs}:
        cls = game_class(gid)
        if not cls.__module__.startswith("meeple.boardgames."):
            classes[gid] = cls
    remote = ray.remote(_play_chunk)
    refs = [remote.remote(jobs[i : i + size], classes) for i in range(0, len(jobs), size)]

    def results() -> Iterator[Record]:
        for ref in refs:
            for rec in ray.get(ref):
                if on_done:
                    on_done(rec)
                yield rec

    return results()


__all__ = ["BACKENDS", "ensure_ray", "run_jobs_on", "run_jobs_ray"]
