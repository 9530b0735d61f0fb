"""Views of a Queensland observation: text for the terminal, SVG for the browser.

Both draw only from the observation (and the printed tile data, which is public: the
packaged components.json, whose tiles and numbers the pictures show).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from meeple.boardgames.queensland import components
from meeple.boardgames.queensland.components import START_CELLS, START_IDS, Components, Tile
from meeple.boardgames.queensland.rules import Rules
from meeple.boardgames.queensland.words import plural as _plural
from meeple.boardgames.queensland.words import short_features as _short_features
from meeple.core import svg
from meeple.core.api import Layout

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


@functools.cache
def _printed() -> Components:
    """The printed tiles and the rulebook's numbers, read once: for an observation drawn
    without its game's rules (a corrected component file comes with its rules)."""
    return components.load(None)


def _data(rules: Rules | None) -> Components:
    return rules.components if rules is not None else _printed()


def _tiles_by_id(c: Components) -> dict[str, Tile]:
    return {t.id: t for t in c.farm_tiles + c.start_tiles}


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


def render_text(obs: Mapping[str, Any], rules: Rules | None = None) -> str:
    """The game's rules give the tiles drawn (a corrected component file's, if loaded)."""
    tiles = _tiles_by_id(_data(rules))
    out = [_header(obs)]
    if obs["first_player"] is not None:
        out[0] += f" (player {obs['first_player'] + 1} started)"
    out.append(f"Toads in the supply: {obs['supply']}   tiles face down: {obs['pile']}")
    out.append("Market:")
    for m in obs["market"]:
        desc = describe_tile(tiles[m["tile"]]) if m["tile"] else "(empty)"
        out.append(f"  space {m['space']} (+{_plural(m['toads'], 'toad')}): {desc}")
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
                f"+{_plural(last['toads_added'], 'toad')}, {last['arrow']} move {last['direction']}"
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
        "Legend: c cane, w wheat, . soil; A-D the player's four start tiles (their colour; "
        "the most left at the end breaks a tie), T01-T50 farm tiles; ~ pond; "
        "Cw cow, Sc scarecrow, Tr tractor; "
        "arrows 1 single, 2 double, G group with its compass direction; Nt = N toads; "
        "xx removed at the end. North is up."
    )
    return "\n".join(out)


# -- SVG -------------------------------------------------------------------------
#
# Two layouts, both measured in CSS pixels (one user unit is one pixel at the size the
# page draws them): "wide" fills an 878 px board column, two farms side by side; "narrow"
# is fitted to a 366 px phone column, everything stacked. Every text is at least
# ``Look.font`` units, and the pieces inside a tile never shrink below what that needs.


@dataclass(frozen=True)
class Look:
    """The sizes of one layout, in user units of its viewBox."""

    width: float  # of the viewBox (and the picture in CSS px)
    pad: float  # margin round the picture
    font: float  # the smallest text
    title: float  # the heading
    body: float  # status lines, farm headers
    cell: float  # a farm cell at most
    view: tuple[int, int]  # the cells (x and y alike) a farm's picture spans at least
    columns: int  # farms side by side, while they fit
    slot: float  # a market space's width
    tile: float  # a market tile
    button: tuple[float, float]  # Follow / Stay
    status_lines: int  # lines kept for the status, so the farms stay put
    narrow: bool


WIDE = Look(
    width=878.0,
    pad=12.0,
    font=11.0,
    title=20.0,
    body=13.0,
    cell=64.0,
    view=(-2, 3),
    columns=2,
    slot=120.0,
    tile=96.0,
    button=(104.0, 36.0),
    status_lines=7,
    narrow=False,
)
NARROW = Look(
    width=366.0,
    pad=8.0,
    font=9.0,
    title=16.0,
    body=11.0,
    cell=56.0,
    view=(-2, 3),
    columns=1,
    slot=350.0 / 3,
    tile=84.0,
    button=(92.0, 32.0),
    status_lines=2,
    narrow=True,
)
MIN_CELL = 40.0
"""Below this a farm gets a whole row of its own instead of half of one."""
GAP = 12.0


def look_of(layout: Layout) -> Look:
    return NARROW if layout == "narrow" else WIDE


# Widths of DejaVu Sans (the browsers' usual sans-serif here) per em, rounded up: enough
# to wrap lines and size boxes without measuring.
_THIN = frozenset("ijlIJ'.,:;/ f-t()!r")
_BROAD = frozenset("mwMW+")


def text_width(s: str, size: float, bold: bool = False) -> float:
    w = 0.0
    for ch in s:
        if ch in _THIN:
            w += 0.38
        elif ch in _BROAD:
            w += 0.98
        elif ch.isupper() or ch.isdigit():
            w += 0.76
        else:
            w += 0.64
    return w * size * (1.1 if bold else 1.0)


