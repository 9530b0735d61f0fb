"""Queensland's component file: its totals, and corrected or broken files."""

from __future__ import annotations

import json
from collections import Counter
from importlib.resources import files
from pathlib import Path

import pytest

import meeple
from meeple.boardgames.queensland.components import start_layout
from meeple.boardgames.queensland.game import QueenslandGame
from meeple.boardgames.queensland.scoring import farm_fields
from meeple.core import ComponentsError


def packaged() -> dict:
    text = files("meeple.boardgames.queensland").joinpath("components.json").read_text()
    return json.loads(text)


def write(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "queensland.json"
    path.write_text(json.dumps(data))
    return path


def test_the_packaged_file_matches_every_known_total():
    c = meeple.load("queensland", players=2).components
    assert len(c.farm_tiles) == 50
    assert [t.id for t in c.start_tiles] == ["A", "B", "C", "D"]
    assert c.toads == 60
    assert c.market_toads == (1, 2, 3)
    assert (c.pond_exactly, c.pond_exact_points, c.pond_over_points) == (5, 5, 3)
    assert len({t.id for t in c.farm_tiles}) == 50


def test_the_designed_tile_mix():
    c = meeple.load("queensland", players=2).components
    tiles = c.farm_tiles
    assert Counter(t.arrow for t in tiles) == {"single": 30, "double": 12, "group": 8}
    assert sum(t.pond for t in tiles) == 12
    assert [sum(t.traits[i] for t in tiles) for i in range(3)] == [15, 15, 15]
    assert sum(1 for t in tiles if any(len(e) > 1 for e in t.edges)) == 10
    assert all(t.arrow is None for t in c.start_tiles)


def test_every_entry_says_whether_it_is_confirmed_or_assumed():
    data = packaged()
    for key in ("toads", "farm_tile_total", "market_toads", "pond_scoring", "trait_points"):
        assert data[key]["status"] == "confirmed" and data[key]["source"]
    for t in data["farm_tiles"] + data["start_tiles"]:
        assert t["status"] == "assumed"


def test_a_corrected_file_is_loaded(tmp_path):
    data = packaged()
    data["farm_tiles"][0]["traits"] = ["tractor", "tractor"]
    data["farm_tiles"][0]["arrow"] = {"kind": "group", "direction": "E"}
    game = meeple.load("queensland", players=3, components=write(tmp_path, data))
    assert game.components.farm_tiles[0].traits == (0, 0, 2)
    assert game.rules.arrow_kind[0] == 2  # group
    assert game.new_initial_state().supply == 60


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["farm_tiles"].pop(), "farm_tiles: must hold 50 tiles, not 49"),
        (
            lambda d: d["farm_tile_total"].update(value=48),
            "farm_tile_total: Queensland has 50 farm tiles, not 48",
        ),
        (
            lambda d: d["farm_tiles"][3]["fields"][0].update(crop="wheat"),
            "farm_tiles[3] (T04).fields[0]: section N is cane, not wheat",
        ),
        (
            lambda d: d["farm_tiles"][40]["fields"][0].update(crop="cane"),
            "farm_tiles[40] (T41).fields[0]: section N1 is wheat, not cane",
        ),
        (
            lambda d: d["farm_tiles"][40]["fields"][0].update(sections=["N3", "W"]),
            "farm_tiles[40] (T41).fields[0]: side N has no N3",
        ),
        (
            lambda d: d["farm_tiles"][0]["fields"].clear(),
            "farm_tiles[0] (T01): the cane section N belongs to no field",
        ),
        (
            lambda d: d["farm_tiles"][5].update(id="T01"),
            "farm_tiles[5]: id 'T01' is used twice",
        ),
        (
            lambda d: d["farm_tiles"][7]["arrow"].update(direction="up"),
            "farm_tiles[7] (T08).arrow: direction is one of N, E, S, W, not 'up'",
        ),
        (
            lambda d: d["farm_tiles"][7].update(traits=["sheep"]),
            "farm_tiles[7] (T08).traits: a trait is one of",
        ),
        (
            lambda d: d["start_tiles"][1]["edges"].update(W="soil"),
            "start_tiles[1] (B).fields[0]: section W is soil, not wheat",
        ),
        (
            lambda d: d["toads"].update(status="confirmed", source=""),
            "toads: a confirmed value needs its 'source'",
        ),
        (
            lambda d: d["market_toads"].update(value=[1, 2]),
            "market_toads: three whole numbers",
        ),
        (
            lambda d: d["market_toads"].update(value=[1, 2, 4]),
            "market_toads: the market spaces show 1, 2 and 3 toads (rulebook), not [1, 2, 4]",
        ),
        (
            lambda d: d["market_toads"].update(value=[3, 2, 1]),
            "market_toads: the market spaces show 1, 2 and 3 toads (rulebook), not [3, 2, 1]",
        ),
        (
            lambda d: d["toads"].update(value=40),
            "toads: the rulebook's supply is 60 toads, not 40",
        ),
        (
            lambda d: d["toads"].update(value=61),
            "toads: the rulebook's supply is 60 toads, not 61",
        ),
        (
            lambda d: d["farm_tiles"][9].update(
                edges={s: "wheat/cane/wheat" for s in "NESW"},
                fields=[{"crop": "wheat", "sections": [f"{s}1", f"{s}3"]} for s in "NESW"]
                + [{"crop": "cane", "sections": [f"{s}2" for s in "NESW"]}],
            ),
            "farm_tiles[9] (T10): fits nowhere next to a start farm",
        ),
    ],
)
def test_a_broken_file_is_refused_naming_the_entry_and_why(tmp_path, change, message):
    data = packaged()
    change(data)
    with pytest.raises(ComponentsError) as err:
        meeple.load("queensland", players=2, components=write(tmp_path, data))
    assert message in str(err.value)


