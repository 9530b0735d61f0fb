"""Bot options as people type them: a bad one is named first, good ones parse as before."""

from __future__ import annotations

import random
import time

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
