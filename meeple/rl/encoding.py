"""A fixed-shape numeric view of any game's JSON observation, and the action mask.

Every game's ``observation(player)`` is JSON data of its own shape. A learner wants
a vector of the same length at every step, in every game. This module gives one
by *feature hashing*: every leaf of the observation, named by its JSON path
(``board/3/owner``), becomes one or two features whose slot in the vector is a
stable hash of the path (and, for a categorical value, of the value):

- a number adds its value at ``hash(path)`` (signed by another bit of the hash,
  so collisions cancel out on average instead of piling up) and, for a small
  whole number, a one at ``hash(path=value)`` too, so a learner can read it as
  a category (whose turn, which colour) as well as a quantity;
- a string, a bool or null adds a one at ``hash(path=value)``;
- a list also adds its length at ``hash(path/#)``.

The first slots are not hashed: a one-hot of the observing seat, then a one-hot
of the player to move (when the observation can tell). Hashes are CRC-32, the
same in every process and on every machine, so a vector means the same thing
in a training run and in a deployment.

A game that knows a better encoding provides it: a method
``observation_tensor(observation, player) -> Sequence[float]`` on its ``Game``
class (the length must not depend on the position). It is used instead of the
hashing, and its length is read once from the initial state.
"""

from __future__ import annotations

import operator
import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meeple.core.api import Game, State
from meeple.core.errors import NotationError, OptionError
from meeple.rl import require

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

DEFAULT_SIZE = 2048
"""Length of the hashed vector (before the seat slots): enough for the largest boards."""

LIMIT = 1e6
"""Every entry of an encoded vector lies in ``[-LIMIT, LIMIT]`` (the spaces' bounds)."""

_SMALL_INT = 32  # whole numbers with |v| <= this also get a categorical feature


def _crc(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


class ObservationEncoder:
    """Turns ``state.observation(player)`` into a float32 vector of fixed length."""

    def __init__(self, game: Game, size: int = DEFAULT_SIZE) -> None:
        try:
            # A whole number (numpy's too), never a bool.
            n = -1 if isinstance(size, bool) else operator.index(size)
        except TypeError:
            n = -1
        if n < 1:
            raise OptionError(
                "obs_size is the length of the hashed vector: a whole number of at least 1, "
                f"not {size!r}"
            )
        size = n
        self.np = require("numpy")
        self.game = game
        self.players = game.players
        self.hashed_size = size
        hook = getattr(game, "observation_tensor", None)
        self.hook: Callable[[Mapping[str, Any], int | None], Sequence[float]] | None = (
            hook if callable(hook) else None
        )
        self._slot_cache: dict[str, tuple[int, float]] = {}
        if self.hook is not None:
            initial = game.new_initial_state()
            self.size = len(self.hook(initial.observation(0), 0))
        else:
            self.size = 2 * self.players + size

    # -- public -------------------------------------------------------------------

    def encode_state(self, state: State, player: int | None) -> npt.NDArray[np.float32]:
        """The vector for ``player`` 's view of ``state`` (``None``: a spectator's)."""
        obs = state.observation(player)
        to_move = state.current_player()
        return self.encode(obs, player, to_move if 0 <= to_move < self.players else None)

    def encode(
        self, observation: Mapping[str, Any], player: int | None, to_move: int | None = None
    ) -> npt.NDArray[np.float32]:
        """The vector for an observation seen by ``player`` (``None``: a spectator)."""
        np_ = self.np
        if self.hook is not None:
            vec = np_.clip(
                np_.asarray(self.hook(observation, player), dtype=np_.float32), -LIMIT, LIMIT
            )
            if vec.shape != (self.size,):
                raise ValueError(
                    f"{self.game.info.id}: observation_tensor gave shape {vec.shape}, "
                    f"expected ({self.size},)"
                )
            return vec  # type: ignore[no-any-return]
        out = np_.zeros(self.size, dtype=np_.float32)
        if player is not None:
            out[player] = 1.0
        if to_move is not None:
            out[self.players + to_move] = 1.0
        base = 2 * self.players
        values: dict[int, float] = {}
        self._walk(observation, "", values)
        if values:
            idx = np_.fromiter(values.keys(), dtype=np_.int64, count=len(values))
            val = np_.fromiter(values.values(), dtype=np_.float64, count=len(values))
            out[base + idx] = np_.clip(val, -LIMIT, LIMIT).astype(np_.float32)
        return out  # type: ignore[no-any-return]

    def features(self, observation: Mapping[str, Any]) -> list[tuple[str, float]]:
        """The (feature name, value) pairs before hashing, for inspection and docs."""
        pairs: list[tuple[str, float]] = []
        self._leaves(observation, "", pairs)
        return pairs

    # -- hashing --------------------------------------------------------------------

    def _slot(self, name: str) -> tuple[int, float]:
        hit = self._slot_cache.get(name)
        if hit is None:
            h = _crc(name)
            hit = (h % self.hashed_size, -1.0 if (h >> 31) & 1 else 1.0)
            if len(self._slot_cache) < 200_000:
                self._slot_cache[name] = hit
        return hit

    def _walk(self, node: Any, path: str, values: dict[int, float]) -> None:
        pairs: list[tuple[str, float]] = []
        self._leaves(node, path, pairs)
        for name, v in pairs:
            slot, sign = self._slot(name)
            values[slot] = values.get(slot, 0.0) + sign * v

    def _leaves(self, node: Any, path: str, out: list[tuple[str, float]]) -> None:
        if isinstance(node, Mapping):
            for k, v in node.items():
                self._leaves(v, f"{path}/{k}", out)
        elif isinstance(node, (list, tuple)):
            out.append((f"{path}/#", float(len(node))))
            for i, v in enumerate(node):
                self._leaves(v, f"{path}/{i}", out)
        elif isinstance(node, bool) or node is None or isinstance(node, str):
            out.append((f"{path}={_scalar_text(node)}", 1.0))
        elif isinstance(node, int):
            out.append((path, float(node)))
            if -_SMALL_INT <= node <= _SMALL_INT:
                out.append((f"{path}={node}", 1.0))
        elif isinstance(node, float):
            out.append((path, node if node == node else 0.0))
        else:
            out.append((f"{path}={node!s}", 1.0))


def _scalar_text(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def action_mask(state: State, player: int | None = None) -> npt.NDArray[np.int8]:
    """An int8 mask over the game's action space: 1 for each legal action of ``player``.

    With ``player`` given, a player who is not to act gets all zeros; at a chance node
    or at the end the mask is all zeros too.
    """
    np_ = require("numpy")
    mask = np_.zeros(state.game.num_distinct_actions(), dtype=np_.int8)
    if state.is_terminal() or state.current_player() < 0:
        return mask  # type: ignore[no-any-return]
    if player is not None and player != state.current_player():
        return mask  # type: ignore[no-any-return]
    legal = state.legal_actions()
    if legal:
        mask[legal] = 1
    return mask  # type: ignore[no-any-return]


def action_id(action: Any) -> int:
    """``action`` as an action id: a whole number (a Python or numpy integer).

    Anything else (a float, a string, a bool) raises
    :class:`~meeple.core.errors.NotationError`, so that ``117.9`` or ``"36"`` is
    refused instead of being played as 117 or 36.
    """
    try:
        if isinstance(action, bool):  # an int to Python, but never meant as an action id
            raise TypeError
        return operator.index(action)
    except TypeError:
        raise NotationError(
            "an action is a whole number (the action id, a Python or numpy integer), "
            f"not {action!r} of type {type(action).__name__}"
        ) from None
