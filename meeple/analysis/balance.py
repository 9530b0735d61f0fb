"""Balance figures from game records: who wins by seat, how points are made, how long
games last, how many choices a player has as the game goes on, which actions are taken,
and what a corrected components file changes.

Everything here is computed from records (``meeple.record/1``), so the games can come
from ``meeple simulate``, any backend, or a file. Each record is replayed and checked
(:func:`meeple.core.record.replay`), with the component file it names, and the figures
come from the replayed game, never from the result the record states. Pure Python: the
plots are in :mod:`report`.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from meeple.arena.stats import wilson_interval
from meeple.core.api import CHANCE, Game, State
from meeple.core.errors import RecordError
from meeple.core.record import Record, replay, result_of

PROGRESS_BINS = 20
"""The game's decisions are cut into this many equal stretches for the branching curve."""

Z95 = 1.959964

_SQUARE = re.compile(r"[A-Za-z]\d+")
_NUMBER = re.compile(r"\d+")


def action_type(notation: str) -> str:
    """The kind of an action, from its notation.

    Notation of several words is typed by its first word, lower-cased ("place tile 3"
    is "place"). A notation of one word is that word, except that its board squares (a
    letter and digits, "a1") become ``<sq>`` and other numbers ``<n>``, so that Crôa!'s
    ``Qa1-b2`` and ``Sb1-c2`` are the kinds ``Q<sq>-<sq>`` and ``S<sq>-<sq>`` (queen and
    servant jumps) rather than one kind per move. A game may define
    ``Game.action_type(action) -> str`` instead (see :func:`action_typer`).
    """
    words = notation.split()
    if not words:
        return "?"
    if len(words) > 1 or not any(ch.isdigit() for ch in words[0]):
        return words[0].lower()
    return _NUMBER.sub("<n>", _SQUARE.sub("<sq>", words[0]))


def action_typer(game: Game) -> Callable[[int], str]:
    """How the analysis names the kind of each action of ``game``: the game's own
    ``action_type(action)`` if it has one, else :func:`action_type` of the action's
    notation."""
    hook = getattr(game, "action_type", None)
    if callable(hook):
        return lambda action: str(hook(action))
    return lambda action: action_type(game.action_name(action))


def summary(values: Sequence[float]) -> dict[str, float]:
    """Count, mean, standard deviation and quartiles of a list of numbers."""
    if not values:
        return {"n": 0}
    xs = sorted(float(v) for v in values)
    n = len(xs)
    return {
        "n": n,
        "mean": round(statistics.fmean(xs), 4),
        "sd": round(statistics.stdev(xs), 4) if n > 1 else 0.0,
        "min": xs[0],
        "p10": _quantile(xs, 0.1),
        "q1": _quantile(xs, 0.25),
        "median": _quantile(xs, 0.5),
        "q3": _quantile(xs, 0.75),
        "p90": _quantile(xs, 0.9),
        "max": xs[-1],
    }


