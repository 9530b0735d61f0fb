"""Text (terminal) and SVG (browser, docs, replays) views of a Piepmatz observation.

Both read only the observation, so they never show more than its viewer may see.
A bird card is written ``chaffinch-3f``: species, value, f(emale) or m(ale).

The SVG comes in two layouts: ``wide`` (a laptop; 878 units shown about 878 CSS px
wide, every text at least 11) and ``narrow`` (a phone; 366 units fitted to about 366
px, every text at least 9.5), the parts stacked in one column. Both draw the same
clickable keys; every piece carries a ``data-tip`` saying what it is.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from meeple.boardgames.piepmatz.actions import SEX_SYMBOL, bird_words
from meeple.core import svg
from meeple.core.api import CHANCE, JSON, Layout

SPECIES_COLOURS = {
    "chaffinch": "#c8743c",
    "sparrow": "#8c6d4f",
    "bullfinch": "#d64a5a",
    "blackbird": "#3b3b3b",
    "greenfinch": "#5c9e3a",
    "yellowhammer": "#e2b822",
}
DARK_SPECIES = frozenset({"blackbird", "sparrow", "bullfinch", "chaffinch", "greenfinch"})
PEST_COLOURS = {"crow": "#202020", "squirrel": "#a0521d"}
SEX_WORD = {"f": "female", "m": "male"}
# Widths of the names in DejaVu Sans (the widest common sans-serif) per unit of font
# size, measured in Chromium; other names are estimated from their length.
NAME_WIDTH = {
    "Yellowhammer": 6.59,
    "Greenfinch": 4.75,
    "Bullfinch": 3.75,
    "Blackbird": 4.06,
    "Chaffinch": 4.06,
    "Sparrow": 3.73,
}
EGG_FILL, EGG_STROKE = "#f6ecc9", "#9a7a32"


def _split(card: str) -> tuple[str, int, str]:
    species, _, rest = card.rpartition("-")
    return species, int(rest[:-1]), rest[-1]


def _eggs(value: int) -> int:
    """Eggs printed on a bird of ``value`` (1, 1, 2, 2, 3, 3 in the packaged cards)."""
    return (value + 1) // 2


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _who(obs: Mapping[str, Any]) -> str:
    if obs["game_over"]:
        return "game over"
    d = obs["decision"]
    if obs["to_move"] == CHANCE:
        kind = d["kind"] if d else "?"
        what = {
            "deal": "a bird is drawn into a hand",
            "display": "a bird is turned up in the display",
            "perch": "a feeding bird is placed",
            "setup_seed": "a seed card is laid in the column",
            "seed_take": "the top feeder card is drawn",
            "seed_refill": "the seed column is refilled",
            "squirrel": "the squirrel eats a seed card",
            "remove": "a species is set aside",
        }.get(kind, kind)
        return f"chance: {what}"
    verb = {
        "play": "to play a bird",
        "collect": "may collect a bird",
        "refill": "to refill the hand",
        "crow": "loses a bird to the crow",
        "keep": "chooses final cards",
    }.get(d["kind"], d["kind"])
    return f"player {obs['to_move'] + 1} {verb}"


def render_text(obs: Mapping[str, JSON], rules: object = None) -> str:
    o: Mapping[str, Any] = obs
    lines = []
    view = "a spectator" if o["viewer"] is None else f"player {o['viewer'] + 1}"
    end = (
        "  (end triggered: finishing the round)"
        if o["end_triggered"] and not o["game_over"]
        else ""
    )
    lines.append(f"Piepmatz, {o['players']} players, seen by {view}. {_who(o)}.{end}")
    if o["removed_species"]:
        lines.append(f"Set aside: all {o['removed_species']} birds")
    column = ", ".join(
        f"{c['position']}: {c['eggs']} egg{'s' if c['eggs'] != 1 else ''}"
        + (f" + {c['pest']}" if c["pest"] else "")
        for c in o["column"]
    )
    lines.append(f"Seed column  {column or '(empty)'}   feeder deck: {o['feeder_deck']}")
    for k, perch in enumerate(o["perches"]):
        queue = " ".join(perch["queue"]) or "-"
        lines.append(
            f"Perch {k + 1}  feeding {perch['feeder']}  queue [{queue}] (sum {perch['queue_sum']})"
        )
    lines.append(f"Display  {' '.join(o['display']) or '-'}   bird deck: {o['bird_deck']}")
    for p, (hand, col, score) in enumerate(
        zip(o["hands"], o["collections"], o["scores"], strict=True)
    ):
        mark = ">" if o["to_move"] == p else " "
        shown = " ".join(hand["cards"])
        hidden = f" +{hand['hidden']} hidden" if hand["hidden"] else ""
        kept = ""
        if hand["kept"]:
            kept = f"  keeping {' '.join(hand['kept'])}"
        elif hand["kept_count"]:
            kept = f"  kept {hand['kept_count']} (hidden)"
        lines.append(
            f"{mark}P{p + 1}  score {score['total']} (pairs {score['pairs']}, majorities "
            f"{score['majorities']}, seeds {score['seeds']})  hand: {shown or '-'}{hidden}{kept}"
        )
        # Spelled out: "2x3" could be read either way round (two 3-egg cards, or three).
        seeds = ", ".join(
            f"{_plural(n, 'card')} with {_plural(int(e), 'egg')}"
            for e, n in col["seeds"].items()
            if n
        )
        if seeds:
            seeds += f" ({_plural(col['seed_eggs'], 'egg')} in all)"
        lines.append(
            f"     birds: {' '.join(col['birds']) or '-'}  seed cards: {seeds or '-'}"
            f"  crows {col['crows']} squirrels {col['squirrels']}"
        )
    if o["ranks"]:
        lines.append(
            "Final places: " + ", ".join(f"P{p + 1} place {r}" for p, r in enumerate(o["ranks"]))
        )
    return "\n".join(lines)


# -- SVG ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Geo:
    """The sizes of one layout, in user units of its viewBox."""

    width: float
    cw: float  # a bird card
    ch: float
    gap: float  # between cards in a row
    small: float  # the smallest text (legends, table heads)
    body: float  # ordinary labels
    head: float  # headings (perch, player)
    row: float  # a row of the collection table
    cell: float  # the width of a female or male cell in that table
    name_col: float  # the species names of that table
    narrow: bool


WIDE = Geo(878, 74, 100, 6, 11, 12.5, 14, 17, 16, 98, False)
NARROW = Geo(366, 62, 84, 4, 9.5, 10.5, 12, 20, 16, 80, True)


def _g(target: str | None = None, tip: str | None = None, **kw: object) -> str:
    """A group: clickable (``data-target``) when it is the place of a legal move, and
    with a tooltip (``data-tip``) saying what the piece is."""
    a = svg.attrs(data_target=target, data_tip=tip, **kw)
    return f"<g {a}>" if a else "<g>"


def _name_fit(name: str, room: float, size: float, least: float) -> dict[str, float]:
    """The font size (and, only if even the least size is too wide, a tighter letter
    spacing) at which ``name`` fits in ``room`` units."""
    per = NAME_WIDTH.get(name, 0.62 * len(name))
    fit = room / per
    if fit >= least:
        return {"font_size": min(size, fit)}
    return {"font_size": least, "letter_spacing": -(least * per - room) / max(1, len(name) - 1)}


def _name_text(
    x: float, y: float, name: str, room: float, size: float, least: float, **kw: object
) -> str:
    fit = _name_fit(name, room, size, least)
    spacing = fit.get("letter_spacing")
    return svg.text(
        x,
        y,
        name,
        round(fit["font_size"], 2),
        letter_spacing=None if spacing is None else round(spacing, 2),
        **kw,
    )


def _egg(cx: float, cy: float, r: float) -> str:
    return svg.circle(cx, cy, r, fill=EGG_FILL, stroke=EGG_STROKE, stroke_width=1)


def _bird_icon(cx: float, cy: float, s: float, colour: str, facing: int) -> list[str]:
    """A little songbird, ``facing`` +1 right (females) or -1 left (males)."""
    f = facing
    return [
        svg.polygon(
            [
                (cx - f * 0.9 * s, cy),
                (cx - f * 1.5 * s, cy - 0.35 * s),
                (cx - f * 1.45 * s, cy + 0.3 * s),
            ],
            fill=colour,
        ),
        f'<ellipse cx="{cx:.1f}" cy="{cy:.1f}" rx="{s:.1f}" ry="{0.62 * s:.1f}" fill="{colour}"/>',
        svg.circle(cx + f * 0.75 * s, cy - 0.55 * s, 0.45 * s, fill=colour),
        svg.polygon(
            [
                (cx + f * 1.12 * s, cy - 0.65 * s),
                (cx + f * 1.5 * s, cy - 0.5 * s),
                (cx + f * 1.12 * s, cy - 0.38 * s),
            ],
            fill="#e8a33a",
        ),
        svg.circle(cx + f * 0.85 * s, cy - 0.62 * s, 0.1 * s, fill="#fff"),
    ]


def _bird(x: float, y: float, card: str, g: Geo, tip: str, target: str | None = None) -> list[str]:
    """A face-up bird card: the species band, the value, the sex and the eggs."""
    species, value, sex = _split(card)
    colour = SPECIES_COLOURS.get(species, "#888")
    ink = "#fff" if species in DARK_SPECIES else "#111"
    w, h = g.cw, g.ch
    band = round(h * 0.2)
    name = species.title()
    out = [
        _g(target, tip),
        svg.rect(x, y, w, h, rx=5, fill="#fffdf6", stroke="#6b5a3c", stroke_width=1.2),
        svg.rect(x + 2, y + 2, w - 4, band, rx=3, fill=colour),
        _name_text(
            x + w / 2,
            y + 2 + band * 0.72,
            name,
            w - 8,
            g.body,
            g.small,
            fill=ink,
            text_anchor="middle",
        ),
        svg.text(x + 6, y + band + h * 0.34, str(value), round(h * 0.3), font_weight="bold"),
        svg.text(
            x + 6,
            y + band + h * 0.6,
            SEX_SYMBOL.get(sex, sex),
            round(h * 0.24),
            fill="#b03a48" if sex == "f" else "#2b5f9e",
            font_weight="bold",
        ),
    ]
    out += _bird_icon(x + w * 0.64, y + band + h * 0.3, w * 0.17, colour, 1 if sex == "f" else -1)
    r = h * 0.045
    for i in range(_eggs(value)):
        out.append(_egg(x + w - 9 - i * (2.4 * r + 2), y + h - r - 5, r))
    out.append("</g>")
    return out


def _back(x: float, y: float, g: Geo, tip: str, label: str = "?") -> list[str]:
    """A face-down bird card (a hidden hand card, a card kept for the end)."""
    w, h = g.cw, g.ch
    return [
        _g(None, tip),
        svg.rect(x, y, w, h, rx=5, fill="#6d8fb3", stroke="#33475c", stroke_width=1.2),
        svg.rect(x + 5, y + 5, w - 10, h - 10, rx=3, fill="none", stroke="#a9c1db"),
        svg.text(x + w / 2, y + h / 2 + 6, label, g.head + 2, fill="#fff", text_anchor="middle"),
        "</g>",
    ]


def _slot(x: float, y: float, g: Geo) -> str:
    """The dashed outline of an empty place for a card."""
    return svg.rect(x, y, g.cw, g.ch, rx=5, fill="none", stroke="#b9b09a", stroke_dasharray="4 3")


def _pest_tip(pest: str) -> str:
    if pest == "crow":
        return "Crow: whoever takes this seed card gives up a bird of the species they hold most of"
    return "Squirrel: whoever takes this seed card loses two of their seed cards at random"


def _seed_card(
    x: float, y: float, w: float, h: float, entry: Mapping[str, Any], g: Geo
) -> list[str]:
    """A seed card of the column: its position, its eggs and a pest sitting on it."""
    eggs, pest, pos = entry["eggs"], entry["pest"], entry["position"]
    tip = (
        f"Seed card #{pos}, {_plural(eggs, 'egg')} (1 point each): taken when a queue beats "
        f"its feeding bird by exactly {pos}"
    )
    out = [
        _g(None, tip),
        svg.rect(x, y, w, h, rx=4, fill="#f3e2b3", stroke="#8a6d2b"),
        svg.text(x + 6, y + g.body + 4, f"#{pos}", g.body + 1, font_weight="bold"),
        svg.text(x + 30 if not g.narrow else x + 25, y + g.body + 4, _plural(eggs, "egg"), g.body),
    ]
    r = 5.0 if not g.narrow else 4.2
    ey = y + g.body + 8 + r + 3
    for i in range(eggs):
        out.append(_egg(x + 6 + r + i * (2 * r + 3), ey, r))
    if pest:
        tw = 0.62 * len(pest) * g.small + 10
        px, py = (x + w - tw - 4, ey - r - 2) if not g.narrow else (x + 4, ey + r + 3)
        out += [
            _g(None, _pest_tip(pest)),
            svg.rect(px, py, tw, g.small + 6, rx=3, fill=PEST_COLOURS.get(pest, "#000")),
            svg.text(
                px + tw / 2, py + g.small + 1.5, pest, g.small, fill="#fff", text_anchor="middle"
            ),
            "</g>",
        ]
    out.append("</g>")
    return out


def _deck_pile(
    x: float,
    y: float,
    w: float,
    h: float,
    lines: Sequence[str],
    g: Geo,
    tip: str,
    target: str | None = None,
    fill: str = "#6d8fb3",
    stroke: str = "#33475c",
) -> list[str]:
    out = [
        _g(target, tip),
        svg.rect(x + 4, y + 4, w, h, rx=5, fill=stroke),
        svg.rect(x, y, w, h, rx=5, fill=fill, stroke=stroke),
    ]
    top = y + h / 2 - (len(lines) - 1) * (g.body + 2) / 2 + g.body * 0.35
    for i, line in enumerate(lines):
        out.append(
            svg.text(
                x + w / 2, top + i * (g.body + 2), line, g.body, fill="#fff", text_anchor="middle"
            )
        )
    out.append("</g>")
    return out


def _button(
    x: float, y: float, w: float, h: float, lines: Sequence[str], g: Geo, tip: str
) -> list[str]:
    """The "Collect nothing" control: a rounded rectangle with its words."""
    out = [
        _g("button:nothing", tip),
        svg.rect(x, y, w, h, rx=8, fill="#fff4d6", stroke="#a0813c", stroke_width=2),
    ]
    top = y + h / 2 - (len(lines) - 1) * (g.body + 3) / 2 + g.body * 0.35
    for i, line in enumerate(lines):
        out.append(
            svg.text(
                x + w / 2,
                top + i * (g.body + 3),
                line,
                g.body,
                font_weight="bold",
                text_anchor="middle",
            )
        )
    out.append("</g>")
    return out


def _clickable(o: Mapping[str, Any]) -> str | None:
    """The kind of decision whose places are marked clickable in this picture: only
    in the picture of the player to move, seen by that player."""
    if o["game_over"] or o["viewer"] is None or o["viewer"] != o["to_move"]:
        return None
    d = o["decision"]
    return None if d is None else str(d["kind"])


def _perch(
    x: float, y: float, w: float, k: int, perch: Mapping[str, Any], g: Geo, playing: bool
) -> list[str]:
    """A perch: its label, the feeding bird on the branch and the queue beside it."""
    feeder = perch["feeder"]
    value = _split(feeder)[1] if feeder else 0
    total = perch["queue_sum"]
    tip = (
        f"Perch {k + 1}: a queue totalling more than its feeding bird's {value} takes that bird "
        "and a seed card"
    )
    if playing:
        tip = f"Perch {k + 1}: play the chosen bird at the end of this queue (feeding bird {value})"
    lh = g.head + 6
    out = [
        _g(f"perch:{k + 1}" if playing else None, tip),
        svg.rect(
            x - 4,
            y - 2,
            w + 8,
            lh + g.ch + 10,
            rx=7,
            fill="#e4f1dc" if playing else "#f4f7ef",
            stroke="#7fb069" if playing else "#d5dec9",
            stroke_width=2 if playing else 1,
        ),
        svg.text(x + 4, y + g.head + 1, f"Perch {k + 1}", g.head, font_weight="bold"),
        svg.text(
            x + 4 + 5.8 * g.head,
            y + g.head + 1,
            f"queue {total} vs feeding {value}"
            if g.narrow
            else f"queue total {total} vs feeding bird {value}",
            g.body,
            fill="#444",
        ),
    ]
    cy = y + lh
    # The branch the feeding bird sits on.
    out.append(svg.rect(x - 2, cy + g.ch - 8, g.cw + 10, 9, rx=4, fill="#8b5a2b"))
    if feeder:
        out += _bird(
            x,
            cy,
            feeder,
            g,
            f"Feeding bird {bird_words(feeder)} of perch {k + 1}: chased off, it goes to the "
            "player whose bird made the queue beat it",
        )
    qx = x + g.cw + (14 if g.narrow else 22)
    room = x + w - qx
    queue = perch["queue"]
    step = g.cw + g.gap
    if len(queue) > 1 and (len(queue) - 1) * step + g.cw > room:
        step = (room - g.cw) / (len(queue) - 1)  # a rare long queue: overlap the cards
    for i, c in enumerate(queue):
        out += _bird(
            qx + i * step,
            cy,
            c,
            g,
            f"{bird_words(c)}, queuing at perch {k + 1}; the strongest in the queue moves up "
            "when the feeding bird flies",
        )
    nxt = qx + len(queue) * step
    if nxt + g.cw <= x + w + 1:
        out.append(_slot(nxt, cy, g))
    out.append("</g>")
    return out


def _counts(o: Mapping[str, Any]) -> list[dict[str, int]]:
    out = []
    for col in o["collections"]:
        n: dict[str, int] = {}
        for c in col["birds"]:
            s = _split(c)[0]
            n[s] = n.get(s, 0) + 1
        out.append(n)
    return out


def _collection(
    x: float,
    y: float,
    p: int,
    birds: Sequence[str],
    counts: Sequence[Mapping[str, int]],
    species: Sequence[str],
    removed: str | None,
    g: Geo,
    crow: bool,
    you: bool,
) -> list[str]:
    """The collection as a table: a row per species, a column per value, a female and a
    male cell in each; a mated pair is framed in gold, the species majority starred."""
    whose = "your" if you else f"player {p + 1}'s"
    owned = set(birds)
    out = [
        _g(
            None,
            f"The birds in {whose} collection: 5 points per mated pair, plus the eggs of "
            "each species held most",
        )
    ]
    pair_w = 2 * g.cell + 4
    vx = x + g.name_col
    head_y = y + g.small + 1
    for v in range(1, 7):
        cx = vx + (v - 1) * pair_w + g.cell
        out.append(svg.text(cx, head_y, str(v), g.small, font_weight="bold", text_anchor="middle"))
    sym_y = head_y + g.small + 2
    out.append(svg.text(x, head_y, "value", g.small, fill="#555"))
    out.append(svg.text(x, sym_y, "female, male", g.small, fill="#555"))
    for v in range(1, 7):
        for j, sex in enumerate("fm"):
            cx = vx + (v - 1) * pair_w + j * g.cell + g.cell / 2
            out.append(
                svg.text(cx, sym_y, SEX_SYMBOL[sex], g.small, fill="#777", text_anchor="middle")
            )
    top = sym_y + 4
    cnt_x = vx + 6 * pair_w + 4
    for i, s in enumerate(species):
        ry = top + i * g.row
        name = s.title()
        colour = SPECIES_COLOURS.get(s, "#888")
        n = counts[p].get(s, 0)
        best = max((c.get(s, 0) for c in counts), default=0)
        most = n > 0 and n == best
        gone = s == removed
        row_tip = f"{name}: {_plural(n, 'bird')} in {whose} collection"
        if gone:
            row_tip = f"{name}: set aside, not in this two-player game"
        elif most:
            row_tip += "; the most of anyone, so their eggs score"
        out.append(_g(None, row_tip))
        out.append(
            svg.rect(
                x - 2, ry, cnt_x + 28 - x, g.row - 1, rx=3, fill="#f7f3e8" if i % 2 else "#fffdf6"
            )
        )
        out.append(svg.rect(x, ry + g.row / 2 - 5, 9, 9, rx=2, fill=colour))
        out.append(
            _name_text(
                x + 12,
                ry + g.row / 2 + g.small * 0.36,
                name,
                g.name_col - 16,
                g.small + 1,
                g.small,
                fill="#999" if gone else "#222",
            )
        )
        for v in range(1, 7):
            bx = vx + (v - 1) * pair_w
            have = [f"{s}-{v}{sex}" in owned for sex in "fm"]
            if all(have):
                out.append(
                    svg.rect(
                        bx - 1.5,
                        ry + 0.5,
                        2 * g.cell + 3,
                        g.row - 2,
                        rx=3,
                        fill="none",
                        stroke="#d4a017",
                        stroke_width=2.5,
                    )
                )
            for j, sex in enumerate("fm"):
                card = f"{s}-{v}{sex}"
                cx = bx + j * g.cell
                if not have[j]:
                    out.append(
                        svg.rect(
                            cx + 1,
                            ry + 2.5,
                            g.cell - 2,
                            g.row - 6,
                            rx=2,
                            fill="none",
                            stroke="#ddd6c4" if not gone else "#eee",
                        )
                    )
                    continue
                tip = f"{bird_words(card)} in {whose} collection, {_plural(_eggs(v), 'egg')}"
                if all(have):
                    tip += "; mated pair: 5 points"
                target = f"bird:{card}" if crow else None
                if target:
                    tip = f"{bird_words(card)}: give this bird up to the crow"
                out.append(_g(target, tip))
                if target:  # the whole cell answers a click, not only its coloured square
                    out.append(svg.rect(cx, ry, g.cell, g.row, fill="#fff", fill_opacity=0))
                out += [
                    svg.rect(
                        cx + 1,
                        ry + 2.5,
                        g.cell - 2,
                        g.row - 6,
                        rx=2,
                        fill=colour,
                        stroke="#222" if target else "none",
                    ),
                    "</g>",
                ]
        if n:
            out.append(
                svg.text(
                    cnt_x, ry + g.row / 2 + g.small * 0.36, str(n), g.small + 1, font_weight="bold"
                )
            )
        if most:
            sx, sy, r = cnt_x + 19, ry + g.row / 2, g.row * 0.32
            pts = []
            for m in range(10):
                a = -math.pi / 2 + m * math.pi / 5
                rr = r if m % 2 == 0 else r * 0.45
                pts.append((sx + rr * math.cos(a), sy + rr * math.sin(a)))
            out.append(svg.polygon(pts, fill="#d4a017", stroke="#8a6a00", stroke_width=0.8))
        out.append("</g>")
    out.append("</g>")
    return out


def _seed_chips(x: float, y: float, col: Mapping[str, Any], g: Geo, you: bool, p: int) -> list[str]:
    """The seed cards a player has won, one chip per kind (eggs and a count)."""
    whose = "your" if you else f"player {p + 1}'s"
    out: list[str] = []
    w = 46 if not g.narrow else 44
    r = 3.6
    for i, (eggs, n) in enumerate(col["seeds"].items()):
        e = int(eggs)
        cx = x + i * (w + 5)
        out += [
            _g(None, f"Seed cards with {_plural(e, 'egg')} in {whose} pile: {n} ({n * e} points)"),
            svg.rect(
                cx,
                y,
                w,
                g.body + 9,
                rx=4,
                fill="#f3e2b3" if n else "#f6f1e3",
                stroke="#8a6d2b" if n else "#d8ccaa",
            ),
        ]
        for j in range(e):
            out.append(_egg(cx + 6 + j * (2 * r + 1.5), y + (g.body + 9) / 2, r))
        out.append(
            svg.text(
                cx + w - 4,
                y + g.body + 3,
                f"\u00d7{n}",
                g.body,
                text_anchor="end",
                fill="#222" if n else "#999",
            )
        )
        out.append("</g>")
    return out


def render_svg(obs: Mapping[str, JSON], layout: Layout = "wide", rules: object = None) -> str:
    o: Mapping[str, Any] = obs
    g = NARROW if layout == "narrow" else WIDE
    width = g.width
    body: list[str] = []
    kind = _clickable(o)
    y: float
    view = "a spectator" if o["viewer"] is None else f"player {o['viewer'] + 1}"
    end = o["end_triggered"] and not o["game_over"]

    # Title and status.
    if g.narrow:
        body.append(svg.text(8, 18, "Piepmatz", g.head + 2, font_weight="bold"))
        who = _who(o)
        body.append(svg.text(92, 18, who[0].upper() + who[1:], g.body, font_weight="bold"))
        sub = f"seen by {view}" + (" | end triggered: last round" if end else "")
        body.append(svg.text(8, 34, sub, g.small, fill="#555"))
        y = 42
    else:
        body.append(svg.text(12, 26, "Piepmatz", 20, font_weight="bold"))
        status = f"seen by {view} | {_who(o)}"
        if end:
            status += " | end triggered: finishing the round"
        body.append(svg.text(120, 26, status, 13))
        y = 38

    if g.narrow:
        y = _board_narrow(body, o, g, y, kind)
    else:
        y = _board_wide(body, o, g, y, kind)

    # Players.
    counts = _counts(o)
    species = list(SPECIES_COLOURS)
    for sp in (s for c in counts for s in c):
        if sp not in species:
            species.append(sp)
    for p in range(len(o["hands"])):
        y = _player(body, o, p, g, y, kind, counts, species) + 8

    if o["ranks"]:
        places = ", ".join(f"player {p + 1}: place {r}" for p, r in enumerate(o["ranks"]))
        body.append(svg.text(10, y + g.head, f"Final: {places}", g.head, font_weight="bold"))
        y += g.head + 10
    y = _legend(body, g, y)
    return svg.document(width, round(y + 6), body)


def _display(
    body: list[str],
    o: Mapping[str, Any],
    g: Geo,
    places: Sequence[tuple[float, float]],
    refilling: bool,
) -> None:
    """The display's birds and the bird deck, at ``places`` (three cards, then the deck)."""
    display = o["display"]
    for i, (x, y) in enumerate(places[:-1]):
        if i < len(display):
            c = display[i]
            tip = f"{bird_words(c)} in the display: a player refilling their hand may take it"
            if refilling:
                tip = f"{bird_words(c)}: take it from the display into your hand"
            body += _bird(x, y, c, g, tip, target=f"display:{c}" if refilling else None)
        else:
            body.append(_slot(x, y, g))
    x, y = places[-1]
    n = o["bird_deck"]
    if n:
        tip = (
            f"Bird deck, {_plural(n, 'card')} face down: refill your hand from here or the display"
        )
        if refilling:
            tip = "Bird deck: draw its top bird into your hand, unseen by the others"
        body += _deck_pile(
            x,
            y,
            g.cw - 4,
            g.ch - 4,
            ["Bird", "deck", str(n)],
            g,
            tip,
            target="deck" if refilling else None,
        )
    else:
        body.append(_slot(x, y, g))


