"""The component data file: known totals, provenance, corrected and broken files."""

from __future__ import annotations

import copy
import json
from importlib.resources import files

import pytest

import meeple
from meeple.boardgames.quedlinburg_dash import components as comp
from meeple.boardgames.quedlinburg_dash.actions import parse_chip
from meeple.core import ComponentsError
from meeple.core.position import edit


def packaged() -> dict:
    text = files("meeple.boardgames.quedlinburg_dash").joinpath("components.json").read_text()
    return json.loads(text)


def write(tmp_path, data) -> str:
    path = tmp_path / "components.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_the_box_totals_hold():
    c = comp.load(None)
    assert sum(c.chips) == 162
    assert c.dream_weed == 18
    assert c.rubies == 40
    assert c.clovers == 26
    assert c.animals == ("donkey", "sheep", "pig", "cow")
    assert dict(c.prices) == {1: 1, 2: 2, 4: 3, 5: 4, 8: 5}
    assert c.board("short").fields == 50 and c.board("long").fields == 76
    assert [f.name for f in c.white_die] == [
        "ruby",
        "red-2",
        "green-2",
        "move 1",
        "draw again",
        "move 3",
    ]
    assert sorted(c.wood_die) == [0, 1, 2, 2, 3, 4]


def test_every_entry_is_confirmed_with_a_source_or_assumed():
    data = packaged()
    entries = [
        data["food_chips"],
        data["food_chips"]["colours_and_values"],
        *data["food_chips"]["chips"],
        data["dream_weed"],
        data["rubies"],
        data["clovers"],
        *data["prices"],
        data["start_bag"],
        data["boards"]["short"],
        data["boards"]["long"],
        data["white_die"],
        data["wood_die"],
        data["animals"],
    ]
    for e in entries:
        assert e["status"] in ("confirmed", "assumed")
        if e["status"] == "confirmed":
            assert e["source"]


def test_the_white_chip_is_the_only_eight_and_the_fives_are_orange_and_purple():
    c = comp.load(None)
    eights = [k for k, n in enumerate(c.chips) if n and k % 5 == 4]
    assert eights == [parse_chip("white-8")]
    fives = sorted(k for k, n in enumerate(c.chips) if n and k % 5 == 3)
    assert fives == sorted([parse_chip("orange-5"), parse_chip("purple-5")])


def test_a_corrected_file_loads_and_changes_the_game(tmp_path):
    data = packaged()
    data["boards"]["short"]["spirals"] = [5, 10, 15, 20, 25, 30, 35, 40, 45]
    game = meeple.load("quedlinburg_dash", players=2, components=write(tmp_path, data))
    assert game.rules.spirals == (5, 10, 15, 20, 25, 30, 35, 40, 45)
    state = game.new_initial_state()
    state = edit(state, pos=[3, *state.pos[1:]])
    state.apply_notation("draw red-2")
    assert state.rubies[0] == 2, "field 5 is a spiral in the corrected file"


def _broken(mutate):
    data = copy.deepcopy(packaged())
    mutate(data)
    return data


BROKEN = [
    ("chip total", lambda d: d["food_chips"]["chips"][0].update(count=13), "food_chips.chips"),
    ("box total", lambda d: d["food_chips"].update(total=160), "food_chips.total"),
    ("dream weed", lambda d: d["dream_weed"].update(count=12), "dream_weed.count"),
    ("rubies", lambda d: d["rubies"].update(count=30), "rubies.count"),
    ("clovers", lambda d: d["clovers"].update(count=25), "clovers.count"),
    ("no status", lambda d: d["rubies"].pop("status"), "rubies"),
    (
        "confirmed without source",
        lambda d: d["wood_die"].update(status="confirmed", source=""),
        "wood_die",
    ),
    ("unknown colour", lambda d: d["food_chips"]["chips"][0].update(colour="pink"), "colour"),
    ("missing price", lambda d: d["prices"].pop(), "prices"),
    ("negative count", lambda d: d["food_chips"]["chips"][1].update(count=-1), "count"),
    (
        "start bag beyond the reserve",
        lambda d: d["start_bag"]["chips"].update({"yellow-1": 3}),
        "start_bag.chips.yellow-1",
    ),
    (
        "start bag with too few dream weeds",
        lambda d: d["start_bag"]["chips"].update({"dream-weed": 2}),
        "dream-weed",
    ),
    (
        "spiral beyond the marketplace",
        lambda d: d["boards"]["short"].update(spirals=[6, 12, 55]),
        "boards.short.spirals",
    ),
    (
        "spirals out of order",
        lambda d: d["boards"]["long"].update(spirals=[12, 6]),
        "boards.long.spirals",
    ),
    ("five-faced white die", lambda d: d["white_die"]["faces"].pop(), "white_die.faces"),
    (
        "unknown white die face",
        lambda d: d["white_die"]["faces"].__setitem__(0, "fly 2"),
        "white_die.faces[0]",
    ),
    (
        "wood die face out of range",
        lambda d: d["wood_die"]["faces"].__setitem__(0, 9),
        "wood_die.faces[0]",
    ),
    (
        "wood die face above four",
        lambda d: d["wood_die"]["faces"].__setitem__(5, 5),
        "wood_die.faces[5]",
    ),
    (
        "wood die without a four",
        lambda d: d["wood_die"].update(faces=[0, 1, 2, 2, 3, 3]),
        "wood_die.faces: the wood die shows every value from 0 to 4 (one of them twice); 4",
    ),
    (
        "wood die without a zero",
        lambda d: d["wood_die"].update(faces=[1, 1, 2, 2, 3, 4]),
        "0 is missing",
    ),
    (
        "seven-faced wood die",
        lambda d: d["wood_die"]["faces"].append(2),
        "wood_die.faces",
    ),
    (
        "white chip that is not an eight",
        lambda d: d["food_chips"]["chips"][20].update(value=4),
        "food_chips.chips[20]: white chips are only the '8' sugar beets",
    ),
    (
        "eight chip that is not white",
        lambda d: d["food_chips"]["chips"][0].update(value=8),
        "food_chips.chips[0]: '8' chips are only the white sugar beets, not red-8",
    ),
    (
        "white die face not in the rulebook",
        lambda d: d["white_die"]["faces"].__setitem__(5, "move 2"),
        "white_die.faces: the rulebook's white die shows",
    ),
    (
        "white die with another chip",
        lambda d: d["white_die"]["faces"].__setitem__(1, "chip red-1"),
        "white_die.faces",
    ),
    (
        "white die with a face twice",
        lambda d: d["white_die"]["faces"].__setitem__(4, "ruby"),
        "white_die.faces",
    ),
    ("wrong format", lambda d: d.update(format="other"), "format"),
]


