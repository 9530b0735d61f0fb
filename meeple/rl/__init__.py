"""meeple inside the reinforcement-learning ecosystem: PettingZoo, Gymnasium, OpenSpiel.

The adapters need the ``rl`` extra (``pip install meeple[rl]``); importing this
package does not, so ``import meeple`` never pulls in numpy or an RL library.

- :mod:`meeple.rl.encoding`: a fixed-shape numeric encoding of any game's JSON
  observation (feature hashing) and the action mask;
- :mod:`meeple.rl.pettingzoo`: ``env(game_id, players=N, **options)``, an AEC environment;
- :mod:`meeple.rl.gymnasium`: ``make(game_id, opponents="greedy", ...)``, one seat
  against meeple bots;
- :mod:`meeple.openspiel`: ``register()`` every game as a pyspiel Python game.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from meeple.core.errors import MissingExtraError

EXTRAS = {
    "numpy": "rl",
    "pettingzoo": "rl",
    "gymnasium": "rl",
    "pyspiel": "rl",
    "open_spiel": "rl",
    "ray": "ray",
    "matplotlib": "analysis",
}


def require(module: str, extra: str | None = None) -> ModuleType:
    """Import ``module``, or raise :class:`MissingExtraError` naming the install command."""
    extra = extra or EXTRAS.get(module.split(".")[0], "rl")
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise MissingExtraError(
            f"{module} is not installed; it comes with the {extra!r} extra: "
            f"pip install 'meeple[{extra}]'"
        ) from e


__all__ = ["EXTRAS", "MissingExtraError", "require"]
