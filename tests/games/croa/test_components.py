"""The component file: known totals, provenance, and corrected or broken files."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.boardgames.croa.components import load
from meeple.core import ComponentsError
from tests.games.croa.helpers import start


def _data() -> dict[str, Any]:
    text = files("meeple.boardgames.croa").joinpath("components.json").read_text("utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "croa.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_packaged_file_matches_every_known_total():
    c = load()
    assert c.male_colours == ("green", "yellow", "red", "blue", "pink", "purple")
    assert c.servants_per_player == 6 and c.servants_at_start == 2
    three = c.three_backs
    assert [sum(x) for x in three.counts] == [32, 16, 16]
    totals = [sum(back[k] for back in three.counts) for k in range(len(c.tile_types))]
    assert dict(zip(c.tile_types, totals, strict=True)) == {
        "lily": 14,
        "mosquito": 8,
        "mud": 4,
        "pike": 4,
        "reeds": 16,
        "log": 6,
        **{f"male-{m}": 2 for m in c.male_colours},
    }
    assert three.counts[1] == tuple(
        n if not k.startswith("male-") else three.counts[1][i]
        for i, (k, n) in enumerate(zip(c.tile_types, three.counts[2], strict=True))
    )  # both deep sets hold the same tiles apart from the males' colours
    assert three.layout.count(0) == 32
    assert sum(c.classic.counts[0]) == 64
    assert dict(zip(c.tile_types[:6], c.classic.counts[0][:6], strict=True)) == {
        "lily": 14,
        "mosquito": 10,
        "mud": 5,
        "pike": 3,
        "reeds": 12,
        "log": 8,
    }


def test_every_entry_says_confirmed_with_a_source_or_assumed():
    data = _data()
    entries = [data["pond"], data["male_colours"], data["frogs"], data["layout"], data["classic"]]
    entries += data["backs"] + list(data["starts"].values())
    for e in entries:
        assert e["status"] in ("confirmed", "assumed")
        if e["status"] == "confirmed":
            assert e["source"]
    assert data["layout"]["status"] == "assumed"
    assert data["starts"]["3"]["status"] == "assumed"
    # The tile mixes of the three backs come from one fan implementation only.
    for back in data["backs"]:
        assert back["status"] == "assumed", back["id"]
        assert "one fan implementation" in back["why"]


def test_a_corrected_file_is_loaded(tmp_path):
    data = _data()
    data["layout"]["rows"] = [
        "SSSSSSSS",
        *["SBBBAAAS"] * 2,
        *["SBBSSAAS"] * 2,
        *["SBBBAAAS"] * 2,
        "SSSSSSSS",
    ]
    data["starts"]["3"]["frogs"][2] = {"queen": "e8", "servants": ["d8", "f8"]}
    path = _write(tmp_path, data)
    game = meeple.load("croa", players=3, components=path, backs="fixed")
    obs = game.new_initial_state().observation(None)
    assert obs["frogs"][2]["queen"] == "e8"
    assert obs["squares"][1 * 8 + 1]["back"] == "deep-b"  # b2
    # Dealt (the default), the starts still come from the file, once the pond is laid.
    obs = start(3, components=str(path)).observation(None)
    assert obs["frogs"][2]["queen"] == "e8"


def _swap(d: dict[str, Any], back: int, give: str, other: int, take: str) -> None:
    """``back`` trades one ``give`` tile for one ``take`` tile (of ``other``, if another
    back): every back keeps its size and every tile type its total."""
    if back == other:
        tiles = d["backs"][back]["tiles"]
        tiles[give] -= 1
        tiles[take] += 1
        return
    d["backs"][back]["tiles"][give] -= 1
    d["backs"][back]["tiles"][take] += 1
    d["backs"][other]["tiles"][take] -= 1
    d["backs"][other]["tiles"][give] += 1


def _seven_males(d: dict[str, Any]) -> None:
    d["male_colours"]["colours"].append("white")
    d["frogs"]["male_tokens_per_player"] = 7
    for back in d["backs"]:
        back["tiles"]["male-white"] = 0
    d["backs"][0]["tiles"].update({"male-white": 2, "reeds": 8})
    d["classic"]["tiles"].update({"male-white": 2, "reeds": 10})


def _five_males(d: dict[str, Any]) -> None:
    d["male_colours"]["colours"].remove("purple")
    d["frogs"]["male_tokens_per_player"] = 5
    for back in d["backs"]:
        back["tiles"].pop("male-purple")
    d["backs"][0]["tiles"]["reeds"] += 1
    d["backs"][2]["tiles"]["reeds"] += 1
    d["classic"]["tiles"].pop("male-purple")
    d["classic"]["tiles"]["reeds"] += 2


def _no_mud_at_all(d: dict[str, Any]) -> None:
    d["backs"][0]["tiles"].update({"mud": 0, "reeds": 14})


def _deep_males_unequal(d: dict[str, Any]) -> None:
    # the layout gives deep A one square of deep B and deep A takes the blue male:
    # every back matches its squares and every male has two tiles, but the deep sets
    # no longer hold the same tiles
    d["layout"]["rows"][1] = "SAAAABBS"
    d["backs"][1]["tiles"]["male-blue"] = 1
    d["backs"][2]["tiles"]["male-blue"] = 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["backs"][0]["tiles"].__setitem__("reeds", 11), "backs.shallow.tiles"),
        (
            lambda d: d["classic"]["tiles"].__setitem__("pike", 4),
            "classic.tiles: holds 65 tiles, not 64",
        ),
        (
            lambda d: d["classic"]["tiles"].update({"male-red": 3, "reeds": 11}),
            "classic.tiles.male-red: every male has two tiles (it and its twin), not 3",
        ),
        (lambda d: d["backs"][1]["tiles"].update({"male-blue": 1, "reeds": 2}), "male-blue"),
        (lambda d: d["backs"][0]["tiles"].__setitem__("dragon", 1), "unknown tile type"),
        (lambda d: d["backs"][0]["tiles"].pop("log"), "is missing 'log'"),
        (lambda d: d["backs"][0]["tiles"].__setitem__("lily", -1), "cannot be negative"),
        (lambda d: d["layout"]["rows"].__setitem__(0, "SSSSSSSX"), "not a back letter"),
        (lambda d: d["layout"]["rows"].pop(), "8 rows"),
        (lambda d: d["layout"].__setitem__("status", "maybe"), "status must be one of"),
        (lambda d: d["frogs"].pop("source"), "needs its 'source'"),
        (lambda d: d["frogs"].__setitem__("male_tokens_per_player", 5), "one token per male"),
        (lambda d: d["male_colours"].__setitem__("tiles_per_male", 3), "twin"),
        (
            lambda d: d["starts"]["2"]["frogs"][0].__setitem__("servants", ["a2", "c1"]),
            "not next to the queen",
        ),
        (
            lambda d: d["starts"]["4"]["frogs"].__setitem__(
                3, {"queen": "g7", "servants": ["g6", "h7"]}
            ),
            "already taken",
        ),
        (lambda d: d["starts"]["3"]["frogs"].pop(), "one start for each of 3 players"),
        (lambda d: d["starts"]["2"]["frogs"][1].__setitem__("queen", "z9"), "not a square"),
        (lambda d: d.__setitem__("format", "other"), "format"),
        # the rulebook's frogs and males
        (
            lambda d: d["frogs"].__setitem__("servants_per_player", 7),
            "frogs.servants_per_player: each player has 6 servants",
        ),
        (
            lambda d: d["frogs"].__setitem__("servants_per_player", 1),
            "frogs.servants_per_player: each player has 6 servants",
        ),
        (
            lambda d: d["frogs"].__setitem__("servants_at_start", 0),
            "frogs.servants_at_start: each queen starts with 2 servants, not 0",
        ),
        (
            lambda d: d["frogs"].__setitem__("servants_at_start", 3),
            "frogs.servants_at_start: each queen starts with 2 servants, not 3",
        ),
        (_seven_males, "male_colours.colours: the game has 6 males"),
        (_five_males, "male_colours.colours: the game has 6 males"),
        # the rulebook's backs
        (lambda d: d["backs"][0].pop("water"), "backs[0]: is missing 'water'"),
        (lambda d: d["backs"][1].__setitem__("water", "murky"), "backs[1].water: must be one of"),
        (
            lambda d: d["backs"][1].__setitem__("water", "shallow"),
            "one shallow-water back and two deep-water backs",
        ),
        (
            lambda d: d["backs"][0].__setitem__("water", "deep"),
            "one shallow-water back and two deep-water backs",
        ),
        (
            lambda d: _swap(d, 0, "reeds", 1, "pike"),
            "backs.shallow.tiles.pike: shallow water has no pike, not 1",
        ),
        (
            lambda d: _swap(d, 1, "reeds", 0, "mud"),
            "backs.deep-a.tiles.mud: all the mud lies in shallow water",
        ),
        (
            lambda d: _swap(d, 2, "reeds", 0, "mud"),
            "backs.deep-b.tiles.mud: all the mud lies in shallow water",
        ),
        (_no_mud_at_all, "backs.shallow.tiles.mud: all the mud lies in shallow water"),
        (
            lambda d: _swap(d, 1, "lily", 1, "reeds"),
            "backs.deep-b.tiles.lily: both deep sets hold the same tiles",
        ),
        (_deep_males_unequal, "both deep sets hold the same number of males"),
    ],
)
def test_a_broken_file_is_refused_naming_the_entry_and_why(tmp_path, change, message):
    data = _data()
    change(data)
    with pytest.raises(ComponentsError, match="component entry") as err:
        meeple.load("croa", players=2, components=_write(tmp_path, data))
    assert message in str(err.value)


def test_an_unreadable_file_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ComponentsError, match="not valid JSON"):
        meeple.load("croa", players=2, components=bad)
    with pytest.raises(ComponentsError, match="does not exist"):
        meeple.load("croa", players=2, components=tmp_path / "missing.json")