def wrap(s: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``s`` broken at spaces into lines no wider than ``width``."""
    return svg.wrap(s, size, width, bold, text_width)


def _g(body: str, **kw: object) -> str:
    return f"<g {svg.attrs(**kw)}>{body}</g>" if kw else f"<g>{body}</g>"


class _Tips:
    """The tooltip of each kind of piece, with the game's numbers for its player count."""

    def __init__(self, c: Components, players: int) -> None:
        self.field = {
            "cane": f"Sugar cane: your largest complete cane field scores {c.cane_per_section}"
            " per section at the end.",
            "wheat": f"Wheat: your largest complete wheat field scores {c.wheat_per_section}"
            " per section at the end.",
        }
        self.pond = (
            f"Pond: toads here never move. Exactly {c.pond_exactly} toads score "
            f"{c.pond_exact_points}, more score {c.pond_over_points}. {c.pond_points} point"
            " at the end."
        )
        self.pond_exactly = c.pond_exactly
        table = c.trait_table(players)
        first = next(i for i, v in enumerate(table) if v)
        self.trait = [
            f"{name.capitalize()}: at the end your {name}s together score from the table,"
            f" from {first} {name}s ({table[first]} point) up to {table[-1]} points."
            for name in TRAIT_NAMES
        ]

    def arrow(self, kind: str, d: str) -> str:
        if kind == "group":
            return (
                f"Group arrow {d}: when laid, all your toads move one tile {d}; each other"
                " player may move theirs too."
            )
        steps = "one tile" if kind == "single" else "two tiles"
        return (
            f"{kind.capitalize()} arrow {d}: when laid, every toad on the farm moves {steps} {d}."
        )

    def toads(self, n: int) -> str:
        return (
            f"{_plural(n, 'toad')}: arrows move them; {self.pond_exactly} in a pond score."
            " A tile still holding toads leaves the farm at the end."
        )


def _tips(c: Components, players: int) -> _Tips:
    return _Tips(c, players)


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


_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # north, east, south, west on the page


def _arrow_badge(
    kind: str, d: int, cx: float, cy: float, r: float, tip: str, mark: float = 0.0
) -> str:
    """A white disc with the arrow of a tile in it; ``mark`` > 0 writes its kind (1, 2,
    G) beside it at that size."""
    colour = GROUP_BLUE if kind == "group" else "#111"
    vx, vy = _STEP[d]
    parts = [
        svg.circle(cx, cy, r, fill="#fff", stroke=colour, stroke_width=1.2, opacity=0.95),
        svg.line(
            cx - vx * r * 0.7,
            cy - vy * r * 0.7,
            cx + vx * r * 0.7,
            cy + vy * r * 0.7,
            stroke=colour,
            stroke_width=max(1.5, r * 0.22),
        ),
    ]
    heads = 2 if kind == "double" else 1
    for h in range(heads):
        tx, ty = cx + vx * r * (0.8 - 0.45 * h), cy + vy * r * (0.8 - 0.45 * h)
        px, py = -vy, vx
        parts.append(
            svg.polygon(
                [
                    (tx, ty),
                    (tx - vx * r * 0.45 + px * r * 0.4, ty - vy * r * 0.45 + py * r * 0.4),
                    (tx - vx * r * 0.45 - px * r * 0.4, ty - vy * r * 0.45 - py * r * 0.4),
                ],
                fill=colour,
            )
        )
    if mark:
        parts.append(
            svg.text(
                cx + r + 1.5,
                cy + mark * 0.36,
                KIND_MARK[kind],
                size=mark,
                fill=colour,
                font_weight="bold",
                # A white halo keeps it readable on cane and wheat alike.
                stroke="#fff",
                stroke_width=2.5,
                paint_order="stroke",
            )
        )
    return _g("".join(parts), data_tip=tip)


def _trait_badge(i: int, cx: float, cy: float, r: float, size: float, tip: str) -> str:
    return _g(
        svg.circle(cx, cy, r, fill=TRAIT_FILL[i], stroke="#222")
        + svg.text(
            cx,
            cy + size * 0.36,
            TRAIT_CODE[i][0],
            size=size,
            text_anchor="middle",
            font_weight="bold",
        ),
        data_tip=tip,
    )


def _toad_heap(n: int, cx: float, cy: float, r: float, size: float, tip: str) -> str:
    return _g(
        svg.circle(cx, cy, r, fill=TOAD, stroke="#fff", stroke_width=1.5)
        + svg.text(
            cx,
            cy + size * 0.36,
            str(n),
            size=size,
            fill="#fff",
            text_anchor="middle",
            font_weight="bold",
        ),
        data_tip=tip,
    )


def _tile_svg(
    tips: _Tips,
    tile: Tile,
    rot: int,
    x: float,
    y: float,
    toads: int,
    size: float,
    look: Look,
    *,
    tip: str | None = None,
    removed: bool = False,
    mark: bool = False,
    frame: str | None = None,
    last: bool = False,
) -> str:
    """One tile turned ``rot`` quarter turns, its top left corner at (x, y). Its pieces
    keep room for text of ``look.font`` whatever the tile's size."""
    f = look.font
    parts = [svg.rect(x, y, size, size, fill=FILL["soil"])]
    for crop, pts in _field_polygons(tile, rot):
        parts.append(
            svg.polygon(
                [(x + px * size, y + py * size) for px, py in pts],
                fill=FILL[crop],
                stroke="#222",
                stroke_width=1.2,
                data_tip=tips.field[crop],
            )
        )
    if tile.pond:
        parts.append(
            svg.circle(
                x + size * 0.5,
                y + size * 0.5,
                size * 0.24,
                fill=POND,
                stroke="#123",
                data_tip=tips.pond,
            )
        )
    if tile.arrow:
        d = (tile.arrow_side + rot) % 4
        r = max(size * 0.15, f * 0.62)
        # The kind's letter only where it stays clear of the toads in the middle.
        letter = f if size >= 3.4 * f else 0.0
        parts.append(
            _arrow_badge(
                tile.arrow, d, x + r + 2, y + r + 2, r, tips.arrow(tile.arrow, DIRS[d]), letter
            )
        )
    for i, n in enumerate(tile.traits):
        if n:
            r = max(size * 0.15, f * 0.68)
            parts.append(
                _trait_badge(
                    i, x + size - r - 2, y + size - r - 2, r, max(f, size * 0.2), tips.trait[i]
                )
            )
    if toads:
        font = max(f + 1, size * 0.22)
        r = max(size * 0.17, font * 0.72)
        parts.append(_toad_heap(toads, x + size * 0.5, y + size * 0.5, r, font, tips.toads(toads)))
    parts.append(svg.rect(x, y, size, size, fill="none", stroke="#444", stroke_width=0.8))
    if frame:
        parts.append(
            svg.rect(x + 1, y + 1, size - 2, size - 2, fill="none", stroke=frame, stroke_width=2.5)
        )
    if last:
        parts.append(
            svg.rect(
                x + 3,
                y + 3,
                size - 6,
                size - 6,
                fill="none",
                stroke="#fff",
                stroke_width=2.5,
                stroke_dasharray="6 3",
                data_tip="Placed last turn.",
            )
        )
    if removed:
        cross = (
            svg.rect(x, y, size, size, fill="#fff", opacity=0.55)
            + svg.line(x + 4, y + 4, x + size - 4, y + size - 4, stroke="#c00", stroke_width=3)
            + svg.line(x + size - 4, y + 4, x + 4, y + size - 4, stroke="#c00", stroke_width=3)
        )
        parts.append(_g(cross, data_tip="Removed at the end: this tile still held toads."))
    if mark:
        parts.append(
            svg.rect(
                x + 1.5, y + 1.5, size - 3, size - 3, fill="none", stroke="#f0f", stroke_width=3
            )
        )
    return _g("".join(parts), data_tile=tile.id, data_tip=tip)


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
    tips: _Tips,
    tiles: Mapping[str, Tile],
    fx: float,
    top: float,
    origin: tuple[float, float],
    size: float,
    colour: str,
    look: Look,
) -> str:
    """The start farm to be laid, faint, on the cells it will cover (cell (x, y) drawn at
    ``origin`` + (x, y) * ``size``), with an arrow on each side: ``face:north`` ..."""
    bx, by = origin  # the block's top left corner: the start farm covers x, y in 0..1
    verb = "Tap" if look.narrow else "Click"
    parts = [
        svg.text(fx, top + look.body + 4, f"{verb} an arrow: the way your farm faces", look.body)
    ]
    block = ""
    for tid, (cx, cy) in zip("ABCD", START_CELLS, strict=True):
        block += _tile_svg(tips, tiles[tid], 0, bx + cx * size, by + cy * size, 0, size, look)
    frame = svg.rect(bx, by, 2 * size, 2 * size, fill="none", stroke=colour, stroke_width=2.5)
    parts.append(
        _g(
            _g(block, opacity=0.5) + frame,
            data_tip="Your start tiles, laid here once you choose which way they face.",
        )
    )
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
            _g(
                svg.polygon(shape, fill=colour, stroke="#222", stroke_width=1)
                + svg.text(lx, ly, name, size=16, text_anchor=anchor, font_weight="bold"),
                data_target=f"face:{name}",
                data_tip=f"Face {name}: your start farm is laid facing {name}.",
            )
        )
    return "".join(parts)


