"""The ``meeple`` command line."""

from __future__ import annotations

import json
import math
import os
import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Column, Table

import meeple
from meeple.agents.base import split_agents
from meeple.cli.common import err, fail, parse_options
from meeple.core.api import State
from meeple.core.errors import MeepleError, RecordError
from meeple.core.outputs import OutputPathError, check_out_file
from meeple.core.registry import load_setup

app = typer.Typer(
    help="meeple: play, simulate, replay and measure six modern board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console()

OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as key=value (repeatable)."),
]
ComponentsArg = Annotated[
    Path | None, typer.Option("--components", help="A corrected component data file.")
]
BackendArg = Annotated[
    str,
    typer.Option(
        "--backend",
        help="Where the games run: local (worker processes) or ray (a Ray cluster, "
        "RAY_ADDRESS or a local instance with --jobs CPUs; needs the ray extra).",
    ),
]


def _check_out(path: Path | None, flag: str) -> None:
    """Refuse an output file that cannot be written before any game is played."""
    if path is None:
        return
    try:
        check_out_file(path, flag)
    except OutputPathError as e:
        raise fail(str(e)) from None


def _load(
    game: str, players: int | None, options: list[str] | None, components: Path | None
) -> meeple.Game:
    try:
        return load_setup(game, players, components, parse_options(options))
    except MeepleError as e:
        raise fail(str(e)) from None


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the registered games."""
    from meeple.agents.levels import LEVELS, level_spec

    infos = meeple.games()
    if as_json:
        # With each game, the configuration its bot levels stand for (easy, medium, hard).
        rows = [
            {**i.as_json(), "levels": {lv: level_spec(lv, i.id) for lv in LEVELS}} for i in infos
        ]
        print(json.dumps(rows, indent=2))
        return
    table = Table(
        Column("id", no_wrap=True),  # the id is what people type: never cut
        Column("name", overflow="fold", max_width=13),
        Column("players", no_wrap=True),
        Column("options", overflow="fold"),
        Column("version", overflow="fold"),
    )
    for i in infos:
        opts = "\n".join(
            f"{o.name}={o.default}" + (f" ({', '.join(map(str, o.choices))})" if o.choices else "")
            for o in i.options
        )
        table.add_row(i.id, i.name, f"{i.min_players}-{i.max_players}", opts, str(i.version))
    out.print(table)


def _score_table(state: meeple.State, agents: list[str] | None = None) -> Table:
    """Final scores: one row per category, one column per player (counted from 1).

    Categories run down the side so a game with many of them still fits 80 columns;
    a player's agent goes on a second header line and folds rather than being cut.
    """
    scores = state.scores()
    ranks = state.ranks()
    cats = [k for k in scores[0] if k != "total"]
    players = range(len(scores))
    longest = max((len(c) for c in [*cats, "total", "rank"]), default=0)
    table = Table(
        Column("", no_wrap=True, min_width=longest),
        *(
            Column(
                f"player {p + 1}" + (f"\n({agents[p]})" if agents else ""),
                justify="right",
                overflow="fold",
                min_width=len(f"player {p + 1}"),
            )
            for p in players
        ),
        title="Final scores",
    )
    for c in cats:
        table.add_row(c.replace("_", " "), *(str(scores[p][c]) for p in players))
    table.add_section()
    table.add_row("total", *(str(scores[p]["total"]) for p in players), style="bold")
    table.add_row("rank", *(str(ranks[p]) for p in players))
    return table


def _tie_breaks(state: meeple.State) -> list[str]:
    """A line for each group of players level on points whom the rulebook's tie-break
    placed apart (the table's totals alone would not tell why)."""
    scores, ranks = state.scores(), state.ranks()
    by_total: dict[int, list[int]] = {}
    for p, s in enumerate(scores):
        by_total.setdefault(s["total"], []).append(p)
    lines = []
    for total, group in sorted(by_total.items(), reverse=True):
        if len(group) > 1 and len({ranks[p] for p in group}) > 1:
            order = sorted(group, key=lambda p: ranks[p])
            named = ", ".join(f"player {p + 1} ({_ordinal(ranks[p])})" for p in order)
            lines.append(
                f"Level on {total}: {named}, placed by the game's tie-break "
                f"(docs/games/{state.game.info.id}.md)."
            )
    return lines


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _check_seat_count(
    game: str, players: int | None, given: str, specs: list[str], flag: str, noun: str
) -> None:
    """Refuse a seat list whose length does not fit, naming the list rather than a count.

    A count that comes from ``--seats`` (or ``--agents``) is usually a mistake in the
    list, such as spaces where commas belong, so the message says how the list was read.
    """
    from meeple.core.registry import game_class

    try:
        info = game_class(game).info
    except MeepleError:
        return  # an unknown game is reported by _load, with the games there are
    n = len(specs)
    listed = f"{flag} lists {n} {noun}{'s' if n != 1 else ''} ({given!r})"
    if players is not None:
        if n != players:
            raise fail(
                f"{listed} but --players is {players}; "
                f"list one {noun} per player, separated by commas"
            )
        return
    if not info.min_players <= n <= info.max_players:
        raise fail(
            f"{listed}; separate the {noun}s with commas, one per player "
            f"({info.name} takes {info.min_players} to {info.max_players})"
        )


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game id, see 'meeple games'.")],
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    seats: Annotated[
        str | None, typer.Option(help="Agents per seat, e.g. human,random (default: you + random).")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for chance (default: random).")] = None,
    save: Annotated[Path | None, typer.Option(help="Write the game record here.")] = None,
    option: OptionArg = None,
    components: ComponentsArg = None,
) -> None:
    """Play a game in the terminal with people and bots."""
    from meeple.agents import make_agent
    from meeple.agents.human import QuitGame
    from meeple.arena.runner import play as run_play
    from meeple.arena.runner import seat_rng
    from meeple.core.chance import STREAM, drawer
    from meeple.core.record import record_of

    seat_specs = split_agents(seats) if seats else None
    if seat_specs is not None:
        _check_seat_count(game, players, seats or "", seat_specs, "--seats", "seat")
    if players is None and seat_specs:
        players = len(seat_specs)
    g = _load(game, players, option, components)
    if seat_specs is None:
        seat_specs = ["human"] + ["random"] * (g.players - 1)
    _check_out(save, "--save")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        agents = [make_agent(s, seat_rng(seed, i)) for i, s in enumerate(seat_specs)]
    except MeepleError as e:
        raise fail(str(e)) from None
    out.print(f"{g.info.name}, {g.players} players, seed {seed}. Seats: {', '.join(seat_specs)}")
    state = g.new_initial_state()

    humans = [i for i, s in enumerate(seat_specs) if s.split(":")[0] == "human"]
    # With one person at the table, the log shows what that seat may see; with
    # several people at one terminal, only what a spectator may see.
    viewer = humans[0] if len(humans) == 1 else None

    def show(s: meeple.State, player: int, action: int) -> None:
        if humans:
            text = s.action_seen_by(viewer, player, action)
            who = (
                "chance"
                if player == meeple.CHANCE
                else f"player {player + 1} ({seat_specs[player]})"
            )
            if text is not None:
                out.print(f"  {who}: {text}", highlight=False, markup=False)

    try:
        run_play(state, agents, drawer(STREAM, seed), on_action=show)
    except KeyboardInterrupt as stop:
        out.print("\nGame stopped.")
        if save:
            save.write_text(
                record_of(state, seed=seed, agents=seat_specs, chance=STREAM).dumps() + "\n"
            )
            out.print(f"Record so far written to {save}")
        # 'quit' is a choice (exit 0); Ctrl-C or input running out is not (exit 1).
        raise typer.Exit(0 if isinstance(stop, QuitGame) else 1) from None
    out.print(state.render_text(None), markup=False, highlight=False)
    out.print(_score_table(state, seat_specs))
    for line in _tie_breaks(state):
        out.print(line, highlight=False, soft_wrap=True)
    if save:
        save.write_text(
            record_of(state, seed=seed, agents=seat_specs, chance=STREAM).dumps() + "\n"
        )
        out.print(f"Record written to {save}")


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="Game id.")],
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    games: Annotated[int, typer.Option("--games", help="How many games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of game 0; game i uses seed+i.")] = 0,
    agents: Annotated[str | None, typer.Option(help="Agents per seat, e.g. random,random.")] = None,
    jobs: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    out_file: Annotated[Path | None, typer.Option("--out", help="Write records (JSONL).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON summary.")] = False,
    option: OptionArg = None,
    components: ComponentsArg = None,
    backend: BackendArg = "local",
) -> None:
    """Play many games between agents and summarise them."""
    from meeple.agents import make_agent
    from meeple.arena.backends import BACKENDS
    from meeple.arena.simulate import jobs_for, now, summarise
    from meeple.core.record import write_records

    if backend not in BACKENDS:
        raise fail(f"--backend is one of: {', '.join(BACKENDS)}")
    given = split_agents(agents) if agents else None
    if given:
        _check_seat_count(game, players, agents or "", given, "--agents", "agent")
        if players is None:
            players = len(given)  # as arena and analyze do: one agent per player
    g = _load(game, players, option, components)
    specs = given or ["random"] * g.players
    if len(specs) != g.players:
        raise fail(f"{g.players} players need {g.players} agents, got {len(specs)}")
    if games < 1 or jobs < 1:
        raise fail("--games and --jobs must be at least 1")
    _check_out(out_file, "--out")
    for s in specs:
        if s.split(":")[0] == "human":
            raise fail("simulate plays bots only; use 'meeple play' to play yourself")
        try:
            make_agent(s, random.Random(0))
        except MeepleError as e:
            raise fail(str(e)) from None
    job_list = jobs_for(g.info.id, g.players, games, seed, specs, g.options, components)
    start = now()
    records = []
    if sys.stderr.isatty() and not as_json:
        with Progress(console=err, transient=True) as progress:
            task = progress.add_task(f"{g.info.name}", total=games)
            for rec in _backend_run(backend, job_list, jobs):
                records.append(rec)
                progress.advance(task)
    else:
        records = list(_backend_run(backend, job_list, jobs))
    summary = summarise(records, now() - start)
    if out_file:
        write_records(out_file, records)
        summary["out"] = str(out_file)
    if as_json:
        print(json.dumps(summary))
        return
    table = Table(
        "seat",
        Column("agent", overflow="fold"),  # long specs wrap rather than lose their options
        "wins",
        "shared",
        "win rate",
        "mean score",
        title=f"{games} games",
    )
    for i in range(g.players):
        table.add_row(
            str(i + 1),
            specs[i],
            str(summary["wins"][i]),
            str(summary["shared_wins"][i]),
            f"{summary['win_rate'][i]:.3f}",
            str(summary["mean_scores"][i]),
        )
    out.print(table)
    out.print(f"mean length {summary['mean_length']} actions, {summary['seconds']} s")
    if out_file:
        out.print(f"records written to {out_file}")


