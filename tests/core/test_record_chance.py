"""Records that say how their chance was drawn (meeple.core.chance) are checked exactly: a
chance outcome changed to another legal one is refused at the action where it changed, in
every game and under both schemes; a record without a scheme replays on legality alone and
``meeple replay`` says so."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

import meeple
from meeple.agents import make_agent
from meeple.arena.runner import play, play_game, seat_rng
from meeple.cli.main import app
from meeple.core import CHANCE
from meeple.core.chance import SCHEMES, STEP, STREAM, drawer
from meeple.core.errors import RecordError
from meeple.core.record import Record, record_of, replay

GAMES = [info.id for info in meeple.games()]


def _record(gid: str, scheme: str, seed: int = 7) -> Record:
    game = meeple.load(gid, players=2)
    if scheme == STREAM:
        return play_game(game, ["random", "random"], seed=seed)
    agents = [make_agent("random", seat_rng(seed, i)) for i in range(2)]
    state = play(game.new_initial_state(), agents, drawer(scheme, seed))
    return record_of(state, seed=seed, agents=["random", "random"], chance=scheme)


def _changed_outcomes(record: Record, rng: random.Random, count: int) -> list[tuple[int, str]]:
    """Up to ``count`` chance actions of the record that had another legal outcome, each with
    that other outcome's text (the tampered record stays legal at that point)."""
    game = meeple.load(record.game, players=record.players, **record.options)
    state = game.new_initial_state()
    found = []
    for i, text in enumerate(record.actions):
        action = state.string_to_action(text)
        if state.current_player() == CHANCE:
            others = [a for a in state.legal_actions() if a != action]
            if others:
                found.append((i, state.action_to_string(rng.choice(others))))
        state.apply_action(action)
    return rng.sample(found, min(count, len(found)))


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("gid", GAMES)
def test_a_changed_chance_outcome_is_refused_where_it_was_changed(gid, scheme):
    record = _record(gid, scheme)
    assert record.chance == scheme
    replay(record)  # the untouched record is good
    changes = _changed_outcomes(record, random.Random(gid), 3)
    assert changes, f"{gid}: no chance node with a choice of outcomes in the game"
    for i, other in changes:
        tampered = Record.loads(record.dumps())
        tampered.actions[i] = other
        with pytest.raises(RecordError) as caught:
            replay(tampered)
        assert caught.value.index == i, str(caught.value)
        assert f"action {i} ({other!r})" in str(caught.value)
        assert "is not the chance outcome the record's seed gives" in str(caught.value)


@pytest.mark.parametrize("gid", GAMES)
def test_a_changed_seed_is_refused_at_the_first_outcome_it_changes(gid):
    record = _record(gid, STREAM)
    tampered = Record.loads(record.dumps())
    tampered.seed = (record.seed or 0) + 1
    with pytest.raises(RecordError, match="is not the chance outcome"):
        replay(tampered)


def test_without_a_scheme_a_changed_outcome_still_replays_on_legality_alone(tmp_path):
    record = _record("quedlinburg_dash", STREAM)
    i, other = _changed_outcomes(record, random.Random(1), 1)[0]
    loose = Record.loads(record.dumps())
    loose.chance = None
    loose.actions[i] = other
    loose.result = None  # the changed outcome may change the result
    loose.actions = loose.actions[: i + 1]
    replay(loose)  # legal, so accepted: nothing says how chance was drawn
    path = tmp_path / "loose.json"
    path.write_text(loose.dumps())
    out = CliRunner().invoke(app, ["replay", str(path)])
    assert out.exit_code == 0, out.output
    assert "checked for legality only" in out.output
    checked = tmp_path / "checked.json"
    checked.write_text(record.dumps())
    out = CliRunner().invoke(app, ["replay", str(checked)])
    assert out.exit_code == 0, out.output
    assert "every chance outcome is the one its record's seed and scheme draw" in out.output


def test_meeple_replay_names_the_changed_action(tmp_path):
    record = _record("croa", STREAM)
    i, other = _changed_outcomes(record, random.Random(2), 1)[0]
    data = json.loads(record.dumps())
    data["actions"][i] = other
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data))
    out = CliRunner().invoke(app, ["replay", str(path)])
    assert out.exit_code == 1
    assert f"action {i} ({other!r}) is not the chance outcome" in out.output


def test_an_unknown_scheme_or_a_scheme_without_a_seed_is_refused():
    data = json.loads(_record("croa", STREAM).dumps())
    with pytest.raises(RecordError, match="chance scheme 'dice-by-hand' is unknown"):
        Record.from_json({**data, "chance": "dice-by-hand"})
    with pytest.raises(RecordError, match="names its chance scheme .* but no seed"):
        Record.from_json({**data, "seed": None})


def test_the_step_scheme_is_the_web_servers_draw():
    # The server's tables draw with step_outcome (meeple.web.hub.Hub.sample_chance), and
    # its records name STEP; a record drawn so replays under it.
    record = _record("piepmatz", STEP, seed=11)
    assert json.loads(record.dumps())["chance"] == STEP
    replay(record)
