"""The component file: known totals, provenance, and bad files refused clearly."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest

import meeple
from meeple.boardgames.farland.components import K_BUILDING
from meeple.core import ComponentsError


def raw() -> dict:
    return json.loads(files("meeple.boardgames.farland").joinpath("components.json").read_text())


def write(tmp_path, data) -> str:
    path = tmp_path / "farland.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_totals_match_the_rulebook():
    c = meeple.load("farland").components
    assert len(c.land_cards) == 70
    assert len(c.building_tiles) == 12
    assert c.tokens_per_type * len(c.resources) == 75
    assert c.improvements_per_type * 3 == 132
    assert c.track_per_type * 3 == 12
    assert c.upgrade_tokens * 4 == 48
    assert c.pond_count == 4
    w, h = c.pond_size
    assert 2 * (w + h) == 10
    assert len(c.animals) == 3  # one per livestock table
    assert len(c.techs) == 12


def test_land_cards_mix_buildings_and_four_space_cards():
    c = meeple.load("farland").components
    with_building = [card for card in c.land_cards if card.building >= 0]
    assert len(with_building) == 24
    for card in with_building:
        assert sum(1 for cell in card.cells if cell[0] == K_BUILDING) == 2
    # every building type appears on tiles and cards
    assert set(c.building_tiles) == set(range(len(c.building_types)))


def test_every_entry_has_a_provenance():
    data = raw()
    for key in ("rounds", "supply", "market", "starting_house", "tech_trees", "pond_tiles"):
        assert data[key]["status"] in ("confirmed", "assumed")
    assert all(card["status"] == "assumed" for card in data["land_cards"])


def test_a_corrected_file_loads(tmp_path):
    data = raw()
    data["supply"]["per_type"]["2"] = 10
    g = meeple.load("farland", players=2, components=write(tmp_path, data))
    assert g.new_initial_state().supply == [10, 10, 10]


def _drop_crop(d: dict) -> None:
    d["resources"]["crops"] = ["wheat"]


def _extra_crop(d: dict) -> None:
    d["resources"]["crops"] = ["wheat", "carrot", "bean"]


def _two_animals(d: dict) -> None:
    d["resources"]["animals"] = ["cow", "pig"]
    d["resources"]["crops"] = ["wheat", "carrot", "sheep"]


def _four_animals(d: dict) -> None:
    d["resources"]["animals"] = ["cow", "pig", "sheep", "wheat"]
    d["resources"]["crops"] = ["carrot"]


def _yellow(animal: str, count: int):
    def change(d: dict) -> None:
        d["livestock_tables"]["basic"][animal]["yellow"] = count

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["land_cards"].pop(), "70 land cards"),
        (lambda d: d["building_tiles"].pop(), "12 building tiles"),
        (lambda d: d["land_cards"][3]["cells"].__setitem__(0, "dragon2"), r"land_cards\[3\]"),
        (lambda d: d["land_cards"][5].__setitem__("id", "L01"), "unique"),
        (lambda d: d["supply"]["per_type"].__setitem__("4", 30), "supply.per_type.4"),
        (lambda d: d["market"].__setitem__("columns", [2, 2, 3, 3]), "6 market spaces"),
        (lambda d: d["pond_tiles"].__setitem__("width", 4), "10 surrounding"),
        (lambda d: d["crop_points"].__setitem__("value", [0, 1, 2, 3, 4, 5, 6]), "crop_points"),
        (lambda d: d["resources"].__setitem__("tokens_per_type", 10), "75 resource tokens"),
        (lambda d: d["rounds"].__setitem__("status", "guessed"), "status"),
        (
            lambda d: d["livestock_tables"]["basic"]["cow"].__setitem__("values", [5, 4, 9, 2]),
            "must not rise",
        ),
        (
            lambda d: d["tech_trees"]["water"]["level1"].remove("aquasphere"),
            "level 1 must be exactly",
        ),
        (
            lambda d: d["tech_trees"]["water"]["level1"].__setitem__(0, None),
            r"tech_trees.water.level1\[0\]: must be a name, not None",
        ),
        (
            lambda d: d["tech_trees"]["herd"]["level2"].append(3),
            r"tech_trees.herd.level2\[\d+\]: must be a name, not 3",
        ),
        (lambda d: d["building_tiles"].__setitem__(0, "mill"), r"building_tiles\[0\]: must be"),
        (lambda d: d["land_cards"][0]["cells"].__setitem__(1, "meadow"), "neighbouring"),
        (lambda d: d["plus10_points"].__setitem__("value", 7), r"plus10_points.*scores 10"),
        (lambda d: d["plus10_points"].__setitem__("value", 11), r"plus10_points.*not 11"),
        (_drop_crop, r"resources: 4 resource types.*5 colours"),
        (_extra_crop, r"resources: 6 resource types.*5 colours"),
        (_two_animals, r"resources.animals: 2 animal types.*3 livestock"),
        (_four_animals, r"resources.animals: 4 animal types.*3 livestock"),
        (_yellow("cow", 1), r"livestock_tables.basic.cow: the table headed 5 has 3 yellow"),
        (_yellow("cow", 4), r"livestock_tables.basic.cow: .*3 yellow spaces, not 4"),
        (_yellow("pig", 1), r"livestock_tables.basic.pig: the table headed 4 has 2 yellow"),
        (_yellow("sheep", 1), r"livestock_tables.basic.sheep: the table headed 3 has 0 yellow"),
        (
            lambda d: d["livestock_tables"]["basic"]["pig"].__setitem__("values", [5, 4, 3, 2]),
            r"livestock_tables.basic: the basic side is headed 5-4-3",
        ),
        (
            lambda d: d["livestock_tables"]["basic"]["cow"].__setitem__("values", [5, 4, 2, 2]),
            r"livestock_tables.basic.cow: the printed table headed 5 reads \[5, 4, 3, 2\]",
        ),
    ],
)
def test_a_bad_file_is_refused_naming_the_entry(tmp_path, change, message):
    data = raw()
    change(data)
    with pytest.raises(ComponentsError, match=message):
        meeple.load("farland", players=2, components=write(tmp_path, data))


def test_a_missing_or_broken_file_is_refused(tmp_path):
    with pytest.raises(ComponentsError, match="does not exist"):
        meeple.load("farland", components=str(tmp_path / "nope.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(ComponentsError, match="not valid JSON"):
        meeple.load("farland", components=str(bad))


def test_the_livestock_tables_may_be_assigned_to_other_animals(tmp_path):
    data = raw()
    basic = data["livestock_tables"]["basic"]
    basic["cow"], basic["sheep"] = basic["sheep"], basic["cow"]
    adv = data["livestock_tables"]["advanced"]
    adv["cow"], adv["sheep"] = adv["sheep"], adv["cow"]
    c = meeple.load("farland", players=2, components=write(tmp_path, data)).components
    assert c.livestock["basic"][0][0] == 3 and c.livestock["basic"][2][0] == 5
