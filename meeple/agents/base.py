"""The agent interface and the registry of agents by name."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from meeple.core.api import State
from meeple.core.errors import OptionError


class Agent:
    """Chooses an action for its seat. Gets its own RNG, so it never shifts chance.

    An agent may read only what its seat may see: ``state.observation(seat)``,
    ``state.legal_actions()`` and ``state.determinize(seat, rng)``.
    """

    name = "agent"

    def __init__(self, rng: random.Random, **options: Any) -> None:
        if options:
            raise OptionError(f"agent {self.name!r} takes no option {next(iter(options))!r}")
        self.rng = rng

    def step(self, state: State) -> int:
        raise NotImplementedError

    def observe(self, state: State, action: int) -> None:
        """Told of every action applied (after it is applied); for agents that keep state."""

    def resume_turn(self, state: State, spent: float) -> None:
        """The turn in progress so far was this seat's and its decisions took ``spent``
        seconds: for an agent made anew for each move (the web's), so that a budget for
        the whole turn counts them. Agents without one ignore it."""


class TurnTimer:
    """What the seat's turn in progress has taken, for an agent that budgets a whole turn
    (a person waits for the turn, not for each decision): where the turn began (the
    history's length), the decisions this agent took in it, and their time."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.turn: tuple[int, int, float] | None = None
        self.started = 0.0

    def begin(self, state: State) -> None:
        """A decision starts: a new turn, or one this agent has timed so far, or (None)
        one it did not see whole."""
        k = state.decisions_this_turn()
        began = len(state.history)
        turn = self.turn
        if k == 0:
            turn = (began, 0, 0.0)
        elif turn is None or turn[1] != k or turn[0] >= began:
            turn = None
        self.turn = turn
        self.started = self.clock()

    def end(self) -> None:
        if self.turn is not None:
            began, k, spent = self.turn
            self.turn = (began, k + 1, spent + self.clock() - self.started)

    def resume(self, state: State, spent: float) -> None:
        """The turn so far was this seat's and took ``spent`` (see Agent.resume_turn)."""
        k = state.decisions_this_turn()
        self.turn = (len(state.history) - k, k, spent) if k > 0 else None

    def share(self, state: State, total: float) -> float:
        """This decision's share of a turn of ``total`` seconds: half of what is left, when
        the turn's earlier decisions were timed; else by their count (half at the first,
        then a quarter, ...), which keeps the turn within ``total`` too."""
        k = state.decisions_this_turn()
        turn = self.turn
        if turn is not None and turn[1] == k and turn[0] <= len(state.history):
            return max(0.0, total - turn[2]) / 2
        return total * 0.5 ** (k + 1)


def planned_move(state: State, rng: random.Random) -> int | None:
    """The game's own plan for the decision (``State.tactic``), read from one of the
    mover's determinisations, so that it can only use what the mover sees."""
    if not state.tactics:
        return None
    return state.determinize(state.current_player(), rng).tactic()


def flag(agent: str, key: str, value: int | str) -> bool:
    """An option that is 0 or 1, refused by name otherwise."""
    if str(value) not in ("0", "1"):
        raise OptionError(f"{agent}: {key} must be 0 or 1, not {str(value)!r}")
    return str(value) == "1"


AgentFactory = Callable[..., Agent]
_AGENTS: dict[str, AgentFactory] = {}


def register_agent(name: str, factory: AgentFactory) -> None:
    _AGENTS[name] = factory


def agent_names() -> list[str]:
    return sorted(_AGENTS)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iterations=2000,seconds=1"`` -> ``("ismcts", {...})``."""
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key.strip():
                raise OptionError(f"agent option {part!r} in {spec!r} must look like key=value")
            options[key.strip()] = value.strip()
    return name.strip(), options


def split_agents(text: str) -> list[str]:
    """Split a comma-separated list of agent specs, whose own options use commas too.

    A piece with ``=`` but no ``:`` is an option of the agent before it:

    >>> split_agents("ismcts:seconds=1,rollout=10,greedy, random")
    ['ismcts:seconds=1,rollout=10', 'greedy', 'random']
    """
    specs: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if "=" in piece and ":" not in piece and specs:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def make_agent(spec: str, rng: random.Random) -> Agent:
    name, options = parse_spec(spec)
    if name not in _AGENTS:
        raise OptionError(f"no agent {name!r}; agents: {', '.join(agent_names())}")
    return _AGENTS[name](rng, **options)