def _backend_run(backend: str, job_list: Any, jobs: int) -> Any:
    """Records from the chosen backend; a missing extra is a clear error, not a traceback."""
    from meeple.arena.backends import run_jobs_on

    try:
        yield from run_jobs_on(backend, job_list, jobs)
    except ImportError as e:
        raise fail(str(e)) from None


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="Game id.")],
    agents: Annotated[str, typer.Option(help="One agent per seat, e.g. ismcts:seconds=1,greedy.")],
    games: Annotated[int, typer.Option("--games", help="How many games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of game 0; game i uses seed+i.")] = 0,
    jobs: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    out_file: Annotated[Path | None, typer.Option("--out", help="Write records (JSONL).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    option: OptionArg = None,
    components: ComponentsArg = None,
    backend: BackendArg = "local",
) -> None:
    """Seat-rotated games between agents: win rates with 95% intervals, OpenSkill ratings."""
    from meeple.agents import make_agent
    from meeple.arena.arena import run_arena
    from meeple.arena.backends import BACKENDS

    if backend not in BACKENDS:
        raise fail(f"--backend is one of: {', '.join(BACKENDS)}")
    from meeple.core.record import write_records

    specs = split_agents(agents)
    _check_seat_count(game, None, agents, specs, "--agents", "agent")
    g = _load(game, len(specs), option, components)
    if games < 1 or jobs < 1:
        raise fail("--games and --jobs must be at least 1")
    _check_out(out_file, "--out")
    for s in specs:
        try:
            make_agent(s, random.Random(0))
        except MeepleError as e:
            raise fail(str(e)) from None
        if s.split(":")[0] == "human":
            raise fail("the arena plays bots only")
    try:
        summary, records = run_arena(
            g.info.id, specs, games, seed, jobs, g.options, components, backend=backend
        )
    except ImportError as e:
        raise fail(str(e)) from None
    if out_file:
        write_records(out_file, records)
    if as_json:
        print(json.dumps(summary))
        return
    table = Table(
        Column("agent", overflow="fold"),  # long specs wrap rather than lose their options
        "wins",
        "shared",
        "win rate",
        "95% interval",
        "mean score",
        # The conservative rating (mu - 3 sigma), then the skill and its uncertainty.
        "rating (μ±σ)",
        title=f"{g.info.name}: {games} games, seats rotated",
    )
    for row in sorted(summary["agents"], key=lambda r: -r["rating"]):
        lo, hi = row["ci95"]
        table.add_row(
            row["agent"],
            str(row["wins"]),
            str(row["shared_wins"]),
            f"{row['win_rate']:.3f}",
            f"{lo:.3f}-{hi:.3f}",
            str(row["mean_score"]),
            f"{row['rating']:.0f} ({row['mu']:.0f}±{row['sigma']:.0f})",
        )
    out.print(table)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A record, or a JSONL file of records.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
    verify: Annotated[
        str | None,
        typer.Option(
            help="A public key: a PEM file, or the address of a server's own "
            "(http://HOST:PORT/api/records/key); each record must carry that key's "
            "signature over all of it."
        ),
    ] = None,
) -> None:
    """Check a record (or every record of a JSONL file) by replaying it exactly."""
    from meeple.core.record import read_records
    from meeple.core.record import replay as replay_record
    from meeple.core.signature import verify as verify_signature

    try:
        key = _public_key(verify) if verify is not None else None
    except RecordError as e:
        raise fail(str(e)) from None

    count = unchecked = signed = 0
    records = read_records(file)
    while True:
        # Reading names the file and line itself (the line that failed, not the last
        # record read); a replay error is placed here.
        try:
            line, record = next(records)
        except StopIteration:
            break
        except RecordError as e:
            raise fail(str(e), code=1) from None
        try:
            if key is not None:
                verify_signature(record.to_json(), key)
            state = replay_record(record)
        except RecordError as e:
            raise fail(f"{file}, record on line {line}: {e}", code=1) from None
        count += 1
        if record.chance is None or record.seed is None:
            unchecked += 1
        if record.signature is not None:
            signed += 1
        if not quiet and not state.is_terminal():
            out.print(f"line {line}: replayed, the game is not finished")
    if not quiet:
        out.print(f"{count} record{'s' if count != 1 else ''} replayed: all good")
        if unchecked:
            # Without a scheme, a chance outcome changed to another legal one replays.
            out.print(
                f"{unchecked} of them do{'es' if unchecked == 1 else ''} not say how chance "
                "was drawn (no 'chance' scheme and seed): their moves were checked for "
                "legality only, not their chance outcomes"
            )
        else:
            out.print("every chance outcome is the one its record's seed and scheme draw")
        if key is not None:
            out.print("every record carries the key's signature over all of it")
        elif signed:
            out.print(
                f"{signed} of them carr{'ies' if signed == 1 else 'y'} a signature, not checked: "
                "give --verify KEY (the server's /api/records/key) to check it"
            )


