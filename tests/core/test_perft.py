"""The perft file schema and runner of meeple.core.perft, on the tiny game.

Every game's own perft file is checked by tests/conformance/test_perft.py.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from meeple.core.perft import (
    PerftFileError,
    build_position,
    check_position,
    dumps_perft_file,
    load_perft_file,
    main,
    measure,
    parse_perft_file,
    recount,
)

TINY = Path(__file__).parents[1] / "games" / "tiny" / "perft.json"


def tiny() -> dict[str, Any]:
    return json.loads(TINY.read_text(encoding="utf-8"))


def one(obj: dict[str, Any], name: str) -> Any:
    (pos,) = [p for p in parse_perft_file(obj).positions if p.name == name]
    return pos


def test_the_tiny_file_reads_and_writes_back_byte_for_byte():
    pf = load_perft_file(TINY)
    assert pf.game == "tiny" and [p.name for p in pf.positions][:1] == ["start-2p"]
    assert pf.positions[0].counts == {1: 4, 2: 16, 3: 32}
    assert dumps_perft_file(pf) == TINY.read_text(encoding="utf-8")
    assert all(check_position(p) == [] for p in pf.positions)


def test_a_wrong_divide_count_names_the_position_the_depth_and_the_first_action():
    obj = tiny()
    div = obj["positions"][0]["divide"]["counts"]
    div["card 3"] = 5
    obj["positions"][0]["counts"]["2"] = 17
    assert check_position(one(obj, "start-2p")) == [
        "tiny 'start-2p': depth 2: 16 leaves, expected 17",
        "tiny 'start-2p': divide at depth 2: under the first action 'card 3' 4 leaves, expected 5",
    ]


def test_a_divide_naming_an_action_that_is_not_legal_says_so():
    obj = tiny()
    div = obj["positions"][2]["divide"]["counts"]
    div["bet 3"] = div.pop("bet 2")
    (msg,) = check_position(one(obj, "bet-2p"))
    assert msg == (
        "tiny 'bet-2p': divide at depth 3: 'bet 2' is a legal first action (3) missing from "
        "the file (1 more first actions differ)"
    )


def test_a_wrong_count_without_a_divide_shows_the_split_by_first_action():
    obj = tiny()
    obj["positions"][1]["counts"]["3"] = 25
    assert check_position(one(obj, "short-deck-3p")) == [
        "tiny 'short-deck-3p': depth 3: 24 leaves, expected 25; per first action now: "
        "card 1 6, card 2 6, card 3 6, card 4 6"
    ]


def test_the_optional_facts_are_checked():
    obj = tiny()
    pos = obj["positions"][2]
    pos.update(to_move=1, decision="turn", legal=["bet 2", "bet 1"])
    assert check_position(one(obj, "bet-2p")) == [
        "tiny 'bet-2p': current_player() is 0, the file's to_move 1",
        "tiny 'bet-2p': the decision is 'bet', the file says 'turn'",
        "tiny 'bet-2p': legal actions: 2 now, 2 in the file; the first difference is at 0: "
        "'bet 1' now, 'bet 2' in the file",
    ]


def test_stop_at_chance_counts_a_chance_node_as_a_leaf():
    obj = tiny()
    del obj["positions"][2]["stop_at_chance"]
    problems = check_position(one(obj, "bet-2p"))
    assert problems[0].startswith("tiny 'bet-2p': depth 3: 12 leaves, expected 6")


def test_a_refused_action_or_setup_is_one_message_naming_it():
    obj = tiny()
    obj["positions"][2]["actions"][2] = "bet 1"
    (msg,) = check_position(one(obj, "bet-2p"))
    assert msg.startswith("tiny 'bet-2p': action 2 ('bet 1') is refused: ")
    assert msg.endswith("Legal: keep, swap")
    obj = tiny()
    obj["positions"][0]["options"] = {"deck": 3}
    (msg,) = check_position(one(obj, "start-2p"))
    assert msg.startswith("tiny 'start-2p': the setup is refused: ") and "'deck'" in msg


def _bad(change: Any) -> str:
    obj = tiny()
    change(obj)
    with pytest.raises(PerftFileError) as e:
        parse_perft_file(obj, "tiny.json")
    return str(e.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda o: o.pop("schema"), "tiny.json: no 'schema'"),
        (lambda o: o.update(schema=2), "tiny.json: schema 2; this engine reads perft files of"),
        (lambda o: o.update(positions=[]), "'positions' must be a non-empty list"),
        (lambda o: o.update(extra=1), "tiny.json: unknown key 'extra'"),
        (
            lambda o: o["positions"][1].update(divide2={}),
            "tiny.json: position 1 ('short-deck-3p'): unknown key 'divide2'",
        ),
        (
            lambda o: o["positions"][1].pop("actions"),
            "position 1 ('short-deck-3p'): the position needs either 'actions' (from the "
            "start) or a 'position', not neither",
        ),
        (
            lambda o: o["positions"][1]["counts"].update({"0": 1}),
            "'counts' key '0' is not a depth",
        ),
        (
            lambda o: o["positions"][1]["counts"].update({"2": 0}),
            "'counts'['2'] must be a whole number of leaves, 1 or more, not 0",
        ),
        (
            lambda o: o["positions"][0]["divide"]["counts"].update({"card 1": 5}),
            "position 0 ('start-2p'): the divide at depth 2 sums to 17 but 'counts' gives 16",
        ),
        (
            lambda o: o["positions"][1].update(name="start-2p"),
            "position 1: the name 'start-2p' is used twice",
        ),
        (
            lambda o: o["positions"][1].update(position={}),
            "position 1 ('short-deck-3p'): the position needs either 'actions' (from the "
            "start) or a 'position', not both",
        ),
        (
            lambda o: (o["positions"][1].pop("actions"), o["positions"][1].update(position=[])),
            "'position' must be a position object",
        ),
        (lambda o: o["positions"][1].update(players="3"), "'players' must be a whole number"),
        (lambda o: o["positions"][1].update(legal="card 1"), "'legal' must be a list"),
    ],
)
def test_a_malformed_file_is_refused_saying_what_and_where(change, message):
    assert message in _bad(change)


def test_an_unreadable_file_is_refused_by_name(tmp_path):
    with pytest.raises(PerftFileError, match="cannot read .*nothing.json"):
        load_perft_file(tmp_path / "nothing.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema": 1,', encoding="utf-8")
    with pytest.raises(PerftFileError, match="bad.json: not valid JSON"):
        load_perft_file(bad)


def test_recount_rewrites_the_numbers_and_keeps_the_rest(tmp_path, capsys):
    obj = tiny()
    wrong = copy.deepcopy(obj)
    wrong["positions"][0]["counts"] = {"1": 5, "2": 20, "3": 40}
    wrong["positions"][0]["divide"]["counts"] = {"card 1": 20}
    wrong["positions"][2]["legal"] = []
    path = tmp_path / "perft.json"
    path.write_text(json.dumps(wrong), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    assert "tiny 'start-2p': depth 1: 4 leaves, expected 5" in capsys.readouterr().out
    changed = recount(path)
    assert changed == [
        "tiny 'start-2p': counts perft(1) 5 -> 4, perft(2) 20 -> 16, perft(3) 40 -> 32; "
        "divide rewritten",
        "tiny 'bet-2p': legal rewritten",
    ]
    assert path.read_text(encoding="utf-8") == TINY.read_text(encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert main([]) == 2


def test_a_position_can_start_from_a_written_position_and_counts_the_same():
    """Each tiny perft position, written as a position (meeple.position/1) and counted from
    there, gives the file's numbers; a position of another setup is refused by name."""
    obj = tiny()
    for raw in obj["positions"]:
        pos = one(obj, raw["name"])
        state = build_position(pos)
        moved = copy.deepcopy(raw)
        del moved["actions"]
        moved["position"] = json.loads(json.dumps(state.to_json()))
        again = one({**obj, "positions": [moved]}, raw["name"])
        assert again.position is not None and again.actions == []
        assert check_position(again) == []
        assert measure(again).counts == pos.counts
        # Written back, the file keeps the position rather than actions.
        assert (
            "position"
            in json.loads(dumps_perft_file(parse_perft_file({**obj, "positions": [moved]})))[
                "positions"
            ][0]
        )
    other = copy.deepcopy(obj["positions"][0])
    del other["actions"]
    three = build_position(one(obj, "short-deck-3p"))
    other["position"] = three.to_json()
    (msg,) = check_position(one({**obj, "positions": [other]}, other["name"]))
    assert "its position is of 'tiny' with 3 players, not of 'tiny' with 2" in msg
    broken = copy.deepcopy(other)
    broken["players"] = 3
    broken["options"] = three.game.options
    broken["position"]["state"]["hands"] = [9, 9, 9]
    (msg,) = check_position(one({**obj, "positions": [broken]}, other["name"]))
    assert "its position is refused" in msg and "a hand holds [9, 9, 9]" in msg
