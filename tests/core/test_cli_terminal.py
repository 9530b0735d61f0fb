"""The terminal as a newcomer meets it: refusals that say why, tables that fit 80 columns,
commands in any case, players counted from 1 and mistakes named where they are."""

from __future__ import annotations

import json
import random
import re
from types import SimpleNamespace

import pytest
from rich.console import Console
from typer.testing import CliRunner

import meeple
from meeple.cli import main
from meeple.cli.main import _score_table, app
from meeple.core.record import Record

runner = CliRunner()

# Long agent specs on purpose: their header folds, "player N" stays whole.
AGENTS = ["human", "random", "ismcts:seconds=1,rollout=10,prior=greedy", "greedy:samples=1"]


@pytest.fixture
def width_80(monkeypatch):
    """The CLI's console at 80 columns, whatever terminal runs the tests."""
    monkeypatch.setattr(main, "out", Console(width=80))


def _finished(game_id: str, players: int, seed: int = 4) -> meeple.State:
    state = meeple.load(game_id, players=players).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player() == meeple.CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_refused_move_says_why_in_one_line_and_changes_nothing():
    # Short deck, three players: after player 1 swaps, the deck is empty, so player 2
    # cannot swap; the engine knows why.
    args = ["play", "tiny", "-o", "short_deck=True", "--seats", "human,human,human"]
    result = runner.invoke(app, [*args, "--seed", "1"], input="swap\n1\nswap\nbet 1\nquit\n")
    assert result.exit_code == 0, result.output
    refusals = [line for line in result.stdout.splitlines() if "is not legal now" in line]
    assert len(refusals) == 2, result.stdout
    swap, bet = (r[r.index("'") :] for r in refusals)
    assert swap == (
        "'swap' is not legal now: the deck is empty, so there is nothing to swap for. "
        "Type 'list' to see the legal moves."
    )
    # No reason known: the plain refusal, never the engine's long list of legal moves.
    assert bet == "'bet 1' is not legal now. Type 'list' to see the legal moves."
    assert "Legal:" not in result.stdout
    # The state was not touched by asking: player 2 still moves after the refusals.
    assert result.stdout.count("Player 2 to move") == 1


@pytest.mark.parametrize("game_id", [i.id for i in meeple.games()])
def test_final_scores_fit_80_columns_with_every_category_and_player_whole(game_id):
    players = min(4, meeple.load(game_id).info.max_players)
    state = _finished(game_id, players)
    console = Console(width=80, record=True)
    console.print(_score_table(state, AGENTS[:players]))
    text = console.export_text()
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert "…" not in text
    cells = [c.strip() for line in lines for c in re.split(r"[│┃]", line)]
    scores, ranks = state.scores(), state.ranks()
    rows = {
        line.split("│")[1].strip(): [int(v) for v in line.split("│")[2:-1]]
        for line in lines
        if line.startswith("│")
    }
    # Every category on a row of its own, named whole, with each player's points.
    assert rows == {
        **{c.replace("_", " "): [s[c] for s in scores] for c in scores[0]},
        "rank": ranks,
    }
    for p in range(players):
        assert f"player {p + 1}" in cells  # its own header line, whole
    assert "(human)" in cells and "(random)" in cells


def test_play_prints_the_final_scores_as_one_column_per_player(width_80):
    args = ["play", "azul_queens_garden", "--seats", "random,random,random,random", "--seed", "4"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    table = result.stdout.split("Final scores")[1]
    assert "…" not in table
    assert re.search(r"player 1 +┃ +player 2 +┃ +player 3 +┃ +player 4 ┃", table)
    assert re.search(r"│ group bonus +│", table) and re.search(r"│ rank +│", table)


def test_games_lists_every_id_whole_and_each_option_on_its_own_line(width_80):
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines) and "…" not in result.stdout
    first_cells = [line.split("│")[1].strip() for line in lines if line.startswith("│")]
    option_cells = [line.split("│")[4].strip() for line in lines if line.startswith("│")]
    for info in meeple.games():
        assert info.id in first_cells
        for o in info.options:
            assert any(cell.startswith(f"{o.name}=") for cell in option_cells), o.name


@pytest.mark.parametrize(
    ("args", "complaint"),
    [
        (
            ["play", "croa", "--seats", "human random"],
            "--seats lists 1 seat ('human random'); separate the seats with commas, "
            "one per player (Crôa! takes 2 to 4)",
        ),
        (
            ["play", "croa", "--seats", "human,random,random,random,random"],
            "--seats lists 5 seats ('human,random,random,random,random'); separate the seats "
            "with commas, one per player (Crôa! takes 2 to 4)",
        ),
        (
            ["play", "croa", "--players", "3", "--seats", "human random,random"],
            "--seats lists 2 seats ('human random,random') but --players is 3; "
            "list one seat per player, separated by commas",
        ),
        (
            ["arena", "croa", "--agents", "greedy random", "--games", "1"],
            "--agents lists 1 agent ('greedy random'); separate the agents with commas, "
            "one per player (Crôa! takes 2 to 4)",
        ),
    ],
)
def test_a_seat_list_of_the_wrong_length_is_named_not_taken_for_a_player_count(args, complaint):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: {complaint}"