def _public_key(where: str) -> Any:
    """The public key named by ``--verify``: a PEM file, or fetched from a server."""
    from meeple.core.signature import read_public_key, read_public_pem

    if where.startswith(("http://", "https://")):
        import urllib.request

        try:
            with urllib.request.urlopen(where, timeout=10) as response:
                return read_public_pem(response.read(), where)
        except OSError as e:
            raise RecordError(f"cannot fetch the key from {where}: {e}") from None
    return read_public_key(Path(where))


@app.command()
def render(
    record_file: Annotated[
        Path,
        typer.Argument(help="A record file, a JSONL of records, or a position (JSON)."),
    ],
    step: Annotated[
        int | None, typer.Option(help="After this many actions (default: end).")
    ] = None,
    as_player: Annotated[
        int | None,
        typer.Option(
            "--as",
            help="Whose view: player 1, 2, ... as on screen (default: a spectator's).",
        ),
    ] = None,
    record_number: Annotated[
        int | None,
        typer.Option(
            "--record",
            help="Which record of a JSONL file, counting from 1 (needed when it holds several).",
        ),
    ] = None,
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            help="svg, text, or position (the state as JSON, meeple.position/1: with --as, "
            "what that player may know; without, everything, secrets too).",
        ),
    ] = "svg",
    out_path: Annotated[Path | None, typer.Option("--out", help="File to write.")] = None,
) -> None:
    """Draw a position of a recorded game as one player (or a spectator) saw it, or write
    it as a position file, which this command also reads (for bug reports)."""
    from meeple.core.record import read_records
    from meeple.core.record import replay as replay_record

    if fmt not in ("svg", "text", "position"):
        raise fail("--format is svg, text or position")
    if out_path is not None:
        _check_out(out_path, "--out")
    position = _position_file(record_file)
    if position is not None:
        _render_position(record_file, position, step, as_player, record_number, fmt, out_path)
        return
    try:
        records = [record for _, record in read_records(record_file)]
    except MeepleError as e:
        raise fail(str(e), code=1) from None
    count = len(records)
    if record_number is None:
        if count > 1:
            raise fail(
                f"{record_file} holds {count} records; choose one with --record N (1 to {count})"
            )
        record_number = 1
    if not 1 <= record_number <= count:
        held = f"holds {count} record{'s' if count != 1 else ''}"
        raise fail(f"--record counts from 1 to {count}, not {record_number} ({record_file} {held})")
    record = records[record_number - 1]
    if out_path is None and fmt == "svg":
        which = f".record{record_number}" if count > 1 else ""
        out_path = record_file.with_suffix(f"{which}.step{step if step is not None else 'end'}.svg")
        _check_out(out_path, "--out")
    if step is not None and not 0 <= step <= len(record.actions):
        raise fail(f"--step must be between 0 and {len(record.actions)}")
    # People count players from 1 ("player 1"); the engine's seat indexes count from 0.
    if as_player is not None and not 1 <= as_player <= record.players:
        raise fail(
            f"--as counts players from 1 to {record.players}, not {as_player} "
            "(leave it out for a spectator's view)"
        )
    if out_path is not None and (
        out_path.resolve() == record_file.resolve()
        or (out_path.exists() and os.path.samefile(out_path, record_file))  # a hard link
    ):
        raise fail(f"--out {out_path} is the record itself; writing there would lose the game")
    where = f"{record_file}" + (f", record {record_number}" if count > 1 else "")
    try:
        # The whole record is checked, even to draw an early step of it: a record that is
        # wrong later on is refused, not drawn as if it were sound.
        state = replay_record(record)
        if step is not None:
            state = replay_record(record, upto=step)
        text = _drawn(state, as_player, fmt)
    except MeepleError as e:
        raise fail(f"{where}: {e}", code=1) from None
    _write_drawing(text, out_path)


