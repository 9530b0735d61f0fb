"""The component file: known totals, provenance, and bad files refused clearly."""

from __future__ import annotations

import json
from collections import Counter
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core import ComponentsError

from .helpers import act, legal, quiet, with_hexagon, with_jokers, with_round, with_storage

GID = "azul_queens_garden"


def _data() -> dict[str, Any]:
    text = files("meeple.boardgames.azul_queens_garden").joinpath("components.json").read_text()
    return dict(json.loads(text))


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "components.json"
    path.write_text(json.dumps(data))
    return path


def test_the_packaged_file_matches_every_known_total():
    comp = meeple.load(GID, players=4).components
    assert len(comp.colours) == 6 and len(comp.patterns) == 6
    assert comp.copies * 36 == 108
    assert comp.jokers_total == 24 and comp.jokers_start == 3
    assert (comp.storage_tiles, comp.storage_expansions) == (12, 2)
    assert comp.start_score == 15 and comp.rounds == 4
    assert comp.face_down_cost == 6 and comp.tiles_per_expansion == 4
    assert len(comp.ornament) == 36
    assert Counter(comp.ornament) == {"statue": 12, "bench": 12, "pavilion": 12}
    # The values confirmed by reviews: tree 1, bird 2, butterfly 3, six blossoms 6.
    values = dict(zip(comp.patterns, comp.values, strict=True))
    assert (values["tree"], values["bird"], values["butterfly"], values["flower"]) == (1, 2, 3, 6)
    for n in (2, 3, 4):
        stacks, reserve = comp.stacks[n]
        assert sum(stacks) + reserve == 36


def test_every_entry_is_confirmed_with_a_source_or_assumed():
    data = _data()
    for key, entry in data.items():
        if isinstance(entry, dict) and "status" in entry:
            assert entry["status"] in ("confirmed", "assumed"), key
            if entry["status"] == "confirmed":
                assert entry.get("source"), key
    assert all(e["status"] in ("confirmed", "assumed") for e in data["expansions"])
    assert all(p["status"] in ("confirmed", "assumed") for p in data["patterns"])


def test_a_corrected_file_is_loaded(tmp_path):
    data = _data()
    data["stacks"]["2"]["round_stacks"] = [6, 6, 6, 6]
    data["stacks"]["2"]["reserve"] = 12
    game = meeple.load(GID, players=2, components=_write(tmp_path, data))
    assert game.components.stacks[2] == ((6, 6, 6, 6), 12)
    state = game.new_initial_state()
    assert state.stack_left == [5, 6, 6, 6]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["tiles"].update(copies=2, total=72), "108 hexagons"),
        (lambda d: d["jokers"].update(total=20), "24 jokers"),
        (lambda d: d["expansions"].pop(), "36 garden expansions"),
        (lambda d: d["expansions"][1].update(printed="yellow-tree"), "printed on two expansions"),
        (lambda d: d["expansions"][0].update(ornament="gazebo"), "expansions[0].ornament"),
        (lambda d: d["expansions"][0].update(printed="pink-tree"), "expansions[0].printed"),
        (lambda d: d["stacks"]["3"].update(reserve=9), "stacks.3"),
        (lambda d: d["wheel"]["positions"].pop(), "wheel.positions"),
        (lambda d: d["wheel"]["positions"][0].__setitem__(0, "colour:pink"), "wheel.positions[0]"),
        (lambda d: d["patterns"][3].update(value=9), "patterns"),
        (lambda d: d["patterns"][0].update(status="guessed"), "patterns[0]"),
        (lambda d: d["score"].pop("source"), "score"),
        (lambda d: d["storage"].update(tiles="twelve"), "storage.tiles"),
        (lambda d: d["colours"]["names"].append("red"), "colours.names"),
        (lambda d: d["patterns"][3].update(value=5), "patterns: the values must be 1 to 6, each"),
        (
            lambda d: (d["patterns"][0].update(value=4), d["patterns"][3].update(value=1)),
            "patterns[0].value: tree .* confirmed at value 1, not 4",
        ),
        (
            lambda d: (d["patterns"][4].update(value=6), d["patterns"][5].update(value=5)),
            "patterns[5].value: flower .* confirmed at value 6, not 5",
        ),
        (lambda d: d["storage"].update(tiles=10), "storage.tiles: storage is confirmed at 12"),
        (lambda d: d["storage"].update(expansions=3), "storage.expansions: .* 2 expansions"),
        (lambda d: d["scoring"].update(storage_tile_at_end=1), "scoring.storage_tile_at_end"),
        (lambda d: d["scoring"].update(min_group=1), "scoring.min_group: .* at least 2, not 1"),
        (lambda d: d["score"].update(start=20), "score.start: .* starts on 15"),
        (
            lambda d: d["round_scoring"].update(pattern_points=[1, 2]),
            "round_scoring.pattern_points",
        ),
        # The garden's shape is fixed: a changed board is refused, not played as printed.
        (lambda d: d["fountain_board"].update(spaces=3), "fountain_board.spaces: .* not 3"),
        (lambda d: d["fountain_board"].update(ornament="statue"), "fountain_board.ornament"),
        (lambda d: d["garden_board"].update(expansion_areas=2), "garden_board.expansion_areas"),
        (lambda d: d["garden_board"].update(expansion_areas="six"), "expansion_areas"),
        (lambda d: d.pop("garden_board"), "garden_board"),
        (lambda d: d.__setitem__("fountain_board", "round"), "fountain_board"),
        (lambda d: d["garden_board"].pop("status"), "garden_board"),
    ],
)
def test_a_broken_file_is_refused_naming_the_entry(tmp_path, change, message):
    data = _data()
    change(data)
    with pytest.raises(ComponentsError, match=message.replace("[", r"\[").replace("]", r"\]")):
        meeple.load(GID, players=2, components=_write(tmp_path, data))


