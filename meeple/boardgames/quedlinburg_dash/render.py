"""Text and SVG views of a race, drawn only from an observation.

The SVG comes in two layouts. ``wide`` is drawn 878 units wide and ``narrow`` 366, the
CSS pixels the page shows them at, so a font size is the size a person reads. Both draw
the same parts with the same click targets; the narrow one stacks what the wide one
puts side by side (the action cards below their chips) and reflows rows of chips.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

from meeple.core import svg
from meeple.core.api import Layout
from meeple.core.svg import PLAYER_COLOURS, attrs, circle, document, line, polygon, rect, text

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
DARK_INK = ("yellow", "white", "orange", "dream")
"""Chips light enough that their number is printed in black."""
FOOD_COLOURS = ("red", "yellow", "green", "blue", "orange", "purple")
DREAM_WEED = "dream-weed"

# What each action card does, in our words, per card set (the reserve rows show them).
CARD_TEXT = {
    "caterpillar": {
        "red": "take 1 ruby, or 2 if the move ended on a spiral",
        "yellow": "roll the white die and do what it shows",
        "green": "put one chip from the animal card back in the bag",
        "blue": "jump ahead to the next spiral field",
        "orange": "move 1 more field per ruby you hold",
        "purple": "take a four-leaf clover, 2 on a spiral",
    },
    "butterfly": {
        "red": "take 1, 2 or 3 rubies for a '1', '2' or '4'",
        "yellow": "roll the wood die: move 0-4; on a spiral roll twice",
        "green": "draw another chip and carry it out",
        "blue": "swap it for the next bigger blue ('4': a sugar beet)",
        "orange": "take a '2' chip into the bag ('4' on a spiral)",
        "purple": "take 1 clover per purple chip on the animal card",
    },
}
PURPLE_COUNTS_ORANGE = "take 1 clover per orange chip on the animal card"
"""The butterfly purple card with ``purple_counts=orange`` (ruling 16)."""
SUGAR_BEET_TEXT = "sugar beet: 8 fields and no task"
DREAM_TEXT = "fills a dream bubble, the 3rd opens the shop"
SPIRAL_NOTE = {
    "caterpillar": "blue jumps to the next one; red gives 2 rubies here",
    "caterpillar-extended": "blue jumps to the next one; red and purple give 2 here",
    "butterfly": "a yellow chip ending here rolls the wood die twice",
    "butterfly-extended": "yellow rolls twice here; orange may take a '4'",
}


def text_width(body: str, size: float, bold: bool = False) -> float:
    """About how wide ``body`` is drawn at ``size`` (a little over, never under)."""
    return svg.text_width(body, size, bold) * 1.03


def wrap(body: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``body`` broken at spaces into lines no wider than ``width``."""
    return svg.wrap(body, size, width, bold, text_width) or [""]


@dataclass(frozen=True)
class Look:
    """The measures of one layout, in viewBox units (= CSS pixels as shown)."""

    width: int
    pad: int  # outer margin
    inner: int  # padding inside a panel
    cols: int  # path cells per row
    pitch: int  # path cell to cell
    cell_w: int
    cell_h: int
    row_gap: int
    title: int  # font sizes
    head: int
    body: int
    small: int
    cell_font: int
    chip_r: int  # a chip in the reserve or a bag
    card_r: int  # a chip on an animal card
    card_step: int
    bag_r: int
    bag_step: int
    narrow: bool


WIDE = Look(
    width=878,
    pad=12,
    inner=14,
    cols=20,
    pitch=42,
    cell_w=39,
    cell_h=54,
    row_gap=12,
    title=20,
    head=16,
    body=13,
    small=12,
    cell_font=12,
    chip_r=14,
    card_r=13,
    card_step=29,
    bag_r=13,
    bag_step=60,
    narrow=False,
)
NARROW = Look(
    width=366,
    pad=6,
    inner=10,
    cols=8,
    pitch=44,
    cell_w=41,
    cell_h=52,
    row_gap=10,
    title=15,
    head=13,
    body=11,
    small=10,
    cell_font=10,
    chip_r=12,
    card_r=12,
    card_step=27,
    bag_r=12,
    bag_step=50,
    narrow=True,
)


