"""The command line, driven in-process as a user would type it."""

from __future__ import annotations

import json
import re
from importlib.resources import files
from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.core.record import Record
from tests.games.seats import SEAT_ZERO

runner = CliRunner()


def test_games_json_lists_every_registered_game():
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    ids = [g["id"] for g in json.loads(result.stdout)]
    assert "tiny" in ids


def test_games_json_gives_each_games_bot_levels_as_configurations():
    from meeple.agents.levels import level_spec

    rows = {g["id"]: g for g in json.loads(runner.invoke(app, ["games", "--json"]).stdout)}
    assert rows["croa"]["levels"]["easy"] == "greedy:samples=12,depth=1,width=4"
    for gid, row in rows.items():
        assert row["levels"] == {lv: level_spec(lv, gid) for lv in ("easy", "medium", "hard")}


def test_simulate_then_replay_succeeds_and_a_changed_action_fails_naming_it(tmp_path):
    out = tmp_path / "f.jsonl"
    result = runner.invoke(
        app, ["simulate", "tiny", "--players", "2", "--games", "6", "--out", str(out), "--json"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 6 and sum(summary["wins"]) + sum(summary["shared_wins"]) >= 6
    assert sum(summary["win_rate"]) == pytest.approx(1.0)
    lines = out.read_text().splitlines()
    assert len(lines) == 6
    ok = runner.invoke(app, ["replay", str(out)])
    assert ok.exit_code == 0 and "6 records replayed" in ok.stdout
    rec = Record.loads(lines[3])
    i = next(i for i, a in enumerate(rec.actions) if a.startswith("bet"))
    rec.actions[i] = "keep"  # a real move, but not legal at a bet
    lines[3] = rec.dumps()
    out.write_text("\n".join(lines) + "\n")
    bad = runner.invoke(app, ["replay", str(out)])
    assert bad.exit_code == 1
    assert "line 4" in bad.stderr and f"action {i}" in bad.stderr


def test_simulate_in_parallel_gives_the_same_records_as_one_process(tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    base = ["simulate", "tiny", "--players", "3", "--games", "8", "--seed", "9", "--json"]
    assert runner.invoke(app, [*base, "--out", str(one)]).exit_code == 0
    assert runner.invoke(app, [*base, "--jobs", "2", "--out", str(two)]).exit_code == 0
    assert one.read_text() == two.read_text()


def test_bad_options_get_a_clear_error_and_exit_2():
    result = runner.invoke(app, ["simulate", "tiny", "--players", "7"])
    assert result.exit_code == 2 and "2 to 3 players" in result.stderr
    result = runner.invoke(app, ["simulate", "tiny", "-o", "colour=red"])
    assert result.exit_code == 2 and "no option 'colour'" in result.stderr
    result = runner.invoke(app, ["simulate", "tiny", "--agents", "random,wizard"])
    assert result.exit_code == 2 and "no agent 'wizard'" in result.stderr


def test_play_with_bots_only_finishes_and_saves_a_replayable_record(tmp_path):
    save = tmp_path / "g.json"
    result = runner.invoke(
        app, ["play", "tiny", "--seats", "random,random", "--seed", "3", "--save", str(save)]
    )
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.stdout
    assert runner.invoke(app, ["replay", str(save)]).exit_code == 0


def test_a_person_plays_by_number_or_notation_and_gets_help_on_a_bad_entry(tmp_path):
    # Seat 0 is the person: a bad word, then a number, then notation.
    keys = "fold\n1\nbet 2\n"
    result = runner.invoke(
        app, ["play", "tiny", "--seats", "human,random", "--seed", "1"], input=keys
    )
    assert result.exit_code == 0, result.output
    assert "'fold' is not a move" in result.stdout
    assert "Legal moves" in result.stdout and "Final scores" in result.stdout


def test_render_writes_an_svg_of_a_chosen_step_and_view(tmp_path):
    save = tmp_path / "g.json"
    runner.invoke(
        app, ["play", "tiny", "--seats", "random,random", "--seed", "3", "--save", str(save)]
    )
    svg = tmp_path / "p.svg"
    result = runner.invoke(
        app, ["render", str(save), "--step", "3", "--as", "1", "--out", str(svg)]
    )
    assert result.exit_code == 0, result.output
    assert svg.read_text().startswith("<svg")
    text = runner.invoke(app, ["render", str(save), "--step", "2", "--as", "2", "--format", "text"])
    assert "hands: ?" in text.stdout


def test_render_writes_a_position_that_it_reads_back_for_a_bug_report(tmp_path):
    save = tmp_path / "g.json"
    runner.invoke(
        app, ["play", "tiny", "--seats", "random,random", "--seed", "3", "--save", str(save)]
    )
    whole, mine = tmp_path / "whole.json", tmp_path / "mine.json"
    for args, out in (([], whole), (["--as", "1"], mine)):
        result = runner.invoke(
            app,
            ["render", str(save), "--step", "3", "--format", "position", "--out", str(out), *args],
        )
        assert result.exit_code == 0, result.output
    data = json.loads(whole.read_text())
    assert data["format"] == "meeple.position/1" and data["secrets"] is True
    view = json.loads(mine.read_text())
    assert (view["view"], view["dealt"], view["state"]["history"]) == (0, True, [])
    # The position file is drawn as the record's step is.
    from_record = runner.invoke(
        app, ["render", str(save), "--step", "3", "--as", "1", "--format", "text"]
    ).stdout
    for position in (whole, mine):
        shown = runner.invoke(app, ["render", str(position), "--as", "1", "--format", "text"])
        assert shown.exit_code == 0, shown.output
        assert shown.stdout == from_record
    refused = runner.invoke(app, ["render", str(mine), "--as", "2", "--format", "text"])
    assert refused.exit_code != 0 and "what player 1 may know" in refused.output
    assert runner.invoke(app, ["render", str(whole), "--step", "1"]).exit_code != 0
    view["state"]["hands"] = [9, 9]
    mine.write_text(json.dumps(view))
    broken = runner.invoke(app, ["render", str(mine), "--format", "text"])
    assert broken.exit_code == 1 and "not a possible position of Tiny" in broken.output


def test_bench_reports_steps_per_second_as_json():
    result = runner.invoke(app, ["bench", "tiny", "--seconds", "0.2", "--json"])
    assert result.exit_code == 0, result.output
    [row] = json.loads(result.stdout)
    assert row["game"] == "tiny" and row["steps_per_second"] > 0 and row["games"] > 0


def test_arena_prints_win_rates_intervals_and_ratings_as_json():
    result = runner.invoke(
        app, ["arena", "tiny", "--agents", "greedy,random", "--games", "10", "--json"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 10
    assert {r["agent"] for r in summary["agents"]} == {"greedy", "random"}
    assert all(len(r["ci95"]) == 2 for r in summary["agents"])
    # OpenSkill on the display scale: a new player is 1500 +- 250, rated 750.
    for r in summary["agents"]:
        assert 0 < r["sigma"] < 250 and r["rating"] == pytest.approx(
            r["mu"] - 3 * r["sigma"], abs=0.2
        )
    rows = {r["agent"]: r for r in summary["agents"]}
    assert rows["greedy"]["mu"] + rows["random"]["mu"] == pytest.approx(3000, abs=1)


def test_hint_suggests_a_move_with_the_lead_it_expects():
    keys = "hint\n1\nbet 2\n"
    result = runner.invoke(
        app, ["play", "tiny", "--seats", "human,random", "--seed", "1"], input=keys
    )
    assert result.exit_code == 0, result.output
    # The prompt ("player 1> ") and the hint share a line: input is not echoed.
    hint = next(line for line in result.stdout.splitlines() if "Hint: " in line)
    hint = hint[hint.index("Hint: ") :]
    # "Hint: keep (searched 612 of 1000 times; estimated lead over the best opponent ..."
    match = re.search(
        r"searched (\d+) of (\d+) times; estimated lead over the best opponent "
        r"[+-]\d+\.\d points",
        hint,
    )
    assert match, hint
    visits, total = int(match[1]), int(match[2])
    assert 0 < visits <= total
    # The move named is one of the moves on offer at the first decision.
    assert hint.split()[1] in ("keep", "swap")


def test_quit_stops_the_game_by_choice_and_saves_what_was_played(tmp_path):
    save = tmp_path / "stopped.json"
    args = ["play", "tiny", "--seats", "human,random", "--seed", "1", "--save", str(save)]
    result = runner.invoke(app, args, input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Game stopped." in result.stdout
    assert Record.loads(save.read_text()).actions  # the moves made so far
    # Input running out is not a choice: the game stops with exit code 1.
    ran_out = runner.invoke(app, args, input="1\n")
    assert ran_out.exit_code == 1 and "Game stopped." in ran_out.stdout


@pytest.mark.parametrize("command", ["simulate", "arena", "play", "render"])
def test_an_output_file_that_cannot_be_written_is_refused_before_any_game(tmp_path, command):
    missing = tmp_path / "no-such-folder" / "out.jsonl"
    record = tmp_path / "r.jsonl"
    assert (
        runner.invoke(app, ["simulate", "tiny", "--games", "1", "--out", str(record)]).exit_code
        == 0
    )
    args = {
        "simulate": ["simulate", "tiny", "--games", "3", "--out"],
        "arena": ["arena", "tiny", "--agents", "random,random", "--games", "3", "--out"],
        "play": ["play", "tiny", "--seats", "random,random", "--save"],
        "render": ["render", str(record), "--format", "text", "--out"],
    }[command]
    for target, complaint in ((missing, "does not exist"), (tmp_path, "is a folder")):
        result = runner.invoke(app, [*args, str(target)])
        assert result.exit_code == 2, result.output
        assert complaint in result.stderr and "Traceback" not in result.output
        assert "games" not in result.stdout and "Final scores" not in result.stdout
    assert not missing.parent.exists()


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf"])
def test_bench_refuses_a_time_that_measures_nothing(seconds):
    result = runner.invoke(app, ["bench", "tiny", "--seconds", seconds])
    assert result.exit_code == 2
    assert "--seconds must be a positive number" in result.stderr


def test_the_move_log_never_shows_a_person_the_cards_dealt_to_others():
    result = runner.invoke(
        app, ["play", "tiny", "--seats", "human,random", "--seed", "1"], input="1\n1\n"
    )
    assert result.exit_code == 0, result.output
    before_end = result.stdout.split("Final scores")[0]
    assert "chance: card" not in before_end
    assert "player 2 (random): keep" in before_end or "player 2 (random): swap" in before_end


def test_error_messages_with_brackets_are_printed_whole():
    result = runner.invoke(app, ["simulate", "tiny", "-o", "short_deck=[maybe]"])
    assert result.exit_code == 2
    assert "[maybe]" in result.stderr


def test_agent_lists_keep_each_agents_own_options():
    result = runner.invoke(
        app,
        [
            "arena",
            "tiny",
            "--agents",
            "ismcts:iterations=20,rollout=5,greedy:samples=1",
            "--games",
            "2",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    agents = [r["agent"] for r in json.loads(result.stdout)["agents"]]
    assert agents == ["ismcts:iterations=20,rollout=5", "greedy:samples=1"]


def test_people_read_seats_counted_from_one_in_the_play_log_and_score_table(tmp_path):
    # Seat 0 is the person, seat 1 a bot: on screen they are player 1 and player 2.
    save = tmp_path / "g.json"
    result = runner.invoke(
        app,
        ["play", "tiny", "--seats", "human,random", "--seed", "1", "--save", str(save)],
        input="1\n1\n",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Player 1 to move" in out and "player 1> " in out  # the person's panel and prompt
    assert "player 1 (human): keep" in out and "player 1 (human): bet 1" in out
    assert re.search(r"player 2 \(random\): (keep|swap)", out)
    assert SEAT_ZERO.search(out) is None
    # The score table: one column per seat, "player N (agent)" with N from 1, and a rank
    # row placing them as the record says.
    table = out.split("Final scores")[1]
    assert re.search(r"┃ +player 1 ┃ +player 2 ┃", table)
    assert re.search(r"┃ +\(human\) ┃ +\(random\) ┃", table)
    ranks = Record.loads(save.read_text()).result["ranks"]
    rank_row = re.search(r"│ rank +│ +(\d+) │ +(\d+) │", table)
    assert rank_row and [int(rank_row[1]), int(rank_row[2])] == ranks
    # The record stays in seat indexes: agents by seat 0, 1.
    assert Record.loads(save.read_text()).agents == ["human", "random"]


def test_the_simulate_table_numbers_seats_from_one_and_its_json_from_zero():
    args = [
        "simulate",
        "tiny",
        "--players",
        "3",
        "--games",
        "12",
        "--agents",
        "greedy,random,random",
    ]
    table = runner.invoke(app, args)
    summary = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert table.exit_code == 0, table.output
    rows = re.findall(r"│ (\d+) +│ (\w+) +│ (\d+) +│", table.stdout)
    assert [int(seat) for seat, _, _ in rows] == [1, 2, 3]
    assert [agent for _, agent, _ in rows] == ["greedy", "random", "random"]
    # Row "seat N" is index N-1 of the JSON summary (which stays 0-based).
    assert [int(wins) for _, _, wins in rows] == summary["wins"]


def _simulated(tmp_path, name: str = "r.jsonl", games: int = 2) -> Path:
    out = tmp_path / name
    result = runner.invoke(
        app, ["simulate", "tiny", "--games", str(games), "--out", str(out), "--json"]
    )
    assert result.exit_code == 0, result.output
    return out


def test_replay_names_the_line_that_is_broken_not_the_last_one_read(tmp_path):
    out = _simulated(tmp_path)
    first = out.read_text().splitlines()[0]
    out.write_text(first + "\n" + first[:50] + "\n")
    result = runner.invoke(app, ["replay", str(out)])
    assert result.exit_code == 1
    message = result.stderr.strip()
    assert message.startswith(f"error: {out}, line 2: not valid JSON: ")
    assert "line 1" not in message and "\n" not in message


def test_replay_of_an_empty_file_names_it_once(tmp_path):
    empty = tmp_path / "r_empty.jsonl"
    empty.write_text("")
    result = runner.invoke(app, ["replay", str(empty)])
    assert result.exit_code == 1
    assert result.stderr.strip() == f"error: {empty} is empty"


def test_replay_refuses_a_finished_record_whose_result_lacks_scores_or_ranks(tmp_path):
    out = _simulated(tmp_path, games=1)
    obj = json.loads(out.read_text())
    for result in ({}, {"scores": obj["result"]["scores"]}):
        obj["result"] = result
        out.write_text(json.dumps(obj) + "\n")
        bad = runner.invoke(app, ["replay", str(out)])
        assert bad.exit_code == 1 and "all good" not in bad.stdout
        assert "result has no" in bad.stderr


def test_a_record_made_with_a_component_file_replays_from_another_folder(tmp_path, monkeypatch):
    made, elsewhere = tmp_path / "made", tmp_path / "elsewhere"
    made.mkdir()
    elsewhere.mkdir()
    packaged = files("meeple.boardgames.piepmatz").joinpath("components.json").read_text()
    (made / "fix.json").write_text(packaged)
    monkeypatch.chdir(made)
    args = ["simulate", "piepmatz", "--games", "1", "--agents", "random,random"]
    result = runner.invoke(app, [*args, "--components", "fix.json", "--out", "r.jsonl"])
    assert result.exit_code == 0, result.output
    monkeypatch.chdir(elsewhere)
    ok = runner.invoke(app, ["replay", "../made/r.jsonl"])
    assert ok.exit_code == 0, ok.output
    assert "1 record replayed: all good" in ok.stdout
    # Moved with its component file, it still replays; with another file, it is refused.
    (made / "fix.json").rename(elsewhere / "fix.json")
    (made / "r.jsonl").rename(elsewhere / "r.jsonl")
    assert runner.invoke(app, ["replay", "r.jsonl"]).exit_code == 0
    (elsewhere / "fix.json").write_text(packaged.replace("chaffinch", "finch"))
    bad = runner.invoke(app, ["replay", "r.jsonl"])
    assert bad.exit_code == 1 and "has changed since the record was made" in bad.stderr
