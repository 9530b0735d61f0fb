"""The balance report: simulate, analyse, plot, and write HTML + PNG + JSON.

``meeple analyze GAME --players N --games K`` calls :func:`balance_report`. With a
``components`` file, the same seeds are played twice, with the packaged components
and with the file, and the report sets the two side by side with the changes that
are statistically significant, so a designer sees at a glance whether a change
unbalances the game.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from meeple.analysis.balance import analyse, compare, components_label
from meeple.arena.simulate import jobs_for
from meeple.core.outputs import OutputPathError, check_out_dir
from meeple.core.record import Record
from meeple.core.registry import load_setup

FORMAT = "meeple.balance/1"
BASE_COLOUR = "#4c72b0"
VARIANT_COLOUR = "#dd8452"


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError as e:
        from meeple.core.errors import MissingExtraError

        raise MissingExtraError(
            "matplotlib is not installed; balance reports need the 'analysis' extra: "
            "pip install 'meeple[analysis]'"
        ) from e
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def simulate_records(
    game_id: str,
    players: int | None,
    games: int,
    seed: int,
    agents: Sequence[str] | None,
    options: dict[str, Any] | None = None,
    components: str | Path | None = None,
    jobs: int = 1,
    backend: str = "local",
    on_done: Callable[[Record], None] | None = None,
) -> list[Record]:
    from meeple.arena.backends import run_jobs_on

    game = load_setup(game_id, players, components, options)
    specs = list(agents) if agents else ["greedy"] * game.players
    if len(specs) != game.players:
        raise ValueError(f"{game.players} players need {game.players} agents, got {len(specs)}")
    job_list = jobs_for(game.info.id, game.players, games, seed, specs, game.options, components)
    return list(run_jobs_on(backend, job_list, jobs, on_done))


def balance_report(
    game_id: str,
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    agents: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    components: str | Path | None = None,
    out_dir: str | Path = "balance-report",
    jobs: int = 1,
    backend: str = "local",
    on_done: Callable[[Record], None] | None = None,
) -> dict[str, Any]:
    """Simulate, analyse and write ``report.html``, ``report.json`` and PNG plots."""
    # Fail before simulating if the report cannot be written ...
    check_out_dir(out_dir, "out_dir", REPORT_FILES)
    plt = _pyplot()  # ... or if the extra is missing
    game = load_setup(game_id, players, None, options)
    specs = list(agents) if agents else ["greedy"] * game.players
    base_records = simulate_records(
        game_id, game.players, games, seed, specs, game.options, None, jobs, backend, on_done
    )
    base = analyse(base_records)
    variant = None
    comparison = None
    if components is not None:
        var_records = simulate_records(
            game_id,
            game.players,
            games,
            seed,
            specs,
            game.options,
            components,
            jobs,
            backend,
            on_done,
        )
        variant = analyse(var_records)
        comparison = compare(base, variant)
    report: dict[str, Any] = {
        "format": FORMAT,
        "game": game.info.id,
        "game_name": game.info.name,
        "game_version": game.info.version,
        "players": game.players,
        "options": dict(game.options),
        "games": games,
        "seed": seed,
        "agents": specs,
        "mixed_lineups": False,
        "components": str(components) if components is not None else None,
        "base_components": None,
        "base": base,
        "variant": variant,
        "comparison": comparison,
    }
    write_report(plt, report, Path(out_dir))
    return report


def report_from_records(
    records: Sequence[Record], out_dir: str | Path, where: Sequence[str] | None = None
) -> dict[str, Any]:
    """The report of games already played (e.g. ``meeple simulate --out``), no simulation.

    Every record is replayed with the component file it names and checked (see
    :func:`meeple.analysis.balance.analyse`, which also refuses records of different
    setups); ``where`` names the records in error messages.
    """
    check_out_dir(out_dir, "out_dir", REPORT_FILES)
    plt = _pyplot()
    if not records:
        raise ValueError("no records to analyse")
    base = analyse(records, where)
    first = records[0]
    game = load_setup(first.game, first.players, None, first.options)
    seeds = [r.seed for r in records if r.seed is not None]
    comp = first.components
    # One line-up for every game: its agents seat by seat. Several: each agent named once,
    # and the report says the line-ups were mixed.
    lineups = {tuple(r.agents or ("?",) * r.players) for r in records}
    mixed = len(lineups) > 1
    agents = sorted({a for lineup in lineups for a in lineup}) if mixed else list(lineups.pop())
    report: dict[str, Any] = {
        "format": FORMAT,
        "game": game.info.id,
        "game_name": game.info.name,
        "game_version": game.info.version,
        "players": game.players,
        "options": dict(game.options),
        "games": len(records),
        "seed": min(seeds) if seeds else 0,
        "agents": agents,
        "mixed_lineups": mixed,
        # The records' component file (None: the packaged components); no variant here.
        "components": None if comp is None else comp["path"],
        "base_components": comp,
        "base": base,
        "variant": None,
        "comparison": None,
    }
    write_report(plt, report, Path(out_dir))
    return report


# Every file a report writes (the plots' names are write_plots' own).
REPORT_FILES = (
    "report.json",
    "report.html",
    "win_rate.png",
    "scores.png",
    "score_by_seat.png",
    "length.png",
    "branching.png",
    "action_types.png",
)


def write_report(plt: Any, report: dict[str, Any], out: Path) -> None:
    """Write the PNG plots, ``report.json`` and ``report.html`` into ``out``."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        report["plots"] = write_plots(plt, report, out)
        (out / "report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
        (out / "report.html").write_text(render_html(report), encoding="utf-8")
    except OSError as e:  # checked up front, so only something that changed since
        raise OutputPathError(
            f"the report could not be written in {out}: {e.strerror or e}"
        ) from None


# -- plots ------------------------------------------------------------------------------------


def base_label(report: dict[str, Any]) -> str:
    """How the report names the components of its base figures."""
    comp = report.get("base_components")
    return components_label(None if comp is None else comp["path"])


def _series(report: dict[str, Any]) -> list[tuple[str, dict[str, Any], str]]:
    out = [(base_label(report), report["base"], BASE_COLOUR)]
    if report["variant"] is not None:
        out.append((components_label(report["components"]), report["variant"], VARIANT_COLOUR))
    return out


def write_plots(plt: Any, report: dict[str, Any], out: Path) -> dict[str, str]:
    series = _series(report)
    k = len(series)
    files: dict[str, str] = {}
    players = report["players"]

    # Win rate by seat, with 95% intervals and the fair share.
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    width = 0.8 / k
    for j, (label, stats, colour) in enumerate(series):
        xs = [s + (j - (k - 1) / 2) * width for s in range(players)]
        rates = [r["win_rate"] for r in stats["win_rate_by_seat"]]
        lo = [r["win_rate"] - r["ci95"][0] for r in stats["win_rate_by_seat"]]
        hi = [r["ci95"][1] - r["win_rate"] for r in stats["win_rate_by_seat"]]
        ax.bar(xs, rates, width, yerr=[lo, hi], capsize=4, color=colour, label=label)
    ax.axhline(1 / players, color="grey", linestyle="--", linewidth=1, label="fair share")
    ax.set_xticks(range(players), [f"seat {s + 1}" for s in range(players)])
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.set_title("Win rate by seat (95% Wilson intervals)")
    ax.legend(fontsize="small")
    files["win_rate"] = _save(fig, plt, out / "win_rate.png")

    # Score distributions by category.
    cats = report["base"]["scores"]["categories"]
    fig, ax = plt.subplots(figsize=(max(6.4, 0.9 * len(cats) * k + 2), 4))
    for j, (label, stats, colour) in enumerate(series):
        data = [stats["scores"]["raw"].get(c, [0.0]) or [0.0] for c in cats]
        pos = [i + (j - (k - 1) / 2) * (0.8 / k) for i in range(len(cats))]
        bp = ax.boxplot(data, positions=pos, widths=0.7 / k, patch_artist=True, showfliers=True)
        for box in bp["boxes"]:
            box.set_facecolor(colour)
            box.set_alpha(0.7)
        ax.plot([], [], color=colour, linewidth=6, label=label)
    ax.set_xticks(range(len(cats)), cats, rotation=30, ha="right")
    ax.set_ylabel("points per player")
    ax.set_title("Score distribution by category")
    ax.legend(fontsize="small")
    files["scores"] = _save(fig, plt, out / "scores.png")

    # Totals by seat.
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    for j, (label, stats, colour) in enumerate(series):
        data = [stats["scores"]["raw"]["total"][s::players] or [0.0] for s in range(players)]
        pos = [s + (j - (k - 1) / 2) * (0.8 / k) for s in range(players)]
        bp = ax.boxplot(data, positions=pos, widths=0.7 / k, patch_artist=True)
        for box in bp["boxes"]:
            box.set_facecolor(colour)
            box.set_alpha(0.7)
        ax.plot([], [], color=colour, linewidth=6, label=label)
    ax.set_xticks(range(players), [f"seat {s + 1}" for s in range(players)])
    ax.set_ylabel("final score")
    ax.set_title("Final score by seat")
    ax.legend(fontsize="small")
    files["score_by_seat"] = _save(fig, plt, out / "score_by_seat.png")

    # Game length.
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    for label, stats, colour in series:
        ax.hist(stats["length"]["raw_decisions"], bins=20, alpha=0.6, color=colour, label=label)
    ax.set_xlabel("player decisions per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend(fontsize="small")
    files["length"] = _save(fig, plt, out / "length.png")

    # Branching factor over the game.
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    for label, stats, colour in series:
        rows = [r for r in stats["branching"]["by_progress"] if r.get("n")]
        xs = [100 * (r["from"] + r["to"]) / 2 for r in rows]
        ax.plot(xs, [r["mean"] for r in rows], color=colour, marker="o", label=f"{label}: mean")
        ax.fill_between(
            xs, [r["p10"] for r in rows], [r["p90"] for r in rows], color=colour, alpha=0.2
        )
    ax.set_xlabel("progress through the game (% of decisions)")
    ax.set_ylabel("legal actions")
    ax.set_title("Branching factor over the game (band: 10th-90th percentile)")
    ax.legend(fontsize="small")
    files["branching"] = _save(fig, plt, out / "branching.png")

    # Action types.
    types = [r["type"] for r in report["base"]["action_types"]][:15]
    if report["variant"] is not None:
        for r in report["variant"]["action_types"]:
            if r["type"] not in types and len(types) < 20:
                types.append(r["type"])
    fig, ax = plt.subplots(figsize=(6.4, max(2.5, 0.35 * len(types) * k + 1)))
    height = 0.8 / k
    for j, (label, stats, colour) in enumerate(series):
        share = {r["type"]: r["per_game"] for r in stats["action_types"]}
        ys = [i + (j - (k - 1) / 2) * height for i in range(len(types))]
        ax.barh(ys, [share.get(t, 0.0) for t in types], height, color=colour, label=label)
    ax.set_yticks(range(len(types)), types)
    ax.invert_yaxis()
    ax.set_xlabel("times per game")
    ax.set_title("Decisions by action type")
    ax.legend(fontsize="small")
    files["action_types"] = _save(fig, plt, out / "action_types.png")
    return files


def _save(fig: Any, plt: Any, path: Path) -> str:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path.name


# -- HTML ------------------------------------------------------------------------------------

_CSS = """
body{font-family:system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}
td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}
th{background:#f3f3f3} td:first-child,th:first-child{text-align:left}
.flag{background:#fff3cd} .ok{color:#2e7d32} .bad{color:#c62828;font-weight:bold}
img{max-width:100%;border:1px solid #eee;margin:.5em 0}
.findings li{margin:.3em 0}
"""


def _e(x: Any) -> str:
    return html.escape(str(x))


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def render_html(report: dict[str, Any]) -> str:
    base = report["base"]
    series = _series(report)
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>Balance: {_e(report['game_name'])}</title><style>{_CSS}</style></head><body>",
        f"<h1>Balance report: {_e(report['game_name'])}</h1>",
        f"<p>{report['players']} players, {report['games']} games per configuration, seeds "
        f"from {report['seed']}, agents "
        + ("(in mixed line-ups) " if report.get("mixed_lineups") else "")
        + f"{_e(', '.join(report['agents']))}, options {_e(json.dumps(report['options']))}, "
        f"game version {report['game_version']}.</p>",
    ]
    if report["comparison"] is not None:
        comp = report["comparison"]
        cls = "bad" if comp["changed"] else "ok"
        parts.append(f"<h2>At a glance</h2><p class='{cls}'>{_e(comp['verdict'])}</p>")
        parts.append(f"<p>Tests: {_e(comp['method'])}.</p>")
        parts.append(
            f"<table><tr><th>what</th><th>{_e(base_label(report))}</th>"
            f"<th>{_e(components_label(report['components']))}</th><th>change</th>"
            "<th>p-value</th><th>test</th></tr>"
        )
        for r in comp["rows"]:
            flag = " class='flag'" if r["significant"] else ""
            p = "" if r["p_value"] is None else f"{r['p_value']:.3f}"
            parts.append(
                f"<tr{flag}><td>{_e(r['what'])}</td><td>{r['base']}</td><td>{r['variant']}</td>"
                f"<td>{r['change']:+}</td><td>{p}</td><td>{_e(r['test'] or '')}</td></tr>"
            )
        parts.append("</table>")
    for label, stats, _colour in series:
        parts.append(f"<h2>Findings: {_e(label)}</h2><ul class='findings'>")
        parts.extend(f"<li>{_e(f)}</li>" for f in stats["findings"])
        parts.append("</ul>")

    parts.append("<h2>Win rate by seat</h2>")
    parts.append(f"<img src='{report['plots']['win_rate']}' alt='win rate by seat'>")
    for label, stats, _colour in series:
        parts.append(
            f"<table><caption>{_e(label)}</caption><tr><th>seat</th><th>wins</th>"
            "<th>shared</th><th>win rate</th><th>95% interval</th><th>fair share</th></tr>"
        )
        for r in stats["win_rate_by_seat"]:
            flag = " class='flag'" if r["significant"] else ""
            parts.append(
                f"<tr{flag}><td>seat {r['seat'] + 1}</td><td>{r['wins']}</td>"
                f"<td>{r['shared_wins']}</td><td>{_pct(r['win_rate'])}</td>"
                f"<td>{_pct(r['ci95'][0])} - {_pct(r['ci95'][1])}</td>"
                f"<td>{_pct(r['fair_share'])}</td></tr>"
            )
        parts.append("</table>")

    parts.append("<h2>Scores by category</h2>")
    parts.append(f"<img src='{report['plots']['scores']}' alt='scores by category'>")
    parts.append(f"<img src='{report['plots']['score_by_seat']}' alt='final score by seat'>")
    for label, stats, _colour in series:
        parts.append(
            f"<table><caption>{_e(label)}: points per player</caption><tr><th>category</th>"
            "<th>mean</th><th>sd</th><th>min</th><th>median</th><th>max</th></tr>"
        )
        for c in stats["scores"]["categories"]:
            s = stats["scores"]["by_category"][c]
            parts.append(
                f"<tr><td>{_e(c)}</td><td>{s['mean']:.2f}</td><td>{s['sd']:.2f}</td>"
                f"<td>{s['min']:g}</td><td>{s['median']:g}</td><td>{s['max']:g}</td></tr>"
            )
        m = stats["scores"]["winning_margin"]
        if m.get("n"):
            parts.append(
                f"<tr><td><i>winning margin</i></td><td>{m['mean']:.2f}</td><td>{m['sd']:.2f}</td>"
                f"<td>{m['min']:g}</td><td>{m['median']:g}</td><td>{m['max']:g}</td></tr>"
            )
        parts.append("</table>")

    parts.append("<h2>Game length</h2>")
    parts.append(f"<img src='{report['plots']['length']}' alt='game length'>")
    parts.append(
        "<table><tr><th>configuration</th><th>decisions (mean)</th><th>median</th>"
        "<th>min</th><th>max</th><th>all actions incl. chance (mean)</th></tr>"
    )
    for label, stats, _colour in series:
        d, a = stats["length"]["decisions"], stats["length"]["actions"]
        parts.append(
            f"<tr><td>{_e(label)}</td><td>{d['mean']:.1f}</td><td>{d['median']:g}</td>"
            f"<td>{d['min']:g}</td><td>{d['max']:g}</td><td>{a['mean']:.1f}</td></tr>"
        )
    parts.append("</table>")

    parts.append("<h2>Branching factor over the game</h2>")
    parts.append(f"<img src='{report['plots']['branching']}' alt='branching factor'>")
    b = base["branching"]["overall"]
    label = base_label(report)
    if b.get("n"):
        parts.append(
            f"<p>{_e(label[:1].upper() + label[1:])}: {b['mean']:.1f} legal actions per decision "
            "on average "
            f"(median {b['median']:g}, 90th percentile {b['p90']:g}, max {b['max']:g}).</p>"
        )

    parts.append("<h2>Action types</h2>")
    parts.append(f"<img src='{report['plots']['action_types']}' alt='action types'>")
    for label, stats, _colour in series:
        parts.append(
            f"<table><caption>{_e(label)}</caption><tr><th>type</th><th>count</th>"
            "<th>share</th><th>per game</th>"
            + "".join(f"<th>seat {s + 1}</th>" for s in range(report["players"]))
            + "</tr>"
        )
        for r in stats["action_types"]:
            parts.append(
                f"<tr><td>{_e(r['type'])}</td><td>{r['count']}</td><td>{_pct(r['share'])}</td>"
                f"<td>{r['per_game']}</td>"
                + "".join(f"<td>{c}</td>" for c in r["by_seat"])
                + "</tr>"
            )
        parts.append("</table>")
    parts.append(
        "<p><small>Generated by <code>meeple analyze</code>. The same figures are in "
        "<code>report.json</code>. Every record was replayed and its result taken from the "
        "replay. Win-rate intervals are Wilson score intervals; a first place shared by k "
        "players counts as 1/k of a win. Changes are tested per row (paired t-tests when "
        "both configurations played the same seeds and agents, else two-proportion and "
        "Welch z-tests; not corrected for multiple comparisons). Action types are the "
        "first word of the notation, or for one-word moves the move with its squares "
        "written &lt;sq&gt; and numbers &lt;n&gt;, unless the game names its own."
        "</small></p></body></html>"
    )
    return "\n".join(parts)
