from __future__ import annotations

import meeple
from tests.tinygame import TinyGame

meeple.register(TinyGame)
from tests.pg import pg_url  # noqa: E402  (a fresh PostgreSQL database per test)

__all__ = ["pg_url"]