# -- the text view ---------------------------------------------------------------


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


def render_text(obs: Mapping[str, Any], rules: object = None) -> str:
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


# -- words for the tooltips ------------------------------------------------------


def _card_text(obs: Mapping[str, Any], colour: str) -> str:
    family = "butterfly" if obs["cards"].startswith("butterfly") else "caterpillar"
    if family == "butterfly" and colour == "purple" and obs.get("purple_counts") == "orange":
        return PURPLE_COUNTS_ORANGE
    return CARD_TEXT[family][colour]


def chip_words(name: str) -> str:
    """``red-2`` -> "red '2'"; the white '8' is the sugar beet."""
    if name == DREAM_WEED:
        return "dream weed"
    colour, _, value = name.partition("-")
    if colour == "white":
        return "sugar beet"
    return f"{colour} '{value}'"


def chip_tip(obs: Mapping[str, Any], name: str) -> str:
    """What a chip is and what it does in this game (the same wherever it lies)."""
    if name == DREAM_WEED:
        return "Dream weed: no move; it fills a dream bubble, and the third one opens the shop"
    colour, _, value = name.partition("-")
    price = obs.get("prices", {}).get(name)
    cost = f" Costs {price} rubies." if price else ""
    if colour == "white":
        return f"Sugar beet (white '8'): moves 8 fields and has no task.{cost}"
    fields = "field" if value == "1" else "fields"
    return (
        f"{colour.capitalize()} '{value}': moves {value} {fields}, then the {colour} card: "
        f"{_card_text(obs, colour)}.{cost}"
    )


def _open(tip: str, target: str | None = None, **kw: object) -> str:
    """A group with a tooltip (``data-tip``) and, if clickable, its ``data-target``."""
    extra = attrs(**kw)
    return (
        "<g"
        + (f' data-target="{escape(target)}"' if target else "")
        + f' data-tip="{escape(tip)}"'
        + (f" {extra}" if extra else "")
        + ">"
    )


# -- small pieces ----------------------------------------------------------------


def _chip_face(x: float, y: float, name: str, r: float, least: int, dim: bool = False) -> list[str]:
    """A chip's disc and number; the number is never under ``least`` (the layout's floor)."""
    colour = "dream" if name == DREAM_WEED else name.partition("-")[0]
    label = "z" if name == DREAM_WEED else name.rpartition("-")[2]
    size = max(least, round(r * 0.95))
    ink = "#222" if colour in DARK_INK else "#fff"
    style = {"opacity": 0.35} if dim else {}
    return [
        circle(
            x,
            y,
            r,
            fill=CHIP_FILL.get(colour, "#999"),
            stroke="#333" if colour != "white" else "#777",
            stroke_width=1.2,
            **style,
        ),
        circle(x, y, r * 0.72, fill="none", stroke="#0003" if colour != "white" else "#ccc"),
        text(
            x,
            y + size * 0.36,
            label,
            size,
            text_anchor="middle",
            fill=ink,
            font_weight="bold",
            **style,
        ),
    ]


def _chip(
    obs: Mapping[str, Any],
    x: float,
    y: float,
    name: str,
    r: float,
    target: str | None = None,
    count: int | None = None,
    count_font: int = 12,
) -> list[str]:
    """One chip (with ``count`` beside it for a pile); ``target`` makes it clickable."""
    out = [
        _open(chip_tip(obs, name), target),
        *_chip_face(x, y, name, r, count_font, dim=count == 0),
    ]
    if count is not None:
        out.append(
            text(
                x + r + 3,
                y + count_font * 0.36,
                f"×{count}",
                count_font,
                fill="#999" if count == 0 else "#222",
                font_weight="bold",
            )
        )
    out.append("</g>")
    return out


def _pile_width(r: float, font: int) -> float:
    return 2 * r + 3 + text_width("×16", font, bold=True)


