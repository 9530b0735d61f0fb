"""Text and SVG views of a race, drawn only from an observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.core.api import Layout
from meeple.core.svg import PLAYER_COLOURS, circle, document, line, rect, text, title

CHIP_FILL = {
    "red": "#d62728",
    "yellow": "#f2c500",
    "green": "#2ca02c",
    "blue": "#1f5fbf",
    "orange": "#ff7f0e",
    "purple": "#8a3ab9",
    "white": "#ffffff",
    "dream": "#b9b3c9",
}
CELL = 40
PER_ROW = 20
RESERVE_PER_ROW = 14


def _price_table(prices: Mapping[str, int]) -> list[tuple[int, int]]:
    """(value, rubies) for each chip value on sale, from the observation's price list."""
    table: dict[int, int] = {}
    for name, price in prices.items():
        value = name.rpartition("-")[2]
        if value.isdigit():
            table[int(value)] = price
    return sorted(table.items())


def _chip_list(chips: Mapping[str, Any]) -> str:
    return ", ".join(f"{n} {k}" if n > 1 else k for k, n in chips.items()) or "-"


def _to_move(obs: Mapping[str, Any]) -> str:
    players = obs["players"]
    if obs["over"]:
        if obs["winner"] is not None:
            return f"game over: the {players[obs['winner']]['animal']} reached the marketplace"
        return "game over: the round limit stopped the race"
    d = obs["decision"]
    animal = players[d["player"]]["animal"]
    what: str = {
        "draw": f"a chip comes out of the {animal}'s bag",
        "white": f"the {animal} rolls the white die",
        "wood": f"the {animal} rolls the wood die",
        "shop": f"the {animal} is shopping (buy a chip or done)",
        "return": f"the {animal} puts a chip from its card back in the bag",
        "take": f"the {animal} takes a chip from the reserve",
    }.get(d["kind"], d["kind"])
    return ("chance: " if d["chance"] else f"player {d['player'] + 1}: ") + what


def render_text(obs: Mapping[str, Any]) -> str:
    fields = obs["fields"]
    spirals = set(obs["spirals"])
    track = ["@" if f in spirals else "." for f in range(fields + 1)]
    track[0] = "S"
    track[fields] = "M"
    for p, pl in enumerate(obs["players"]):
        f = pl["position"]
        track[f] = str(p + 1) if track[f] in "@.SM" else "*"
    lines = [
        f"Quedlinburg Dash: {obs['board']} path ({fields} fields), {obs['cards']} cards, "
        f"turn {obs['turn']}",
        f"  {_to_move(obs)}",
        "  path  "
        + "".join(track)
        + "   (S start, @ spiral, M marketplace, 1-4 players, * shared)",
    ]
    for p, pl in enumerate(obs["players"]):
        mark = ">" if obs["active"] == p and not obs["over"] else " "
        bag_n = sum(pl["bag"].values())
        lines.append(
            f"{mark} P{p + 1} {pl['animal']:<7} field {pl['position']:>2}/{fields}  "
            f"rubies {pl['rubies']}  clovers {pl['clovers']}  "
            f"dream weed {pl['dream_weed']}/3  last {pl['last_draw'] or '-'}"
        )
        lines.append(f"      card: {_chip_list(pl['card'])}")
        lines.append(f"      bag ({bag_n}): {_chip_list(pl['bag'])}")
    lines.append(
        f"  reserve: {obs['ruby_reserve']} rubies, {obs['clover_reserve']} clovers; "
        f"chips: {_chip_list(obs['reserve'])}"
    )
    return "\n".join(lines)


def _cell_xy(f: int) -> tuple[float, float]:
    row, col = divmod(f, PER_ROW)
    if row % 2:
        col = PER_ROW - 1 - col
    return 20 + col * CELL, 70 + row * (CELL + 14)


def _chip(x: float, y: float, name: str, r: float = 11, target: str | None = None) -> list[str]:
    """One chip; ``target`` makes it a clickable place (``data-target``) in the web."""
    open_g = f'<g data-target="{target}">' if target else "<g>"
    if name == "dream-weed":
        return [
            f"{open_g}{title('dream weed')}",
            circle(x, y, r, fill=CHIP_FILL["dream"], stroke="#555"),
            text(x, y + 4, "z", 11, text_anchor="middle", fill="#333"),
            "</g>",
        ]
    colour, _, value = name.partition("-")
    ink = "#000" if colour in ("yellow", "white", "orange") else "#fff"
    return [
        f"{open_g}{title(name + (' (sugar beet)' if colour == 'white' else ''))}",
        circle(x, y, r, fill=CHIP_FILL.get(colour, "#999"), stroke="#333"),
        text(x, y + 4, value, 11, text_anchor="middle", fill=ink, font_weight="bold"),
        "</g>",
    ]


