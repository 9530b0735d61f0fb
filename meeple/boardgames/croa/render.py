"""Text and SVG views of Crôa!, drawn only from an observation."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from meeple.core import svg
from meeple.core.api import Layout
from meeple.core.svg import PLAYER_COLOURS

COLOUR_NAMES = ("red", "blue", "green", "orange")
SIZE = 8
FILES = "abcdefgh"

TILE_CODES = {
    "lily": "LIL",
    "mosquito": "MOS",
    "mud": "MUD",
    "pike": "PIK",
    "reeds": "REE",
    "log": "LOG",
}
# The pond avoids the four seat colours (red, blue, green, orange): sand for shallow
# water, grey-teal slates for the deep sets, pale tints for the face-up tiles. Every frog
# also wears a white ring inside a dark outline, so it stands out on any tile.
TILE_FILL = {
    "lily": "#d4e8b0",
    "mosquito": "#fff3b0",
    "mud": "#8d6e63",
    "pike": "#d5dbe0",
    "reeds": "#e3eccf",
    "log": "#d7c3b0",
}
MALE_FILL = {
    "green": "#66bb6a",
    "yellow": "#fdd835",
    "red": "#ef5350",
    "blue": "#42a5f5",
    "pink": "#f48fb1",
    "purple": "#ab47bc",
}
MALE_TILE_FILL = "#f6e6ee"
BACK_FILL = {
    "shallow": "#e8d9ae",
    "deep": ("#7d9c98", "#5a7672"),  # deep set A, deep set B
    "": "#9aa9a6",  # the classic single back
}
BACK_TEXT = {"shallow": "#5d4a1f", "deep": "#ffffff", "": "#ffffff"}
OUTLINE = "#1a1a1a"


def _back_fill(backs: list[Mapping[str, Any]], b: int) -> str:
    water = str(backs[b].get("water", ""))
    if water == "deep":
        deep = [i for i, x in enumerate(backs) if x.get("water") == "deep"]
        return BACK_FILL["deep"][deep.index(b) % 2]
    fill = BACK_FILL.get(water, BACK_FILL[""])
    assert isinstance(fill, str)
    return fill


DECISION_TEXT = {
    "move": "jumps with one frog",
    "bounce": "bounces the frog off the water lily",
    "mosquito": "may jump with another frog (mosquito) or stop",
    "victim": "chooses which servant the third servant on the log removes",
}


def _tile_code(tile: str | None, back_letter: str | None) -> str:
    if back_letter is None:
        return " . "  # the pond is still being laid: no tile here yet
    if tile is None:
        return f"?{back_letter}".ljust(3)
    if tile.startswith("male-"):
        return "M" + tile[5:7]
    return TILE_CODES.get(tile, tile[:3].upper())


def _frog_code(f: Mapping[str, Any]) -> str:
    body = ("Q" if f["queen"] else "s") + str(int(f["player"]) + 1)
    return ("~" + body) if f["stuck"] else body


def _status(obs: Mapping[str, Any]) -> str:
    names = [p["name"] for p in obs["frogs"]]
    if obs["end"]:
        ranks = obs.get("ranks") or []
        placed = ", ".join(f"{names[p]} place {r}" for p, r in enumerate(ranks))
        return f"Game over ({obs['end']}): {placed}"
    who = names[obs["turn_player"]]
    if obs["decision"] == "lay":
        laid = sum(1 for sq in obs["squares"] if sq["back"] is not None)
        return f"The pond is being laid face down: {laid} of {SIZE * SIZE} tiles so far"
    if obs["decision"] == "reveal":
        return f"{who}'s frog lands on the face-down tile {obs['reveal_square']}: it turns up"
    text = DECISION_TEXT.get(str(obs["decision"]), "")
    extra = f" (frog on {obs['active_frog']})" if obs.get("active_frog") else ""
    return f"{who} ({COLOUR_NAMES[obs['turn_player']]}) {text}{extra}"


def _standing(obs: Mapping[str, Any], p: int) -> str:
    """Where player ``p`` stands, from the ``outlasted`` score: how many rivals went out
    while they are in, or in which order they went out."""
    n = int(obs["scores"][p]["outlasted"])
    if not obs["frogs"][p]["in_game"]:
        return "went out " + _ordinal(n + 1)
    if n == 0:
        return "no rival out yet"
    return f"{n} rival{'s' if n > 1 else ''} out"


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def _male_legend(obs: Mapping[str, Any]) -> str:
    """The male tile codes of this game's colours (they come from the component file)."""
    colours = [str(c) for c in obs["male_colours"]]
    codes = " ".join(_tile_code("male-" + c, "") for c in colours)
    return f"{codes} male {'/'.join(colours)}"


