"""Text and SVG views of a Farland observation (never more than the observation)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import svg
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


def _who(p: int) -> str:
    if p == -1:
        return "chance"
    if p == -4:
        return "game over"
    return f"player {p}"


def _short(content: str) -> str:
    """Four-character code of a square for the terminal."""
    if content == "meadow":
        return " .. "
    if content == "house":
        return "HOUS"
    if content == "pond":
        return "~~~~"
    if content[-1].isdigit():
        return f"{content[:2]}{content[-1]} "
    return content[:4].upper()


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
        f"{_who(obs['to_move'])}  first player: {obs['first_player']}",
    ]
    d = obs.get("decision")
    if d:
        extra = {k: v for k, v in d.items() if k not in ("kind", "player")}
        lines.append(f"decision: {d['kind']} {extra if extra else ''}".rstrip())
    mk = obs["market"]
    lines.append("upper market: " + "  ".join(_card_summary(game, c) for c in mk["upper"]))
    lines.append("lower market: " + "  ".join(_card_summary(game, c) for c in mk["lower"]))
    b = obs["building"]
    imps = ", ".join(f"{v} {k}" for k, v in b["improvements"].items() if v) or "none"
    state = "open" if b["open"] else "taken this round"
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
    for p, pl in enumerate(obs["players"]):
        sc = pl["score"]
        lines.append("")
        lines.append(
            f"player {p}: {sc['total']} points ("
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
        lines.extend("  " + row for row in _farm_text(pl))
    return "\n".join(lines)


def _farm_text(pl: Mapping[str, Any]) -> list[str]:
    cells = {(c["x"], c["y"]): c for c in pl["cells"]}
    tokens = {(x, y): t for x, y, t in pl["tokens"]}
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    fences = set(pl["fences"])
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

    def mark(e: str, horizontal: bool) -> str:
        f = e in fences or e in printed
        p = e in pipes
        if f and p:
            return "#"
        if f:
            return "-" if horizontal else "|"
        if p:
            return "~" if horizontal else ":"
        return " "

    out = [f"x {x0}..{x1}, y {y0}..{y1}  (- | fence, ~ : pipe, # both; 4th letter = token)"]
    for y in range(y0, y1 + 2):
        row = ""
        for x in range(x0, x1 + 1):
            row += "." + mark(f"h {x},{y}", True) * 4
        out.append(row + ".")
        if y > y1:
            break
        row = ""
        for x in range(x0, x1 + 2):
            row += mark(f"v {x},{y}", False)
            if x <= x1:
                c = cells.get((x, y))
                if c is None:
                    row += "    "
                else:
                    code = _short(c["content"])
                    t = tokens.get((x, y))
                    if t is not None:
                        code = code[:3] + t[0].upper()
                    row += code
        out.append(row)
    return out


# -- SVG -------------------------------------------------------------------------------


def _edge_line(e: str, ox: float, oy: float, size: float) -> tuple[float, float, float, float]:
    kind, xy = e.split()
    x, y = (int(v) for v in xy.split(","))
    if kind == "h":
        return (ox + x * size, oy + y * size, ox + (x + 1) * size, oy + y * size)
    return (ox + x * size, oy + y * size, ox + x * size, oy + (y + 1) * size)


def _farm_svg(
    pl: Mapping[str, Any], left: float, top: float, width: float, height: float
) -> list[str]:
    body: list[str] = []
    cells = pl["cells"]
    xs = [c["x"] for c in cells]
    ys = [c["y"] for c in cells]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    size = min(40.0, (width - 10) / (x1 - x0 + 1), (height - 10) / (y1 - y0 + 1))
    ox = left + 5 - x0 * size
    oy = top + 5 - y0 * size
    for c in cells:
        x, y = ox + c["x"] * size, oy + c["y"] * size
        content = c["content"]
        if content in KIND_FILL:
            fill = KIND_FILL[content]
        elif content[-1].isdigit():
            fill = KIND_FILL["meadow"]
        else:
            fill = BUILDING_FILL
        body.append("<g>" + svg.title(f"{c['x']},{c['y']}: {content}"))
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
        elif content not in ("meadow", "pond"):
            lfs = min(fs * 0.8, (size - 3) * 1.7 / max(len(content), 1))
            body.append(svg.text(x + 1.5, y + size * 0.55, content, lfs, fill="#111"))
        body.append("</g>")
    for x, y, t in pl["tokens"]:
        cx, cy = ox + (x + 0.75) * size, oy + (y + 0.7) * size
        body.append(
            "<g>"
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
            + svg.text(cx - size * 0.08, cy + size * 0.08, t[0].upper(), size * 0.22)
            + "</g>"
        )
    for c in cells:
        for s in c["fences"]:
            x, y = c["x"], c["y"]
            e = {"N": f"h {x},{y}", "S": f"h {x},{y + 1}", "W": f"v {x},{y}", "E": f"v {x + 1},{y}"}
            x1_, y1_, x2_, y2_ = _edge_line(e[s], ox, oy, size)
            body.append(
                svg.line(x1_, y1_, x2_, y2_, stroke=FENCE_COLOUR, stroke_width=2, opacity=0.8)
            )
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
    return body


def _mini_card(game: FarlandGame, cid: str | None, x: float, y: float, size: float) -> list[str]:
    body = [svg.rect(x, y, 2 * size, 2 * size, fill="#eee", stroke="#999")]
    if cid is None:
        return [*body, svg.text(x + 4, y + size, "empty", 9, fill="#999")]
    card = next(c for c in game.components.land_cards if c.id == cid)
    body = ["<g>" + svg.title(_card_summary(game, cid))]
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


def render_svg(game: FarlandGame, obs: Mapping[str, Any]) -> str:
    players = obs["players"]
    n = len(players)
    panel_w, panel_h = 380.0, 380.0
    width = max(2, n) * (panel_w + 10) + 10
    height = 180 + panel_h + 120
    body: list[str] = []
    turn = _who(obs["to_move"])
    d = obs.get("decision")
    what = ""
    if d:
        detail = d.get("piece") or d.get("resource") or ""
        what = f" ({d['kind']}{' ' + detail if detail else ''})"
    body.append(
        svg.text(
            10,
            22,
            f"Farland: round {obs['round']}/12, {obs['phase']}; to move: {turn}{what}; "
            f"first player: {obs['first_player']}",
            15,
        )
    )
    mk = obs["market"]
    body.append(svg.text(10, 48, "upper market (costs 1 improvement)", 10))
    body.append(svg.text(10, 116, "lower market (free)", 10))
    size = 18.0
    for k, cid in enumerate(mk["upper"]):
        body += _mini_card(game, cid, 10 + k * 60, 62, size)
    for k, cid in enumerate(mk["lower"]):
        body += _mini_card(game, cid, 10 + k * 60, 130, size)
    b = obs["building"]
    bx = 10 + max(len(mk["upper"]), 1) * 60 + 20
    imps = ", ".join(f"{v} {k}" for k, v in b["improvements"].items() if v) or "no improvements"
    body.append(
        svg.text(
            bx,
            62,
            f"building: {b['top'] or 'none'} ({'open' if b['open'] else 'taken this round'})",
            12,
        )
    )
    body.append(svg.text(bx, 80, f"on it: {imps}; {b['face_down']} face down", 11))
    body.append(
        svg.text(
            bx,
            98,
            "supply: " + ", ".join(f"{v} {k}" for k, v in obs["supply"].items()),
            11,
        )
    )
    body.append(svg.text(bx, 116, f"deck: {obs['deck']} cards", 11))
    body.append(
        svg.text(bx, 134, "round track: " + " ".join(t[0].upper() for t in obs["round_track"]), 11)
    )
    if obs["advanced"]:
        tx = bx + 300
        body.append(svg.text(tx, 62, f"Tech Board: {obs['ponds']} pond tiles left", 12))
        body.append(svg.text(tx, 80, "level 2 slots left:", 11))
        for k, (tech, left) in enumerate(obs["level2_slots"].items()):
            body.append(svg.text(tx + 10, 96 + 14 * k, f"{tech}: {left}", 10))
    top = 180.0
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
                f"player {p}{' (to move)' if active else ''}"
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
        body += _farm_svg(pl, left, top + 40, panel_w, panel_h - 40)
        y = top + panel_h + 14
        body.append(
            svg.text(
                left + 6,
                y,
                "house: " + ", ".join(f"{v} {k}" for k, v in pl["house"].items()),
                11,
            )
        )
        body.append(
            svg.text(
                left + 6,
                y + 16,
                "troughs: " + ", ".join(f"{k} {v}" for k, v in pl["troughs"].items()),
                11,
            )
        )
        if obs["advanced"]:
            techs = pl["techs"] or ["none"]
            body.append(svg.text(left + 6, y + 32, "techs: " + ", ".join(techs[:4]), 10))
            if len(techs) > 4:
                body.append(svg.text(left + 40, y + 44, ", ".join(techs[4:]), 10))
            body.append(
                svg.text(
                    left + 6,
                    y + 58,
                    f"+10 tokens: {pl['plus10']}; upgrade tokens left: {pl['upgrade_tokens']}",
                    10,
                )
            )
        body.append(
            svg.text(
                left + 6,
                y + 74,
                "thick brown = fence, thin brown = printed fence, blue = pipe, square = token",
                8,
                fill="#555",
            )
        )
    return svg.document(width, height, body)
