"""Text and SVG views of Crôa!, drawn only from an observation."""

from __future__ import annotations

from collections.abc import Mapping
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


def _tile_code(tile: str | None, back_letter: str) -> str:
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
    if obs["decision"] == "reveal":
        return f"{who}'s frog lands on the face-down tile {obs['reveal_square']}: it turns up"
    text = DECISION_TEXT.get(str(obs["decision"]), "")
    extra = f" (frog on {obs['active_frog']})" if obs.get("active_frog") else ""
    return f"{who} ({COLOUR_NAMES[obs['turn_player']]}) {text}{extra}"


def render_text(obs: Mapping[str, Any]) -> str:
    letters = {b["id"]: b["letter"] for b in obs["backs"]}
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
    lines.append("Tiles: ?S ?A ?B face down (shallow, deep A, deep B; ? classic pond)")
    lines.append("  LIL lily, MOS mosquito, MUD mud, PIK pike, REE reeds, LOG log,")
    lines.append("  Mgr Mye Mre Mbl Mpi Mpu male green/yellow/red/blue/pink/purple")
    lines.append("Frogs: Q1 queen of P1, s1 servant of P1, ~ stuck in mud")
    for p, info in enumerate(obs["frogs"]):
        state = "in" if info["in_game"] else "OUT"
        score = obs["scores"][p]["total"]
        lines.append(
            f"  {info['name']} ({COLOUR_NAMES[p]}) {state}, outlasted {score}: "
            f"queen {info['queen'] or '-'}, servants {' '.join(info['servants']) or '-'}"
        )
        lines.append(f"      reserve {info['reserve']}, males {' '.join(info['males']) or 'none'}")
    if obs["last_jump_text"]:
        lines.append(f"Last jump: {obs['last_jump_text']}")
    lines.append(_status(obs))
    return "\n".join(lines)


CELL = 64
BOARD_X = 34
BOARD_Y = 56
PANEL_X = BOARD_X + SIZE * CELL + 24
WIDTH = PANEL_X + 300
HEIGHT = BOARD_Y + SIZE * CELL + 120


def _centre(name: str) -> tuple[float, float]:
    file = FILES.index(name[0])
    rank = int(name[1]) - 1
    return BOARD_X + file * CELL + CELL / 2, BOARD_Y + (SIZE - 1 - rank) * CELL + CELL / 2


