"""Load and check ``components.json`` into frozen data.

Every known total (108 hexagons as 6 colours x 6 patterns x 3, 24 jokers, 36
garden expansions printing each colour/pattern once, 4 round stacks and a reserve
holding all 36 expansions) is checked, so a corrected file that breaks one is
refused with the entry and the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.boardgames.azul_queens_garden.board import AREAS, CELLS_PER_AREA
from meeple.core.components import check_provenance, field, read_json, require

NUM_COLOURS = 6
NUM_PATTERNS = 6
NUM_TYPES = NUM_COLOURS * NUM_PATTERNS
ORNAMENTS = ("statue", "bench", "pavilion")
# Confirmed pattern values by position: tree 1, bird 2, butterfly 3, six blossoms 6.
CONFIRMED_VALUES = {0: 1, 1: 2, 2: 3, 5: 6}
FORMAT = "meeple.components/azul_queens_garden/1"


@dataclass(frozen=True)
class WheelEntry:
    """One scored item on the rotary wheel: a colour or a pattern."""

    is_colour: bool
    index: int


@dataclass(frozen=True)
class Components:
    colours: tuple[str, ...]
    patterns: tuple[str, ...]
    values: tuple[int, ...]  # per pattern: cost to place and points in the evaluation
    copies: int
    jokers_total: int
    jokers_start: int
    storage_tiles: int
    storage_expansions: int
    start_score: int
    rounds: int
    face_down_cost: int
    first_pass_penalty: int
    discard_cost: int
    pavilion_points: int
    joker_points: int
    storage_tile_points: int
    min_group: int
    six_bonus: int
    colour_points: int  # round scoring: per hexagon of a scored colour
    pattern_points: tuple[int, ...]  # round scoring: per hexagon of the scored pattern, by round
    tiles_per_expansion: int
    display_start: int
    stacks: dict[int, tuple[tuple[int, ...], int]]  # players -> (round stacks, reserve)
    wheel: tuple[tuple[WheelEntry, ...], ...]
    ornament: tuple[str, ...]  # per expansion, indexed by its printed tile type

    def tile_name(self, t: int) -> str:
        return f"{self.colours[t // NUM_PATTERNS]}-{self.patterns[t % NUM_PATTERNS]}"

    def tile_type(self, name: str) -> int | None:
        c, dash, p = name.partition("-")
        if not dash or c not in self.colours or p not in self.patterns:
            return None
        return self.colours.index(c) * NUM_PATTERNS + self.patterns.index(p)

    def entry_name(self, e: WheelEntry) -> str:
        return self.colours[e.index] if e.is_colour else self.patterns[e.index]


def _int(obj: Any, key: str, entry: str, low: int = 0) -> int:
    v = field(obj, key, int, entry)
    require(v >= low, f"{entry}.{key}", f"must be at least {low}, not {v}")
    return int(v)


def load(path: Path | None) -> Components:
    data = read_json(path, __package__)
    require(data.get("format") == FORMAT, "format", f"must be {FORMAT!r}")

    col = field(data, "colours", dict, "colours")
    check_provenance(col, "colours")
    colours = field(col, "names", list, "colours")
    require(len(colours) == NUM_COLOURS, "colours.names", f"needs {NUM_COLOURS} colours")
    require(
        all(isinstance(c, str) and c and "-" not in c and " " not in c for c in colours),
        "colours.names",
        "names must be single words without '-'",
    )
    require(len(set(colours)) == NUM_COLOURS, "colours.names", "names must differ")

    pats = field(data, "patterns", list, "patterns")
    require(len(pats) == NUM_PATTERNS, "patterns", f"needs {NUM_PATTERNS} patterns")
    names: list[str] = []
    values: list[int] = []
    for i, p in enumerate(pats):
        entry = f"patterns[{i}]"
        check_provenance(p, entry)
        name = field(p, "name", str, entry)
        require(
            bool(name) and "-" not in name and " " not in name,
            f"{entry}.name",
            "must be one word without '-'",
        )
        require(name not in colours, f"{entry}.name", "must differ from every colour name")
        names.append(name)
        values.append(_int(p, "value", entry, 1))
    require(len(set(names)) == NUM_PATTERNS, "patterns", "names must differ")
    require(
        all(1 <= v <= NUM_PATTERNS for v in values),
        "patterns",
        "a value (the cost in tiles) must be 1 to 6: a payment uses different patterns "
        "or different colours, so at most 6 tiles",
    )
    require(
        sorted(values) == list(range(1, NUM_PATTERNS + 1)),
        "patterns",
        f"the values must be 1 to 6, each once (a permutation), not {values}",
    )
    for i, v in CONFIRMED_VALUES.items():
        require(
            values[i] == v,
            f"patterns[{i}].value",
            f"{names[i]} (pattern {i + 1}) is confirmed at value {v}, not {values[i]}",
        )

    tiles = field(data, "tiles", dict, "tiles")
    check_provenance(tiles, "tiles")
    copies = _int(tiles, "copies", "tiles", 1)
    total = _int(tiles, "total", "tiles")
    require(
        total == copies * NUM_TYPES,
        "tiles.total",
        f"must be copies x 36 = {copies * NUM_TYPES}, not {total}",
    )
    require(total == 108, "tiles.total", f"the game has 108 hexagons, not {total}")

    jok = field(data, "jokers", dict, "jokers")
    check_provenance(jok, "jokers")
    jokers_total = _int(jok, "total", "jokers")
    jokers_start = _int(jok, "per_player_at_start", "jokers")
    require(jokers_total == 24, "jokers.total", f"the game has 24 jokers, not {jokers_total}")
    require(
        jokers_start * 4 <= jokers_total,
        "jokers.per_player_at_start",
        f"4 players x {jokers_start} is more than the {jokers_total} jokers",
    )

    sto = field(data, "storage", dict, "storage")
    check_provenance(sto, "storage")
    storage_tiles = _int(sto, "tiles", "storage", 1)
    storage_expansions = _int(sto, "expansions", "storage")
    require(
        storage_tiles == 12,
        "storage.tiles",
        f"storage is confirmed at 12 tiles, not {storage_tiles}",
    )
    require(
        storage_expansions == 2,
        "storage.expansions",
        f"storage is confirmed at 2 expansions, not {storage_expansions}",
    )

    sc = field(data, "score", dict, "score")
    check_provenance(sc, "score")
    start_score = _int(sc, "start", "score")
    require(
        start_score == 15,
        "score.start",
        f"every scoring marker starts on 15 (confirmed by a review), not {start_score}",
    )
    rnd = field(data, "rounds", dict, "rounds")
    check_provenance(rnd, "rounds")
    rounds = _int(rnd, "count", "rounds", 1)
    costs = field(data, "costs", dict, "costs")
    check_provenance(costs, "costs")
    scoring = field(data, "scoring", dict, "scoring")
    check_provenance(scoring, "scoring")
    storage_tile_points = field(scoring, "storage_tile_at_end", int, "scoring")
    require(
        storage_tile_points <= 0,
        "scoring.storage_tile_at_end",
        f"hexagons left in storage are a penalty, so this must be 0 or less, not "
        f"{storage_tile_points}",
    )
    min_group = _int(scoring, "min_group", "scoring", 1)
    require(
        min_group >= 2,
        "scoring.min_group",
        f"a group is at least 2 touching hexagons, so this must be at least 2, not {min_group}",
    )
    rsc = field(data, "round_scoring", dict, "round_scoring")
    check_provenance(rsc, "round_scoring")
    colour_points = _int(rsc, "colour_points", "round_scoring")
    pattern_points = field(rsc, "pattern_points", list, "round_scoring")
    require(
        len(pattern_points) == rounds
        and all(isinstance(x, int) and 0 <= x <= 6 for x in pattern_points),
        "round_scoring.pattern_points",
        f"needs {rounds} points per pattern hexagon (one per round), each 0 to 6",
    )
    disp = field(data, "display", dict, "display")
    check_provenance(disp, "display")
    tiles_per_expansion = _int(disp, "tiles_per_expansion", "display", 1)
    require(tiles_per_expansion <= 6, "display.tiles_per_expansion", "an expansion has 6 spaces")
    # The garden's shape is the engine's own (board.py): a file may confirm it, not change it,
    # so a changed board is refused rather than accepted and silently played as printed.
    fb = field(data, "fountain_board", dict, "fountain_board")
    check_provenance(fb, "fountain_board")
    spaces = _int(fb, "spaces", "fountain_board")
    require(
        spaces == CELLS_PER_AREA - 1,
        "fountain_board.spaces",
        f"this engine plays the printed board's {CELLS_PER_AREA - 1} spaces around the fountain, "
        f"not {spaces}; a board of another shape is not supported",
    )
    fountain = field(fb, "ornament", str, "fountain_board")
    require(
        fountain == "fountain",
        "fountain_board.ornament",
        f"the fountain board's ornament is the fountain, not {fountain!r}",
    )
    gb = field(data, "garden_board", dict, "garden_board")
    check_provenance(gb, "garden_board")
    areas = _int(gb, "expansion_areas", "garden_board")
    require(
        areas == AREAS - 1,
        "garden_board.expansion_areas",
        f"this engine plays the printed garden's {AREAS - 1} expansion areas, not {areas}; "
        "a garden of another shape is not supported",
    )
    ds = field(data, "display_start", dict, "display_start")
    check_provenance(ds, "display_start")
    display_start = _int(ds, "expansions", "display_start", 1)

    exps = field(data, "expansions", list, "expansions")
    require(
        len(exps) == NUM_TYPES, "expansions", f"the game has 36 garden expansions, not {len(exps)}"
    )
    ornament: list[str | None] = [None] * NUM_TYPES
    for i, e in enumerate(exps):
        entry = f"expansions[{i}]"
        check_provenance(e, entry)
        printed = field(e, "printed", str, entry)
        c, dash, p = printed.partition("-")
        require(
            bool(dash) and c in colours and p in names,
            f"{entry}.printed",
            f"{printed!r} is not a colour-pattern such as '{colours[0]}-{names[0]}'",
        )
        t = colours.index(c) * NUM_PATTERNS + names.index(p)
        require(
            ornament[t] is None,
            f"{entry}.printed",
            f"{printed!r} is printed on two expansions; each colour/pattern appears once",
        )
        orn = field(e, "ornament", str, entry)
        require(orn in ORNAMENTS, f"{entry}.ornament", f"must be one of {ORNAMENTS}, not {orn!r}")
        ornament[t] = orn

    st = field(data, "stacks", dict, "stacks")
    stacks: dict[int, tuple[tuple[int, ...], int]] = {}
    for n in (2, 3, 4):
        entry = f"stacks.{n}"
        s = field(st, str(n), dict, "stacks")
        check_provenance(s, entry)
        rs = field(s, "round_stacks", list, entry)
        require(
            len(rs) == rounds and all(isinstance(x, int) and x >= display_start for x in rs),
            f"{entry}.round_stacks",
            f"needs {rounds} stack sizes of at least {display_start} (one per round)",
        )
        reserve = _int(s, "reserve", entry)
        require(
            sum(rs) + reserve == NUM_TYPES,
            entry,
            f"the stacks and the reserve must hold all 36 expansions, not {sum(rs) + reserve}",
        )
        stacks[n] = (tuple(rs), reserve)

    wh = field(data, "wheel", dict, "wheel")
    check_provenance(wh, "wheel")
    positions = field(wh, "positions", list, "wheel")
    require(len(positions) == rounds, "wheel.positions", f"needs one position per round ({rounds})")
    wheel: list[tuple[WheelEntry, ...]] = []
    for i, pos in enumerate(positions):
        entry = f"wheel.positions[{i}]"
        require(isinstance(pos, list) and len(pos) == 3, entry, "must list 3 scored items")
        items = []
        for s in pos:
            kind, colon, name = str(s).partition(":")
            ok = colon and (
                (kind == "colour" and name in colours) or (kind == "pattern" and name in names)
            )
            require(bool(ok), entry, f"{s!r} is not 'colour:<colour>' or 'pattern:<pattern>'")
            items.append(
                WheelEntry(kind == "colour", (colours if kind == "colour" else names).index(name))
            )
        require(len(set(items)) == 3, entry, "the 3 scored items must differ")
        wheel.append(tuple(items))

    return Components(
        colours=tuple(colours),
        patterns=tuple(names),
        values=tuple(values),
        copies=copies,
        jokers_total=jokers_total,
        jokers_start=jokers_start,
        storage_tiles=storage_tiles,
        storage_expansions=storage_expansions,
        start_score=start_score,
        rounds=rounds,
        face_down_cost=_int(costs, "face_down_expansion", "costs"),
        first_pass_penalty=_int(costs, "first_pass_penalty", "costs"),
        discard_cost=_int(costs, "discard_per_tile", "costs"),
        pavilion_points=_int(scoring, "pavilion_per_round", "scoring"),
        joker_points=_int(scoring, "joker_at_end", "scoring"),
        storage_tile_points=storage_tile_points,
        min_group=min_group,
        six_bonus=_int(scoring, "group_of_six_bonus", "scoring"),
        colour_points=colour_points,
        pattern_points=tuple(pattern_points),
        tiles_per_expansion=tiles_per_expansion,
        display_start=display_start,
        stacks=stacks,
        wheel=tuple(wheel),
        ornament=tuple(o for o in ornament if o is not None),
    )