def render_text(obs: Mapping[str, Any], rules: object = None) -> str:
    letters: dict[str | None, str | None] = {b["id"]: b["letter"] for b in obs["backs"]}
    letters[None] = None
    lines = [
        f"Crôa! {obs['players']} players, {obs['pond'].replace('_', ' ')} pond   "
        f"turn {obs['turns'] + 1}, quiet turns {obs['quiet_turns']}/{obs['quiet_limit']}"
    ]
    header = "    " + "".join(f"{c:<9}" for c in FILES)
    lines.append(header)
    squares = obs["squares"]
    for rank in range(SIZE - 1, -1, -1):
        cells = []
        for file in range(SIZE):
            sq = squares[rank * SIZE + file]
            code = _tile_code(sq["tile"], letters.get(sq["back"], ""))
            frogs = "".join(_frog_code(f) for f in sq["frogs"])
            cells.append(f"{code} {frogs}".ljust(9))
        lines.append(f" {rank + 1}  " + "".join(cells).rstrip())
    backs = ", ".join(f"?{b['letter']} {b['name']}" for b in obs["backs"])
    laying = " ( .  not laid yet)" if obs["decision"] == "lay" else ""
    lines.append(f"Tiles: face down {backs}{laying}")
    lines.append("  LIL lily, MOS mosquito, MUD mud, PIK pike, REE reeds, LOG log,")
    lines.append("  " + _male_legend(obs))
    lines.append("Frogs: Q1 queen of P1, s1 servant of P1, ~ stuck in mud")
    for p, info in enumerate(obs["frogs"]):
        state = "in" if info["in_game"] else "OUT"
        lines.append(
            f"  {info['name']} ({COLOUR_NAMES[p]}) {state}, {_standing(obs, p)}: "
            f"queen {info['queen'] or '-'}, servants {' '.join(info['servants']) or '-'}"
        )
        lines.append(f"      reserve {info['reserve']}, males {' '.join(info['males']) or 'none'}")
    if obs["last_jump_text"]:
        lines.append(f"Last jump: {obs['last_jump_text']}")
    lines.append(_status(obs))
    return "\n".join(lines)


# -- the picture -----------------------------------------------------------------------
#
# Two layouts share every part and every click key. "wide" (a laptop, shown 878 CSS px
# wide) puts the pond on the left and a side panel on the right, one user unit to a pixel,
# so 11-unit text reads at 11 px. "narrow" (a phone, shown 366 px wide) stacks the pond,
# the players, the face-down supply and the legend in one column, again at one unit to a
# pixel, with 9-unit text as the smallest. Each part sits where its layout puts it whatever
# the decision, so nothing jumps about between moves.


@dataclass(frozen=True)
class Geometry:
    width: float
    cell: float
    bx: float  # the pond's left edge
    by: float  # the pond's top edge
    margin: float
    title: float
    status: float
    head: float
    body: float
    small: float  # the smallest text: 11 px wide, 9 px narrow
    tile: float  # the name under each tile
    queen_r: float
    servant_r: float
    ring: float
    narrow: bool


WIDE = Geometry(878, 64, 30, 66, 14, 22, 14, 14, 12.5, 11, 11, 13, 9.5, 3.5, narrow=False)
NARROW = Geometry(366, 43, 14, 86, 8, 17, 11, 11.5, 10, 9, 9, 10, 7.5, 2.6, narrow=True)

TILE_TIPS = {
    "lily": "Water lily: a frog landing here must jump on at once, not back to where it came from",
    "mosquito": "Mosquito: another of your frogs that has not moved may jump next, or you stop",
    "mud": "Mud: a frog landing here is stuck, it cannot jump on its owner's next turn",
    "pike": "Pike: a frog landing here is eaten; a queen eaten puts her player out of the game",
    "reeds": "Reeds: nothing happens, the turn ends",
    "log": "Log: holds two servants or one queen; a third servant removes one, a queen clears them",
}
MALE_TIP = "male: a queen landing here breeds a servant, once per male colour and its twin"
LEGEND_EFFECTS = {
    "lily": "jump on again",
    "mosquito": "another frog may jump",
    "mud": "stuck next turn",
    "pike": "the frog is eaten",
    "reeds": "nothing happens",
    "log": "2 servants or 1 queen",
    "male": "the queen breeds",
}
WATER_TIPS = {
    "shallow": "no pikes, all the mud, more reeds",
    "deep": "the pikes and more lilies, no mud",
    "": "any tile of the pond",
}


def _back_tip(back: Mapping[str, Any]) -> str:
    water = str(back.get("water", ""))
    name = str(back["name"])
    return f"Face-down tile, {name}: it turns up when a frog lands on it ({WATER_TIPS[water]})"


def _tile_tip(tile: str) -> str:
    if tile.startswith("male-"):
        return f"{tile[5:].capitalize()} {MALE_TIP}"
    return TILE_TIPS.get(tile, tile)


def _tile_label(tile: str, geo: Geometry) -> str:
    if tile.startswith("male-"):
        return tile[5:]
    if geo.narrow and tile == "mosquito":
        return "mosq."  # 'mosquito' would fill a phone's tile edge to edge
    return tile


def _square_origin(name: str, geo: Geometry) -> tuple[float, float]:
    file = FILES.index(name[0])
    rank = int(name[1]) - 1
    return geo.bx + file * geo.cell, geo.by + (SIZE - 1 - rank) * geo.cell


def _centre(name: str, geo: Geometry = WIDE) -> tuple[float, float]:
    """Where the frogs of a square stand (a little above the tile's name)."""
    x0, y0 = _square_origin(name, geo)
    return x0 + geo.cell / 2, y0 + geo.cell * 0.43


