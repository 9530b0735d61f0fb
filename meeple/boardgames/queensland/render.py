"""Views of a Queensland observation: text for the terminal, SVG for the browser."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meeple.boardgames.queensland.game import QueenslandGame


def render_text(game: QueenslandGame, obs: Mapping[str, Any]) -> str:
    return str(obs)


def render_svg(game: QueenslandGame, obs: Mapping[str, Any]) -> str:
    return "<svg xmlns='http://www.w3.org/2000/svg'></svg>"
