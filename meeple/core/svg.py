"""Small helpers for the per-game SVG renderers (plain strings, no dependency)."""

from __future__ import annotations

from html import escape

PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e")
"""Seat colours used by every renderer, so seat 0 is the same colour in every game."""


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
