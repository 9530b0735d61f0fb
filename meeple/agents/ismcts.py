"""Information-set Monte Carlo tree search (single observer, Cowling et al. 2012).

Every iteration starts from a fresh determinisation of the root *from the bot's
own view* (``state.determinize(seat, rng)``), so the bot never reads what its seat
cannot see. The tree is keyed by action sequences; a child's statistics count only
the iterations in which it was available (its "availability"), as SO-ISMCTS
prescribes when determinisations offer different legal actions. Chance outcomes
are sampled from ``chance_outcomes``. Rollouts are random and stop after
``rollout`` steps, where the game's heuristic (squashed to [-1, 1]) stands in for
the result. Progressive widening keeps wide nodes (hundreds of placements) from
spreading the budget thin.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from meeple.agents.base import Agent, TurnTimer, flag, planned_move
from meeple.agents.greedy import GreedyAgent
from meeple.core.api import CHANCE, State, sample_chance
from meeple.core.errors import OptionError

WIDE = 12  # progressive widening applies to decisions with more legal moves than this
QUIET_STEPS = 40  # at most this many steps to finish a turn after a rollout (quiet=1)
TURN_FLOOR = 32  # with turn=S, a late decision of a long turn still searches this many


def _whole(key: str, value: int | str, what: str = "a whole number") -> int:
    """An option that must be a whole number, refused by name when it is not one."""
    try:
        return int(value)
    except ValueError:
        raise OptionError(f"ismcts: {key} must be {what}, not {str(value)!r}") from None


def _number(key: str, value: float | str) -> float:
    """An option that must be a number (decimals allowed), refused by name when not."""
    try:
        return float(value)
    except ValueError:
        raise OptionError(f"ismcts: {key} must be a number, not {str(value)!r}") from None


class Node:
    __slots__ = ("avail", "children", "score_diff", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0  # sum of results for the player who chose the edge into this node
        self.score_diff = 0.0  # sum of that player's point lead at the end of the iteration


class ISMCTSAgent(Agent):
    name = "ismcts"

    def __init__(
        self,
        rng: random.Random,
        iterations: int | str | None = None,
        seconds: float | str | None = None,
        c: float | str = 0.7,
        rollout: int | str = 10,
        scale: float | str = 10.0,
        widening: float | str = 0.5,
        settle: int | str = 1,
        clock: str = "wall",
        prior: str = "none",
        quiet: int | str = 0,
        bias: int | str = 0,
        turn: float | str | None = None,
        tactics: int | str = 1,
        **options: Any,
    ) -> None:
        super().__init__(rng, **options)
        self.iterations = _whole("iterations", iterations) if iterations is not None else None
        self.seconds = _number("seconds", seconds) if seconds is not None else None
        # turn=S: the whole turn's time. A turn's first decision may use half of it, the
        # next a quarter and so on (at most ``seconds`` each), so a turn of many decisions
        # (Farland: take, pay, place, rotate) still ends within S, however long it runs.
        self.turn = _number("turn", turn) if turn is not None else None
        # tactics=1: where the game plans a group of moves that only score together
        # (State.tactic), play its step instead of searching the step alone.
        self.tactics = flag("ismcts", "tactics", tactics)
        self.c = _number("c", c)
        self.rollout = _whole("rollout", rollout)
        self.scale = _number("scale", scale)
        self.widening = _number("widening", widening)
        self.settle = bool(_whole("settle", settle, "0 or 1"))
        if clock not in ("wall", "cpu"):
            raise OptionError(f"ismcts: clock must be wall or cpu, not {str(clock)!r}")
        if prior not in ("none", "greedy"):
            raise OptionError(f"ismcts: prior must be none or greedy, not {str(prior)!r}")
        # "greedy": where widening applies at the root, moves enter the tree in the order
        # of the greedy bot's one-turn values (from the bot's own view), best first,
        # instead of at random, so the moves a good player would look at are searched.
        self.prior = prior
        # quiet=1: a rollout that stops in the middle of a player's turn (a chain of
        # decisions: place, then pay, then ...) plays on at random until that turn is
        # over, so the heuristic never judges a half-made move.
        self.quiet = bool(_whole("quiet", quiet, "0 or 1"))
        # bias=N (with prior=greedy): every root move starts with N virtual visits
        # scored at the greedy value, so search must find a reason to differ from it.
        self.bias = _whole("bias", bias, "a whole number of virtual visits")
        if self.bias < 0:
            raise OptionError(f"ismcts: bias must be 0 or more virtual visits, not {self.bias}")
        if self.bias and prior != "greedy":
            raise OptionError(
                f"ismcts: bias works only with prior=greedy; add prior=greedy or drop bias={bias}"
            )
        # "cpu" counts this thread's CPU time, so a budget means the same search on a
        # busy machine (benchmarks); "wall" is what a person waiting for a move feels.
        self.clock = time.perf_counter if clock == "wall" else time.thread_time
        self._check_ranges()
        if self.iterations is None and self.seconds is None and self.turn is None:
            self.iterations = 1000
        self.last_root: Node | None = None
        self.last_iterations = 0
        self.timer = TurnTimer(self.clock)  # the turn in progress, for turn=T
        self._order: list[int] | None = None  # the root's moves, best first (prior=greedy)

    def _check_ranges(self) -> None:
        """Values that parse but make no search (a budget of nothing, a scale of 0, a
        deadline that never comes) are refused: quietly playing at random is worse."""
        if self.iterations is not None and self.iterations < 1:
            raise OptionError(f"ismcts: iterations must be at least 1, not {self.iterations}")
        if self.seconds is not None and not (0 < self.seconds < math.inf):
            raise OptionError(f"ismcts: seconds must be a positive number, not {self.seconds}")
        if self.turn is not None and not (0 < self.turn < math.inf):
            raise OptionError(f"ismcts: turn must be a positive number of seconds, not {self.turn}")
        for name, value in (("c", self.c), ("widening", self.widening)):
            if not (0 <= value < math.inf):
                raise OptionError(f"ismcts: {name} must be a number of 0 or more, not {value}")
        if not (0 < self.scale < math.inf):
            raise OptionError(f"ismcts: scale must be a positive number, not {self.scale}")
        if self.rollout < 0:
            raise OptionError(f"ismcts: rollout must be 0 or more steps, not {self.rollout}")

    # -- public ---------------------------------------------------------------------

    def step(self, state: State) -> int:
        # The turn so far, when this agent took every decision of it (TurnTimer).
        self.timer.begin(state)
        action = self._choose(state)
        self.timer.end()
        return action

    def resume_turn(self, state: State, spent: float) -> None:
        self.timer.resume(state, spent)

    def _choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.tactics:
            planned = planned_move(state, self.rng)
            if planned is not None:
                self.last_root, self.last_iterations = None, 0
                return planned
        root = self.search(state, legal if self.settle else None)
        return max(legal, key=lambda a: (self._visits(root, a), self.rng.random()))

    def analyse(self, state: State) -> list[tuple[int, int, float, float]]:
        """Per legal action: (action, visits, mean result, mean point lead it expects)."""
        root = self.search(state)
        out = []
        for a in state.legal_actions():
            child = root.children.get(a)
            if child is None or child.visits == 0:
                out.append((a, 0, 0.0, 0.0))
            else:
                out.append(
                    (a, child.visits, child.total / child.visits, child.score_diff / child.visits)
                )
        out.sort(key=lambda row: -row[1])
        return out

    def search(self, state: State, settle: list[int] | None = None) -> Node:
        """Search from ``state`` for its player.

        With a time budget and ``settle`` (the root's legal actions), the search stops early
        once the most visited move leads the runner-up by more visits than the time left
        could give (at the rate seen so far, with a margin): more search could not change
        the move ``step`` plays, so the time is not spent. A fixed iteration budget always
        runs in full, so seeded play stays reproducible.
        """
        me = state.current_player()
        root = Node()
        clock = self.clock
        started = clock()
        budget = self.budget(state)
        deadline = started + budget if budget is not None else None
        self._order = None
        if self.prior == "greedy":
            legal = state.legal_actions()
            if self.bias > 0:
                values = GreedyAgent(self.rng).values(state, legal)
                for a in legal:
                    child = root.children[a] = Node()
                    child.visits = child.avail = self.bias
                    child.total = self.bias * math.tanh(values[a] / self.scale)
                    child.score_diff = self.bias * values[a]
            elif self.widening > 0 and len(legal) > WIDE:
                values = GreedyAgent(self.rng).values(state, legal)
                self._order = sorted(legal, key=lambda a: -values[a])
        n = 0
        while True:
            if self.iterations is not None and n >= self.iterations:
                break
            if deadline is not None and n % 8 == 0:
                now = clock()
                if now >= deadline and (self.turn is None or n >= TURN_FLOOR):
                    break
                if settle is not None and n >= 64 and n % 32 == 0:
                    left = 1.25 * n * (deadline - now) / max(now - started, 1e-9) + 8
                    if self._settled(root, settle, left):
                        break
            self._iterate(root, state.determinize(me, self.rng))
            n += 1
        self.last_root = root
        self.last_iterations = n
        return root

    def budget(self, state: State) -> float | None:
        """This decision's time, in seconds: ``seconds``, or with ``turn`` its share of
        the turn: half of what is left of it, when this agent took the turn's earlier
        decisions and timed them; else by their count (half of it at the turn's first
        decision, then a quarter, ...), which also keeps the turn within ``turn``."""
        if self.turn is None:
            return self.seconds
        share = self.timer.share(state, self.turn)
        return share if self.seconds is None else min(self.seconds, share)

    # -- one iteration ------------------------------------------------------------------

    def _iterate(self, root: Node, det: State) -> None:
        node = root
        path: list[tuple[Node, int]] = []  # (child node, player who chose the edge)
        expanded = False
        while not det.is_terminal():
            player = det.current_player()
            if player == CHANCE:
                action = sample_chance(det, self.rng)
                child = node.children.get(action)
                if child is None:
                    if expanded:
                        det.apply_action(action)
                        break
                    child = node.children[action] = Node()
                    expanded = True
                child.avail += 1
                path.append((child, CHANCE))
                det.apply_action(action)
                node = child
                continue
            legal = det.legal_actions()
            for a in legal:
                ch = node.children.get(a)
                if ch is not None:
                    ch.avail += 1
            untried = [a for a in legal if a not in node.children]
            limit = len(legal)
            if self.widening > 0 and len(legal) > WIDE:
                limit = max(4, int(2 * (node.visits + 1) ** self.widening))
            tried_here = len(legal) - len(untried)
            if untried and not expanded and tried_here < limit:
                if node is root and self._order is not None:
                    action = next((a for a in self._order if a not in node.children), -1)
                    if action not in untried:
                        action = self.rng.choice(untried)
                else:
                    action = self.rng.choice(untried)
                child = node.children[action] = Node()
                child.avail += 1
                expanded = True
            elif tried_here == 0:
                # Below the tree frontier: hand over to the rollout.
                break
            else:
                action = self._select(node, legal)
                child = node.children[action]
            path.append((child, player))
            det.apply_action(action)
            node = child
            if expanded:
                break
        mover = next((p for _, p in reversed(path) if p != CHANCE), CHANCE)
        results, leads = self._rollout(det, mover)
        root.visits += 1
        for child, player in path:
            child.visits += 1
            if player >= 0:
                child.total += results[player]
                child.score_diff += leads[player]

    def _select(self, node: Node, legal: list[int]) -> int:
        """UCB1 over the available children, with availability in place of parent visits."""
        best, best_value = legal[0], float("-inf")
        for a in legal:
            ch = node.children.get(a)
            if ch is None:
                continue
            if ch.visits == 0:
                return a
            value = ch.total / ch.visits + self.c * math.sqrt(math.log(ch.avail) / ch.visits)
            if value > best_value:
                best, best_value = a, value
        return best

    def _rollout(self, det: State, mover: int = CHANCE) -> tuple[list[float], list[float]]:
        """Random play for ``rollout`` steps (``mover``: who chose the last move before it),
        then the results: the game's own at its end, else the squashed heuristic."""
        steps = 0
        rng = self.rng
        pending = det.pending  # the state's stack: empty once the game is over
        limit = self.rollout
        while pending and steps < limit:
            player = pending[-1].player
            if player != CHANCE:
                mover = player
            det.random_step(rng)
            steps += 1
        if self.quiet:
            while pending and steps < limit + QUIET_STEPS:
                player = pending[-1].player
                if player != CHANCE and player != mover:
                    break
                det.random_step(rng)
                steps += 1
        n = det.game.players
        leads = [det.heuristic(p) for p in range(n)]
        if det.is_terminal():
            return list(det.returns()), leads
        return [math.tanh(h / self.scale) for h in leads], leads

    @staticmethod
    def _settled(root: Node, legal: list[int], left: float) -> bool:
        """Whether the most visited move leads every other by more than ``left`` visits."""
        first = second = 0
        for a in legal:
            child = root.children.get(a)
            v = child.visits if child is not None else 0
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > left

    @staticmethod
    def _visits(root: Node, action: int) -> int:
        child = root.children.get(action)
        return child.visits if child is not None else -1
