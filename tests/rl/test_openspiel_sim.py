"""OpenSpiel's simulation checks (its ``games_sim_test``) on every meeple game.

Each game runs at each of its player counts from 2 to 4, as OpenSpiel's test runs its
multiplayer games: random games through the pyspiel API, with the state serialised and
deserialised, pickled and unpickled, and cloned on the way, and the game (and its game
type) pickled. First OpenSpiel's own ``GamesSimTest.sim_game``, imported from the
installed package; then the same checks in our own words, seeded and stricter (the
whole meeple state must survive, not only its string); then pickles loaded in a fresh
interpreter that has imported nothing but what the pickle names.
"""

from __future__ import annotations

import copy
import json
import pickle
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core.fingerprint import fingerprint
from meeple.core.registry import game_class

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import meeple.openspiel as mos  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def sim_cases() -> list[Any]:
    """Every game at each player count it allows from 2 to 4."""
    return [
        pytest.param(g.id, n, id=f"{g.id}-{n}p")
        for g in meeple.games()
        for n in range(max(2, g.min_players), min(4, g.max_players) + 1)
    ]


def _packaged(game_id: str) -> bool:
    """A game a fresh interpreter knows (not one only this test session registers)."""
    return game_class(game_id).__module__.startswith("meeple.boardgames.")


@pytest.fixture
def seeded_numpy() -> Iterator[Callable[[int], None]]:
    """OpenSpiel's simulation draws from numpy's global RNG: seed it, and put it back."""
    saved = np.random.get_state()
    yield lambda seed: np.random.seed(seed)
    np.random.set_state(saved)


# One random game per case in a quick run; two more in a full one.
SIM_SEEDS = [0, *(pytest.param(s, marks=pytest.mark.slow, id=f"slow{s}") for s in (1, 2))]


@pytest.mark.parametrize("seed", SIM_SEEDS)
@pytest.mark.parametrize(("game_id", "players"), sim_cases())
def test_openspiels_own_sim_game(
    game_id: str, players: int, seed: int, seeded_numpy: Callable[[int], None]
) -> None:
    try:
        from open_spiel.python.tests.games_sim_test import GamesSimTest
    except Exception as e:  # pragma: no cover - moved or renamed in another version
        pytest.skip(f"OpenSpiel's games_sim_test is not importable here: {e!r}")
    checks = GamesSimTest()  # a TestCase, for its assertions and its sim_game
    game = mos.load_game(game_id, players=players)
    seeded_numpy(seed)
    checks.sim_game(game)


def _same(a: Any, b: Any, deep: bool = True) -> None:
    """Two pyspiel states of meeple games are the same position (``deep``: all of it)."""
    assert str(a) == str(b)
    assert a.history() == b.history()
    if not deep:
        return
    assert a.current_player() == b.current_player()
    assert a.legal_actions() == b.legal_actions()
    assert fingerprint(a.meeple_state) == fingerprint(b.meeple_state)
    assert a.meeple_state.game.players == b.meeple_state.game.players
    assert a.meeple_state.game.options == b.meeple_state.game.options


@pytest.mark.parametrize(("game_id", "players"), sim_cases())
def test_sim_checks_in_our_words(game_id: str, players: int) -> None:
    game = mos.load_game(game_id, players=players)
    assert game.min_utility() < game.max_utility()
    # The game pickles and copies as what pyspiel.load_game gives, attributes and all.
    for again in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), copy.copy(game)):
        assert str(again) == str(game)
        assert type(again) is type(game)
        assert repr(again.meeple) == repr(game.meeple)
        assert again.num_distinct_actions() == game.num_distinct_actions()
        _same(again.new_initial_state(), game.new_initial_state())
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    assert pickle.loads(pickle.dumps(type(game))) is type(game)

    rs = np.random.RandomState(players)
    (state,) = game.new_initial_states()
    steps, next_check = 0, 1
    while not state.is_terminal():
        steps += 1
        assert steps <= game.max_game_length()
        if steps >= next_check:  # every power of two, as OpenSpiel's test does
            text = pyspiel.serialize_game_and_state(game, state)
            new_game, loaded = pyspiel.deserialize_game_and_state(text)
            assert str(new_game) == str(game)
            for other in (loaded, pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
                _same(other, state)
            next_check *= 2
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes
            actions, probs = zip(*outcomes, strict=True)
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(int(rs.choice(actions, p=probs)))
        else:
            assert state.is_player_node()
            action = int(rs.choice(state.legal_actions(state.current_player())))
            clone = state.clone()  # as OpenSpiel's test checks a clone, at every decision
            _same(clone, state, deep=False)
            state.apply_action(action)
            clone.apply_action(action)
            _same(clone, state, deep=steps >= next_check)
    assert state.legal_actions() == []
    returns = state.returns()
    for p in range(players):
        assert state.legal_actions(p) == []
        assert state.player_return(p) == returns[p]
        assert game.min_utility() <= returns[p] <= game.max_utility()
    assert sum(returns) == pytest.approx(0.0)
    _same(pickle.loads(pickle.dumps(state)), state)


# Run by a fresh interpreter: it loads the pickles (importing only what they name) and
# plays each state on with the moves it is given, writing what it sees as JSON.
_CHILD = """
import json, pickle, sys
import pyspiel
before = [n for n in pyspiel.registered_names() if n.startswith("meeple_")]
out = {"registered_before": before, "cases": []}
for game, state, klass, moves in pickle.load(sys.stdin.buffer):
    seen = {"game": str(game), "class": klass is type(game), "meeple": repr(game.meeple),
            "state": str(state), "history": list(state.history()),
            "legal": state.legal_actions(), "after": []}
    fresh = game.new_initial_state()
    seen["fresh"] = str(fresh)
    for a in moves:
        state.apply_action(a)
        seen["after"].append(str(state))
    seen["returns"] = state.returns()
    out["cases"].append(seen)
json.dump(out, sys.stdout)
"""


def test_pickles_load_in_a_fresh_interpreter() -> None:
    cases, want = [], []
    for param in sim_cases():
        game_id, players = param.values
        if not _packaged(game_id):
            continue
        game = mos.load_game(game_id, players=players)
        rs = np.random.RandomState(7)
        state = game.new_initial_state()
        moves: list[int] = []
        after: list[str] = []
        checkpoint = state
        for step in range(40):  # some way in, then the moves the fresh interpreter plays
            if step == 25:
                checkpoint = state.clone()
            if state.is_terminal():
                break
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                a = int(rs.choice(actions, p=probs))
            else:
                a = int(rs.choice(state.legal_actions()))
            state.apply_action(a)
            if step >= 25:
                moves.append(a)
                after.append(str(state))
        if checkpoint is state:  # over before the checkpoint
            checkpoint = state.clone()
        cases.append((game, checkpoint, type(game), moves))
        want.append((str(game), after, state.returns()))
    data = pickle.dumps(cases)
    done = subprocess.run(
        [sys.executable, "-c", _CHILD],
        input=data,
        capture_output=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    out = json.loads(done.stdout)
    assert out["registered_before"] == []  # nothing but the pickle made them known
    assert len(out["cases"]) == len(cases) == len(want)
    for (game, state, _, _), seen, (game_text, after, returns) in zip(
        cases, out["cases"], want, strict=True
    ):
        assert seen["game"] == game_text
        assert seen["class"] is True
        assert seen["meeple"] == repr(game.meeple)
        assert seen["fresh"] == str(game.new_initial_state())
        assert seen["state"] == str(state)
        assert seen["history"] == list(state.history())
        assert seen["legal"] == state.legal_actions()
        assert seen["after"] == after
        assert seen["returns"] == returns