def _swirl(x: float, y: float, r: float) -> str:
    """The spiral mark of a spiral field: an Archimedean spiral of two and a half turns."""
    pts = []
    for i in range(41):
        t = i / 40 * 5 * math.pi
        rr = r * i / 40
        pts.append(f"{x + rr * math.cos(t):.1f},{y + rr * math.sin(t):.1f}")
    return f'<polyline points="{" ".join(pts)}" fill="none" stroke="#2f6b27" stroke-width="1.6"/>'


def _ruby_icon(x: float, y: float, s: float) -> str:
    return polygon(
        [(x - s, y - s * 0.3), (x - s * 0.5, y - s), (x + s * 0.5, y - s), (x + s, y - s * 0.3),
         (x, y + s)],
        fill="#c2185b",
        stroke="#6d0c32",
    )  # fmt: skip


def _clover_icon(x: float, y: float, s: float) -> list[str]:
    leaf = s * 0.5
    return [
        line(x, y, x + s * 0.5, y + s * 1.2, stroke="#2e7d32", stroke_width=1.5),
        *(
            circle(x + dx * leaf, y + dy * leaf, leaf, fill="#43a047", stroke="#1b5e20")
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1))
        ),
    ]


def _badge(
    x: float, y: float, label: str, size: int, fill: str, ink: str
) -> tuple[list[str], float]:
    """A rounded label with its baseline at ``y``; returns it and its width."""
    w = text_width(label, size, bold=True) + 12
    h = size + 8
    return [
        rect(x, y - size - 2, w, h, rx=h / 2, fill=fill),
        text(x + w / 2, y, label, size, text_anchor="middle", fill=ink, font_weight="bold"),
    ], w


# -- the parts of the picture ----------------------------------------------------


def _status(obs: Mapping[str, Any]) -> str:
    players = obs["players"]
    if obs["over"]:
        if obs["winner"] is not None:
            w = obs["winner"]
            return (
                f"Game over: player {w + 1}'s {players[w]['animal']} reached the "
                "marketplace and wins"
            )
        return "Game over: the round limit stopped the race"
    d = obs["decision"]
    p = d["player"]
    who = f"player {p + 1}'s {players[p]['animal']}"
    what = {
        "draw": f"{who} draws a chip from its bag",
        "white": f"{who} rolls the white die",
        "wood": f"{who} rolls the wood die",
        "shop": f"{who} is shopping: one chip per colour, then Done shopping",
        "return": f"{who} puts a chip from its animal card back in the bag",
        "take": f"{who} takes a chip from the reserve into its bag",
    }.get(d["kind"], d["kind"])
    return f"Turn {obs['turn']}: {what}"


def _header(obs: Mapping[str, Any], look: Look) -> tuple[list[str], float]:
    x = look.pad + 4
    span = look.width - 2 * x
    out = [
        text(x, look.title + 8, "Quacks & Co.: Quedlinburg Dash", look.title, font_weight="bold")
    ]
    y = look.title + 8 + look.body + 9
    sub = f"{obs['board'].capitalize()} path, {obs['fields']} fields · {obs['cards']} cards"
    out.append(text(x, y, sub, look.body, fill="#555"))
    # The status gets a fixed number of lines (a smaller font before a line more), so
    # that the board below never shifts from one decision to the next.
    room = 2 if look.narrow else 1
    size = look.head - 1
    lines = wrap(_status(obs), span, size, bold=True)
    while len(lines) > room and size > look.small:
        size -= 1
        lines = wrap(_status(obs), span, size, bold=True)
    top = y
    for part in lines:
        y += look.head + 5
        out.append(text(x, y, part, size, font_weight="bold", fill="#3a2a00"))
    return out, max(y, top + room * (look.head + 5)) + 10


def _field_cell(f: int, look: Look, fields: int) -> tuple[float, float, float]:
    """Left, top and width of field ``f``'s box; the marketplace is wider when it can be."""
    row, col = divmod(f, look.cols)
    odd = row % 2 == 1
    phys = look.cols - 1 - col if odd else col
    x0 = (look.width - (look.cols * look.pitch - (look.pitch - look.cell_w))) / 2
    x = x0 + phys * look.pitch
    w: float = look.cell_w
    if f == fields:
        extra = min(2, look.cols - 1 - col)
        w += extra * look.pitch
        if odd:
            x -= extra * look.pitch
    return x, row * (look.cell_h + look.row_gap), w


