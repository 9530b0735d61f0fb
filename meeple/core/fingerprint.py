"""A canonical digest of a state's full contents, for tests of clone independence."""

from __future__ import annotations

import array
import hashlib
from typing import Any

from meeple.core.api import Game, State


def _canon(value: Any, depth: int = 0) -> Any:
    if depth > 60:
        raise RecursionError("state nests too deeply to fingerprint")
    if value is None or isinstance(value, bool | int | float | str | bytes):
        return value
    if isinstance(value, Game):
        return "<game>"
    if isinstance(value, list | tuple):
        return [type(value).__name__, [_canon(v, depth + 1) for v in value]]
    if isinstance(value, set | frozenset):
        return ["set", sorted(repr(_canon(v, depth + 1)) for v in value)]
    if isinstance(value, dict):
        return [
            "dict",
            sorted((repr(_canon(k, depth + 1)), _canon(v, depth + 1)) for k, v in value.items()),
        ]
    if isinstance(value, bytearray | array.array):
        return list(value)
    fields: dict[str, Any] = {}
    if hasattr(value, "__dict__"):
        fields.update(vars(value))
    for klass in type(value).__mro__:
        for slot in getattr(klass, "__slots__", ()):
            if hasattr(value, slot):
                fields[slot] = getattr(value, slot)
    return [type(value).__name__, _canon(fields, depth + 1)]


# The game's, shared by every state of the game, and caches: not part of a position.
SKIPPED = frozenset(("game", "rules", "_legal_cache", "_rows_owned"))


def fingerprint(state: State) -> str:
    """A hex digest that changes when anything in the state changes (caches excluded)."""
    caches = type(state).caches
    fields = {k: v for k, v in vars(state).items() if k not in SKIPPED and k not in caches}
    return hashlib.sha256(repr(_canon(fields)).encode()).hexdigest()