def render_svg(obs: Mapping[str, Any], layout: Layout = "wide", rules: object = None) -> str:
    geo = NARROW if layout == "narrow" else WIDE
    body: list[str] = []
    body += _header(obs, geo)
    body += _pond(obs, geo)
    bottom = geo.by + SIZE * geo.cell
    body += _under_pond(obs, geo, bottom + (8 if geo.narrow else 12))
    if geo.narrow:
        x, w = geo.margin, geo.width - 2 * geo.margin
        y = bottom + 58
    else:
        x = geo.bx + SIZE * geo.cell + 22
        w = geo.width - x - geo.margin
        body.append(_facts(obs, geo, x, geo.by + 6))
        y = geo.by + 34
    parts, y = _players(obs, geo, x, y, w)
    body += parts
    parts, y = _supply(obs, geo, x, y + (14 if geo.narrow else 18), w)
    body += parts
    if not geo.narrow:
        # On a laptop the legend fills the room under the pond, beside the side panel.
        side, y = y, bottom + 62
        x, w = geo.bx - 4, SIZE * geo.cell + 8
    parts, y = _legend(obs, geo, x, y + (14 if geo.narrow else 0), w)
    body += parts
    if not geo.narrow:
        y = max(y, side)
    height = y + geo.margin
    return svg.document(geo.width, round(height), body)


def _header(obs: Mapping[str, Any], geo: Geometry) -> list[str]:
    """The title, and whose turn it is to do what: beside the title on a laptop, on the two
    lines kept under it on a phone (the game's facts go to the side panel on a laptop)."""
    title_w = svg.text_width("Crôa!", geo.title, True)
    out = [svg.text(geo.margin, geo.title + 6, "Crôa!", geo.title, font_weight="bold")]
    if geo.narrow:
        out.append(_facts(obs, geo, geo.margin + title_w + 10, geo.title + 5))
    status = _status(obs)
    colour = "#333" if obs["end"] else PLAYER_COLOURS[obs["turn_player"] % len(PLAYER_COLOURS)]
    mark = "" if obs["end"] else "▶ "
    if geo.narrow:
        x, top = geo.margin, geo.by - 44.0
    else:
        x, top = geo.margin + title_w + 18, geo.title + 5.0
    lines = svg.wrap(mark + status, geo.status, geo.width - geo.margin - x, True)
    if geo.narrow and len(lines) == 1:
        top += geo.status / 2  # one line sits in the middle of the two lines kept for it
    for i, line in enumerate(lines[:2]):
        out.append(
            svg.text(
                x,
                top + i * (geo.status + 3),
                line,
                geo.status,
                font_weight="bold",
                fill=colour if i == 0 and not obs["end"] else "#333",
            )
        )
    return out


def _facts(obs: Mapping[str, Any], geo: Geometry, x: float, y: float) -> str:
    """The turn and the quiet-turn count (and on a laptop the player count and pond)."""
    info = f"turn {obs['turns'] + 1} · quiet turns {obs['quiet_turns']}/{obs['quiet_limit']}"
    if not geo.narrow:
        pond = "classic pond" if obs["pond"] == "classic" else "three-back pond"
        info = f"{obs['players']} players · {pond} · {info}"
    tip = (
        "Quiet turns: turns in a row with no tile turned, no frog removed and no birth; "
        f"{obs['quiet_limit']} in a row end the game"
    )
    size = geo.small if geo.narrow else geo.body
    return svg.text(x, y, info, size, fill="#555", data_tip=tip)


def _pond(obs: Mapping[str, Any], geo: Geometry) -> list[str]:
    c = geo.cell
    side = SIZE * c
    out = [
        svg.rect(
            geo.bx - 4,
            geo.by - 4,
            side + 8,
            side + 8,
            rx=6,
            fill="#5b7d78",
            stroke="none",
            data_tip="The pond: 64 tiles; a frog jumps to one of the 8 tiles around it",
        )
    ]
    coord = geo.small
    for i, name in enumerate(FILES):
        out.append(
            svg.text(
                geo.bx + i * c + c / 2,
                geo.by - 8,
                name,
                coord,
                text_anchor="middle",
                fill="#444",
            )
        )
        out.append(
            svg.text(
                geo.bx - (9 if geo.narrow else 15),
                geo.by + i * c + c / 2 + coord * 0.35,
                str(SIZE - i),
                coord,
                text_anchor="middle",
                fill="#444",
            )
        )
    back_index = {b["id"]: i for i, b in enumerate(obs["backs"])}
    for sq in obs["squares"]:
        out.append(_square(obs, sq, back_index, geo))
    out += _marks(obs, geo)
    return out


def _square(
    obs: Mapping[str, Any], sq: Mapping[str, Any], back_index: Mapping[str, int], geo: Geometry
) -> str:
    c = geo.cell
    name = sq["square"]
    x0, y0 = _square_origin(name, geo)
    cx, cy = _centre(name, geo)
    tile = sq["tile"]
    parts: list[str] = []
    if sq["back"] is None:
        # Setup: the tile of this square is not laid yet (the backs are being dealt).
        tip = f"{name}: no tile laid here yet; the pond is being laid face down"
        parts.append(svg.rect(x0, y0, c, c, fill="#5b7d78", stroke="#2f4440", stroke_width=1))
    elif tile is None:
        b = back_index[sq["back"]]
        back = obs["backs"][b]
        fill = _back_fill(obs["backs"], b)
        tip = f"{name}: " + _back_tip(back)
        parts.append(svg.rect(x0, y0, c, c, fill=fill, stroke="#2f4440", stroke_width=1))
        parts += _waves(x0, y0, c, str(back.get("water", "")))
        if back["letter"]:
            ink = BACK_TEXT.get(str(back.get("water", "")), "#fff")
            parts.append(
                svg.text(
                    x0 + 4, y0 + geo.small + 1, back["letter"], geo.small, fill=ink, opacity=0.6
                )
            )
    else:
        tip = f"{name}: " + _tile_tip(tile)
        fill = MALE_TILE_FILL if tile.startswith("male-") else TILE_FILL.get(tile, "#eee")
        parts.append(svg.rect(x0, y0, c, c, fill=fill, stroke="#2f4440", stroke_width=1))
        parts += _icon(tile, cx, cy, c * 0.3)
        ink = "#b71c1c" if tile == "pike" else ("#ffffff" if tile == "mud" else "#222")
        parts.append(
            svg.text(
                cx,
                y0 + c - (4 if geo.narrow else 5),
                _tile_label(tile, geo),
                geo.tile,
                text_anchor="middle",
                fill=ink,
                font_weight="bold" if tile == "pike" else None,
            )
        )
    parts += _frogs_on(obs, sq, cx, cy, geo)
    # Every square is where some jump may land: a click there chooses the jump(s).
    key = svg.attrs(data_target="sq:" + name, data_tip=tip)
    return f"<g {key}>" + "".join(parts) + "</g>"