def _button(x: float, y: float, look: Look, label: str, key: str, colour: str, tip: str) -> str:
    """A labelled control: a rounded rectangle with a word in it."""
    w, h = look.button
    size = h * 0.48
    return _g(
        svg.rect(x, y, w, h, rx=7, fill="#ffffff", stroke=colour, stroke_width=2.5)
        + svg.text(
            x + w / 2,
            y + h / 2 + size * 0.36,
            label,
            size=size,
            text_anchor="middle",
            font_weight="bold",
        ),
        data_target=key,
        data_tip=tip,
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
                x + size / 2 + dx * size * 0.18,
                y + size / 2 + dy * size * 0.18,
                d,
                size * 0.32,
                size * 0.24,
            )
            out.append(
                svg.polygon(
                    shape,
                    fill=GROUP_BLUE,
                    stroke="#fff",
                    stroke_width=1,
                    data_tip=f"These toads move one tile {DIRS[d]} if you follow.",
                )
            )
    return out


def _farm_window(
    cells: Sequence[tuple[int, int]],
    extra: Sequence[tuple[int, int]] = (),
    view: tuple[int, int] = WIDE.view,
) -> tuple[int, int, int, int]:
    """The cells x0..x1, y0..y1 drawn for a farm: ``view``, the laid tiles and the ring
    of cells around them (every cell a tile may go to lies in it).

    It depends on the laid tiles alone, never on the decision pending, so a farm (and
    the picture) stays put from one decision to the next; ``extra`` (the outlined or
    chosen cells, all in the ring) only widens it should one ever lie beyond.
    """
    xs = [view[0], view[1]] + [c[0] + d for c in cells for d in (-1, 1)] + [c[0] for c in extra]
    ys = [view[0], view[1]] + [c[1] + d for c in cells for d in (-1, 1)] + [c[1] for c in extra]
    return min(xs), max(xs), min(ys), max(ys)