DONE_W, DONE_H = 160, 28


def _done_control(x: float, y: float) -> list[str]:
    """The shop's "Done" button: stop buying (or buy nothing) and leave the shop."""
    return [
        '<g data-target="button:done">',
        rect(x, y, DONE_W, DONE_H, rx=8, fill="#fff3b0", stroke="#8a6d00", stroke_width=2),
        text(
            x + DONE_W / 2,
            y + DONE_H / 2 + 5,
            "Done shopping",
            14,
            text_anchor="middle",
            font_weight="bold",
        ),
        "</g>",
    ]


def render_svg(obs: Mapping[str, Any], layout: Layout = "wide") -> str:
    fields = obs["fields"]
    spirals = set(obs["spirals"])
    rows = fields // PER_ROW + 1
    track_h = 70 + rows * (CELL + 14)
    width = 20 * 2 + PER_ROW * CELL
    body: list[str] = [
        text(
            20,
            24,
            f"Quacks & Co.: Quedlinburg Dash ({obs['board']} path, {fields} fields; "
            f"{obs['cards']} cards)",
            16,
            font_weight="bold",
        ),
        text(20, 46, f"Turn {obs['turn']}. {_to_move(obs)}", 13),
    ]
    # The path, in rows that snake back and forth.
    for f in range(fields + 1):
        x, y = _cell_xy(f)
        if f + 1 <= fields:
            nx, ny = _cell_xy(f + 1)
            body.append(
                line(
                    x + CELL / 2,
                    y + CELL / 2,
                    nx + CELL / 2,
                    ny + CELL / 2,
                    stroke="#c9b98f",
                    stroke_width=3,
                )
            )
    for f in range(fields + 1):
        x, y = _cell_xy(f)
        if f == 0:
            fill, label, tip = "#e8d0c0", "start", "start house"
        elif f == fields:
            fill, label, tip = "#f5d142", "market", "the marketplace: first here wins"
        elif f in spirals:
            fill, label, tip = "#cfe9c9", f"@{f}", f"spiral field {f}"
        else:
            fill, label, tip = "#fffdf6", str(f), f"field {f}"
        body.append(f"<g>{title(tip)}")
        body.append(rect(x + 2, y + 2, CELL - 4, CELL - 4, fill=fill, stroke="#8a7a55", rx=4))
        if f in spirals:
            body.append(
                circle(
                    x + CELL / 2,
                    y + CELL / 2,
                    9,
                    fill="none",
                    stroke="#3a7a30",
                    stroke_width=2,
                    stroke_dasharray="12 4",
                )
            )
        body.append(text(x + 5, y + 13, label, 8, fill="#555"))
        body.append("</g>")
    # Animals: one disc per player, offset so several can share a field.
    for p, pl in enumerate(obs["players"]):
        x, y = _cell_xy(pl["position"])
        dx = (p % 2) * 14
        dy = (p // 2) * 12
        where = f"{pl['animal']} (player {p + 1}) on field {pl['position']}"
        body.append(f"<g>{title(where)}")
        body.append(circle(x + 13 + dx, y + 20 + dy, 8, fill=PLAYER_COLOURS[p], stroke="#000"))
        body.append(
            text(
                x + 13 + dx,
                y + 24 + dy,
                pl["animal"][0].upper(),
                10,
                text_anchor="middle",
                fill="#fff",
                font_weight="bold",
            )
        )
        body.append("</g>")
    # The reserve: the shop and the chips the orange butterfly card takes from.
    reserve = list(obs["reserve"].items())
    prices = obs.get("prices", {})
    reserve_rows = max(1, (len(reserve) + RESERVE_PER_ROW - 1) // RESERVE_PER_ROW)
    reserve_h = 34 + reserve_rows * 30
    y = track_h + 6
    body.append(rect(20, y, width - 40, reserve_h, fill="#f4efe2", stroke="#8a7a55", rx=8))
    price_words = ", ".join(f"'{v}' {c}" for v, c in _price_table(prices))
    body.append(
        text(
            32,
            y + 18,
            "Reserve (shop; rubies per chip: " + (price_words or "-") + ")",
            12,
            font_weight="bold",
        )
    )
    for i, (name, n) in enumerate(reserve):
        row, col = divmod(i, RESERVE_PER_ROW)
        cx, cy = 44 + col * 56, y + 40 + row * 30
        target = None if name == "dream-weed" else f"reserve:{name}"
        body += _chip(cx, cy, name, r=12, target=target)
        body.append(text(cx + 15, cy + 4, f"x{n}", 11))
    # Player panels.
    panel_h = 140
    y0 = track_h + reserve_h + 16
    d = obs["decision"]
    chooser = d["player"] if d is not None and not d["chance"] and not obs["over"] else None
    # Leaving the shop is a labelled control in the shopper's own panel, drawn only in
    # the shopper's picture.
    shopper = chooser if d is not None and d["kind"] == "shop" else None
    if shopper is not None and obs.get("viewer") != shopper:
        shopper = None
    for p, pl in enumerate(obs["players"]):
        y = y0 + p * (panel_h + 8)
        active = obs["active"] == p and not obs["over"]
        won = obs["winner"] == p
        body.append(
            rect(
                20,
                y,
                width - 40,
                panel_h,
                fill="#ffffff" if not active else "#fff6dc",
                stroke=PLAYER_COLOURS[p],
                stroke_width=4 if active else 1.5,
                rx=8,
            )
        )
        head = (
            f"Player {p + 1}: {pl['animal']}  field {pl['position']}/{fields}"
            + ("  WINNER" if won else "")
            + ("  <- turn" if active else "")
        )
        body.append(text(32, y + 20, head, 14, font_weight="bold", fill=PLAYER_COLOURS[p]))
        if shopper == p:
            body += _done_control(width - 40 - DONE_W - 12, y + 8)
        body.append(text(32, y + 42, f"rubies: {pl['rubies']}", 12))
        body.append(text(120, y + 42, f"four-leaf clovers: {pl['clovers']}", 12))
        body.append(text(270, y + 42, "dream bubbles:", 12))
        for i in range(3):
            filled = i < pl["dream_weed"]
            body.append(
                circle(
                    382 + i * 24,
                    y + 38,
                    9,
                    fill=CHIP_FILL["dream"] if filled else "#fff",
                    stroke="#555",
                )
            )
        body.append(text(460, y + 42, f"last chip: {pl['last_draw'] or '-'}", 12))
        body.append(text(32, y + 72, "animal card:", 12))
        food = [(k, n) for k, n in pl["card"].items() if k != "dream-weed"]
        cx = 130
        # The chooser's card chips are clickable (the green caterpillar returns one).
        card_key = "card:" if p == chooser else None
        if sum(n for _, n in food) <= 27:
            for name, n in food:
                for _ in range(n):
                    body += _chip(
                        cx, y + 68, name, target=f"{card_key}{name}" if card_key else None
                    )
                    cx += 25
        else:
            for name, n in food:
                body += _chip(cx, y + 68, name, target=f"{card_key}{name}" if card_key else None)
                body.append(text(cx + 14, y + 72, f"x{n}", 11))
                cx += 48
        body.append(text(32, y + 104, f"bag ({sum(pl['bag'].values())}):", 12))
        for i, (name, n) in enumerate(pl["bag"].items()):
            row, col = divmod(i, 14)
            cx, cy = 130 + col * 48, y + 100 + row * 26
            body += _chip(cx, cy, name)
            body.append(text(cx + 14, cy + 4, f"x{n}", 11))
    scores = ", ".join(
        f"{pl['animal']} {s}" for pl, s in zip(obs["players"], obs["scores"], strict=True)
    )
    y = y0 + len(obs["players"]) * (panel_h + 8) + 16
    body.append(
        text(
            20,
            y,
            f"Fields covered (score): {scores}. Reserve: {obs['ruby_reserve']} "
            f"rubies, {obs['clover_reserve']} clovers.",
            12,
        )
    )
    body.append(
        text(
            20,
            y + 18,
            "Chips: the colour names the action card, the number the fields; white 8 = "
            "sugar beet (no task); grey z = dream weed. Green cells with a swirl: spiral "
            "fields.",
            10,
            fill="#555",
        )
    )
    return document(width, y + 30, body)