def _frogs_on(
    obs: Mapping[str, Any], sq: Mapping[str, Any], cx: float, cy: float, geo: Geometry
) -> list[str]:
    frogs = sq["frogs"]
    if not frogs:
        return []
    name = sq["square"]
    if geo.narrow and len(frogs) > 2:
        # Three or more on a phone's tile: smaller frogs, so the tile's name still shows.
        geo = replace(geo, queen_r=geo.queen_r * 0.8, servant_r=geo.servant_r * 0.8, ring=2)
    spots = _frog_spots(
        [(geo.queen_r if f["queen"] else geo.servant_r) + geo.ring for f in frogs], geo
    )
    # A third servant on a log: the enemy servants it may remove are clicked.
    victims = obs["decision"] == "victim" and obs.get("active_frog") == name
    # The turn's jump and a mosquito's extra jump start with a click on the frog: the
    # queen (frog:c3:Q), or the player's servants on the square as one group (frog:c3:S:
    # servants sharing a log are the same choice).
    picks = obs["decision"] in ("move", "mosquito")
    out: list[str] = []
    servants: list[str] = []
    # The lower row is drawn first, so the frogs on top (those there before) show whole.
    order = sorted(range(len(frogs)), key=lambda i: -spots[i][1])
    for i in order:
        f = frogs[i]
        px, py = cx + spots[i][0], cy + spots[i][1]
        target = None
        mine = f["player"] == obs["turn_player"]
        if victims and not f["queen"] and not mine:
            target = f"frog:{name}:P{int(f['player']) + 1}"
        elif picks and mine and f["queen"]:
            target = f"frog:{name}:Q"
        elif picks and mine:
            servants.append(_frog(px, py, f, geo))
            continue
        out.append(_frog(px, py, f, geo, target))
    if servants:
        p = int(obs["turn_player"])
        tip = f"P{p + 1}'s servants on {name}: one click picks them, then the tile one jumps to"
        key = svg.attrs(data_target=f"frog:{name}:S", data_tip=tip)
        out.append(f"<g {key}>" + "".join(servants) + "</g>")
    return out