def _status(obs: Mapping[str, Any]) -> tuple[list[tuple[str, bool]], list[tuple[str, bool]]]:
    """What is going on now (the chosen tile, a group move's answers so far, never an
    answer itself before the last one) and what happened last turn: sentences, each with
    whether it is set in bold."""
    now: list[tuple[str, bool]] = []
    out = now
    if obs["decision"] == "face":
        out.append(("Setup: each player in turn picks the way their start farm faces.", True))
    sel = obs["selected"]
    if sel:
        s = f"Chosen: {sel['tile']} from space {sel['space']}"
        if "cell" in sel:
            turns = ", ".join(str(r) for r in sel["rotations"])
            s += f" for cell {sel['cell'][0]},{sel['cell'][1]}; it fits turned {turns}."
        else:
            s += "; it fits in the outlined cells."
        out.append((s, True))
    g = obs["group"]
    if g:
        status = ", ".join(
            f"P{q + 1} {_group_status(g, q)}" for q in range(len(g["answered"])) if q != g["active"]
        )
        s = f"Group move {g['direction']} by player {g['active'] + 1}: {status}."
        if g["mine"]:
            s += f" Your answer: {g['mine']}."
        out.append((s, True))
    out = []
    last = obs["last"]
    if last:
        who = f"player {last['player'] + 1}"
        if last["discarded"]:
            out.append((f"Last turn: {who} discarded {last['tile']}: it fitted nowhere.", False))
        else:
            out.append(
                (
                    f"Last turn: {who} placed {last['tile']} at "
                    f"{last['cell'][0]},{last['cell'][1]} (dashed frame), "
                    f"+{_plural(last['toads_added'], 'toad')}, "
                    f"{last['arrow']} move {last['direction']}.",
                    False,
                )
            )
            answers = [f"P{q + 1} {a}" for q, a in enumerate(last["answers"]) if a is not None]
            if answers:
                out.append(("Group answers: " + ", ".join(answers) + ".", False))
        ponds = [
            f"player {ps['player'] + 1}'s pond with {ps['toads']} toads +{ps['points']}"
            for ps in last["ponds_scored"]
        ]
        if ponds:
            out.append(("Scored: " + "; ".join(ponds) + ".", False))
    return now, out


class _Canvas:
    """The picture being drawn, top to bottom."""

    def __init__(self, look: Look) -> None:
        self.look = look
        self.body: list[str] = []
        self.y = look.pad

    def add(self, *parts: str) -> None:
        self.body.extend(parts)

    def lines(
        self,
        x: float,
        texts: Sequence[tuple[str, bool]],
        size: float,
        width: float,
        top: float,
        lead: float,
        **kw: object,
    ) -> tuple[list[str], float]:
        """Wrapped lines from ``top`` down; the elements and where the next line goes."""
        out = []
        y = top
        for words, bold in texts:
            for line in wrap(words, size, width, bold):
                y += lead
                extra = dict(kw)
                if bold:
                    extra["font_weight"] = "bold"
                out.append(svg.text(x, y, line, size, **extra))
        return out, y


