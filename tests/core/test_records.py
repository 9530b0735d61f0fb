"""Records: save, load, replay, and a clear refusal of every bad record."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

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
        ('{"game": "tiny"}', "the record has no 'format'; a meeple record's is"),
        (
            '{"format": "meeple.record/1", "game": "tiny", "players": -3, "game_version": 1,'
            ' "actions": [], "result": {"scores": [1, 2], "ranks": [1, 2]}}',
            "'players' must be at least 1, not -3",
        ),
        (
            '{"format": "meeple.record/1", "game": "tiny", "players": 3, "game_version": 1,'
            ' "actions": [], "agents": ["random"]}',
            "'agents' names 1 players, but it is a game of 3",
        ),
        # Python's own limits on JSON: a number of 5,000 digits, nesting 100,000 deep.
        ('{"format": "meeple.record/1", "players": ' + "9" * 5000 + "}", "too many digits"),
        ("[" * 100_000, "nested too deeply"),
    ],
)
def test_malformed_records_are_refused_with_what_is_wrong(text, message):
    with pytest.raises(RecordError, match=message):
        Record.loads(text)


@pytest.mark.parametrize("name", ["players", "components", "game_id"])
def test_an_option_named_like_a_setup_argument_is_refused_as_no_option(record, name):
    bad = Record.loads(record.dumps())
    bad.options = {name: 3}
    with pytest.raises(RecordError, match=f"setup is refused: Tiny has no option '{name}'"):
        replay(bad)


def test_a_step_outside_the_record_is_refused(record):
    n = len(record.actions)
    assert len(replay(record, upto=n).history) == n and replay(record, upto=0).history == []
    for upto in (-5, n + 1):
        with pytest.raises(RecordError, match=f"no step {upto} in this record.* 0 to {n}"):
            replay(record, upto=upto)


def test_a_file_may_be_named_by_text_and_start_with_a_byte_order_mark(tmp_path, record):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + record.dumps().encode())
    [(line, got)] = list(read_records(str(path)))
    assert line == 1 and got == record


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


# -- a finished game's result -----------------------------------------------------------


@pytest.mark.parametrize(
    ("result", "message"),
    [
        ({}, "result has no 'scores'"),
        ({"scores": [1, 2]}, "result has no 'ranks'"),
        ({"ranks": [1, 2]}, "result has no 'scores'"),
        ({"scores": [1], "ranks": [1, 2]}, "'scores' must be a list of 2 numbers"),
        ({"scores": [1, 2], "ranks": "first"}, "'ranks' must be a list of 2 numbers"),
        ({"scores": [1, 2], "ranks": [1, 2], "breakdown": 7}, "'breakdown' must be a list"),
        ([1, 2], "'result' must be an object"),
    ],
)
def test_a_result_without_scores_or_ranks_is_refused(record, result, message):
    obj = record.to_json()
    obj["result"] = result
    with pytest.raises(RecordError, match=message):
        Record.from_json(obj)
    # A record made in Python is held to the same when it is replayed.
    bad = Record.loads(record.dumps())
    bad.result = result
    with pytest.raises(RecordError, match=message):
        replay(bad)


def test_a_finished_game_without_a_result_is_refused_but_an_unfinished_one_replays(record):
    bad = Record.loads(record.dumps())
    bad.result = None
    with pytest.raises(RecordError, match="the game is over after .* no result"):
        replay(bad)
    unfinished = Record.loads(record.dumps())
    unfinished.actions = unfinished.actions[:3]
    unfinished.result = None
    assert not replay(unfinished).is_terminal()


def test_a_tampered_breakdown_is_refused(record):
    bad = Record.loads(record.dumps())
    breakdown = [dict(b) for b in bad.result["breakdown"]]
    breakdown[1]["total"] += 5
    bad.result = dict(bad.result, breakdown=breakdown)
    with pytest.raises(RecordError, match="breakdown of player 2"):
        replay(bad)


# -- where a record's component file is found -------------------------------------------


def _components_record(folder, monkeypatch) -> Record:
    """A record of a Piepmatz game played, from ``folder``, with a copy of its packaged
    component file given by a relative path."""
    folder.mkdir(exist_ok=True)
    packaged = files("meeple.boardgames.piepmatz").joinpath("components.json").read_text()
    (folder / "fix.json").write_text(packaged, encoding="utf-8")
    monkeypatch.chdir(folder)
    game = meeple.load("piepmatz", players=2, components="fix.json")
    return play_game(game, ["random", "random"], seed=1)


def test_a_record_names_its_component_file_by_its_absolute_path(tmp_path, monkeypatch):
    rec = _components_record(tmp_path / "made", monkeypatch)
    assert rec.components is not None
    assert rec.components["path"] == str((tmp_path / "made" / "fix.json").resolve())
    # So it replays from anywhere.
    monkeypatch.chdir(tmp_path)
    assert replay(Record.loads(rec.dumps())).is_terminal()


def test_a_moved_record_finds_its_component_file_in_its_own_folder(tmp_path, monkeypatch):
    rec = _components_record(tmp_path / "made", monkeypatch)
    moved = tmp_path / "moved"
    moved.mkdir()
    (tmp_path / "made" / "fix.json").rename(moved / "fix.json")
    write_records(moved / "r.jsonl", [rec])
    monkeypatch.chdir(tmp_path)
    [(_, again)] = list(read_records(Path("moved/r.jsonl")))
    assert replay(again).is_terminal()
    # A path relative to the record's folder (as records once stored it) is found too.
    (moved / "sub").mkdir()
    (moved / "fix.json").rename(moved / "sub" / "fix.json")
    again.components = dict(again.components or {}, path="sub/fix.json")
    assert replay(again).is_terminal()


def test_a_component_file_that_changed_or_is_nowhere_is_refused(tmp_path, monkeypatch):
    rec = _components_record(tmp_path / "made", monkeypatch)
    (tmp_path / "made" / "fix.json").unlink()
    write_records(tmp_path / "r.jsonl", [rec])
    [(_, again)] = list(read_records(tmp_path / "r.jsonl"))
    with pytest.raises(RecordError, match="fix.json is not there, nor in the record's folder"):
        replay(again)
    (tmp_path / "fix.json").write_text('{"changed": true}', encoding="utf-8")
    with pytest.raises(RecordError, match="fix.json has changed since the record was made"):
        replay(again)


# -- messages that name the file and the line -----------------------------------------


def test_reading_errors_name_the_file_and_the_line_that_failed(tmp_path, record):
    path = tmp_path / "r.jsonl"
    path.write_text(record.dumps() + "\n" + record.dumps()[:40] + "\n", encoding="utf-8")
    records = read_records(path)
    assert next(records)[0] == 1
    with pytest.raises(RecordError) as e:
        next(records)
    assert str(e.value).startswith(f"{path}, line 2: not valid JSON: ")
    assert "at column " in str(e.value) and "line 1" not in str(e.value)
    path.write_text("  \n", encoding="utf-8")
    with pytest.raises(RecordError) as e:
        list(read_records(path))
    assert str(e.value) == f"{path} is empty"


def test_replay_shows_each_checked_action_with_the_state_before_it(record):
    rec = record
    seen: list[tuple[int, int]] = []

    def before_each(state, action):
        assert action in state.legal_actions()  # shown before it is applied
        seen.append((len(state.history), action))

    final = replay(rec, before_each=before_each)
    assert [n for n, _ in seen] == list(range(len(rec.actions)))
    assert [a for _, a in seen] == final.history


def test_an_option_named_self_is_refused_as_no_option(record):
    bad = Record.loads(record.dumps())
    bad.options = {"self": 1}
    with pytest.raises(RecordError, match="Tiny has no option 'self'; its options are: short_deck"):
        replay(bad)
    with pytest.raises(meeple.core.OptionError, match="no option 'self'"):
        meeple.core.registry.load_setup("tiny", 2, None, {"self": 1})


def test_a_record_names_its_own_fields_when_refusing_a_setup_argument(record):
    bad = Record.loads(record.dumps())
    bad.options = {"players": 3}
    with pytest.raises(RecordError, match="the player count is given on its own .a record's 'play"):
        replay(bad)
    bad.options = {"components": "x.json"}
    with pytest.raises(RecordError, match="no option 'components': a component file is given on"):
        replay(bad)


def test_options_are_one_mapping_checked_once_by_the_game():
    """``Game(players, components, options)``: the mapping is the constructor's, so an
    option named like one of its arguments cannot collide with it, and load, load_setup
    and a record all get the same refusal from the same check."""
    cls = meeple.game_class("tiny")
    assert cls(2, None, {"short_deck": True}).options == {"short_deck": True}
    assert cls(2).options == meeple.load("tiny", players=2).options
    for make in (
        lambda: cls(2, None, {"players": 3}),
        lambda: meeple.load("tiny", 2, None, players_=3),
        lambda: meeple.core.registry.load_setup("tiny", 2, None, {"players": 3}),
    ):
        with pytest.raises(meeple.core.OptionError, match="Tiny has no option 'player"):
            make()
    with pytest.raises(meeple.core.OptionError, match="no option 7; its options are: short_deck"):
        cls(2, None, {7: 1})


def test_pretty_printed_records_one_after_another_are_named_as_such(tmp_path, record):
    pretty = json.dumps(record.to_json(), indent=1)
    path = tmp_path / "two.json"
    path.write_text(pretty + "\n" + pretty + "\n")
    with pytest.raises(RecordError, match="holds several records written over many lines"):
        list(read_records(path))
    # One broken pretty-printed record is still reported where it breaks.
    broken = pretty.replace('"actions"', "actions", 1)
    line = broken.splitlines().index(next(ln for ln in broken.splitlines() if "actions:" in ln))
    path.write_text(broken)
    with pytest.raises(RecordError, match=f"two.json: not valid JSON: .* at line {line + 1},"):
        list(read_records(path))
