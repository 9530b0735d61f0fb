"""The game registry: built-in games, entry-point plug-ins and test-only games."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from meeple.core.api import Game, GameInfo
from meeple.core.errors import UnknownGameError

_registered: dict[str, type[Game]] = {}
_loaded_plugins = False


def register(game_class: type[Game], *, replace: bool = False) -> type[Game]:
    """Register a game class under ``game_class.info.id``. Usable as a decorator."""
    gid = game_class.info.id
    if gid in _registered and _registered[gid] is not game_class and not replace:
        raise ValueError(f"a game is already registered as {gid!r}")
    _registered[gid] = game_class
    return game_class


def unregister(game_id: str) -> None:
    _registered.pop(game_id, None)


def _load_all() -> None:
    """Import every package under ``meeple.boardgames`` (each exports ``GAME``) and plug-ins."""
    global _loaded_plugins
    if _loaded_plugins:
        return
    _loaded_plugins = True
    import meeple.boardgames

    for mod in pkgutil.iter_modules(meeple.boardgames.__path__):
        if mod.ispkg:
            module = importlib.import_module(f"meeple.boardgames.{mod.name}")
            cls = getattr(module, "GAME", None)
            if cls is not None and cls.info.id not in _registered:
                register(cls)
    for ep in entry_points(group="meeple.games"):
        cls = ep.load()
        if cls.info.id not in _registered:
            register(cls)


def game_class(game_id: str) -> type[Game]:
    _load_all()
    try:
        return _registered[game_id]
    except KeyError:
        known = ", ".join(sorted(_registered)) or "none"
        raise UnknownGameError(f"no game {game_id!r}; registered games: {known}") from None


def games() -> list[GameInfo]:
    """The registered games' static facts, sorted by id."""
    _load_all()
    return [_registered[g].info for g in sorted(_registered)]


def load(
    game_id: str,
    /,
    players: int | None = None,
    components: str | Path | None = None,
    **options: Any,
) -> Game:
    """A game with its player count, options and (optionally corrected) component data.

    >>> import meeple
    >>> meeple.load("no_such_game")
    Traceback (most recent call last):
    ...
    meeple.core.errors.UnknownGameError: no game 'no_such_game'; registered games: ...
    """
    return game_class(game_id)(players, components, options)


def load_setup(
    game_id: str,
    players: int | None = None,
    components: str | Path | None = None,
    options: Mapping[str, Any] | None = None,
) -> Game:
    """:func:`load` with the options as a mapping, as typed by a person or read from a
    record. The game's constructor checks them (``Game.__init__``)."""
    return game_class(game_id)(players, components, options)
