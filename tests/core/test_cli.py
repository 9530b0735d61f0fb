"""The command line, driven in-process as a user would type it."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.core.record import Record

runner = CliRunner()


def test_games_json_lists_every_registered_game():
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    ids = [g["id"] for g in json.loads(result.stdout)]
    assert "tiny" in ids


def test_simulate_then_replay_succeeds_and_a_changed_action_fails_naming_it(tmp_path):
    out = tmp_path / "f.jsonl"
    result = runner.invoke(
        app, ["simulate", "tiny", "--players", "2", "--games", "6", "--out", str(out), "--json"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 6 and sum(summary["wins"]) >= 6
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
        app, ["render", str(save), "--step", "3", "--as", "0", "--out", str(svg)]
    )
    assert result.exit_code == 0, result.output
    assert svg.read_text().startswith("<svg")
    text = runner.invoke(app, ["render", str(save), "--step", "2", "--as", "1", "--format", "text"])
    assert "hands: ?" in text.stdout


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
    assert all(len(r["ci95"]) == 2 and r["elo"] > 0 for r in summary["agents"])


def test_hint_suggests_a_move_with_the_lead_it_expects():
    keys = "hint\n1\nbet 2\n"
    result = runner.invoke(
        app, ["play", "tiny", "--seats", "human,random", "--seed", "1"], input=keys
    )
    assert result.exit_code == 0, result.output
    assert "Hint: " in result.stdout and "points against the best opponent" in result.stdout


def test_the_move_log_never_shows_a_person_the_cards_dealt_to_others():
    result = runner.invoke(
        app, ["play", "tiny", "--seats", "human,random", "--seed", "1"], input="1\n1\n"
    )
    assert result.exit_code == 0, result.output
    before_end = result.stdout.split("Final scores")[0]
    assert "chance: card" not in before_end
    assert "player 1 (random): keep" in before_end or "player 1 (random): swap" in before_end


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
