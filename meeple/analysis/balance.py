"""Balance figures from game records: who wins by seat, how points are made, how long
games last, how many choices a player has as the game goes on, which actions are taken,
and what a corrected components file changes.

Everything here is computed from records (``meeple.record/1``), so the games can come
from ``meeple simulate``, any backend, or a file; each record is replayed once to see
the legal choices at every decision. Pure Python: the plots are in :mod:`report`.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from meeple.arena.stats import wilson_interval
from meeple.core.api import CHANCE
from meeple.core.record import Record, game_of

PROGRESS_BINS = 20
"""The game's decisions are cut into this many equal stretches for the branching curve."""

Z95 = 1.959964


def action_type(notation: str) -> str:
    """The kind of an action: the first word of its notation ("place", "draw" ...)."""
    word = notation.strip().split(maxsplit=1)
    return word[0].lower() if word else "?"


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
    """What one replayed game shows: per decision, who chose, among how many, and what."""

    __slots__ = ("actions", "branching", "chance", "decisions", "result", "types")

    def __init__(self, record: Record) -> None:
        from meeple.core.errors import MeepleError, RecordError

        game = game_of(record)
        state = game.new_initial_state()
        self.branching: list[int] = []
        self.types: list[tuple[int, str]] = []  # (seat, action type) per decision
        self.chance = 0
        for i, text in enumerate(record.actions):
            try:
                action = state.string_to_action(text)
                player = state.current_player()
                if player == CHANCE:
                    self.chance += 1
                else:
                    self.branching.append(len(state.legal_actions()))
                    self.types.append((player, action_type(text)))
                state.apply_action(action)
            except MeepleError as e:
                raise RecordError(f"action {i} ({text!r}) is refused: {e}", index=i) from None
        self.actions = len(record.actions)
        self.decisions = len(self.branching)
        if record.result is None:
            raise RecordError("the record has no result: the game did not finish")
        self.result = record.result


def analyse(records: Iterable[Record]) -> dict[str, Any]:
    """The balance figures of a set of finished games (same game and player count)."""
    traces = [GameTrace(r) for r in records]
    if not traces:
        raise ValueError("no games to analyse")
    players = len(traces[0].result["ranks"])
    n = len(traces)

    # Win rate by seat: a sole first place is a win; a shared one counts half.
    wins = [0] * players
    shared = [0] * players
    for t in traces:
        ranks = t.result["ranks"]
        firsts = sum(1 for r in ranks if r == 1)
        for seat, r in enumerate(ranks):
            if r == 1:
                if firsts == 1:
                    wins[seat] += 1
                else:
                    shared[seat] += 1
    fair = 1.0 / players
    seats = []
    for seat in range(players):
        points = wins[seat] + 0.5 * shared[seat]
        lo, hi = wilson_interval(points, n)
        seats.append(
            {
                "seat": seat,
                "wins": wins[seat],
                "shared_wins": shared[seat],
                "win_rate": round(points / n, 4),
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
            f"({stats['win_rate_by_seat'][0]['fair_share']:.0%}) in {stats['games']} games."
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


def _two_proportion_p(x1: float, n1: int, x2: float, n2: int) -> float:
    """Two-sided p-value that two proportions are equal (normal approximation)."""
    if n1 == 0 or n2 == 0:
        return 1.0
    p = (x1 + x2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    z = (x1 / n1 - x2 / n2) / se
    return math.erfc(abs(z) / math.sqrt(2))


def _mean_diff_p(a: Sequence[float], b: Sequence[float]) -> float:
    """Two-sided p-value that two means are equal (Welch's statistic, normal tail)."""
    if len(a) < 2 or len(b) < 2:
        return 1.0
    va, vb = statistics.variance(a), statistics.variance(b)
    se = math.sqrt(va / len(a) + vb / len(b))
    if se == 0:
        return 1.0 if statistics.fmean(a) == statistics.fmean(b) else 0.0
    z = (statistics.fmean(a) - statistics.fmean(b)) / se
    return math.erfc(abs(z) / math.sqrt(2))


def compare(base: dict[str, Any], variant: dict[str, Any], alpha: float = 0.05) -> dict[str, Any]:
    """What changes from ``base`` to ``variant`` (the same seeds with other components)."""
    rows: list[dict[str, Any]] = []
    n1, n2 = base["games"], variant["games"]
    for b, v in zip(base["win_rate_by_seat"], variant["win_rate_by_seat"], strict=True):
        x1 = b["win_rate"] * n1
        x2 = v["win_rate"] * n2
        p = _two_proportion_p(x1, n1, x2, n2)
        rows.append(
            {
                "what": f"seat {b['seat'] + 1} win rate",
                "base": b["win_rate"],
                "variant": v["win_rate"],
                "change": round(v["win_rate"] - b["win_rate"], 4),
                "p_value": round(p, 4),
                "significant": p < alpha,
            }
        )
    raw_b, raw_v = base["scores"]["raw"], variant["scores"]["raw"]
    for c in base["scores"]["categories"]:
        if c not in raw_v:
            continue
        mb, mv = statistics.fmean(raw_b[c]), statistics.fmean(raw_v[c])
        p = _mean_diff_p(raw_b[c], raw_v[c])
        rows.append(
            {
                "what": f"mean {c} points",
                "base": round(mb, 3),
                "variant": round(mv, 3),
                "change": round(mv - mb, 3),
                "p_value": round(p, 4),
                "significant": p < alpha,
            }
        )
    lb, lv = base["length"]["raw_decisions"], variant["length"]["raw_decisions"]
    p = _mean_diff_p(lb, lv)
    rows.append(
        {
            "what": "decisions per game",
            "base": round(statistics.fmean(lb), 3),
            "variant": round(statistics.fmean(lv), 3),
            "change": round(statistics.fmean(lv) - statistics.fmean(lb), 3),
            "p_value": round(p, 4),
            "significant": p < alpha,
        }
    )
    bb, bv = base["branching"]["overall"], variant["branching"]["overall"]
    if bb.get("n") and bv.get("n"):
        rows.append(
            {
                "what": "mean branching factor",
                "base": bb["mean"],
                "variant": bv["mean"],
                "change": round(bv["mean"] - bb["mean"], 4),
                "p_value": None,
                "significant": False,
            }
        )
    changed = [r["what"] for r in rows if r["significant"]]
    verdict = (
        "No significant change at the 5% level."
        if not changed
        else "Significant changes (5% level): " + ", ".join(changed) + "."
    )
    return {"alpha": alpha, "rows": rows, "changed": changed, "verdict": verdict}


def components_label(path: str | Path | None) -> str:
    return "packaged components" if path is None else f"components from {Path(path).name}"
