"""Pieces every command module shares: the error console and the one-line failure."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.markup import escape

err = Console(stderr=True)


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """``-o key=value`` pairs as a mapping; a malformed or repeated key is refused, since
    a second value silently replacing the first would play a setup nobody asked for."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            raise fail(f"option {pair!r} must look like key=value")
        if key in options:
            raise fail(f"option {key!r} is given twice ({options[key]!r} and {value.strip()!r})")
        options[key] = value.strip()
    return options


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``error: message`` on stderr and return the exit to raise (code 2: bad input)."""
    err.print(f"[red]error:[/red] {escape(message)}", highlight=False, soft_wrap=True)
    return typer.Exit(code)
