"""Load and check Crôa!'s component file into frozen dataclasses.

The engine knows six tile effects (``EFFECTS``); the male colours, the tile mix
of every back, the layout of the backs in the pond and the start positions come
from ``components.json``. A corrected file that breaks a known total (64 tiles,
two tiles per male, a full layout) or a rule of the rulebook (six servants, two at
the start, six males; one shallow back with no pike and all the mud, two deep backs
with the same tiles apart from the males' colours) is refused with the entry and the
reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.core.components import check_provenance, field, read_json, require

SIZE = 8
SQUARES = SIZE * SIZE
FILES = "abcdefgh"
EFFECTS = ("lily", "mosquito", "mud", "pike", "reeds", "log")
"""The tile effects in tile-type order; male tiles follow, one type per colour."""
POND_TILES = 64
SERVANTS_PER_PLAYER = 6
SERVANTS_AT_START = 2
MALE_COLOURS = 6
WATERS = ("shallow", "deep")
"""The ``water`` of a back: one shallow set and two deep sets in the three-back pond."""


def square_name(sq: int) -> str:
    """``0`` is a1, ``7`` is h1, ``63`` is h8."""
    return f"{FILES[sq % SIZE]}{sq // SIZE + 1}"


def parse_square(name: str) -> int | None:
    """The square index of ``"c5"``, or ``None`` when it is not a square."""
    if len(name) != 2 or name[0] not in FILES or name[1] not in "12345678":
        return None
    return FILES.index(name[0]) + SIZE * (int(name[1]) - 1)


def _neighbours() -> tuple[tuple[int, ...], ...]:
    out = []
    for sq in range(SQUARES):
        r, c = divmod(sq, SIZE)
        near = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
                    near.append((r + dr) * SIZE + c + dc)
        out.append(tuple(sorted(near)))
    return tuple(out)


NEIGHBOURS = _neighbours()
"""The (up to eight) squares next to each square, in increasing order."""


@dataclass(frozen=True)
class Pond:
    """One way to lay the pond: the backs, their tile mixes and where each back lies."""

    back_ids: tuple[str, ...]
    back_names: tuple[str, ...]
    back_letters: tuple[str, ...]
    counts: tuple[tuple[int, ...], ...]  # per back, per tile type
    layout: tuple[int, ...]  # the back index of each square (64)
    waters: tuple[str, ...]  # per back: "shallow" or "deep" ("" for the classic pond)


@dataclass(frozen=True)
class Start:
    queen: int
    servants: tuple[int, ...]


@dataclass(frozen=True)
class CroaComponents:
    tile_types: tuple[str, ...]  # EFFECTS then "male-<colour>" per colour
    male_colours: tuple[str, ...]
    servants_per_player: int
    servants_at_start: int
    three_backs: Pond
    classic: Pond
    starts: dict[int, tuple[Start, ...]]


def load(path: Path | None = None) -> CroaComponents:
    data = read_json(path, "meeple.boardgames.croa")
    require(
        data.get("format") == "meeple.components/croa/1",
        "format",
        "must be 'meeple.components/croa/1'",
    )

    pond = field(data, "pond", dict, "pond")
    check_provenance(pond, "pond")
    require(
        field(pond, "size", int, "pond") == SIZE, "pond.size", f"the pond is {SIZE}x{SIZE} tiles"
    )

    males = field(data, "male_colours", dict, "male_colours")
    check_provenance(males, "male_colours")
    colours = field(males, "colours", list, "male_colours")
    require(
        all(isinstance(c, str) and c for c in colours),
        "male_colours.colours",
        "must be a list of colour names",
    )
    require(len(set(colours)) == len(colours), "male_colours.colours", "has a repeated colour")
    require(
        len(colours) == MALE_COLOURS,
        "male_colours.colours",
        f"the game has {MALE_COLOURS} males (6 tokens per player), not {len(colours)}",
    )
    per_male = field(males, "tiles_per_male", int, "male_colours")
    require(
        per_male == 2,
        "male_colours.tiles_per_male",
        "every male has exactly two tiles (the male and its twin)",
    )
    tile_types = (*EFFECTS, *(f"male-{c}" for c in colours))

    frogs = field(data, "frogs", dict, "frogs")
    check_provenance(frogs, "frogs")
    require(
        field(frogs, "queens_per_player", int, "frogs") == 1,
        "frogs.queens_per_player",
        "each player has exactly one queen",
    )
    servants = field(frogs, "servants_per_player", int, "frogs")
    at_start = field(frogs, "servants_at_start", int, "frogs")
    require(
        servants == SERVANTS_PER_PLAYER,
        "frogs.servants_per_player",
        f"each player has {SERVANTS_PER_PLAYER} servants (24 for 4 players), not {servants}",
    )
    require(
        at_start == SERVANTS_AT_START,
        "frogs.servants_at_start",
        f"each queen starts with {SERVANTS_AT_START} servants, not {at_start}",
    )
    tokens = field(frogs, "male_tokens_per_player", int, "frogs")
    require(
        tokens == len(colours),
        "frogs.male_tokens_per_player",
        f"one token per male colour: {len(colours)}, not {tokens}",
    )

    backs = field(data, "backs", list, "backs")
    require(len(backs) >= 1, "backs", "needs at least one back")
    back_ids: list[str] = []
    letters: list[str] = []
    names: list[str] = []
    counts: list[tuple[int, ...]] = []
    waters: list[str] = []
    for i, back in enumerate(backs):
        entry = f"backs[{i}]"
        check_provenance(back, entry)
        bid = field(back, "id", str, entry)
        letter = field(back, "letter", str, entry)
        require(len(letter) == 1, f"{entry}.letter", "must be one character")
        require(bid not in back_ids, f"{entry}.id", f"repeats the back {bid!r}")
        require(letter not in letters, f"{entry}.letter", f"repeats the letter {letter!r}")
        back_ids.append(bid)
        letters.append(letter)
        water = field(back, "water", str, entry)
        require(water in WATERS, f"{entry}.water", f"must be one of {WATERS}, not {water!r}")
        waters.append(water)
        names.append(str(back.get("name", bid)))
        counts.append(_mix(field(back, "tiles", dict, entry), tile_types, f"backs.{bid}.tiles"))

    layout_entry = field(data, "layout", dict, "layout")
    check_provenance(layout_entry, "layout")
    rows = field(layout_entry, "rows", list, "layout")
    require(
        len(rows) == SIZE and all(isinstance(r, str) and len(r) == SIZE for r in rows),
        "layout.rows",
        f"must be {SIZE} rows of {SIZE} back letters",
    )
    layout = [0] * SQUARES
    for r, row in enumerate(rows):
        rank = SIZE - 1 - r  # the first row is rank 8
        for c, ch in enumerate(row):
            require(
                ch in letters,
                f"layout.rows[{r}]",
                f"{ch!r} at {square_name(rank * SIZE + c)} is not a back letter "
                f"({', '.join(letters)})",
            )
            layout[rank * SIZE + c] = letters.index(ch)
    for b, bid in enumerate(back_ids):
        n_squares = layout.count(b)
        total = sum(counts[b])
        require(
            total == n_squares,
            f"backs.{bid}.tiles",
            f"holds {total} tiles but the layout has {n_squares} squares with its back",
        )
    _check_pond(counts, tile_types, colours, "backs")
    _check_backs(back_ids, waters, counts, tile_types)

    classic = field(data, "classic", dict, "classic")
    check_provenance(classic, "classic")
    classic_counts = _mix(field(classic, "tiles", dict, "classic"), tile_types, "classic.tiles")
    require(
        sum(classic_counts) == POND_TILES,
        "classic.tiles",
        f"holds {sum(classic_counts)} tiles, not {POND_TILES}",
    )
    _check_pond([classic_counts], tile_types, colours, "classic.tiles")

    starts_entry = field(data, "starts", dict, "starts")
    starts: dict[int, tuple[Start, ...]] = {}
    for n in (2, 3, 4):
        entry = f"starts.{n}"
        block = field(starts_entry, str(n), dict, "starts")
        check_provenance(block, entry)
        seats = field(block, "frogs", list, entry)
        require(len(seats) == n, f"{entry}.frogs", f"needs one start for each of {n} players")
        used: set[int] = set()
        out: list[Start] = []
        for p, seat in enumerate(seats):
            where = f"{entry}.frogs[{p}]"
            queen = _square(field(seat, "queen", str, where), f"{where}.queen")
            sv = field(seat, "servants", list, where)
            require(
                len(sv) == at_start,
                f"{where}.servants",
                f"needs {at_start} servants (frogs.servants_at_start)",
            )
            squares = [_square(s, f"{where}.servants") for s in sv]
            for s in squares:
                require(
                    _adjacent(queen, s),
                    f"{where}.servants",
                    f"{square_name(s)} is not next to the queen on {square_name(queen)}",
                )
            for s in [queen, *squares]:
                require(s not in used, where, f"{square_name(s)} is already taken")
                used.add(s)
            out.append(Start(queen, tuple(squares)))
        starts[n] = tuple(out)

    three = Pond(
        tuple(back_ids),
        tuple(names),
        tuple(letters),
        tuple(counts),
        tuple(layout),
        tuple(waters),
    )
    single = Pond(
        ("pond",),
        (str(classic.get("name", "pond")),),
        ("",),
        (classic_counts,),
        (0,) * SQUARES,
        ("",),
    )
    return CroaComponents(
        tile_types=tile_types,
        male_colours=tuple(colours),
        servants_per_player=servants,
        servants_at_start=at_start,
        three_backs=three,
        classic=single,
        starts=starts,
    )


def _mix(tiles: dict[str, Any], tile_types: tuple[str, ...], entry: str) -> tuple[int, ...]:
    unknown = sorted(set(tiles) - set(tile_types))
    require(not unknown, entry, f"unknown tile type {unknown[0]!r}" if unknown else "")
    out = []
    for t in tile_types:
        value = field(tiles, t, int, entry)
        require(value >= 0, f"{entry}.{t}", f"cannot be negative ({value})")
        out.append(value)
    return tuple(out)


def _check_backs(
    ids: list[str], waters: list[str], counts: list[tuple[int, ...]], tile_types: tuple[str, ...]
) -> None:
    """The rulebook's rules for the backs: one shallow set with no pike and all the mud,
    two deep sets with no mud that hold the same tiles apart from their males' colours;
    a larger share of reeds in shallow water and of lilies in deep water."""
    require(
        waters.count("shallow") == 1 and waters.count("deep") == 2,
        "backs",
        "the pond has one shallow-water back and two deep-water backs, not "
        + ", ".join(f"{b} ({w})" for b, w in zip(ids, waters, strict=True)),
    )
    pike, mud = tile_types.index("pike"), tile_types.index("mud")
    shallow = waters.index("shallow")
    require(
        counts[shallow][pike] == 0,
        f"backs.{ids[shallow]}.tiles.pike",
        f"shallow water has no pike, not {counts[shallow][pike]}",
    )
    require(
        counts[shallow][mud] > 0,
        f"backs.{ids[shallow]}.tiles.mud",
        "all the mud lies in shallow water, so it holds at least one mud tile",
    )
    deep = [b for b, w in enumerate(waters) if w == "deep"]
    for b in deep:
        require(
            counts[b][mud] == 0,
            f"backs.{ids[b]}.tiles.mud",
            f"all the mud lies in shallow water; a deep back holds none, not {counts[b][mud]}",
        )
    a, b = deep
    males = [k for k, t in enumerate(tile_types) if t.startswith("male-")]
    for k, t in enumerate(tile_types):
        if k in males:
            continue
        require(
            counts[a][k] == counts[b][k],
            f"backs.{ids[b]}.tiles.{t}",
            f"both deep sets hold the same tiles: {ids[a]} has {counts[a][k]} {t}, "
            f"{ids[b]} has {counts[b][k]}",
        )
    na, nb = sum(counts[a][k] for k in males), sum(counts[b][k] for k in males)
    require(
        na == nb,
        f"backs.{ids[b]}.tiles",
        f"both deep sets hold the same number of males (only the colours differ): "
        f"{ids[a]} has {na}, {ids[b]} has {nb}",
    )
    # Ruling 17: shallow water has the larger share of reeds, deep water of lilies (shares,
    # since the backs differ in size): compare reeds_s / total_s with reeds_d / total_d.
    totals = [sum(c) for c in counts]
    for kind, more, fewer in (("reeds", [shallow], deep), ("lily", deep, [shallow])):
        k = tile_types.index(kind)
        for m in more:
            for f in fewer:
                require(
                    counts[m][k] * totals[f] > counts[f][k] * totals[m],
                    f"backs.{ids[m]}.tiles.{kind}",
                    f"{waters[m]} water holds a larger share of {kind} than {waters[f]} water: "
                    f"{ids[m]} has {counts[m][k]} in {totals[m]}, {ids[f]} {counts[f][k]} "
                    f"in {totals[f]}",
                )


def _check_pond(
    counts: list[tuple[int, ...]], tile_types: tuple[str, ...], colours: list[str], entry: str
) -> None:
    total = sum(sum(c) for c in counts)
    require(total == POND_TILES, entry, f"the pond holds {total} tiles, not {POND_TILES}")
    for k, name in enumerate(tile_types):
        if name.startswith("male-"):
            n = sum(c[k] for c in counts)
            require(
                n == 2, f"{entry}.{name}", f"every male has two tiles (it and its twin), not {n}"
            )


def _square(name: Any, entry: str) -> int:
    sq = parse_square(name) if isinstance(name, str) else None
    require(sq is not None, entry, f"{name!r} is not a square a1..h8")
    assert sq is not None
    return sq


def _adjacent(a: int, b: int) -> bool:
    return a != b and abs(a % SIZE - b % SIZE) <= 1 and abs(a // SIZE - b // SIZE) <= 1