def _drawn(state: State, as_player: int | None, fmt: str) -> str:
    viewer = None if as_player is None else as_player - 1
    if fmt == "position":
        return json.dumps(state.to_json(viewer), ensure_ascii=False, indent=1)
    obs = state.observation(viewer)
    return state.game.render_svg(obs) if fmt == "svg" else state.game.render_text(obs)


def _write_drawing(text: str, out_path: Path | None) -> None:
    if out_path is None:
        print(text)
    else:
        out_path.write_text(text, encoding="utf-8")
        out.print(f"wrote {out_path}")


def _position_file(path: Path) -> dict[str, Any] | None:
    """The file's JSON if it is a position (``meeple.position/1``), else None."""
    from meeple.core.position import FORMAT

    try:
        with path.open(encoding="utf-8") as f:
            head = f.read(4096)
        if f'"{FORMAT}"' not in head:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None  # the record reader says what is wrong with it
    return data if isinstance(data, dict) and data.get("format") == FORMAT else None


def _render_position(
    path: Path,
    data: dict[str, Any],
    step: int | None,
    as_player: int | None,
    record_number: int | None,
    fmt: str,
    out_path: Path | None,
) -> None:
    from meeple.core.position import read_position

    if step is not None or record_number is not None:
        raise fail(f"{path} is a position, not a record: it has no --step or --record")
    try:
        state = read_position(data)
    except MeepleError as e:
        raise fail(f"{path}: {e}", code=1) from None
    players = state.game.players
    if as_player is not None and not 1 <= as_player <= players:
        raise fail(f"--as counts players from 1 to {players}, not {as_player}")
    if data.get("dealt") and as_player is not None and as_player - 1 != data.get("view"):
        raise fail(
            f"{path} is what player {data['view'] + 1} may know; another player's view of it "
            "would show cards dealt at random as theirs"
        )
    if out_path is None and fmt == "svg":
        out_path = path.with_suffix(".svg")
        _check_out(out_path, "--out")
    if out_path is not None and out_path.resolve() == path.resolve():
        raise fail(f"--out {out_path} is the position itself; writing there would lose it")
    _write_drawing(_drawn(state, as_player, fmt), out_path)


