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
from rich.markup import escape
from rich.progress import Progress

from meeple.agents.base import split_agents
from meeple.cli.common import err, fail, parse_options
from meeple.core.registry import load_setup

out = Console()


def analyze(
    game: Annotated[str, typer.Argument(help="Game id, see 'meeple games'.")],
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    games: Annotated[
        int | None, typer.Option("--games", help="Games per configuration (default: 100).")
    ] = None,
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
    seed: Annotated[
        int | None, typer.Option(help="Seed of game 0; game i uses seed+i (default: 0).")
    ] = None,
    jobs: Annotated[
        int | None, typer.Option(help="Worker processes (or Ray CPUs) (default: 1).")
    ] = None,
    backend: Annotated[str | None, typer.Option(help="local or ray (default: local).")] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as key=value (repeatable)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report's JSON.")] = False,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            help="Analyse these records (a record or JSONL) instead of simulating; each is "
            "replayed with its own components.",
        ),
    ] = None,
) -> None:
    """Balance report: win rate by seat, scores, length, branching, action types (HTML+JSON)."""
    from meeple.agents import make_agent
    from meeple.analysis.report import REPORT_FILES
    from meeple.arena.backends import BACKENDS
    from meeple.core.errors import MeepleError
    from meeple.core.outputs import check_out_dir

    if records is not None:
        given = [
            flag
            for flag, value in (
                ("--players", players),
                ("--games", games),
                ("--agents", agents),
                ("--components", components),
                ("--seed", seed),
                ("--jobs", jobs),
                ("--backend", backend),
                ("-o/--option", option),
            )
            if value is not None
        ]
        if given:
            raise fail(
                f"--records analyses the recorded games as they were played (their players, "
                f"options, agents, seeds and components); {', '.join(given)} cannot be used "
                "with it"
            )
    try:
        check_out_dir(out_dir, files=REPORT_FILES)
    except MeepleError as e:
        raise fail(str(e)) from None
    if records is not None:
        _from_records(game, records, out_dir, as_json)
        return
    games = 100 if games is None else games
    seed = 0 if seed is None else seed
    jobs = 1 if jobs is None else jobs
    backend = "local" if backend is None else backend
    if games < 1 or jobs < 1:
        raise fail("--games and --jobs must be at least 1")
    if backend not in BACKENDS:
        raise fail(f"--backend is one of: {', '.join(BACKENDS)}")
    options = parse_options(option)
    specs = split_agents(agents) if agents else None
    if players is None and specs:
        players = len(specs)
    try:
        g = load_setup(game, players, None, options)
        if components is not None:
            load_setup(game, g.players, components, options)
        for s in specs or []:
            if s.split(":")[0] == "human":
                raise fail("analyze plays bots only")
            make_agent(s, random.Random(0))
    except MeepleError as e:
        raise fail(str(e)) from None
    if specs is not None and len(specs) != g.players:
        raise fail(f"{g.players} players need {g.players} agents, got {len(specs)}")

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
        raise fail(str(e)) from None
    except MeepleError as e:
        raise fail(str(e)) from None
    _print_report(report, out_dir, as_json)


def _from_records(game: str, path: Path, out_dir: Path, as_json: bool) -> None:
    from meeple.analysis.report import report_from_records
    from meeple.core.errors import MeepleError
    from meeple.core.record import read_records

    try:
        numbered = list(read_records(path))
    except MeepleError as e:
        raise fail(f"{path}: {e}" if str(path) not in str(e) else str(e)) from None
    for line, r in numbered:
        if r.game != game:
            raise fail(f"{path}, record on line {line}: a record of {r.game!r}, not of {game!r}")
    where = [f"{path}, record on line {line}" for line, _ in numbered]
    try:
        report = report_from_records([r for _, r in numbered], out_dir, where)
    except (MeepleError, ValueError, ImportError) as e:
        raise fail(str(e)) from None
    _print_report(report, out_dir, as_json)


def _print_report(report: dict[str, Any], out_dir: Path, as_json: bool) -> None:
    from meeple.analysis.balance import components_label
    from meeple.analysis.report import base_label

    if as_json:
        print(json.dumps(report))
        return
    series = (
        (base_label(report), report["base"]),
        (components_label(report["components"]), report["variant"]),
    )
    for label, stats in series:
        if stats is None:
            continue
        out.print(f"[bold]{escape(report['game_name'])}, {escape(label)}[/bold]")
        for f in stats["findings"]:
            out.print(f"  {escape(f)}", highlight=False)
    if report["comparison"] is not None:
        comp = report["comparison"]
        out.print(escape(comp["verdict"]), highlight=False, soft_wrap=True)
        out.print(f"Tests: {escape(comp['method'])}.", highlight=False, soft_wrap=True)
    out.print(
        f"report written to {escape(str(out_dir / 'report.html'))} (and report.json, PNG plots)",
        highlight=False,
        soft_wrap=True,
    )


def register(app: typer.Typer) -> None:
    """Add the research commands to the ``meeple`` application."""
    app.command("analyze")(analyze)
