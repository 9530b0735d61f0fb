"""Text and SVG views of Azul: Queen's Garden, drawn only from an observation."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from meeple.boardgames.azul_queens_garden.board import COORDS, parse_cell
from meeple.core import svg

FILL = {
    "yellow": "#f2c53d",
    "blue": "#2f6fbf",
    "purple": "#6a3d9a",
    "lilac": "#c3a6e0",
    "green": "#2e7d32",
    "lime": "#a5d65a",
}
DARK_TEXT = {"yellow", "lilac", "lime"}
ORNAMENT_MARK = {"fountain": "F", "statue": "S", "bench": "B", "pavilion": "P"}
FALLBACK = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#46f0f0")


def _who(p: Any) -> str:
    if p == -1:
        return "chance"
    if p == -4:
        return "nobody (game over)"
    return f"player {p}"


def _short(tile: str) -> str:
    colour, _, pattern = tile.partition("-")
    return f"{colour[:2]}-{pattern[:3]}"


def render_text(obs: Mapping[str, Any]) -> str:
    lines = [
        f"Azul: Queen's Garden - round {obs['round']} of {obs['rounds']}"
        + ("  (game over)" if obs["over"] else f"  - to move: {_who(obs['to_move'])}"),
        f"wheel scores: {', '.join(obs['wheel'])}   first player: {obs['first_player']}",
        f"bag {obs['bag']}  tower {obs['tower']}  round stacks {obs['round_stacks']}  "
        f"face-down supply {obs['supply_face_down']}  jokers in supply {obs['joker_supply']}",
        "display:",
    ]
    for i, tray in enumerate(obs["display"]):
        lines.append(f"  expansion {i + 1} (face down): {' '.join(tray)}")
    for e in obs["display_faceup"]:
        lines.append(f"  face up: {e['printed']} ({e['ornament']})")
    if obs["pending"] and obs["pending"]["kind"] not in ("turn",):
        lines.append(f"pending: {obs['pending']}")
    for p, pl in enumerate(obs["players"]):
        mark = "*" if p == obs["to_move"] else " "
        lines.append(
            f"{mark}player {p}: {pl['score']} points" + ("  (passed)" if pl["passed"] else "")
        )
        areas = pl["areas"]
        for a in sorted(areas, key=int):
            info = areas[a]
            head = "fountain" if info == "fountain" else f"{info['ornament']} ({info['printed']})"
            cells = [
                f"{a}.{k}={pl['garden'][f'{a}.{k}']}"
                for k in range(1, 7)
                if pl["garden"].get(f"{a}.{k}", "empty") != "empty"
            ]
            lines.append(f"    area {a} {head}: {' '.join(cells) or '-'}")
        store = " ".join(f"{t}x{c}" if c > 1 else t for t, c in pl["storage"].items())
        exps = " ".join(e["printed"] for e in pl["storage_expansions"])
        lines.append(
            f"    storage: {store or '-'}; jokers {pl['jokers']}; expansions: {exps or '-'}"
        )
    return "\n".join(lines)


def _fill(colour: str) -> str:
    if colour in FILL:
        return FILL[colour]
    return FALLBACK[sum(map(ord, colour)) % len(FALLBACK)]


def _hex(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]


def _tile(cx: float, cy: float, r: float, tile: str, label: str = "") -> list[str]:
    colour, _, pattern = tile.partition("-")
    ink = "#222" if colour in DARK_TEXT else "#fff"
    return [
        "<g>",
        svg.title(label or tile),
        svg.polygon(_hex(cx, cy, r), fill=_fill(colour), stroke="#333", stroke_width=1),
        svg.text(cx, cy + 3, pattern[:4], size=r * 0.55, fill=ink, text_anchor="middle"),
        "</g>",
    ]


def render_svg(obs: Mapping[str, Any]) -> str:
    body: list[str] = []
    n = len(obs["players"])
    width = 40 + 330 * n
    y = 24
    turn = "game over" if obs["over"] else f"to move: {_who(obs['to_move'])}"
    body.append(
        svg.text(
            12,
            y,
            f"Azul: Queen's Garden - round {obs['round']}/{obs['rounds']} - {turn}",
            size=16,
            font_weight="bold",
        )
    )
    y += 20
    body.append(
        svg.text(
            12,
            y,
            "This round scores: "
            + ", ".join(obs["wheel"])
            + f"   (first player: {obs['first_player']})",
            size=12,
        )
    )
    y += 16
    body.append(
        svg.text(
            12,
            y,
            f"bag {obs['bag']} - tower {obs['tower']} - round stacks "
            f"{obs['round_stacks']} - face-down supply {obs['supply_face_down']}"
            f" - jokers in supply {obs['joker_supply']}",
            size=11,
        )
    )
    # Display.
    y += 22
    body.append(svg.text(12, y, "Display:", size=12, font_weight="bold"))
    x = 80
    r = 14
    for i, tray in enumerate(obs["display"]):
        body.append(svg.rect(x - 4, y - 16, 4 * 2 * r + 8, 2 * r + 6, fill="#6b5b45", rx=5))
        body.append(svg.text(x, y - 18, f"face-down {i + 1}", size=8))
        for j, t in enumerate(tray):
            body.extend(_tile(x + r + j * 2 * r, y - 2, r - 1, t))
        x += 4 * 2 * r + 16
        if x > width - 140:
            x = 80
            y += 40
    for e in obs["display_faceup"]:
        body.extend(_tile(x + r, y - 2, r, e["printed"], f"face-up expansion {e['printed']}"))
        body.append(
            svg.text(x + r, y + r + 8, f"exp ({e['ornament']})", size=8, text_anchor="middle")
        )
        x += 2 * r + 22
    y += 40
    # Players.
    top = y
    size = 15.0
    for p, pl in enumerate(obs["players"]):
        ox = 20 + 330 * p
        colour = svg.PLAYER_COLOURS[p % len(svg.PLAYER_COLOURS)]
        mark = " (to move)" if p == obs["to_move"] else ""
        passed = " - passed" if pl["passed"] else ""
        body.append(
            svg.rect(
                ox - 6,
                top - 16,
                318,
                470,
                fill="none",
                stroke=colour,
                stroke_width=3 if mark else 1,
                rx=8,
            )
        )
        body.append(
            svg.text(
                ox,
                top,
                f"Player {p}: {pl['score']} points{mark}{passed}",
                size=13,
                fill=colour,
                font_weight="bold",
            )
        )
        cx0, cy0 = ox + 153, top + 175
        garden = pl["garden"]
        areas = pl["areas"]
        for name, content in garden.items():
            cell = parse_cell(name)
            if cell is None:
                continue
            q, rr = COORDS[cell]
            hx = cx0 + size * math.sqrt(3) * (q + rr / 2)
            hy = cy0 + size * 1.5 * rr
            if content == "empty":
                body.append(svg.polygon(_hex(hx, hy, size), fill="#e9e4d4", stroke="#b5ad94"))
            elif content == "ornament":
                a = name.split(".")[0]
                info = areas.get(a)
                orn = "fountain" if info == "fountain" or info is None else info["ornament"]
                body.append(
                    "<g>"
                    + svg.title(f"{orn} (area {a})")
                    + svg.polygon(_hex(hx, hy, size), fill="#8fa3a8", stroke="#555")
                    + svg.text(
                        hx,
                        hy + 4,
                        ORNAMENT_MARK.get(orn, "?"),
                        size=11,
                        text_anchor="middle",
                        fill="#fff",
                        font_weight="bold",
                    )
                    + "</g>"
                )
            else:
                body.extend(_tile(hx, hy, size, content, f"{content} at {name}"))
        sy = top + 345
        body.append(
            svg.text(
                ox,
                sy,
                f"Storage ({sum(pl['storage'].values()) + pl['jokers']}/12):",
                size=11,
                font_weight="bold",
            )
        )
        sx = ox + 12
        sy += 20
        k = 0
        for t, c in pl["storage"].items():
            for _ in range(c):
                body.extend(_tile(sx + (k % 11) * 26, sy + (k // 11) * 26, 12, t))
                k += 1
        for _ in range(pl["jokers"]):
            jx, jy = sx + (k % 11) * 26, sy + (k // 11) * 26
            body.append(
                "<g>"
                + svg.title("joker")
                + svg.polygon(_hex(jx, jy, 12), fill="#9e9e9e", stroke="#333")
                + svg.text(jx, jy + 4, "J", size=10, text_anchor="middle", fill="#fff")
                + "</g>"
            )
            k += 1
        ey = sy + 58
        exps = ", ".join(f"{e['printed']} ({e['ornament']})" for e in pl["storage_expansions"])
        body.append(svg.text(ox, ey, f"Expansions in storage: {exps or 'none'}", size=10))
        s = obs["scores"][p]
        parts = [f"{k} {v}" for k, v in s.items() if k != "total" and v]
        body.append(svg.text(ox, ey + 16, "; ".join(parts[:5]), size=9))
        body.append(svg.text(ox, ey + 28, "; ".join(parts[5:]), size=9))
    height = top + 480
    legend = (
        "Hexagons: fill = colour, text = pattern. Ornaments: F fountain, S statue, "
        "B bench, P pavilion. J = joker."
    )
    body.append(svg.text(12, height - 4, legend, size=10))
    return svg.document(width, height + 6, body)