def _path(obs: Mapping[str, Any], look: Look, top: float) -> tuple[list[str], float]:
    fields = obs["fields"]
    spirals = set(obs["spirals"])
    note = SPIRAL_NOTE.get(obs["cards"], "")
    out: list[str] = []
    boxes = []
    for f in range(fields + 1):
        x, y, w = _field_cell(f, look, fields)
        boxes.append((x, y + top, w))
    # The path itself, behind the boxes.
    for f in range(fields):
        (ax, ay, aw), (bx, by, bw) = boxes[f], boxes[f + 1]
        mid = look.cell_h * 0.62
        out.append(
            line(ax + aw / 2, ay + mid, bx + bw / 2, by + mid, stroke="#c9b98f", stroke_width=5)
        )
    cf = look.cell_font
    for f, (x, y, w) in enumerate(boxes):
        if f == 0:
            fill, stroke, tip = "#efc9b4", "#8a5a3a", "Start house: every animal sets out from here"
        elif f == fields:
            fill, stroke = "#f5d142", "#8a6d00"
            tip = f"Marketplace (field {f}): the first animal to reach it wins; no exact count"
        elif f in spirals:
            fill, stroke = "#d3ecc9", "#3a7a30"
            tip = f"Spiral field {f}: {note}"
        else:
            fill, stroke, tip = "#fffdf6", "#a8987a", f"Field {f}"
        out.append(_open(tip))
        out.append(rect(x, y, w, look.cell_h, fill=fill, stroke=stroke, rx=5))
        if f == 0:
            out.append(text(x + 3, y + cf + 2, "Start", cf, fill="#5a2f16", font_weight="bold"))
        elif f == fields:
            label = next(
                (s for s in ("Marketplace", "Market", "End") if text_width(s, cf, True) < w - 6),
                str(f),
            )
            out.append(
                text(x + w / 2, y + cf + 2, label, cf, text_anchor="middle", font_weight="bold")
            )
        else:
            spiral = f in spirals
            out.append(
                text(
                    x + 3,
                    y + cf + 1,
                    str(f),
                    cf,
                    fill="#2f6b27" if spiral else "#6a5a3a",
                    font_weight="bold" if spiral else None,
                )
            )
            if spiral:
                # Top right, clear of the number and of the animals below it.
                out.append(_swirl(x + w - cf * 0.6 - 3, y + cf * 0.6 + 3, cf * 0.6))
        out.append("</g>")
    # Animals, in the lower part of their field; several on one field share it.
    crowd: dict[int, list[int]] = {}
    for p, pl in enumerate(obs["players"]):
        crowd.setdefault(pl["position"], []).append(p)
    mover = obs["active"] if not obs["over"] else None
    for f, seats in crowd.items():
        x, y, w = boxes[f]
        zone_top = y + cf + 5
        zone_h = look.cell_h - cf - 7
        cx, cy = x + w / 2, zone_top + zone_h / 2
        n = len(seats)
        if n == 1:
            r = min(zone_h / 2 - 1, look.cell_w / 2 - 4)
            spots = [(cx, cy)]
        elif n == 2 and w > look.cell_w:
            r = min(zone_h / 2 - 1, 12)
            spots = [(cx - r - 2, cy), (cx + r + 2, cy)]
        else:
            r = min(zone_h / 4, (look.cell_w - 4) / 4)
            spots = [(cx + (-r if i % 2 == 0 else r), cy + (-r if i < 2 else r)) for i in range(n)]
            if n == 2:
                spots = [(cx - r, cy), (cx + r, cy)]
        for p, (sx, sy) in zip(seats, spots, strict=False):
            pl = obs["players"][p]
            font = max(look.small - 1, min(look.body, round(r * 1.1)))
            tip = f"The {pl['animal']} (player {p + 1}) on field {f}" + (
                ", whose turn it is" if p == mover else ""
            )
            out.append(_open(tip))
            if p == mover:
                out.append(circle(sx, sy, r + 2.5, fill="#ffe066", stroke="#8a6d00"))
            out.append(circle(sx, sy, r, fill=PLAYER_COLOURS[p], stroke="#222", stroke_width=1.2))
            out.append(
                text(
                    sx,
                    sy + font * 0.36,
                    pl["animal"][:1].upper(),
                    font,
                    text_anchor="middle",
                    fill="#fff",
                    font_weight="bold",
                )
            )
            out.append("</g>")
    rows = fields // look.cols + 1
    return out, top + rows * (look.cell_h + look.row_gap)


