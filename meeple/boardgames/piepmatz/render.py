"""Text and SVG views of a Piepmatz observation."""

from __future__ import annotations

import json
from collections.abc import Mapping

from meeple.core.api import JSON


def render_text(obs: Mapping[str, JSON]) -> str:
    return json.dumps(obs)


def render_svg(obs: Mapping[str, JSON]) -> str:
    return "<svg xmlns='http://www.w3.org/2000/svg'/>"
