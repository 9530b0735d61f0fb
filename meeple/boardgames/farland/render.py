"""Text and SVG views of a Farland observation (never more than the observation)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from meeple.boardgames.farland.rules import LAND_CARD_GAINS
from meeple.boardgames.farland.words import card_words, tech_name
from meeple.core import svg
from meeple.core.api import Layout
from meeple.core.svg import PLAYER_COLOURS

RES_COLOURS = {
    "cow": "#8c5a3c",
    "pig": "#f2a0b5",
    "sheep": "#f4f4f4",
    "wheat": "#e8c547",
    "carrot": "#f08a24",
}
KIND_FILL = {"meadow": "#b9dc8c", "house": "#c0504d", "pond": "#6fb7e8"}
FENCE_COLOUR = "#6b3e1f"
PIPE_COLOUR = "#1f5fbf"
TARGET_COLOUR = "#e08a00"  # outlines of the squares, edges and corners to click


def _who(p: int) -> str:
    if p == -1:
        return "chance"
    if p == -4:
        return "game over"
    return f"player {p + 1}"


def token_labels(names: Sequence[str]) -> dict[str, str]:
    """Short, unambiguous labels for resources: the shortest prefix (2 letters at
    least) no other resource shares, capitalised (cow ``Co``, carrot ``Ca``)."""
    out = {}
    for name in names:
        k = 2
        while k < len(name) and any(o != name and o[:k] == name[:k] for o in names):
            k += 1
        out[name] = name[:k].capitalize()
    return out


def _short(content: str) -> str:
    """Code of a square for the terminal (at most 5 characters: icons keep the
    lower-case resource code and count, buildings are in capitals)."""
    if content == "meadow":
        return " .."
    if content == "house":
        return "HOUSE"
    if content == "pond":
        return " pond"
    if content[-1].isdigit():
        name = content.rstrip("0123456789")
        return f"{name[:2]}{content[len(name) :]}"
    return content[:5].upper()


def _building_state(obs: Mapping[str, Any]) -> str:
    b = obs["building"]
    phase = obs["phase"]
    if b["top"] is not None:
        if phase == "setup":
            return "face up, can be taken from round 1"
        if phase == "over":
            return "face up, not taken by the end of the game"
        if b["open"] and phase == "turns":
            return "face up, can be taken"
        return "face up"
    if b["face_down"] == 0:
        return "no building tiles left"
    if phase == "over":
        return "none face up at the end of the game"
    if obs["round"] >= 12:
        return "taken in the last round"
    return "taken this round; the next tile is face down"


def _card_summary(mk: Mapping[str, Any], cid: str | None) -> str:
    if cid is None:
        return "(empty)"
    cells = [c["content"] for c in mk["cards"][cid]]
    return f"{cid}[{' '.join(cells)}]"


CHANCE_WORDS = {
    "track": "an improvement is put on the round track",
    "deal": "a land card is drawn for the market",
    "flip": "a building tile is turned face up",
}


def _decision_text(d: Mapping[str, Any]) -> str:
    """The decision in words, with the moves that answer it where they are few."""
    kind = d["kind"]
    if kind in CHANCE_WORDS:
        return f"chance: {CHANCE_WORDS[kind]}"
    piece = _piece_label(d["piece"]) if "piece" in d else ""
    if kind == "place":
        return f"choose the top-left square for {piece} (at x,y)"
    if kind == "rotate":
        x, y = d["at"]
        turns = " or ".join(f"rotate {r}" for r in d.get("rotations", ()))
        return f"turn {piece} and lay it with its top-left square at {x},{y} ({turns})"
    if kind == "token":
        kinds = [f"token {c}" for c in d.get("choices", ())]
        return (
            "take a resource token for a covered square (" + ", ".join([*kinds, "no token"]) + ")"
        )
    if kind == "token_at":
        return f"put the {d['resource']} token on a square (at x,y)"
    if kind == "install_at":
        return "choose where the piece goes (edge h x,y / edge v x,y, or corner x,y)"
    if kind == "upgrade":
        return "place an upgrade token (tech <technology> or tech +10)"
    words = KIND_WORDS.get(str(kind), str(kind))
    return words.format(piece=piece, resource=d.get("resource", ""))


def render_text(obs: Mapping[str, Any], rules: object = None) -> str:
    lines = [
        f"Farland  round {obs['round']}/12  phase {obs['phase']}  to move: "
        f"{_who(obs['to_move'])}  first player: {_who(obs['first_player'])}",
    ]
    d = obs.get("decision")
    if d:
        lines.append("decision: " + _decision_text(d))
    mk = obs["market"]
    # each column carries the smallest player count it is used with (rulebook setup)
    marks = list(mk["columns"])
    used = ", ".join(f"{k + 1} ({m}+ players)" for k, m in enumerate(marks))
    unused = mk["unused_columns"]
    spare = ", ".join(f"{len(marks) + k + 1} ({m}+ players)" for k, m in enumerate(unused))
    lines.append(
        f"market columns: {used}"
        + (f"; not used: {spare}" if spare else "")
        + "; an upper card costs 1 improvement, a lower card is free"
    )
    for row in ("upper", "lower"):
        cards = "  ".join(f"{k + 1} {_card_summary(mk, c)}" for k, c in enumerate(mk[row]))
        lines.append(f"{row} market: {cards}")
    b = obs["building"]
    imps = ", ".join(f"{v} {k}" for k, v in b["improvements"].items() if v) or "none"
    state = _building_state(obs)
    lines.append(
        f"building: {b['top'] or 'none'} ({state}; improvements on it: {imps}); "
        f"{b['face_down']} face down; deck {obs['deck']}"
    )
    lines.append(
        "supply: "
        + ", ".join(f"{v} {k}" for k, v in obs["supply"].items())
        + "  round track: "
        + " ".join(obs["round_track"])
    )
    labels = token_labels(list(obs["resource_tokens"]))
    lines.append(
        "farm key: square x,y under column x and beside row y (x to the right, y down); "
        ".. meadow (no icon); icons as code+count (wh2 = 2 wheat); BUILDINGS and the HOUSE "
        "in capitals; "
        + ("pond a pond tile; " if obs["advanced"] else "")
        + "+Xx a resource token ("
        + ", ".join(f"{v} {k}" for k, v in labels.items())
        + ")"
    )
    lines.append(
        "edge key: ====== / ‖ wooden fence, ------ / | printed fence, ~~~~~~ / : pipe "
        "(-~-~-~ fence and pipe); ++ Nimbus Generator (2 pipes as a cross on that corner)"
    )
    for p, pl in enumerate(obs["players"]):
        sc = pl["score"]
        lines.append("")
        lines.append(
            f"player {p + 1}: {sc['total']} points ("
            + ", ".join(f"{k} {v}" for k, v in sc.items() if k != "total")
            + ")"
        )
        lines.append(
            "  house: "
            + ", ".join(f"{v} {k}" for k, v in pl["house"].items())
            + "  troughs: "
            + ", ".join(f"{k} {v}" for k, v in pl["troughs"].items())
            + f"  installed: {pl['installed']}"
        )
        if obs["advanced"] and p == 0:
            slots = ", ".join(f"{k} {v}" for k, v in obs["level2_slots"].items())
            lines.insert(-2, f"tech board: {obs['ponds']} ponds left; level 2 slots left: {slots}")
        if obs["advanced"]:
            lines.append(
                f"  techs: {', '.join(pl['techs']) or 'none'}  +10 tokens: {pl['plus10']}"
                f"  upgrade tokens left: {pl['upgrade_tokens']}"
            )
        lines.extend("  " + row for row in _farm_text(pl, labels))
    return "\n".join(lines)


def _farm_text(pl: Mapping[str, Any], labels: Mapping[str, str]) -> list[str]:
    """The farm as a grid: 8 characters per square (a 2-character edge column,
    then the square), every other row an edge row with its corners."""
    cells = {(c["x"], c["y"]): c for c in pl["cells"]}
    tokens = {(x, y): t for x, y, t in pl["tokens"]}
    nimbus = {(x, y) for x, y in pl["nimbus"]}
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    wooden = set(pl["fences"])
    pipes = set(pl["pipes"])
    printed: set[str] = set()
    for (x, y), c in cells.items():
        for s in c["fences"]:
            printed.add(
                {
                    "N": f"h {x},{y}",
                    "S": f"h {x},{y + 1}",
                    "W": f"v {x},{y}",
                    "E": f"v {x + 1},{y}",
                }[s]
            )

    def fence_of(e: str) -> str | None:
        if e in wooden:
            return "wood"
        if e in printed:
            return "printed"
        return None

    def hmark(e: str) -> str:
        f = fence_of(e)
        p = e in pipes
        line = {"wood": "=", "printed": "-", None: " "}[f]
        if p:
            return (line + "~") * 3 if f else "~" * 6
        return line * 6

    def vmark(e: str) -> str:
        f = fence_of(e)
        return {"wood": "‖", "printed": "|", None: " "}[f] + (":" if e in pipes else " ")

    # axis labels: x over each square, y before each row of squares (moves say "at x,y")
    w = max(3, *(len(str(y)) for y in range(y0, y1 + 1)))
    out = [f"{'y' + chr(92) + 'x':>{w}} " + "".join(f"  {x:<6}" for x in range(x0, x1 + 1))]
    out[0] = out[0].rstrip()
    for y in range(y0, y1 + 2):
        row = " " * (w + 1)
        for x in range(x0, x1 + 2):
            row += "++" if (x, y) in nimbus else ". "
            if x <= x1:
                row += hmark(f"h {x},{y}")
        out.append(row.rstrip())
        if y > y1:
            break
        row = f"{y:>{w}} "
        for x in range(x0, x1 + 2):
            row += vmark(f"v {x},{y}")
            if x <= x1:
                c = cells.get((x, y))
                if c is None:
                    row += " " * 6
                else:
                    code = _short(c["content"])
                    t = tokens.get((x, y))
                    if t is not None:
                        code = code[:3] + "+" + labels.get(t, t[:2])
                    row += f"{code:<6}"
        out.append(row.rstrip())
    return out


# -- SVG -------------------------------------------------------------------------------


def _edge_line(e: str, ox: float, oy: float, size: float) -> tuple[float, float, float, float]:
    kind, xy = e.split()
    x, y = (int(v) for v in xy.split(","))
    if kind == "h":
        return (ox + x * size, oy + y * size, ox + (x + 1) * size, oy + y * size)
    return (ox + x * size, oy + y * size, ox + x * size, oy + (y + 1) * size)


def _xy(text: str) -> tuple[int, int]:
    x, y = text.split(",")
    return int(x), int(y)


def _farm_targets(
    p: int, targets: Sequence[str]
) -> tuple[list[tuple[int, int]], list[str], list[tuple[int, int]]]:
    """The squares, edges (``h x,y`` / ``v x,y``) and corners of farm ``p`` that the
    player to move may click now."""
    squares: list[tuple[int, int]] = []
    edges: list[str] = []
    corners: list[tuple[int, int]] = []
    prefix = f"p{p}:"
    for t in targets:
        if not t.startswith(prefix):
            continue
        what, _, where = t[len(prefix) :].partition(":")
        if what == "sq":
            squares.append(_xy(where))
        elif what == "edge":
            edges.append(f"{where[0]} {where[1:]}")
        elif what == "corner":
            corners.append(_xy(where))
    return squares, edges, corners


VIEW = ((-4, 5), (-3, 4))
"""The squares x, y a farm's picture spans at least: the starting house (0..1) with room
to grow, so a farm stays where it is drawn for its first rounds."""


def _farm_window(
    cells: Sequence[Mapping[str, Any]],
    ring: int,
    extra: Sequence[tuple[int, int]] = (),
) -> tuple[int, int, int, int]:
    """The squares x0..x1, y0..y1 drawn for a farm: :data:`VIEW`, the farm's squares and
    a ring ``ring`` squares wide around them, where every square a piece may be laid on
    (and every piece being turned) lies.

    It depends on the farm alone, never on the decision pending or its targets, so the
    farm stays put from one decision to the next; ``extra`` (squares outlined or covered
    by the piece being turned, all in the ring) only widens it should one lie beyond.
    """
    xs = [*VIEW[0], *(x for x, _ in extra)]
    ys = [*VIEW[1], *(y for _, y in extra)]
    for c in cells:
        xs += (c["x"] - ring, c["x"] + ring)
        ys += (c["y"] - ring, c["y"] + ring)
    return min(xs), max(xs), min(ys), max(ys)


# -- the picture: the two layouts -------------------------------------------------------


@dataclass(frozen=True)
class Screen:
    """One layout's sizes, in units of a viewBox ``width`` wide that the page draws
    ``width`` CSS px wide, so a font of 12 units shows at 12 px."""

    width: float
    narrow: bool
    title: float
    head: float
    body: float
    small: float
    square: float  # the largest farm square
    card: float  # a square of a land card in the market


WIDE = Screen(878.0, False, 17.0, 14.0, 13.0, 12.0, 42.0, 28.0)
NARROW = Screen(366.0, True, 14.0, 12.0, 11.0, 10.0, 36.0, 26.0)
MARGIN = 8.0

BUILDING_COLOURS = {
    "barn": "#b5382b",
    "silo": "#6f8aa1",
    "windmill": "#7a5a3a",
    "stable": "#9b6a3a",
    "greenhouse": "#3f9a55",
    "workshop": "#5d5d6b",
}
BUILDING_FILL = "#e4dccd"
TRACK_LEFT = "#9a7b4f"
TECH_TIPS = {
    "irrigation": "take a pond tile and lay it at once; the 10 squares around it are irrigated",
    "nimbus_generator": "install 2 pipes as a cross on a corner; the 4 squares around it are "
    "irrigated",
    "aquasphere": "crops in pastures count as irrigated",
    "efficient_construction": "taking the building tile also gives 1 improvement",
    "free_range": "animals in an open field of one type score as if pastured",
    "symbiosis": "animal types may share a pasture",
    "fence_sprinkler": "pipes close pastures like fences",
    "agro_optimizer": "the crops table goes on past 6 (28, 36, 45, then +5 a crop)",
    "land_prep": "+1 per pasture and per crop that scores",
    "flexible_installation": "installed pieces may be lifted at each scoring phase",
    "resource_conversion": "a covered resource gives a token of any type",
    "growth_enhancer": "+1 per animal that scores",
}
PIECE_TIPS = {
    "fence": "Fence: installed on an edge at scoring; areas closed by fences are pastures "
    "(3 points each)",
    "pipe": "Pipe: installed on an edge at scoring; a network joined to the house irrigates "
    "the squares beside it",
    "trough": "Trough: installed on a livestock table at scoring; raises what that animal scores",
    "nimbus": "Nimbus Generator: 2 pipes as a cross on a grid corner; the 4 squares around "
    "it are irrigated",
}
KIND_WORDS = {
    "start": "choose a starting improvement",
    "take": "take a land card or the building",
    "pay": "pay an improvement for the upper card",
    "gain": "gain an improvement from the supply",
    "place": "choose the top-left square for {piece}",
    "rotate": "turn {piece} and lay it",
    "token": "take a resource token, or none",
    "token_at": "put the {resource} token on a square",
    "upgrade": "place an upgrade token",
    "install": "install improvements, then Done",
    "install_at": "choose the edge or corner",
}
PHASE_WORDS = {
    "setup": "setup",
    "turns": "turns",
    "install": "scoring: installing",
    "over": "game over",
}


def _tw(text: str, fs: float, bold: bool = False) -> float:
    """A generous estimate of a text's width (DejaVu Sans runs about 0.55 em a letter),
    so that a text placed by it never runs into its neighbour."""
    return len(text) * fs * (0.66 if bold else 0.6)


def _wrap(text: str, fs: float, width: float) -> list[str]:
    return svg.wrap(text, fs, width, measure=_tw) or [""]


def _open(target: str | None = None, tip: str | None = None, **kw: object) -> str:
    return f"<g {svg.attrs(data_target=target, data_tip=tip, **kw)}>"


def _ellipse(cx: float, cy: float, rx: float, ry: float, **kw: object) -> str:
    return f"<ellipse {svg.attrs(cx=cx, cy=cy, rx=rx, ry=ry, **kw)}/>"


def _piece_label(piece: str) -> str:
    if piece.startswith("building "):
        return f"the {piece[len('building ') :]} tile"
    if piece == "pond":
        return "a pond tile"
    return f"card {piece}"


# -- drawings of the pieces -------------------------------------------------------------


def _glyph(name: str, cx: float, cy: float, r: float) -> list[str]:
    """The printed icon of a resource, about ``2 r`` across."""
    col = RES_COLOURS.get(name, "#999")
    if name == "sheep":
        out = [
            svg.circle(
                cx + r * 0.6 * math.cos(a * math.pi / 3),
                cy + r * 0.6 * math.sin(a * math.pi / 3),
                r * 0.42,
                fill=col,
                stroke="#777",
                stroke_width=0.8,
            )
            for a in range(6)
        ]
        out.append(svg.circle(cx, cy, r * 0.62, fill=col))
        out.append(_ellipse(cx, cy, r * 0.26, r * 0.34, fill="#444"))
        return out
    if name == "cow":
        return [
            svg.circle(cx, cy, r, fill=col, stroke="#3b2416", stroke_width=0.8),
            svg.circle(cx - r * 0.4, cy - r * 0.3, r * 0.3, fill="#f4efe6"),
            _ellipse(cx, cy + r * 0.45, r * 0.5, r * 0.3, fill="#e8b8a0"),
        ]
    if name == "pig":
        return [
            svg.circle(cx, cy, r, fill=col, stroke="#a0506a", stroke_width=0.8),
            _ellipse(cx, cy + r * 0.15, r * 0.45, r * 0.32, fill="#e07a98"),
            svg.circle(cx - r * 0.16, cy + r * 0.15, r * 0.09, fill="#6a2a3a"),
            svg.circle(cx + r * 0.16, cy + r * 0.15, r * 0.09, fill="#6a2a3a"),
        ]
    if name == "wheat":
        out = [svg.line(cx, cy + r, cx, cy - r * 0.5, stroke="#9a7a10", stroke_width=r * 0.14)]
        for k in range(3):
            yy = cy + r * 0.3 - k * r * 0.42
            for dx in (-1, 1):
                out.append(
                    _ellipse(
                        cx + dx * r * 0.28,
                        yy,
                        r * 0.2,
                        r * 0.32,
                        fill=col,
                        stroke="#9a7a10",
                        stroke_width=0.6,
                    )
                )
        out.append(_ellipse(cx, cy - r * 0.8, r * 0.18, r * 0.28, fill=col, stroke="#9a7a10"))
        return out
    if name == "carrot":
        leaf = "#3d8b2f"
        return [
            svg.line(cx, cy - r * 0.4, cx - r * 0.4, cy - r, stroke=leaf, stroke_width=r * 0.2),
            svg.line(cx, cy - r * 0.4, cx, cy - r * 1.05, stroke=leaf, stroke_width=r * 0.2),
            svg.line(cx, cy - r * 0.4, cx + r * 0.4, cy - r, stroke=leaf, stroke_width=r * 0.2),
            svg.polygon(
                [(cx - r * 0.5, cy - r * 0.45), (cx + r * 0.5, cy - r * 0.45), (cx, cy + r)],
                fill=col,
                stroke="#a85510",
                stroke_width=0.8,
            ),
        ]
    return [svg.circle(cx, cy, r, fill=col, stroke="#333", stroke_width=0.8)]


def _token(name: str, x: float, y: float, s: float) -> list[str]:
    """A resource token: a wooden cube in the resource's colour, ``s`` across."""
    return [
        svg.rect(
            x,
            y,
            s,
            s,
            fill=RES_COLOURS.get(name, "#999"),
            stroke="#222",
            stroke_width=1.5,
            rx=s * 0.15,
        ),
        svg.line(
            x + s * 0.2,
            y + s * 0.25,
            x + s * 0.55,
            y + s * 0.25,
            stroke="#ffffff",
            stroke_width=max(1.0, s * 0.1),
            stroke_opacity=0.7,
        ),
    ]


