"""Greedy: one turn of lookahead, judged by the game's heuristic.

For each legal action the agent looks at the position after it, from its own
view (a determinisation), finishing the rest of its own turn greedily when a turn
is a chain of decisions, and sampling chance. It picks the action whose outcome
the game's heuristic likes best.
"""

from __future__ import annotations

import random
import time
from typing import Any

from meeple.agents.base import Agent, TurnTimer, flag, planned_move
from meeple.core.api import CHANCE, State, sample_chance
from meeple.core.errors import OptionError

DEFAULTS: dict[str, int] = {"samples": 2, "depth": 3, "width": 8}
# Measured with the arena against random (200 games, seats rotated): where a turn is one
# move and chance decides much (a flip, a draw), many samples of the chance and no
# lookahead into one's own follow-ups play far better (Crôa! 42% with the general defaults
# -> 87%, Quedlinburg Dash 63% -> 81.5%). Games whose turn is a chain of choices keep the
# lookahead.
GAME_DEFAULTS: dict[str, dict[str, int]] = {
    "croa": {"samples": 24, "depth": 1},
    "quedlinburg_dash": {"samples": 24, "depth": 1},
}


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(
        self,
        rng: random.Random,
        samples: int | str | None = None,
        depth: int | str | None = None,
        width: int | str | None = None,
        tactics: int | str = 1,
        **options: Any,
    ) -> None:
        super().__init__(rng, **options)
        # tactics=1: where the game plans a group of moves that only score together
        # (State.tactic), play its step instead of judging the step alone.
        self.tactics = flag("greedy", "tactics", tactics)
        given = (("samples", samples), ("depth", depth), ("width", width))
        self.given = {k: v for k, v in given if v is not None}
        for key, value in self.given.items():
            try:
                number = int(value)
            except ValueError:
                raise OptionError(
                    f"greedy: {key} must be a whole number, not {str(value)!r}"
                ) from None
            if number < 1:
                raise OptionError(f"greedy: {key} must be at least 1, not {number}")
        self.game_id: str | None = None

    def _configure(self, game_id: str) -> None:
        """The options given, else the game's tuned defaults, else the general ones."""
        settings = {**DEFAULTS, **GAME_DEFAULTS.get(game_id, {}), **self.given}
        self.samples = int(settings["samples"])
        self.depth = int(settings["depth"])
        self.width = int(settings["width"])
        self.game_id = game_id

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.tactics:
            planned = planned_move(state, self.rng)
            if planned is not None:
                return planned
        best: list[int] = []
        best_value = float("-inf")
        for action, value in self.values(state, legal).items():
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)

    def values(self, state: State, legal: list[int]) -> dict[int, float]:
        """Each legal action's value for the player to move: the heuristic once that
        player's turn is over, averaged over ``samples`` determinisations of their view."""
        if self.game_id != state.game.info.id:
            self._configure(state.game.info.id)
        me = state.current_player()
        values: dict[int, float] = {}
        for action in legal:
            total = 0.0
            for _ in range(self.samples):
                det = state.determinize(me, self.rng)
                det.apply_action(action)
                total += self._value(det, me, self.depth - 1)
            values[action] = total / self.samples
        return values

    def _value(self, state: State, me: int, depth: int) -> float:
        """The heuristic once ``me`` 's turn is over (chance sampled, own choices greedy)."""
        return self._leaf(state, me, depth)[0]

    def _leaf(self, state: State, me: int, depth: int) -> tuple[float, State]:
        """The position once ``me`` 's turn is over, own choices made greedily by the quick
        heuristic, and its quick value."""
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, self.rng))
                continue
            if player != me or depth <= 0:
                break
            legal = state.legal_actions()
            if len(legal) > self.width:
                legal = self.rng.sample(legal, self.width)
            best: tuple[float, State] = (float("-inf"), state)
            for a in legal:
                child = state.clone()
                child.apply_action(a)
                got = self._leaf(child, me, depth - 1)
                if got[0] > best[0]:
                    best = got
            return best
        if state.is_terminal():
            # A finished game: winning matters more than any heuristic margin.
            return 1000.0 * state.returns()[me] + state.heuristic(me), state
        return state.heuristic(me), state


