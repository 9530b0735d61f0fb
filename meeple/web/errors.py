"""The one error type of the web layer: a refusal with a message for the person."""

from __future__ import annotations


class Refused(Exception):
    """A move or request refused, with a message for the person and an HTTP status."""

    def __init__(self, message: str, status: int = 400, code: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code