def _feeder_deck(x: float, y: float, w: float, h: float, o: Mapping[str, Any], g: Geo) -> list[str]:
    n = o["feeder_deck"]
    tip = (
        f"Feeder deck, {_plural(n, 'card')}: seeds, crows, squirrels. A win by 5 or more "
        "draws its top card; empty, it ends the game"
    )
    lines = ["Feeder", "deck", str(n)] if g.narrow else ["Feeder deck", _plural(n, "card")]
    return _deck_pile(x, y, w, h, lines, g, tip, fill="#b08d4a", stroke="#6e5424")


def _board_wide(
    body: list[str], o: Mapping[str, Any], g: Geo, y0: float, kind: str | None
) -> float:
    """Seed column (left), perches (middle), display and deck (right)."""
    n_perch = len(o["perches"])
    perch_h = g.head + 6 + g.ch + 16
    column_h = 24 + 4 * 60 + 64
    height = max(column_h, 24 + n_perch * perch_h, 24 + 2 * (g.ch + 12) + 40) + 8
    body.append(svg.rect(4, y0, g.width - 8, height, rx=8, fill="#f1ede0", stroke="#d8cfb5"))
    top = y0 + 8

    # Seed column, position 1 at the bottom (nearest the perches).
    body.append(svg.text(14, top + g.head, "Seed cards", g.head, font_weight="bold"))
    column = o["column"]
    for rank in range(4):
        sy = top + 24 + (3 - rank) * 60
        if rank < len(column):
            body += _seed_card(14, sy, 122, 52, column[rank], g)
        else:
            body.append(
                svg.rect(
                    14, sy, 122, 52, rx=4, fill="none", stroke="#c9b98f", stroke_dasharray="4 3"
                )
            )
    body += _feeder_deck(14, top + 24 + 4 * 60 + 4, 118, 48, o, g)

    # Perches.
    px, pw = 158, 520
    for k, perch in enumerate(o["perches"]):
        body += _perch(px, top + k * perch_h, pw, k, perch, g, kind == "play")

    # Display and the bird deck, two by two.
    dx = g.width - 12 - 2 * g.cw - 8
    body.append(svg.text(dx, top + g.head, "Display", g.head, font_weight="bold"))
    places = [(dx + (i % 2) * (g.cw + 8), top + 24 + (i // 2) * (g.ch + 12)) for i in range(4)]
    _display(body, o, g, places, kind == "refill")
    if o["removed_species"]:
        name = str(o["removed_species"]).title()
        sy = top + 24 + 2 * (g.ch + 12) + 6
        body += [
            _g(None, f"Set aside: with two players all twelve {name} birds are out of the game"),
            svg.text(dx, sy + g.body, "Set aside:", g.body, fill="#555"),
            svg.text(dx + 66, sy + g.body, name, g.body, font_weight="bold"),
            "</g>",
        ]
    return y0 + height + 8


def _board_narrow(
    body: list[str], o: Mapping[str, Any], g: Geo, y0: float, kind: str | None
) -> float:
    """Stacked: the seed cards and feeder deck, the perches, then the display."""
    y = y0
    body.append(svg.text(8, y + g.head, "Seed cards", g.head, font_weight="bold"))
    body.append(svg.text(84, y + g.head, "#1 is nearest the perches", g.small, fill="#555"))
    y += g.head + 6
    column = o["column"]
    sw, sh = 70, 56
    for rank in range(4):
        sx = 8 + rank * (sw + 4)
        if rank < len(column):
            body += _seed_card(sx, y, sw, sh, column[rank], g)
        else:
            body.append(
                svg.rect(sx, y, sw, sh, rx=4, fill="none", stroke="#c9b98f", stroke_dasharray="4 3")
            )
    body += _feeder_deck(8 + 4 * (sw + 4), y, g.width - 16 - 4 * (sw + 4) - 4, sh - 4, o, g)
    y += sh + 10
    perch_h = g.head + 6 + g.ch + 16
    for k, perch in enumerate(o["perches"]):
        body += _perch(12, y, g.width - 24, k, perch, g, kind == "play")
        y += perch_h
    body.append(svg.text(8, y + g.head, "Display", g.head, font_weight="bold"))
    y += g.head + 6
    step = g.cw + g.gap
    places = [(8 + i * step, y) for i in range(4)]
    _display(body, o, g, places, kind == "refill")
    if o["removed_species"]:
        name = str(o["removed_species"]).title()
        ax = 8 + 4 * step + 2
        body += [
            _g(None, f"Set aside: with two players all twelve {name} birds are out of the game"),
            svg.text(ax, y + 24, "Set aside:", g.small, fill="#555"),
            svg.text(ax, y + 24 + g.body + 3, name, g.body, font_weight="bold"),
            "</g>",
        ]
    return y + g.ch + 10


def _player(
    body: list[str],
    o: Mapping[str, Any],
    p: int,
    g: Geo,
    y: float,
    kind: str | None,
    counts: Sequence[Mapping[str, int]],
    species: Sequence[str],
) -> float:
    """A player's area: the name and score, the hand, the collection and the seed cards.
    Its height depends only on the layout, so nothing moves as the game goes on."""
    hand, col, score = o["hands"][p], o["collections"][p], o["scores"][p]
    colour = svg.PLAYER_COLOURS[p % len(svg.PLAYER_COLOURS)]
    active = o["to_move"] == p
    you = o["viewer"] == p
    mine = active and kind in ("play", "collect", "keep")
    table_h = 2 * g.small + 8 + len(species) * g.row
    if g.narrow:
        height = g.head + g.body + 18 + g.ch + 14 + table_h + g.body + 24
    else:
        height = g.head + 20 + max(g.ch + g.head + 8, table_h + g.head + 8)
    body.append(
        svg.rect(
            4,
            y,
            g.width - 8,
            height,
            rx=8,
            fill="#fffaf0" if active else "#fdfcf7",
            stroke=colour,
            stroke_width=3 if active else 1.2,
        )
    )
    name = f"Player {p + 1}" + (" (you)" if you else "") + (" \u00b7 to move" if active else "")
    sc = (
        f"{score['total']} points: pairs {score['pairs']} + majorities {score['majorities']}"
        f" + seeds {score['seeds']}"
    )
    score_tip = (
        "Score: 5 per mated pair, the eggs of each species held most, and 1 per egg on seed cards"
    )
    pests = f"crows {col['crows']}, squirrels {col['squirrels']}"
    pest_tip = "Pests suffered so far: a crow took a bird, a squirrel ate two seed cards"
    x0 = 12
    if g.narrow:
        body.append(svg.text(x0, y + g.head + 4, name, g.head, fill=colour, font_weight="bold"))
        body += [_g(None, score_tip), svg.text(x0, y + g.head + g.body + 8, sc, g.body), "</g>"]
        cy = y + g.head + g.body + 16
    else:
        body.append(svg.text(x0, y + g.head + 6, name, g.head + 1, fill=colour, font_weight="bold"))
        body += [
            _g(None, score_tip),
            svg.text(
                g.width - 14,
                y + g.head + 6,
                sc,
                g.body + 0.5,
                text_anchor="end",
                font_weight="bold",
            ),
            "</g>",
        ]
        cy = y + g.head + 16

    # The hand: own cards face up (clickable while choosing), others' hidden except
    # birds everyone saw taken from the display; then the cards kept for the end.
    whose = "your" if you else f"player {p + 1}'s"
    if not g.narrow:
        body.append(svg.text(x0, cy + g.body, "Hand", g.body, font_weight="bold"))
        hy = cy + g.body + 6
    else:
        hy = cy
    step = g.cw + g.gap
    i = 0
    for c in hand["cards"]:
        target = f"hand:{c}" if mine else None
        if target and kind == "play":
            tip = f"{bird_words(c)}: choose it, then a perch whose queue it joins"
        elif target and kind == "collect":
            tip = f"{bird_words(c)}: put it from your hand into your collection"
        elif target:
            tip = f"{bird_words(c)}: keep it for your collection at the end"
        elif you:
            tip = f"{bird_words(c)} in your hand ({_plural(_eggs(_split(c)[1]), 'egg')})"
        else:
            tip = f"{bird_words(c)} in player {p + 1}'s hand: seen taken from the display"
        body += _bird(x0 + i * step, hy, c, g, tip, target=target)
        i += 1
    for _ in range(hand["hidden"]):
        body += _back(x0 + i * step, hy, g, f"A bird in player {p + 1}'s hand, hidden from you")
        i += 1
    kept = list(hand["kept"] or [])
    for c in kept:
        body += _bird(
            x0 + i * step, hy, c, g, f"{bird_words(c)}: kept, it joins your collection at the end"
        )
        body.append(
            svg.text(
                x0 + i * step + g.cw / 2,
                hy + g.ch + g.small + 2,
                "kept",
                g.small,
                text_anchor="middle",
            )
        )
        i += 1
    for _ in range(hand["kept_count"] - len(kept)):
        body += _back(
            x0 + i * step,
            hy,
            g,
            f"A card {whose} kept for the end, shown when everyone has chosen",
            "kept",
        )
        i += 1
    if i == 0:
        body.append(_slot(x0, hy, g))
    side_x = x0 + 4 * step + 4

    # A hint or the "Collect nothing" control: beside the hand on a phone, under the
    # seed cards on a laptop.
    button_tip = (
        "Collect nothing: no bird flew, so you may put a low bird from hand into your "
        "collection, or skip it"
    )
    if g.narrow:
        sw = g.width - 12 - side_x
        if active and kind == "play":
            for j, line in enumerate(("click a bird,", "then a perch")):
                body.append(
                    svg.text(side_x + 2, hy + 24 + j * (g.body + 4), line, g.body, fill="#555")
                )
        if active and kind == "collect":
            body += _button(side_x, hy + 4, sw, 56, ["Collect", "nothing"], g, button_tip)
    else:
        if active and kind == "play":
            body.append(
                svg.text(x0 + 44, cy + g.body, "click a bird, then a perch", g.body, fill="#555")
            )
        if active and kind == "collect":
            body += _button(712, cy + 76, 150, 34, ["Collect nothing"], g, button_tip)

    if g.narrow:
        ty = hy + g.ch + 12
        body += _collection(
            x0 + 2,
            ty,
            p,
            col["birds"],
            counts,
            species,
            o["removed_species"],
            g,
            active and kind == "crow",
            you,
        )
        ly = ty + table_h + 6
        body += _seed_chips(x0, ly, col, g, you, p)
        body += [
            _g(None, pest_tip),
            svg.text(g.width - 14, ly + g.body + 3, pests, g.small, text_anchor="end", fill="#555"),
            "</g>",
        ]
    else:
        tx = 356
        body.append(
            svg.text(
                tx,
                cy + g.body,
                f"Collection ({len(col['birds'])} birds)",
                g.body,
                font_weight="bold",
            )
        )
        body += _collection(
            tx,
            cy + g.body + 4,
            p,
            col["birds"],
            counts,
            species,
            o["removed_species"],
            g,
            active and kind == "crow",
            you,
        )
        sx = 712
        body.append(
            svg.text(
                sx,
                cy + g.body,
                f"Seed cards ({_plural(col['seed_eggs'], 'egg')})",
                g.body,
                font_weight="bold",
            )
        )
        body += _seed_chips(sx, cy + g.body + 6, col, g, you, p)
        body += [
            _g(None, pest_tip),
            svg.text(sx, cy + g.body + 2 * g.body + 22, pests, g.small + 0.5, fill="#555"),
            "</g>",
        ]
    return y + height


def _legend(body: list[str], g: Geo, y: float) -> float:
    if g.narrow:
        lines = [
            "\u2640 female \u00b7 \u2642 male \u00b7 \u25cf egg",
            "Mated pair (\u2640 + \u2642, same value): 5 points",
            "Most birds of a species (\u2605): their eggs score",
            "Beat the feeding bird by n: take it and seed #n",
            "By 5 or more: the top feeder card instead",
        ]
        size = g.small
    else:
        lines = [
            "\u2640 female, \u2642 male, \u25cf an egg. A mated pair (same species and value, "
            "\u2640 + \u2642) scores 5 points;",
            "the player with the most birds of a species (\u2605) scores their eggs. A queue "
            "that beats its feeding bird",
            "by n takes it and seed card #n (by 5 or more: the feeder deck's top card). Seed "
            "eggs score 1 point each.",
        ]
        size = g.small + 0.5
    for i, line in enumerate(lines):
        body.append(svg.text(10, y + size + i * (size + 4), line, size, fill="#444"))
    return y + len(lines) * (size + 4) + 4
