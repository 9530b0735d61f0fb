"""Bot options as people type them: a bad one is named first, good ones parse as before."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

import meeple
from meeple.agents import make_agent
from meeple.agents.ismcts import ISMCTSAgent


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=abc", "ismcts: iterations must be a whole number, not 'abc'"),
        ("ismcts:iterations=1.5", "ismcts: iterations must be a whole number, not '1.5'"),
        ("ismcts:seconds=soon", "ismcts: seconds must be a number, not 'soon'"),
        ("ismcts:c=high", "ismcts: c must be a number, not 'high'"),
        ("ismcts:rollout=", "ismcts: rollout must be a whole number, not ''"),
        ("ismcts:scale=x", "ismcts: scale must be a number, not 'x'"),
        ("ismcts:widening=x", "ismcts: widening must be a number, not 'x'"),
        ("ismcts:settle=maybe", "ismcts: settle must be 0 or 1, not 'maybe'"),
        ("ismcts:quiet=perhaps", "ismcts: quiet must be 0 or 1, not 'perhaps'"),
        ("ismcts:clock=sundial", "ismcts: clock must be wall or cpu, not 'sundial'"),
        ("ismcts:prior=oracle", "ismcts: prior must be none or greedy, not 'oracle'"),
        (
            "ismcts:prior=greedy,bias=lots",
            "ismcts: bias must be a whole number of virtual visits, not 'lots'",
        ),
        ("ismcts:prior=greedy,bias=-3", "ismcts: bias must be 0 or more virtual visits, not -3"),
        (
            "ismcts:bias=5",
            "ismcts: bias works only with prior=greedy; add prior=greedy or drop bias=5",
        ),
        # The messages for values that parse but make no search stay as they were.
        ("ismcts:iterations=-1", "ismcts: iterations must be at least 1, not -1"),
        ("ismcts:seconds=0", "ismcts: seconds must be a positive number, not 0.0"),
        ("ismcts:turn=soon", "ismcts: turn must be a number, not 'soon'"),
        ("ismcts:turn=-2", "ismcts: turn must be a positive number of seconds, not -2.0"),
        ("ismcts:tactics=yes", "ismcts: tactics must be 0 or 1, not 'yes'"),
        ("greedy:tactics=2", "greedy: tactics must be 0 or 1, not '2'"),
    ],
)
def test_a_bad_ismcts_option_is_named_in_the_message(spec, message):
    with pytest.raises(meeple.OptionError) as err:
        make_agent(spec, random.Random(1))
    assert str(err.value) == message


def test_good_ismcts_options_parse_to_the_same_settings_as_before():
    spec = (
        "ismcts:iterations=20,seconds=0.5,c=1.2,rollout=5,scale=8,widening=0.4,settle=0,"
        "clock=cpu,prior=greedy,quiet=1,bias=3"
    )
    bot = make_agent(spec, random.Random(1))
    assert isinstance(bot, ISMCTSAgent)
    assert (bot.iterations, bot.seconds, bot.c, bot.rollout, bot.scale, bot.widening) == (
        20,
        0.5,
        1.2,
        5,
        8.0,
        0.4,
    )
    assert (bot.settle, bot.prior, bot.quiet, bot.bias) == (False, "greedy", True, 3)
    assert bot.clock is time.thread_time
    plain = ISMCTSAgent(random.Random(1))
    assert (plain.iterations, plain.seconds, plain.c, plain.rollout, plain.scale) == (
        1000,
        None,
        0.7,
        10,
        10.0,
    )
    assert (plain.widening, plain.settle, plain.quiet, plain.bias, plain.prior) == (
        0.5,
        True,
        False,
        0,
        "none",
    )
    assert plain.clock is time.perf_counter


def test_a_turn_budget_gives_each_decision_of_the_turn_half_of_what_is_left():
    """turn=S: half of S to a turn's first decision, a quarter to the next, ...; never
    more than ``seconds``; a new turn starts again at half."""
    game = meeple.load("farland")
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.current_player() == meeple.CHANCE:
        state.apply_action(meeple.sample_chance(state, rng))
    agent = make_agent("ismcts:seconds=0.6,turn=2", random.Random(0))
    assert isinstance(agent, ISMCTSAgent)
    assert state.decisions_this_turn() == 0
    assert agent.budget(state) == 0.6  # half the turn is 1 s: held to seconds=0.6
    mover = state.current_player()
    steps = 0
    while state.current_player() == mover:
        assert state.decisions_this_turn() == steps
        expected = min(0.6, 2 * 0.5 ** (steps + 1))
        assert agent.budget(state) == pytest.approx(expected)
        state.apply_action(state.legal_actions()[0])
        steps += 1
        while state.current_player() == meeple.CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
    assert steps >= 1
    assert state.current_player() != mover and state.decisions_this_turn() == 0
    assert make_agent("ismcts:seconds=0.6", random.Random(0)).budget(state) == 0.6


def test_an_agent_that_timed_the_turn_gives_each_decision_half_of_what_is_left():
    """Steps this agent took itself are timed: a decision planned or forced in no time
    leaves the next search its share, and the whole turn stays within ``turn``."""
    game = meeple.load("farland")
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.current_player() == meeple.CHANCE:
        state.apply_action(meeple.sample_chance(state, rng))
    agent = make_agent("ismcts:seconds=1,turn=0.6", random.Random(0))
    assert isinstance(agent, ISMCTSAgent)

    def check(spent: float) -> None:
        assert agent.budget(state) == pytest.approx(max(0.0, 0.6 - spent) / 2)

    took = play_timed_turn(agent, state, rng, check)
    assert took < 0.6 + 0.25  # the budget, with the moves' own cost and the tree's last steps


def test_an_agent_made_anew_is_told_the_turns_time_so_far():
    """The web makes a new agent for every move and tells it what the seat's turn took so
    far (Agent.resume_turn); hard then gives the decision half of what is left, as an agent
    that took the whole turn itself would."""
    game = meeple.load("queensland")
    state = game.new_initial_state()
    rng = random.Random(0)
    played_to_decision(state, rng, 1)  # the second decision of some player's turn
    hard = make_agent("hard", random.Random(0))
    hard.resume_turn(state, 0.8)
    inner = hard.inner
    assert isinstance(inner, ISMCTSAgent) and inner.turn == 1.8
    assert inner.budget(state) == pytest.approx((1.8 - 0.8) / 2)
    # A new agent told nothing counts decisions instead: a quarter at the second.
    fresh = make_agent("hard", random.Random(0))
    assert fresh_budget(fresh, state) == pytest.approx(1.8 * 0.25)
    make_agent("greedy", random.Random(0)).resume_turn(state, 0.8)  # ignored, no error


def play_timed_turn(
    agent: Any, state: meeple.State, rng: random.Random, check: Callable[[float], None]
) -> float:
    """The mover's whole turn played by ``agent``; after each of its decisions but the
    last, the agent's own count of the turn's time (which the next decision's share reads)
    is at most the time its steps took, and ``check`` gets it. Returns that time."""
    mover = state.current_player()
    took = 0.0
    while state.current_player() == mover:
        started = time.perf_counter()
        action = agent.step(state)
        took += time.perf_counter() - started
        state.apply_action(action)
        while state.current_player() == meeple.CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
        if state.current_player() == mover:
            turn = agent.timer.turn
            assert turn is not None and turn[2] <= took + 1e-6
            check(turn[2])
    return took


def played_to_decision(state: meeple.State, rng: random.Random, k: int) -> None:
    """Random play on to the ``k``-th decision (from 0) of some player's turn."""
    while state.current_player() == meeple.CHANCE or state.decisions_this_turn() != k:
        if state.current_player() == meeple.CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def fresh_budget(agent, state) -> float:
    agent._resolve(state)
    return agent.inner.budget(state)


def test_deep_greedy_shares_a_whole_turn_as_ismcts_does():
    """Farland's hard level (deepgreedy with turn=1.5): told what the seat's turn took so
    far, a decision's deep judging gets half of what is left; told nothing, half at the
    turn's first decision and a quarter at the next; in a whole turn it plays itself it
    times its own decisions."""
    from meeple.agents.greedy import DeepGreedyAgent

    game = meeple.load("farland")
    state = game.new_initial_state()
    rng = random.Random(0)
    played_to_decision(state, rng, 1)
    hard = make_agent("hard", random.Random(0))
    hard.resume_turn(state, 0.8)
    inner = hard.inner
    assert isinstance(inner, DeepGreedyAgent) and inner.turn == 1.5
    assert inner.timer.share(state, 1.5) == pytest.approx((1.5 - 0.8) / 2)
    fresh = DeepGreedyAgent(random.Random(0), turn=1.5)
    assert fresh.timer.share(state, 1.5) == pytest.approx(1.5 * 0.25)
    with pytest.raises(meeple.OptionError, match="deepgreedy: turn must be more than 0"):
        make_agent("deepgreedy:turn=0", random.Random(0))
    # A whole turn from its first decision, timed by the agent itself.
    played_to_decision(state, rng, 0)
    agent = DeepGreedyAgent(random.Random(0), seconds=1, turn=0.3)
    play_timed_turn(agent, state, rng, lambda spent: None)
