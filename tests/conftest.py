from __future__ import annotations

import meeple
from tests.tinygame import TinyGame

meeple.register(TinyGame)
