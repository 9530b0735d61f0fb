"""Load and check Piepmatz's component file into frozen dataclasses.

A corrected file (``meeple.load("piepmatz", components=PATH)``) is held to the
known totals it declares (72 birds, 36 feeder cards, the five "3+" cards) and to
what the rules need (enough birds and seed cards to set up a two-player game).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.core.components import check_provenance, field, read_json, require

FORMAT = "meeple.components/piepmatz"
PEST_KINDS = ("crow", "squirrel")


@dataclass(frozen=True)
class Species:
    id: str
    name: str


@dataclass(frozen=True)
class SeedKind:
    """All feeder cards showing the same number of eggs (one entry of the deck)."""

    eggs: int
    count: int
    marked_3plus: int


@dataclass(frozen=True)
class Components:
    species: tuple[Species, ...]
    values: tuple[int, ...]
    eggs: tuple[int, ...]  # eggs printed on a bird of values[i]
    sexes: tuple[str, ...]
    seeds: tuple[SeedKind, ...]  # sorted by eggs
    crows: int
    crows_marked: int
    squirrels: int
    squirrels_marked: int
    hand_size: int
    display_size: int
    column_size: int
    perches: dict[int, int]
    pair_points: int
    final_keep: int
    crow_discards: int
    squirrel_discards: int
    two_player_removed_species: int

    @property
    def bird_cards(self) -> int:
        return len(self.species) * len(self.values) * len(self.sexes)


def _rule(rules: Any, key: str, minimum: int) -> int:
    entry = f"rules.{key}"
    obj = field(rules, key, dict, "rules")
    check_provenance(obj, entry)
    value = field(obj, "value", int, entry)
    require(value >= minimum, f"{entry}.value", f"must be at least {minimum}, not {value}")
    return int(value)


def load(path: Path | None) -> Components:
    """Read the packaged file (``path`` None) or a corrected one, and check it."""
    data = read_json(path, "meeple.boardgames.piepmatz")
    require(
        data.get("format") == FORMAT, "format", f"must be {FORMAT!r}, not {data.get('format')!r}"
    )

    species_list = field(data, "species", list, "file")
    require(len(species_list) >= 2, "species", "needs at least two species")
    species: list[Species] = []
    for i, obj in enumerate(species_list):
        entry = f"species[{i}]"
        check_provenance(obj, entry)
        sid = field(obj, "id", str, entry)
        require(
            sid.isalpha() and sid.islower(), f"{entry}.id", f"must be lower-case letters: {sid!r}"
        )
        require(all(s.id != sid for s in species), f"{entry}.id", f"{sid!r} appears twice")
        species.append(Species(sid, str(obj.get("name", sid.title()))))

    birds = field(data, "birds", dict, "file")
    check_provenance(birds, "birds")
    value_list = field(birds, "values", list, "birds")
    require(bool(value_list), "birds.values", "is empty")
    values: list[int] = []
    eggs: list[int] = []
    for i, obj in enumerate(value_list):
        entry = f"birds.values[{i}]"
        v = field(obj, "value", int, entry)
        e = field(obj, "eggs", int, entry)
        require(v >= 1, f"{entry}.value", f"must be at least 1, not {v}")
        require(v not in values, f"{entry}.value", f"value {v} appears twice")
        require(e >= 0, f"{entry}.eggs", f"cannot be negative ({e})")
        values.append(v)
        eggs.append(e)
    order = sorted(range(len(values)), key=values.__getitem__)
    values = [values[i] for i in order]
    eggs = [eggs[i] for i in order]
    sexes = field(birds, "sexes", list, "birds")
    require(sexes == ["female", "male"], "birds.sexes", 'must be ["female", "male"]')

    deck = field(data, "feeder_deck", list, "file")
    seeds: list[SeedKind] = []
    pests = {k: (0, 0) for k in PEST_KINDS}
    for i, obj in enumerate(deck):
        entry = f"feeder_deck[{i}]"
        check_provenance(obj, entry)
        card = field(obj, "card", str, entry)
        count = field(obj, "count", int, entry)
        marked = field(obj, "marked_3plus", int, entry)
        require(count >= 0, f"{entry}.count", f"cannot be negative ({count})")
        require(
            0 <= marked <= count,
            f"{entry}.marked_3plus",
            f"must be between 0 and the count {count}, not {marked}",
        )
        if card == "seed":
            e = field(obj, "eggs", int, entry)
            require(e >= 1, f"{entry}.eggs", f"a seed card shows at least 1 egg, not {e}")
            require(
                all(s.eggs != e for s in seeds),
                f"{entry}.eggs",
                f"seed cards with {e} eggs are listed twice",
            )
            seeds.append(SeedKind(e, count, marked))
        elif card in PEST_KINDS:
            require(pests[card] == (0, 0), entry, f"{card} cards are listed twice")
            pests[card] = (count, marked)
        else:
            require(False, f"{entry}.card", f"must be seed, crow or squirrel, not {card!r}")
    require(bool(seeds), "feeder_deck", "has no seed cards")
    seeds.sort(key=lambda s: s.eggs)

    totals = field(data, "totals", dict, "file")

    def total(key: str) -> int:
        obj = field(totals, key, dict, "totals")
        check_provenance(obj, f"totals.{key}")
        return int(field(obj, "value", int, f"totals.{key}"))

    comp_rules = field(data, "rules", dict, "file")
    perch_entry = field(comp_rules, "perches", dict, "rules")
    check_provenance(perch_entry, "rules.perches")
    perch_map = field(perch_entry, "value", dict, "rules.perches")
    perches: dict[int, int] = {}
    for n in (2, 3, 4):
        k = field(perch_map, str(n), int, "rules.perches.value")
        require(1 <= k <= 6, f"rules.perches.value.{n}", f"must be 1 to 6, not {k}")
        perches[n] = k

    comp = Components(
        species=tuple(species),
        values=tuple(values),
        eggs=tuple(eggs),
        sexes=tuple(sexes),
        seeds=tuple(seeds),
        crows=pests["crow"][0],
        crows_marked=pests["crow"][1],
        squirrels=pests["squirrel"][0],
        squirrels_marked=pests["squirrel"][1],
        hand_size=_rule(comp_rules, "hand_size", 1),
        display_size=_rule(comp_rules, "display_size", 0),
        column_size=_rule(comp_rules, "column_size", 1),
        perches=perches,
        pair_points=_rule(comp_rules, "pair_points", 1),
        final_keep=_rule(comp_rules, "final_keep", 0),
        crow_discards=_rule(comp_rules, "crow_discards", 0),
        squirrel_discards=_rule(comp_rules, "squirrel_discards", 0),
        two_player_removed_species=_rule(comp_rules, "two_player_removed_species", 0),
    )

    # Known totals.
    n_birds = comp.bird_cards
    want = total("bird_cards")
    require(
        n_birds == want,
        "birds",
        f"{len(species)} species x {len(values)} values x 2 sexes make {n_birds} bird cards, "
        f"but totals.bird_cards says {want}",
    )
    n_feeder = sum(s.count for s in seeds) + comp.crows + comp.squirrels
    want = total("feeder_cards")
    require(
        n_feeder == want,
        "feeder_deck",
        f"the counts add up to {n_feeder} feeder cards, but totals.feeder_cards says {want}",
    )
    marked_seed = sum(s.marked_3plus for s in seeds)
    want = total("marked_3plus_seed")
    require(
        marked_seed == want,
        "feeder_deck",
        f"{marked_seed} seed cards are marked 3+, but totals.marked_3plus_seed says {want}",
    )
    want = total("marked_3plus_crow")
    require(
        comp.crows_marked == want,
        "feeder_deck",
        f"{comp.crows_marked} crows are marked 3+, but totals.marked_3plus_crow says {want}",
    )
    require(
        comp.squirrels_marked == 0,
        "feeder_deck",
        "no squirrel is marked 3+ (the five 3+ cards are seed cards and a crow)",
    )

    # What the rules need.
    require(
        comp.final_keep <= comp.hand_size,
        "rules.final_keep",
        f"players cannot keep {comp.final_keep} of a hand of {comp.hand_size}",
    )
    require(
        comp.two_player_removed_species <= 1,
        "rules.two_player_removed_species",
        f"the two-player game sets aside 0 or 1 species, not {comp.two_player_removed_species}",
    )
    two_p_seeds = sum(s.count - s.marked_3plus for s in seeds)
    require(
        two_p_seeds > comp.column_size,
        "feeder_deck",
        f"a two-player game has {two_p_seeds} seed cards, too few to lay a column of "
        f"{comp.column_size} and still have a deck",
    )
    birds_2p = (len(species) - comp.two_player_removed_species) * len(values) * 2
    need = max(comp.perches.values()) + comp.display_size + 4 * comp.hand_size
    require(
        (len(species) * len(values) * 2) >= need
        and birds_2p >= comp.perches[2] + comp.display_size + 2 * comp.hand_size,
        "birds",
        "too few bird cards to set up the perches, the display and every hand",
    )
    return comp
