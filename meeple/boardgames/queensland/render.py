"""Views of a Queensland observation: text for the terminal, SVG for the browser.

Both draw only from the observation (and the printed tile data, which is public).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meeple.boardgames.queensland.components import START_CELLS, Tile
from meeple.core import svg
from meeple.core.api import Layout

if TYPE_CHECKING:
    from meeple.boardgames.queensland.game import QueenslandGame

LETTER = {"cane": "c", "wheat": "w", "soil": "."}
ARROW_GLYPH = {"north": "^", "east": ">", "south": "v", "west": "<"}
KIND_MARK = {"single": "1", "double": "2", "group": "G"}
TRAIT_CODE = ("Cw", "Sc", "Tr")
TRAIT_NAMES = ("cow", "scarecrow", "tractor")
DIRS = ("north", "east", "south", "west")
VERBS = {
    "face": "choose which way the farm faces",
    "take": "take a market tile",
    "place": "choose a cell",
    "rotate": "turn the tile",
    "group": "follow the group move or stay",
}

FILL = {"cane": "#3f9b3a", "wheat": "#e8c547", "soil": "#c9a27e"}
POND = "#3b82c4"
TOAD = "#2f4f1f"
GROUP_BLUE = "#1f5fd1"
TRAIT_FILL = ("#ffffff", "#f08c2a", "#c0392b")


def _tiles_by_id(game: QueenslandGame) -> dict[str, Tile]:
    return {t.id: t for t in game.all_tiles}


def _header(obs: Mapping[str, Any]) -> str:
    if obs["terminal"]:
        return f"Queensland: game over after {obs['turn'] - 1} turns"
    return f"Queensland, turn {obs['turn']}: {_who(obs)}"


def _who(obs: Mapping[str, Any]) -> str:
    if obs["terminal"]:
        return "game over"
    tm = obs["to_move"]
    if tm < 0:
        return "chance to draw"
    return f"player {tm + 1} to {VERBS.get(obs['decision'], obs['decision'])}"


def _group_status(group: Mapping[str, Any], q: int) -> str:
    """Where passive player ``q`` stands in a pending group move (never the answer)."""
    if not group.get("asked", [True] * len(group["answered"]))[q]:
        return "not asked"  # none of its toads could move (ruling 3)
    return "answered" if group["answered"][q] else "waiting"


def _side(tile: Tile, rot: int, d: int) -> tuple[str, ...]:
    return tile.edges[(d - rot) % 4]


def _arrow_dir(tile: Tile, rot: int) -> str:
    return DIRS[(tile.arrow_side + rot) % 4]


def _trait_code(tile: Tile) -> str:
    for i, n in enumerate(tile.traits):
        if n:
            return TRAIT_CODE[i]
    return "  "


def describe_tile(tile: Tile) -> str:
    """A one-line description of a printed tile, for menus and the market."""
    sides = " ".join(
        f"{s}:{'/'.join(LETTER[x] for x in tile.edges[i])}" for i, s in enumerate("NESW")
    )
    bits = [sides]
    if tile.pond:
        bits.append("pond")
    if tile.arrow:
        bits.append(f"{tile.arrow} arrow {'NESW'[tile.arrow_side]}")
    for i, n in enumerate(tile.traits):
        if n:
            bits.append(f"{n} {TRAIT_NAMES[i]}")
    return f"{tile.id} ({', '.join(bits)})"


# -- text ------------------------------------------------------------------------


def _hside(lands: Sequence[str], width: int = 7) -> str:
    """A north or south side, west to east."""
    k = len(lands)
    out = ""
    for i, land in enumerate(lands):
        n = width // k + (1 if i < width % k else 0)
        out += LETTER[land] * n
    return out


def _block(tile: Tile, rot: int, toads: int, removed: bool, mark: bool) -> list[str]:
    n_side = _hside(_side(tile, rot, 0))
    s_side = _hside(_side(tile, rot, 2)[::-1])  # clockwise on the south side runs east to west
    e = _side(tile, rot, 1)
    w = _side(tile, rot, 3)[::-1]  # clockwise on the west side runs south to north
    e_top, e_bot = LETTER[e[0]], LETTER[e[-1]]
    w_top, w_bot = LETTER[w[0]], LETTER[w[-1]]
    pond = "~" if tile.pond else " "
    c1 = f"{tile.id:<4}{pond}{_trait_code(tile)}"
    arrow = ""
    if tile.arrow:
        arrow = KIND_MARK[tile.arrow] + ARROW_GLYPH[_arrow_dir(tile, rot)]
    t = "xx" if removed else (f"{toads}t" if toads else "")
    c2 = f"{arrow:<3}{t:>4}"
    corner = "*" if mark else "+"
    return [
        corner + n_side + corner,
        w_top + c1 + e_top,
        w_bot + c2 + e_bot,
        corner + s_side + corner,
    ]


def _chosen_cell(tile_id: str) -> list[str]:
    """The empty cell chosen for the tile in hand: ``*`` corners and the tile's id (its
    rotation is still to come)."""
    return ["*       *", f" {tile_id:<7} ", " " * 9, "*       *"]


def _farm_text(
    tiles: Mapping[str, Tile],
    farm: Mapping[str, Any],
    mark: tuple[int, int] | None,
    chosen: str = "",
) -> list[str]:
    cells = {(x, y): (tid, rot, t) for x, y, tid, rot, t in farm["tiles"]}
    removed = {tuple(c) for c in farm["removed"]}
    if not cells:
        return ["  (no farm yet)"]
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    if mark is not None:
        xs.append(mark[0])
        ys.append(mark[1])
    lines = ["     " + "".join(f"{x:^9}" for x in range(min(xs), max(xs) + 1))]
    for y in range(min(ys), max(ys) + 1):
        rows = [f"{y:>4} " if i == 1 else "     " for i in range(4)]
        for x in range(min(xs), max(xs) + 1):
            got = cells.get((x, y))
            if got is None:
                block = _chosen_cell(chosen) if mark == (x, y) else [" " * 9] * 4
                for i in range(4):
                    rows[i] += block[i]
                continue
            tid, rot, t = got
            block = _block(tiles[tid], rot // 90, t, (x, y) in removed, mark == (x, y))
            for i in range(4):
                rows[i] += block[i]
        lines.extend(r.rstrip() for r in rows)
    return lines


def render_text(game: QueenslandGame, obs: Mapping[str, Any]) -> str:
    tiles = _tiles_by_id(game)
    out = [_header(obs)]
    if obs["first_player"] is not None:
        out[0] += f" (player {obs['first_player'] + 1} started)"
    out.append(f"Toads in the supply: {obs['supply']}   tiles face down: {obs['pile']}")
    out.append("Market:")
    for m in obs["market"]:
        desc = describe_tile(tiles[m["tile"]]) if m["tile"] else "(empty)"
        out.append(f"  space {m['space']} (+{m['toads']} toads): {desc}")
    sel = obs["selected"]
    mark: tuple[int, int] | None = None
    if sel:
        out.append(f"Chosen: the tile on space {sel['space']} ({sel['tile']})")
        if "cell" in sel:
            mark = (sel["cell"][0], sel["cell"][1])
            out[-1] += f" for cell {mark[0]},{mark[1]} (its corners marked * in the farm)"
    last = obs["last"]
    if last:
        if last["discarded"]:
            out.append(
                f"Last turn: player {last['player'] + 1} discarded {last['tile']} (it fit nowhere)"
            )
        else:
            out.append(
                f"Last turn: player {last['player'] + 1} placed {last['tile']} at "
                f"{last['cell'][0]},{last['cell'][1]} turned {last['rotation']}, "
                f"+{last['toads_added']} toads, {last['arrow']} move {last['direction']}"
            )
            answers = [
                f"player {q + 1}: {a}" for q, a in enumerate(last["answers"]) if a is not None
            ]
            if answers:
                out.append("  group answers: " + ", ".join(answers))
        for ps in last["ponds_scored"]:
            out.append(
                f"  player {ps['player'] + 1}'s pond at {ps['cell'][0]},{ps['cell'][1]} held "
                f"{ps['toads']} toads: {ps['points']} points"
            )
    g = obs["group"]
    if g:
        status = ", ".join(
            f"player {q + 1}: {_group_status(g, q)}"
            for q in range(len(g["answered"]))
            if q != g["active"]
        )
        out.append(f"Group move {g['direction']} by player {g['active'] + 1}: {status}")
        if g["mine"]:
            out.append(f"  your answer: {g['mine']}")
    for p, farm in enumerate(obs["farms"]):
        score = obs["scores"][p]["total"]
        facing = farm["facing"] or "not yet chosen"
        head = f"Player {p + 1} (farm faces {facing}): {score} points, {farm['toads']} toads"
        if obs["ranks"]:
            head += f", place {obs['ranks'][p]}"
        out.append("")
        out.append(head)
        chosen = sel["tile"] if sel else ""
        out.extend(_farm_text(tiles, farm, mark if obs["to_move"] == p else None, chosen))
    if obs["terminal"]:
        out.append("")
        cats = [k for k in obs["scores"][0] if k != "total"]
        out.append("Final scores: " + ", ".join(cats))
        for p, s in enumerate(obs["scores"]):
            out.append(
                f"  player {p + 1}: " + " ".join(str(s[k]) for k in cats) + f" = {s['total']}"
            )
    out.append("")
    out.append(
        "Legend: c cane, w wheat, . soil; ~ pond; Cw cow, Sc scarecrow, Tr tractor; "
        "arrows 1 single, 2 double, G group with its compass direction; Nt = N toads; "
        "xx removed at the end. North is up."
    )
    return "\n".join(out)


# -- SVG -------------------------------------------------------------------------

CELL = 54.0


def _perimeter_point(d: int, frac: float) -> tuple[float, float]:
    """A point on side d, ``frac`` of the way clockwise along it (unit square, y down)."""
    if d == 0:
        return frac, 0.0
    if d == 1:
        return 1.0, frac
    if d == 2:
        return 1.0 - frac, 1.0
    return 0.0, 1.0 - frac


_ALONG = ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))  # clockwise along side d
_INWARD = ((0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0))
_DEPTH = 0.34


def _field_polygons(tile: Tile, rot: int) -> list[tuple[str, list[tuple[float, float]]]]:
    """Per printed field, a polygon in the unit square (compass orientation).

    The field's sections are walked clockwise; between two sections that do not touch,
    the outline dips into the tile, tapering, so soil shows on the sides in between.
    """
    out = []
    for fi, f in enumerate(tile.fields):
        spans = []
        for d in range(4):
            side = (d - rot) % 4
            k = len(tile.edges[side])
            for i in range(k):
                if tile.section_field[side][i] == fi:
                    a = _perimeter_point(d, i / k)
                    b = _perimeter_point(d, (i + 1) / k)
                    spans.append((d + i / k, d, a, b))
        spans.sort()
        pts: list[tuple[float, float]] = []
        for j, (_, d, a, b) in enumerate(spans):
            pts.append(a)
            pts.append(b)
            _, nd, na, _ = spans[(j + 1) % len(spans)]
            if abs(na[0] - b[0]) > 1e-9 or abs(na[1] - b[1]) > 1e-9:
                (tx, ty), (nx, ny) = _ALONG[d], _INWARD[d]
                pts.append(
                    (
                        b[0] + nx * _DEPTH - tx * _DEPTH * 0.6,
                        b[1] + ny * _DEPTH - ty * _DEPTH * 0.6,
                    )
                )
                (tx, ty), (nx, ny) = _ALONG[nd], _INWARD[nd]
                pts.append(
                    (
                        na[0] + nx * _DEPTH + tx * _DEPTH * 0.6,
                        na[1] + ny * _DEPTH + ty * _DEPTH * 0.6,
                    )
                )
        out.append((f.crop, pts))
    return out


def _tile_svg(
    tile: Tile,
    rot: int,
    x: float,
    y: float,
    toads: int,
    size: float = CELL,
    removed: bool = False,
    mark: bool = False,
) -> str:
    parts = [svg.rect(x, y, size, size, fill=FILL["soil"])]
    for crop, pts in _field_polygons(tile, rot):
        parts.append(
            svg.polygon(
                [(x + px * size, y + py * size) for px, py in pts],
                fill=FILL[crop],
                stroke="#222",
                stroke_width=1.2,
            )
        )
    if tile.pond:
        parts.append(
            "<g>"
            + svg.title("pond")
            + svg.circle(x + size * 0.5, y + size * 0.5, size * 0.2, fill=POND, stroke="#123")
            + "</g>"
        )
    if tile.arrow:
        d = (tile.arrow_side + rot) % 4
        colour = GROUP_BLUE if tile.arrow == "group" else "#111"
        cx, cy, r = x + size * 0.19, y + size * 0.19, size * 0.13
        vx, vy = ((0, -1), (1, 0), (0, 1), (-1, 0))[d]
        parts.append("<g>" + svg.title(f"{tile.arrow} move {DIRS[d]}"))
        parts.append(svg.circle(cx, cy, r, fill="#fff", stroke=colour, opacity=0.9))
        parts.append(
            svg.line(
                cx - vx * r * 0.7,
                cy - vy * r * 0.7,
                cx + vx * r * 0.7,
                cy + vy * r * 0.7,
                stroke=colour,
                stroke_width=2,
            )
        )
        heads = 2 if tile.arrow == "double" else 1
        for h in range(heads):
            tx, ty = cx + vx * r * (0.8 - 0.45 * h), cy + vy * r * (0.8 - 0.45 * h)
            px, py = -vy, vx
            parts.append(
                svg.polygon(
                    [
                        (tx, ty),
                        (tx - vx * r * 0.4 + px * r * 0.35, ty - vy * r * 0.4 + py * r * 0.35),
                        (tx - vx * r * 0.4 - px * r * 0.35, ty - vy * r * 0.4 - py * r * 0.35),
                    ],
                    fill=colour,
                )
            )
        parts.append(
            svg.text(
                cx + r + 1,
                cy - r * 0.3,
                KIND_MARK[tile.arrow],
                size=size * 0.16,
                fill=colour,
                font_weight="bold",
            )
        )
        parts.append("</g>")
    for i, n in enumerate(tile.traits):
        if n:
            tx, ty = x + size * 0.8, y + size * 0.8
            parts.append(
                "<g>"
                + svg.title(TRAIT_NAMES[i])
                + svg.circle(tx, ty, size * 0.13, fill=TRAIT_FILL[i], stroke="#222")
                + svg.text(
                    tx,
                    ty + size * 0.055,
                    TRAIT_CODE[i][0],
                    size=size * 0.16,
                    text_anchor="middle",
                    font_weight="bold",
                )
                + "</g>"
            )
    parts.append(svg.text(x + 2, y + size - 3, tile.id, size=size * 0.15, fill="#333"))
    if toads:
        tx, ty = x + size * 0.5, y + size * 0.5
        parts.append(
            "<g>"
            + svg.title(f"{toads} toad{'s' if toads != 1 else ''}")
            + svg.circle(tx, ty, size * 0.14, fill=TOAD, stroke="#fff")
            + svg.text(
                tx,
                ty + size * 0.06,
                str(toads),
                size=size * 0.18,
                fill="#fff",
                text_anchor="middle",
                font_weight="bold",
            )
            + "</g>"
        )
    parts.append(svg.rect(x, y, size, size, fill="none", stroke="#444", stroke_width=0.8))
    if removed:
        parts.append(svg.rect(x, y, size, size, fill="#fff", opacity=0.55))
        parts.append(
            svg.line(x + 4, y + 4, x + size - 4, y + size - 4, stroke="#c00", stroke_width=3)
        )
        parts.append(
            svg.line(x + size - 4, y + 4, x + 4, y + size - 4, stroke="#c00", stroke_width=3)
        )
    if mark:
        parts.append(
            svg.rect(
                x + 1.5, y + 1.5, size - 3, size - 3, fill="none", stroke="#f0f", stroke_width=3
            )
        )
    return "".join(parts)


_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # north, east, south, west on the page


def _arrow_shape(
    x: float, y: float, d: int, length: float, width: float
) -> list[tuple[float, float]]:
    """A block arrow from (x, y) pointing in compass direction ``d``."""
    vx, vy = _STEP[d]
    px, py = -vy, vx
    shaft, head = width * 0.4, length * 0.45
    pts = [
        (-shaft / 2, 0.0),
        (-shaft / 2, length - head),
        (-width / 2, length - head),
        (0.0, length),
        (width / 2, length - head),
        (shaft / 2, length - head),
        (shaft / 2, 0.0),
    ]
    return [(x + vx * a + px * b, y + vy * a + py * b) for b, a in pts]


def _facing_chooser(
    tiles: Mapping[str, Tile],
    fx: float,
    top: float,
    origin: tuple[float, float],
    size: float,
    colour: str,
) -> str:
    """The start farm to be laid, faint, on the cells it will cover (cell (x, y) drawn at
    ``origin`` + (x, y) * ``size``), with an arrow on each side: ``face:north`` ..."""
    bx, by = origin  # the block's top left corner: the start farm covers x, y in 0..1
    parts = [svg.text(fx, top + 16, "Click an arrow: the way your start farm faces", size=14)]
    for tid, (cx, cy) in zip("ABCD", START_CELLS, strict=True):
        parts.append(
            '<g opacity="0.5">'
            + _tile_svg(tiles[tid], 0, bx + cx * size, by + cy * size, 0, size=size)
            + "</g>"
        )
    parts.append(svg.rect(bx, by, 2 * size, 2 * size, fill="none", stroke=colour, stroke_width=2.5))
    mx, my = bx + size, by + size  # the block's centre
    reach = size + 6  # from the centre to where an arrow starts
    for d, name in enumerate(DIRS):
        vx, vy = _STEP[d]
        sx, sy = mx + vx * reach, my + vy * reach
        shape = _arrow_shape(sx, sy, d, 30, 26)
        if vx:  # east and west: the word past the arrow's tip, on its line
            lx, ly = sx + vx * 36, sy + 5
            anchor = "start" if vx > 0 else "end"
        else:  # north and south: the word beside the arrow
            lx, ly = sx + 18, sy + vy * 22 + 5
            anchor = "start"
        parts.append(
            f'<g data-target="face:{name}">'
            + svg.polygon(shape, fill=colour, stroke="#222", stroke_width=1)
            + svg.text(lx, ly, name, size=16, text_anchor=anchor, font_weight="bold")
            + "</g>"
        )
    return "".join(parts)


def _button(x: float, y: float, w: float, h: float, label: str, key: str, colour: str) -> str:
    """A labelled control: a rounded rectangle with a word in it."""
    return (
        f'<g data-target="{key}">'
        + svg.rect(x, y, w, h, rx=7, fill="#ffffff", stroke=colour, stroke_width=2.5)
        + svg.text(
            x + w / 2, y + h / 2 + 7, label, size=19, text_anchor="middle", font_weight="bold"
        )
        + "</g>"
    )


def _toad_arrows(
    tiles: Mapping[str, Tile],
    cells: Mapping[tuple[int, int], tuple[str, int, int]],
    d: int,
    origin: tuple[float, float],
    size: float,
) -> list[str]:
    """A blue arrow on each heap of toads that a step in direction ``d`` would move;
    cell (x, y) is drawn at ``origin`` + (x, y) * ``size``."""
    dx, dy = _STEP[d]
    out = []
    for (cx, cy), (tid, _, t) in cells.items():
        if t and not tiles[tid].pond and (cx + dx, cy + dy) in cells:
            x, y = origin[0] + cx * size, origin[1] + cy * size
            shape = _arrow_shape(
                x + size / 2 + dx * size * 0.16,
                y + size / 2 + dy * size * 0.16,
                d,
                size * 0.3,
                size * 0.22,
            )
            out.append(svg.polygon(shape, fill=GROUP_BLUE, stroke="#fff", stroke_width=1))
    return out


VIEW = (-3, 4)
"""The cells (x, and y alike) a farm's picture spans at least: the start farm (0..1) with
room to grow, so a farm stays where it is drawn for its first turns."""
GROUP_ROW = 8 + 36
"""Room kept under every farm for the Follow and Stay buttons of a group move."""


def _farm_window(
    cells: Sequence[tuple[int, int]], extra: Sequence[tuple[int, int]] = ()
) -> tuple[int, int, int, int]:
    """The cells x0..x1, y0..y1 drawn for a farm: :data:`VIEW`, the laid tiles and the
    ring of cells around them (every cell a tile may go to lies in it).

    It depends on the laid tiles alone, never on the decision pending, so a farm (and
    the picture) stays put from one decision to the next; ``extra`` (the outlined or
    chosen cells, all in the ring) only widens it should one ever lie beyond.
    """
    xs = [VIEW[0], VIEW[1]] + [c[0] + d for c in cells for d in (-1, 1)] + [c[0] for c in extra]
    ys = [VIEW[0], VIEW[1]] + [c[1] + d for c in cells for d in (-1, 1)] + [c[1] for c in extra]
    return min(xs), max(xs), min(ys), max(ys)


def render_svg(game: QueenslandGame, obs: Mapping[str, Any], layout: Layout = "wide") -> str:
    tiles = _tiles_by_id(game)
    body: list[str] = []
    n = obs["players"]
    width = 1000.0
    y = 28.0
    body.append(svg.text(16, y, _header(obs), size=20, font_weight="bold"))
    y += 22
    info = f"toads in supply: {obs['supply']};  tiles face down: {obs['pile']};  north is up"
    if obs["first_player"] is not None:
        info += f";  player {obs['first_player'] + 1} started"
    body.append(svg.text(16, y, info, size=13))
    y += 14
    # The market (the space of a tile being placed is framed).
    chosen = obs["selected"]["space"] if obs["selected"] else None
    for i, m in enumerate(obs["market"]):
        mx = 16 + i * 150
        body.append(
            svg.text(
                mx,
                y + 14,
                f"space {m['space']}: +{m['toads']} toad{'s' if m['toads'] != 1 else ''}",
                size=12,
            )
        )
        if m["tile"]:
            body.append(
                f'<g data-target="market:{m["space"]}">'
                + _tile_svg(tiles[m["tile"]], 0, mx, y + 20, 0, size=64, mark=chosen == m["space"])
                + "</g>"
            )
        else:
            body.append(
                svg.rect(mx, y + 20, 64, 64, fill="none", stroke="#999", stroke_dasharray="4 3")
            )
    # Status lines beside the market.
    sx = 480
    lines = []
    sel = obs["selected"]
    if sel:
        s = f"chosen: {sel['tile']} from space {sel['space']}"
        if "cell" in sel:
            s += f" for cell {sel['cell'][0]},{sel['cell'][1]}"
        lines.append(s)
        if "rotations" in sel:
            turns = ", ".join(str(r) for r in sel["rotations"])
            lines.append(f"      it fits turned {turns}")
    last = obs["last"]
    if last:
        if last["discarded"]:
            lines.append(f"last: player {last['player'] + 1} discarded {last['tile']}")
        else:
            lines.append(
                f"last: player {last['player'] + 1} placed {last['tile']} at "
                f"{last['cell'][0]},{last['cell'][1]}, "
                f"+{last['toads_added']} toads"
            )
            lines.append(f"      {last['arrow']} move {last['direction']}")
            answers = [f"P{q + 1} {a}" for q, a in enumerate(last["answers"]) if a is not None]
            if answers:
                lines.append("      group answers: " + ", ".join(answers))
        for ps in last["ponds_scored"]:
            lines.append(f"      P{ps['player'] + 1} pond {ps['toads']} toads: +{ps['points']}")
    g = obs["group"]
    if g:
        lines.append(f"group move {g['direction']} by player {g['active'] + 1}:")
        lines.append(
            "      "
            + ", ".join(
                f"P{q + 1} {_group_status(g, q)}"
                for q in range(len(g["answered"]))
                if q != g["active"]
            )
        )
        if g["mine"]:
            lines.append(f"      your answer: {g['mine']}")
    for i, line in enumerate(lines[:7]):
        body.append(svg.text(sx, y + 14 + i * 15, line, size=12))
    y += 100
    # The farms, two per row.
    mark = None
    if sel and "cell" in sel:
        mark = (sel["cell"][0], sel["cell"][1])
    col_w = width / 2
    row_top = y
    row_h = 0.0
    for p, farm in enumerate(obs["farms"]):
        col = p % 2
        if col == 0 and p:
            row_top += row_h + 20
            row_h = 0.0
        fx = 16 + col * col_w
        cells = {(cx, cy): (tid, rot, t) for cx, cy, tid, rot, t in farm["tiles"]}
        removed = {tuple(c) for c in farm["removed"]}
        score = obs["scores"][p]["total"]
        colour = svg.PLAYER_COLOURS[p % len(svg.PLAYER_COLOURS)]
        head = f"Player {p + 1}: {score} points, {farm['toads']} toads"
        if farm["facing"]:
            head += f", farm faces {farm['facing']}"
        if obs["ranks"]:
            head += f", place {obs['ranks'][p]}"
        if obs["to_move"] == p:
            head += "  <- to move"
        body.append(svg.rect(fx - 6, row_top, col_w - 20, 4, fill=colour))
        body.append(svg.text(fx, row_top + 20, head, size=14, fill=colour, font_weight="bold"))
        # The viewer's own pending decision: its controls are drawn on this farm alone.
        own = obs["viewer"] is not None and obs["viewer"] == p == obs["to_move"]
        deciding = obs["decision"] if own else None
        mine = mark if obs["to_move"] == p else None
        # The cells where the chosen tile may go, for the player to place it.
        free = [(c[0], c[1]) for c in sel["cells"]] if sel and "cells" in sel else []
        if obs["to_move"] != p:
            free = []
        x0, x1, y0, y1 = _farm_window(list(cells), free + ([mine] if mine else []))
        cols = x1 - x0 + 1
        rows = y1 - y0 + 1
        size = min(CELL, (col_w - 40) / cols)
        top = row_top + 30
        grid_h = rows * size
        row_h = max(row_h, 30 + grid_h + GROUP_ROW + 10)
        if not cells:
            if deciding == "face":
                origin = (fx - x0 * size, top - y0 * size)
                body.append(_facing_chooser(tiles, fx, top, origin, size, colour))
            continue
        for (cx, cy), (tid, rot, t) in cells.items():
            body.append(
                _tile_svg(
                    tiles[tid],
                    rot // 90,
                    fx + (cx - x0) * size,
                    top + (cy - y0) * size,
                    t,
                    size=size,
                    removed=(cx, cy) in removed,
                    mark=mine == (cx, cy),
                )
            )
        if mine and mine not in cells:
            mx, my = fx + (mine[0] - x0) * size, top + (mine[1] - y0) * size
            if deciding == "rotate":
                # The tile in each legal turn, one group per turn, shown one at a time.
                for deg in sel["rotations"]:
                    body.append(
                        f'<g data-target="rot:{deg}" data-cycle="rotation" opacity="0.8">'
                        + _tile_svg(tiles[sel["tile"]], deg // 90, mx, my, 0, size=size, mark=True)
                        + "</g>"
                    )
            else:
                body.append(
                    svg.rect(mx, my, size, size, fill="none", stroke="#f0f", stroke_width=3)
                )
        for cx, cy in free:
            body.append(
                svg.rect(
                    fx + (cx - x0) * size + 2,
                    top + (cy - y0) * size + 2,
                    size - 4,
                    size - 4,
                    fill="#ffffff",
                    fill_opacity=0.35,
                    stroke=colour,
                    stroke_width=1.5,
                    stroke_dasharray="5 4",
                    data_target=f"cell:{cx},{cy}",
                )
            )
        for (cx, cy), (tid, _, _) in cells.items():
            if tid in ("A", "B", "C", "D"):
                body.append(
                    svg.rect(
                        fx + (cx - x0) * size + 1,
                        top + (cy - y0) * size + 1,
                        size - 2,
                        size - 2,
                        fill="none",
                        stroke=colour,
                        stroke_width=2.5,
                    )
                )
        grid_h = rows * size
        if deciding == "group" and g:
            d = DIRS.index(g["direction"])
            body.extend(
                _toad_arrows(
                    tiles,
                    cells,
                    d,
                    (fx - x0 * size, top - y0 * size),
                    size,
                )
            )
            by = top + grid_h + 8
            label = f"Group move {g['direction']}:"
            body.append(svg.text(fx, by + 24, label, size=16, font_weight="bold"))
            body.append(_button(fx + 172, by, 104, 36, "Follow", "button:follow", colour))
            body.append(_button(fx + 288, by, 104, 36, "Stay", "button:stay", colour))
    y = row_top + row_h + 20
    # Scores.
    cats = [k for k in obs["scores"][0] if k != "total"]
    body.append(
        svg.text(
            16,
            y,
            "scores: " + " | ".join(c.replace("_", " ") for c in cats) + " | total",
            size=12,
            font_weight="bold",
        )
    )
    for p in range(n):
        s = obs["scores"][p]
        y += 16
        body.append(
            svg.text(
                16,
                y,
                f"player {p + 1}: " + " | ".join(str(s[k]) for k in cats) + f" | {s['total']}",
                size=12,
                fill=svg.PLAYER_COLOURS[p % 4],
            )
        )
    y += 22
    legend = (
        "green: sugar cane, yellow: wheat, brown: soil, blue disc: pond, dark disc: toads (count)",
        "arrows: 1 single, 2 double, G group (blue); C cow, S scarecrow, T tractor; "
        "frame in the player colour: start tiles",
    )
    for line in legend:
        body.append(svg.text(16, y, line, size=11))
        y += 14
    return svg.document(width, y + 14, body)