def test_start_tiles_must_match_where_they_touch(tmp_path):
    data = packaged()
    a = data["start_tiles"][0]
    a["edges"]["E"] = "soil"
    a["fields"] = [f for f in a["fields"] if f["crop"] != "wheat"]
    with pytest.raises(ComponentsError, match="tiles A and B do not match where they touch"):
        meeple.load("queensland", players=2, components=write(tmp_path, data))


def test_an_unreadable_file_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ComponentsError, match="not valid JSON"):
        meeple.load("queensland", players=2, components=bad)
    with pytest.raises(ComponentsError, match="does not exist"):
        meeple.load("queensland", players=2, components=tmp_path / "missing.json")


def test_the_start_tiles_hold_no_complete_field_and_every_field_can_grow():
    """Version 2's start set: every field on the start block reaches one of its outer
    sides, so no player starts with points and every field can still grow."""
    c = QueenslandGame(players=2).components
    block = {cell: (c.start_tiles[i], rot) for i, (cell, rot) in enumerate(start_layout(0))}
    fields = farm_fields(block)
    assert fields and not any(f.complete for f in fields)
    assert sorted((f.crop, f.sections) for f in fields) == [
        ("cane", 1),
        ("cane", 1),
        ("cane", 1),
        ("wheat", 1),
        ("wheat", 3),
    ]


def test_a_start_set_with_a_field_closed_inside_the_block_is_refused(tmp_path):
    # Version 1's start tile D (soil to the south) closed the A-B-D wheat field: 3 free
    # points for everyone, and a field that could never grow.
    data = packaged()
    d = data["start_tiles"][3]
    d["edges"]["S"] = "soil"
    d["fields"] = [{"crop": "wheat", "sections": ["N"]}, {"crop": "cane", "sections": ["E"]}]
    with pytest.raises(ComponentsError, match="complete wheat field of 3 sections"):
        meeple.load("queensland", players=2, components=write(tmp_path, data))


def test_the_pictures_of_a_corrected_file_show_its_numbers(tmp_path):
    """The base class hands the renderer the game's rules, so a corrected component file
    is drawn as it is played, not as the packaged file prints it."""
    data = packaged()
    data["final_scoring"]["cane_per_section"] = 7
    game = meeple.load("queensland", players=2, components=write(tmp_path, data))
    svg = game.new_initial_state().render_svg(0)
    assert "scores 7 per section" in svg
    assert "scores 2 per section" in meeple.load(
        "queensland", players=2
    ).new_initial_state().render_svg(0)
