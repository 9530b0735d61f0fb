"""The bot-strength targets of issue 26, measured with the arena and written into docs/bots.md.

Rows are (game, agent A, agent B), two players, seats rotated, agents named by level
(``easy``, ``medium``, ``hard``) or by spec. The targets, each a least win rate of A:

- ``hard-greedy``: hard beats greedy in 75% of games (Quedlinburg Dash 65%);
- ``ladder``: easy beats random, medium beats easy, hard beats medium, each in 60% of games
  (Quedlinburg Dash 55%);
- ``selfplay``: hard against hard, for the points of each scoring category (mean, and the
  share of player-games where it is zero); in Farland livestock, crops and pastures must
  each be non-zero in 70% of player-games.

Every finished game is appended as a JSON line (index, seed, seating, ranks, scores, scores
by category, seconds, when) to a results file in ``benchmarks/results/targets/``, and a run
goes on from where the file ends, so a row of 200 games can be played over several runs,
processes (``--shard K/N``) or machines and counted as one. Game ``i`` is the arena's game
``i`` (seed ``seed + i``, seats rotated by ``i``), as in ``meeple arena GAME --agents A,B``.

A row's file is keyed by what the bots and the game are: the resolved spec of each agent
for that game (``level_spec``), its options with their defaults filled in, the game's
version and its default options. When any of these changes, the row starts a new file and
the old games no longer count, so stale numbers are never shown as current. Each line also
holds a hash of the bots' code and the game's package; the tables say when games counted
were played with code other than the current.

    python benchmarks/bot_targets.py croa --rows ladder --games 200 --jobs 2   # play rows
    python benchmarks/bot_targets.py croa --rows all --games 200 --shard 0/2   # one shard
    python benchmarks/bot_targets.py --table                                   # print tables
    python benchmarks/bot_targets.py --docs                     # write them into docs/bots.md
    python benchmarks/bot_targets.py croa --match easy,random --games 4 --results /tmp/t

``hard`` thinks a second of wall time per move; on a busy machine (or with more jobs than
idle cores) ``--clock cpu`` counts its second in the search thread's CPU time instead. That
is another spec, so its rows are other rows: pass ``--clock cpu`` to ``--table`` and
``--docs`` too.
"""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import hashlib
import importlib.util
import inspect
import json
import random
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from types import ModuleType
from typing import Any

import meeple
from meeple.agents.base import make_agent, parse_spec, split_agents
from meeple.agents.levels import LEVELS, level_spec
from meeple.arena.arena import arena_jobs
from meeple.arena.simulate import run_job
from meeple.arena.stats import wilson_interval
from meeple.core.record import Record
from meeple.core.registry import game_class