def _market(
    tips: _Tips,
    tiles: Mapping[str, Tile],
    obs: Mapping[str, Any],
    look: Look,
    x: float,
    top: float,
) -> tuple[str, float]:
    """The market panel at (x, top); its elements and its height."""
    f = look.font
    w = 3 * look.slot
    head = look.body + 1
    label = look.body
    h = 8 + head + 8 + label + 6 + look.tile + 6 + label + 8
    parts = [
        svg.rect(x, top, w, h, rx=8, fill="#efe6d2", stroke="#b9a77f"),
        svg.text(x + 8, top + 6 + head, "Market", head, font_weight="bold"),
    ]
    note = "new tiles enter on space 1"
    if text_width("Market  " + note, head, True) < w - 16:
        parts.append(
            svg.text(
                x + w - 8,
                top + 6 + head,
                note,
                max(f, look.body - 1),
                text_anchor="end",
                fill="#555",
            )
        )
    chosen = obs["selected"]["space"] if obs["selected"] else None
    ty = top + 8 + head + 8 + label + 6
    for i, m in enumerate(obs["market"]):
        sx = x + i * look.slot
        tx = sx + (look.slot - look.tile) / 2
        parts.append(
            svg.text(
                sx + look.slot / 2,
                ty - 6,
                f"Space {m['space']}",
                label,
                text_anchor="middle",
                font_weight="bold",
            )
        )
        toads = f"+{_plural(m['toads'], 'toad')}"
        parts.append(
            svg.text(
                sx + look.slot / 2, ty + look.tile + 4 + label, toads, label, text_anchor="middle"
            )
        )
        if m["tile"]:
            tile = tiles[m["tile"]]
            tip = (
                f"Space {m['space']}: take {m['tile']} ({_short_features(tile)}); it brings"
                f" {_plural(m['toads'], 'toad')}."
            )
            parts.append(
                _g(
                    _tile_svg(tips, tile, 0, tx, ty, 0, look.tile, look, mark=chosen == m["space"]),
                    data_target=f"market:{m['space']}",
                    data_tip=tip,
                )
            )
        else:
            parts.append(
                svg.rect(
                    tx,
                    ty,
                    look.tile,
                    look.tile,
                    fill="none",
                    stroke="#999",
                    stroke_dasharray="4 3",
                    data_tip=f"Space {m['space']}: empty; a new tile enters on space 1.",
                )
            )
    body = _g(
        "".join(parts),
        data_tip="The market: take one tile a turn; the others slide right, a new one enters.",
    )
    return body, h


def _farm_head(
    p: int, obs: Mapping[str, Any], look: Look, fx: float, top: float, width: float
) -> tuple[str, float]:
    """The band naming a player above their farm, and the line under it; its height."""
    farm = obs["farms"][p]
    colour = svg.PLAYER_COLOURS[p % len(svg.PLAYER_COLOURS)]
    name = f"Player {p + 1}"
    if obs["ranks"]:
        name += f": place {obs['ranks'][p]}"
    elif obs["to_move"] == p:
        name += ": to move"
    size = look.body + 2
    band = size + 12
    score = obs["scores"][p]["total"]
    facing = farm["facing"] or "not chosen yet"
    stats = f"{_plural(score, 'point')}, {_plural(farm['toads'], 'toad')}, farm faces {facing}"
    moving = obs["to_move"] == p
    parts = [
        svg.rect(
            fx,
            top,
            width,
            band,
            rx=6,
            fill=colour,
            fill_opacity=0.9 if moving else 0.18,
            stroke=colour,
            stroke_width=2,
        ),
        svg.text(
            fx + 10,
            top + band / 2 + size * 0.36,
            name,
            size,
            font_weight="bold",
            fill="#fff" if moving else "#222",
        ),
    ]
    stat_lines = wrap(stats, look.body, width - 8)
    y = top + band
    for line in stat_lines:
        y += look.body + 5
        parts.append(svg.text(fx + 4, y, line, look.body, fill="#333"))
    tip = (
        f"Player {p + 1}'s farm: {_plural(score, 'point')} so far,"
        f" {_plural(farm['toads'], 'toad')} on it."
    )
    return _g("".join(parts), data_tip=tip), y - top + 6


def _group_row(g: Mapping[str, Any], look: Look, fx: float, y: float, colour: str) -> list[str]:
    label = f"Group move {g['direction']}:"
    size = look.body + 2
    w, h = look.button
    out = [svg.text(fx, y + h / 2 + size * 0.36, label, size, font_weight="bold")]
    bx = fx + text_width(label, size, True) + 10
    d = g["direction"]
    out.append(
        _button(
            bx,
            y,
            look,
            "Follow",
            "button:follow",
            colour,
            f"Follow: move all your toads one tile {d} too.",
        )
    )
    out.append(
        _button(
            bx + w + 10,
            y,
            look,
            "Stay",
            "button:stay",
            colour,
            "Stay: leave your toads where they are.",
        )
    )
    return out


