"""A token bucket: how many messages one WebSocket connection may send, and how fast.

A person sends a move or a ping now and then; a client that sends hundreds a second is
broken or hostile, and every message costs the server a parse and often a database read.
Each connection may send ``capacity`` messages at once and ``rate`` a second after that;
a message over the limit is answered with an error and not acted on. Refused messages
run up a debt that is paid off at ``rate`` a second: a connection whose debt grows past a
limit is flooding, not bursting, and is closed.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    __slots__ = ("capacity", "clock", "debt", "rate", "stamp", "tokens")

    def __init__(
        self, capacity: float, rate: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if capacity < 1 or rate <= 0:
            raise ValueError("a token bucket needs a capacity of at least 1 and a positive rate")
        self.capacity = float(capacity)
        self.rate = float(rate)
        self.clock = clock
        self.tokens = float(capacity)
        self.stamp = clock()
        self.debt = 0.0

    def take(self) -> bool:
        """Spend one token if there is one; False (and one more refusal owed) if not."""
        now = self.clock()
        earned = (now - self.stamp) * self.rate
        self.stamp = now
        self.tokens = min(self.capacity, self.tokens + earned)
        self.debt = max(0.0, self.debt - earned)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.debt += 1.0
        return False