def _sibling(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as a module, shared with tests.scripts.load_script."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).parent / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


bs = _sibling("bot_strength")  # read_rows, verdict and GOAL: one machinery for both benchmarks

RESULTS = Path(__file__).parent / "results" / "targets"
DOCS = Path(__file__).parent.parent / "docs" / "bots.md"
BEGIN, END = "<!-- targets tables: begin -->", "<!-- targets tables: end -->"
# The section sits at the top of "## Strength", above bot_strength.py's text: this heading,
# the section's last line, puts that text back under a heading of its own.
TRAILER = "### ISMCTS and greedy against the first targets (`bot_strength.py`)\n"
GOAL: int = bs.GOAL  # games per row
PACKAGE = Path(meeple.__file__).resolve().parent

ROWS: dict[str, list[tuple[str, str]]] = {
    "hard-greedy": [("hard", "greedy")],
    "ladder": [("easy", "random"), ("medium", "easy"), ("hard", "medium")],
    "selfplay": [("hard", "hard")],
}
# Farland's requirement in hard self-play: these categories non-zero in 70% of player-games.
NONZERO = {"farland": (("livestock", "crops", "pastures"), 0.70)}


def target(game_id: str, a: str, b: str) -> float | None:
    """The least win rate of ``a`` the issue asks for, or None (self-play, other rows)."""
    dash = game_id == "quedlinburg_dash"
    if (a, b) in ROWS["hard-greedy"]:
        return 0.65 if dash else 0.75
    if (a, b) in ROWS["ladder"]:
        return 0.55 if dash else 0.60
    return None


# -- what a row is: the agents' resolved specs and settings, the game's version ------------


def resolve(name: str, game_id: str, clock: str = "wall") -> str:
    """The spec an agent name plays in a game: a level's spec for that game, else itself;
    with ``clock="cpu"`` a time budget (ISMCTS's, deep greedy's) is counted in CPU time."""
    spec = level_spec(name, game_id) if name in LEVELS else name
    agent, options = parse_spec(spec)
    timed = agent in ("ismcts", "deepgreedy") and "seconds" in options
    if clock == "cpu" and timed and "clock" not in options:
        spec += ",clock=cpu"
    return spec


def settings(spec: str, game_id: str) -> str:
    """The spec with every option the agent takes, defaults filled in (sorted), so a changed
    default changes the row. Greedy-like agents' per-game defaults (a module's ``DEFAULTS``
    and ``GAME_DEFAULTS``) fill the options left at None."""
    name, given = parse_spec(spec)
    agent = make_agent(spec, random.Random(0))
    cls = type(agent)
    values: dict[str, Any] = {}
    for p in inspect.signature(cls.__init__).parameters.values():
        if p.name in ("self", "rng") or p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL):
            continue
        values[p.name] = None if p.default is p.empty else p.default
    module = sys.modules[cls.__module__]
    defaults = {
        **getattr(module, "DEFAULTS", {}),
        **getattr(module, "GAME_DEFAULTS", {}).get(game_id, {}),
    }
    for key, value in defaults.items():
        if values.get(key) is None:
            values[key] = value
    values.update(given)
    return name + "".join(
        f"{':' if i == 0 else ','}{k}={values[k]}" for i, k in enumerate(sorted(values))
    )


@functools.cache
def code_hash(game_id: str) -> str:
    """A short hash of the bots' code (meeple/agents) and the game's package, as this
    process first read them (the code it runs)."""
    source = Path(inspect.getfile(game_class(game_id))).resolve()
    folder = source.parent
    if folder.parent == (PACKAGE / "boardgames").resolve():
        game_files = sorted(p for p in folder.rglob("*") if p.suffix in (".py", ".json"))
    else:
        game_files = [source]  # a plug-in's or a test's game: its module alone
    digest = hashlib.sha256()
    for path in sorted((PACKAGE / "agents").glob("*.py")) + game_files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:10]


def identity(game_id: str, a: str, b: str, clock: str = "wall") -> dict[str, Any]:
    """What the row's games depend on; its ``key`` names the results file."""
    info = game_class(game_id).info
    agents = []
    for name in (a, b):
        spec = resolve(name, game_id, clock)
        agents.append({"name": name, "spec": spec, "settings": settings(spec, game_id)})
    ident: dict[str, Any] = {
        "game": game_id,
        "game_version": info.version,
        "game_options": {o.name: o.default for o in info.options},
        "agents": agents,
    }
    blob = json.dumps(ident, sort_keys=True, default=str).encode()
    ident["key"] = hashlib.sha256(blob).hexdigest()[:10]
    return ident


def _safe(name: str) -> str:
    return name.replace(":", "-").replace("=", "").replace(",", "_")


def row_file(ident: dict[str, Any]) -> Path:
    a, b = (_safe(x["name"]) for x in ident["agents"])
    return RESULTS / f"{ident['game']}__{a}__{b}__v{ident['game_version']}-{ident['key']}.jsonl"


def played(ident: dict[str, Any]) -> list[str]:
    """The agents the arena plays: the names as given, or the resolved specs where they
    differ from what the name plays (``--clock cpu``)."""
    out = []
    for x in ident["agents"]:
        plain = resolve(x["name"], ident["game"])
        out.append(x["name"] if plain == x["spec"] else x["spec"])
    return out