def render_svg(obs: Mapping[str, Any], layout: Layout = "wide") -> str:
    body: list[str] = []
    back_index = {b["id"]: i for i, b in enumerate(obs["backs"])}
    body.append(svg.text(BOARD_X, 26, "Crôa!", 20, font_weight="bold"))
    body.append(svg.text(BOARD_X + 80, 26, _status(obs), 12))
    for i, name in enumerate(FILES):
        body.append(
            svg.text(BOARD_X + i * CELL + CELL / 2, BOARD_Y - 6, name, 12, text_anchor="middle")
        )
        body.append(
            svg.text(
                BOARD_X - 14,
                BOARD_Y + i * CELL + CELL / 2 + 4,
                str(SIZE - i),
                12,
                text_anchor="middle",
            )
        )
    for sq in obs["squares"]:
        x, y = _centre(sq["square"])
        x0, y0 = x - CELL / 2, y - CELL / 2
        tile = sq["tile"]
        parts = [svg.title(f"{sq['square']}: " + (tile or f"face down ({sq['back']})"))]
        if tile is None:
            b = back_index[sq["back"]]
            fill = _back_fill(obs["backs"], b)
            parts.append(svg.rect(x0, y0, CELL, CELL, fill=fill, stroke="#345", stroke_width=1))
            letter = obs["backs"][b]["letter"] or "?"
            ink = BACK_TEXT.get(str(obs["backs"][b].get("water", "")), "#fff")
            parts.append(svg.text(x0 + 5, y0 + 14, letter, 11, fill=ink, font_weight="bold"))
        else:
            if tile.startswith("male-"):
                colour = tile[5:]
                parts.append(svg.rect(x0, y0, CELL, CELL, fill=MALE_TILE_FILL, stroke="#345"))
                parts.append(
                    svg.rect(
                        x0 + 4, y0 + 4, 12, 12, fill=MALE_FILL.get(colour, "#999"), stroke="#333"
                    )
                )
                label = f"♂ {colour}"
            else:
                parts.append(
                    svg.rect(x0, y0, CELL, CELL, fill=TILE_FILL.get(tile, "#eee"), stroke="#345")
                )
                label = tile
            colour_txt = "#b71c1c" if tile == "pike" else ("#fff" if tile == "mud" else "#222")
            parts.append(
                svg.text(
                    x0 + CELL - 3,
                    y0 + 12,
                    label,
                    9,
                    text_anchor="end",
                    fill=colour_txt,
                    font_weight="bold",
                )
            )
        frogs = sq["frogs"]
        # A third servant on a log: the enemy servants it may remove are clicked.
        victims = obs["decision"] == "victim" and obs.get("active_frog") == sq["square"]
        # The turn's jump and a mosquito's extra jump start with a click on the frog:
        # the queen (frog:c3:Q), or the player's servants on the square as one group
        # (frog:c3:S: servants sharing a log are the same choice).
        picks = obs["decision"] in ("move", "mosquito")
        servants: list[str] = []
        for i, f in enumerate(frogs):
            fx = x + (i - (len(frogs) - 1) / 2) * (28 if len(frogs) <= 2 else 20)
            target = None
            mine = f["player"] == obs["turn_player"]
            if victims and not f["queen"] and not mine:
                target = f"frog:{sq['square']}:P{int(f['player']) + 1}"
            elif picks and mine and f["queen"]:
                target = f"frog:{sq['square']}:Q"
            elif picks and mine:
                servants.append(_frog(fx, y + 6, f))
                continue
            parts.append(_frog(fx, y + 6, f, target))
        if servants:
            key = svg.attrs(data_target=f"frog:{sq['square']}:S")
            parts.append(f"<g {key}>" + "".join(servants) + "</g>")
        # Every square is where some jump may land: a click there chooses the jump(s).
        body.append(f"<g {svg.attrs(data_target='sq:' + sq['square'])}>" + "".join(parts) + "</g>")
    if obs["last_jump"]:
        (x1, y1), (x2, y2) = _centre(obs["last_jump"][0]), _centre(obs["last_jump"][1])
        body.append(
            svg.line(
                x1,
                y1,
                x2,
                y2,
                stroke="#e65100",
                stroke_width=3,
                stroke_dasharray="6,3",
                opacity=0.8,
                pointer_events="none",
            )
        )
        body.append(svg.circle(x2, y2, 4, fill="#e65100", pointer_events="none"))
    for key, colour in (("active_frog", "#ff6f00"), ("reveal_square", "#d50000")):
        if obs.get(key):
            x, y = _centre(obs[key])
            body.append(
                svg.rect(
                    x - CELL / 2 + 2,
                    y - CELL / 2 + 2,
                    CELL - 4,
                    CELL - 4,
                    fill="none",
                    stroke=colour,
                    stroke_width=3,
                    pointer_events="none",
                )
            )
    # After a mosquito the player may stop instead of jumping again: a labelled control
    # under the pond, drawn only in the picture of that player.
    viewer = obs["viewer"]
    if obs["decision"] == "mosquito" and viewer is not None and viewer == obs["to_move"]:
        body += _stop_control(obs.get("active_frog"))
    # The side panel: players, pond, whose turn.
    y = BOARD_Y + 10
    body.append(svg.text(PANEL_X, y, "Players", 14, font_weight="bold"))
    y += 8
    for p, info in enumerate(obs["frogs"]):
        y += 22
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        mark = "▶ " if obs["turn_player"] == p and not obs["end"] else ""
        body.append(
            svg.circle(PANEL_X + 8, y - 4, 8, fill=colour, stroke=OUTLINE, stroke_width=1.5)
        )
        state = "in the pond" if info["in_game"] else "eliminated"
        body.append(
            svg.text(
                PANEL_X + 20,
                y,
                f"{mark}{info['name']} ({COLOUR_NAMES[p]}): {state}",
                12,
                font_weight="bold" if mark else None,
            )
        )
        y += 15
        n = len(info["servants"]) + (1 if info["queen"] else 0)
        body.append(
            svg.text(
                PANEL_X + 20,
                y,
                f"frogs {n}, reserve {info['reserve']}, outlasted {obs['scores'][p]['total']}",
                10,
            )
        )
        y += 13
        body.append(
            svg.text(PANEL_X + 20, y, "males left: " + (", ".join(info["males"]) or "none"), 10)
        )
    y += 28
    body.append(svg.text(PANEL_X, y, "Face down", 14, font_weight="bold"))
    for b, back in enumerate(obs["backs"]):
        y += 18
        fill = _back_fill(obs["backs"], b)
        body.append(svg.rect(PANEL_X, y - 11, 14, 14, fill=fill, stroke="#345"))
        left = obs["face_down"].get(back["id"], {})
        total = sum(left.values())
        letter = f"{back['letter']} " if back["letter"] else ""
        body.append(svg.text(PANEL_X + 20, y, f"{letter}{back['name']}: {total} tiles", 11))
        y += 13
        short = ", ".join(f"{k.replace('male-', '♂')} {v}" for k, v in left.items())
        for chunk in _wrap(short, 48):
            body.append(svg.text(PANEL_X + 20, y, chunk, 9, fill="#444"))
            y += 11
    y += 16
    body.append(
        svg.text(
            PANEL_X,
            y,
            f"Turn {obs['turns'] + 1}; quiet turns {obs['quiet_turns']} of {obs['quiet_limit']}",
            11,
        )
    )
    y += 16
    body.append(
        svg.text(
            PANEL_X,
            y,
            "Q queen (large, gold band), S servant; dashed, 'stuck' = in mud",
            10,
            fill="#444",
        )
    )
    return svg.document(WIDTH, HEIGHT, body)


