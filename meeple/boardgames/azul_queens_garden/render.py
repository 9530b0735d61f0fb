"""Text and SVG views of Azul: Queen's Garden, drawn only from an observation."""

from __future__ import annotations

import math
from collections.abc import Mapping
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


def _short(tile: str) -> str:
    colour, _, pattern = tile.partition("-")
    return f"{colour[:2]}-{pattern[:3]}"


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
        where = _items([str(i) for i in pending.get("on_expansions", [])])
        more = pending.get("then") or []
        after = f" (then {_items(more)})" if more else ""
        return (
            f"{who} chooses which copy of {pending['hexagon']} to take: from display "
            f"expansion {where}{after}"
        )
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


def render_text(obs: Mapping[str, Any]) -> str:
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


def _hex(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]


def _printed(cx: float, cy: float, r: float, ink: str) -> list[str]:
    """The hatching and dashed ring of a space printed on a garden expansion."""
    return [
        svg.polygon(_hex(cx, cy, r), fill="url(#azq-printed)", stroke="none"),
        svg.polygon(
            _hex(cx, cy, r * 0.8),
            fill="none",
            stroke=ink,
            stroke_width=0.8,
            stroke_dasharray="2,1.5",
        ),
    ]


def _tile(
    cx: float,
    cy: float,
    r: float,
    tile: str,
    label: str = "",
    value: int | None = None,
    printed: bool = False,
    target: str | None = None,
    split: bool = False,
) -> list[str]:
    """A hexagon: fill = colour (code on top), pattern name, value. A printed space
    of a garden expansion is hatched, with a dashed inner outline and a dot.
    ``target`` marks it as a click target (``data-target``). ``split`` draws a
    display hexagon in two halves, the top one (colour code) a ``colour:<name>``
    target and the bottom one (pattern and value) a ``pattern:<name>`` target."""
    colour, _, pattern = tile.partition("-")
    ink = "#222" if colour in DARK_TEXT else "#fff"
    out = [
        _group(target),
        svg.title((label or tile) + (" (printed on a garden expansion)" if printed else "")),
        svg.polygon(_hex(cx, cy, r), fill=_fill(colour), stroke="#333", stroke_width=1),
    ]
    if split:
        if printed:
            out.extend(_printed(cx, cy, r, ink))
        half = r * math.sqrt(3) / 2
        out.append(svg.line(cx - half, cy, cx + half, cy, stroke=ink, stroke_width=0.8))
        code = COLOUR_CODE.get(colour, colour[:2])
        out.append(svg.text(cx, cy - r * 0.2, code, size=r * 0.5, fill=ink, text_anchor="middle"))
        words = pattern[:4] + ("" if value is None else f" {value}")
        out.append(svg.text(cx, cy + r * 0.52, words, size=r * 0.4, fill=ink, text_anchor="middle"))
        for key, sign in ((f"colour:{colour}", -1), (f"pattern:{pattern}", 1)):
            # The clickable half: the hexagon's corners on that side of the middle line.
            pts = [(cx + half, cy), (cx + half, cy + sign * r / 2), (cx, cy + sign * r)]
            pts += [(cx - half, cy + sign * r / 2), (cx - half, cy)]
            out.append(
                _group(key) + svg.polygon(pts, fill="#fff", fill_opacity=0, stroke="none") + "</g>"
            )
        out.append("</g>")
        return out
    if printed:
        out.extend(_printed(cx, cy, r, ink))
    code = COLOUR_CODE.get(colour, colour[:2])
    out.append(svg.text(cx, cy - r * 0.42, code, size=r * 0.42, fill=ink, text_anchor="middle"))
    if value is None:
        out.append(svg.text(cx, cy + 3, pattern[:4], size=r * 0.55, fill=ink, text_anchor="middle"))
    else:
        out.append(
            svg.text(cx, cy + r * 0.12, pattern[:4], size=r * 0.45, fill=ink, text_anchor="middle")
        )
        out.append(
            svg.text(
                cx,
                cy + r * 0.62,
                str(value),
                size=r * 0.45,
                fill=ink,
                text_anchor="middle",
                font_weight="bold",
            )
        )
    out.append("</g>")
    return out


def _group(target: str | None) -> str:
    """The opening of a group, a click target when ``target`` is given."""
    return "<g>" if target is None else f"<g {svg.attrs(data_target=target)}>"


def _button(x: float, y: float, w: float, h: float, label: str, key: str) -> list[str]:
    """A labelled control: a rounded rectangle with its word, a click target."""
    return [
        _group(key),
        svg.rect(x, y, w, h, rx=h / 2, fill="#fff4d6", stroke="#8a5a00", stroke_width=1.5),
        svg.text(
            x + w / 2, y + h / 2 + 4, label, size=12, text_anchor="middle", font_weight="bold"
        ),
        "</g>",
    ]