# The search's speed target per game on one core (docs/bots.md, "Speed").
ISMCTS_TARGET = 2000


@app.command()
def bench(
    game_ids: Annotated[list[str] | None, typer.Argument(help="Games (default: all).")] = None,
    seconds: Annotated[float, typer.Option(help="Seconds per game.")] = 2.0,
    players: Annotated[int | None, typer.Option(help="Players (default: minimum).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Measure speed in one process: random playouts, clones and ISMCTS iterations per second."""
    from meeple.arena.bench import clone_rate, ismcts_rate, random_playouts

    if not 0 < seconds < math.inf:
        raise fail(f"--seconds must be a positive number, not {seconds}")
    ids = game_ids or [i.id for i in meeple.games()]
    results = []
    for gid in ids:
        g = _load(gid, players, None, None)
        r = random_playouts(g, seconds)
        r["clones_per_second"] = round(clone_rate(g), 1)
        r["ismcts_iterations_per_second"] = round(ismcts_rate(g, min(seconds, 2.0)), 1)
        results.append(r)
    if as_json:
        print(json.dumps(results, indent=2))
        return
    # Two tables with two-line headers, so that each fits 80 columns with every id whole.
    playouts = {
        "steps_per_second": "steps\nper s",
        "decisions_per_second": "decisions\nper s",
        "games_per_second": "games\nper s",
        "mean_steps_per_game": "steps\nper game",
    }
    search = {
        "clones_per_second": "clones\nper s",
        "ismcts_iterations_per_second": "ISMCTS it.\nper s",
    }

    def numbers(headers: dict[str, str]) -> list[Column]:
        return [Column(h, justify="right", no_wrap=True) for h in headers.values()]

    first = Table(
        Column("game", no_wrap=True),
        "players",
        *numbers(playouts),
        title="Random playouts (a step is any action; a decision, a player's)",
    )
    second = Table(
        Column("game", no_wrap=True),
        *numbers(search),
        f"target\n{ISMCTS_TARGET:,}",
        title="Search, on one core",
        caption="Other busy programs on the machine lower these rates.",
    )
    for r in results:
        first.add_row(r["game"], str(r["players"]), *(_bench_cell(r[key]) for key in playouts))
        rate = r["ismcts_iterations_per_second"]
        verdict = "met" if rate >= ISMCTS_TARGET else "below"
        second.add_row(r["game"], *(_bench_cell(r[key]) for key in search), verdict)
    out.print(first)
    out.print(second)


def _bench_cell(v: object) -> str:
    if isinstance(v, float):
        return f"{v:,.0f}" if v >= 100 else f"{v:.3g}"
    return str(v)


# Command groups that live in their own modules (each has ``register(app)``): the web
# platform's ``serve`` and the research tools (``analyze`` ...). A module that is not
# there yet is skipped; an error inside one is not hidden.
_COMMAND_MODULES = ("meeple.cli.web", "meeple.cli.research")


def _register_command_modules() -> None:
    import importlib

    for name in _COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name == name:
                continue
            raise
        module.register(app)


_register_command_modules()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