def _tiny_record(tmp_path, games: int = 1) -> tuple:
    out = tmp_path / "r.jsonl"
    args = ["simulate", "tiny", "--games", str(games), "--seed", "5", "--out", str(out), "--json"]
    assert runner.invoke(app, args).exit_code == 0
    return out, [Record.loads(line) for line in out.read_text().splitlines()]


def test_render_as_counts_players_from_one(tmp_path):
    from meeple.core.record import replay

    path, [record] = _tiny_record(tmp_path)
    state = replay(record, upto=2)  # both cards dealt, neither shown
    for person in (1, 2):
        args = ["render", str(path), "--step", "2", "--as", str(person), "--format", "text"]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert result.stdout.strip() == state.render_text(person - 1)
    assert state.render_text(0) != state.render_text(1)
    for wrong in ("0", "3"):
        result = runner.invoke(app, ["render", str(path), "--as", wrong, "--format", "text"])
        assert result.exit_code == 2
        assert result.stderr.strip() == (
            f"error: --as counts players from 1 to 2, not {wrong} "
            "(leave it out for a spectator's view)"
        )


def test_render_of_several_records_asks_which_and_draws_the_one_chosen(tmp_path):
    from meeple.core.record import replay

    path, records = _tiny_record(tmp_path, games=3)
    result = runner.invoke(app, ["render", str(path), "--format", "text"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == (
        f"error: {path} holds 3 records; choose one with --record N (1 to 3)"
    )
    for n in (1, 2, 3):
        args = ["render", str(path), "--record", str(n), "--step", "1", "--format", "text"]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert result.stdout.strip() == replay(records[n - 1], upto=1).render_text(None)
    # Drawn as SVG without --out, each record gets a file of its own.
    for n in (1, 3):
        result = runner.invoke(app, ["render", str(path), "--record", str(n)])
        assert result.exit_code == 0, result.output
        assert (tmp_path / f"r.record{n}.stepend.svg").read_text().startswith("<svg")
    for wrong in ("0", "4"):
        result = runner.invoke(app, ["render", str(path), "--record", wrong, "--format", "text"])
        assert result.exit_code == 2
        assert f"--record counts from 1 to 3, not {wrong}" in result.stderr
        assert "\n" not in result.stderr.strip()


def test_commands_are_read_in_any_case_and_with_spaces_around():
    keys = "LIST\n  Help \nHint\nQuit\n"
    result = runner.invoke(app, ["play", "tiny", "--seats", "human,random", "--seed", "1"], keys)
    assert result.exit_code == 0, result.output
    assert "not a move" not in result.stdout and "not legal" not in result.stdout
    assert result.stdout.count("Legal moves:") == 2  # at the start, then for LIST
    assert "Type a move as written in the list" in result.stdout
    assert "Hint: " in result.stdout
    assert "Game stopped." in result.stdout


def test_a_bad_bot_option_is_named_first():
    result = runner.invoke(app, ["play", "croa", "--seats", "human,ismcts:iterations=abc"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: ismcts: iterations must be a whole number, not 'abc'"


def test_the_simulate_table_folds_a_long_agent_rather_than_cutting_it(width_80):
    spec = "greedy:samples=1,depth=1,width=2"
    args = [
        "simulate",
        "tiny",
        "--players",
        "3",
        "--games",
        "2",
        "--agents",
        f"{spec},random,{spec}",
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines) and "…" not in result.stdout
    agent_cells = "".join(line.split("│")[2].strip() for line in lines if line.startswith("│"))
    assert agent_cells.count(spec) == 2


class _Finished:
    """Just what the end-of-game lines read from a state."""

    def __init__(self, totals: list[int], ranks: list[int]) -> None:
        self._totals, self._ranks = totals, ranks
        self.game = SimpleNamespace(info=SimpleNamespace(id="queensland"))

    def scores(self) -> list[dict[str, int]]:
        return [{"total": t} for t in self._totals]

    def ranks(self) -> list[int]:
        return self._ranks


def test_a_tie_on_points_broken_by_the_rules_is_explained() -> None:
    from meeple.cli.main import _tie_breaks

    # Players 2 and 3 level on 24, placed 3rd and 2nd by the tie-break; 1 and 4 apart.
    lines = _tie_breaks(_Finished([30, 24, 24, 10], [1, 3, 2, 4]))  # type: ignore[arg-type]
    assert lines == [
        "Level on 24: player 3 (2nd), player 2 (3rd), placed by the game's tie-break "
        "(docs/games/queensland.md)."
    ]
    # A tie the rules leave shared (the same rank) needs no explaining; nor do no ties.
    assert _tie_breaks(_Finished([8, 15, 8], [2, 1, 2])) == []  # type: ignore[arg-type]
    assert _tie_breaks(_Finished([1, 2, 3], [3, 2, 1])) == []  # type: ignore[arg-type]


def test_bench_tables_fit_80_columns_with_every_header_whole(width_80, monkeypatch):
    from meeple.arena import bench

    # Measured figures are not what is tested here, so the measures give fixed, wide numbers.
    def playouts(game, seconds):
        return {
            "game": game.info.id,
            "players": game.players,
            "games": 10,
            "steps_per_second": 1_234_567.0,
            "decisions_per_second": 987_654.0,
            "games_per_second": 76.19,
            "mean_steps_per_game": 302.4,
        }

    n = len(meeple.games())
    rates = iter([2000.0, 1999.9] * n)
    monkeypatch.setattr(bench, "random_playouts", playouts)
    monkeypatch.setattr(bench, "clone_rate", lambda game: 170_140.2)
    monkeypatch.setattr(bench, "ismcts_rate", lambda game, seconds: next(rates))
    result = runner.invoke(app, ["bench", "--seconds", "0.1"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines) and "…" not in result.stdout
    for header in ["steps", "decisions", "games", "per game", "clones", "ISMCTS it.", "per s"]:
        assert f" {header} " in result.stdout, header
    rows = {line.split("│")[1].strip(): line for line in lines if line.startswith("│")}
    assert set(rows) == {info.id for info in meeple.games()}
    assert "│ 1,234,567 │   987,654 │" in result.stdout and " 76.2 │" in result.stdout
    verdicts = [line.split("│")[4].strip() for line in lines if "170,140" in line]
    assert verdicts == (["met", "below"] * n)[:n]


@pytest.mark.parametrize("name", ["players", "components", "game_id", "self"])
def test_an_option_named_like_a_setup_argument_is_refused_as_no_option(name):
    for command in (["play", "tiny", "--seats", "random,random"], ["simulate", "tiny"]):
        result = runner.invoke(app, [*command, "-o", f"{name}=3"])
        assert "Traceback" not in result.output
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith(f"error: Tiny has no option '{name}'")
        assert "Traceback" not in result.output


def test_render_refuses_to_draw_over_the_record_it_reads(tmp_path):
    path, _ = _tiny_record(tmp_path)
    before = path.read_bytes()
    result = runner.invoke(app, ["render", str(path), "--out", str(path)])
    assert result.exit_code == 2
    assert "is the record itself; writing there would lose the game" in result.stderr
    assert path.read_bytes() == before


def test_render_checks_the_whole_record_before_drawing_an_early_step(tmp_path):
    path, [record] = _tiny_record(tmp_path)
    record.result = {"scores": [41, 42], "ranks": [2, 1]}
    path.write_text(record.dumps() + "\n")
    result = runner.invoke(app, ["render", str(path), "--step", "1", "--format", "text"])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith(f"error: {path}: the recorded scores [41, 42] differ")


def test_every_commands_help_shows_each_options_text_whole():
    import typer.main

    group = typer.main.get_command(app)
    assert len(group.commands) >= 8
    for name, command in group.commands.items():
        result = runner.invoke(app, [name, "--help"], env={"COLUMNS": "250"})
        assert result.exit_code == 0, (name, result.output)
        shown = " ".join(result.stdout.replace("│", " ").split())
        for param in command.params:
            text = " ".join((getattr(param, "help", None) or "").split())
            # Rich reads "[...]" as markup and drops it: a default written that way vanished.
            assert text in shown, (name, param.name, text)


def test_an_option_given_twice_is_refused_naming_both_values():
    for command in (["simulate", "tiny"], ["analyze", "tiny", "--games", "2"]):
        result = runner.invoke(app, [*command, "-o", "short_deck=yes", "-o", "short_deck=no"])
        assert result.exit_code == 2, result.output
        assert result.stderr.strip() == "error: option 'short_deck' is given twice ('yes' and 'no')"


def test_simulate_takes_the_player_count_from_the_agents_as_arena_does():
    args = ["simulate", "tiny", "--agents", "random,random,greedy", "--games", "3", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout)["wins"]) == 3
    clash = runner.invoke(app, [*args, "--players", "2"])
    assert clash.exit_code == 2
    assert "--agents lists 3 agents ('random,random,greedy') but --players is 2" in clash.stderr


def test_render_refuses_an_out_that_is_a_hard_link_to_the_record(tmp_path):
    import os

    path, _ = _tiny_record(tmp_path)
    link = tmp_path / "same.jsonl"
    os.link(path, link)
    before = path.read_bytes()
    result = runner.invoke(app, ["render", str(path), "--out", str(link), "--format", "text"])
    assert result.exit_code == 2 and "is the record itself" in result.stderr
    assert path.read_bytes() == before


def test_simulate_jobs_refuse_an_option_named_like_a_setup_argument():
    from meeple.arena.simulate import jobs_for, run_jobs
    from meeple.core import OptionError

    with pytest.raises(OptionError, match="Tiny has no option 'players'"):
        list(run_jobs(jobs_for("tiny", 2, 1, 0, ["random", "random"], {"players": 3}, None)))
