"""Small helpers for the per-game SVG renderers (plain strings, no dependency)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e")
"""Seat colours used by every renderer, so seat 0 is the same colour in every game."""


# Advance widths of DejaVu Sans (the usual sans-serif of Linux browsers, and one of the
# widest), in hundredths of an em, for printable ASCII (32 to 126): renderers fit and wrap
# labels by them without a browser. Any other character counts as one em.
_ADVANCE = (
    32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64,
    64, 64, 64, 64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66,
    56, 86, 75, 79, 60, 79, 69, 63, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50, 50, 61,
    63, 55, 63, 62, 35, 63, 63, 28, 28, 58, 28, 97, 63, 61, 63, 63, 41, 52, 39, 63, 59, 82,
    59, 59, 52, 64, 34, 64, 84,
)  # fmt: skip
_BOLD_ADVANCE = (
    35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70,
    70, 70, 70, 70, 40, 40, 84, 84, 84, 58, 100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77,
    64, 100, 84, 85, 73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 50, 50, 67,
    72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92,
    65, 65, 58, 71, 37, 71, 84,
)  # fmt: skip


def text_width(body: str, size: float, bold: bool = False) -> float:
    """How wide ``body`` is drawn at font size ``size`` in DejaVu Sans."""
    table = _BOLD_ADVANCE if bold else _ADVANCE
    units = sum(table[ord(c) - 32] if 32 <= ord(c) < 127 else 100 for c in body)
    return units * size / 100


def wrap(
    body: str,
    size: float,
    width: float,
    bold: bool = False,
    measure: Callable[[str, float, bool], float] = text_width,
) -> list[str]:
    """``body`` broken at spaces into lines no wider than ``width`` (a single word wider
    than that keeps a line of its own); ``measure`` gives a text's width."""
    lines: list[str] = []
    line = ""
    for word in body.split():
        trial = f"{line} {word}" if line else word
        if line and measure(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def attrs(**kw: object) -> str:
    return " ".join(
        f'{k.rstrip("_").replace("_", "-")}="{escape(str(v))}"'
        for k, v in kw.items()
        if v is not None
    )


def rect(x: float, y: float, w: float, h: float, **kw: object) -> str:
    return f"<rect {attrs(x=x, y=y, width=w, height=h, **kw)}/>"


def circle(cx: float, cy: float, r: float, **kw: object) -> str:
    return f"<circle {attrs(cx=cx, cy=cy, r=r, **kw)}/>"


def line(x1: float, y1: float, x2: float, y2: float, **kw: object) -> str:
    return f"<line {attrs(x1=x1, y1=y1, x2=x2, y2=y2, **kw)}/>"


def polygon(points: list[tuple[float, float]], **kw: object) -> str:
    pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return f"<polygon {attrs(points=pts, **kw)}/>"


def text(x: float, y: float, body: str, size: float = 12, **kw: object) -> str:
    kw.setdefault("font_family", "sans-serif")
    return f"<text {attrs(x=x, y=y, font_size=size, **kw)}>{escape(body)}</text>"


def title(body: str) -> str:
    """A tooltip for the enclosing group: names a symbol a person might confuse."""
    return f"<title>{escape(body)}</title>"


def document(width: float, height: float, body: list[str], background: str = "#fbf8f0") -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">'
        + rect(0, 0, width, height, fill=background)
        + "".join(body)
        + "</svg>"
    )