def _value(obs: Mapping[str, Any], tile: str) -> int | None:
    values = obs.get("pattern_values") or {}
    v = values.get(tile.partition("-")[2])
    return int(v) if v is not None else None


# The display's grid of slots: where the first slot's tiles start, the distance
# between slots and between rows, and a slot's width (four hexagons and a margin).
SLOT_X0 = 72
SLOT_PITCH = 156
SLOT_WIDTH = 152
ROW_PITCH = 52
# A round stack holds this many expansions (components.json: 7 for every player
# count); the display never shows more at once, so this many slots are reserved.
DISPLAY_SLOTS = 7
# A player's panel: its frame's height, with a row kept for the expansion just
# bought and three for the score breakdown (ten categories, four to a row).
PANEL_HEIGHT = 456


def _slots_per_row(width: float) -> int:
    """How many display slots fit side by side in a picture ``width`` wide."""
    return max(1, 1 + int((width - 8 - (SLOT_WIDTH - 4) - SLOT_X0) // SLOT_PITCH))


def display_slots(obs: Mapping[str, Any], shown: int = 0) -> int:
    """The display expansions the layout keeps room for: the most a round's display
    can hold at once (a round stack's size), or more if a stack or the display is
    larger. Depends on nothing a decision changes in the standard game."""
    stacks = [int(n) for n in obs.get("round_stacks") or []]
    current = min(max(int(obs["round"]) - 1, 0), len(stacks) - 1) if stacks else -1
    this_round = shown + (stacks[current] if current >= 0 else 0)
    return max(DISPLAY_SLOTS, this_round, *stacks)


def _faceup_slot(
    obs: Mapping[str, Any], x: float, y: float, r: float, e: Mapping[str, Any], split: bool
) -> list[str]:
    """A face-up garden expansion in its display slot: the printed hexagon (two take
    halves in a turn) with its ornament beside it."""
    out = [
        svg.rect(x - 4, y - 24, SLOT_WIDTH, 2 * r + 4, fill="#efe6cf", stroke="#b5a27a", rx=5),
        svg.text(x, y - 27, "face-up garden expansion", size=9),
    ]
    out.extend(
        _tile(
            x + r,
            y - 4,
            r,
            e["printed"],
            f"face-up garden expansion {e['printed']} ({e['ornament']})",
            value=_value(obs, e["printed"]),
            printed=True,
            split=split,
        )
    )
    out.append(svg.text(x + 2 * r + 8, y - 6, f"{e['printed']}", size=10))
    out.append(svg.text(x + 2 * r + 8, y + 8, f"ornament: {e['ornament']}", size=9))
    return out


def render_svg(obs: Mapping[str, Any], layout: Layout = "wide") -> str:
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
            + _wheel(obs)
            + f"; 1 per pavilion.  First player: {_who(obs['first_player'])}",
            size=12,
        )
    )
    y += 16
    values = obs.get("pattern_values") or {}
    body.append(
        svg.text(
            12,
            y,
            "Pattern values (cost and evaluation): "
            + ", ".join(f"{k} {v}" for k, v in values.items()),
            size=11,
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
    pending = obs.get("pending") or {}
    viewer = obs.get("viewer")
    # The viewer's own pending decision, if any: its labelled controls are drawn.
    own = pending.get("kind") if pending and pending.get("player") == viewer else None
    # In a turn, each display hexagon is two click targets: its top half takes its
    # colour, its bottom half its pattern (colour:<name>, pattern:<name>).
    split = pending.get("kind") == "turn"
    costs = obs.get("costs") or {}
    words = pending_words(pending)
    if own == "turn":
        words = (
            "Your turn. To take a colour, click the top half of a display tile; "
            "a pattern, its bottom half."
        )
    # The line of words and the row of the buy control are always reserved, so the
    # picture keeps its layout from one decision to the next.
    y += 16
    if words:
        body.append(svg.text(12, y, words, size=12, fill="#a00"))
    if own == "turn":
        # Buying draws from the face-down supply, counted in the line of supplies above.
        label = f"Buy a face-down expansion ({costs.get('face_down_expansion', 6)} points)"
        w = 14 + 6.6 * len(label)
        body.extend(_button(12, y + 6, w, 22, label, "button:buy"))
    y += 26
    # Colour key.
    y += 22
    body.append(svg.text(12, y + 4, "Colours:", size=11, font_weight="bold"))
    kx = 70.0
    for name in FILL:
        body.extend(_tile(kx + 11, y, 11, f"{name}-", f"colour {name}"))
        body.append(svg.text(kx + 25, y + 4, name, size=11))
        kx += 36 + 6.5 * len(name)
    body.extend(_tile(kx + 11, y, 11, "lime-", "a printed space", printed=True))
    body.append(svg.text(kx + 25, y + 4, "hatched = printed space", size=11))
    # Display: a fixed grid of slots, one per expansion the display can hold at
    # once, face-down ones (holding hexagons) first, then the face-up ones; the
    # slots left over stay blank, so the players' panels below never move.
    y += 56
    body.append(svg.text(12, y, "Display:", size=12, font_weight="bold"))
    r = 18
    per_row = _slots_per_row(width)
    items: list[list[str] | Mapping[str, Any]] = [*obs["display"], *obs["display_faceup"]]
    for slot, item in enumerate(items):
        x = SLOT_X0 + (slot % per_row) * SLOT_PITCH
        ry = y + (slot // per_row) * ROW_PITCH
        if isinstance(item, Mapping):
            body.extend(_faceup_slot(obs, x, ry, r, item, split))
            continue
        i = slot  # the face-down expansions come first: slot i is expansion i + 1
        # A display expansion is the click target for which copy to take (disp:N).
        body.append(_group(f"disp:{i + 1}"))
        body.append(svg.rect(x - 4, ry - 24, SLOT_WIDTH, 2 * r + 4, fill="#6b5b45", rx=5))
        body.append(svg.text(x, ry - 27, f"face-down expansion {i + 1}", size=9))
        if split:
            body.append("</g>")  # no click target inside another
        for j, tl in enumerate(item):
            body.extend(
                _tile(x + r + j * 2 * r, ry - 4, r - 1, tl, value=_value(obs, tl), split=split)
            )
        if not split:
            body.append("</g>")
    rows = -(-display_slots(obs, len(items)) // per_row)
    y += ROW_PITCH * rows
    # Players.
    cap = obs.get("storage_capacity") or {"tiles": 12, "expansions": 2}
    top = y
    size = 15.0
    for p, pl in enumerate(obs["players"]):
        ox = 20 + 330 * p
        colour = svg.PLAYER_COLOURS[p % len(svg.PLAYER_COLOURS)]
        mark = " (to move)" if p == obs["to_move"] else ""
        # Click targets are drawn in the garden and storage of the player to move.
        mine = p == obs["to_move"]
        passed = " - passed" if pl["passed"] else ""
        body.append(
            svg.rect(
                ox - 6,
                top - 16,
                318,
                PANEL_HEIGHT,
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
                f"Player {p + 1}: {pl['score']} points{mark}{passed}",
                size=13,
                fill=colour,
                font_weight="bold",
            )
        )
        if mine and own == "turn":
            body.extend(_button(ox + 250, top - 14, 56, 20, "Pass", "button:pass"))
        cx0, cy0 = ox + 153, top + 165
        garden = pl["garden"]
        areas = pl["areas"]
        order = sorted(range(len(COORDS)), key=lambda c: f"{c // 7}.{c % 7}" in garden)
        for cell in order:
            q, rr = COORDS[cell]
            name = f"{cell // 7}.{cell % 7}"
            hx = cx0 + size * math.sqrt(3) * (q + rr / 2)
            hy = cy0 + size * 1.5 * rr
            content = garden.get(name)
            a = name.split(".")[0]
            # A free space (an empty one, or one of a free expansion area) is the
            # click target for placing there (g:area.space).
            target = f"g:{name}" if mine and cell % 7 else None
            if content is None:  # an expansion area still free
                body.append(_group(target))
                body.append(
                    svg.polygon(
                        _hex(hx, hy, size),
                        fill="#fff",
                        fill_opacity=0,
                        stroke="#d8d2bf",
                        stroke_dasharray="2,2",
                    )
                )
                if cell % 7 == 0:
                    body.append(
                        svg.text(
                            hx, hy + 3, f"area {a}", size=7, fill="#a09880", text_anchor="middle"
                        )
                    )
                body.append("</g>")
            elif content == "empty":
                body.append(_group(target))
                body.append(svg.polygon(_hex(hx, hy, size), fill="#e9e4d4", stroke="#b5ad94"))
                body.append(
                    svg.text(hx, hy + 3, name, size=7, fill="#9a927a", text_anchor="middle")
                )
                body.append("</g>")
            elif content == "ornament":
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
                info = areas.get(a)
                printed = isinstance(info, dict) and info.get("printed_at") == name
                body.extend(
                    _tile(
                        hx,
                        hy,
                        size,
                        content,
                        f"{content} at {name}",
                        value=_value(obs, content),
                        printed=printed,
                    )
                )
        if mine and pending.get("kind") in ("mode", "pay") and pending.get("at"):
            # The hexagon being paid for: outlined in its garden space.
            paid = parse_cell(str(pending["at"]))
            if paid is not None:
                q, rr = COORDS[paid]
                hx = cx0 + size * math.sqrt(3) * (q + rr / 2)
                hy = cy0 + size * 1.5 * rr
                body.append(
                    svg.polygon(_hex(hx, hy, size), fill="none", stroke="#c00", stroke_width=2.5)
                )
        sy = top + 290
        count = sum(pl["storage"].values()) + pl["jokers"]
        body.append(
            svg.text(ox, sy, f"Storage ({count}/{cap['tiles']}):", size=11, font_weight="bold")
        )
        if mine and own == "mode":
            # How to pay, beside the storage the payment comes from.
            body.extend(_button(ox + 104, sy - 15, 94, 22, "Pay by colour", "mode:colour"))
            body.extend(_button(ox + 202, sy - 15, 102, 22, "Pay by pattern", "mode:pattern"))
        elif mine and own == "pay":
            owed = pending.get("still_to_pay")
            body.append(
                svg.text(
                    ox + 104,
                    sy,
                    f"click {owed} more {_tiles(owed)} to pay",
                    size=11,
                    fill="#a00",
                )
            )
        elif mine and own == "discard":
            body.append(
                svg.text(
                    ox + 104,
                    sy,
                    f"click to discard ({costs.get('discard_per_tile', 1)} pt)",
                    size=10,
                    fill="#a00",
                )
            )
            body.extend(_button(ox + 228, sy - 15, 76, 22, "Done", "button:done"))
        sx = ox + 12
        sy += 20
        k = 0
        for tl, c in pl["storage"].items():
            for _ in range(c):
                body.extend(
                    _tile(
                        sx + (k % 11) * 26,
                        sy + (k // 11) * 26,
                        12,
                        tl,
                        value=_value(obs, tl),
                        target=f"st:{tl}" if mine else None,
                    )
                )
                k += 1
        for _ in range(pl["jokers"]):
            jx, jy = sx + (k % 11) * 26, sy + (k // 11) * 26
            body.append(
                _group("st:joker" if mine else None)
                + svg.title("joker")
                + svg.polygon(_hex(jx, jy, 12), fill="#9e9e9e", stroke="#333")
                + svg.text(jx, jy + 4, "J", size=10, text_anchor="middle", fill="#fff")
                + "</g>"
            )
            k += 1
        ey = sy + 50
        stored = pl["storage_expansions"]
        body.append(
            svg.text(
                ox,
                ey,
                f"Stored expansions ({len(stored)}/{cap['expansions']}):"
                + ("" if stored else " none"),
                size=10,
                font_weight="bold",
            )
        )
        for i, e in enumerate(stored):
            ex = ox + 160 + i * 80
            body.extend(
                _tile(
                    ex,
                    ey - 4,
                    12,
                    e["printed"],
                    f"stored garden expansion {e['printed']} ({e['ornament']})",
                    value=_value(obs, e["printed"]),
                    printed=True,
                    target=f"sx:{e['printed']}" if mine else None,
                )
            )
            body.append(svg.text(ex + 16, ey, e["ornament"], size=9))
        if mine and pending.get("kind") == "place_bought" and pending.get("expansion"):
            # The expansion just bought, waiting for a free space of the garden.
            bought = str(pending["expansion"])
            by = ey + 24  # a row kept for it, so the scores below do not move
            body.append(svg.text(ox, by, "Bought expansion:", size=10, font_weight="bold"))
            body.extend(
                _tile(
                    ox + 112,
                    by - 4,
                    12,
                    bought,
                    f"the bought garden expansion {bought}: click a free space for it",
                    value=_value(obs, bought),
                    printed=True,
                )
            )
            body.append(
                svg.text(
                    ox + 130, by, "click a free space for its printed space", size=10, fill="#a00"
                )
            )
        ey += 44
        sc = obs["scores"][p]
        parts = [f"{key.replace('_', ' ')} {v}" for key, v in sc.items() if key != "total" and v]
        for row in range(0, len(parts), 4):
            body.append(svg.text(ox, ey, "; ".join(parts[row : row + 4]), size=9))
            ey += 14
    height = top + PANEL_HEIGHT + 10
    legend = (
        "Hexagons: fill and top code = colour, then pattern and its value; hatched = printed "
        "space of a garden expansion.",
        "Ornaments: F fountain, S statue, B bench, P pavilion. J = joker. Empty spaces show "
        "their name (area.space).",
    )
    body.append(svg.text(12, height - 4, legend[0], size=10))
    body.append(svg.text(12, height + 10, legend[1], size=10))
    return svg.document(width, height + 20, [HATCH, *body])
