"""Queensland's component data: load ``components.json`` and check it.

Sides are numbered 0-3 for north, east, south and west. A tile's data describes it as
printed (rotation 0); a side lists its *sections* clockwise round the tile, so where
two tiles meet, one side's sections equal the other side's sections reversed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.core.components import check_provenance, field, read_json, require

SIDES = "NESW"
SIDE_NAMES = ("north", "east", "south", "west")
LANDS = ("cane", "wheat", "soil")
CROPS = ("cane", "wheat")
TRAITS = ("cow", "scarecrow", "tractor")
ARROWS = ("single", "double", "group")
START_IDS = ("A", "B", "C", "D")
START_PLACES = ("north-west", "north-east", "south-west", "south-east")
START_CELLS = ((0, 0), (1, 0), (0, 1), (1, 1))
"""Where start tiles A-D lie in a farm facing north (x grows east, y grows south)."""
MAX_SECTIONS = 3


@dataclass(frozen=True)
class Field:
    """One field printed on a tile: its crop and the side sections it reaches."""

    crop: str
    sections: tuple[tuple[int, int], ...]  # (side, index of the section on that side)


@dataclass(frozen=True)
class Tile:
    """A farm tile or a start tile as printed."""

    id: str
    edges: tuple[tuple[str, ...], ...]  # per side N E S W, the lands of its sections, clockwise
    fields: tuple[Field, ...]
    section_field: tuple[tuple[int, ...], ...]  # per side and section: field index, -1 soil
    pond: bool
    arrow: str | None  # single, double, group; None on start tiles
    arrow_side: int  # printed direction of the arrow (0-3), -1 when there is none
    traits: tuple[int, int, int]  # cows, scarecrows, tractors
    status: str


@dataclass(frozen=True)
class Components:
    toads: int
    farm_tiles: tuple[Tile, ...]
    start_tiles: tuple[Tile, ...]  # A, B, C, D
    market_toads: tuple[int, ...]  # toads for market space 1, 2, 3 (space 1 is leftmost)
    pond_exactly: int
    pond_exact_points: int
    pond_over_points: int
    fewest_toads: int
    most_toads: int
    cane_per_section: int
    wheat_per_section: int
    pond_points: int
    traits_two: tuple[int, ...]
    traits_more: tuple[int, ...]

    def trait_table(self, players: int) -> tuple[int, ...]:
        return self.traits_two if players == 2 else self.traits_more


def _value(data: dict[str, Any], key: str, typ: type) -> Any:
    entry = field(data, key, dict, "file")
    check_provenance(entry, key)
    return field(entry, "value", typ, key)


def _int(obj: dict[str, Any], key: str, entry: str, low: int | None = None) -> int:
    value: int = field(obj, key, int, entry)
    if low is not None:
        require(value >= low, f"{entry}.{key}", f"must be at least {low}, not {value}")
    return value


def _section_ref(ref: Any, edges: tuple[tuple[str, ...], ...], entry: str) -> tuple[int, int]:
    require(isinstance(ref, str) and 1 <= len(ref) <= 2, entry, f"bad section {ref!r}")
    side = SIDES.find(ref[0])
    require(side >= 0, entry, f"section {ref!r} must start with one of N, E, S, W")
    count = len(edges[side])
    if len(ref) == 1:
        require(count == 1, entry, f"side {ref} is split in {count}; name a section as {ref}1")
        return side, 0
    require(ref[1].isdigit() and 1 <= int(ref[1]) <= count, entry, f"side {ref[0]} has no {ref}")
    return side, int(ref[1]) - 1


def _name(edges: tuple[tuple[str, ...], ...], side: int, k: int) -> str:
    """A section's name as the file writes it: N for a whole side, N1, N2 for a split one."""
    return SIDES[side] if len(edges[side]) == 1 else f"{SIDES[side]}{k + 1}"


