"""Typed errors, split by cause, each with a message a person can act on."""

from __future__ import annotations


class MeepleError(Exception):
    """Base class of every error meeple raises on purpose."""


class OptionError(MeepleError, ValueError):
    """A game was asked for with a bad option, variant or player count."""


class UnknownGameError(OptionError, LookupError):
    """No game is registered under that id."""


class NotationError(MeepleError, ValueError):
    """A move text (or JSON move) does not parse in the game's notation at all."""


class IllegalActionError(MeepleError):
    """A well-formed action that the rules do not allow in this state."""


class GameOverError(IllegalActionError):
    """An action was sent to a state that is already terminal."""


class RecordError(MeepleError):
    """A game record is malformed, from an incompatible version, or does not replay.

    ``index`` is the position of the first bad action in ``actions`` when the
    problem is an action, else ``None``.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


class ComponentsError(MeepleError, ValueError):
    """A component data file is unreadable or breaks a known total or a rule's needs."""


class MissingExtraError(MeepleError, ImportError):
    """An optional dependency is not installed; the message names the install command."""


class PositionError(MeepleError, ValueError):
    """A position (``meeple.position/1``) is malformed, of another game or setup, or impossible."""