def _quantile(xs: Sequence[float], q: float) -> float:
    """Linear-interpolated quantile of sorted values."""
    if len(xs) == 1:
        return xs[0]
    pos = q * (len(xs) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return round(xs[lo] + (xs[hi] - xs[lo]) * (pos - lo), 4)


class GameTrace:
    """What one replayed game shows: per decision, who chose, among how many, and what.

    The record is replayed with :func:`meeple.core.record.replay` (every action checked,
    with the component file the record names, and a stated result compared with the
    replayed one); the result used is the replayed game's own. A game that is not over
    is refused.
    """

    __slots__ = ("actions", "branching", "chance", "decisions", "result", "types")

    def __init__(self, record: Record) -> None:
        self.branching: list[int] = []
        self.types: list[tuple[int, str]] = []  # (seat, action type) per decision
        self.chance = 0
        type_of: Callable[[int], str] | None = None

        def measure(state: State, action: int) -> None:
            # Called by the checked replay before each action: one pass, not two.
            nonlocal type_of
            if type_of is None:
                type_of = action_typer(state.game)
            player = state.current_player()
            if player == CHANCE:
                self.chance += 1
            else:
                self.branching.append(len(state.legal_actions()))
                self.types.append((player, type_of(action)))

        final = replay(record, before_each=measure)
        if not final.is_terminal():
            raise RecordError(
                f"the game is not over after {len(record.actions)} actions; "
                "only finished games can be analysed"
            )
        self.result: dict[str, Any] = result_of(final)
        self.actions = len(record.actions)
        self.decisions = len(self.branching)


def setup_of(record: Record) -> tuple[Any, ...]:
    """What records must share to be analysed together: game, version, player count,
    options and component file (by content when the record has its digest)."""
    comp = record.components
    comp_key = None if comp is None else (comp.get("sha256") or comp["path"])
    return (
        record.game,
        record.game_version,
        record.players,
        sorted(record.options.items()),
        comp_key,
    )


def _setup_difference(record: Record, first: Record) -> tuple[str, str]:
    """How ``record``'s setup differs from ``first``'s, in words: (record's, first's)."""
    if (record.game, record.game_version) != (first.game, first.game_version):
        return (
            f"{record.game} version {record.game_version}",
            f"{first.game} version {first.game_version}",
        )
    if record.players != first.players:
        return f"{record.players} players", f"{first.players} players"
    if record.options != first.options:
        return f"options {record.options}", f"options {first.options}"

    def comp(r: Record) -> str:
        return components_label(None if r.components is None else r.components["path"])

    label, first_label = comp(record), comp(first)
    if label == first_label:  # the same file name, other contents
        label += f" (sha256 {(record.components or {}).get('sha256', '?')[:12]})"
        first_label += f" (sha256 {(first.components or {}).get('sha256', '?')[:12]})"
    return label, first_label


def win_points(ranks: Sequence[int]) -> list[float]:
    """Each seat's share of a game's win: 1 to a sole winner, 1/k to each of k players who
    share first place, 0 otherwise (so a game's win points add up to one)."""
    firsts = sum(1 for r in ranks if r == 1)
    return [1 / firsts if r == 1 else 0.0 for r in ranks]


def analyse(records: Iterable[Record], where: Sequence[str] | None = None) -> dict[str, Any]:
    """The balance figures of a set of finished games, all of one game, version, player
    count, options and component file (a mix is refused).

    ``where`` names each record for error messages (e.g. "games.jsonl, record on line 3");
    by default "game 1", "game 2" ...
    """
    recs = list(records)
    if not recs:
        raise ValueError("no games to analyse")
    names = list(where) if where is not None else [f"game {i + 1}" for i in range(len(recs))]
    if len(names) != len(recs):
        raise ValueError("give one name per record in 'where'")
    first = setup_of(recs[0])
    for name, r in zip(names, recs, strict=True):
        if setup_of(r) != first:
            why, was = _setup_difference(r, recs[0])
            raise RecordError(
                f"{name}: played with {why}, but the first record with {was}; analyse one "
                "game, player count, options and component file at a time"
            )
    traces = []
    for name, r in zip(names, recs, strict=True):
        try:
            traces.append(GameTrace(r))
        except RecordError as e:
            raise RecordError(f"{name}: {e}", index=e.index) from None
    players = recs[0].players
    n = len(traces)

    # Win rate by seat: a sole first place is a win; one shared by k players is 1/k of a
    # win to each (as in the arena and 'meeple simulate').
    wins = [0] * players
    shared = [0] * players
    points = [0.0] * players
    per_game_points = []
    for t in traces:
        ranks = t.result["ranks"]
        game_points = win_points(ranks)
        per_game_points.append(game_points)
        for seat, r in enumerate(ranks):
            points[seat] += game_points[seat]
            if r == 1:
                if game_points[seat] == 1:
                    wins[seat] += 1
                else:
                    shared[seat] += 1
    fair = 1.0 / players
    seats = []
    for seat in range(players):
        lo, hi = wilson_interval(points[seat], n)
        seats.append(
            {
                "seat": seat,
                "wins": wins[seat],
                "shared_wins": shared[seat],
                "win_rate": round(points[seat] / n, 4),
                "ci95": [round(lo, 4), round(hi, 4)],
                "fair_share": round(fair, 4),
                "significant": not lo <= fair <= hi,
            }
        )

    # Scores: every category of the breakdown, pooled over seats and per seat.
    categories: list[str] = []
    for t in traces:
        for row in t.result.get("breakdown") or []:
            for k in row:
                if k not in categories:
                    categories.append(k)
    if "total" in categories:
        categories.remove("total")
        categories.append("total")
    if not categories:
        categories = ["total"]
    pooled: dict[str, list[float]] = {c: [] for c in categories}
    per_seat: list[dict[str, list[float]]] = [{c: [] for c in categories} for _ in range(players)]
    for t in traces:
        breakdown = t.result.get("breakdown") or [{"total": s} for s in t.result["scores"]]
        for seat, row in enumerate(breakdown):
            for c in categories:
                v = float(row.get(c, 0))
                pooled[c].append(v)
                per_seat[seat][c].append(v)
    margins = []
    for t in traces:
        totals = sorted(t.result["scores"], reverse=True)
        if len(totals) > 1:
            margins.append(float(totals[0] - totals[1]))

    # Branching factor over the game, by stretch of the game and by decision number.
    by_bin: list[list[int]] = [[] for _ in range(PROGRESS_BINS)]
    by_index: dict[int, list[int]] = {}
    all_branching: list[int] = []
    for t in traces:
        d = t.decisions
        for i, b in enumerate(t.branching):
            by_bin[min(PROGRESS_BINS - 1, i * PROGRESS_BINS // max(1, d))].append(b)
            by_index.setdefault(i, []).append(b)
            all_branching.append(b)
    progress = []
    for k, values in enumerate(by_bin):
        s = summary(values)
        progress.append({"from": k / PROGRESS_BINS, "to": (k + 1) / PROGRESS_BINS, **s})
    # Decision numbers reached by at least a quarter of the games.
    by_decision = [
        {"decision": i, **summary(v)} for i, v in sorted(by_index.items()) if len(v) * 4 >= n
    ]

    # Action types: how often each kind of decision is taken, overall and by seat.
    counts: Counter[str] = Counter()
    seat_counts: list[Counter[str]] = [Counter() for _ in range(players)]
    for t in traces:
        for seat, kind in t.types:
            counts[kind] += 1
            seat_counts[seat][kind] += 1
    total_decisions = sum(counts.values()) or 1
    action_types = [
        {
            "type": kind,
            "count": c,
            "share": round(c / total_decisions, 4),
            "per_game": round(c / n, 3),
            "by_seat": [seat_counts[s][kind] for s in range(players)],
        }
        for kind, c in counts.most_common()
    ]

    out: dict[str, Any] = {
        "games": n,
        "players": players,
        "components": recs[0].components,
        "win_rate_by_seat": seats,
        "scores": {
            "categories": categories,
            "by_category": {c: summary(pooled[c]) for c in categories},
            "by_seat": [{c: summary(per_seat[s][c]) for c in categories} for s in range(players)],
            "winning_margin": summary(margins),
            "raw": {c: pooled[c] for c in categories},
        },
        "length": {
            "actions": summary([t.actions for t in traces]),
            "decisions": summary([t.decisions for t in traces]),
            "chance": summary([t.chance for t in traces]),
            "raw_decisions": [t.decisions for t in traces],
        },
        "branching": {
            "overall": summary(all_branching),
            "by_progress": progress,
            "by_decision": by_decision,
        },
        "action_types": action_types,
        # Per game, in record order: what pairs two runs game by game (see compare).
        "per_game": {
            "seeds": [r.seed for r in recs],
            "agents": [r.agents for r in recs],
            "win_points": [[round(p, 6) for p in g] for g in per_game_points],
        },
    }
    out["findings"] = findings(out)
    return out


def findings(stats: dict[str, Any]) -> list[str]:
    """Sentences a designer reads first: what stands out in these figures."""
    notes = []
    for row in stats["win_rate_by_seat"]:
        if row["significant"]:
            side = "more" if row["win_rate"] > row["fair_share"] else "less"
            notes.append(
                f"Seat {row['seat'] + 1} wins {side} often than a fair share: "
                f"{row['win_rate']:.0%} (95% CI {row['ci95'][0]:.0%}-{row['ci95'][1]:.0%}) "
                f"against {row['fair_share']:.0%}."
            )
    if not notes:
        notes.append(
            "No seat's win rate differs significantly from a fair share "
            f"({stats['win_rate_by_seat'][0]['fair_share']:.0%}) in {stats['games']} "
            f"game{'s' if stats['games'] != 1 else ''}."
        )
    types = stats["action_types"]
    if types:
        top = types[0]
        notes.append(f"The most common decision is '{top['type']}' ({top['share']:.0%}).")
    b = stats["branching"]["overall"]
    if b.get("n"):
        notes.append(
            f"A player chooses among {b['mean']:.1f} actions on average "
            f"(median {b['median']:g}, up to {b['max']:g})."
        )
    return notes


# -- comparing two configurations ----------------------------------------------------------


def _two_proportion_p(x1: float, n1: int, x2: float, n2: int) -> float | None:
    """Two-sided p-value that two proportions are equal (normal approximation); ``None``
    when a side has no games, so there is nothing to test."""
    if n1 == 0 or n2 == 0:
        return None
    p = (x1 + x2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    z = (x1 / n1 - x2 / n2) / se
    return math.erfc(abs(z) / math.sqrt(2))


def _mean_diff_p(a: Sequence[float], b: Sequence[float]) -> float | None:
    """Two-sided p-value that two means are equal (Welch's statistic, normal tail); ``None``
    when a side has fewer than two values, so its spread is unknown."""
    if len(a) < 2 or len(b) < 2:
        return None
    va, vb = statistics.variance(a), statistics.variance(b)
    se = math.sqrt(va / len(a) + vb / len(b))
    if se == 0:
        return 1.0 if statistics.fmean(a) == statistics.fmean(b) else 0.0
    z = (statistics.fmean(a) - statistics.fmean(b)) / se
    return math.erfc(abs(z) / math.sqrt(2))


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        for aa in (
            m * (b - m) * x / ((qam + m2) * (a + m2)),
            -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)),
        ):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_two_sided_p(t: float, df: int) -> float:
    """Two-sided p-value of Student's t statistic ``t`` with ``df`` degrees of freedom."""
    if math.isinf(t):
        return 0.0
    return min(1.0, _betainc(df / 2.0, 0.5, df / (df + t * t)))


def paired_t_p(a: Sequence[float], b: Sequence[float]) -> float | None:
    """Two-sided p-value of a paired t-test: is the mean of ``b[i] - a[i]`` zero?

    ``None`` for fewer than two pairs: one game gives no spread to test against.
    """
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    if len(diffs) < 2:
        return None
    mean = statistics.fmean(diffs)
    sd = statistics.stdev(diffs)
    if sd == 0:
        return 1.0 if mean == 0 else 0.0
    return t_two_sided_p(mean / (sd / math.sqrt(len(diffs))), len(diffs) - 1)


def is_paired(base: dict[str, Any], variant: dict[str, Any]) -> bool:
    """Whether two analyses are of the same games played twice: the same number of games,
    players, seeds (all known) and agents, game by game."""
    pb, pv = base.get("per_game"), variant.get("per_game")
    if (
        not pb
        or not pv
        or base["games"] != variant["games"]
        or base["players"] != variant["players"]
    ):
        return False
    return (
        None not in pb["seeds"]
        and pb["seeds"] == pv["seeds"]
        and None not in pb["agents"]
        and pb["agents"] == pv["agents"]
    )


def _per_game_means(values: Sequence[float], players: int) -> list[float]:
    """Pooled per-seat values (game by game, seat by seat) as one mean per game."""
    return [statistics.fmean(values[i : i + players]) for i in range(0, len(values), players)]


PAIRED_TEST = "paired t-test"
PROPORTION_TEST = "two-proportion z-test"
WELCH_TEST = "Welch z-test"


def compare(
    base: dict[str, Any], variant: dict[str, Any], alpha: float = 0.05, paired: bool | None = None
) -> dict[str, Any]:
    """What changes from ``base`` to ``variant``, row by row with a p-value.

    When the two are the same games played twice (same seeds and agents, game by game:
    :func:`is_paired`, or ``paired=True``), every row is a paired t-test over the games
    (per game: the seat's win points, the mean points of a category over the seats, the
    number of decisions), which sees a change that is small next to the spread between
    games. Otherwise the win rates get a two-proportion z-test and the means a Welch
    z-test.
    """
    if not 0 < alpha < 1:
        raise ValueError(f"alpha is a significance level between 0 and 1, not {alpha}")
    if paired is None:
        paired = is_paired(base, variant)
    elif paired and not is_paired(base, variant):
        raise ValueError("these analyses are not of the same seeds and agents game by game")
    rows: list[dict[str, Any]] = []
    n1, n2 = base["games"], variant["games"]
    players = base["players"]

    # One game a side gives no spread: every p-value would be made up.
    testable = n1 >= 2 and n2 >= 2

    def row(what: str, b: float, v: float, digits: int, p: float | None, test: str | None) -> None:
        if not testable:
            p = None
        rows.append(
            {
                "what": what,
                "base": round(b, digits),
                "variant": round(v, digits),
                "change": round(v - b, digits),
                "p_value": None if p is None else round(p, 4),
                "test": None if p is None else test,
                "significant": p is not None and p < alpha,
            }
        )

    # Seat by seat only at the same player count: a seat's fair share differs otherwise
    # (a third against a quarter), so a "change" in it would say nothing about balance.
    same_count = players == variant["players"]
    notes = (
        []
        if same_count
        else [
            f"the seats' win rates are not compared: {players} players against "
            f"{variant['players']}, so each seat's fair share differs"
        ]
    )
    seat_pairs = zip(base["win_rate_by_seat"], variant["win_rate_by_seat"], strict=True)
    for seat, (b, v) in enumerate(seat_pairs if same_count else []):
        if paired:
            p = paired_t_p(
                [g[seat] for g in base["per_game"]["win_points"]],
                [g[seat] for g in variant["per_game"]["win_points"]],
            )
        else:
            p = _two_proportion_p(b["win_rate"] * n1, n1, v["win_rate"] * n2, n2)
        test = PAIRED_TEST if paired else PROPORTION_TEST
        row(f"seat {b['seat'] + 1} win rate", b["win_rate"], v["win_rate"], 4, p, test)
    raw_b, raw_v = base["scores"]["raw"], variant["scores"]["raw"]
    for c in base["scores"]["categories"]:
        if c not in raw_v:
            continue
        mb, mv = statistics.fmean(raw_b[c]), statistics.fmean(raw_v[c])
        if paired:
            p = paired_t_p(_per_game_means(raw_b[c], players), _per_game_means(raw_v[c], players))
        else:
            p = _mean_diff_p(raw_b[c], raw_v[c])
        row(f"mean {c} points", mb, mv, 3, p, PAIRED_TEST if paired else WELCH_TEST)
    lb, lv = base["length"]["raw_decisions"], variant["length"]["raw_decisions"]
    p = paired_t_p(lb, lv) if paired else _mean_diff_p(lb, lv)
    row(
        "decisions per game",
        statistics.fmean(lb),
        statistics.fmean(lv),
        3,
        p,
        PAIRED_TEST if paired else WELCH_TEST,
    )
    bb, bv = base["branching"]["overall"], variant["branching"]["overall"]
    if bb.get("n") and bv.get("n"):
        row("mean branching factor", bb["mean"], bv["mean"], 4, None, None)
    changed = [r["what"] for r in rows if r["significant"]]
    level = f"{alpha * 100:g}%"
    if not testable:
        verdict = "Not tested: each side needs at least two games."
    elif changed:
        verdict = f"Significant changes ({level} level): " + ", ".join(changed) + "."
    else:
        verdict = f"No significant change at the {level} level."
    if not testable:
        method = f"none: {n1} and {n2} games, and a test needs at least two a side"
    elif paired:
        method = (
            f"paired t-tests over the {n1} games, each played with the same seed and agents "
            "in both configurations"
        )
    else:
        method = (
            "two-proportion z-tests for win rates and Welch z-tests for means "
            "(the games are not paired)"
        )
    return {
        "alpha": alpha,
        "paired": paired,
        "method": method,
        "rows": rows,
        "changed": changed,
        "verdict": verdict,
        "notes": notes,
    }


def components_label(path: str | Path | None) -> str:
    """How reports name a component file (``None``: the components packaged with the game)."""
    return "packaged components" if path is None else f"components from {Path(path).name}"