def _building_icon(kind: str, x: float, y: float, s: float) -> list[str]:
    """A picture of a building type in the square ``x, y, s``."""
    c = BUILDING_COLOURS.get(kind, "#777")
    m = s * 0.14
    w = s - 2 * m

    def P(u: float, v: float) -> tuple[float, float]:
        return (x + m + u * w, y + m + v * w)

    def L(u1: float, v1: float, u2: float, v2: float, **kw: object) -> str:
        (a, b), (cc, d) = P(u1, v1), P(u2, v2)
        return svg.line(a, b, cc, d, **kw)

    dark = "#2b2b2b"
    if kind == "barn":
        return [
            svg.polygon(
                [P(0, 0.4), P(0.5, 0.02), P(1, 0.4), P(1, 1), P(0, 1)],
                fill=c,
                stroke="#5a1a12",
                stroke_width=0.8,
            ),
            svg.rect(
                *P(0.3, 0.55), w * 0.4, w * 0.45, fill="none", stroke="#fff", stroke_width=w * 0.06
            ),
            L(0.3, 0.55, 0.7, 1, stroke="#fff", stroke_width=w * 0.06),
            L(0.7, 0.55, 0.3, 1, stroke="#fff", stroke_width=w * 0.06),
        ]
    if kind == "silo":
        cx, cy = P(0.5, 0.3)
        return [
            svg.circle(cx, cy, w * 0.28, fill=c, stroke=dark, stroke_width=0.8),
            svg.rect(*P(0.22, 0.3), w * 0.56, w * 0.7, fill=c, stroke=dark, stroke_width=0.8),
            L(0.22, 0.55, 0.78, 0.55, stroke="#dfe6ec", stroke_width=w * 0.05),
            L(0.22, 0.78, 0.78, 0.78, stroke="#dfe6ec", stroke_width=w * 0.05),
        ]
    if kind == "windmill":
        return [
            svg.polygon(
                [P(0.34, 1), P(0.66, 1), P(0.58, 0.45), P(0.42, 0.45)],
                fill=c,
                stroke=dark,
                stroke_width=0.8,
            ),
            L(
                0.08,
                0.03,
                0.92,
                0.87,
                stroke="#f1e6cc",
                stroke_width=w * 0.13,
                stroke_linecap="round",
            ),
            L(
                0.92,
                0.03,
                0.08,
                0.87,
                stroke="#f1e6cc",
                stroke_width=w * 0.13,
                stroke_linecap="round",
            ),
            L(0.08, 0.03, 0.92, 0.87, stroke=c, stroke_width=w * 0.04),
            L(0.92, 0.03, 0.08, 0.87, stroke=c, stroke_width=w * 0.04),
        ]
    if kind == "stable":
        return [
            svg.polygon(
                [P(0, 0.5), P(0.5, 0.15), P(1, 0.5), P(1, 1), P(0, 1)],
                fill=c,
                stroke=dark,
                stroke_width=0.8,
            ),
            svg.rect(*P(0.3, 0.6), w * 0.4, w * 0.4, fill="#4a2e14"),
            L(0.3, 0.8, 0.7, 0.8, stroke="#d9b48a", stroke_width=w * 0.05),
        ]
    if kind == "greenhouse":
        arch = [
            P(0.5 - 0.5 * math.cos(a * math.pi / 8), 1 - 0.8 * math.sin(a * math.pi / 8))
            for a in range(9)
        ]
        return [
            svg.polygon(arch, fill="#d4f0d8", stroke=c, stroke_width=w * 0.07),
            L(0.33, 1, 0.33, 0.28, stroke=c, stroke_width=w * 0.05),
            L(0.67, 1, 0.67, 0.28, stroke=c, stroke_width=w * 0.05),
        ]
    if kind == "workshop":
        teeth = [
            P(
                0.5 + (0.5 if k % 2 == 0 else 0.34) * math.cos(k * math.pi / 8),
                0.5 + (0.5 if k % 2 == 0 else 0.34) * math.sin(k * math.pi / 8),
            )
            for k in range(16)
        ]
        cx, cy = P(0.5, 0.5)
        return [
            svg.polygon(teeth, fill=c, stroke=dark, stroke_width=0.6),
            svg.circle(cx, cy, w * 0.14, fill=BUILDING_FILL),
        ]
    cx, cy = P(0.5, 0.5)
    return [svg.rect(*P(0.1, 0.1), w * 0.8, w * 0.8, fill=c, stroke=dark)]