def test_the_unconfirmed_values_4_and_5_may_be_swapped(tmp_path):
    data = _data()
    data["patterns"][3]["value"], data["patterns"][4]["value"] = 5, 4
    game = meeple.load(GID, players=2, components=_write(tmp_path, data))
    assert game.components.values == (1, 2, 3, 5, 4, 6)


def test_one_value_table_sets_both_the_cost_and_the_final_evaluation(tmp_path):
    # Ruling 17: a pattern's value is what placing it costs and what it scores in a
    # group at the end. With leaf and fruit swapped (leaf 5), a lilac leaf needs four
    # more tiles and scores 5 in its group.
    data = _data()
    data["patterns"][3]["value"], data["patterns"][4]["value"] = 5, 4
    s = quiet(components=_write(tmp_path, data))
    assert s.rules.patterns[3] == "leaf"
    s = with_round(s, 3)
    s = with_jokers(s, 1, 0)
    s = with_storage(s, 0, "lilac-leaf", "lilac-fruit")  # with the 3 jokers: 4 more, exactly
    s = with_hexagon(s, 0, "lilac-tree", "0.1")
    s = with_hexagon(s, 0, "lilac-bird", "0.2")
    act(s, "place lilac-leaf at 0.3", "pay by colour")
    assert legal(s) == ["pay lilac-fruit"]
    act(s, "pay lilac-fruit", "pay joker", "pay joker", "pay joker")
    assert s.store_n[0] == 0 and s.current_player() == 1
    act(s, "pass", "pass")
    assert s.is_terminal()
    assert s.scores()[0]["evaluation"] == 1 + 2 + 5


def test_the_wheel_follows_the_generic_rotation_of_the_notes():
    # Round r scores colours c(2r-1), c(2r) (wrapping) and the pattern of value r + 1.
    comp = meeple.load(GID, players=2).components
    for r, items in enumerate(comp.wheel, start=1):
        colours = [comp.colours[(2 * r - 2 + k) % 6] for k in range(2)]
        pattern = comp.patterns[comp.values.index(r + 1)]
        assert [comp.entry_name(e) for e in items] == [*colours, pattern]


def test_a_missing_or_unreadable_file_is_refused(tmp_path):
    with pytest.raises(ComponentsError, match="does not exist"):
        meeple.load(GID, components=tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ComponentsError, match="not valid JSON"):
        meeple.load(GID, components=bad)