def _frog_spots(radii: list[float], geo: Geometry) -> list[tuple[float, float]]:
    """Where each frog of a square stands, from the frogs' outer radii: one row for one or
    two, two rows for more (the first ones on top), squeezed to overlap like stacked pieces
    only when a row does not fit in the tile."""
    rows = (
        [radii]
        if len(radii) <= 2
        else [radii[: (len(radii) + 1) // 2], radii[(len(radii) + 1) // 2 :]]
    )
    rise = geo.cell * (0.15 if geo.narrow else 0.16) if len(rows) > 1 else 0.0
    out: list[tuple[float, float]] = []
    for k, row in enumerate(rows):
        gaps = sum(a + b for a, b in itertools.pairwise(row))
        room = geo.cell - 4 - row[0] - row[-1]
        squeeze = min(1.0, room / gaps) if gaps else 1.0
        xs = [0.0]
        for a, b in itertools.pairwise(row):
            xs.append(xs[-1] + (a + b) * squeeze)
        shift = (xs[0] - row[0] + xs[-1] + row[-1]) / 2
        out += [(x - shift, rise * (2 * k - 1) if rise else 0.0) for x in xs]
    return out


def _frog_tip(f: Mapping[str, Any]) -> str:
    p = int(f["player"])
    who = f"P{p + 1} ({COLOUR_NAMES[p]})"
    if f["queen"]:
        tip = f"Queen of {who}: if she is taken or eaten, {who[:2]} is out; she breeds on males"
    else:
        tip = f"Servant of {who}: jumps, takes the frogs it lands on and scouts the pond"
    if f["stuck"]:
        tip += "; stuck in the mud this turn"
    return tip


def _frog(
    x: float, y: float, f: Mapping[str, Any], geo: Geometry, target: str | None = None
) -> str:
    """A frog: the seat colour inside a thick white ring and a dark outline, so every seat
    colour reads on every tile; a queen is larger with a gold band; a frog stuck in mud
    has a dashed ring."""
    queen = bool(f["queen"])
    p = int(f["player"])
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    r = geo.queen_r if queen else geo.servant_r
    stuck = bool(f["stuck"])
    size = geo.small + (2 if queen else 0)
    parts = [
        svg.circle(
            x,
            y,
            r + geo.ring,
            fill="#ffffff",
            stroke=OUTLINE,
            stroke_width=2.5 if stuck else 1.5,
            stroke_dasharray="3,2" if stuck else None,
        ),
        svg.circle(
            x,
            y,
            r,
            fill=colour,
            stroke="#c9a000" if queen else OUTLINE,
            stroke_width=(3 if queen else 1) * (0.7 if geo.narrow else 1),
        ),
        svg.text(
            x,
            y + size * 0.36,
            "Q" if queen else "S",
            size,
            text_anchor="middle",
            fill="#ffffff",
            stroke=OUTLINE,
            stroke_width=2.2 if geo.narrow else 2.6,
            paint_order="stroke",
            font_weight="bold",
        ),
    ]
    head = svg.attrs(data_target=target, data_tip=_frog_tip(f))
    return f"<g {head}>" + "".join(parts) + "</g>"


def _marks(obs: Mapping[str, Any], geo: Geometry) -> list[str]:
    """The latest jump (a dashed line) and the frog deciding or the tile turning up."""
    out: list[str] = []
    c = geo.cell
    if obs["last_jump"]:
        (x1, y1), (x2, y2) = _centre(obs["last_jump"][0], geo), _centre(obs["last_jump"][1], geo)
        tip = f"Last jump: {obs['last_jump_text'] or ''}"
        out.append(
            f"<g {svg.attrs(pointer_events='none', data_tip=tip)}>"
            + svg.line(
                x1,
                y1,
                x2,
                y2,
                stroke="#e65100",
                stroke_width=3,
                stroke_dasharray="6,3",
                opacity=0.85,
            )
            + svg.circle(x2, y2, 4, fill="#e65100")
            + "</g>"
        )
    marks = (
        ("active_frog", "#ff6f00", "The frog that must act now"),
        ("reveal_square", "#d50000", "The tile turning up"),
    )
    for key, colour, tip in marks:
        if obs.get(key):
            x0, y0 = _square_origin(obs[key], geo)
            out.append(
                svg.rect(
                    x0 + 2,
                    y0 + 2,
                    c - 4,
                    c - 4,
                    fill="none",
                    stroke=colour,
                    stroke_width=3,
                    pointer_events="none",
                    data_tip=tip,
                )
            )
    return out


def _under_pond(obs: Mapping[str, Any], geo: Geometry, y: float) -> list[str]:
    """The "Stop" button of a mosquito decision, drawn only in the picture of that player;
    otherwise the latest jump in notation. The strip is kept either way."""
    viewer = obs["viewer"]
    x = geo.bx - 4
    if obs["decision"] == "mosquito" and viewer is not None and viewer == obs["to_move"]:
        return _stop_control(obs.get("active_frog"), geo, x, y)
    if obs["last_jump_text"]:
        size = geo.body
        return [
            svg.text(
                x,
                y + 18,
                f"Last jump: {obs['last_jump_text']} (the dashed line)",
                size,
                fill="#555",
                data_tip="The latest jump, in the notation of the move log",
            )
        ]
    return []


def _stop_control(mosquito: str | None, geo: Geometry, x: float, y: float) -> list[str]:
    """The "Stop" button of a mosquito decision, with what it means beside it."""
    w, h = (70, 30) if geo.narrow else (92, 34)
    where = f" on {mosquito}" if mosquito else ""
    size = geo.body if geo.narrow else geo.body + 0.5
    tx = x + w + (8 if geo.narrow else 12)
    words = [
        f"Mosquito{where}: jump with another frog that has not moved",
        "(click it, then where it lands), or stop and end the turn.",
    ]
    if geo.narrow:
        words = [f"Mosquito{where}: jump with another frog", "that has not moved, or stop."]
    tip = "Stop: end the turn without the extra jump the mosquito gives"
    return [
        f"<g {svg.attrs(data_target='button:stop', data_tip=tip)}>",
        svg.rect(x, y, w, h, rx=8, fill="#fff3b0", stroke="#8a6d00", stroke_width=2),
        svg.text(
            x + w / 2,
            y + h / 2 + 5,
            "Stop",
            15 if not geo.narrow else 13,
            text_anchor="middle",
            font_weight="bold",
        ),
        "</g>",
        svg.text(tx, y + h / 2 - 3, words[0], size),
        svg.text(tx, y + h / 2 + size + 1, words[1], size),
    ]


def _players(
    obs: Mapping[str, Any], geo: Geometry, x: float, y: float, w: float
) -> tuple[list[str], float]:
    out = [svg.text(x, y, "Players", geo.head, font_weight="bold")]
    y += 8
    card_h = 50 if geo.narrow else 74
    token = 6 if geo.narrow else 7
    for p, info in enumerate(obs["frogs"]):
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        active = obs["turn_player"] == p and not obs["end"]
        ranks = obs.get("ranks") or []
        if not info["in_game"]:
            state = f"out · place {ranks[p]}" if ranks else "out of the game"
        elif ranks:
            state = f"place {ranks[p]}"
        else:
            state = "in the pond"
        mark = "▶ " if active else ""
        n = len(info["servants"]) + (1 if info["queen"] else 0)
        tip = (
            f"P{p + 1} ({COLOUR_NAMES[p]}): frogs in the pond, servants still in reserve, and "
            "how many rivals are out (or when they went out)"
        )
        parts = [
            svg.rect(
                x,
                y,
                w,
                card_h - 8,
                rx=6,
                fill="#fff8e1" if active else ("#eeeeee" if not info["in_game"] else "#ffffff"),
                stroke=colour if info["in_game"] else "#999",
                stroke_width=2.5 if active else 1.2,
            ),
            svg.circle(
                x + 13,
                y + 14,
                7 if geo.narrow else 8,
                fill=colour,
                stroke=OUTLINE,
                stroke_width=1.2,
            ),
            svg.text(
                x + 26,
                y + (18 if geo.narrow else 20),
                f"{mark}{info['name']} ({COLOUR_NAMES[p]}) · {state}",
                geo.body + (0.5 if geo.narrow else 1),
                font_weight="bold" if active else None,
                fill="#333" if info["in_game"] else "#777",
            ),
            svg.text(
                x + 26,
                y + (32 if geo.narrow else 40),
                f"frogs {n} · reserve {info['reserve']} · {_standing(obs, p)}",
                geo.small if geo.narrow else geo.body,
                fill="#444",
            ),
        ]
        out.append(f"<g {svg.attrs(data_tip=tip)}>" + "".join(parts) + "</g>")
        # The male tokens still in hand: a queen breeds with each colour once.
        males = set(info["males"])
        mx = x + w - 8 - 6 * (2 * token + 5) + token if geo.narrow else x + 26 + 48
        my = y + (32 - token * 0.4 if geo.narrow else 55.5)
        if not geo.narrow:
            out.append(svg.text(x + 26, y + 60, "males", geo.small, fill="#444"))
        for i, colour_name in enumerate(obs["male_colours"]):
            tx = mx + i * (2 * token + 5)
            held = colour_name in males
            tip_m = (
                f"{colour_name.capitalize()} male token: P{p + 1}'s queen can still breed "
                f"with a {colour_name} male"
                if held
                else f"{colour_name.capitalize()} male: P{p + 1}'s queen has already bred with it"
            )
            out.append(
                f"<g {svg.attrs(data_tip=tip_m)}>"
                + svg.circle(
                    tx,
                    my,
                    token,
                    fill=MALE_FILL.get(colour_name, "#999") if held else "#f4f4f4",
                    stroke="#333" if held else "#aaa",
                    stroke_width=1,
                    stroke_dasharray=None if held else "2,2",
                )
                + "</g>"
            )
        y += card_h
    return out, y


def _supply(
    obs: Mapping[str, Any], geo: Geometry, x: float, y: float, w: float
) -> tuple[list[str], float]:
    """The face-down tiles left under each back, in chips that keep their places."""
    y += geo.head
    out = [svg.text(x, y, "Face-down tiles", geo.head, font_weight="bold")]
    size = geo.small if geo.narrow else geo.body - 1
    chip_h = size + 9
    gap = 5
    for b, back in enumerate(obs["backs"]):
        left = obs["face_down"].get(back["id"], {})
        total = sum(left.values())
        y += geo.body + 10
        fill = _back_fill(obs["backs"], b)
        letter = f" ({back['letter']})" if back["letter"] else ""
        out.append(
            f"<g {svg.attrs(data_tip=_back_tip(back))}>"
            + svg.rect(x, y - geo.body + 1, geo.body + 1, geo.body + 1, fill=fill, stroke="#2f4440")
            + svg.text(x + geo.body + 7, y, f"{back['name']}{letter}: {total} left", geo.body)
            + "</g>"
        )
        y += 6
        cx = x
        up = sum(
            1
            for sq in obs["squares"]
            if sq["back"] == back["id"] and str(sq["tile"] or "").startswith("male-")
        )
        males_at_start = up + sum(v for k, v in left.items() if k.startswith("male-"))
        for kind in (*EFFECT_ORDER, "males"):
            if kind == "males":
                colours = [
                    k[5:] for k, v in left.items() if k.startswith("male-") for _ in range(v)
                ]
                label = "males"
                dot = size * 0.42
                # as wide as every male under this back at the start, so it never moves
                cw = svg.text_width(label, size) + 12 + max(males_at_start, 1) * (2 * dot + 3)
                counts = {c: colours.count(c) for c in dict.fromkeys(colours)}
                tip = "Males still face down here: " + (
                    ", ".join(f"{n} {c}" if n > 1 else c for c, n in counts.items()) or "none"
                )
            else:
                count = int(left.get(kind, 0))
                label = f"{kind} {count}"
                cw = svg.text_width(f"{kind} 00", size) + 12
                tip = f"{kind.capitalize()}: {count} still face down under {back['name']}"
                colours = []
            if cx + cw > x + w:
                cx = x
                y += chip_h + gap
            chip_fill = MALE_TILE_FILL if kind == "males" else TILE_FILL[kind]
            empty = kind != "males" and not left.get(kind)
            ink = "#ffffff" if kind == "mud" else "#222"
            parts = [
                svg.rect(
                    cx,
                    y,
                    cw,
                    chip_h,
                    rx=4,
                    fill=chip_fill,
                    stroke="#2f4440",
                    stroke_width=0.8,
                    opacity=0.45 if empty else 1,
                ),
                svg.text(
                    cx + 6,
                    y + chip_h / 2 + size * 0.36,
                    label,
                    size,
                    fill="#777" if empty and kind != "mud" else ink,
                ),
            ]
            if kind == "males":
                dx = cx + 6 + svg.text_width(label, size) + 4 + dot
                for colour_name in colours:
                    parts.append(
                        svg.circle(
                            dx,
                            y + chip_h / 2,
                            dot,
                            fill=MALE_FILL.get(colour_name, "#999"),
                            stroke="#333",
                            stroke_width=0.8,
                        )
                    )
                    dx += 2 * dot + 3
            out.append(f"<g {svg.attrs(data_tip=tip)}>" + "".join(parts) + "</g>")
            cx += cw + gap
        y += chip_h
    return out, y


EFFECT_ORDER = ("lily", "mosquito", "mud", "pike", "reeds", "log")


def _legend(
    obs: Mapping[str, Any], geo: Geometry, x: float, y: float, w: float
) -> tuple[list[str], float]:
    """What each tile does, and which frog is which, with the board's own drawings."""
    y += geo.head
    out = [svg.text(x, y, "Tiles and frogs", geo.head, font_weight="bold")]
    size = geo.small if geo.narrow else geo.body - 0.5
    box = 22 if geo.narrow else 26
    row = box + 4
    cols = 2
    col_w = w / cols
    entries: list[tuple[str, str, str]] = [
        (
            kind,
            f"{kind}: {LEGEND_EFFECTS[kind]}",
            TILE_TIPS[kind],
        )
        for kind in EFFECT_ORDER
    ]
    # The male's drawing in the game's first male colour (from the component file).
    male = f"male-{obs['male_colours'][0]}"
    entries.append((male, f"male: {LEGEND_EFFECTS['male']}", "A " + MALE_TIP))
    entries.append(
        (
            "queen",
            "queen: lose her and you are out",
            "Queen (large, gold band): if she is taken or eaten her player is out",
        )
    )
    entries.append(
        (
            "servant",
            "servant: takes, cannot breed",
            "Servant: a frog that jumps and takes like the queen; it cannot breed",
        )
    )
    entries.append(
        (
            "stuck",
            "stuck in the mud",
            "A dashed ring: the frog is stuck in the mud and cannot jump on its owner's next turn",
        )
    )
    y += 8
    for i, (kind, label, tip) in enumerate(entries):
        col, line = i % cols, i // cols
        ex = x + col * col_w
        ey = y + line * row
        parts: list[str] = []
        if kind in ("queen", "servant", "stuck"):
            parts.append(
                svg.rect(
                    ex,
                    ey,
                    box,
                    box,
                    rx=3,
                    fill=TILE_FILL["reeds"],
                    stroke="#2f4440",
                    stroke_width=0.8,
                )
            )
            parts.append(_legend_frog(ex + box / 2, ey + box / 2, box, kind))
        else:
            fill = MALE_TILE_FILL if kind.startswith("male-") else TILE_FILL[kind]
            parts.append(
                svg.rect(ex, ey, box, box, rx=3, fill=fill, stroke="#2f4440", stroke_width=0.8)
            )
            parts += _icon(kind, ex + box / 2, ey + box / 2, box * 0.36)
        lines = svg.wrap(label, size, col_w - box - 12)
        for k, text_line in enumerate(lines):
            ty = ey + box / 2 + size * 0.36 + (k - (len(lines) - 1) / 2) * (size + 1)
            parts.append(svg.text(ex + box + 6, ty, text_line, size))
        out.append(f"<g {svg.attrs(data_tip=tip)}>" + "".join(parts) + "</g>")
    return out, y + (len(entries) + cols - 1) // cols * row


def _legend_frog(x: float, y: float, box: float, kind: str) -> str:
    """A frog of the legend ("queen", "servant" or "stuck"), without its letter (the words
    beside it say what it is)."""
    queen = kind == "queen"
    stuck = kind == "stuck"
    r = box * (0.3 if queen else 0.22)
    return svg.circle(
        x,
        y,
        r + box * 0.08,
        fill="#ffffff",
        stroke="#333",
        stroke_width=2 if stuck else 1.2,
        stroke_dasharray="3,2" if stuck else None,
    ) + svg.circle(
        x,
        y,
        r,
        fill=PLAYER_COLOURS[0],
        stroke="#c9a000" if queen else OUTLINE,
        stroke_width=2 if queen else 0.8,
    )


def _waves(x0: float, y0: float, c: float, water: str) -> list[str]:
    """Two ripples on a face-down tile: faint in shallow water, stronger in deep."""
    ink = "#ffffff" if water == "deep" else ("#a8915a" if water == "shallow" else "#e0e6e5")
    out = []
    for k, fy in enumerate((0.5, 0.72)):
        yy = y0 + c * fy
        xa = x0 + c * (0.22 + 0.12 * k)
        seg = c * 0.14
        d = (
            f"M{xa:.1f},{yy:.1f} q{seg / 2:.1f},{-seg / 2:.1f} {seg:.1f},0 "
            f"t{seg:.1f},0 t{seg:.1f},0"
        )
        out.append(f'<path d="{d}" fill="none" stroke="{ink}" stroke-width="1.4" opacity="0.55"/>')
    return out


def _icon(kind: str, cx: float, cy: float, s: float) -> list[str]:
    """A small drawing of a tile's effect, centred on (cx, cy), about 2s across."""
    if kind.startswith("male-"):
        colour = MALE_FILL.get(kind[5:], "#999")
        r = s * 0.5
        ox, oy = cx - s * 0.15, cy + s * 0.15
        ax, ay = ox + r * 0.71, oy - r * 0.71
        tx, ty = ox + s * 0.95, oy - s * 0.95
        out = []
        for stroke, width in (("#333", s * 0.32), (colour, s * 0.18)):
            out.append(
                svg.circle(ox, oy, r, fill="none", stroke=stroke, stroke_width=f"{width:.1f}")
            )
            out.append(
                f'<path d="M{ax:.1f},{ay:.1f} L{tx:.1f},{ty:.1f} M{tx - s * 0.42:.1f},{ty:.1f} '
                f'L{tx:.1f},{ty:.1f} L{tx:.1f},{ty + s * 0.42:.1f}" fill="none" '
                f'stroke="{stroke}" stroke-width="{width:.1f}" stroke-linecap="round" '
                'stroke-linejoin="round"/>'
            )
        return out
    if kind == "lily":
        a1, a2 = math.radians(-65), math.radians(-115)
        p1 = (cx + s * math.cos(a1), cy + s * math.sin(a1))
        p2 = (cx + s * math.cos(a2), cy + s * math.sin(a2))
        return [
            f'<path d="M{cx:.1f},{cy:.1f} L{p1[0]:.1f},{p1[1]:.1f} A{s:.1f},{s:.1f} 0 1,1 '
            f'{p2[0]:.1f},{p2[1]:.1f} Z" fill="#7cb342" stroke="#33691e" stroke-width="1"/>',
            svg.circle(
                cx + s * 0.45,
                cy + s * 0.3,
                s * 0.2,
                fill="#f8bbd0",
                stroke="#c2185b",
                stroke_width=0.8,
            ),
        ]
    if kind == "mosquito":
        out = []
        for side in (-1, 1):
            out.append(
                _ellipse(
                    cx + side * s * 0.45,
                    cy - s * 0.35,
                    s * 0.5,
                    s * 0.22,
                    fill="#e3f2fd",
                    stroke="#78909c",
                    stroke_width=0.8,
                    transform=f"rotate({side * -25:.0f} {cx + side * s * 0.45:.1f} "
                    f"{cy - s * 0.35:.1f})",
                )
            )
            for k in range(3):
                ly = cy + s * (0.0 + 0.22 * k)
                out.append(
                    svg.line(
                        cx,
                        ly,
                        cx + side * s * 0.75,
                        ly + s * 0.35,
                        stroke="#4e342e",
                        stroke_width=0.9,
                    )
                )
        out.append(_ellipse(cx, cy + s * 0.15, s * 0.18, s * 0.5, fill="#5d4037"))
        out.append(svg.circle(cx, cy - s * 0.45, s * 0.16, fill="#5d4037"))
        out.append(svg.line(cx, cy - s * 0.55, cx, cy - s * 1.0, stroke="#5d4037", stroke_width=1))
        return out
    if kind == "mud":
        return [
            _ellipse(cx - s * 0.2, cy + s * 0.2, s * 0.85, s * 0.45, fill="#5d4037"),
            _ellipse(cx + s * 0.45, cy - s * 0.25, s * 0.4, s * 0.25, fill="#6d4c41"),
            svg.circle(
                cx - s * 0.5,
                cy - s * 0.35,
                s * 0.14,
                fill="none",
                stroke="#d7ccc8",
                stroke_width=0.9,
            ),
            svg.circle(
                cx + s * 0.1, cy + s * 0.1, s * 0.1, fill="none", stroke="#d7ccc8", stroke_width=0.9
            ),
        ]
    if kind == "pike":
        tail = [(cx - s * 0.75, cy), (cx - s * 1.1, cy - s * 0.4), (cx - s * 1.1, cy + s * 0.4)]
        teeth = " ".join(
            f"{cx + s * (0.55 + 0.1 * k):.1f},{cy + (s * 0.08 if k % 2 else -s * 0.02):.1f}"
            for k in range(5)
        )
        return [
            svg.polygon(tail, fill="#455a64"),
            _ellipse(cx, cy, s * 0.95, s * 0.38, fill="#607d8b", stroke="#263238", stroke_width=1),
            svg.circle(cx + s * 0.5, cy - s * 0.12, s * 0.09, fill="#ffeb3b"),
            f'<polyline points="{teeth}" fill="none" stroke="#b71c1c" stroke-width="1.2"/>',
        ]
    if kind == "reeds":
        out = []
        for k, (dx, h) in enumerate(((-0.5, 0.9), (-0.15, 1.15), (0.2, 0.95), (0.55, 0.8))):
            bx = cx + s * dx
            out.append(
                svg.line(
                    bx,
                    cy + s * 0.8,
                    bx + s * 0.08,
                    cy + s * (0.8 - 1.6 * h),
                    stroke="#558b2f",
                    stroke_width=1.6,
                )
            )
            if k in (1, 2):
                out.append(
                    _ellipse(
                        bx + s * 0.06,
                        cy + s * (0.8 - 1.6 * h) + s * 0.35,
                        s * 0.12,
                        s * 0.3,
                        fill="#6d4c41",
                    )
                )
        return out
    if kind == "log":
        return [
            svg.rect(
                cx - s * 0.9,
                cy - s * 0.35,
                s * 1.7,
                s * 0.7,
                rx=s * 0.2,
                fill="#8d6e63",
                stroke="#4e342e",
                stroke_width=1,
            ),
            svg.line(
                cx - s * 0.6,
                cy - s * 0.1,
                cx + s * 0.4,
                cy - s * 0.1,
                stroke="#5d4037",
                stroke_width=0.8,
            ),
            svg.line(
                cx - s * 0.4,
                cy + s * 0.14,
                cx + s * 0.5,
                cy + s * 0.14,
                stroke="#5d4037",
                stroke_width=0.8,
            ),
            _ellipse(
                cx + s * 0.8,
                cy,
                s * 0.22,
                s * 0.35,
                fill="#d7a86e",
                stroke="#4e342e",
                stroke_width=1,
            ),
        ]
    return []


def _ellipse(cx: float, cy: float, rx: float, ry: float, **kw: object) -> str:
    box = svg.attrs(cx=f"{cx:.1f}", cy=f"{cy:.1f}", rx=f"{rx:.1f}", ry=f"{ry:.1f}", **kw)
    return f"<ellipse {box}/>"
