"""The arena's statistics on a biased coin game, where the true win rates are known.

Each player calls heads or tails, then a coin that lands heads 70% of the time is
tossed for that player; a right call scores a point. An agent that always calls heads
against one that always calls tails wins alone 0.7 * 0.7 = 49% of games, loses alone
0.3 * 0.3 = 9%, and shares first place in the other 42%: a win rate of exactly 70%
when a shared first place counts half.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

import meeple
from meeple.agents.base import _AGENTS, Agent, register_agent
from meeple.arena.arena import run_arena
from meeple.core import CHANCE, Decision, Game, GameInfo, OptionSpec, State
from meeple.core.registry import unregister

HEADS, TAILS = 0, 1
P_HEADS = 0.7


class CoinState(State):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = game.players
        self.calls = [-1] * n
        self.tosses = [-1] * n
        for p in reversed(range(n)):
            self.push("toss", CHANCE, p)
            self.push("call", p)

    def _legal_call(self, d: Decision) -> list[int]:
        return [HEADS, TAILS]

    def _apply_call(self, d: Decision, action: int) -> None:
        self.calls[d.player] = action

    def _outcomes_toss(self, d: Decision) -> list[tuple[int, float]]:
        p = self.game.options["heads"]
        return [(HEADS, p), (TAILS, 1 - p)]

    def _apply_toss(self, d: Decision, action: int) -> None:
        self.tosses[d.info] = action

    def _scores(self) -> list[dict[str, int]]:
        return [{"total": int(c == t)} for c, t in zip(self.calls, self.tosses, strict=True)]

    def _rank_key(self, player: int, scores: Any) -> tuple[Any, ...]:
        return (scores[player]["total"],)

    def _observation(self, player: int | None) -> dict[str, Any]:
        return {"calls": list(self.calls), "tosses": list(self.tosses)}

    def _determinize(self, player: int, rng: random.Random) -> State:
        return self.clone()


class CoinGame(Game):
    info = GameInfo(
        id="biased_coin",
        name="Biased coin",
        min_players=2,
        max_players=4,
        version=1,
        perfect_information=True,
        options=(OptionSpec("heads", P_HEADS, None, "chance of heads", float),),
    )
    state_class = CoinState

    def num_distinct_actions(self) -> int:
        return 2

    def max_game_length(self) -> int:
        return 2 * self.players

    def action_name(self, action: int) -> str:
        return ("heads", "tails")[action]

    def render_text(self, observation: Any) -> str:
        return f"calls {observation['calls']} tosses {observation['tosses']}"


class Caller(Agent):
    call = HEADS

    def step(self, state: State) -> int:
        return self.call


class HeadsCaller(Caller):
    name = "call_heads"


class TailsCaller(Caller):
    name = "call_tails"
    call = TAILS


@pytest.fixture
def coin() -> Iterator[None]:
    """The game and its two agents exist only for the test that asks for them."""
    meeple.register(CoinGame)
    register_agent("call_heads", HeadsCaller)
    register_agent("call_tails", TailsCaller)
    try:
        yield
    finally:
        unregister("biased_coin")
        _AGENTS.pop("call_heads", None)
        _AGENTS.pop("call_tails", None)


def test_win_rates_intervals_and_ratings_match_the_coin(coin):
    n = 4000
    summary, records = run_arena("biased_coin", ["call_heads", "call_tails"], games=n, seed=3)
    rows = {r["agent"]: r for r in summary["agents"]}
    heads, tails = rows["call_heads"], rows["call_tails"]
    assert heads["games"] == tails["games"] == n == len(records)

    # Sole wins and shared wins each near their probabilities (4 standard errors).
    for count, p in ((heads["wins"], 0.49), (tails["wins"], 0.09), (heads["shared_wins"], 0.42)):
        assert abs(count / n - p) < 4 * math.sqrt(p * (1 - p) / n)
    assert heads["shared_wins"] == tails["shared_wins"]
    # Every game's first place is handed out exactly once.
    assert heads["win_rate"] + tails["win_rate"] == pytest.approx(1.0)
    assert heads["win_rate"] == pytest.approx((heads["wins"] + 0.5 * heads["shared_wins"]) / n)

    # The interval is around the measured rate, holds the true 70%, and has the width a
    # Wilson interval of 4000 games should (about +-1.4 points).
    lo, hi = heads["ci95"]
    assert lo < heads["win_rate"] < hi
    assert lo < P_HEADS < hi
    assert 0.02 < hi - lo < 0.035
    assert tails["ci95"][0] < 1 - P_HEADS < tails["ci95"][1]

    # Mean scores are the chances of a right call.
    assert abs(heads["mean_score"] - P_HEADS) < 0.03
    assert abs(tails["mean_score"] - (1 - P_HEADS)) < 0.03

    # OpenSkill: on the display scale (30 points per unit of mu) a 70% score is about 150
    # points of mu, as in Elo; sequential updates wander around it.
    gap = heads["mu"] - tails["mu"]
    assert 60 < gap < 250
    # 4000 games leave little uncertainty, so the conservative ratings keep the order.
    assert heads["sigma"] < 60 and tails["sigma"] < 60
    assert heads["rating"] == pytest.approx(heads["mu"] - 3 * heads["sigma"], abs=0.2)
    assert heads["rating"] - tails["rating"] > 60

    # Seats were rotated: each agent sat first in half of the games.
    firsts = sum(1 for r in records if r.agents[0] == "call_heads")
    assert firsts == n // 2


def test_a_fair_coin_gives_no_side_the_edge(coin):
    n = 2000
    summary, _ = run_arena(
        "biased_coin", ["call_heads", "call_tails"], games=n, seed=5, options={"heads": 0.5}
    )
    heads = next(r for r in summary["agents"] if r["agent"] == "call_heads")
    lo, hi = heads["ci95"]
    assert lo < 0.5 < hi


def test_a_first_place_shared_by_three_counts_a_third_to_each(coin):
    n = 600
    summary, records = run_arena("biased_coin", ["call_heads"] * 3, games=n, seed=7)
    three_way = sum(1 for r in records if list(r.result["ranks"]) == [1, 1, 1])
    assert three_way > 0.3 * n  # all heads or all tails: 0.343 + 0.027 of games
    # Three identical agents: the win rates add up to one whole win per game.
    assert sum(r["win_rate"] for r in summary["agents"]) == pytest.approx(1.0)
    for r in summary["agents"]:
        assert 0.25 < r["win_rate"] < 0.42