@pytest.mark.parametrize(("label", "mutate", "entry"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_file_is_refused_naming_the_entry(tmp_path, label, mutate, entry):
    path = write(tmp_path, _broken(mutate))
    with pytest.raises(ComponentsError) as err:
        meeple.load("quedlinburg_dash", players=2, components=path)
    assert entry in str(err.value), str(err.value)


def test_a_file_that_is_not_json_or_missing_is_refused(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(ComponentsError, match="not valid JSON"):
        meeple.load("quedlinburg_dash", players=2, components=str(path))
    with pytest.raises(ComponentsError, match="does not exist"):
        meeple.load("quedlinburg_dash", players=2, components=str(tmp_path / "none.json"))


def test_the_white_die_faces_may_be_listed_in_any_order(tmp_path):
    data = packaged()
    data["white_die"]["faces"] = list(reversed(data["white_die"]["faces"]))
    game = meeple.load("quedlinburg_dash", players=2, components=write(tmp_path, data))
    state = game.new_initial_state()
    state.apply_notation("draw yellow-1")
    assert sorted(game.action_name(a) for a in state.legal_actions()) == sorted(
        f"white die: {f}" for f in ("ruby", "red-2", "green-2", "move 1", "draw again", "move 3")
    )


def test_a_corrected_wood_die_changes_which_value_repeats(tmp_path):
    data = packaged()
    data["wood_die"]["faces"] = [0, 1, 2, 3, 4, 4]
    game = meeple.load(
        "quedlinburg_dash", players=2, cards="butterfly", components=write(tmp_path, data)
    )
    state = game.new_initial_state()
    state.apply_notation("draw yellow-1")
    odds = {game.action_name(a): p for a, p in state.chance_outcomes()}
    assert odds == pytest.approx(
        {
            "wood die 0": 1 / 6,
            "wood die 1": 1 / 6,
            "wood die 2": 1 / 6,
            "wood die 3": 1 / 6,
            "wood die 4": 2 / 6,
        }
    )


START_BAG_OUTSIDE_THE_CARDS = [
    ("orange-1", "caterpillar"),
    ("purple-2", "butterfly"),
    ("purple-5", "butterfly-extended"),
    ("orange-5", "butterfly"),
]


@pytest.mark.parametrize(("chip", "cards"), START_BAG_OUTSIDE_THE_CARDS)
def test_a_start_bag_with_chips_outside_the_card_set_is_refused(tmp_path, chip, cards):
    data = packaged()
    data["start_bag"]["chips"][chip] = 1
    path = write(tmp_path, data)
    with pytest.raises(ComponentsError) as err:
        meeple.load("quedlinburg_dash", players=2, cards=cards, components=path)
    message = str(err.value)
    assert f"start_bag.chips.{chip}" in message
    assert f"not in play with the {cards} cards" in message


@pytest.mark.parametrize("chip", ["orange-1", "purple-5"])
def test_a_start_bag_with_extended_chips_loads_with_the_extended_caterpillar_set(tmp_path, chip):
    data = packaged()
    data["start_bag"]["chips"][chip] = 1
    game = meeple.load(
        "quedlinburg_dash",
        players=4,
        cards="caterpillar-extended",
        components=write(tmp_path, data),
    )
    state = game.new_initial_state()
    assert state.supply[parse_chip(chip)] == 6 - 4
    assert state.bags[3][parse_chip(chip)] == 1
    state.check_invariants()