def _tile(obj: Any, entry: str, farm: bool) -> Tile:
    require(isinstance(obj, dict), entry, "must be an object")
    check_provenance(obj, entry)
    tid = field(obj, "id", str, entry)
    require(bool(tid.strip()), entry, "needs a non-empty id")
    entry = f"{entry} ({tid})"
    raw_edges = field(obj, "edges", dict, entry)
    edges: list[tuple[str, ...]] = []
    for s in SIDES:
        text = field(raw_edges, s, str, f"{entry}.edges")
        lands = tuple(text.split("/"))
        require(
            all(land in LANDS for land in lands),
            f"{entry}.edges.{s}",
            f"sections are {', '.join(LANDS)} joined by '/', not {text!r}",
        )
        require(
            len(lands) <= MAX_SECTIONS,
            f"{entry}.edges.{s}",
            f"at most {MAX_SECTIONS} sections on a side",
        )
        edges.append(lands)
    etuple = tuple(edges)
    owner = [[-1] * len(e) for e in etuple]
    fields: list[Field] = []
    for i, f in enumerate(field(obj, "fields", list, entry)):
        fe = f"{entry}.fields[{i}]"
        crop = field(f, "crop", str, fe)
        require(crop in CROPS, fe, f"crop must be cane or wheat, not {crop!r}")
        refs = field(f, "sections", list, fe)
        require(bool(refs), fe, "a field reaches at least one side section")
        secs = tuple(_section_ref(r, etuple, fe) for r in refs)
        for side, k in secs:
            land = etuple[side][k]
            name = _name(etuple, side, k)
            require(land == crop, fe, f"section {name} is {land}, not {crop}")
            require(owner[side][k] < 0, fe, f"section {name} is in two fields")
            owner[side][k] = i
        fields.append(Field(crop, secs))
    for side in range(4):
        for k, land in enumerate(etuple[side]):
            if land != "soil":
                require(
                    owner[side][k] >= 0,
                    entry,
                    f"the {land} section {_name(etuple, side, k)} belongs to no field",
                )
    pond = field(obj, "pond", bool, entry)
    traits = field(obj, "traits", list, entry)
    for t in traits:
        require(t in TRAITS, f"{entry}.traits", f"a trait is one of {TRAITS}, not {t!r}")
    counts = (traits.count("cow"), traits.count("scarecrow"), traits.count("tractor"))
    arrow: str | None = None
    arrow_side = -1
    if farm:
        a = field(obj, "arrow", dict, entry)
        arrow = field(a, "kind", str, f"{entry}.arrow")
        require(arrow in ARROWS, f"{entry}.arrow", f"kind is one of {ARROWS}, not {arrow!r}")
        direction = field(a, "direction", str, f"{entry}.arrow")
        require(
            len(direction) == 1 and direction in SIDES,
            f"{entry}.arrow",
            f"direction is one of N, E, S, W, not {direction!r}",
        )
        arrow_side = SIDES.index(direction)
    return Tile(
        id=tid,
        edges=etuple,
        fields=tuple(fields),
        section_field=tuple(tuple(o) for o in owner),
        pond=pond,
        arrow=arrow,
        arrow_side=arrow_side,
        traits=counts,
        status=obj["status"],
    )


def side_lands(tile: Tile, rotation: int, side: int) -> tuple[str, ...]:
    """The sections (clockwise) ``tile``, turned ``rotation`` quarter turns, shows on ``side``."""
    return tile.edges[(side - rotation) % 4]