CATEGORY_WORDS = {
    "ponds_in_play": ("Ponds during play", "Ponds in play", "Full ponds scored during the game."),
    "fewest_toads": ("A: fewest toads", "A: fewest toads", "A: the player with the fewest toads."),
    "most_toads": (
        "B: most toads",
        "B: most toads",
        "B: the player with the most toads (at least one) loses points.",
    ),
    "sugar_cane": (
        "C: sugar cane",
        "C: cane",
        "C: the largest complete sugar cane field, per section.",
    ),
    "wheat": ("D: wheat", "D: wheat", "D: the largest complete wheat field, per section."),
    "cows": ("E: cows", "E: cows", "E: cows on the farm, from the table."),
    "scarecrows": ("F: scarecrows", "F: scarecrows", "F: scarecrows on the farm, from the table."),
    "tractors": ("G: tractors", "G: tractors", "G: tractors on the farm, from the table."),
    "ponds": ("H: ponds", "H: ponds", "H: each pond left on the farm."),
}


def _score_table(obs: Mapping[str, Any], look: Look, top: float) -> tuple[list[str], float]:
    """Final scoring, a row per category and a column per player; its height."""
    n = obs["players"]
    x = look.pad
    width = look.width - 2 * look.pad
    size = look.body
    label_w = 150.0 if look.narrow else 220.0
    col = min(120.0, (width - label_w) / n)
    row = size + 9
    cats = [k for k in obs["scores"][0] if k != "total"]
    out = [svg.text(x, top + look.body + 4, "Final scores", look.body + 3, font_weight="bold")]
    y = top + look.body + 10
    for p in range(n):
        out.append(
            svg.text(
                x + label_w + (p + 0.5) * col,
                y + size,
                f"Player {p + 1}",
                size,
                text_anchor="middle",
                font_weight="bold",
                fill=svg.PLAYER_COLOURS[p % 4],
            )
        )
    y += row
    rows: list[tuple[str, str, list[str], bool]] = []
    for k in cats:
        wide_name, narrow_name, tip = CATEGORY_WORDS.get(k, (k, k, k))
        rows.append(
            (
                narrow_name if look.narrow else wide_name,
                tip,
                [str(s[k]) for s in obs["scores"]],
                False,
            )
        )
    rows.append(("Total", "All points.", [str(s["total"]) for s in obs["scores"]], True))
    if obs["ranks"]:
        rows.append(
            (
                "Place",
                "Ties: start tiles left, then wheat, then cane.",
                [str(r) for r in obs["ranks"]],
                True,
            )
        )
    for i, (name, tip, values, bold) in enumerate(rows):
        cells = []
        if i % 2 == 0:
            cells.append(svg.rect(x, y, label_w + n * col, row, fill="#efe6d2"))
        weight = "bold" if bold else None
        cells.append(svg.text(x + 6, y + row - 6, name, size, font_weight=weight))
        for p, v in enumerate(values):
            cells.append(
                svg.text(
                    x + label_w + (p + 0.5) * col,
                    y + row - 6,
                    v,
                    size,
                    text_anchor="middle",
                    font_weight=weight,
                )
            )
        out.append(_g("".join(cells), data_tip=tip))
        y += row
    return out, y - top


def _legend(tips: _Tips, look: Look, top: float) -> tuple[list[str], float]:
    """A row of samples, each named, wrapped to the width; its elements and height."""
    f = max(look.font, look.body - 1)
    s = 18.0  # a sample's size
    items: list[tuple[str, str, str]] = []  # (sample, words, tip)

    def swatch(fill: str) -> str:
        return svg.rect(0, 0, s, s, fill=fill, stroke="#444", stroke_width=0.8)

    items.append((swatch(FILL["cane"]), "sugar cane", tips.field["cane"]))
    items.append((swatch(FILL["wheat"]), "wheat", tips.field["wheat"]))
    items.append((swatch(FILL["soil"]), "soil", "Soil: touching sides must match, soil to soil."))
    items.append((svg.circle(s / 2, s / 2, s / 2, fill=POND, stroke="#123"), "pond", tips.pond))
    items.append(
        (svg.circle(s / 2, s / 2, s / 2, fill=TOAD, stroke="#fff"), "toads (count)", tips.toads(2))
    )
    for i, name in enumerate(TRAIT_NAMES):
        items.append(
            (
                svg.circle(s / 2, s / 2, s / 2, fill=TRAIT_FILL[i], stroke="#222")
                + svg.text(
                    s / 2,
                    s / 2 + f * 0.36,
                    TRAIT_CODE[i][0],
                    f,
                    text_anchor="middle",
                    font_weight="bold",
                ),
                name,
                tips.trait[i],
            )
        )
    for kind, words in (("single", "1 step"), ("double", "2 steps"), ("group", "group move")):
        items.append(
            (
                _arrow_badge(kind, 1, s / 2, s / 2, s / 2, tips.arrow(kind, "east")),
                f"{words} (arrow)" if not look.narrow and kind != "group" else words,
                tips.arrow(kind, "east"),
            )
        )
    items.append(
        (
            svg.rect(
                1,
                1,
                s - 2,
                s - 2,
                fill=FILL["soil"],
                stroke=svg.PLAYER_COLOURS[0],
                stroke_width=2.5,
            ),
            "start tile",
            "Start tile: framed in the player's colour; the most left at the end wins a tie.",
        )
    )
    items.append(
        (
            svg.rect(0, 0, s, s, fill=FILL["soil"], stroke="#444", stroke_width=0.8)
            + svg.rect(
                3,
                3,
                s - 6,
                s - 6,
                fill="none",
                stroke="#fff",
                stroke_width=2,
                stroke_dasharray="4 2",
            ),
            "last placed",
            "Placed last turn.",
        )
    )
    out = [
        svg.text(
            look.pad,
            top + f + 2,
            "North is up. Hover a piece for what it is and does."
            if not look.narrow
            else "North is up.",
            f,
            fill="#555",
        )
    ]
    x = look.pad
    y = top + f + 12
    right = look.width - look.pad
    for sample, words, tip in items:
        w = s + 5 + text_width(words, f) + 14
        if x + w - 14 > right and x > look.pad:
            x = look.pad
            y += s + 8
        out.append(
            _g(
                f'<g transform="translate({x:.1f},{y:.1f})">{sample}</g>'
                + svg.text(x + s + 5, y + s / 2 + f * 0.36, words, f),
                data_tip=tip,
            )
        )
        x += w
    return out, y + s - top


