"""Text and SVG views of a Farland observation (never more than the observation)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
        extra = {k: v for k, v in d.items() if k not in ("kind", "player", "targets")}
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


def _farm_svg(
    p: int,
    pl: Mapping[str, Any],
    left: float,
    top: float,
    width: float,
    height: float,
    labels: Mapping[str, str],
    targets: Sequence[str] = (),
) -> list[str]:
    body: list[str] = []
    cells = pl["cells"]
    t_squares, t_edges, t_corners = _farm_targets(p, targets)
    xs = [c["x"] for c in cells] + [x for x, _ in t_squares]
    ys = [c["y"] for c in cells] + [y for _, y in t_squares]
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
        key = f"p{p}:sq:{c['x']},{c['y']}"
        body.append(
            f"<g {svg.attrs(data_target=key)}>" + svg.title(f"{c['x']},{c['y']}: {content}")
        )
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
    return body


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


def render_svg(game: FarlandGame, obs: Mapping[str, Any]) -> str:
    players = obs["players"]
    n = len(players)
    panel_w, panel_h = 380.0, 380.0
    width = max(2, n) * (panel_w + 10) + 10
    height = 180 + panel_h + 120 + 50
    labels = token_labels(list(obs["resource_tokens"]))
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
    # the building tile with the improvements on it: click it to take the building
    body.append(
        f"<g {svg.attrs(data_target='building')}>"
        + svg.rect(bx - 5, 50, 282, 36, fill="#e9e4da", stroke=BUILDING_FILL, rx=4)
        + svg.text(bx, 62, f"building: {b['top'] or 'none'} ({_building_state(obs)})", 12)
        + svg.text(bx, 80, f"on it: {imps}; {b['face_down']} face down", 11)
        + "</g>"
    )
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
        body += _tech_board(game, obs, bx + 300, 48, width - bx - 310)
    targets = d.get("targets", []) if d else []
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
        body += _farm_svg(p, pl, left, top + 40, panel_w, panel_h - 40, labels, targets)
        y = top + panel_h + 14
        body.append(
            svg.text(
                left + 6,
                y,
                "house: " + ", ".join(f"{v} {k}" for k, v in pl["house"].items()),
                11,
            )
        )
        # the livestock tables: click one to install a trough on it
        body.append(svg.text(left + 6, y + 16, "troughs:", 11))
        for k, (animal, count) in enumerate(pl["troughs"].items()):
            body.append(
                f"<g {svg.attrs(data_target=f'p{p}:trough:{animal}')}>"
                + svg.rect(left + 56 + 80 * k, y + 4, 74, 16, fill="#f3efe6", stroke="#999", rx=3)
                + svg.text(left + 60 + 80 * k, y + 16, f"{animal} {count}", 11)
                + "</g>"
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
