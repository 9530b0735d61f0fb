"""Research commands of the ``meeple`` command line: ``meeple analyze``.

``meeple.cli.main`` imports this module and calls :func:`register`.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import Progress

from meeple.agents.base import split_agents

out = Console()
err = Console(stderr=True)


def _fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"[red]error:[/red] {message}", highlight=False)
    return typer.Exit(code)


def analyze(
    game: Annotated[str, typer.Argument(help="Game id, see 'meeple games'.")],
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    games: Annotated[int, typer.Option("--games", help="Games per configuration.")] = 100,
    agents: Annotated[
        str | None, typer.Option(help="Agents per seat, e.g. greedy,greedy (default: greedy).")
    ] = None,
    components: Annotated[
        Path | None,
        typer.Option("--components", help="A components file to compare with the packaged one."),
    ] = None,
    out_dir: Annotated[Path, typer.Option("--out", help="Directory for the report.")] = Path(
        "balance-report"
    ),
    seed: Annotated[int, typer.Option(help="Seed of game 0; game i uses seed+i.")] = 0,
    jobs: Annotated[int, typer.Option(help="Worker processes (or Ray CPUs).")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray.")] = "local",
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as key=value (repeatable)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report's JSON.")] = False,
    records: Annotated[
        Path | None,
        typer.Option("--records", help="Analyse these records (JSONL) instead of simulating."),
    ] = None,
) -> None:
    """Balance report: win rate by seat, scores, length, branching, action types (HTML+JSON)."""
    import meeple
    from meeple.agents import make_agent
    from meeple.arena.backends import BACKENDS
    from meeple.core.errors import MeepleError

    if records is not None:
        _from_records(game, records, out_dir, as_json)
        return
    if games < 1 or jobs < 1:
        raise _fail("--games and --jobs must be at least 1")
    if backend not in BACKENDS:
        raise _fail(f"--backend is one of: {', '.join(BACKENDS)}")
    options: dict[str, str] = {}
    for pair in option or []:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise _fail(f"option {pair!r} must look like key=value")
        options[key.strip()] = value.strip()
    specs = split_agents(agents) if agents else None
    if players is None and specs:
        players = len(specs)
    try:
        g = meeple.load(game, players=players, **options)
        if components is not None:
            meeple.load(game, players=g.players, components=components, **options)
        for s in specs or []:
            if s.split(":")[0] == "human":
                raise _fail("analyze plays bots only")
            make_agent(s, random.Random(0))
    except MeepleError as e:
        raise _fail(str(e)) from None
    if specs is not None and len(specs) != g.players:
        raise _fail(f"{g.players} players need {g.players} agents, got {len(specs)}")

    from meeple.analysis.report import balance_report

    total = games * (2 if components is not None else 1)
    args = (g.info.id, g.players, games, seed, specs, g.options, components, out_dir, jobs, backend)
    try:
        if sys.stderr.isatty() and not as_json:
            with Progress(console=err, transient=True) as progress:
                task = progress.add_task(f"{g.info.name}", total=total)
                report = balance_report(*args, on_done=lambda _r: progress.advance(task))
        else:
            report = balance_report(*args)
    except ImportError as e:
        raise _fail(str(e)) from None
    except MeepleError as e:
        raise _fail(str(e)) from None
    _print_report(report, out_dir, as_json)


def _from_records(game: str, path: Path, out_dir: Path, as_json: bool) -> None:
    from meeple.analysis.report import report_from_records
    from meeple.core.errors import MeepleError
    from meeple.core.record import read_records

    try:
        recs = [r for _, r in read_records(path)]
        if any(r.game != game for r in recs):
            raise _fail(f"{path} holds records of another game than {game!r}")
        report = report_from_records(recs, out_dir)
    except (MeepleError, ValueError, ImportError) as e:
        raise _fail(str(e)) from None
    _print_report(report, out_dir, as_json)


def _print_report(report: dict[str, Any], out_dir: Path, as_json: bool) -> None:
    if as_json:
        print(json.dumps(report))
        return
    for label, stats in (("packaged", report["base"]), ("with --components", report["variant"])):
        if stats is None:
            continue
        out.print(f"[bold]{report['game_name']}, {label}[/bold]")
        for f in stats["findings"]:
            out.print(f"  {f}", highlight=False)
    if report["comparison"] is not None:
        out.print(report["comparison"]["verdict"], highlight=False)
    out.print(f"report written to {out_dir / 'report.html'} (and report.json, PNG plots)")


def register(app: typer.Typer) -> None:
    """Add the research commands to the ``meeple`` application."""
    app.command("analyze")(analyze)