def render_svg(obs: Mapping[str, Any], layout: Layout = "wide", rules: Rules | None = None) -> str:
    look = look_of(layout)
    data = _data(rules)
    tiles = _tiles_by_id(data)
    tips = _tips(data, obs["players"])
    pad = look.pad
    inner = look.width - 2 * pad
    c = _Canvas(look)
    # The heading and the line under it.
    head, y = c.lines(pad, [(_header(obs), True)], look.title, inner, 0, look.title + 6)
    c.add(*head)
    info = f"Toads in the supply: {obs['supply']}, tiles face down: {obs['pile']}"
    if obs["first_player"] is not None:
        info += f"; player {obs['first_player'] + 1} started"
    more, y = c.lines(pad, [(info, False)], look.body, inner, y + 2, look.body + 5, fill="#333")
    c.add(*more)
    y += 12
    # The market, and the status beside it (wide) or under it (narrow). The status keeps
    # room for its usual longest text, so the farms below stay put between decisions.
    market, mh = _market(tips, tiles, obs, look, pad, y)
    c.add(market)
    lead = look.body + 5
    if look.narrow:
        sx, stop, sw = pad, y + mh + 8, inner
    else:
        sx, stop, sw = pad + 3 * look.slot + GAP, y, inner - 3 * look.slot - GAP
    now, before = _status(obs)
    if look.narrow:
        # Only what is chosen now goes under the market (with room kept for its usual two
        # lines); last turn's story goes under the farms, where its length moves nothing.
        texts, bottom = c.lines(pad + 4, now, look.body, inner - 8, stop - 4, lead)
        c.add(*texts)
        y = max(bottom, stop - 4 + look.status_lines * lead) + 12
    else:
        texts, bottom = c.lines(sx + 8, now + before, look.body, sw - 16, stop + 4, lead)
        sh = max(bottom - stop + 10, mh)
        c.add(
            _g(
                svg.rect(sx, stop, sw, sh, rx=8, fill="#ffffff", stroke="#d8cfb8") + "".join(texts),
                data_tip="What is chosen now and what happened last turn.",
            )
        )
        y = max(y + mh, stop + sh) + 16
    # The farms: side by side while they fit at a legible size, else a row each.
    mark = None
    sel = obs["selected"]
    if sel and "cell" in sel:
        mark = (sel["cell"][0], sel["cell"][1])
    windows = []
    for p, farm in enumerate(obs["farms"]):
        cells_p = [(t[0], t[1]) for t in farm["tiles"]]
        extra: list[tuple[int, int]] = []
        if obs["to_move"] == p and sel:
            extra = [(cc[0], cc[1]) for cc in sel.get("cells", [])] + ([mark] if mark else [])
        windows.append(_farm_window(cells_p, extra, look.view))
    widest = max(w[1] - w[0] + 1 for w in windows)
    columns = look.columns
    col_w = (inner - GAP * (columns - 1)) / columns
    if columns > 1 and col_w / widest < MIN_CELL:
        columns, col_w = 1, inner
    size = min(look.cell, col_w / widest)
    last = obs["last"]
    g = obs["group"]
    button_h = look.button[1]
    row_top = y
    row_h = 0.0
    for p, farm in enumerate(obs["farms"]):
        col = p % columns
        if col == 0 and p:
            row_top += row_h + 18
            row_h = 0.0
        fx = pad + col * (col_w + GAP)
        colour = svg.PLAYER_COLOURS[p % len(svg.PLAYER_COLOURS)]
        band, bh = _farm_head(p, obs, look, fx, row_top, col_w)
        c.add(band)
        cells = {(cx, cy): (tid, rot, t) for cx, cy, tid, rot, t in farm["tiles"]}
        removed = {tuple(cc) for cc in farm["removed"]}
        # The viewer's own pending decision: its controls are drawn on this farm alone.
        own = obs["viewer"] is not None and obs["viewer"] == p == obs["to_move"]
        deciding = obs["decision"] if own else None
        mine = mark if obs["to_move"] == p else None
        free = [(cc[0], cc[1]) for cc in sel["cells"]] if sel and "cells" in sel else []
        if obs["to_move"] != p:
            free = []
        x0, x1, y0, y1 = windows[p]
        cols = x1 - x0 + 1
        rows = y1 - y0 + 1
        gx = fx + (col_w - cols * size) / 2
        top = row_top + bh
        grid_h = rows * size
        row_h = max(row_h, bh + grid_h + 8 + button_h + 4)
        c.add(
            svg.rect(
                gx,
                top,
                cols * size,
                grid_h,
                fill="#f3ecdc",
                stroke="#e2d8c0",
                data_tip=f"Player {p + 1}'s land: tiles join the farm next to one of its tiles.",
            )
        )
        ox, oy = gx - x0 * size, top - y0 * size  # where cell 0,0 is drawn
        if not cells:
            if deciding == "face":
                c.add(_facing_chooser(tips, tiles, fx, top, (ox, oy), size, colour, look))
            continue
        placed = tuple(last["cell"]) if last and last["cell"] and last["player"] == p else None
        for (cx, cy), (tid, rot, t) in cells.items():
            tile = tiles[tid]
            if tid in START_IDS:
                tip = (
                    f"Start tile {tid} of player {p + 1} at {cx},{cy}: "
                    f"{_short_features(tile)}; start tiles left decide a tie."
                )
            else:
                tip = f"Tile {tid} at {cx},{cy}: {_short_features(tile)}. Touching sides match."
            c.add(
                _tile_svg(
                    tips,
                    tile,
                    rot // 90,
                    ox + cx * size,
                    oy + cy * size,
                    t,
                    size,
                    look,
                    tip=tip,
                    removed=(cx, cy) in removed,
                    mark=mine == (cx, cy),
                    frame=colour if tid in START_IDS else None,
                    last=placed == (cx, cy),
                )
            )
        if mine and mine not in cells:
            mx, my = ox + mine[0] * size, oy + mine[1] * size
            if deciding == "rotate":
                # The tile in each legal turn, one group per turn, shown one at a time.
                verb = "tap" if look.narrow else "click"
                for deg in sel["rotations"]:
                    c.add(
                        _g(
                            _tile_svg(
                                tips,
                                tiles[sel["tile"]],
                                deg // 90,
                                mx,
                                my,
                                0,
                                size,
                                look,
                                mark=True,
                            ),
                            data_target=f"rot:{deg}",
                            data_cycle="rotation",
                            opacity=0.8,
                            data_tip=f"{sel['tile']} turned {deg}: {verb} to lay it so; R shows"
                            " the next way it fits.",
                        )
                    )
            else:
                c.add(
                    svg.rect(
                        mx,
                        my,
                        size,
                        size,
                        fill="none",
                        stroke="#f0f",
                        stroke_width=3,
                        data_tip=f"Cell {mine[0]},{mine[1]}: chosen for {sel['tile']}.",
                    )
                )
        for cx, cy in free:
            c.add(
                svg.rect(
                    ox + cx * size + 2,
                    oy + cy * size + 2,
                    size - 4,
                    size - 4,
                    fill="#ffffff",
                    fill_opacity=0.45,
                    stroke=colour,
                    stroke_width=2,
                    stroke_dasharray="5 4",
                    data_target=f"cell:{cx},{cy}",
                    data_tip=f"Cell {cx},{cy}: {sel['tile']} fits here in some turn.",
                )
            )
        if deciding == "group" and g:
            d = DIRS.index(g["direction"])
            c.add(*_toad_arrows(tiles, cells, d, (ox, oy), size))
            c.add(*_group_row(g, look, fx, top + grid_h + 8, colour))
    y = row_top + row_h + 18
    if look.narrow and before:
        texts, bottom = c.lines(pad, before, look.body, inner, y - 4, lead)
        c.add(*texts)
        y = bottom + 18
    if obs["terminal"]:
        table, th = _score_table(obs, look, y)
        c.add(*table)
        y += th + 18
    legend, lh = _legend(tips, look, y)
    c.add(*legend)
    y += lh + pad
    return svg.document(look.width, round(y, 1), c.body)
