"""Every game's meeple ``State`` pickles, and an unpickled state plays on as the original.

A research user ships states between processes (Ray tasks, multiprocessing pools,
replay buffers) by pickling them. States are taken at several points of a seeded random
game; each is pickled and unpickled, must equal the original in everything (the
fingerprint of its contents, every player's observation, the legal actions), and must
then play the rest of the game to the same end as the original did.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import meeple
from meeple.core.fingerprint import fingerprint

# Points of the game (actions taken, chance included) at which a state is pickled.
CHECKPOINTS = (0, 1, 7, 30, 80)


def cases() -> list[Any]:
    """Each game at its smallest and largest table."""
    return [
        pytest.param(g.id, n, id=f"{g.id}-{n}p")
        for g in meeple.games()
        for n in sorted({g.min_players, g.max_players})
    ]


def _random_game(game_id: str, players: int, seed: int) -> list[int]:
    """The actions of one random game to its end, chance by its probabilities."""
    rng = random.Random(seed)
    state = meeple.load(game_id, players=players).new_initial_state()
    while not state.is_terminal():
        if state.current_player() == meeple.CHANCE:
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return list(state.history)


def _views(state: meeple.State) -> list[Any]:
    players: list[int | None] = [*range(state.game.players), None]
    return [state.observation(p) for p in players]


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_states_pickle_and_play_on(game_id: str, players: int) -> None:
    actions = _random_game(game_id, players, seed=players)
    game = meeple.load(game_id, players=players)
    end = game.new_initial_state()
    for a in actions:
        end.apply_action(a)
    state = game.new_initial_state()
    points = {min(c, len(actions)) for c in CHECKPOINTS} | {len(actions)}
    for i in range(len(actions) + 1):
        if i in points:
            loaded = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
            assert type(loaded) is type(state)
            assert fingerprint(loaded) == fingerprint(state)
            assert loaded.history == state.history
            assert repr(loaded.game) == repr(state.game)
            assert _views(loaded) == _views(state)
            assert loaded.is_terminal() == state.is_terminal()
            if not state.is_terminal():
                assert loaded.current_player() == state.current_player()
                assert loaded.legal_actions() == state.legal_actions()
            # The rest of the game, played on the unpickled state, ends as the original.
            for b in actions[i:]:
                loaded.apply_action(b)
            assert fingerprint(loaded) == fingerprint(end)
            assert loaded.returns() == end.returns()
            assert loaded.scores() == end.scores()
        if i < len(actions):
            state.apply_action(actions[i])
