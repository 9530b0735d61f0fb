"""Load and check Farland's component file into frozen, index-based data.

Cells are kept as small tuples so a farm can share them between clones:
``(kind, resource, count, fences, building)`` where ``kind`` is one of the
``K_*`` constants, ``resource`` an index into :attr:`Components.resources` (or
-1), ``count`` the number of icons, ``fences`` a bit mask of printed fence
sides (``N E S W`` = 1 2 4 8) and ``building`` a building type index (or -1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.core.components import check_provenance, field, read_json, require

FORMAT = "meeple.components/farland"

K_LAND = 0
K_BUILDING = 1
K_HOUSE = 2
K_POND = 3

SIDES = "NESW"
SIDE_BIT = {s: 1 << i for i, s in enumerate(SIDES)}

LAND_CARDS = 70
BUILDING_TILES = 12
RESOURCE_TOKENS = 75
RESOURCE_TYPES = 5  # the tokens come in 5 colours
ANIMAL_TYPES = 3  # one per livestock table
IMPROVEMENT_TYPES = ("fence", "pipe", "trough")
IMPROVEMENTS_PER_TYPE = 44
TRACK_SPACES = 12
UPGRADE_TOKENS = 48
POND_TILES = 4
POND_NEIGHBOURS = 10
LEVEL1 = (
    "irrigation",
    "nimbus_generator",
    "aquasphere",
    "efficient_construction",
    "free_range",
    "symbiosis",
    "fence_sprinkler",
)
LEVEL2 = (
    "agro_optimizer",
    "land_prep",
    "flexible_installation",
    "resource_conversion",
    "growth_enhancer",
)

Cell = tuple[int, int, int, int, int]


@dataclass(frozen=True)
class LandCard:
    id: str
    building: int  # building type index, or -1
    cells: tuple[Cell, ...]  # top-left, top-right, bottom-left, bottom-right at rotation 0


@dataclass(frozen=True)
class Components:
    rounds: int
    scoring_rounds: tuple[int, ...]
    animals: tuple[str, ...]
    crops: tuple[str, ...]
    tokens_per_type: int
    improvements_per_type: int
    track_per_type: int
    starting_per_player: int
    supply: Mapping[int, int]  # per type, by player count
    market_columns: tuple[int, ...]
    upgrade_tokens: int
    pond_count: int
    pond_size: tuple[int, int]  # width, height at rotation 0
    house: tuple[Cell, ...]  # 2x2, reading order
    building_types: tuple[str, ...]
    building_tiles: tuple[int, ...]  # building type index of each tile
    livestock: Mapping[str, tuple[tuple[int, ...], ...]]  # side -> per animal, top to bottom
    crop_points: tuple[int, ...]
    crop_points_extended: tuple[int, ...]
    crop_step_after: int
    pasture_points: int
    building_points: tuple[int, ...]
    plus10_points: int
    techs: tuple[str, ...]  # every technology, level 1 first
    tech_tree: tuple[int, ...]  # tree index of each technology
    tree_names: tuple[str, ...]
    land_cards: tuple[LandCard, ...]

    @property
    def resources(self) -> tuple[str, ...]:
        return self.animals + self.crops


def parse_cell(text: str, entry: str, resources: tuple[str, ...], building: int) -> Cell:
    """``"cow2:NW"`` -> ``(K_LAND, cow, 2, N|W, -1)``."""
    require(isinstance(text, str), entry, f"a cell is a string, not {text!r}")
    content, _, sides = text.partition(":")
    mask = 0
    for s in sides:
        require(s in SIDE_BIT, entry, f"fence side {s!r} is not one of N, E, S, W")
        mask |= SIDE_BIT[s]
    if content == "meadow":
        return (K_LAND, -1, 0, mask, -1)
    if content == "building":
        return (K_BUILDING, -1, 0, mask, building)
    if content == "house":
        return (K_HOUSE, -1, 0, mask, -1)
    name = content.rstrip("0123456789")
    digits = content[len(name) :]
    require(
        name in resources and digits.isdigit(),
        entry,
        f"cell {text!r} must be meadow, building, house or a resource with a count "
        f"({', '.join(resources)})",
    )
    count = int(digits)
    require(1 <= count <= 3, entry, f"cell {text!r} shows {count} icons; 1 to 3 are allowed")
    return (K_LAND, resources.index(name), count, mask, -1)


def _value(data: Mapping[str, Any], key: str, typ: type | tuple[type, ...]) -> Any:
    obj = field(data, key, dict, key)
    check_provenance(obj, key)
    return field(obj, "value", typ, key)


def load(path: Path | None) -> Components:
    data = read_json(path, "meeple.boardgames.farland")
    require(data.get("format") == FORMAT, "format", f"must be {FORMAT!r}")

    rounds = _value(data, "rounds", int)
    require(rounds == 12, "rounds", "Farland is played over 12 rounds")
    scoring = tuple(_value(data, "scoring_rounds", list))
    require(scoring == (6, 12), "scoring_rounds", "scoring happens after rounds 6 and 12")

    res = field(data, "resources", dict, "resources")
    check_provenance(res, "resources")
    animals = tuple(field(res, "animals", list, "resources"))
    crops = tuple(field(res, "crops", list, "resources"))
    per_token = field(res, "tokens_per_type", int, "resources")
    require(
        all(isinstance(a, str) and a for a in animals + crops)
        and len(set(animals + crops)) == len(animals + crops),
        "resources",
        "animal and crop names must be distinct non-empty strings",
    )
    require(
        len(animals) == ANIMAL_TYPES,
        "resources.animals",
        f"{len(animals)} animal types, but the player board has {ANIMAL_TYPES} livestock "
        "tables (headed 5, 4, 3), one per animal",
    )
    require(
        len(animals) + len(crops) == RESOURCE_TYPES,
        "resources",
        f"{len(animals) + len(crops)} resource types, but the resource tokens come in "
        f"{RESOURCE_TYPES} colours",
    )
    require(
        per_token * len(animals + crops) == RESOURCE_TOKENS,
        "resources.tokens_per_type",
        f"{per_token} tokens of each of {len(animals + crops)} types is not the "
        f"{RESOURCE_TOKENS} resource tokens of the box",
    )

    imp = field(data, "improvements", dict, "improvements")
    check_provenance(imp, "improvements")
    require(
        tuple(field(imp, "types", list, "improvements")) == IMPROVEMENT_TYPES,
        "improvements.types",
        f"must be {list(IMPROVEMENT_TYPES)}",
    )
    per_type = field(imp, "per_type", int, "improvements")
    require(
        per_type * 3 == 3 * IMPROVEMENTS_PER_TYPE,
        "improvements.per_type",
        f"the box holds {IMPROVEMENTS_PER_TYPE} of each colour",
    )
    track = field(imp, "round_track_per_type", int, "improvements")
    require(track * 3 == TRACK_SPACES, "improvements.round_track_per_type", "12 round spaces")
    start = field(imp, "starting_per_player", int, "improvements")
    require(start == 2, "improvements.starting_per_player", "each player starts with 2")

    sup = field(data, "supply", dict, "supply")
    check_provenance(sup, "supply")
    per = field(sup, "per_type", dict, "supply")
    supply: dict[int, int] = {}
    for n in (2, 3, 4):
        q = field(per, str(n), int, "supply.per_type")
        require(q >= 0, f"supply.per_type.{n}", "cannot be negative")
        # setup and a full refill after round 6 must both fit in the box, even if
        # every player starts with two pieces of the same colour
        require(
            2 * q + track + start * n <= per_type,
            f"supply.per_type.{n}",
            f"{q} of each type twice (setup and refill) plus the round track and the "
            f"starting pieces exceeds the {per_type} in the box",
        )
        supply[n] = q

    mk = field(data, "market", dict, "market")
    check_provenance(mk, "market")
    columns = tuple(field(mk, "columns", list, "market"))
    require(
        all(isinstance(c, int) and 2 <= c <= 4 for c in columns),
        "market.columns",
        "each column is marked with a player count from 2 to 4",
    )
    require(
        sum(1 for c in columns if c <= 3) * 2 == 6,
        "market.columns",
        "a 3-player game uses 6 market spaces (rulebook, Setup)",
    )
    require(
        sum(1 for c in columns if c <= 2) >= 1,
        "market.columns",
        "a 2-player game needs at least one column",
    )

    upg = _value(data, "upgrade_tokens_per_player", int)
    require(upg * 4 == UPGRADE_TOKENS, "upgrade_tokens_per_player", "48 tokens in 4 colours")

    pond = field(data, "pond_tiles", dict, "pond_tiles")
    check_provenance(pond, "pond_tiles")
    pc = field(pond, "count", int, "pond_tiles")
    pw = field(pond, "width", int, "pond_tiles")
    ph = field(pond, "height", int, "pond_tiles")
    require(pc == POND_TILES, "pond_tiles.count", f"the box has {POND_TILES} pond tiles")
    require(
        pw >= 1 and ph >= 1 and 2 * (pw + ph) == POND_NEIGHBOURS,
        "pond_tiles",
        f"a {pw}x{ph} pond does not have the {POND_NEIGHBOURS} surrounding spaces of the rules",
    )

    resources = animals + crops
    bt = _value(data, "building_types", list)
    require(
        all(isinstance(b, str) and b for b in bt) and len(set(bt)) == len(bt) and bt,
        "building_types",
        "must be distinct names",
    )
    btypes = tuple(bt)

    hs = field(data, "starting_house", dict, "starting_house")
    check_provenance(hs, "starting_house")
    hcells = field(hs, "cells", list, "starting_house")
    require(len(hcells) == 4, "starting_house.cells", "the house tile has 4 spaces (2x2)")
    house = tuple(parse_cell(c, "starting_house.cells", resources, -1) for c in hcells)
    require(
        any(c[0] == K_HOUSE for c in house),
        "starting_house.cells",
        "must show the house",
    )
    require(
        all(c[0] in (K_HOUSE, K_LAND) for c in house),
        "starting_house.cells",
        "holds only the house and land",
    )

    tiles = field(data, "building_tiles", list, "building_tiles")
    require(
        len(tiles) == BUILDING_TILES,
        "building_tiles",
        f"the box has {BUILDING_TILES} building tiles, not {len(tiles)}",
    )
    tile_types = []
    for i, t in enumerate(tiles):
        entry = f"building_tiles[{i}]"
        check_provenance(t, entry)
        b = field(t, "building", str, entry)
        require(b in btypes, entry, f"unknown building {b!r}")
        cells = field(t, "cells", list, entry)
        require(cells == ["building", "building"], entry, "a building tile is one 1x2 building")
        tile_types.append(btypes.index(b))

    lt = field(data, "livestock_tables", dict, "livestock_tables")
    yellow = field(lt, "yellow_value", dict, "livestock_tables")
    check_provenance(yellow, "livestock_tables.yellow_value")
    yv = field(yellow, "value", int, "livestock_tables.yellow_value")
    livestock: dict[str, tuple[tuple[int, ...], ...]] = {}
    headings = {"basic": (5, 4, 3), "advanced": (4, 3, 2)}
    for side in ("basic", "advanced"):
        st = field(lt, side, dict, "livestock_tables")
        check_provenance(st, f"livestock_tables.{side}")
        tables = []
        printed_parts: list[tuple[tuple[int, ...], int]] = []
        for a in animals:
            entry = f"livestock_tables.{side}.{a}"
            t = field(st, a, dict, entry)
            vals = field(t, "values", list, entry)
            ny = field(t, "yellow", int, entry)
            require(
                len(vals) >= 1 and all(isinstance(v, int) for v in vals) and ny >= 0,
                entry,
                "needs whole-number values and a yellow count",
            )
            full = (*vals, *([yv] * ny))
            require(len(full) >= 2, entry, "a table needs a space for at least one trough")
            require(
                all(full[i] >= full[i + 1] for i in range(len(full) - 1)),
                entry,
                "values must not rise towards the bottom (troughs cover the bottom first)",
            )
            require(
                full[-1] < 0, entry, "the bottom space must be negative (no trough loses points)"
            )
            tables.append(full)
            printed_parts.append((tuple(vals), ny))
        tops = tuple(t[0] for t in tables)
        require(
            sorted(tops, reverse=True) == list(headings[side]),
            f"livestock_tables.{side}",
            f"the {side} side is headed {'-'.join(map(str, headings[side]))}, "
            f"not {'-'.join(map(str, tops))}",
        )
        if side == "basic":
            # the printed basic side: values above the yellow spaces, per heading
            printed = {5: ((5, 4, 3, 2), 3), 4: ((4, 3, 2, 1), 2), 3: ((3, 2, 1, 0, -2), 0)}
            for a, (vals_, ny_) in zip(animals, printed_parts, strict=True):
                want_vals, want_yellow = printed[vals_[0]]
                entry = f"livestock_tables.basic.{a}"
                require(
                    vals_ == want_vals,
                    entry,
                    f"the printed table headed {vals_[0]} reads {list(want_vals)}, "
                    f"not {list(vals_)}",
                )
                require(
                    ny_ == want_yellow,
                    entry,
                    f"the table headed {vals_[0]} has {want_yellow} yellow spaces, not {ny_}",
                )
        livestock[side] = tuple(tables)

    cp = tuple(_value(data, "crop_points", list))
    require(cp == (0, 1, 3, 6, 10, 15, 21), "crop_points", "the rulebook table is 1 3 6 10 15 21")
    ce = field(data, "crop_points_extended", dict, "crop_points_extended")
    check_provenance(ce, "crop_points_extended")
    cext = tuple(field(ce, "value", list, "crop_points_extended"))
    step = field(ce, "step_after", int, "crop_points_extended")
    require(
        cext == (28, 36, 45) and step == 5,
        "crop_points_extended",
        "the Agro-Optimizer table is 28 36 45 then +5 per crop",
    )
    pp = _value(data, "pasture_points", int)
    require(pp == 3, "pasture_points", "a pasture scores 3")
    bp = tuple(_value(data, "building_points", list))
    require(
        bp == (0, 3, 6, 10, 15, 21, 28), "building_points", "the rulebook table is 3 6 10 15 21 28"
    )
    require(
        len(btypes) <= len(bp) - 1,
        "building_types",
        f"the building table scores at most {len(bp) - 1} unique buildings",
    )
    p10 = _value(data, "plus10_points", int)
    require(p10 == 10, "plus10_points", f"a token on the +10 slot scores 10, not {p10}")

    tt = field(data, "tech_trees", dict, "tech_trees")
    check_provenance(tt, "tech_trees")
    l1: list[str] = []
    l2: list[str] = []
    trees: list[str] = []
    tree_of: dict[str, int] = {}
    for name, tree in tt.items():
        if name in ("status", "source", "note"):
            continue
        entry = f"tech_trees.{name}"
        a = field(tree, "level1", list, entry)
        b = field(tree, "level2", list, entry)
        require(len(a) >= 1, entry, "a tree needs a level 1 technology")
        for level, names in (("level1", a), ("level2", b)):
            for k, t in enumerate(names):
                require(isinstance(t, str), f"{entry}.{level}[{k}]", f"must be a name, not {t!r}")
        for t in a + b:
            require(t not in tree_of, entry, f"technology {t!r} is in two trees")
            tree_of[t] = len(trees)
        l1 += a
        l2 += b
        trees.append(name)
    require(
        sorted(l1) == sorted(LEVEL1),
        "tech_trees",
        f"level 1 must be exactly {', '.join(LEVEL1)}",
    )
    require(
        sorted(l2) == sorted(LEVEL2),
        "tech_trees",
        f"level 2 must be exactly {', '.join(LEVEL2)}",
    )
    techs = LEVEL1 + LEVEL2

    cards = field(data, "land_cards", list, "land_cards")
    require(
        len(cards) == LAND_CARDS,
        "land_cards",
        f"the box has {LAND_CARDS} land cards, not {len(cards)}",
    )
    seen: set[str] = set()
    land: list[LandCard] = []
    for i, c in enumerate(cards):
        entry = f"land_cards[{i}]"
        check_provenance(c, entry)
        cid = field(c, "id", str, entry)
        entry = f"land_cards[{i}] ({cid})"
        require(cid not in seen and " " not in cid and cid, entry, "ids must be unique words")
        seen.add(cid)
        b = c.get("building")
        require(b is None or b in btypes, entry, f"unknown building {b!r}")
        bi = btypes.index(b) if b is not None else -1
        cl = field(c, "cells", list, entry)
        require(len(cl) == 4, entry, "a land card has 4 spaces (2x2)")
        parsed = tuple(parse_cell(x, entry, resources, bi) for x in cl)
        bcells = [k for k, x in enumerate(parsed) if x[0] == K_BUILDING]
        require(
            all(x[0] in (K_LAND, K_BUILDING) for x in parsed),
            entry,
            "a land card holds land and at most one building",
        )
        if bi < 0:
            require(not bcells, entry, "shows a building but names none")
        else:
            require(
                bcells in ([0, 1], [2, 3], [0, 2], [1, 3]),
                entry,
                "a building fills two neighbouring spaces",
            )
        land.append(LandCard(cid, bi, parsed))

    return Components(
        rounds=rounds,
        scoring_rounds=scoring,
        animals=animals,
        crops=crops,
        tokens_per_type=per_token,
        improvements_per_type=per_type,
        track_per_type=track,
        starting_per_player=start,
        supply=supply,
        market_columns=columns,
        upgrade_tokens=upg,
        pond_count=pc,
        pond_size=(pw, ph),
        house=house,
        building_types=btypes,
        building_tiles=tuple(tile_types),
        livestock=livestock,
        crop_points=cp,
        crop_points_extended=cext,
        crop_step_after=step,
        pasture_points=pp,
        building_points=bp,
        plus10_points=p10,
        techs=techs,
        tech_tree=tuple(tree_of[t] for t in techs),
        tree_names=tuple(trees),
        land_cards=tuple(land),
    )