def sides_match(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether two facing sides, each listed clockwise round its own tile, match."""
    return a == b[::-1]


def start_layout(facing: int) -> list[tuple[tuple[int, int], int]]:
    """Cells of start tiles A-D and their rotation when the farm faces ``facing`` (0-3)."""
    out = []
    for x, y in START_CELLS:
        for _ in range(facing):
            x, y = 1 - y, x  # a quarter turn clockwise round the 2x2 block's centre
        out.append(((x, y), facing))
    return out


def _fits_somewhere(tile: Tile, start: tuple[Tile, ...]) -> bool:
    farm = {cell: (start[i], rot) for i, (cell, rot) in enumerate(start_layout(0))}
    deltas = ((0, -1), (1, 0), (0, 1), (-1, 0))
    for (x, y), (placed, prot) in farm.items():
        for d, (dx, dy) in enumerate(deltas):
            if (x + dx, y + dy) in farm:
                continue
            facing = side_lands(placed, prot, d)
            for r in range(4):
                if sides_match(side_lands(tile, r, (d + 2) % 4), facing):
                    return True
    return False


def load(path: Path | None) -> Components:
    """Read and check a Queensland component file (``None``: the packaged one).

    One check needs the field count of scoring.py, which imports this module: that no
    field closes inside the start block (scoring.check_start_block, which the game runs
    on what this returns)."""
    data = read_json(path, "meeple.boardgames.queensland")
    fmt = data.get("format")
    require(
        fmt == "meeple.queensland.components/1",
        "format",
        f"expected 'meeple.queensland.components/1', not {fmt!r}",
    )
    toads = _value(data, "toads", int)
    require(toads == 60, "toads", f"the rulebook's supply is 60 toads, not {toads}")
    total = _value(data, "farm_tile_total", int)
    require(total == 50, "farm_tile_total", f"Queensland has 50 farm tiles, not {total}")
    market = _value(data, "market_toads", list)
    require(
        len(market) == 3 and all(isinstance(v, int) and v >= 0 for v in market),
        "market_toads",
        f"three whole numbers (spaces 1, 2, 3), not {market!r}",
    )
    require(
        market == [1, 2, 3],
        "market_toads",
        f"the market spaces show 1, 2 and 3 toads (rulebook), not {market!r}",
    )
    ponds = field(data, "pond_scoring", dict, "file")
    check_provenance(ponds, "pond_scoring")
    exactly = _int(ponds, "exactly", "pond_scoring", 1)
    final = field(data, "final_scoring", dict, "file")
    check_provenance(final, "final_scoring")
    traits = field(data, "trait_points", dict, "file")
    check_provenance(traits, "trait_points")
    tables = []
    for key in ("two_players", "three_or_more"):
        table = field(traits, key, list, "trait_points")
        require(
            bool(table) and all(isinstance(v, int) for v in table),
            f"trait_points.{key}",
            "must be a non-empty list of whole numbers (points for 0, 1, 2, ... of a trait)",
        )
        tables.append(tuple(table))

    raw_start = field(data, "start_tiles", list, "file")
    require(len(raw_start) == 4, "start_tiles", f"a start farm has 4 tiles, not {len(raw_start)}")
    start = tuple(_tile(t, f"start_tiles[{i}]", False) for i, t in enumerate(raw_start))
    for i, t in enumerate(start):
        require(t.id == START_IDS[i], f"start_tiles[{i}]", f"id must be {START_IDS[i]!r}")
        place = raw_start[i].get("place")
        require(place == START_PLACES[i], f"start_tiles[{i}]", f"place must be {START_PLACES[i]!r}")
    # The start farm's own inner sides must match (A|B, C|D across; A/C, B/D down).
    for a, b, side in ((0, 1, 1), (2, 3, 1), (0, 2, 2), (1, 3, 2)):
        require(
            sides_match(start[a].edges[side], start[b].edges[(side + 2) % 4]),
            "start_tiles",
            f"tiles {START_IDS[a]} and {START_IDS[b]} do not match where they touch",
        )
    raw = field(data, "farm_tiles", list, "file")
    require(len(raw) == total, "farm_tiles", f"must hold {total} tiles, not {len(raw)}")
    farm = tuple(_tile(t, f"farm_tiles[{i}]", True) for i, t in enumerate(raw))
    seen: set[str] = set(START_IDS)
    for i, t in enumerate(farm):
        require(t.id not in seen, f"farm_tiles[{i}]", f"id {t.id!r} is used twice")
        seen.add(t.id)
        require(
            _fits_somewhere(t, start),
            f"farm_tiles[{i}] ({t.id})",
            "fits nowhere next to a start farm in any rotation, so it could never be placed",
        )
    return Components(
        toads=toads,
        farm_tiles=farm,
        start_tiles=start,
        market_toads=tuple(market),
        pond_exactly=exactly,
        pond_exact_points=_int(ponds, "exact_points", "pond_scoring"),
        pond_over_points=_int(ponds, "over_points", "pond_scoring"),
        fewest_toads=_int(final, "fewest_toads", "final_scoring"),
        most_toads=_int(final, "most_toads", "final_scoring"),
        cane_per_section=_int(final, "cane_per_section", "final_scoring"),
        wheat_per_section=_int(final, "wheat_per_section", "final_scoring"),
        pond_points=_int(final, "pond", "final_scoring"),
        traits_two=tables[0],
        traits_more=tables[1],
    )
