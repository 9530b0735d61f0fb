"""Load and check ``components.json`` into frozen data.

Chips are identified by a *kind*: an index into the fixed grid of colours x values
(see :mod:`.actions`), with dream weed as the last kind. The loader refuses a file
that breaks a known total (162 food chips, 18 dream weeds, 40 rubies, 26 clovers)
or something the rules need (a price for every value, the start bags, the chips
the dice and action cards hand out), naming the entry and the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.core.components import check_provenance, field, read_json, require

from .actions import (
    COLOURS,
    DREAM,
    N_FOOD,
    VALUES,
    chip_kind,
    chip_name,
    parse_chip,
)

FORMAT = "meeple.components/quedlinburg_dash/1"
KNOWN_FOOD_CHIPS = 162
KNOWN_DREAM_WEED = 18
KNOWN_RUBIES = 40
KNOWN_CLOVERS = 26
MAX_PLAYERS = 4
DIE_FACES = 6
WOOD_VALUES = (0, 1, 2, 3, 4)
"""The wood die moves 0 to 4 fields: five values on six faces, so one value repeats."""
SUGAR_BEET_COLOUR = "white"
SUGAR_BEET_VALUE = 8
"""The white '8' chip is the sugar beet: white chips come only as '8', and '8' only white."""
BOARD_SIDES = ("short", "long")
WHITE_EFFECTS = ("ruby", "chip", "move", "draw")
RULEBOOK_WHITE_FACES = ("ruby", "chip red-2", "chip green-2", "move 1", "draw", "move 3")
"""The six faces of the white die as the caterpillar yellow card lists them."""


@dataclass(frozen=True)
class Board:
    """One side of the board: fields 1..``fields``; ``fields`` is the marketplace."""

    side: str
    fields: int
    spirals: tuple[int, ...]


@dataclass(frozen=True)
class WhiteFace:
    """A face of the white die: ``effect`` is ruby, chip (``arg`` = kind), move, draw."""

    effect: str
    arg: int
    name: str


@dataclass(frozen=True)
class Components:
    chips: tuple[int, ...]  # count per food kind (length N_FOOD)
    dream_weed: int
    rubies: int
    clovers: int
    prices: tuple[tuple[int, int], ...]  # (value, rubies)
    start_bag: tuple[int, ...]  # count per kind, dream weed included (length N_FOOD + 1)
    boards: tuple[tuple[str, Board], ...]
    white_die: tuple[WhiteFace, ...]
    wood_die: tuple[int, ...]
    animals: tuple[str, ...]

    def board(self, side: str) -> Board:
        return dict(self.boards)[side]

    def price(self, value: int) -> int | None:
        return dict(self.prices).get(value)


def _count(obj: Any, entry: str) -> int:
    check_provenance(obj, entry)
    n = field(obj, "count", int, entry)
    require(n >= 0, f"{entry}.count", f"cannot be negative ({n})")
    return int(n)


def load(path: Path | None) -> Components:
    """Read and check a component file; ``None`` reads the packaged one."""
    data = read_json(path, __package__ or "meeple.boardgames.quedlinburg_dash")
    require(
        data.get("format") == FORMAT,
        "format",
        f"must be {FORMAT!r}, not {data.get('format')!r}",
    )

    # Food chips: a grid of colour x value, 162 in all.
    food = field(data, "food_chips", dict, "food_chips")
    check_provenance(food, "food_chips")
    total = field(food, "total", int, "food_chips")
    require(
        total == KNOWN_FOOD_CHIPS,
        "food_chips.total",
        f"the box holds {KNOWN_FOOD_CHIPS} food chips, not {total}",
    )
    counts = [0] * N_FOOD
    for i, entry in enumerate(field(food, "chips", list, "food_chips")):
        where = f"food_chips.chips[{i}]"
        check_provenance(entry, where)
        colour = field(entry, "colour", str, where)
        value = field(entry, "value", int, where)
        require(colour in COLOURS, f"{where}.colour", f"must be one of {COLOURS}, not {colour!r}")
        require(value in VALUES, f"{where}.value", f"must be one of {VALUES}, not {value}")
        require(
            value == SUGAR_BEET_VALUE or colour != SUGAR_BEET_COLOUR,
            where,
            f"white chips are only the '{SUGAR_BEET_VALUE}' sugar beets, not white-{value}",
        )
        require(
            colour == SUGAR_BEET_COLOUR or value != SUGAR_BEET_VALUE,
            where,
            f"'{SUGAR_BEET_VALUE}' chips are only the white sugar beets, not {colour}-{value}",
        )
        kind = chip_kind(colour, value)
        require(counts[kind] == 0, where, f"{colour}-{value} is listed twice")
        counts[kind] = _count(entry, where)
    require(
        sum(counts) == total,
        "food_chips.chips",
        f"the counts add up to {sum(counts)}, not the {total} food chips of the box",
    )

    dream = _count(field(data, "dream_weed", dict, "dream_weed"), "dream_weed")
    require(
        dream == KNOWN_DREAM_WEED,
        "dream_weed.count",
        f"the box holds {KNOWN_DREAM_WEED} dream weed chips, not {dream}",
    )
    rubies = _count(field(data, "rubies", dict, "rubies"), "rubies")
    require(rubies == KNOWN_RUBIES, "rubies.count", f"the box holds {KNOWN_RUBIES}, not {rubies}")
    clovers = _count(field(data, "clovers", dict, "clovers"), "clovers")
    require(
        clovers == KNOWN_CLOVERS, "clovers.count", f"the box holds {KNOWN_CLOVERS}, not {clovers}"
    )

    # Prices: every value that exists needs one.
    prices: dict[int, int] = {}
    for i, entry in enumerate(field(data, "prices", list, "prices")):
        where = f"prices[{i}]"
        check_provenance(entry, where)
        value = field(entry, "value", int, where)
        cost = field(entry, "rubies", int, where)
        require(value in VALUES, f"{where}.value", f"must be one of {VALUES}, not {value}")
        require(value not in prices, where, f"the price of a '{value}' chip is given twice")
        require(cost >= 1, f"{where}.rubies", f"a chip costs at least 1 ruby, not {cost}")
        prices[value] = cost
    for value in VALUES:
        if any(counts[chip_kind(c, value)] for c in COLOURS):
            require(value in prices, "prices", f"'{value}' chips exist but have no price")

    # Start bag: four of them must come out of the supply.
    bag_entry = field(data, "start_bag", dict, "start_bag")
    check_provenance(bag_entry, "start_bag")
    start = [0] * (N_FOOD + 1)
    for name, n in field(bag_entry, "chips", dict, "start_bag").items():
        parsed = parse_chip(name)
        require(parsed is not None, f"start_bag.chips.{name}", "is not a chip (e.g. red-1)")
        assert parsed is not None
        kind = parsed
        require(
            isinstance(n, int) and not isinstance(n, bool) and n > 0,
            f"start_bag.chips.{name}",
            f"must be a positive whole number, not {n!r}",
        )
        start[kind] = n
    require(
        start[DREAM] >= 3,
        "start_bag.chips.dream-weed",
        "a bag needs at least 3 dream weeds (the third one refills the bag)",
    )
    require(
        start[DREAM] * MAX_PLAYERS <= dream,
        "start_bag.chips.dream-weed",
        f"{MAX_PLAYERS} bags need {start[DREAM] * MAX_PLAYERS} dream weeds; the box has {dream}",
    )
    require(sum(start[:N_FOOD]) > 0, "start_bag.chips", "a start bag needs food chips")
    for kind in range(N_FOOD):
        require(
            start[kind] * MAX_PLAYERS <= counts[kind],
            f"start_bag.chips.{chip_name(kind)}",
            f"{MAX_PLAYERS} bags need {start[kind] * MAX_PLAYERS}; "
            f"the supply has only {counts[kind]}",
        )

    boards: list[tuple[str, Board]] = []
    board_data = field(data, "boards", dict, "boards")
    for side in BOARD_SIDES:
        entry = field(board_data, side, dict, "boards")
        where = f"boards.{side}"
        check_provenance(entry, where)
        n_fields = field(entry, "fields", int, where)
        require(
            n_fields >= 10, f"{where}.fields", f"a path needs at least 10 fields, not {n_fields}"
        )
        spirals = field(entry, "spirals", list, where)
        require(
            all(isinstance(s, int) and not isinstance(s, bool) for s in spirals),
            f"{where}.spirals",
            "must be a list of field numbers",
        )
        require(
            spirals == sorted(set(spirals)),
            f"{where}.spirals",
            "must be increasing, each field once",
        )
        require(
            bool(spirals) and spirals[0] >= 1 and spirals[-1] < n_fields,
            f"{where}.spirals",
            f"needs at least one spiral field, all between 1 and {n_fields - 1}",
        )
        boards.append((side, Board(side, n_fields, tuple(spirals))))

    white = field(data, "white_die", dict, "white_die")
    check_provenance(white, "white_die")
    faces_data = field(white, "faces", list, "white_die")
    require(len(faces_data) == DIE_FACES, "white_die.faces", f"a die has {DIE_FACES} faces")
    faces: list[WhiteFace] = []
    for i, text in enumerate(faces_data):
        faces.append(_white_face(text, f"white_die.faces[{i}]", counts))
    got = sorted(" ".join(str(t).split()) for t in faces_data)
    require(
        got == sorted(RULEBOOK_WHITE_FACES),
        "white_die.faces",
        f"the rulebook's white die shows {', '.join(RULEBOOK_WHITE_FACES)} "
        f"(in any order), not {', '.join(map(str, faces_data))}",
    )

    wood = field(data, "wood_die", dict, "wood_die")
    check_provenance(wood, "wood_die")
    wood_faces = field(wood, "faces", list, "wood_die")
    require(len(wood_faces) == DIE_FACES, "wood_die.faces", f"a die has {DIE_FACES} faces")
    for i, v in enumerate(wood_faces):
        require(
            isinstance(v, int) and not isinstance(v, bool) and v in WOOD_VALUES,
            f"wood_die.faces[{i}]",
            f"must be a number of fields from {WOOD_VALUES[0]} to {WOOD_VALUES[-1]}, not {v!r}",
        )
    missing = [v for v in WOOD_VALUES if v not in wood_faces]
    require(
        not missing,
        "wood_die.faces",
        f"the wood die shows every value from {WOOD_VALUES[0]} to {WOOD_VALUES[-1]} "
        f"(one of them twice); {', '.join(map(str, missing))} is missing",
    )

    animals_entry = field(data, "animals", dict, "animals")
    check_provenance(animals_entry, "animals")
    animals = field(animals_entry, "names", list, "animals")
    require(
        len(animals) == MAX_PLAYERS and all(isinstance(a, str) and a for a in animals),
        "animals.names",
        f"needs {MAX_PLAYERS} animal names",
    )

    return Components(
        chips=tuple(counts),
        dream_weed=dream,
        rubies=rubies,
        clovers=clovers,
        prices=tuple(sorted(prices.items())),
        start_bag=tuple(start),
        boards=tuple(boards),
        white_die=tuple(faces),
        wood_die=tuple(int(v) for v in wood_faces),
        animals=tuple(str(a) for a in animals),
    )


def _white_face(text: Any, where: str, counts: list[int]) -> WhiteFace:
    require(isinstance(text, str), where, f"must be text, not {text!r}")
    words = str(text).split()
    effect = words[0] if words else ""
    require(effect in WHITE_EFFECTS, where, f"must start with one of {WHITE_EFFECTS}: {text!r}")
    if effect == "ruby":
        require(len(words) == 1, where, "'ruby' takes nothing after it")
        return WhiteFace("ruby", 1, "ruby")
    if effect == "draw":
        require(len(words) == 1, where, "'draw' takes nothing after it")
        return WhiteFace("draw", 0, "draw again")
    require(len(words) == 2, where, f"{effect!r} needs one argument: {text!r}")
    if effect == "chip":
        kind = parse_chip(words[1])
        require(kind is not None and kind != DREAM, where, f"{words[1]!r} is not a food chip")
        assert kind is not None
        require(counts[kind] > 0, where, f"the supply has no {words[1]} chips")
        return WhiteFace("chip", kind, chip_name(kind))
    require(words[1].isdigit() and int(words[1]) > 0, where, "'move' needs a number of fields")
    return WhiteFace("move", int(words[1]), f"move {int(words[1])}")