def counted(ident: dict[str, Any], seed: int = 0) -> dict[int, dict[str, Any]]:
    """The row's games by index, each game once: lines of its key whose game is the row's
    game ``k`` (seed ``seed + k``, seats rotated by ``k``), whichever run played it. A run
    from another first seed plays some of the same games: with two players the run from
    seed 200 plays this row's games 200 and up, and they count here as those (their ``i``
    made ``k``)."""
    rows: dict[int, dict[str, Any]] = {}
    for r in bs.read_rows(row_file(ident)):
        if r.get("key") != ident["key"] or not isinstance(r.get("seed"), int):
            continue
        k = r["seed"] - seed
        seats = r.get("seat_of") or []
        n = len(seats)
        if k < 0 or k in rows or seats != [(e + k) % n for e in range(n)]:
            continue
        rows[k] = r if r.get("i") == k else {**r, "i": k}
    return rows


def stale(ident: dict[str, Any]) -> int:
    """Games of the same match in other files (other versions), which do not count."""
    path = row_file(ident)
    prefix = path.name.rsplit("__", 1)[0] + "__"
    return sum(
        len(bs.read_rows(p))
        for p in path.parent.glob(prefix + "*.jsonl")
        if p.name != path.name and p.name[len(prefix) :].count("__") == 0
    )


# -- playing ---------------------------------------------------------------------------------


def play_row(
    game_id: str,
    a: str,
    b: str,
    games: int,
    seed: int = 0,
    shard: tuple[int, int] = (0, 1),
    jobs: int = 1,
    clock: str = "wall",
) -> int:
    """Play the games ``0 .. games-1`` of a row that its results file lacks; return how many.

    With ``shard=(k, n)`` only the games ``i`` with ``i % n == k``; with ``jobs > 1`` that
    many worker processes, each game's line written as it finishes.
    """
    ident = identity(game_id, a, b, clock)
    path = row_file(ident)
    path.parent.mkdir(parents=True, exist_ok=True)
    done = counted(ident, seed)
    agents = played(ident)
    job_list, seatings = arena_jobs(game_id, agents, games, seed)
    todo = [i for i in range(games) if i not in done and i % shard[1] == shard[0]]
    code = code_hash(game_id)

    def record(i: int, rec: Record, seconds: float, cpu: float | None) -> None:
        assert rec.result is not None
        line = {
            "i": i,
            "seed": job_list[i].seed,
            "agents": [a, b],
            "specs": [x["spec"] for x in ident["agents"]],
            "seat_of": seatings[i],
            "ranks": rec.result["ranks"],
            "scores": rec.result["scores"],
            "breakdown": rec.result["breakdown"],
            "actions": len(rec.actions),
            "seconds": round(seconds, 2),
            "cpu_seconds": None if cpu is None else round(cpu, 2),
            "finished": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "key": ident["key"],
            "game_version": ident["game_version"],
            "code": code,
        }
        bs.append_line(path, line)
        print(
            f"{game_id} {a} vs {b}: game {i} ranks {line['ranks']} seats {seatings[i]} "
            f"({line['seconds']} s)",
            flush=True,
        )

    if jobs <= 1:
        for i in todo:
            start, cpu = time.perf_counter(), time.process_time()
            rec = run_job(job_list[i])
            record(i, rec, time.perf_counter() - start, time.process_time() - cpu)
        return len(todo)
    # At most ``jobs`` games in flight, so each starts when submitted and its wall time is
    # from submission to result.
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        waiting = list(reversed(todo))
        running: dict[Future[Record], tuple[int, float]] = {}
        while waiting or running:
            while waiting and len(running) < jobs:
                i = waiting.pop()
                running[pool.submit(run_job, job_list[i])] = (i, time.perf_counter())
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for fut in finished:
                i, start = running.pop(fut)
                record(i, fut.result(), time.perf_counter() - start, None)
    return len(todo)


# -- measuring -------------------------------------------------------------------------------


