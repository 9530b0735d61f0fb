"""Text and SVG views of Crôa!, drawn only from an observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render_text(obs: Mapping[str, Any]) -> str:
    return str(obs["turn_player"])


def render_svg(obs: Mapping[str, Any]) -> str:
    return "<svg xmlns='http://www.w3.org/2000/svg'></svg>"