STOP_W, STOP_H = 92, 30


def _stop_control(mosquito: str | None) -> list[str]:
    """The "Stop" button of a mosquito decision, under the pond, with what it means."""
    y = BOARD_Y + SIZE * CELL + 16
    where = f" on {mosquito}" if mosquito else ""
    return [
        f"<g {svg.attrs(data_target='button:stop')}>",
        svg.rect(
            BOARD_X, y, STOP_W, STOP_H, rx=8, fill="#fff3b0", stroke="#8a6d00", stroke_width=2
        ),
        svg.text(
            BOARD_X + STOP_W / 2,
            y + STOP_H / 2 + 5,
            "Stop",
            15,
            text_anchor="middle",
            font_weight="bold",
        ),
        "</g>",
        svg.text(
            BOARD_X + STOP_W + 12,
            y + 13,
            f"Mosquito{where}: jump with another frog that has not moved",
            12,
        ),
        svg.text(
            BOARD_X + STOP_W + 12,
            y + 27,
            "(click it, then where it lands), or stop and end the turn.",
            12,
        ),
    ]


def _frog(x: float, y: float, f: Mapping[str, Any], target: str | None = None) -> str:
    """A frog: the seat colour inside a thick white ring and a dark outline, so every seat
    colour reads on every tile; a queen is larger with a gold band; a frog stuck in mud
    has a dashed outline and a label."""
    queen = bool(f["queen"])
    p = int(f["player"])
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    r = 12 if queen else 8
    who = f"{'queen' if queen else 'servant'} of P{p + 1}"
    stuck = bool(f["stuck"])
    parts = [
        svg.title(who + (" (stuck in mud)" if stuck else "")),
        svg.circle(
            x,
            y,
            r + 4,
            fill="#ffffff",
            stroke=OUTLINE,
            stroke_width=2.5 if stuck else 2,
            stroke_dasharray="4,2" if stuck else None,
        ),
        svg.circle(
            x,
            y,
            r,
            fill=colour,
            stroke="#c9a000" if queen else OUTLINE,
            stroke_width=2.5 if queen else 1,
        ),
        svg.text(
            x,
            y + (4 if queen else 3.5),
            "Q" if queen else "S",
            12 if queen else 10,
            text_anchor="middle",
            fill="#ffffff",
            stroke=OUTLINE,
            stroke_width=2.5,
            paint_order="stroke",
            font_weight="bold",
        ),
    ]
    if stuck:
        parts.append(svg.rect(x - 12, y + r + 2, 24, 9, fill="#ffffff", stroke=OUTLINE, rx=2))
        parts.append(svg.text(x, y + r + 9, "stuck", 7, text_anchor="middle", fill="#000"))
    head = f"<g {svg.attrs(data_target=target)}>" if target else "<g>"
    return head + "".join(parts) + "</g>"


def _wrap(text: str, width: int) -> list[str]:
    out: list[str] = []
    line = ""
    for word in text.split(", "):
        piece = word if not line else f"{line}, {word}"
        if len(piece) > width and line:
            out.append(line + ",")
            line = word
        else:
            line = piece
    if line:
        out.append(line)
    return out
