"""The WebSocket token bucket, on a clock the test moves by hand."""

from __future__ import annotations

import pytest

from meeple.web.throttle import TokenBucket


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_up_to_the_capacity_passes_then_the_rate_holds():
    clock = Clock()
    bucket = TokenBucket(capacity=5, rate=2, clock=clock)
    assert [bucket.take() for _ in range(7)] == [True] * 5 + [False] * 2
    assert bucket.debt == 2
    clock.now += 0.4  # 0.8 of a token: still nothing
    assert not bucket.take()
    assert bucket.debt == pytest.approx(2.2)  # 0.8 paid off, 1 more refused
    clock.now += 0.1  # one whole token
    assert bucket.take()
    assert not bucket.take()


def test_flooding_runs_up_a_debt_that_bursts_do_not():
    clock = Clock()
    bucket = TokenBucket(capacity=10, rate=10, clock=clock)
    # Five times the rate for ten seconds: the debt grows by about 30 a second.
    for _ in range(500):
        bucket.take()
        clock.now += 0.02
    assert bucket.debt > 250
    # Bursts of 30 every 3 seconds (the rate on average): the debt stays small.
    calm = TokenBucket(capacity=10, rate=10, clock=clock)
    for _ in range(20):
        for _ in range(30):
            calm.take()
        clock.now += 3
    assert calm.debt < 30


def test_a_quiet_connection_refills_only_to_the_capacity():
    clock = Clock()
    bucket = TokenBucket(capacity=3, rate=10, clock=clock)
    clock.now += 3600
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


@pytest.mark.parametrize("capacity,rate", [(0, 1), (5, 0), (5, -1)])
def test_a_bucket_that_could_never_pass_is_refused(capacity, rate):
    with pytest.raises(ValueError, match="capacity"):
        TokenBucket(capacity, rate)