class DeepGreedyAgent(GreedyAgent):
    """Greedy whose last word is the game's deep heuristic (``State.heuristic(p, deep=True)``:
    Farland counts what the improvements in the house will score once installed).

    It looks ahead as greedy does, then judges the positions it reached with the deep
    heuristic, best quick value first, for as long as ``seconds`` allows (with ``turn``,
    also the decision's share of a whole turn of that many seconds; the first is always
    judged), and plays the best of those judged: so a decision takes about ``seconds`` at
    the most, and a game whose deep heuristic is the quick one plays as greedy does.

    With ``reply=K`` the K best of those are judged once more, each after the next player
    has taken their own turn greedily on that position (their view as the mover samples
    it), and the best of those K is played: a move that leaves the opponent a fine card
    loses to one that takes it.
    """

    name = "deepgreedy"

    def __init__(
        self,
        rng: random.Random,
        samples: int | str | None = None,
        depth: int | str | None = None,
        width: int | str | None = None,
        tactics: int | str = 1,
        seconds: float | str = 1.0,
        turn: float | str | None = None,
        clock: str = "wall",
        reply: int | str = 0,
        **options: Any,
    ) -> None:
        super().__init__(rng, samples, depth, width, tactics, **options)
        self.seconds = _positive("seconds", seconds)
        # reply=K: the K best moves by the deep heuristic are judged again after the next
        # player's greedy reply (what they take from a shared market, say), which beat
        # Farland's greedy more often than more time, samples or width did (docs/bots.md).
        self.reply = _whole("reply", reply)
        self.turn = None if turn is None else _positive("turn", turn)
        if clock not in ("wall", "cpu"):
            raise OptionError(f"deepgreedy: clock must be wall or cpu, not {str(clock)!r}")
        # cpu: the thread's CPU time, for measuring on a busy machine (as ISMCTS's clock).
        self.clock = time.perf_counter if clock == "wall" else time.thread_time
        # turn=T: a whole turn's decisions share T seconds (as ISMCTS's turn option).
        self.timer = TurnTimer(self.clock)

    def step(self, state: State) -> int:
        self.timer.begin(state)
        action = super().step(state)
        self.timer.end()
        return action

    def resume_turn(self, state: State, spent: float) -> None:
        self.timer.resume(state, spent)

    def values(self, state: State, legal: list[int]) -> dict[int, float]:
        """The deep values of the actions judged in time (the others are left out)."""
        started = self.clock()
        limit = self.seconds
        if self.turn is not None:
            limit = min(limit, self.timer.share(state, self.turn))
        if self.game_id != state.game.info.id:
            self._configure(state.game.info.id)
        me = state.current_player()
        quick: dict[int, float] = {}
        leaves: dict[int, list[State]] = {}
        for action in legal:
            total = 0.0
            reached = []
            for _ in range(self.samples):
                det = state.determinize(me, self.rng)
                det.apply_action(action)
                value, leaf = self._leaf(det, me, self.depth - 1)
                total += value
                reached.append(leaf)
            quick[action] = total / self.samples
            leaves[action] = reached
        values: dict[int, float] = {}
        for k, action in enumerate(sorted(legal, key=lambda a: -quick[a])):
            if k and self.clock() - started > limit:
                break
            deep = [self._deep(leaf, me) for leaf in leaves[action]]
            values[action] = sum(deep) / len(deep)
        if self.reply and len(values) > 1:
            replied: dict[int, float] = {}
            for k, action in enumerate(sorted(values, key=lambda a: -values[a])[: self.reply]):
                if k and self.clock() - started > limit:
                    break
                after = [self._after_reply(leaf, me) for leaf in leaves[action]]
                replied[action] = sum(after) / len(after)
            return replied
        return values

    def _after_reply(self, leaf: State, me: int) -> float:
        """The deep value for ``me`` once the next player has taken their turn greedily
        (their best first decision by the quick heuristic, the rest as greedy plays it)."""
        opp = leaf.current_player()
        if leaf.is_terminal() or opp == me or opp < 0:
            return self._deep(leaf, me)
        best = float("-inf")
        end = leaf
        for a in leaf.legal_actions():
            child = leaf.clone()
            child.apply_action(a)
            value, reached = self._leaf(child, opp, self.depth - 1)
            if value > best:
                best, end = value, reached
        return self._deep(end, me)

    @staticmethod
    def _deep(leaf: State, me: int) -> float:
        if leaf.is_terminal():
            return 1000.0 * leaf.returns()[me] + leaf.heuristic(me, deep=True)
        return leaf.heuristic(me, deep=True)


def _whole(key: str, value: int | str) -> int:
    """A deepgreedy option that is a whole number, 0 or more (as ``_positive`` for seconds)."""
    try:
        number = int(value)
    except ValueError:
        raise OptionError(f"deepgreedy: {key} must be a whole number, not {value!r}") from None
    if number < 0:
        raise OptionError(f"deepgreedy: {key} must be at least 0, not {number}")
    return number


def _positive(key: str, value: float | str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise OptionError(f"deepgreedy: {key} must be a number, not {str(value)!r}") from None
    if not number > 0:
        raise OptionError(f"deepgreedy: {key} must be more than 0, not {number}")
    return number