def measure(ident: dict[str, Any], seed: int = 0) -> dict[str, Any] | None:
    """The row's numbers (as bot_strength's ``verdict`` reads them), or None before a game."""
    rows = counted(ident, seed)
    if not rows:
        return None
    games = [rows[i] for i in sorted(rows)]
    return {
        **bs.summarise(games, [x["name"] for x in ident["agents"]]),
        "newest": max(r.get("finished", "") for r in games),
        "codes": sorted({r.get("code", "?") for r in games}),
        "lines": games,
    }


def categories(lines: Iterable[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per scoring category (``total`` last): mean points over player-games, the share of
    player-games where it is zero, and how many player-games."""
    sums: dict[str, float] = {}
    zeros: dict[str, int] = {}
    seen: dict[str, int] = {}
    for line in lines:
        for by_category in line["breakdown"]:
            for cat, points in by_category.items():
                sums[cat] = sums.get(cat, 0.0) + points
                zeros[cat] = zeros.get(cat, 0) + (points == 0)
                seen[cat] = seen.get(cat, 0) + 1
    order = [c for c in sums if c != "total"] + (["total"] if "total" in sums else [])
    return {
        c: {"mean": sums[c] / seen[c], "zero_share": zeros[c] / seen[c], "player_games": seen[c]}
        for c in order
    }


def nonzero_verdict(games: int, span: int, share: float, player_games: int, need: float) -> str:
    """bot_strength's verdict for a non-zero share: its Wilson interval over player-games."""
    lo, hi = wilson_interval(share * player_games, player_games)
    m = {"games": games, "span": span, "win_rate": share, "ci95": (lo, hi)}
    return str(bs.verdict(m, need))


# -- tables ----------------------------------------------------------------------------------


def rows_of(kinds: Iterable[str]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for kind in kinds:
        for row in ROWS[kind]:
            if row not in out:
                out.append(row)
    return out


ALL = ["hard-greedy", "ladder", "selfplay"]


def game_table(
    game_id: str, matches: Sequence[tuple[str, str]], seed: int, clock: str
) -> tuple[list[str], dict[str, list[str]]]:
    """The lines of one game's table and notes, and each verdict's head by match kind."""
    out = [
        "| match | target | games | win rate | 95% interval | verdict | hours | command |",
        "|---|---|---|---|---|---|---|---|",
    ]
    notes: list[str] = []
    heads: dict[str, list[str]] = {}
    for a, b in matches:
        ident = identity(game_id, a, b, clock)
        goal = target(game_id, a, b)
        m = measure(ident, seed)
        if goal is None:
            v = "self-play: categories below" if a == b else "no target"
            if m is not None and m["games"] < GOAL:
                v = f"under way ({m['games']} of {GOAL} games)"
        else:
            v = str(bs.verdict(m, goal))
        if goal is not None:
            heads[f"{a} vs {b}"] = [v.split(" (")[0]]
        agents = ",".join(played(ident))
        span = m["span"] if m else GOAL
        cmd = f"meeple arena {game_id} --agents {agents} --games {max(span, GOAL)} --seed {seed}"
        tgt = f"{goal:.0%}" if goal is not None else "-"
        if m is None:
            out.append(f"| {a} vs {b} | {tgt} | 0 | | | {v} | | `{cmd}` |")
        else:
            lo, hi = m["ci95"]
            out.append(
                f"| {a} vs {b} | {tgt} | {m['games']} | {m['win_rate']:.1%} | "
                f"{lo:.1%}-{hi:.1%} | {v} | {m['hours']:.2f} | `{cmd}` |"
            )
            current = code_hash(game_id)
            other = [r for r in m["lines"] if r.get("code") != current]
            if other:
                codes = ", ".join(sorted({str(r.get("code")) for r in other}))
                notes.append(
                    f"{a} vs {b}: {len(other)} of {m['games']} games were played with code "
                    f"other than the current ({codes}; now {current}): same specs and game "
                    "version, but look at what changed."
                )
        old = stale(ident)
        if old:
            notes.append(
                f"{a} vs {b}: {old} games with other specs or game version are not counted."
            )
    return out + ([""] + [f"- {n}" for n in notes] if notes else []), heads


def versions(game_id: str, matches: Sequence[tuple[str, str]], clock: str) -> list[str]:
    """The versions the rows above count: the game's, and each agent's spec and options."""
    info = game_class(game_id).info
    seen: dict[str, dict[str, str]] = {}
    for a, b in matches:
        for x in identity(game_id, a, b, clock)["agents"]:
            seen.setdefault(x["name"], x)
    out = [
        f"Versions: {info.name} version {info.version}; code {code_hash(game_id)} (a hash of "
        "meeple/agents and the game's package, recorded, not required to match)."
    ]
    for name, x in seen.items():
        spec = f"`{x['spec']}`" if x["spec"] != name else "itself"
        full = f", every option: `{x['settings']}`" if x["settings"] != x["spec"] else ""
        out.append(f"- `{name}`: {spec}{full}")
    return out


def category_table(game_ids: Sequence[str], seed: int, clock: str) -> list[str]:
    out = [
        "| game | category | mean points | zero in | requirement | verdict |",
        "|---|---|---|---|---|---|",
    ]
    for gid in game_ids:
        name = game_class(gid).info.name
        m = measure(identity(gid, "hard", "hard", clock), seed)
        need_cats, need = NONZERO.get(gid, ((), 0.0))
        if m is None:
            out.append(f"| {name} | | | | | not measured yet |")
            continue
        cats = categories(m["lines"])
        for cat in need_cats:
            if cat not in cats:
                out.append(f"| {name} | {cat} | | | non-zero in {need:.0%} | no such category |")
        for cat, c in cats.items():
            req, v = "", ""
            if cat in need_cats:
                req = f"non-zero in {need:.0%}"
                v = nonzero_verdict(
                    m["games"], m["span"], 1 - c["zero_share"], int(c["player_games"]), need
                )
            out.append(
                f"| {name} | {cat} | {c['mean']:.1f} | {c['zero_share']:.1%} | {req} | {v} |"
            )
    return out


def _shown(folder: Path) -> str:
    try:
        return str(folder.resolve().relative_to(DOCS.parent.parent.resolve()))
    except ValueError:
        return str(folder)


def tables(
    game_ids: Sequence[str] | None = None,
    seed: int = 0,
    clock: str = "wall",
    extra: Sequence[tuple[str, str]] = (),
) -> str:
    ids = list(game_ids or [g.id for g in meeple.games()])
    matches = [*rows_of(ALL), *[m for m in extra if m not in rows_of(ALL)]]
    newest = ""
    for gid in ids:
        for a, b in matches:
            m = measure(identity(gid, a, b, clock), seed)
            if m:
                newest = max(newest, m["newest"])
    out = [
        "### The levels against the issue's targets",
        "",
        "Generated by `python benchmarks/bot_targets.py --docs"
        + (f" --clock {clock}" if clock != "wall" else "")
        + f"` from the results files in `{_shown(RESULTS)}/` (seed {seed}). Two "
        "players, seats rotated; the win rate is the first agent's, a first place shared by "
        "k counting 1/k, with its 95% Wilson interval. A row is met when its whole interval "
        f"clears the target at {GOAL} games. Only games played with the specs, options and "
        f"game version below count; game k is the one from seed {seed} + k with the seats "
        "rotated by k, whichever run played it. "
        + (
            "`hard` thinks a second of wall time a move: play its rows on idle cores."
            if clock == "wall"
            else "ISMCTS time budgets count CPU time (`clock=cpu`)."
        ),
        "",
        "    python benchmarks/bot_targets.py GAME... --rows ladder|hard-greedy|selfplay|all "
        f"--games {GOAL} [--shard K/N] [--jobs J]",
        "",
        f"Newest result: {newest[:10] if newest else 'none yet'}.",
        "",
    ]
    by_kind: dict[str, dict[str, list[str]]] = {}
    for gid in ids:
        name = game_class(gid).info.name
        lines, heads = game_table(gid, matches, seed, clock)
        out += [f"#### {name}", "", *lines, "", *versions(gid, matches, clock), ""]
        for kind, (head,) in heads.items():
            by_kind.setdefault(kind, {}).setdefault(head, []).append(name)
    out += [
        "#### Hard self-play: points by category",
        "",
        "Over every player-game of hard against hard: mean points and the share where the "
        "category scored zero. A requirement's verdict reads the non-zero share's 95% Wilson "
        "interval over player-games (two a game).",
        "",
        *category_table(ids, seed, clock),
        "",
        "In short:",
        "",
    ]
    order = [
        "met",
        "met by the estimate, not by the interval",
        "not met by the estimate, the interval reaches it",
        "not met",
        "under way",
        "not measured yet",
    ]
    for kind, groups in by_kind.items():
        ranked = sorted(groups.items(), key=lambda kv: order.index(kv[0]))
        parts = [f"{v} in {', '.join(names)}" for v, names in ranked]
        out.append(f"- **{kind}**: {'; '.join(parts)}.")
    return "\n".join(out)


def write_docs(seed: int = 0, clock: str = "wall") -> None:
    """Replace the part of docs/bots.md between the two targets markers with ``tables``."""
    text = DOCS.read_text()
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        raise SystemExit(f"{DOCS}: expected one {BEGIN!r} line before one {END!r} line")
    a, b = text.index(BEGIN) + len(BEGIN), text.index(END)
    DOCS.write_text(text[:a] + "\n" + tables(None, seed, clock) + "\n\n" + TRAILER + text[b:])


def main(argv: Sequence[str] | None = None) -> None:
    global RESULTS
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games_ids", nargs="*", metavar="GAME", help="games (default: all)")
    parser.add_argument(
        "--rows", default="all", help="ladder, hard-greedy, selfplay or all; comma-separated"
    )
    parser.add_argument(
        "--match",
        action="append",
        default=[],
        metavar="A,B",
        help="also (or, with --rows none, only) this row: two agents by level or spec",
    )
    parser.add_argument("--games", type=int, default=GOAL)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--shard",
        default="0/1",
        help="K/N: play only the games i with i %% N == K, so N processes can share a row",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the results folder")
    parser.add_argument("--table", action="store_true", help="only print the tables")
    parser.add_argument("--docs", action="store_true", help="only rewrite docs/bots.md's section")
    args = parser.parse_args(argv)
    RESULTS = args.results
    known = {g.id for g in meeple.games()}
    for gid in args.games_ids:
        if gid not in known:
            parser.error(f"no game {gid!r}; games: {', '.join(sorted(known))}")
    kinds = [] if args.rows == "none" else args.rows.split(",")
    kinds = ALL if "all" in kinds else kinds
    for kind in kinds:
        if kind not in ROWS:
            parser.error(f"--rows {kind}: expected ladder, hard-greedy, selfplay, all or none")
    extra: list[tuple[str, str]] = []
    for text in args.match:
        pair = split_agents(text)
        if len(pair) != 2:
            parser.error(f"--match {text}: expected two agents, A,B")
        extra.append((pair[0], pair[1]))
    if args.docs:
        write_docs(args.seed, args.clock)
        return
    if args.table:
        print(tables(args.games_ids or None, args.seed, args.clock, extra))
        return
    k, _, n = args.shard.partition("/")
    shard = (int(k), int(n or 1))
    if not 0 <= shard[0] < shard[1]:
        parser.error(f"--shard {args.shard}: expected K/N with 0 <= K < N")
    ids = args.games_ids or sorted(known)
    for gid in ids:
        for a, b in [*rows_of(kinds), *extra]:
            play_row(gid, a, b, args.games, args.seed, shard, args.jobs, args.clock)
    print(tables(ids, args.seed, args.clock, extra))


if __name__ == "__main__":
    main()
