"""Text and SVG views of Azul: Queen's Garden, drawn only from an observation."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from meeple.boardgames.azul_queens_garden.board import COORDS, parse_cell
from meeple.core import svg
from meeple.core.api import Layout

# The two purples and the two greens differ in hue as well as lightness (a deep
# violet against a pink lilac, a forest green against a yellow-green lime), and
# every tile also carries its colour's two-letter code (see COLOUR_CODE).
FILL = {
    "yellow": "#f6b40e",
    "blue": "#1f5fbf",
    "purple": "#4b1a7a",
    "lilac": "#f0a6e6",
    "green": "#0f5a24",
    "lime": "#93d21c",
}
COLOUR_CODE = {
    "yellow": "Ye",
    "blue": "Bl",
    "purple": "Pu",
    "lilac": "Li",
    "green": "Gr",
    "lime": "Lm",
}
DARK_TEXT = {"yellow", "lilac", "lime"}
HATCH = (
    '<defs><pattern id="azq-printed" patternUnits="userSpaceOnUse" width="5" height="5" '
    'patternTransform="rotate(45)"><rect width="2" height="5" fill="#fff" '
    'fill-opacity="0.35"/></pattern></defs>'
)
ORNAMENT_MARK = {"fountain": "F", "statue": "S", "bench": "B", "pavilion": "P"}
FALLBACK = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#46f0f0")


def _who(p: Any) -> str:
    if p == -1:
        return "chance"
    if p == -4:
        return "nobody (game over)"
    return f"player {p + 1}"


def _items(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


def pending_words(pending: Mapping[str, Any] | None) -> str:
    """The decision being taken, in words (empty for an ordinary turn)."""
    if not pending:
        return ""
    kind = pending.get("kind")
    who = _who(pending.get("player")).capitalize()
    if kind == "mode":
        return (
            f"{who} is paying for {pending['paying_for']} at {pending['at']}: "
            f"{pending['still_to_pay']} more {_tiles(pending['still_to_pay'])} to pay; "
            "choose pay by colour or pay by pattern"
        )
    if kind == "pay":
        return (
            f"{who} is paying for {pending['paying_for']} at {pending['at']}: "
            f"{pending['still_to_pay']} more {_tiles(pending['still_to_pay'])} to pay"
        )
    if kind == "discard":
        return f"{who} has passed and may discard storage tiles at 1 point each, or say done"
    if kind == "place_bought":
        return f"{who} bought the garden expansion {pending['expansion']} and places it"
    if kind == "copy":
        on = pending.get("on_expansions", [])
        where = _items([str(i) for i in on])
        more = pending.get("then") or []
        after = f" (then {_items(more)})" if more else ""
        up = " or the face-up expansion printing it" if pending.get("faceup") else ""
        src = f"from display expansion {where}{up}" if on else "the face-up expansion"
        return f"{who} chooses which copy of {pending['hexagon']} to take: {src}{after}"
    if kind == "draw":
        return "Chance: a hexagon is drawn from the bag onto the display"
    if kind == "reveal":
        return "Chance: a garden expansion turns face up"
    return ""


def _tiles(n: Any) -> str:
    return "tile" if n == 1 else "tiles"


def _wheel(obs: Mapping[str, Any]) -> str:
    points = obs.get("wheel_points") or [1] * len(obs["wheel"])
    return ", ".join(
        f"{item} {pts} per hexagon" for item, pts in zip(obs["wheel"], points, strict=False)
    )


def render_text(obs: Mapping[str, Any], rules: object = None) -> str:
    lines = [
        f"Azul: Queen's Garden - round {obs['round']} of {obs['rounds']}"
        + ("  (game over)" if obs["over"] else f"  - to move: {_who(obs['to_move'])}"),
        f"wheel scores: {_wheel(obs)}; pavilions 1   first player: {_who(obs['first_player'])}",
        f"bag {obs['bag']}  tower {obs['tower']}  round stacks {obs['round_stacks']}  "
        f"face-down supply {obs['supply_face_down']}  jokers in supply {obs['joker_supply']}",
        "display:",
    ]
    for i, tray in enumerate(obs["display"]):
        lines.append(f"  expansion {i + 1} (face down): {' '.join(tray)}")
    for e in obs["display_faceup"]:
        lines.append(f"  face up: {e['printed']} ({e['ornament']})")
    words = pending_words(obs["pending"])
    if words:
        lines.append(f"now: {words}")
    cap = obs.get("storage_capacity") or {"tiles": 12, "expansions": 2}
    for p, pl in enumerate(obs["players"]):
        mark = "*" if p == obs["to_move"] else " "
        lines.append(
            f"{mark}player {p + 1}: {pl['score']} points" + ("  (passed)" if pl["passed"] else "")
        )
        areas = pl["areas"]
        for a in sorted(areas, key=int):
            info = areas[a]
            head = (
                "fountain"
                if info == "fountain"
                else f"{info['ornament']} (printed {info['printed']} at {info.get('printed_at')})"
            )
            cells = [
                f"{a}.{k}={pl['garden'][f'{a}.{k}']}"
                for k in range(1, 7)
                if pl["garden"].get(f"{a}.{k}", "empty") != "empty"
            ]
            lines.append(f"    area {a} {head}: {' '.join(cells) or '-'}")
        store = " ".join(f"{t}x{c}" if c > 1 else t for t, c in pl["storage"].items())
        exps = " ".join(e["printed"] for e in pl["storage_expansions"])
        used = sum(pl["storage"].values()) + pl["jokers"]
        lines.append(
            f"    storage {used}/{cap['tiles']}: {store or '-'}; jokers {pl['jokers']}; "
            f"expansions {len(pl['storage_expansions'])}/{cap['expansions']}: {exps or '-'}"
        )
    return "\n".join(lines)


def _fill(colour: str) -> str:
    if colour in FILL:
        return FILL[colour]
    return FALLBACK[sum(map(ord, colour)) % len(FALLBACK)]


# -- measuring text ------------------------------------------------------------------


def wrap_items(items: list[str], size: float, width: float) -> list[str]:
    """``items`` joined by commas into lines no wider than ``width``, never breaking one."""
    lines: list[str] = []
    line = ""
    for i, item in enumerate(items):
        word = item + ("," if 0 < i < len(items) - 1 else "")
        trial = f"{line} {word}" if line else word
        if line and svg.text_width(trial, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


# -- the two layouts -------------------------------------------------------------------


@dataclass(frozen=True)
class Geo:
    """The sizes of one layout. The picture is ``width`` user units wide and is shown
    at about that many CSS pixels, so a font size is its size on the screen."""

    narrow: bool
    width: float
    margin: float
    title: float  # font sizes, largest first; ``small`` is the smallest drawn
    head: float
    body: float
    small: float
    disp_r: float  # hexagon radii: display, garden, storage
    garden_r: float
    store_r: float
    disp_cols: int  # display expansions side by side
    panel_cols: int  # players' panels side by side
    panel_w: float
    panel_h: float
    status_lines: int
    score_lines: int
    click: str  # "click" or "tap"


WIDE = Geo(False, 878, 12, 18, 14, 13, 11, 22, 21, 17, 7, 2, 422, 370, 2, 2, "click")
NARROW = Geo(True, 366, 6, 15, 12.5, 11, 10, 21, 24, 18, 3, 1, 354, 560, 3, 3, "tap")


def _free_place(cx: float, cy: float, r: float, tip: str) -> str:
    """An empty place (storage, stored expansions): a dashed hexagon with its tooltip."""
    shape = svg.polygon(_hex(cx, cy, r), fill="none", stroke="#cfc7ad", stroke_dasharray="3,3")
    return _open(None, tip) + shape + "</g>"


def _tile_font(r: float, geo: Geo) -> float:
    return round(max(geo.small, min(13.0, r * 0.56)), 1)


# -- drawing primitives ------------------------------------------------------------


def _n(v: float) -> float:
    return round(v, 1)


def _text(x: float, y: float, words: str, size: float, **kw: object) -> str:
    return svg.text(_n(x), _n(y), words, size=size, **kw)


def _open(target: str | None = None, tip: str | None = None) -> str:
    """The opening of a group: a click target when ``target`` is given, with a tooltip
    (``data-tip``, shown by the page) when ``tip`` is."""
    if target is None and tip is None:
        return "<g>"
    return f"<g {svg.attrs(data_target=target, data_tip=tip and _cut(tip))}>"


def _cut(tip: str) -> str:
    # Tooltips stay short; the words are written to fit, this only guards the limit.
    return tip if len(tip) <= 120 else tip[:119].rsplit(" ", 1)[0] + "."


def _hex(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]


def _offset(r: float, dq: int, dr: int) -> tuple[float, float]:
    """The pixel offset of axial step (dq, dr) for pointy-top hexagons of radius ``r``."""
    return r * math.sqrt(3) * (dq + dr / 2), r * 1.5 * dr


def _printed(cx: float, cy: float, r: float, ink: str) -> list[str]:
    """The hatching and dashed ring of a space printed on a garden expansion."""
    return [
        svg.polygon(_hex(cx, cy, r), fill="url(#azq-printed)", stroke="none"),
        svg.polygon(
            _hex(cx, cy, r * 0.82),
            fill="none",
            stroke=ink,
            stroke_width=1,
            stroke_dasharray="3,2",
        ),
    ]


def _ellipse(cx: float, cy: float, rx: float, ry: float, fill: str) -> str:
    return f"<ellipse {svg.attrs(cx=_n(cx), cy=_n(cy), rx=_n(rx), ry=_n(ry), fill=fill)}/>"


def _glyph(pattern: str, x: float, y: float, s: float, ink: str) -> str:
    """A small picture of a pattern in a box ``s`` wide centred on (x, y)."""
    h = s / 2
    if pattern == "tree":
        return svg.polygon(
            [(x, y - h), (x + h * 0.85, y + h * 0.45), (x - h * 0.85, y + h * 0.45)], fill=ink
        ) + svg.rect(_n(x - s * 0.09), _n(y + h * 0.4), _n(s * 0.18), _n(h * 0.6), fill=ink)
    if pattern == "bird":
        d = (
            f"M{_n(x - h)},{_n(y - h * 0.1)} Q{_n(x - h * 0.45)},{_n(y - h * 0.8)} {_n(x)},"
            f"{_n(y + h * 0.3)} Q{_n(x + h * 0.45)},{_n(y - h * 0.8)} {_n(x + h)},{_n(y - h * 0.1)}"
        )
        return f'<path d="{d}" fill="none" stroke="{ink}" stroke-width="{_n(s * 0.16)}"/>'
    if pattern == "butterfly":
        out = []
        for sx in (-1, 1):
            out.append(_ellipse(x + sx * h * 0.5, y - h * 0.3, h * 0.48, h * 0.55, ink))
            out.append(_ellipse(x + sx * h * 0.4, y + h * 0.5, h * 0.36, h * 0.4, ink))
        return "".join(out)
    if pattern == "leaf":
        d = (
            f"M{_n(x - h)},{_n(y + h * 0.8)} Q{_n(x - h)},{_n(y - h)} {_n(x + h)},{_n(y - h)} "
            f"Q{_n(x + h)},{_n(y + h * 0.8)} {_n(x - h)},{_n(y + h * 0.8)}Z"
        )
        return f'<path d="{d}" fill="{ink}"/>'
    if pattern == "fruit":
        return svg.circle(_n(x), _n(y + h * 0.2), _n(h * 0.72), fill=ink) + svg.line(
            _n(x),
            _n(y - h * 0.5),
            _n(x + h * 0.35),
            _n(y - h),
            stroke=ink,
            stroke_width=_n(s * 0.12),
        )
    if pattern == "flower":
        out = [
            svg.circle(
                _n(x + h * 0.55 * math.cos(math.radians(72 * i - 90))),
                _n(y + h * 0.55 * math.sin(math.radians(72 * i - 90))),
                _n(h * 0.4),
                fill=ink,
            )
            for i in range(5)
        ]
        return "".join(out)
    return svg.circle(_n(x), _n(y), _n(h * 0.6), fill=ink)


def _value(obs: Mapping[str, Any], tile: str) -> int | None:
    values = obs.get("pattern_values") or {}
    v = values.get(tile.partition("-")[2])
    return int(v) if v is not None else None


def _name(tile: str) -> str:
    """A hexagon in words: "blue bird"."""
    return tile.replace("-", " ")


def _tile(
    obs: Mapping[str, Any],
    geo: Geo,
    cx: float,
    cy: float,
    r: float,
    tile: str,
    tip: str,
    printed: bool = False,
    target: str | None = None,
    split: bool = False,
) -> list[str]:
    """A hexagon: fill = colour with its two-letter code on top, the pattern's picture
    and value below. A printed space of a garden expansion is hatched with a dashed
    inner outline. ``split`` draws a display hexagon in two click targets, the top half
    (the colour code) ``colour:<name>`` and the bottom half (pattern) ``pattern:<name>``."""
    colour, _, pattern = tile.partition("-")
    ink = "#222" if colour in DARK_TEXT else "#fff"
    f = _tile_font(r, geo)
    value = _value(obs, tile)
    out = [
        _open(target, tip),
        svg.polygon(_hex(cx, cy, r), fill=_fill(colour), stroke="#333", stroke_width=1),
    ]
    if printed:
        out.extend(_printed(cx, cy, r, ink))
    code = COLOUR_CODE.get(colour, colour[:2].capitalize())
    out.append(
        _text(cx, cy - r * 0.15, code, f, fill=ink, text_anchor="middle", font_weight="bold")
    )
    row = cy + r * 0.38
    gs = f * 0.9
    digit = "" if value is None else str(value)
    dw = svg.text_width(digit, f, True)
    left = cx - (gs + 2 + dw) / 2
    out.append(_glyph(pattern, left + gs / 2, row, gs, ink))
    if digit:
        out.append(_text(left + gs + 2, row + f * 0.36, digit, f, fill=ink, font_weight="bold"))
    if split:
        half = r * math.sqrt(3) / 2
        out.append(
            svg.line(_n(cx - half), _n(cy), _n(cx + half), _n(cy), stroke=ink, stroke_width=0.8)
        )
        for key, sign, what in (
            (f"colour:{colour}", -1, colour),
            (f"pattern:{pattern}", 1, pattern),
        ):
            # The clickable half: the hexagon's corners on that side of the middle line.
            pts = [(cx + half, cy), (cx + half, cy + sign * r / 2), (cx, cy + sign * r)]
            pts += [(cx - half, cy + sign * r / 2), (cx - half, cy)]
            side = "Top half" if sign < 0 else "Bottom half"
            words = f"{side} of the {_name(tile)}: take every {what} hexagon and face-up expansion."
            out.append(
                _open(key, words)
                + svg.polygon(pts, fill="#fff", fill_opacity=0, stroke="none")
                + "</g>"
            )
    out.append("</g>")
    return out


ORNAMENT_TIP = {
    "fountain": "The fountain: fill the six spaces around it to earn a joker.",
    "statue": "Statue: fill the six spaces around it to earn a joker.",
    "bench": "Bench: fill the six spaces around it to earn a joker.",
    "pavilion": "Pavilion: fill its six spaces for a joker; it scores 1 point at every round end.",
}


def _ornament(cx: float, cy: float, r: float, ornament: str, size: float, tip: str) -> str:
    return (
        _open(None, tip)
        + svg.polygon(_hex(cx, cy, r), fill="#7f969c", stroke="#4d5b5e")
        + _text(
            cx,
            cy + size * 0.36,
            ORNAMENT_MARK.get(ornament, "?"),
            size,
            text_anchor="middle",
            fill="#fff",
            font_weight="bold",
        )
        + "</g>"
    )


def _joker(cx: float, cy: float, r: float, f: float, target: str | None, tip: str) -> str:
    return (
        _open(target, tip)
        + svg.polygon(_hex(cx, cy, r), fill="#9e9e9e", stroke="#333")
        + svg.polygon(_hex(cx, cy, r * 0.72), fill="none", stroke="#fff", stroke_width=1)
        + _text(cx, cy + f * 0.36, "J", f, text_anchor="middle", fill="#fff", font_weight="bold")
        + "</g>"
    )


def _button(
    x: float, y: float, label: str, key: str, size: float, tip: str
) -> tuple[list[str], float]:
    """A labelled control, a click target: a rounded box fitted to its word. Returns the
    drawing and its width."""
    w = svg.text_width(label, size, True) + 2 * size
    h = size * 2.2
    return [
        _open(key, tip),
        svg.rect(
            _n(x),
            _n(y),
            _n(w),
            _n(h),
            rx=_n(h / 2),
            fill="#fff4d6",
            stroke="#8a5a00",
            stroke_width=1.5,
        ),
        _text(
            x + w / 2,
            y + h / 2 + size * 0.36,
            label,
            size,
            text_anchor="middle",
            font_weight="bold",
        ),
        "</g>",
    ], w


# -- the display ------------------------------------------------------------------------

# A round stack holds this many expansions (components.json: 7 for every player
# count); the display never shows more at once, so this many slots are reserved.
DISPLAY_SLOTS = 7
# Where the hexagons of a face-down display expansion lie: on its north-west,
# north-east, south-west and south-east spaces (space k of DIRECTIONS, from 1).
TRAY_SPACES = (3, 2, 5, 6, 4, 1)
_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def display_slots(obs: Mapping[str, Any], shown: int = 0) -> int:
    """The display expansions the layout keeps room for: the most a round's display
    can hold at once (a round stack's size), or more if a stack or the display is
    larger. Depends on nothing a decision changes in the standard game."""
    stacks = [int(n) for n in obs.get("round_stacks") or []]
    current = min(max(int(obs["round"]) - 1, 0), len(stacks) - 1) if stacks else -1
    this_round = shown + (stacks[current] if current >= 0 else 0)
    return max(DISPLAY_SLOTS, this_round, *stacks)


def _flower(fx: float, fy: float, r: float, fill: str, stroke: str) -> list[str]:
    """The seven hexagons of a garden expansion's shape."""
    out = [svg.polygon(_hex(fx, fy, r), fill=fill, stroke=stroke)]
    for dq, dr in _DIRS:
        ox, oy = _offset(r, dq, dr)
        out.append(svg.polygon(_hex(fx + ox, fy + oy, r), fill=fill, stroke=stroke))
    return out


def _space(fx: float, fy: float, r: float, k: int) -> tuple[float, float]:
    ox, oy = _offset(r, *_DIRS[k - 1])
    return fx + ox, fy + oy


def _display(obs: Mapping[str, Any], geo: Geo, top: float, split: bool) -> tuple[list[str], float]:
    """The display: a fixed grid of slots, one per expansion it can hold at once,
    face-down ones (holding hexagons) first, then the face-up ones; the slots left
    over stay blank, so the parts below never move. Returns the drawing and its height."""
    out: list[str] = []
    r = geo.disp_r
    pitch = (geo.width - 2 * geo.margin) / geo.disp_cols
    row_h = geo.small + 8 + 5 * r + 10
    items: list[list[str] | Mapping[str, Any]] = [*obs["display"], *obs["display_faceup"]]
    for slot, item in enumerate(items):
        fx = geo.margin + pitch * (slot % geo.disp_cols + 0.5)
        ry = top + row_h * (slot // geo.disp_cols)
        fy = ry + geo.small + 6 + 2.5 * r
        label_y = ry + geo.small
        if isinstance(item, Mapping):
            printed = str(item["printed"])
            orn = str(item["ornament"])
            # Outside a turn it is the click target when it is the copy chosen (disp:N).
            out.append(
                _open(
                    None if split else f"disp:{slot + 1}",
                    f"Face-up garden expansion ({orn}), printed {_name(printed)}: taken along "
                    f"with its colour or its pattern (one copy of a hexagon lying in the "
                    f"display too).",
                )
            )
            out.append(_text(fx, label_y, f"Face up: {orn}", geo.small, text_anchor="middle"))
            out.extend(_flower(fx, fy, r, "#efe6cf", "#b5a27a"))
            out.append(_ornament(fx, fy, r - 1.5, orn, geo.head, ORNAMENT_TIP.get(orn, orn)))
            px, py = _space(fx, fy, r, 2)
            tip = (
                f"Printed {_name(printed)} of this face-up expansion: it pays and scores as that "
                "hexagon."
            )
            out.extend(_tile(obs, geo, px, py, r - 1.5, printed, tip, printed=True, split=split))
            out.append("</g>")
            continue
        i = slot + 1  # the face-down expansions come first: slot i - 1 is expansion i
        tip = (
            f"Display expansion {i}, face down: its hexagons are taken by colour or pattern; "
            "empty, it turns face up."
        )
        # A display expansion is the click target for which copy to take (disp:N);
        # in a turn its tiles' halves are the targets, and no target holds another.
        out.append(_open(None if split else f"disp:{i}", tip))
        out.append(
            _text(
                fx, label_y, f"Expansion {i}", geo.small, text_anchor="middle", font_weight="bold"
            )
        )
        out.extend(_flower(fx, fy, r, "#7a6548", "#54452f"))
        out.append(
            _text(
                fx,
                fy + geo.head * 0.36,
                str(i),
                geo.head,
                text_anchor="middle",
                fill="#f3e6c8",
                font_weight="bold",
            )
        )
        for j, tl in enumerate(item):
            tx, ty = _space(fx, fy, r, TRAY_SPACES[j % len(TRAY_SPACES)])
            words = (
                f"{_name(tl).capitalize()} on display expansion {i}; it costs "
                f"{_value(obs, tl)} to plant."
            )
            out.extend(_tile(obs, geo, tx, ty, r - 1.5, tl, words, split=split))
        out.append("</g>")
    rows = -(-display_slots(obs, len(items)) // geo.disp_cols)
    return out, rows * row_h


# -- a player's panel -------------------------------------------------------------


@dataclass(frozen=True)
class Panel:
    """Where the parts of a player's panel go, relative to its corner."""

    garden: tuple[float, float]
    storage: tuple[float, float]  # the label's start; the grid below it
    store_cols: int
    store_pitch: tuple[float, float]
    exps: tuple[float, float]  # the label's start; the slots below it
    exp_step: tuple[float, float]
    actions: tuple[float, float]  # the row (or column) of controls
    actions_down: bool  # controls stacked (wide) or in a row (narrow)
    scores: float


def _panel_geometry(geo: Geo) -> Panel:
    r = geo.garden_r
    if geo.narrow:
        return Panel(
            garden=(geo.panel_w / 2, 30 + 7 * r),
            storage=(8, 44 + 14 * r),
            store_cols=6,
            store_pitch=(34, 38),
            exps=(228, 44 + 14 * r),
            exp_step=(0, 38),
            actions=(8, 132 + 14 * r),
            actions_down=False,
            scores=186 + 14 * r,
        )
    return Panel(
        garden=(10 + 6.93 * r, 34 + 7 * r),
        storage=(10 + 14 * r + 6, 48),
        store_cols=3,
        store_pitch=(34, 36),
        exps=(10 + 14 * r + 6, 218),
        exp_step=(56, 0),
        actions=(10 + 14 * r + 6, 256),
        actions_down=True,
        scores=50 + 14 * r,
    )


def _cell_xy(geo: Geo, gx: float, gy: float, cell: int) -> tuple[float, float]:
    q, rr = COORDS[cell]
    ox, oy = _offset(geo.garden_r, q, rr)
    return gx + ox, gy + oy


def _garden(
    obs: Mapping[str, Any], geo: Geo, pl: Mapping[str, Any], gx: float, gy: float, mine: bool
) -> list[str]:
    out: list[str] = []
    r = geo.garden_r
    garden = pl["garden"]
    areas = pl["areas"]
    # The free expansion areas first, so their faint outlines lie under the rest.
    order = sorted(range(len(COORDS)), key=lambda c: f"{c // 7}.{c % 7}" in garden)
    for cell in order:
        hx, hy = _cell_xy(geo, gx, gy, cell)
        name = f"{cell // 7}.{cell % 7}"
        content = garden.get(name)
        a = name.split(".")[0]
        # A free space (an empty one, or one of a free expansion area) is the
        # click target for placing there (g:area.space).
        target = f"g:{name}" if mine and cell % 7 else None
        if content is None:  # an expansion area still free
            if cell % 7 == 0:
                tip = f"Free expansion area {a}: a garden expansion may be laid here."
            else:
                tip = (
                    f"Spot {name} of free expansion area {a}: a garden expansion's printed "
                    "space may go here."
                )
            out.append(_open(target, tip))
            out.append(
                svg.polygon(
                    _hex(hx, hy, r),
                    fill="#fff",
                    fill_opacity=0,
                    stroke="#cfc7ad",
                    stroke_dasharray="3,3",
                )
            )
            if cell % 7 == 0:
                words = f"area {a}"
                f = geo.small
                if svg.text_width(words, f) <= r * 1.6:
                    out.append(
                        _text(hx, hy + f * 0.36, words, f, fill="#a09880", text_anchor="middle")
                    )
                else:
                    out.append(_text(hx, hy - 1, "area", f, fill="#a09880", text_anchor="middle"))
                    out.append(_text(hx, hy + f, a, f, fill="#a09880", text_anchor="middle"))
            out.append("</g>")
        elif content == "empty":
            tip = (
                f"Empty space {name}: plant a hexagon alone or next to one of its colour or "
                "pattern, never by an identical one."
            )
            out.append(_open(target, tip))
            out.append(svg.polygon(_hex(hx, hy, r), fill="#e9e4d4", stroke="#b5ad94"))
            f = geo.small
            out.append(_text(hx, hy + f * 0.36, name, f, fill="#8a826a", text_anchor="middle"))
            out.append("</g>")
        elif content == "ornament":
            info = areas.get(a)
            orn = "fountain" if info == "fountain" or info is None else str(info["ornament"])
            tip = ORNAMENT_TIP.get(orn, orn)
            out.append(_ornament(hx, hy, r, orn, geo.head, tip))
        else:
            info = areas.get(a)
            printed = isinstance(info, dict) and info.get("printed_at") == name
            if printed:
                tip = (
                    f"Printed {_name(content)} at {name}, part of a garden expansion: it counts "
                    "as that hexagon."
                )
            else:
                tip = (
                    f"{_name(content).capitalize()} at {name} (value {_value(obs, content)}): "
                    "groups of 3+ of one colour or pattern score at the end."
                )
            out.extend(_tile(obs, geo, hx, hy, r, content, tip, printed=printed))
    return out


def _panel(
    obs: Mapping[str, Any], geo: Geo, p: int, ox: float, oy: float, own: str | None
) -> list[str]:
    pl = obs["players"][p]
    pending = obs.get("pending") or {}
    costs = obs.get("costs") or {}
    cap = obs.get("storage_capacity") or {"tiles": 12, "expansions": 2}
    pg = _panel_geometry(geo)
    colour = svg.PLAYER_COLOURS[p % len(svg.PLAYER_COLOURS)]
    to_move = p == obs["to_move"]
    # Click targets are drawn in the garden and storage of the player to move.
    mine = to_move
    out = [
        svg.rect(
            _n(ox),
            _n(oy),
            geo.panel_w,
            geo.panel_h,
            fill="none",
            stroke=colour,
            stroke_width=3 if to_move else 1,
            rx=8,
        )
    ]
    # Header: name and score; on the right the Pass control (or "passed") and the
    # first-player marker.
    hy = oy + geo.head + 6
    mark = " (to move)" if to_move else ""
    out.append(
        _open(None, f"Player {p + 1}'s score marker: {pl['score']} points.")
        + _text(
            ox + 10,
            hy,
            f"Player {p + 1}: {pl['score']} points{mark}",
            geo.head,
            fill=colour,
            font_weight="bold",
        )
        + "</g>"
    )
    right = ox + geo.panel_w - 8
    if to_move and own == "turn":
        tip = "Pass: out of this round. The first to pass starts the next round and loses 1 point."
        w = svg.text_width("Pass", geo.body, True) + 2 * geo.body
        drawn, w = _button(right - w, oy + 4, "Pass", "button:pass", geo.body, tip)
        out.extend(drawn)
        right -= w + 8
    elif pl["passed"]:
        words = "passed"
        w = svg.text_width(words, geo.small, True) + 12
        out.append(
            _open(None, "This player has passed and takes no more turns this round.")
            + svg.rect(
                _n(right - w), _n(hy - geo.small - 3), _n(w), _n(geo.small + 8), rx=4, fill="#ddd"
            )
            + _text(
                right - w / 2,
                hy,
                words,
                geo.small,
                text_anchor="middle",
                font_weight="bold",
                fill="#555",
            )
            + "</g>"
        )
        right -= w + 8
    if obs.get("first_player") == p:
        tr = geo.head * 0.8
        out.append(
            _open(
                None,
                "First-player marker: this player started the round; the first to pass takes it.",
            )
            + svg.circle(
                _n(right - tr), _n(hy - geo.head * 0.36), _n(tr), fill="#fff", stroke="#333"
            )
            + _text(right - tr, hy, "1", geo.head, text_anchor="middle", font_weight="bold")
            + "</g>"
        )
    gx, gy = ox + pg.garden[0], oy + pg.garden[1]
    out.extend(_garden(obs, geo, pl, gx, gy, mine))
    if mine and pending.get("kind") in ("mode", "pay") and pending.get("at"):
        # The hexagon being paid for: outlined in its garden space.
        paid = parse_cell(str(pending["at"]))
        if paid is not None:
            hx, hy2 = _cell_xy(geo, gx, gy, paid)
            out.append(
                _open(None, f"Being paid for: {_name(str(pending.get('paying_for', '')))}.")
                + svg.polygon(
                    _hex(hx, hy2, geo.garden_r), fill="none", stroke="#c00", stroke_width=3
                )
                + "</g>"
            )
    # Storage: a fixed grid of its tile places, filled with hexagons then jokers.
    sr = geo.store_r
    sx, sy = ox + pg.storage[0], oy + pg.storage[1]
    count = sum(pl["storage"].values()) + pl["jokers"]
    out.append(
        _open(
            None,
            f"Storage: {cap['tiles']} places for hexagons and jokers; "
            "each hexagon left at the end costs 1.",
        )
        + _text(sx, sy, f"Storage ({count}/{cap['tiles']}):", geo.small, font_weight="bold")
        + "</g>"
    )
    items: list[str] = [tl for tl, c in pl["storage"].items() for _ in range(c)]
    items += ["joker"] * pl["jokers"]
    f = _tile_font(sr, geo)
    places = max(int(cap["tiles"]), len(items))
    for k in range(places):
        col, row = k % pg.store_cols, k // pg.store_cols
        cx = sx + sr * 0.9 + col * pg.store_pitch[0]
        cy = sy + 8 + sr + row * pg.store_pitch[1]
        if k >= len(items):
            out.append(_free_place(cx, cy, sr, "A free storage place."))
            continue
        tl = items[k]
        key = f"st:{tl}" if mine else None
        if tl == "joker":
            tip = "Joker: wild when paying for a hexagon; +1 point at the end if still in storage."
            out.append(_joker(cx, cy, sr, f, key, tip))
        else:
            tip = (
                f"{_name(tl).capitalize()} in storage: plant it for {_value(obs, tl)} "
                "or pay with it; "
                "-1 point if left at the end."
            )
            out.extend(_tile(obs, geo, cx, cy, sr, tl, tip, target=key))
    # Stored garden expansions: the printed space with its ornament beside it.
    ex, ey = ox + pg.exps[0], oy + pg.exps[1]
    stored = pl["storage_expansions"]
    out.append(
        _open(
            None, f"Stored garden expansions: room for {cap['expansions']}, apart from the tiles."
        )
        + _text(
            ex,
            ey,
            f"Expansions ({len(stored)}/{cap['expansions']}):",
            geo.small,
            font_weight="bold",
        )
        + "</g>"
    )
    for i in range(max(int(cap["expansions"]), len(stored))):
        cx = ex + sr * 0.9 + i * pg.exp_step[0]
        cy = ey + 8 + sr + i * pg.exp_step[1]
        if i >= len(stored):
            out.append(_free_place(cx, cy, sr, "A free place for a stored garden expansion."))
            continue
        e = stored[i]
        printed, orn = str(e["printed"]), str(e["ornament"])
        out.extend(_expansion(obs, geo, cx, cy, printed, orn, f"sx:{printed}" if mine else None))
    # Controls of the viewer's own decision, beside the storage they act on.
    axx, ay = ox + pg.actions[0], oy + pg.actions[1]
    if mine and own == "mode":
        for key, label, tip in (
            (
                "mode:colour",
                "Pay by colour",
                "Pay with tiles of its colour, all of different patterns.",
            ),
            (
                "mode:pattern",
                "Pay by pattern",
                "Pay with tiles of its pattern, all of different colours.",
            ),
        ):
            drawn, w = _button(axx, ay, label, key, geo.small, tip)
            out.extend(drawn)
            if pg.actions_down:
                ay += geo.small * 2.2 + 6
            else:
                axx += w + 8
    elif mine and own == "discard":
        tip = f"Stop discarding (each discard costs {costs.get('discard_per_tile', 1)} point)."
        out.extend(_button(axx, ay, "Done", "button:done", geo.small, tip)[0])
    elif mine and pending.get("kind") == "place_bought" and pending.get("expansion"):
        # The expansion just bought, waiting for a free space of the garden.
        bought = str(pending["expansion"])
        out.append(_text(axx, ay + sr + geo.small * 0.36, "Bought:", geo.small, font_weight="bold"))
        bx = axx + svg.text_width("Bought:", geo.small, True) + 6 + sr * 0.9
        out.extend(_expansion(obs, geo, bx, ay + sr, bought, None, None, bought=True))
    # The score so far, by category.
    sc = obs["scores"][p]
    parts = [f"{key.replace('_', ' ')} {v}" for key, v in sc.items() if key != "total" and v]
    lines = wrap_items(["Points:", *parts], geo.small, geo.panel_w - 20)
    for i, line in enumerate(lines[: geo.score_lines]):
        out.append(
            _text(ox + 10, oy + pg.scores + i * (geo.small + 4), line, geo.small, fill="#444")
        )
    return out


def _expansion(
    obs: Mapping[str, Any],
    geo: Geo,
    cx: float,
    cy: float,
    printed: str,
    ornament: str | None,
    target: str | None,
    bought: bool = False,
) -> list[str]:
    """A garden expansion out of the garden: its printed space, with a badge of its
    ornament when known."""
    sr = geo.store_r
    if bought:
        tip = (
            f"The garden expansion just bought, printed {_name(printed)}: "
            f"{geo.click} a free space for it."
        )
    else:
        tip = (
            f"Stored garden expansion ({ornament}), printed {_name(printed)}: "
            "lay it in a free area, "
            "or pay with it."
        )
    out = [_open(target, tip)]
    out.extend(_tile(obs, geo, cx, cy, sr, printed, tip, printed=True)[1:-1])
    if ornament is not None:
        br = sr * 0.62
        bx = cx + math.sqrt(3) / 2 * (sr + br) + 1
        out.append(
            svg.polygon(_hex(bx, cy, br), fill="#7f969c", stroke="#4d5b5e")
            + _text(
                bx,
                cy + geo.small * 0.36,
                ORNAMENT_MARK.get(ornament, "?"),
                geo.small,
                text_anchor="middle",
                fill="#fff",
                font_weight="bold",
            )
        )
    out.append("</g>")
    return out


# -- the top: status, round scoring, supplies -------------------------------------------


def _turn_words(obs: Mapping[str, Any]) -> str:
    if obs["over"]:
        return "game over"
    return f"to move: {_who(obs['to_move'])}"


def _winners(obs: Mapping[str, Any]) -> str:
    totals = [int(s.get("total", 0)) for s in obs["scores"]]
    best = max(totals)
    won = [f"{i + 1}" for i, t in enumerate(totals) if t == best]
    if len(won) == 1:
        return f"Game over: player {won[0]} wins with {best} points."
    names = _items(won).replace(" or ", " and ")
    return f"Game over: players {names} share the win with {best} points."


def _status(obs: Mapping[str, Any], geo: Geo, own: str | None) -> str:
    """The line of words on what happens now, in the viewer's terms for their own decision."""
    if obs["over"]:
        return _winners(obs)
    pending = obs.get("pending") or {}
    c = geo.click
    if own == "turn":
        return (
            f"Your turn. To take a colour, {c} the top half of a display tile; a pattern, its "
            f"bottom half. To plant, {c} a storage tile, then a garden space."
        )
    if own == "copy":
        where = _items([str(i) for i in pending.get("on_expansions", [])])
        up = " or the face-up expansion printing it" if pending.get("faceup") else ""
        return (
            f"Choose which display expansion to take the {_name(str(pending['hexagon']))} from: "
            f"{c} expansion {where}{up}."
        )
    if own == "mode":
        n = pending["still_to_pay"]
        return (
            f"Paying for the {_name(str(pending['paying_for']))} at {pending['at']}: {n} more "
            f"{_tiles(n)}. Pay by colour or by pattern?"
        )
    if own == "pay":
        n = pending["still_to_pay"]
        return (
            f"Paying for the {_name(str(pending['paying_for']))} at {pending['at']}: {c} {n} more "
            f"{_tiles(n)} in your storage."
        )
    if own == "discard":
        cost = (obs.get("costs") or {}).get("discard_per_tile", 1)
        return f"You passed: {c} storage tiles to discard them ({cost} point each), or Done."
    if own == "place_bought":
        return (
            f"You bought the garden expansion {_name(str(pending['expansion']))}: {c} a free "
            "space of an empty area for its printed space."
        )
    return pending_words(pending)


def _cells(
    items: list[tuple[str, list[str]]], x0: float, y0: float, cols: int, cell_w: float, row_h: float
) -> list[str]:
    """Key items laid in a fixed grid, each a tooltip and its drawing about (0, 0), moved
    to its cell."""
    out = []
    for k, (tip, parts) in enumerate(items):
        x = x0 + (k % cols) * cell_w
        y = y0 + (k // cols) * row_h
        out.append(f'<g transform="translate({_n(x)},{_n(y)})" {svg.attrs(data_tip=_cut(tip))}>')
        out.extend(parts)
        out.append("</g>")
    return out


def _swatch(obs: Mapping[str, Any], geo: Geo, r: float, tile: str, label: str) -> list[str]:
    """A key item at (0, 0) of its cell: a small hexagon and its words."""
    colour, _, pattern = tile.partition("-")
    out: list[str] = []
    if pattern and not colour:
        out.append(svg.polygon(_hex(r, 0, r), fill="#e6e0cc", stroke="#333"))
        out.append(_glyph(pattern, r, 0, r * 1.1, "#333"))
    elif colour:
        ink = "#222" if colour in DARK_TEXT else "#fff"
        out.append(svg.polygon(_hex(r, 0, r), fill=_fill(colour), stroke="#333"))
        code = COLOUR_CODE.get(colour, colour[:2].capitalize())
        out.append(
            _text(
                r,
                geo.small * 0.36,
                code,
                geo.small,
                fill=ink,
                text_anchor="middle",
                font_weight="bold",
            )
        )
    out.append(_text(2 * r + 6, geo.small * 0.36, label, geo.body if not geo.narrow else geo.small))
    return out


def _top(obs: Mapping[str, Any], geo: Geo, own: str | None) -> tuple[list[str], float]:
    """Title, status, controls of a turn, round scoring and supplies. Returns the
    drawing and where the display starts."""
    out: list[str] = []
    m = geo.margin
    y = geo.title + 6
    if geo.narrow:
        out.append(_text(m + 2, y, "Azul: Queen's Garden", geo.title, font_weight="bold"))
        y += geo.body + 6
        out.append(
            _text(
                m + 2, y, f"Round {obs['round']} of {obs['rounds']} - {_turn_words(obs)}", geo.body
            )
        )
    else:
        out.append(
            _text(
                m,
                y,
                f"Azul: Queen's Garden - round {obs['round']} of {obs['rounds']} - "
                + _turn_words(obs),
                geo.title,
                font_weight="bold",
            )
        )
    # The status lines and the buy control's place are kept whether used or not, so
    # the picture keeps its layout from one decision to the next.
    lines = svg.wrap(_status(obs, geo, own), geo.body, geo.width - 2 * m - 4)
    for i in range(geo.status_lines):
        y += geo.body + 6
        if i < len(lines):
            out.append(_text(m + 2, y, lines[i], geo.body, fill="#a00"))
    costs = obs.get("costs") or {}
    price = costs.get("face_down_expansion", 6)
    buy_tip = (
        f"Buy a face-down garden expansion from the supply for {price} points and lay it at once."
    )
    label = f"Buy a face-down expansion ({price} points)"
    y += 10
    if geo.narrow and own == "turn":
        out.extend(_button(m + 2, y, label, "button:buy", geo.small, buy_tip)[0])
    if geo.narrow:
        y += geo.small * 2.2 + 6
    # This round's scoring (the wheel) and the supplies.
    wheel = list(obs["wheel"])
    points = list(obs.get("wheel_points") or [1] * len(wheel))
    cols = 2 if geo.narrow else 5
    cell_w = (geo.width - 2 * m) / cols
    head_w = 0.0 if geo.narrow else cell_w
    y += geo.small + 4
    out.append(
        _text(
            m + 2,
            y,
            f"Round {obs['round']} scores:",
            geo.small if geo.narrow else geo.body,
            font_weight="bold",
        )
    )
    if geo.narrow:
        y += geo.small + 8
    r = geo.small * 0.95
    values = obs.get("pattern_values") or {}
    items: list[tuple[str, list[str]]] = []
    for item, pts in zip(wheel, points, strict=False):
        tile = f"-{item}" if item in values else f"{item}-"
        tip = (
            f"Round scoring: {pts} point{'s' if pts != 1 else ''} per {item} hexagon "
            "in a garden at this round's end."
        )
        items.append((tip, _swatch(obs, geo, r, tile, f"{item}: {pts} each")))
    pav = [
        svg.polygon(_hex(r, 0, r), fill="#7f969c", stroke="#4d5b5e"),
        _text(
            r,
            geo.small * 0.36,
            "P",
            geo.small,
            fill="#fff",
            text_anchor="middle",
            font_weight="bold",
        ),
        _text(
            2 * r + 6,
            geo.small * 0.36,
            "pavilion: 1 each",
            geo.body if not geo.narrow else geo.small,
        ),
    ]
    items.append(("Round scoring: 1 point per pavilion in a garden at every round's end.", pav))
    ry = y - geo.small * 0.36
    out.extend(
        _cells(
            items,
            m + head_w,
            ry,
            cols if geo.narrow else 4,
            cell_w * (1 if geo.narrow else 0.98),
            2 * r + 6,
        )
    )
    y += (2 * r + 6) * (-(-len(items) // 2) if geo.narrow else 1) + 4
    stacks = ", ".join(str(s) for s in obs["round_stacks"])
    supplies = [
        (
            f"First player: {_who(obs['first_player'])}",
            "First player: who started this round; the first to pass starts the next.",
        ),
        (
            f"Bag: {obs['bag']}",
            "Bag: hexagons left to fill the display with; refilled from the tower when empty.",
        ),
        (f"Tower: {obs['tower']}", "Tower: hexagons paid or discarded, waiting to refill the bag."),
        (
            f"Round stacks: {stacks}",
            "Round stacks: face-down expansions left in each round's stack for the display.",
        ),
        (
            f"Face-down supply: {obs['supply_face_down']}",
            f"Face-down supply: garden expansions that can be bought for {price} points each.",
        ),
        (
            f"Jokers in supply: {obs['joker_supply']}",
            "Jokers left in the supply, earned by filling the six spaces around an ornament.",
        ),
    ]
    cols = 2 if geo.narrow else 3
    cell_w = (geo.width - 2 * m) / cols
    row_h = geo.small + 8
    for k, (words, tip) in enumerate(supplies):
        x = m + 2 + (k % cols) * cell_w
        yy = y + (k // cols) * row_h
        out.append(_open(None, tip) + _text(x, yy, words, geo.small) + "</g>")
    y += row_h * (-(-len(supplies) // cols))
    # The display's heading, with the buy control of a turn beside it (wide).
    y += 4
    out.append(
        _open(None, "The display: garden expansions with hexagons to take, and face-up ones.")
        + _text(m + 2, y + geo.head * 0.8, "Display", geo.head, font_weight="bold")
        + "</g>"
    )
    if not geo.narrow and own == "turn":
        w = svg.text_width(label, geo.body, True) + 2 * geo.body
        out.extend(_button(geo.width - m - w, y - 4, label, "button:buy", geo.body, buy_tip)[0])
    y += geo.head + 8
    return out, y


def _legend(obs: Mapping[str, Any], geo: Geo, y: float) -> tuple[list[str], float]:
    """The keys: colours, patterns with their values, ornaments and pieces."""
    out: list[str] = []
    m = geo.margin
    r = geo.small * 1.05
    cols = 3 if geo.narrow else 6
    cell_w = (geo.width - 2 * m) / cols
    row_h = 2 * r + 8
    values = obs.get("pattern_values") or {}
    groups: list[tuple[str, list[tuple[str, list[str]]]]] = []
    colour_items = []
    for name in FILL:
        code = COLOUR_CODE[name]
        tip = f"{name.capitalize()} hexagons, marked {code}."
        if name in ("purple", "lilac"):
            tip += " Purple is a deep violet, lilac a pink."
        if name in ("green", "lime"):
            tip += " Green is a dark forest green, lime a yellow-green."
        colour_items.append((tip, _swatch(obs, geo, r, f"{name}-", name)))
    groups.append(("Colours", colour_items))
    pattern_items = []
    for pattern, v in values.items():
        tip = f"{pattern.capitalize()}: value {v}, the cost to plant it and its points in a group."
        pattern_items.append((tip, _swatch(obs, geo, r, f"-{pattern}", f"{pattern} {v}")))
    groups.append(
        ("Patterns and their values (the cost to plant, points at the end)", pattern_items)
    )
    piece_items: list[tuple[str, list[str]]] = []
    for orn in ("fountain", "statue", "bench", "pavilion"):
        parts = [
            svg.polygon(_hex(r, 0, r), fill="#7f969c", stroke="#4d5b5e"),
            _text(
                r,
                geo.small * 0.36,
                ORNAMENT_MARK[orn],
                geo.small,
                fill="#fff",
                text_anchor="middle",
                font_weight="bold",
            ),
            _text(2 * r + 6, geo.small * 0.36, orn, geo.body if not geo.narrow else geo.small),
        ]
        piece_items.append((ORNAMENT_TIP[orn], parts))
    joker = [
        svg.polygon(_hex(r, 0, r), fill="#9e9e9e", stroke="#333"),
        _text(
            r,
            geo.small * 0.36,
            "J",
            geo.small,
            fill="#fff",
            text_anchor="middle",
            font_weight="bold",
        ),
        _text(2 * r + 6, geo.small * 0.36, "joker", geo.body if not geo.narrow else geo.small),
    ]
    piece_items.append(("Joker: wild when paying; +1 point each at the end.", joker))
    hatched = [
        svg.polygon(_hex(r, 0, r), fill=FILL["lime"], stroke="#333"),
        *_printed(r, 0, r, "#222"),
        _text(2 * r + 6, geo.small * 0.36, "printed", geo.body if not geo.narrow else geo.small),
    ]
    piece_items.append(
        ("Hatched: the space printed on a garden expansion; it counts as a hexagon.", hatched)
    )
    groups.append(("Ornaments and pieces", piece_items))
    for heading, items in groups:
        for line in svg.wrap(heading + ":", geo.small, geo.width - 2 * m):
            y += geo.small + 4
            out.append(_text(m + 2, y, line, geo.small, font_weight="bold"))
        y += r + 6
        out.extend(_cells(items, m + 2, y, cols, cell_w, row_h))
        y += row_h * (-(-len(items) // cols)) - r
    note = (
        "Empty garden spaces show their name, area.space (area 0 is the fountain board). "
        "Hover a piece for what it is."
        if not geo.narrow
        else "Empty spaces show their name, area.space (area 0: the fountain board)."
    )
    for line in svg.wrap(note, geo.small, geo.width - 2 * m):
        y += geo.small + 5
        out.append(_text(m + 2, y, line, geo.small, fill="#555"))
    return out, y + 10


def render_svg(obs: Mapping[str, Any], layout: Layout = "wide", rules: object = None) -> str:
    """The picture: the status and the display on top, the players' panels below
    (two side by side in the wide layout, stacked in the narrow one), the keys last."""
    geo = NARROW if layout == "narrow" else WIDE
    pending = obs.get("pending") or {}
    viewer = obs.get("viewer")
    # The viewer's own pending decision, if any: its labelled controls are drawn.
    own = pending.get("kind") if pending and pending.get("player") == viewer else None
    # In a turn, each display hexagon is two click targets: its top half takes its
    # colour, its bottom half its pattern (colour:<name>, pattern:<name>).
    split = pending.get("kind") == "turn"
    body, y = _top(obs, geo, own)
    drawn, height = _display(obs, geo, y, split)
    body.extend(drawn)
    y += height + 4
    n = len(obs["players"])
    gap = geo.width - 2 * geo.margin - geo.panel_cols * geo.panel_w
    gap = gap / (geo.panel_cols - 1) if geo.panel_cols > 1 else 0
    # The viewer's own panel comes first (on a phone, right under the display), the
    # others follow in seat order; each viewer's picture keeps its order all game.
    first = viewer if isinstance(viewer, int) and 0 <= viewer < n else 0
    for slot in range(n):
        p = (first + slot) % n
        ox = geo.margin + (slot % geo.panel_cols) * (geo.panel_w + gap)
        oy = y + (slot // geo.panel_cols) * (geo.panel_h + 10)
        body.extend(_panel(obs, geo, p, ox, oy, own))
    y += -(-n // geo.panel_cols) * (geo.panel_h + 10)
    drawn, y = _legend(obs, geo, y)
    body.extend(drawn)
    return svg.document(geo.width, _n(y), [HATCH, *body])