def _house_icon(x: float, y: float, s: float) -> list[str]:
    m = s * 0.2
    w = s - 2 * m

    def P(u: float, v: float) -> tuple[float, float]:
        return (x + m + u * w, y + m + v * w)

    return [
        svg.polygon(
            [P(0, 0.45), P(0.5, 0), P(1, 0.45), P(1, 1), P(0, 1)],
            fill="#fbe9d0",
            stroke="#7a2420",
            stroke_width=0.8,
        ),
        svg.rect(*P(0.38, 0.6), w * 0.24, w * 0.4, fill="#7a2420"),
    ]


def _pond_icon(x: float, y: float, s: float) -> list[str]:
    out = []
    for v in (0.4, 0.65):
        x0, yy, q = x + s * 0.15, y + s * v, s * 0.175
        out.append(
            f'<path d="M{x0:.1f} {yy:.1f} q {q:.1f} {-q * 0.6:.1f} {2 * q:.1f} 0 '
            f't {2 * q:.1f} 0" fill="none" stroke="#eaf6ff" '
            f'stroke-width="{max(1.0, s * 0.05):.1f}"/>'
        )
    return out


def _piece_icon(kind: str, x: float, y: float, s: float = 16.0) -> list[str]:
    """A small picture of an improvement (or a Nimbus Generator) in the box ``x, y, s``."""
    k = s / 14
    if kind == "fence":
        return [
            svg.line(x, y + 5 * k, x + s, y + 5 * k, stroke=FENCE_COLOUR, stroke_width=2 * k),
            svg.line(x, y + 10 * k, x + s, y + 10 * k, stroke=FENCE_COLOUR, stroke_width=2 * k),
            svg.line(
                x + 3 * k,
                y + 2 * k,
                x + 3 * k,
                y + 13 * k,
                stroke=FENCE_COLOUR,
                stroke_width=2.5 * k,
            ),
            svg.line(
                x + 11 * k,
                y + 2 * k,
                x + 11 * k,
                y + 13 * k,
                stroke=FENCE_COLOUR,
                stroke_width=2.5 * k,
            ),
        ]
    if kind == "pipe":
        return [svg.line(x, y + 7 * k, x + s, y + 7 * k, stroke=PIPE_COLOUR, stroke_width=4 * k)]
    if kind == "nimbus":
        return [
            svg.line(x, y + 7 * k, x + s, y + 7 * k, stroke=PIPE_COLOUR, stroke_width=3 * k),
            svg.line(x + 7 * k, y, x + 7 * k, y + s, stroke=PIPE_COLOUR, stroke_width=3 * k),
        ]
    return [
        svg.polygon(
            [(x, y + 3 * k), (x + s, y + 3 * k), (x + 11 * k, y + 12 * k), (x + 3 * k, y + 12 * k)],
            fill=TRACK_LEFT,
            stroke="#5a4020",
        )
    ]


