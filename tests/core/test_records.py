"""Records: save, load, replay, and a clear refusal of every bad record."""

from __future__ import annotations

import json

import pytest

import meeple
from meeple.arena.runner import play_game
from meeple.core import RecordError
from meeple.core.record import Record, read_records, replay, write_records


@pytest.fixture
def record() -> Record:
    return play_game(meeple.load("tiny", players=2), ["random", "random"], seed=4)


def test_a_record_holds_every_action_chance_included_and_the_result(record):
    obj = json.loads(record.dumps())
    assert obj["format"] == "meeple.record/1"
    assert obj["game"] == "tiny" and obj["game_version"] == 1 and obj["seed"] == 4
    assert obj["actions"][0].startswith("card ")
    assert sorted(obj["result"]["ranks"])[0] == 1
    assert len(obj["result"]["scores"]) == 2


def test_replay_reaches_the_recorded_result(record):
    state = replay(Record.loads(record.dumps()))
    assert [s["total"] for s in state.scores()] == record.result["scores"]


def test_a_changed_action_is_named_by_its_index(record):
    bad = Record.loads(record.dumps())
    i = next(i for i, a in enumerate(bad.actions) if a.startswith("bet"))
    bad.actions[i] = "keep"
    with pytest.raises(RecordError, match=f"action {i} \\('keep'\\) is refused") as e:
        replay(bad)
    assert e.value.index == i


def test_a_garbled_action_is_named_by_its_index(record):
    bad = Record.loads(record.dumps())
    bad.actions[2] = "jump"
    with pytest.raises(RecordError, match="action 2 .*not a move") as e:
        replay(bad)
    assert e.value.index == 2


def test_a_tampered_result_is_refused(record):
    bad = Record.loads(record.dumps())
    bad.result = dict(bad.result, scores=[99, 99])
    with pytest.raises(RecordError, match="recorded scores"):
        replay(bad)


def test_a_truncated_record_with_a_result_is_refused(record):
    bad = Record.loads(record.dumps())
    bad.actions = bad.actions[:-1]
    with pytest.raises(RecordError, match="not over"):
        replay(bad)


def test_a_record_from_another_game_version_is_refused_with_a_message(record):
    bad = Record.loads(record.dumps())
    bad.game_version = 7
    with pytest.raises(RecordError, match="version 7; this engine plays version 1"):
        replay(bad)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"format": "other"}', "unknown record format"),
        ('{"format": "meeple.record/1", "game": "tiny"}', "no 'players'"),
        (
            '{"format": "meeple.record/1", "game": "tiny", "players": 2, "game_version": 1,'
            ' "actions": [1]}',
            "action 0 is 1, not a move text",
        ),
        (
            '{"format": "meeple.record/1", "game": "tiny", "players": "two", "game_version": 1}',
            "'players' must be a whole number",
        ),
    ],
)
def test_malformed_records_are_refused_with_what_is_wrong(text, message):
    with pytest.raises(RecordError, match=message):
        Record.loads(text)


def test_a_record_with_a_bad_setup_is_refused():
    rec = Record(game="tiny", players=9, actions=[], game_version=1)
    with pytest.raises(RecordError, match="setup is refused.*2 to 3 players"):
        replay(rec)


def test_jsonl_files_hold_one_record_per_line(tmp_path, record):
    path = tmp_path / "games.jsonl"
    write_records(path, [record, record])
    got = list(read_records(path))
    assert [n for n, _ in got] == [1, 2]
    path.write_text(record.dumps() + "\n{oops\n")
    with pytest.raises(RecordError, match="line 2"):
        list(read_records(path))


def test_a_pretty_printed_single_record_is_read(tmp_path, record):
    path = tmp_path / "one.json"
    path.write_text(json.dumps(record.to_json(), indent=2))
    [(_, rec)] = list(read_records(path))
    assert rec.actions == record.actions
