"""The component file: known totals, and corrected or broken files."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import pytest

import meeple
from meeple.boardgames.piepmatz.components import load
from meeple.core import ComponentsError


def packaged() -> dict:
    return json.loads(files("meeple.boardgames.piepmatz").joinpath("components.json").read_text())


def write(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "piepmatz.json"
    path.write_text(json.dumps(data))
    return path


def test_seventy_two_birds_six_species_values_one_to_six_male_and_female():
    comp = load(None)
    assert comp.bird_cards == 72
    assert [s.id for s in comp.species] == [
        "chaffinch",
        "sparrow",
        "bullfinch",
        "blackbird",
        "greenfinch",
        "yellowhammer",
    ]
    assert comp.values == (1, 2, 3, 4, 5, 6)
    assert comp.eggs == (1, 1, 2, 2, 3, 3)  # value / 2 rounded up


def test_thirty_six_feeder_cards_with_five_marked_3plus():
    comp = load(None)
    seeds = sum(s.count for s in comp.seeds)
    assert seeds + comp.crows + comp.squirrels == 36
    assert [(s.eggs, s.count, s.marked_3plus) for s in comp.seeds] == [
        (1, 10, 1),
        (2, 10, 1),
        (3, 8, 2),
    ]
    assert (comp.crows, comp.crows_marked, comp.squirrels, comp.squirrels_marked) == (4, 1, 4, 0)
    assert sum(s.marked_3plus for s in comp.seeds) + comp.crows_marked == 5


def test_rule_constants():
    comp = load(None)
    assert (comp.hand_size, comp.display_size, comp.column_size) == (4, 3, 4)
    assert comp.perches == {2: 2, 3: 2, 4: 3}
    assert (comp.pair_points, comp.final_keep) == (5, 2)
    assert (comp.crow_discards, comp.squirrel_discards) == (1, 2)


def test_every_entry_is_confirmed_with_a_source_or_assumed():
    data = packaged()
    entries = [*data["species"], data["birds"], *data["feeder_deck"]]
    entries += list(data["totals"].values()) + list(data["rules"].values())
    for e in entries:
        assert e["status"] in ("confirmed", "assumed")
        if e["status"] == "confirmed":
            assert e["source"]
    # The seed/pest split is not known: it is marked assumed.
    assert all(e["status"] == "assumed" for e in data["feeder_deck"])


def test_a_corrected_file_loads_and_plays(tmp_path):
    data = packaged()
    data["feeder_deck"][0]["count"] = 9  # one 1-egg card fewer,
    data["feeder_deck"][4]["count"] = 5  # one squirrel more
    game = meeple.load("piepmatz", players=3, components=write(tmp_path, data))
    state = game.new_initial_state()
    assert state.seed_deck == [9, 10, 8, 4, 5]
    import random

    rng = random.Random(0)
    while not state.is_terminal():
        if state.current_player() == meeple.CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.scores()) == 3


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["feeder_deck"][0].update(count=11), r"feeder_deck: the counts add up to 37"),
        (lambda d: d["feeder_deck"][3].update(marked_3plus=2), r"2 crows are marked 3\+"),
        (lambda d: d["feeder_deck"][1].update(marked_3plus=0), r"3 seed cards are marked 3\+"),
        (lambda d: d["feeder_deck"][4].update(marked_3plus=1), r"no squirrel is marked"),
        (lambda d: d["feeder_deck"][0].update(eggs=0), r"feeder_deck\[0\].eggs"),
        (lambda d: d["feeder_deck"][0].update(card="owl"), r"must be seed, crow or squirrel"),
        (lambda d: d["feeder_deck"][2].update(count=-1), r"feeder_deck\[2\].count"),
        (lambda d: d["species"].pop(), r"5 species x 6 values x 2 sexes make 60 bird cards"),
        (lambda d: d["species"][1].update(id="chaffinch"), r"species\[1\].id: 'chaffinch'"),
        (lambda d: d["species"][0].pop("source"), r"species\[0\]: a confirmed value needs"),
        (lambda d: d["birds"].update(status="maybe"), r"birds: status must be one of"),
        (lambda d: d["birds"]["values"][0].update(value="one"), r"birds.values\[0\].value"),
        (lambda d: d["rules"]["hand_size"].update(value=0), r"rules.hand_size.value"),
        (lambda d: d["rules"]["final_keep"].update(value=5), r"cannot keep 5 of a hand of 4"),
        (lambda d: d["rules"]["perches"]["value"].pop("4"), r"rules.perches.value: is missing"),
        (lambda d: d.update(format="other"), r"format"),
        (lambda d: d["totals"].pop("feeder_cards"), r"totals: is missing 'feeder_cards'"),
    ],
)
def test_a_broken_file_is_refused_naming_the_entry_and_why(tmp_path, change, message):
    data = packaged()
    change(data)
    with pytest.raises(ComponentsError, match=message):
        meeple.load("piepmatz", players=2, components=write(tmp_path, data))


def test_a_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{ not json")
    with pytest.raises(ComponentsError, match="not valid JSON"):
        meeple.load("piepmatz", components=path)
    with pytest.raises(ComponentsError, match="does not exist"):
        meeple.load("piepmatz", components=tmp_path / "missing.json")


def test_an_entry_that_is_not_an_object_is_refused_naming_it(tmp_path):
    data = packaged()
    data["species"][0] = "chaffinch"
    with pytest.raises(ComponentsError, match=r"species\[0\]: must be an object, not 'chaffinch'"):
        meeple.load("piepmatz", components=write(tmp_path, data))


def test_a_two_player_game_needs_enough_seed_cards_for_the_column(tmp_path):
    data = packaged()
    for entry in data["feeder_deck"][:3]:
        entry["count"] = entry["marked_3plus"] + 1 if entry["eggs"] != 3 else entry["marked_3plus"]
    data["feeder_deck"][3]["count"] = 36 - sum(e["count"] for e in data["feeder_deck"][:3]) - 4
    with pytest.raises(ComponentsError, match="too few to lay a column"):
        meeple.load("piepmatz", players=2, components=write(tmp_path, data))


def test_a_file_that_sets_aside_no_species_refuses_a_chosen_one(tmp_path):
    from meeple.core import OptionError

    data = packaged()
    data["rules"]["two_player_removed_species"]["value"] = 0
    path = write(tmp_path, data)
    # With nothing set aside, every species plays: a chosen one would be a false claim.
    with pytest.raises(OptionError, match="sets aside no species.*leave it 'random'"):
        meeple.load("piepmatz", players=2, components=path, removed_species="sparrow")
    state = meeple.load("piepmatz", players=2, components=path).new_initial_state()
    assert state.removed == -1 and len(state.deck) == 72 and state.decision.kind == "perch"