def _reserve_kinds(obs: Mapping[str, Any]) -> list[str]:
    """Every chip kind of this game, in a fixed order: the rows stay put as chips run out."""
    names = list(obs.get("prices", {}))
    names += [k for k in obs["reserve"] if k not in names and k != DREAM_WEED]
    return names


def _reserve(obs: Mapping[str, Any], look: Look, top: float) -> tuple[list[str], float]:
    x0, span = look.pad, look.width - 2 * look.pad
    ix = x0 + look.inner
    kinds = _reserve_kinds(obs)
    prices = obs.get("prices", {})
    values = sorted({int(k.rpartition("-")[2]) for k in kinds})
    # Chip columns by value, after a label column; the wide layout puts the action card's
    # words to their right, the narrow one below them.
    label_w = 76 if not look.narrow else 50
    c0 = ix + label_w + look.chip_r
    pile = _pile_width(look.chip_r, look.small)
    room = (x0 + span - look.inner - pile) - c0 if look.narrow else 5 * 66
    step = min(64, room / max(1, len(values) - 1))
    col = {v: c0 + i * step for i, v in enumerate(values)}
    words_x = c0 + (len(values) - 1) * step + pile + 14
    words_w = x0 + span - look.inner - (ix if look.narrow else words_x)
    wf = look.body if not look.narrow else look.small
    out: list[str] = []
    y = top + look.head + 8
    title_tip = (
        "Reserve: the chips still in the box; the shop sells them and some cards hand them out"
    )
    out.append(_open(title_tip))
    out.append(text(ix, y, "Reserve and shop", look.head, font_weight="bold"))
    out.append("</g>")
    left = f"{obs['ruby_reserve']} rubies"
    if obs["cards"].endswith("extended"):
        left += f" · {obs['clover_reserve']} clovers"
    left += " left"
    out.append(_open("Rubies and four-leaf clovers left in the reserve; a card gives what is left"))
    if look.narrow:
        y += look.body + 6
        out.append(text(ix, y, left, look.body, fill="#444"))
    else:
        out.append(text(x0 + span - look.inner, y, left, look.body, fill="#444", text_anchor="end"))
    out.append("</g>")
    y += look.small + 12
    out.append(text(ix, y, "price", look.small, fill="#666"))
    for v, cx in col.items():
        price = next((p for k, p in prices.items() if k.endswith(f"-{v}")), None)
        if price is None:
            continue
        out.append(_open(f"At the shop a '{v}' chip costs {price} rubies, whatever its colour"))
        unit = "ruby" if price == 1 else "rubies"
        out.append(text(cx, y, f"{price} {unit}", look.small, text_anchor="middle", fill="#444"))
        out.append("</g>")
    y += 8
    rows: list[tuple[str, list[str], str]] = []
    for colour in FOOD_COLOURS:
        mine = [k for k in kinds if k.startswith(colour + "-")]
        if mine:
            rows.append((colour.capitalize(), mine, _card_text(obs, colour)))
    whites = [k for k in kinds if k.startswith("white-")]
    if whites:
        rows.append(("White", whites, SUGAR_BEET_TEXT))
    rows.append(("Dream", [DREAM_WEED], "not sold; " + DREAM_TEXT))
    reserve = obs["reserve"]
    for i, (label, names, words) in enumerate(rows):
        lines = wrap(words, words_w, wf)
        if look.narrow:
            h = 2 * look.chip_r + 8 + len(lines) * (wf + 3)
        else:
            h = max(2 * look.chip_r + 8, len(lines) * (wf + 4) + 10)
        if i % 2 == 0:
            out.append(rect(x0 + 4, y, span - 8, h, fill="#efe8d6", rx=4))
        cy = y + look.chip_r + 4
        out.append(
            text(ix, cy + look.body * 0.36, label, look.body, font_weight="bold", fill="#333")
        )
        for name in names:
            value = int(name.rpartition("-")[2]) if name != DREAM_WEED else values[0]
            target = None if name == DREAM_WEED else f"reserve:{name}"
            out += _chip(
                obs,
                col[value],
                cy,
                name,
                look.chip_r,
                target=target,
                count=int(reserve.get(name, 0)),
                count_font=look.small,
            )
        out.append(
            _open(
                f"{label} action card: {words}"
                if label not in ("White", "Dream")
                else chip_tip(obs, names[0])
            )
        )
        if look.narrow:
            ty = y + 2 * look.chip_r + 6 + wf
            tx: float = ix
        else:
            ty = y + h / 2 - (len(lines) - 1) * (wf + 4) / 2 + wf * 0.36
            tx = words_x
        for part in lines:
            out.append(text(tx, ty, part, wf, fill="#333"))
            ty += wf + 4 if not look.narrow else wf + 3
        out.append("</g>")
        y += h
    bottom = y + 8
    frame = rect(x0, top, span, bottom - top, fill="#f7f2e4", stroke="#8a7a55", rx=8)
    return [frame, *out], bottom