def _square(c: Mapping[str, Any], ox: float, oy: float, size: float) -> list[str]:
    """One square of a farm (or of a card, or of a piece being laid): no words, only
    pictures, so it reads at any size."""
    x, y = ox + c["x"] * size, oy + c["y"] * size
    content = c["content"]
    if content in KIND_FILL:
        fill = KIND_FILL[content]
    elif content[-1].isdigit():
        fill = KIND_FILL["meadow"]
    else:
        fill = BUILDING_FILL
    body = [svg.rect(x, y, size, size, fill=fill, stroke="#5a5a5a", stroke_width=0.5)]
    if content[-1].isdigit():
        name = content.rstrip("0123456789")
        n = int(content[len(name) :])
        spots = {1: [(0.4, 0.58, 0.25)], 2: [(0.3, 0.34, 0.19), (0.68, 0.7, 0.19)]}.get(
            n, [(0.25 + 0.5 * (k % 2), 0.28 + 0.45 * (k // 2), 0.16) for k in range(min(n, 4))]
        )
        for u, v, r in spots:
            body += _glyph(name, x + u * size, y + v * size, r * size)
    elif content == "house":
        body += _house_icon(x, y, size)
    elif content == "pond":
        body += _pond_icon(x, y, size)
    elif content != "meadow":
        body += _building_icon(content, x, y, size)
    return body


def _square_tip(c: Mapping[str, Any], animals: Sequence[str]) -> str:
    content = c["content"]
    where = f"{c['x']},{c['y']}: "
    if content == "meadow":
        return where + "meadow, empty land; a resource token of any type may go here"
    if content == "house":
        return where + "starting house, never covered; improvements wait on it to be installed"
    if content == "pond":
        return where + "pond tile; the 10 squares around it are irrigated"
    if content[-1].isdigit():
        name = content.rstrip("0123456789")
        n = content[len(name) :]
        if name in animals:
            return where + f"{n} {name} printed; scores in a pasture holding only {name}"
        return where + f"{n} {name} printed; scores if irrigated and not trampled by animals"
    return where + (
        f"{content} (building); each different building type adds to the buildings score"
    )


def _fence_lines(c: Mapping[str, Any], ox: float, oy: float, size: float) -> list[str]:
    x, y = c["x"], c["y"]
    e = {"N": f"h {x},{y}", "S": f"h {x},{y + 1}", "W": f"v {x},{y}", "E": f"v {x + 1},{y}"}
    body = []
    for side in c["fences"]:
        x1_, y1_, x2_, y2_ = _edge_line(e[side], ox, oy, size)
        body.append(
            svg.line(
                x1_, y1_, x2_, y2_, stroke=FENCE_COLOUR, stroke_width=2.5, stroke_dasharray="5,2"
            )
        )
    return body


PRINTED_TIP = "Printed fence: closes pastures like a wooden one; no wooden fence goes on it"


def _farm_geometry(
    pl: Mapping[str, Any], ring: int, width: float, sc: Screen, extra: Sequence[tuple[int, int]]
) -> tuple[int, int, float, float]:
    """x0, y0 (the first square drawn), the square size and the height of a farm's box."""
    x0, x1, y0, y1 = _farm_window(pl["cells"], ring, extra)
    size = min(sc.square, (width - 8) / (x1 - x0 + 1))
    pad = sc.small + 8  # room for the label above the piece being turned
    return x0, y0, size, pad + (y1 - y0 + 1) * size + 4


def _farm_svg(
    p: int,
    pl: Mapping[str, Any],
    left: float,
    top: float,
    width: float,
    sc: Screen,
    animals: Sequence[str],
    targets: Sequence[str],
    orientations: Sequence[Mapping[str, Any]],
    ring: int,
) -> list[str]:
    """Farm ``p`` in the box at ``left, top``: its squares drawn over :func:`_farm_window`,
    which the pending decision never changes (so the farm stays put under the pointer)."""
    body: list[str] = []
    cells = pl["cells"]
    t_squares, t_edges, t_corners = _farm_targets(p, targets)
    ghost = [(c["x"], c["y"]) for o in orientations for c in o["cells"]]
    x0, y0, size, _h = _farm_geometry(pl, ring, width, sc, t_squares + ghost)
    free = (width - 8) - size * _span(pl, ring, t_squares + ghost)
    ox = left + 4 + max(0.0, free) / 2 - x0 * size  # centred in its box
    oy = top + sc.small + 8 - y0 * size
    for c in cells:
        key = f"p{p}:sq:{c['x']},{c['y']}"
        body.append(_open(key, _square_tip(c, animals)))
        body += _square(c, ox, oy, size)
        body.append("</g>")
    for x, y, t in pl["tokens"]:
        s = size * 0.36
        tip = f"{x},{y}: {t} token; counts as a {t} on this square"
        body.append(_open(f"p{p}:sq:{x},{y}", tip))
        body += _token(t, ox + (x + 0.96) * size - s, oy + y * size + size * 0.06, s)
        body.append("</g>")
    printed = [line for c in cells for line in _fence_lines(c, ox, oy, size)]
    if printed:
        body += [_open(tip=PRINTED_TIP), *printed, "</g>"]
    for e in pl["fences"]:
        x1_, y1_, x2_, y2_ = _edge_line(e, ox, oy, size)
        body.append(
            _open(tip="Wooden fence (installed): " + PIECE_TIPS["fence"].split(": ", 1)[1])
            + svg.line(
                x1_,
                y1_,
                x2_,
                y2_,
                stroke=FENCE_COLOUR,
                stroke_width=max(4.0, size * 0.14),
                stroke_linecap="round",
            )
            + "</g>"
        )
    for e in pl["pipes"]:
        x1_, y1_, x2_, y2_ = _edge_line(e, ox, oy, size)
        dx, dy = (0.0, 3.0) if y1_ == y2_ else (3.0, 0.0)
        body.append(
            _open(tip="Pipe (installed): " + PIECE_TIPS["pipe"].split(": ", 1)[1])
            + svg.line(
                x1_ + dx,
                y1_ + dy,
                x2_ + dx,
                y2_ + dy,
                stroke=PIPE_COLOUR,
                stroke_width=max(3.0, size * 0.1),
            )
            + "</g>"
        )
    for x, y in pl["nimbus"]:
        cx, cy = ox + x * size, oy + y * size
        h = size * 0.5
        body.append(
            _open(tip=PIECE_TIPS["nimbus"])
            + svg.line(
                cx - h, cy, cx + h, cy, stroke=PIPE_COLOUR, stroke_width=max(3.0, size * 0.1)
            )
            + svg.line(
                cx, cy - h, cx, cy + h, stroke=PIPE_COLOUR, stroke_width=max(3.0, size * 0.1)
            )
            + "</g>"
        )
    # what the player to move may click now, drawn faintly on top
    laid = {(c["x"], c["y"]) for c in cells}
    for x, y in t_squares:
        tip = (
            f"{x},{y}: a free square of the farm"
            if (x, y) in laid
            else f"{x},{y}: lay the piece with its top-left square here"
        )
        body.append(
            svg.rect(
                ox + x * size + 1.5,
                oy + y * size + 1.5,
                size - 3,
                size - 3,
                fill=TARGET_COLOUR,
                fill_opacity=0.14,
                stroke=TARGET_COLOUR,
                stroke_width=1.5,
                stroke_dasharray="3,2",
                data_target=f"p{p}:sq:{x},{y}",
                data_tip=tip,
            )
        )
    for te in t_edges:
        x1_, y1_, x2_, y2_ = _edge_line(te, ox, oy, size)
        ix, iy = (x2_ - x1_) * 0.15, (y2_ - y1_) * 0.15
        kind, where = te.split()
        side = "top" if kind == "h" else "left"
        body.append(
            svg.line(
                x1_ + ix,
                y1_ + iy,
                x2_ - ix,
                y2_ - iy,
                stroke=TARGET_COLOUR,
                stroke_width=max(6.0, size * 0.22),
                stroke_opacity=0.5,
                stroke_linecap="round",
                data_target=f"p{p}:edge:{te.replace(' ', '')}",
                data_tip=f"Edge {te}: the {side} side of square {where}",
            )
        )
    for x, y in t_corners:
        body.append(
            svg.circle(
                ox + x * size,
                oy + y * size,
                max(6.0, size * 0.2),
                fill=TARGET_COLOUR,
                fill_opacity=0.55,
                stroke=TARGET_COLOUR,
                data_target=f"p{p}:corner:{x},{y}",
                data_tip=f"Corner {x},{y}: the top-left corner of square {x},{y}",
            )
        )
    # the piece being laid, once per legal orientation: the browser shows the first
    # group of the data-cycle set and the player cycles through the others
    for o in orientations:
        body += _orientation_svg(o, ox, oy, size, left, width, sc)
    return body


def _span(pl: Mapping[str, Any], ring: int, extra: Sequence[tuple[int, int]]) -> int:
    x0, x1, _y0, _y1 = _farm_window(pl["cells"], ring, extra)
    return x1 - x0 + 1


def _orientation_svg(
    o: Mapping[str, Any],
    ox: float,
    oy: float,
    size: float,
    left: float,
    width: float,
    sc: Screen,
) -> list[str]:
    """The piece being laid in one orientation, semi-opaque with an orange outline,
    as a ``data-cycle="rotation"`` group the player clicks to lay it so."""
    cells = o["cells"]
    key = f"rot:{o['rotate']}"
    tip = f"The piece turned {o['rotate']}°: click to lay it so; R shows the next way"
    body = [f"<g {svg.attrs(data_target=key, data_cycle='rotation', data_tip=tip)}>"]
    body.append('<g opacity="0.65">')
    for c in cells:
        body += _square(c, ox, oy, size)
    for c in cells:
        body += _fence_lines(c, ox, oy, size)
    body.append("</g>")
    for c in cells:
        body.append(
            svg.rect(
                ox + c["x"] * size + 1,
                oy + c["y"] * size + 1,
                size - 2,
                size - 2,
                fill="none",
                stroke=TARGET_COLOUR,
                stroke_width=2.5,
                stroke_dasharray="5,3",
            )
        )
    x0 = min(c["x"] for c in cells)
    y0 = min(c["y"] for c in cells)
    label = f"turned {o['rotate']}° (R: next)"
    tx = ox + x0 * size + 2
    tx = max(left + 4, min(tx, left + width - 4 - _tw(label, sc.small, True)))
    ty = oy + y0 * size - 4
    body.append(
        svg.rect(
            tx - 2,
            ty - sc.small,
            _tw(label, sc.small, True) + 4,
            sc.small + 4,
            fill="#ffffff",
            fill_opacity=0.85,
            rx=2,
        )
    )
    body.append(svg.text(tx, ty, label, sc.small, fill="#b35f00", font_weight="bold"))
    body.append("</g>")
    return body


# -- parts of the picture ---------------------------------------------------------------


def _piece_button(
    key: str,
    kind: str,
    label: str,
    x: float,
    y: float,
    w: float,
    lit: bool,
    tip: str,
    sc: Screen,
) -> list[str]:
    """An improvement piece to click (in the supply or on a house), 26 high, ``y`` its top;
    outlined in orange when it may be clicked now."""
    return [
        _open(key, tip),
        svg.rect(
            x,
            y,
            w,
            26,
            fill="#fff3d6" if lit else "#f3efe6",
            stroke=TARGET_COLOUR if lit else "#aaa",
            stroke_width=2.5 if lit else 1,
            rx=4,
        ),
        *_piece_icon(kind, x + 5, y + 5, 16),
        svg.text(x + 26, y + 13 + sc.body * 0.36, label, sc.body),
        "</g>",
    ]


def _button_width(label: str, sc: Screen) -> float:
    return 32 + _tw(label, sc.body)


def _control(
    key: str, label: str, x: float, y: float, w: float, sc: Screen, tip: str, h: float = 26
) -> list[str]:
    """A labelled control (a choice that is no piece and no place), ``y`` its top."""
    return [
        _open(key, tip),
        svg.rect(x, y, w, h, fill="#fff3d6", stroke=TARGET_COLOUR, stroke_width=2.5, rx=h / 2 - 1),
        svg.text(
            x + w / 2,
            y + h / 2 + sc.body * 0.36,
            label,
            sc.body,
            text_anchor="middle",
            font_weight="bold",
        ),
        "</g>",
    ]


def _control_width(label: str, sc: Screen) -> float:
    return 20 + _tw(label, sc.body, True)


def _market_card(
    obs: Mapping[str, Any],
    cid: str | None,
    x: float,
    y: float,
    s: float,
    key: str,
    row: str,
    lit: bool,
    sc: Screen,
) -> list[str]:
    """One market space at ``x, y`` (the card's top; its name is written above it)."""
    if cid is None:
        return [
            _open(tip="Empty market space; refilled from the pile at the end of the round"),
            svg.rect(
                x, y, 2 * s, 2 * s, fill="#efece4", stroke="#bbb", stroke_dasharray="4,3", rx=3
            ),
            svg.text(
                x + s, y + s + sc.small * 0.36, "empty", sc.small, fill="#888", text_anchor="middle"
            ),
            "</g>",
        ]
    cells: Sequence[Mapping[str, Any]] = obs["market"]["cards"][cid]
    buildings = obs["building_types"]
    cost = "costs 1 improvement" if row == "upper" else "free"
    shows_building = any(c["content"] in buildings for c in cells)
    gain = f"; also gives {LAND_CARD_GAINS} improvements" if not shows_building else ""
    tip = f"Land card {cid} ({card_words(cells, buildings)}); {cost}{gain}"
    body = [_open(key, tip)]
    body.append(svg.text(x, y - 4, cid, sc.small, fill="#555"))
    for sq_ in cells:
        body += _square(sq_, x, y, s)
    for sq_ in cells:
        body += _fence_lines(sq_, x, y, s)
    body.append(
        svg.rect(
            x - 1.5,
            y - 1.5,
            2 * s + 3,
            2 * s + 3,
            fill="none",
            stroke=TARGET_COLOUR if lit else "#777",
            stroke_width=3 if lit else 1,
            rx=2,
        )
    )
    body.append("</g>")
    return body


def _market(
    obs: Mapping[str, Any], x: float, y: float, lit: set[str], sc: Screen
) -> tuple[list[str], float]:
    """The market: the upper row (paid) above the lower row (free); its height."""
    mk = obs["market"]
    s = sc.card
    pitch = 2 * s + 14
    body = [svg.text(x, y + sc.head, "Market", sc.head, font_weight="bold")]
    yy = y + sc.head + 4
    for row, cost in (("upper", "pay 1 improvement"), ("lower", "free")):
        body.append(
            svg.text(x, yy + sc.small + 2, f"{row.capitalize()} row: {cost}", sc.small, fill="#444")
        )
        top = yy + 2 * sc.small + 10
        for k, cid in enumerate(mk[row]):
            key = f"market:{row}:{k + 1}"
            body += _market_card(obs, cid, x + k * pitch, top, s, key, row, key in lit, sc)
        yy = top + 2 * s + 6
    return body, yy - y


def _building_block(
    obs: Mapping[str, Any], x: float, y: float, w: float, lit: set[str], mine: bool, sc: Screen
) -> tuple[list[str], float]:
    """The building stack: the face-up tile with the improvements on it (click it to take
    it), then its two ways of taking it (only in the mover's picture); its height."""
    b = obs["building"]
    s = sc.card
    on = "building" in lit
    state = _building_state(obs)
    lines = _wrap(state[0].upper() + state[1:], sc.small, w - 16)[:2]
    box_h = sc.head + 12 + s + 10 + 22 + 16 * 2 + 6
    on_it = ", ".join(f"{v} {k}" for k, v in b["improvements"].items() if v) or "nothing"
    tip = f"Building tile: take it with what is on it ({on_it}) or with the first-player marker"
    body = [_open("building", tip)]
    body.append(
        svg.rect(
            x,
            y,
            w,
            box_h,
            fill="#f1ece2",
            stroke=TARGET_COLOUR if on else "#b8ad9a",
            stroke_width=3 if on else 1,
            rx=5,
        )
    )
    body.append(svg.text(x + 8, y + sc.head + 4, "Building tile", sc.head, font_weight="bold"))
    ty = y + sc.head + 12
    if b["top"] is not None:
        for k in range(2):
            body.append(
                svg.rect(
                    x + 8 + k * s, ty, s, s, fill=BUILDING_FILL, stroke="#5a5a5a", stroke_width=0.5
                )
            )
            body += _building_icon(b["top"], x + 8 + k * s, ty, s)
        name = b["top"]
    else:
        body.append(
            svg.rect(x + 8, ty, 2 * s, s, fill="#d8d2c6", stroke="#999", stroke_dasharray="4,3")
        )
        name = "none face up"
    body.append(
        svg.text(x + 16 + 2 * s, ty + s * 0.5 + sc.body * 0.36, name, sc.body, font_weight="bold")
    )
    body.append(
        svg.text(
            x + w - 8,
            ty + s * 0.5 + sc.small * 0.36,
            f"{b['face_down']} face down",
            sc.small,
            text_anchor="end",
            fill="#555",
        )
    )
    iy = ty + s + 8
    body.append(svg.text(x + 8, iy + 14, "On it:", sc.small))
    ix = x + 12 + _tw("On it:", sc.small)
    shown = [(k, v) for k, v in b["improvements"].items() if v]
    # the pieces' names while they fit, else the icons alone with their counts
    named = ix + sum(26 + _tw(f"{v} {k}", sc.small) for k, v in shown) <= x + w - 8
    for kind, count in shown:
        label = f"{count} {kind}" if named else f"×{count}"
        body += _piece_icon(kind, ix, iy + 2, 16)
        body.append(svg.text(ix + 19, iy + 14, label, sc.small))
        ix += 26 + _tw(label, sc.small)
    if not shown:
        body.append(svg.text(ix, iy + 14, "no improvements", sc.small, fill="#555"))
    for k, line in enumerate(lines):
        body.append(svg.text(x + 8, iy + 22 + 14 + 16 * k, line, sc.small, fill="#555"))
    body.append("</g>")
    # the two ways of taking it, beneath the tile (room kept, so nothing moves)
    cy = y + box_h + 6
    options = (
        (
            "building:improvements",
            "take + improvements",
            "Take the building tile with the improvements on it",
        ),
        (
            "building:first-player",
            "take + first player",
            "Take the building tile and the first-player marker (or pass it on if you have it)",
        ),
    )
    if sc.narrow:
        cw = (w - 6) / 2
        for k, (key, label, ctip) in enumerate(options):
            if mine and key in lit:
                body += _control(key, label, x + k * (cw + 6), cy, cw, sc, ctip)
        return body, box_h + 6 + 26
    for k, (key, label, ctip) in enumerate(options):
        if mine and key in lit:
            body += _control(key, label, x, cy + k * 30, w, sc, ctip)
    return body, box_h + 6 + 56


def _supply_block(
    obs: Mapping[str, Any], x: float, y: float, w: float, lit: set[str], mine: bool, sc: Screen
) -> tuple[list[str], float]:
    """The supply of improvements and resource tokens, the round track and the pile."""
    body = [svg.text(x, y + sc.head, "Supply", sc.head, font_weight="bold")]
    py = y + sc.head + 6
    bx = x
    for name, count in obs["supply"].items():
        key = f"improvement:{name}"
        label = f"{name} {count}"
        bw = (w - 12) / 3
        tip = f"{count} in the supply. " + PIECE_TIPS.get(name, name)
        body += _piece_button(key, name, label, bx, py, bw, key in lit, tip[:120], sc)
        bx += bw + 6
    ty = py + 26 + 8
    body.append(svg.text(x, ty + sc.small, "Resource tokens", sc.small, fill="#444"))
    if mine and "button:no-token" in lit:
        label = "No token"
        cw = _control_width(label, sc)
        body += _control(
            "button:no-token",
            label,
            x + w - cw,
            ty - 6,
            cw,
            sc,
            "Take no resource token for the covered square",
            24,
        )
    ty += sc.small + 8
    names = list(obs["resource_tokens"].items())
    tw = (w - 4 * 5) / max(1, len(names))
    for k, (name, count) in enumerate(names):
        key = f"token:{name}"
        on = key in lit
        tx = x + k * (tw + 5)
        tip = (
            f"{name.capitalize()} tokens ({count} left): one is taken when a covered square "
            f"showed a {name}"
        )
        body.append(_open(key, tip))
        body.append(
            svg.rect(
                tx,
                ty,
                tw,
                26,
                fill="#fff3d6" if on else "#f3efe6",
                stroke=TARGET_COLOUR if on else "#aaa",
                stroke_width=2.5 if on else 1,
                rx=4,
            )
        )
        body += _token(name, tx + 5, ty + 5, 16)
        body.append(svg.text(tx + 26, ty + 13 + sc.body * 0.36, str(count), sc.body))
        body.append("</g>")
    ry = ty + 26 + 8
    track = obs["round_track"]
    body.append(svg.text(x, ry + sc.small, "Round track (next rounds)", sc.small, fill="#444"))
    pile = f"Pile: {obs['deck']} cards"
    body.append(
        _open(tip="Pile of land cards: refills the market at the end of each round")
        + svg.text(x + w, ry + sc.small, pile, sc.small, text_anchor="end", fill="#444")
        + "</g>"
    )
    iy = ry + sc.small + 6
    step = min(22.0, w / 12)
    for k, kind in enumerate(track):
        r = obs["round"] + 1 + k
        tip = f"Round {r}: this {kind} goes onto the building tile when the round starts"
        body.append(_open(tip=tip))
        body.append(
            svg.rect(x + k * step, iy, step - 3, step - 3, fill="#f7f2e6", stroke="#ccc", rx=2)
        )
        body += _piece_icon(kind, x + k * step + 2, iy + 2, step - 7)
        body.append("</g>")
    if not track:
        body.append(svg.text(x, iy + 14, "empty", sc.small, fill="#888"))
    return body, iy + step - y


def _tech_board(
    obs: Mapping[str, Any],
    x: float,
    y: float,
    w: float,
    lit: set[str],
    sc: Screen,
) -> tuple[list[str], float]:
    """The Tech Board: a column per tree (stacked in the narrow layout), a slot per
    technology with the seats that own it, and the +10 space; its height."""
    tree_techs: Mapping[str, Sequence[str]] = obs["tech_trees"]
    slots = obs["level2_slots"]
    owners: dict[str, list[int]] = {}
    for p, pl in enumerate(obs["players"]):
        for t in pl["techs"]:
            owners.setdefault(t, []).append(p)
    body = [
        svg.text(
            x,
            y + sc.head,
            f"Tech Board · {obs['ponds']} pond tiles left",
            sc.head,
            font_weight="bold",
        )
    ]
    on = "tech:plus10" in lit
    label = "+10 space"
    pw = 30 + _tw(label, sc.body, True)
    plus = sum(pl["plus10"] for pl in obs["players"])
    body.append(
        _open(
            "tech:plus10",
            "+10 space: any number of upgrade tokens, 10 points each at the end "
            f"of the game ({plus} there now)",
        )
        + svg.rect(
            x + w - pw,
            y,
            pw,
            24,
            fill="#fff3d6" if on else "#f5ecd0",
            stroke=TARGET_COLOUR if on else "#a98",
            stroke_width=2.5 if on else 1,
            rx=4,
        )
        + svg.text(
            x + w - pw / 2,
            y + 12 + sc.body * 0.36,
            label,
            sc.body,
            font_weight="bold",
            text_anchor="middle",
        )
        + "</g>"
    )
    trees = len(tree_techs)
    top = y + 32
    row_h = 26
    col_w = w if sc.narrow else (w - 8 * (trees - 1)) / trees
    bottom = top
    ty = top
    for t, (name, techs) in enumerate(tree_techs.items()):
        tx = x if sc.narrow else x + t * (col_w + 8)
        if not sc.narrow:
            ty = top
        body.append(
            svg.text(
                tx,
                ty + sc.small + 2,
                f"{name.capitalize()} tree",
                sc.small,
                font_weight="bold",
                fill="#335",
            )
        )
        ty += sc.small + 8
        for tech in techs:
            level2 = tech in slots
            key = f"tech:{tech}"
            hit = key in lit
            tip = f"{tech_name(tech)} (level {2 if level2 else 1}): {TECH_TIPS.get(tech, '')}"
            if level2:
                tip += f"; {slots[tech]} slot(s) left"
            body.append(_open(key, tip[:120]))
            body.append(
                svg.rect(
                    tx,
                    ty,
                    col_w,
                    row_h - 4,
                    fill="#fff3d6" if hit else ("#dde8f5" if level2 else "#eef3f9"),
                    stroke=TARGET_COLOUR if hit else "#8aa",
                    stroke_width=2.5 if hit else 1,
                    rx=3,
                )
            )
            text = tech_name(tech) + (f" · {slots[tech]} left" if level2 else "")
            body.append(svg.text(tx + 6, ty + (row_h - 4) / 2 + sc.small * 0.36, text, sc.small))
            for j, p in enumerate(owners.get(tech, [])):
                body.append(
                    svg.circle(
                        tx + col_w - 9 - 12 * j,
                        ty + (row_h - 4) / 2,
                        5,
                        fill=PLAYER_COLOURS[p % len(PLAYER_COLOURS)],
                        stroke="#222",
                        stroke_width=0.8,
                    )
                )
            body.append("</g>")
            ty += row_h
        bottom = max(bottom, ty)
        if sc.narrow:
            ty += 4
    return body, bottom - y


def _table_row(
    p: int,
    animal: str,
    values: Sequence[int],
    troughs: int,
    x: float,
    y: float,
    w: float,
    lit: bool,
    sc: Screen,
) -> list[str]:
    """A livestock table as a row of its spaces, top (best) on the left: troughs cover
    the bottom spaces from the right, the value animals score is the first uncovered
    one from the right."""
    n = len(values)
    label_w = 8 + _tw("sheep", sc.body)
    cw = min(30.0, (w - label_w - 4) / max(1, n))
    score = values[n - 1 - troughs] if troughs < n else values[0]
    tip = (
        f"{animal.capitalize()} table: {troughs} trough(s); a pastured {animal} scores {score} "
        "now; a trough covers the bottom space"
    )
    key = f"p{p}:trough:{animal}"
    body = [_open(key, tip)]
    body.append(
        svg.rect(
            x,
            y,
            label_w + n * cw + 4,
            24,
            fill="#fff3d6" if lit else "#f6f3ec",
            stroke=TARGET_COLOUR if lit else "#ccc",
            stroke_width=2.5 if lit else 1,
            rx=4,
        )
    )
    body.append(svg.text(x + 6, y + 12 + sc.body * 0.36, animal, sc.body))
    for k, v in enumerate(values):
        cx = x + label_w + k * cw
        covered = k >= n - troughs
        current = k == n - 1 - troughs
        fill = "#c9ab7c" if covered else ("#ffe27a" if current else "#ffffff")
        body.append(svg.rect(cx, y + 2, cw - 2, 20, fill=fill, stroke="#999", stroke_width=0.8))
        if covered:
            body += _piece_icon("trough", cx + (cw - 2) / 2 - 7, y + 5, 14)
        else:
            body.append(
                svg.text(
                    cx + (cw - 2) / 2,
                    y + 12 + sc.small * 0.36,
                    str(v),
                    sc.small,
                    text_anchor="middle",
                    font_weight="bold" if current else None,
                )
            )
    body.append("</g>")
    return body


def _panel_height(obs: Mapping[str, Any], fh: float, sc: Screen, advanced: bool) -> float:
    h = 46 + fh + 8 + 30 + 3 * 28 + 6
    if advanced:
        h += 30 + 3 * (sc.small + 5) + 4
    return h


def _player_panel(
    obs: Mapping[str, Any],
    p: int,
    left: float,
    top: float,
    w: float,
    h: float,
    fh: float,
    ring: int,
    sc: Screen,
    mine: bool,
    targets: Sequence[str],
) -> list[str]:
    pl = obs["players"][p]
    d = obs.get("decision")
    lit = set(targets)
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    active = obs["to_move"] == p
    body = [
        svg.rect(
            left, top, w, h, fill="#ffffff", stroke=colour, stroke_width=4 if active else 1.5, rx=6
        )
    ]
    sc_ = pl["score"]
    first = obs["first_player"] == p
    name = (
        f"Player {p + 1}{' (to move)' if active else ''}{' ★first' if first else ''}: "
        f"{sc_['total']} points"
    )
    tip = f"Player {p + 1}'s farm" + ("; ★ holds the first-player marker" if first else "")
    body.append(
        _open(tip=tip)
        + svg.text(left + 8, top + 20, name, sc.head, fill=colour, font_weight="bold")
        + "</g>"
    )
    parts = ", ".join(f"{k} {v}" for k, v in sc_.items() if k != "total")
    body.append(svg.text(left + 8, top + 38, parts, sc.small, fill="#444"))
    own = mine and d is not None and d["player"] == p
    for key, label, ctip in (
        ("button:pass", "Pass", "Pass: nothing can be taken this turn"),
        ("button:done", "Done", "Done: stop installing for this scoring phase"),
    ):
        if own and key in lit:
            cw = _control_width(label, sc) + 10
            body += _control(key, label, left + w - cw - 6, top + 6, cw, sc, ctip)
    turning: Sequence[Mapping[str, Any]] = ()
    if own and d is not None and d["kind"] == "rotate":
        turning = d.get("orientations", ())
    animals = tuple(pl["troughs"])
    body += _farm_svg(p, pl, left, top + 42, w, sc, animals, targets, turning, ring)
    y = top + 46 + fh + 8  # the farms of a row share a height, so their houses line up
    # the pieces on the starting house: click one to pay with it or install it
    body.append(svg.text(left + 8, y + 13 + sc.body * 0.36, "House", sc.body, font_weight="bold"))
    bx = left + 14 + _tw("House", sc.body, True)
    pieces = [(f"p{p}:house:{k}", k, f"{k} {v}") for k, v in pl["house"].items()]
    nimbus = "nimbus_generator" in pl.get("techs", ())
    if nimbus and not sc.narrow:  # (on a phone it goes at the end of the Lift row)
        pieces.append((f"p{p}:house:nimbus", "nimbus", "Nimbus"))
    for key, kind, label in pieces:
        bw = _button_width(label, sc)
        tip = (
            "On the house: pays for an upper card, or is installed at scoring. "
            if kind != "nimbus"
            else ""
        )
        body += _piece_button(
            key,
            kind,
            label,
            bx,
            y,
            bw,
            key in lit,
            (tip + PIECE_TIPS[kind])[:120] if tip else PIECE_TIPS[kind],
            sc,
        )
        bx += bw + 5
    y += 32
    # the livestock tables: after a trough on the house, click one to install it
    tables = list(obs["livestock_tables"].values())
    lifts = [t for t in targets if t.startswith("button:lift-")] if own else []
    for k, (animal, count) in enumerate(pl["troughs"].items()):
        key = f"p{p}:trough:{animal}"
        body += _table_row(p, animal, tables[k], count, left + 8, y, w - 70, key in lit, sc)
        lift = f"button:lift-trough-{animal}"
        if lift in lifts:
            body += _control(
                lift,
                "lift",
                left + w - 58,
                y,
                50,
                sc,
                f"Lift a trough from the {animal} table back to the house",
                24,
            )
        y += 28
    if not obs["advanced"]:
        return body
    y += 6
    # Flexible Installation: lift installed pieces back to the house (room always kept)
    body.append(svg.text(left + 8, y + 13 + sc.body * 0.36, "Lift", sc.body, fill="#666"))
    lx = left + 14 + _tw("Lift", sc.body)
    for key in lifts:
        label = key[len("button:lift-") :].replace("-", " ")
        if label.startswith("trough"):
            continue
        cw = _control_width(label, sc)
        body += _control(key, label, lx, y, cw, sc, f"Lift an installed {label} back to the house")
        lx += cw + 5
    if nimbus and sc.narrow:
        key = f"p{p}:house:nimbus"
        bw = _button_width("Nimbus", sc)
        body += _piece_button(
            key, "nimbus", "Nimbus", left + w - bw - 8, y, bw, key in lit, PIECE_TIPS["nimbus"], sc
        )
    y += 30
    techs = [tech_name(t) for t in pl["techs"]] or ["none"]
    lines = _wrap("Techs: " + ", ".join(techs), sc.small, w - 16)
    if len(lines) > 2:
        lines = [
            lines[0],
            f"and {len(techs) - len(_wrap(lines[0], sc.small, w))} more (see the Tech Board)",
        ]
    for k, line in enumerate(lines):
        body.append(svg.text(left + 8, y + sc.small + k * (sc.small + 5), line, sc.small))
    body.append(
        svg.text(
            left + 8,
            y + sc.small + 2 * (sc.small + 5),
            f"+10 tokens: {pl['plus10']}; upgrade tokens left: {pl['upgrade_tokens']}",
            sc.small,
        )
    )
    return body


def _legend(
    x: float, y: float, w: float, labels: Mapping[str, str], obs: Mapping[str, Any], sc: Screen
) -> tuple[list[str], float]:
    """A key to the pictures, item after item, wrapped to the width; its height."""
    s = 18.0
    resources = list(obs["resource_tokens"])
    narrow = sc.narrow
    items: list[tuple[list[str], str, str]] = []

    def at(draw: Any) -> Any:
        return draw

    for name in resources:
        items.append((_glyph(name, 0, 0, s * 0.42), name, f"Printed {name} on a land square"))
    items.append(
        (
            _token(resources[0], -s * 0.4, -s * 0.4, s * 0.8),
            "token",
            "Resource token: counts like a printed resource on its square",
        )
    )
    for b in obs["building_types"]:
        items.append((_building_icon(b, -s / 2, -s / 2, s), b, f"{b.capitalize()}: a building"))
    items.append(
        (
            [
                svg.rect(-s / 2, -s / 2, s, s, fill=KIND_FILL["house"]),
                *_house_icon(-s / 2, -s / 2, s),
            ],
            "house",
            "The starting house",
        )
    )
    items.append(
        (
            [
                svg.rect(-s / 2, -s / 2, s, s, fill=KIND_FILL["pond"]),
                *_pond_icon(-s / 2, -s / 2, s),
            ],
            "pond" if narrow else "pond tile",
            "Pond tile: irrigates the squares around it",
        )
    )
    items.append(
        (
            [svg.line(-12, 0, 12, 0, stroke=FENCE_COLOUR, stroke_width=5)],
            "fence" if narrow else "wooden fence",
            PIECE_TIPS["fence"],
        )
    )
    items.append(
        (
            [
                svg.line(
                    -12, 0, 12, 0, stroke=FENCE_COLOUR, stroke_width=2.5, stroke_dasharray="5,2"
                )
            ],
            "printed fence",
            PRINTED_TIP,
        )
    )
    items.append(
        ([svg.line(-12, 0, 12, 0, stroke=PIPE_COLOUR, stroke_width=3)], "pipe", PIECE_TIPS["pipe"])
    )
    items.append(
        (
            [
                svg.line(-9, 0, 9, 0, stroke=PIPE_COLOUR, stroke_width=3),
                svg.line(0, -9, 0, 9, stroke=PIPE_COLOUR, stroke_width=3),
            ],
            "Nimbus (2 pipes)" if narrow else "Nimbus Generator (2 pipes as a cross)",
            PIECE_TIPS["nimbus"],
        )
    )
    items.append(
        (
            [
                svg.rect(
                    -8,
                    -8,
                    16,
                    16,
                    fill=TARGET_COLOUR,
                    fill_opacity=0.14,
                    stroke=TARGET_COLOUR,
                    stroke_dasharray="3,2",
                )
            ],
            "click" if narrow else "you may click it",
            "Orange outlines: what you may click",
        )
    )
    body = [svg.text(x, y + sc.head, "Key", sc.head, font_weight="bold")]
    cx = x
    cy = y + sc.head + 18
    line_h = 26
    for draw, label, tip in items:
        iw = 30 + _tw(label, sc.small) + 12
        if cx + iw > x + w and cx > x:
            cx = x
            cy += line_h
        body.append(_open(tip=tip[:120]))
        body.append(f'<g transform="translate({cx + 12:.1f},{cy:.1f})">')
        body += draw
        body.append("</g>")
        body.append(svg.text(cx + 30, cy + sc.small * 0.36, label, sc.small))
        body.append("</g>")
        cx += iw
    return body, cy + 14 - y


def render_svg(obs: Mapping[str, Any], layout: Layout = "wide", rules: object = None) -> str:
    """The board: wide (two columns of parts, 878 px) or narrow (one column, 366 px)."""
    sc = NARROW if layout == "narrow" else WIDE
    players = obs["players"]
    n = len(players)
    W = sc.width
    inner = W - 2 * MARGIN
    labels = token_labels(list(obs["resource_tokens"]))
    ring = int(obs["piece_reach"])
    d = obs.get("decision")
    targets: list[str] = d.get("targets", []) if d else []
    # the labelled controls (and the piece being turned) only in the mover's own picture
    mine = d is not None and obs.get("viewer") is not None and d["player"] == obs["viewer"]
    lit = set(targets)
    body: list[str] = []
    # the title: round and phase, who moves and what they decide, the first player
    what = ""
    if d:
        detail = d.get("piece") or d.get("resource") or ""
        words = KIND_WORDS.get(d["kind"], d["kind"])
        what = " (" + words.format(piece=_piece_label(detail), resource=detail) + ")"
    head = f"Round {obs['round']} of 12 · {PHASE_WORDS.get(obs['phase'], obs['phase'])}"
    mover = f"to move: {_who(obs['to_move'])}{what}"
    fp = f"first player: {_who(obs['first_player'])}"
    y = MARGIN
    body.append(svg.text(MARGIN, y + sc.title, head, sc.title, font_weight="bold"))
    y += sc.title + 6
    if sc.narrow:
        for line in _wrap(f"{mover}; {fp}", sc.body, inner):
            body.append(svg.text(MARGIN, y + sc.body, line, sc.body))
            y += sc.body + 5
    else:
        body.append(svg.text(MARGIN, y + sc.body, f"{mover}; {fp}", sc.body))
        y += sc.body + 5
    y += 8
    # the shared parts: market, building, supply (side by side, or stacked)
    if sc.narrow:
        part, h = _market(obs, MARGIN, y, lit, sc)
        body += part
        y += h + 8
        part, h = _building_block(obs, MARGIN, y, inner, lit, mine, sc)
        body += part
        y += h + 10
        part, h = _supply_block(obs, MARGIN, y, inner, lit, mine, sc)
        body += part
        y += h + 12
    else:
        # as wide as this player count's columns (or the row labels)
        mw = max(len(obs["market"]["upper"]) * (2 * sc.card + 14), 215.0)
        part, h1 = _market(obs, MARGIN, y, lit, sc)
        bw = 260.0
        part2, h2 = _building_block(obs, MARGIN + mw + 6, y, bw, lit, mine, sc)
        sx = MARGIN + mw + 6 + bw + 16
        part3, h3 = _supply_block(obs, sx, y, W - MARGIN - sx, lit, mine, sc)
        body += part + part2 + part3
        y += max(h1, h2, h3) + 12
    if obs["advanced"]:
        part, h = _tech_board(obs, MARGIN, y, inner, lit, sc)
        body += part
        y += h + 12
    # the players' areas: two to a row (wide) or one under the other (narrow)
    per_row = 1 if sc.narrow else 2
    pw = (inner - 8 * (per_row - 1)) / per_row
    for r0 in range(0, n, per_row):
        row = list(range(r0, min(n, r0 + per_row)))
        heights = []
        fhs = []
        for p in row:
            own = mine and d is not None and d["player"] == p
            turning = d.get("orientations", ()) if own and d and d["kind"] == "rotate" else ()
            ghost = [(c["x"], c["y"]) for o in turning for c in o["cells"]]
            extra = _farm_targets(p, targets)[0] + ghost
            fh = _farm_geometry(players[p], ring, pw, sc, extra)[3]
            fhs.append(fh)
            heights.append(_panel_height(obs, fh, sc, bool(obs["advanced"])))
        h = max(heights)
        for k, p in enumerate(row):
            body += _player_panel(
                obs, p, MARGIN + k * (pw + 8), y, pw, h, max(fhs), ring, sc, mine, targets
            )
        y += h + 10
    part, h = _legend(MARGIN, y, inner, labels, obs, sc)
    body += part
    y += h + MARGIN
    return svg.document(W, y, body)
