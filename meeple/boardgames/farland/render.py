"""Text and SVG views of a Farland observation (never more than the observation)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meeple.boardgames.farland.state import POND
from meeple.core import svg
from meeple.core.api import Layout
from meeple.core.svg import PLAYER_COLOURS

if TYPE_CHECKING:
    from meeple.boardgames.farland.game import FarlandGame

RES_COLOURS = {
    "cow": "#8c5a3c",
    "pig": "#f2a0b5",
    "sheep": "#f4f4f4",
    "wheat": "#e8c547",
    "carrot": "#f08a24",
}
KIND_FILL = {"meadow": "#b9dc8c", "house": "#c0504d", "pond": "#6fb7e8"}
BUILDING_FILL = "#a89f91"
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


def _card_summary(game: FarlandGame, cid: str | None) -> str:
    if cid is None:
        return "(empty)"
    card = next(c for c in game.components.land_cards if c.id == cid)
    cells = []
    for c in card.cells:
        cells.append(game.content_name((*c, 0)))
    return f"{cid}[{' '.join(cells)}]"


def render_text(game: FarlandGame, obs: Mapping[str, Any]) -> str:
    lines = [
        f"Farland  round {obs['round']}/12  phase {obs['phase']}  to move: "
        f"{_who(obs['to_move'])}  first player: {_who(obs['first_player'])}",
    ]
    d = obs.get("decision")
    if d:
        skip = ("kind", "player", "targets", "orientations")
        extra = {k: v for k, v in d.items() if k not in skip}
        lines.append(f"decision: {d['kind']} {extra if extra else ''}".rstrip())
    mk = obs["market"]
    lines.append("upper market: " + "  ".join(_card_summary(game, c) for c in mk["upper"]))
    lines.append("lower market: " + "  ".join(_card_summary(game, c) for c in mk["lower"]))
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
        "farm key: squares show icons as code+count (wh2 = 2 wheat), BUILDINGS in capitals, "
        "+Xx a resource token (" + ", ".join(f"{v} {k}" for k, v in labels.items()) + ")"
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

    out = [f"x {x0}..{x1}, y {y0}..{y1}"]
    for y in range(y0, y1 + 2):
        row = ""
        for x in range(x0, x1 + 2):
            row += "++" if (x, y) in nimbus else ". "
            if x <= x1:
                row += hmark(f"h {x},{y}")
        out.append(row.rstrip())
        if y > y1:
            break
        row = ""
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


def piece_reach(game: FarlandGame, advanced: bool) -> int:
    """The longest side of any piece that may be laid (pond tiles only in the advanced
    game): how far beyond a farm a piece laid touching it may reach, and so the ring
    kept around a farm for them."""
    return max(
        (
            max(s[0], s[1])
            for k, r in game.shapes.items()
            if advanced or k != POND
            for s in r
            if s is not None
        ),
        default=1,
    )


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


def _farm_svg(
    p: int,
    pl: Mapping[str, Any],
    left: float,
    top: float,
    width: float,
    height: float,
    labels: Mapping[str, str],
    targets: Sequence[str] = (),
    orientations: Sequence[Mapping[str, Any]] = (),
    ring: int = 2,
) -> list[str]:
    """Farm ``p`` in the box at ``left, top``: its squares drawn over :func:`_farm_window`,
    which the pending decision never changes (so the farm stays put under the pointer)."""
    body: list[str] = []
    cells = pl["cells"]
    t_squares, t_edges, t_corners = _farm_targets(p, targets)
    ghost = [(c["x"], c["y"]) for o in orientations for c in o["cells"]]
    x0, x1, y0, y1 = _farm_window(cells, ring, t_squares + ghost)
    pad = 14.0  # room for the label above the piece being turned (kept even when none is)
    size = min(40.0, (width - 10) / (x1 - x0 + 1), (height - 10 - pad) / (y1 - y0 + 1))
    ox = left + 5 - x0 * size
    oy = top + 5 + pad - y0 * size
    for c in cells:
        key = f"p{p}:sq:{c['x']},{c['y']}"
        body.append(
            f"<g {svg.attrs(data_target=key)}>" + svg.title(f"{c['x']},{c['y']}: {c['content']}")
        )
        body += _square(c, ox, oy, size)
        body.append("</g>")
    for x, y, t in pl["tokens"]:
        cx, cy = ox + (x + 0.75) * size, oy + (y + 0.7) * size
        body.append(
            f"<g {svg.attrs(data_target=f'p{p}:sq:{x},{y}')}>"
            + svg.title(f"{t} token")
            + svg.rect(
                cx - size * 0.16,
                cy - size * 0.16,
                size * 0.32,
                size * 0.32,
                fill=RES_COLOURS.get(t, "#999"),
                stroke="#000",
                stroke_width=1,
            )
            + svg.text(cx - size * 0.14, cy + size * 0.08, labels.get(t, t[:2]), size * 0.22)
            + "</g>"
        )
    for c in cells:
        body += _printed_fences(c, ox, oy, size)
    for e in pl["fences"]:
        x1_, y1_, x2_, y2_ = _edge_line(e, ox, oy, size)
        body.append(
            "<g>"
            + svg.title("fence")
            + svg.line(x1_, y1_, x2_, y2_, stroke=FENCE_COLOUR, stroke_width=5)
            + "</g>"
        )
    for e in pl["pipes"]:
        x1_, y1_, x2_, y2_ = _edge_line(e, ox, oy, size)
        dx, dy = (0.0, 3.0) if y1_ == y2_ else (3.0, 0.0)
        body.append(
            "<g>"
            + svg.title("pipe")
            + svg.line(x1_ + dx, y1_ + dy, x2_ + dx, y2_ + dy, stroke=PIPE_COLOUR, stroke_width=3)
            + "</g>"
        )
    for x, y in pl["nimbus"]:
        cx, cy = ox + x * size, oy + y * size
        h = size * 0.5
        body.append(
            "<g>"
            + svg.title("Nimbus Generator (2 pipes)")
            + svg.line(cx - h, cy, cx + h, cy, stroke=PIPE_COLOUR, stroke_width=3)
            + svg.line(cx, cy - h, cx, cy + h, stroke=PIPE_COLOUR, stroke_width=3)
            + "</g>"
        )
    # what the player to move may click now, drawn faintly on top
    for x, y in t_squares:
        body.append(
            svg.rect(
                ox + x * size + 1.5,
                oy + y * size + 1.5,
                size - 3,
                size - 3,
                fill=TARGET_COLOUR,
                fill_opacity=0.12,
                stroke=TARGET_COLOUR,
                stroke_width=1.5,
                stroke_dasharray="3,2",
                data_target=f"p{p}:sq:{x},{y}",
            )
        )
    for te in t_edges:
        x1_, y1_, x2_, y2_ = _edge_line(te, ox, oy, size)
        ix, iy = (x2_ - x1_) * 0.15, (y2_ - y1_) * 0.15
        body.append(
            svg.line(
                x1_ + ix,
                y1_ + iy,
                x2_ - ix,
                y2_ - iy,
                stroke=TARGET_COLOUR,
                stroke_width=max(5.0, size * 0.2),
                stroke_opacity=0.45,
                data_target=f"p{p}:edge:{te.replace(' ', '')}",
            )
        )
    for x, y in t_corners:
        body.append(
            svg.circle(
                ox + x * size,
                oy + y * size,
                max(4.0, size * 0.16),
                fill=TARGET_COLOUR,
                fill_opacity=0.5,
                stroke=TARGET_COLOUR,
                data_target=f"p{p}:corner:{x},{y}",
            )
        )
    # the piece being laid, once per legal orientation: the browser shows the first
    # group of the data-cycle set and the player cycles through the others
    for o in orientations:
        body += _orientation_svg(o, ox, oy, size)
    return body


def _square(c: Mapping[str, Any], ox: float, oy: float, size: float) -> list[str]:
    """One square of a farm (or of a piece being laid): its fill and its icon or name."""
    body: list[str] = []
    x, y = ox + c["x"] * size, oy + c["y"] * size
    content = c["content"]
    if content in KIND_FILL:
        fill = KIND_FILL[content]
    elif content[-1].isdigit():
        fill = KIND_FILL["meadow"]
    else:
        fill = BUILDING_FILL
    body.append(svg.rect(x, y, size, size, fill=fill, stroke="#5a5a5a", stroke_width=0.5))
    fs = max(6.0, size * 0.28)
    if content[-1].isdigit():
        name = content.rstrip("0123456789")
        n = int(content[len(name) :])
        body.append(
            svg.circle(
                x + size * 0.3,
                y + size * 0.35,
                size * 0.18,
                fill=RES_COLOURS.get(name, "#999"),
                stroke="#333",
                stroke_width=0.5,
            )
        )
        body.append(svg.text(x + size * 0.52, y + size * 0.45, f"×{n}", fs))
        body.append(svg.text(x + 2, y + size - 3, name, fs * 0.8, fill="#333"))
    elif content == "pond":
        body.append(svg.text(x + 2, y + size * 0.55, "pond", fs * 0.8, fill="#124"))
    elif content != "meadow":
        lfs = min(fs * 0.8, (size - 3) * 1.7 / max(len(content), 1))
        body.append(svg.text(x + 1.5, y + size * 0.55, content, lfs, fill="#111"))
    return body


def _printed_fences(c: Mapping[str, Any], ox: float, oy: float, size: float) -> list[str]:
    body = []
    x, y = c["x"], c["y"]
    e = {"N": f"h {x},{y}", "S": f"h {x},{y + 1}", "W": f"v {x},{y}", "E": f"v {x + 1},{y}"}
    for s in c["fences"]:
        x1_, y1_, x2_, y2_ = _edge_line(e[s], ox, oy, size)
        body.append(svg.line(x1_, y1_, x2_, y2_, stroke=FENCE_COLOUR, stroke_width=2, opacity=0.8))
    return body


def _orientation_svg(o: Mapping[str, Any], ox: float, oy: float, size: float) -> list[str]:
    """The piece being laid in one orientation, semi-opaque with an orange outline,
    as a ``data-cycle="rotation"`` group the player clicks to lay it so."""
    cells = o["cells"]
    key = f"rot:{o['rotate']}"
    body = [f"<g {svg.attrs(data_target=key, data_cycle='rotation')}>"]
    body.append('<g opacity="0.6">')
    for c in cells:
        body += _square(c, ox, oy, size)
    for c in cells:
        body += _printed_fences(c, ox, oy, size)
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
    body.append(
        svg.text(
            ox + x0 * size + 2,
            oy + y0 * size - 3,
            f"turned {o['rotate']}° (R: next)",
            max(9.0, size * 0.26),
            fill=TARGET_COLOUR,
            font_weight="bold",
        )
    )
    body.append("</g>")
    return body


PIECE_TITLES = {"nimbus": "Nimbus Generator (2 pipes as a cross on a corner)"}
ICONS = {"fence": FENCE_COLOUR, "pipe": PIPE_COLOUR, "trough": "#9a7b4f"}


def _piece_icon(kind: str, x: float, y: float) -> list[str]:
    """A small picture of an improvement (or a Nimbus Generator) at ``x, y``, 14x14."""
    if kind == "fence":
        return [
            svg.line(x, y + 5, x + 14, y + 5, stroke=FENCE_COLOUR, stroke_width=2),
            svg.line(x, y + 10, x + 14, y + 10, stroke=FENCE_COLOUR, stroke_width=2),
            svg.line(x + 3, y + 2, x + 3, y + 13, stroke=FENCE_COLOUR, stroke_width=2.5),
            svg.line(x + 11, y + 2, x + 11, y + 13, stroke=FENCE_COLOUR, stroke_width=2.5),
        ]
    if kind == "pipe":
        return [svg.line(x, y + 7, x + 14, y + 7, stroke=PIPE_COLOUR, stroke_width=4)]
    if kind == "nimbus":
        return [
            svg.line(x, y + 7, x + 14, y + 7, stroke=PIPE_COLOUR, stroke_width=3),
            svg.line(x + 7, y, x + 7, y + 14, stroke=PIPE_COLOUR, stroke_width=3),
        ]
    return [
        svg.polygon(
            [(x, y + 3), (x + 14, y + 3), (x + 11, y + 12), (x + 3, y + 12)],
            fill=ICONS["trough"],
            stroke="#5a4020",
        )
    ]


def _piece_button(
    key: str, kind: str, label: str, x: float, y: float, w: float, lit: bool
) -> list[str]:
    """An improvement piece to click (in the supply or on a house), 18 high, ``y`` its top;
    outlined in orange when it may be clicked now."""
    return [
        f"<g {svg.attrs(data_target=key)}>",
        svg.title(PIECE_TITLES.get(kind, kind)),
        svg.rect(
            x,
            y,
            w,
            18,
            fill="#fff3d6" if lit else "#f3efe6",
            stroke=TARGET_COLOUR if lit else "#999",
            stroke_width=2 if lit else 1,
            rx=3,
        ),
        *_piece_icon(kind, x + 3, y + 2),
        svg.text(x + 21, y + 13, label, 11),
        "</g>",
    ]


def _control(key: str, label: str, x: float, y: float, w: float, h: float = 20) -> list[str]:
    """A labelled control (a choice that is no piece and no place), ``y`` its top."""
    return [
        f"<g {svg.attrs(data_target=key)}>",
        svg.rect(x, y, w, h, fill="#fff3d6", stroke=TARGET_COLOUR, stroke_width=2, rx=h / 2 - 1),
        svg.text(x + w / 2, y + h / 2 + 4, label, 11, text_anchor="middle", font_weight="bold"),
        "</g>",
    ]


def _mini_card(
    game: FarlandGame, cid: str | None, x: float, y: float, size: float, target: str
) -> list[str]:
    body = [svg.rect(x, y, 2 * size, 2 * size, fill="#eee", stroke="#999")]
    if cid is None:
        return [*body, svg.text(x + 4, y + size, "empty", 9, fill="#999")]
    card = next(c for c in game.components.land_cards if c.id == cid)
    body = [f"<g {svg.attrs(data_target=target)}>" + svg.title(_card_summary(game, cid))]
    for k, c in enumerate(card.cells):
        cx, cy = x + (k % 2) * size, y + (k // 2) * size
        name = game.content_name((*c, 0))
        fill = (
            BUILDING_FILL
            if c[0] == 1
            else RES_COLOURS.get(name.rstrip("0123456789"), KIND_FILL["meadow"])
        )
        body.append(svg.rect(cx, cy, size, size, fill=fill, stroke="#555", stroke_width=0.5))
        label = name[:2] + (name[-1] if name[-1].isdigit() else "")
        if name != "meadow":
            body.append(svg.text(cx + 2, cy + size * 0.65, label, size * 0.38))
    body.append(svg.text(x, y - 2, cid, 9))
    body.append("</g>")
    return body


def render_svg(game: FarlandGame, obs: Mapping[str, Any], layout: Layout = "wide") -> str:
    players = obs["players"]
    n = len(players)
    panel_w, panel_h = 380.0, 380.0
    width = max(2, n) * (panel_w + 10) + 10
    top = 180.0
    height = top + panel_h + 120 + 50
    labels = token_labels(list(obs["resource_tokens"]))
    ring = piece_reach(game, bool(obs["advanced"]))
    body: list[str] = []
    turn = _who(obs["to_move"])
    d = obs.get("decision")
    targets: list[str] = d.get("targets", []) if d else []
    # the labelled controls (and the piece being turned) only in the mover's own picture
    mine = d is not None and obs.get("viewer") is not None and d["player"] == obs["viewer"]
    lit = set(targets)
    what = ""
    if d:
        detail = d.get("piece") or d.get("resource") or ""
        what = f" ({d['kind']}{' ' + detail if detail else ''})"
    body.append(
        svg.text(
            10,
            22,
            f"Farland: round {obs['round']}/12, {obs['phase']}; to move: {turn}{what}; "
            f"first player: {_who(obs['first_player'])}",
            15,
        )
    )
    mk = obs["market"]
    body.append(svg.text(10, 48, "upper market (costs 1 improvement)", 10))
    body.append(svg.text(10, 116, "lower market (free)", 10))
    size = 18.0
    for k, cid in enumerate(mk["upper"]):
        body += _mini_card(game, cid, 10 + k * 60, 62, size, f"market:upper:{k + 1}")
    for k, cid in enumerate(mk["lower"]):
        body += _mini_card(game, cid, 10 + k * 60, 130, size, f"market:lower:{k + 1}")
    b = obs["building"]
    bx = 10 + max(len(mk["upper"]), 1) * 60 + 20
    imps = ", ".join(f"{v} {k}" for k, v in b["improvements"].items() if v) or "no improvements"
    # the building tile with the improvements on it: click it to take the building,
    # then one of its two ways of taking it
    body.append(
        f"<g {svg.attrs(data_target='building')}>"
        + svg.rect(
            bx - 5,
            50,
            290,
            54,
            fill="#e9e4da",
            stroke=TARGET_COLOUR if "building" in lit else BUILDING_FILL,
            stroke_width=2 if "building" in lit else 1,
            rx=4,
        )
        + svg.text(bx, 63, f"building: {b['top'] or 'none'} ({_building_state(obs)})", 11)
        + svg.text(bx, 79, f"on it: {imps}; {b['face_down']} face down", 11)
        + "</g>"
    )
    if mine:
        for k, (key, label) in enumerate(
            (
                ("building:improvements", "take + improvements"),
                ("building:first-player", "take + first player"),
            )
        ):
            if key in lit:
                body += _control(key, label, bx + k * 140, 84, 134, 17)
    # the improvements in the supply: click one to take it (starting pick, gain)
    body.append(svg.text(bx, 123, "supply:", 11))
    for k, (name, count) in enumerate(obs["supply"].items()):
        key = f"improvement:{name}"
        body += _piece_button(key, name, f"{count} {name}", bx + 44 + k * 80, 110, 76, key in lit)
    body.append(
        svg.text(
            bx,
            142,
            f"deck: {obs['deck']} cards; round track: "
            + (" ".join(t[0].upper() for t in obs["round_track"]) or "-"),
            11,
        )
    )
    # the resource tokens in the supply: click one to take it for a covered square
    body.append(svg.text(bx, 161, "tokens:", 11))
    for k, (name, count) in enumerate(obs["resource_tokens"].items()):
        key = f"token:{name}"
        tx = bx + 44 + k * 40
        on = key in lit
        body.append(
            f"<g {svg.attrs(data_target=key)}>"
            + svg.title(f"{name} tokens")
            + svg.rect(
                tx - 2,
                147,
                37,
                19,
                fill="#fff3d6" if on else "none",
                stroke=TARGET_COLOUR if on else "none",
                stroke_width=2,
                rx=3,
            )
            + svg.rect(tx, 149, 15, 15, fill=RES_COLOURS.get(name, "#999"), stroke="#000")
            + svg.text(tx + 1.5, 160, labels.get(name, name[:2]), 8)
            + svg.text(tx + 18, 161, str(count), 10)
            + "</g>"
        )
    if mine and "button:no-token" in lit:
        body += _control("button:no-token", "No token", bx + 44 + 5 * 40 + 2, 147, 64, 19)
    if obs["advanced"]:
        body += _tech_board(game, obs, bx + 300, 48, width - bx - 310)
    for p, pl in enumerate(players):
        left = 10 + p * (panel_w + 10)
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        active = obs["to_move"] == p
        body.append(
            svg.rect(
                left,
                top,
                panel_w,
                panel_h + 110,
                fill="#ffffff",
                stroke=colour,
                stroke_width=4 if active else 1.5,
            )
        )
        sc = pl["score"]
        body.append(
            svg.text(
                left + 6,
                top + 18,
                f"player {p + 1}{' (to move)' if active else ''}"
                f"{' ★first' if obs['first_player'] == p else ''}: {sc['total']} points",
                13,
                fill=colour,
                font_weight="bold",
            )
        )
        body.append(
            svg.text(
                left + 6,
                top + 34,
                ", ".join(f"{k} {v}" for k, v in sc.items() if k != "total"),
                10,
            )
        )
        own = mine and d is not None and d["player"] == p
        # Pass (nothing can be taken) and Done (installing) beside the player's name
        for key, label in (("button:pass", "Pass"), ("button:done", "Done")):
            if own and key in lit:
                body += _control(key, label, left + panel_w - 76, top + 6, 70, 22)
        turning: Sequence[Mapping[str, Any]] = ()
        if own and d is not None and d["kind"] == "rotate":
            turning = d.get("orientations", ())
        body += _farm_svg(
            p, pl, left, top + 40, panel_w, panel_h - 40, labels, targets, turning, ring
        )
        y = top + panel_h + 14
        # the pieces on the starting house: click one to pay with it or install it
        body.append(svg.text(left + 6, y, "house:", 11))
        for k, (name, count) in enumerate(pl["house"].items()):
            key = f"p{p}:house:{name}"
            body += _piece_button(
                key, name, f"{count} {name}", left + 46 + 76 * k, y - 13, 72, key in lit
            )
        if "nimbus_generator" in pl.get("techs", ()):
            key = f"p{p}:house:nimbus"
            body += _piece_button(
                key, "nimbus", "Nimbus", left + 46 + 76 * 3, y - 13, 72, key in lit
            )
        # the livestock tables: after a trough on the house, click one to install it
        body.append(svg.text(left + 6, y + 21, "troughs:", 11))
        for k, (animal, count) in enumerate(pl["troughs"].items()):
            key = f"p{p}:trough:{animal}"
            on = key in lit
            body.append(
                f"<g {svg.attrs(data_target=key)}>"
                + svg.rect(
                    left + 56 + 80 * k,
                    y + 8,
                    74,
                    17,
                    fill="#fff3d6" if on else "#f3efe6",
                    stroke=TARGET_COLOUR if on else "#999",
                    stroke_width=2 if on else 1,
                    rx=3,
                )
                + svg.text(left + 60 + 80 * k, y + 21, f"{animal} {count}", 11)
                + "</g>"
            )
        if own and d is not None and d["kind"] == "install":
            lifts = [t for t in targets if t.startswith("button:lift-")]
            if lifts:
                # Flexible Installation: lift installed pieces back to the house
                body.append(svg.text(left + 6, y + 83, "lift:", 11, font_weight="bold"))
                lx = left + 34
                for key in lifts:
                    label = key[len("button:lift-") :].replace("-", " ")
                    w = 14 + 6.5 * len(label)
                    body += _control(key, label, lx, y + 70, w, 18)
                    lx += w + 5
        if obs["advanced"]:
            techs = pl["techs"] or ["none"]
            body.append(svg.text(left + 6, y + 38, "techs: " + ", ".join(techs[:4]), 10))
            if len(techs) > 4:
                body.append(svg.text(left + 40, y + 50, ", ".join(techs[4:]), 10))
            body.append(
                svg.text(
                    left + 6,
                    y + 63,
                    f"+10 tokens: {pl['plus10']}; upgrade tokens left: {pl['upgrade_tokens']}",
                    10,
                )
            )
    body += _legend(10, height - 44, labels)
    return svg.document(width, height, body)


def _tech_board(
    game: FarlandGame, obs: Mapping[str, Any], x: float, y: float, width: float
) -> list[str]:
    """The Tech Board: one slot per technology, in a column per tree (level 1 on
    top, then level 2 with its slots left), and the +10 space."""
    comp = game.components
    body = [svg.text(x, y + 12, f"Tech Board: {obs['ponds']} pond tiles left", 12)]
    slots = obs["level2_slots"]
    trees = len(comp.tree_names)
    col_w = min(130.0, (width - 4) / trees)
    fs = min(8.5, (col_w - 6) / 12 * 1.9)
    rows = [0] * trees
    order = sorted(range(len(comp.techs)), key=lambda k: (comp.techs[k] in slots, k))
    for k in order:
        tech = comp.techs[k]
        tree = comp.tech_tree[k]
        cx, cy = x + tree * col_w, y + 34 + 15 * rows[tree]
        rows[tree] += 1
        level2 = tech in slots
        label = f"{tech} ({slots[tech]})" if level2 else tech
        body.append(
            f"<g {svg.attrs(data_target=f'tech:{tech}')}>"
            + svg.rect(
                cx, cy, col_w - 4, 13, fill="#dfe9f5" if level2 else "#eef3f9", stroke="#8aa"
            )
            + svg.text(cx + 2, cy + 10, label, fs)
            + "</g>"
        )
    for t, name in enumerate(comp.tree_names):
        body.append(svg.text(x + t * col_w, y + 29, name, 9, font_weight="bold"))
    body.append(
        f"<g {svg.attrs(data_target='tech:plus10')}>"
        + svg.rect(x + 200, y + 2, 40, 14, fill="#f5ecd0", stroke="#a98")
        + svg.text(x + 204, y + 13, "+10", 10, font_weight="bold")
        + "</g>"
    )
    return body


def _legend(x: float, y: float, labels: Mapping[str, str]) -> list[str]:
    """A key to the farm pictures: edges, the Nimbus cross, ponds and tokens."""
    body = [svg.text(x, y, "key:", 11, font_weight="bold")]
    cx = x + 34
    s = 16.0

    def item(draw: list[str], label: str, w: float = 24) -> None:
        nonlocal cx
        body.extend(draw)
        body.append(svg.text(cx + w + 4, y, label, 10))
        cx += w + 14 + 5.2 * len(label)

    item(
        [svg.line(cx, y - 4, cx + 24, y - 4, stroke=FENCE_COLOUR, stroke_width=5)],
        "wooden fence",
    )
    item(
        [svg.line(cx, y - 4, cx + 24, y - 4, stroke=FENCE_COLOUR, stroke_width=2, opacity=0.8)],
        "printed fence",
    )
    item([svg.line(cx, y - 4, cx + 24, y - 4, stroke=PIPE_COLOUR, stroke_width=3)], "pipe")
    item(
        [
            svg.line(cx, y - 4, cx + 16, y - 4, stroke=PIPE_COLOUR, stroke_width=3),
            svg.line(cx + 8, y - 12, cx + 8, y + 4, stroke=PIPE_COLOUR, stroke_width=3),
        ],
        "Nimbus Generator (2 pipes as a cross on a corner)",
        16,
    )
    row2 = y + 22
    cx = x + 34
    item(
        [svg.rect(cx, row2 - 12, s, s, fill=KIND_FILL["pond"], stroke="#5a5a5a", stroke_width=0.5)],
        "",
        s,
    )
    body.append(
        svg.text(
            x + 34 + s + 4,
            row2,
            "pond tile (irrigates the squares around it); icons: circle ×count; tokens:",
            10,
        )
    )
    tx = x + 420
    for name, lab in labels.items():
        body.append(
            svg.rect(
                tx,
                row2 - 11,
                s,
                s,
                fill=RES_COLOURS.get(name, "#999"),
                stroke="#000",
                stroke_width=1,
            )
        )
        body.append(svg.text(tx + 2, row2 + 1, lab, 8))
        body.append(svg.text(tx + s + 4, row2, name, 10))
        tx += s + 12 + 6 * len(name)
    return body