DONE_LABEL = "Done shopping"


def _done_control(x: float, y: float, w: float, h: float, size: int) -> list[str]:
    """The shop's "Done" button: stop buying (or buy nothing) and leave the shop."""
    return [
        _open(
            "Done shopping: stop buying; unspent rubies go back, the card's chips go into the bag",
            "button:done",
        ),
        rect(x, y, w, h, rx=8, fill="#fff3b0", stroke="#8a6d00", stroke_width=2),
        text(x + w / 2, y + h / 2 + size * 0.36, DONE_LABEL, size, text_anchor="middle",
             font_weight="bold"),
        "</g>",
    ]  # fmt: skip


def _bag_per_row(look: Look) -> int:
    span = look.width - 2 * look.pad - 2 * look.inner
    first = 0 if look.narrow else 100
    pile = _pile_width(look.bag_r, look.small)
    return max(1, int((span - first - pile) // look.bag_step) + 1)


def _panel(
    obs: Mapping[str, Any],
    p: int,
    look: Look,
    top: float,
    chooser: int | None,
    shopper: int | None,
) -> tuple[list[str], float]:
    pl = obs["players"][p]
    fields = obs["fields"]
    x0, span = look.pad, look.width - 2 * look.pad
    ix = x0 + look.inner
    right = x0 + span - look.inner
    active = obs["active"] == p and not obs["over"]
    won = obs["winner"] == p
    colour = PLAYER_COLOURS[p]
    out: list[str] = []
    # Heading: the animal's token, whose it is, where it stands; the shop's Done button.
    hy = top + look.head + 10
    tr = look.head * 0.75
    out.append(_open(f"Player {p + 1} plays the {pl['animal']} (this token on the path)"))
    out.append(circle(ix + tr, hy - look.head * 0.36, tr, fill=colour, stroke="#222"))
    out.append(
        text(ix + tr, hy - look.head * 0.36 + look.body * 0.36, pl["animal"][:1].upper(),
             look.body, text_anchor="middle", fill="#fff", font_weight="bold")
    )  # fmt: skip
    out.append("</g>")
    head = f"Player {p + 1}: {pl['animal']}"
    hx = ix + 2 * tr + 8
    out.append(text(hx, hy, head, look.head, font_weight="bold", fill=colour))
    hx += text_width(head, look.head, bold=True) + 10
    where = f"field {pl['position']} of {fields}"
    if not look.narrow:
        out.append(
            _open(f"The {pl['animal']} has covered {pl['position']} of {fields} fields: its score")
        )
        out.append(text(hx, hy, where, look.body + 1, fill="#333"))
        out.append("</g>")
        hx += text_width(where, look.body + 1) + 10
    free: float = right  # where the heading's room ends: at the Done button when it is drawn
    if shopper == p:
        size = look.body + 2 if not look.narrow else look.body + 1
        w = text_width(DONE_LABEL, size, bold=True) + 28
        h = size + 14
        free = right - w - 8
        out += _done_control(right - w, hy - h + 10, w, h, size)
    label = "winner" if won else "to move"
    fits = hx + text_width(label, look.small, bold=True) + 12 <= free
    # On a phone the shopper's button leaves no room for the badge; the panel's frame
    # and the status line already say whose turn it is.
    if (won or active) and fits:
        part, _ = _badge(
            hx, hy - 1, label, look.small, "#f5d142" if won else colour, "#222" if won else "#fff"
        )
        out.append(
            _open("This animal reached the marketplace first" if won else "Whose turn it is")
        )
        out += part
        out.append("</g>")
    # Counters: rubies, clovers, dream bubbles, the last chip drawn.
    y = hy + look.body + 16
    x: float = ix
    font = look.body
    if look.narrow:
        out.append(
            _open(f"The {pl['animal']} has covered {pl['position']} of {fields} fields: its score")
        )
        out.append(text(x, y, where.capitalize(), font, font_weight="bold", fill="#333"))
        out.append("</g>")
        x += text_width(where, font, bold=True) + 14
    rubies = pl["rubies"]
    out.append(
        _open(f"Rubies: {rubies}. They buy chips at the shop; what is left goes back after it")
    )
    out.append(_ruby_icon(x + 6, y - font * 0.36, 6))
    label = f"{rubies} {'ruby' if rubies == 1 else 'rubies'}"
    out.append(text(x + 16, y, label, font))
    out.append("</g>")
    x += 16 + text_width("00 rubies", font) + 12
    if obs["cards"].endswith("extended"):
        n = pl["clovers"]
        out.append(
            _open(f"Four-leaf clovers: {n}. At each third dream weed move 1 field per clover")
        )
        out += _clover_icon(x + 6, y - font * 0.5, 6)
        out.append(text(x + 16, y, f"{n} {'clover' if n == 1 else 'clovers'}", font))
        out.append("</g>")
        x += 16 + text_width("00 clovers", font) + 12
    if look.narrow:
        y += font + 16
        x = ix
    dreams = pl["dream_weed"]
    out.append(
        _open(
            f"Dream bubbles: {dreams} of 3 filled; the dream weed filling the third opens the shop"
        )
    )
    label = "Dream bubbles" if not look.narrow else "Dreams"
    out.append(text(x, y, label, font, fill="#333"))
    x += text_width(label, font) + 6
    br = font * 0.8
    for i in range(3):
        bx = x + br + i * (2 * br + 5)
        if i < dreams:
            out += _chip_face(bx, y - font * 0.36, DREAM_WEED, br, look.small)
        else:
            out.append(circle(bx, y - font * 0.36, br, fill="#fff", stroke="#777",
                              stroke_dasharray="3 2"))  # fmt: skip
    out.append("</g>")
    x += 3 * (2 * br + 5) + 16
    last = pl["last_draw"]
    out.append(_open(f"Last chip drawn: {chip_words(last)}" if last else "No chip drawn yet"))
    out.append(text(x, y, "Last chip", font, fill="#333"))
    x += text_width("Last chip", font) + 6
    if last:
        out += _chip_face(x + br + 1, y - font * 0.36, last, br + 1, look.small)
    else:
        out.append(text(x, y, "none", font, fill="#777"))
    out.append("</g>")
    # The animal card: the chips drawn since the last shop, one by one while they fit.
    food = [(k, n) for k, n in pl["card"].items() if k != DREAM_WEED]
    card_key = "card:" if p == chooser else None
    y += 18 + look.card_r
    card_tip = (
        "Animal card: the chips drawn since the last shop; after shopping they go back in the bag"
    )
    out.append(_open(card_tip))
    if look.narrow:
        out.append(text(ix, y + font * 0.36, "Card", font, font_weight="bold", fill="#333"))
        cx0 = ix + 44 + look.card_r
    else:
        out.append(text(ix, y + font * 0.36, "Animal card", font, font_weight="bold", fill="#333"))
        cx0 = ix + 100 + look.card_r
    out.append("</g>")
    room = right - cx0 + look.card_r
    one_by_one = sum(n for _, n in food) * look.card_step <= room
    cx = cx0
    if not food:
        out.append(text(cx0 - look.card_r, y + font * 0.36, "empty", font, fill="#888"))
    for name, n in food:
        target = f"{card_key}{name}" if card_key else None
        if one_by_one:
            # One clickable group per kind, however many of it lie on the card.
            out.append(_open(chip_tip(obs, name), target))
            for _ in range(n):
                out += _chip_face(cx, y, name, look.card_r, look.small)
                cx += look.card_step
            out.append("</g>")
        else:
            if cx + _pile_width(look.card_r, look.small) - look.card_r > right:
                cx = cx0
                y += 2 * look.card_r + 6
            out += _chip(obs, cx, y, name, look.card_r, target, n, look.small)
            cx += look.bag_step
    # The bag: each kind with its count. A panel grows only with its own bag, so a
    # chooser's clicks (heading, card) stay put while others' bags change.
    per_row = _bag_per_row(look)
    bag = list(pl["bag"].items())
    total = sum(n for _, n in bag)
    out.append(_open(f"Bag: {total} chips, drawn blind; everyone may see what went into it"))
    bag_label = f"Bag ({total})"
    if look.narrow:
        y += look.card_r + 8 + font
        out.append(text(ix, y, bag_label, font, font_weight="bold", fill="#333"))
        y += 6 + look.bag_r
        bx0 = ix + look.bag_r
    else:
        y += look.card_r + 12 + look.bag_r
        out.append(text(ix, y + font * 0.36, bag_label, font, font_weight="bold", fill="#333"))
        bx0 = ix + 100 + look.bag_r
    out.append("</g>")
    pitch = 2 * look.bag_r + 6
    for i, (name, n) in enumerate(bag):
        row, c = divmod(i, per_row)
        out += _chip(
            obs,
            bx0 + c * look.bag_step,
            y + row * pitch,
            name,
            look.bag_r,
            count=n,
            count_font=look.small,
        )
    rows = max(1, -(-len(bag) // per_row))
    bottom = y + (rows - 1) * pitch + look.bag_r + 12
    frame = rect(
        x0,
        top,
        span,
        bottom - top,
        fill="#fff6dc" if active else "#ffffff",
        stroke=colour,
        stroke_width=3 if active else 1.5,
        rx=8,
    )
    return [frame, *out], bottom


def _legend(look: Look, top: float) -> tuple[list[str], float]:
    if look.narrow:
        words = (
            "Chip number: fields to move; colour: its action card. z: dream weed. "
            "Swirl: spiral field."
        )
    else:
        words = (
            "Chips: the number is how many fields the animal moves, the colour names the "
            "action card it sets off. z is dream weed, the white 8 the sugar beet. Green "
            "fields with a swirl are spiral fields. Point at any piece to learn what it does."
        )
    out: list[str] = []
    y = top + look.small + 4
    for part in wrap(words, look.width - 2 * look.pad - 8, look.small):
        out.append(text(look.pad + 4, y, part, look.small, fill="#555"))
        y += look.small + 5
    return out, y


def render_svg(obs: Mapping[str, Any], layout: Layout = "wide", rules: object = None) -> str:
    look = NARROW if layout == "narrow" else WIDE
    body, y = _header(obs, look)
    part, y = _path(obs, look, y)
    body += part
    part, y = _reserve(obs, look, y + 4)
    body += part
    d = obs["decision"]
    chooser = d["player"] if d is not None and not d["chance"] and not obs["over"] else None
    # Leaving the shop is a labelled control in the shopper's own panel, drawn only in
    # the shopper's picture.
    shopper = chooser if d is not None and d["kind"] == "shop" else None
    if shopper is not None and obs.get("viewer") != shopper:
        shopper = None
    for p in range(len(obs["players"])):
        part, y = _panel(obs, p, look, y + 10, chooser, shopper)
        body += part
    part, y = _legend(look, y + 6)
    body += part
    return document(look.width, math.ceil(y + 8), body)
