"""Text and SVG views of a Farland observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meeple.boardgames.farland.game import FarlandGame


def render_text(game: FarlandGame, obs: Mapping[str, Any]) -> str:
    return f"round {obs['round']}"


def render_svg(game: FarlandGame, obs: Mapping[str, Any]) -> str:
    return "<svg xmlns='http://www.w3.org/2000/svg'/>"
