"""The conformance suite: every registered game, every player count and variant.

A game that registers runs all of this with no extra code. Each test names the
engine promise it checks (docs/architecture.md, "The conformance suite").
"""

from __future__ import annotations

import itertools
import json
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import meeple
from meeple.arena.runner import play_game
from meeple.core import CHANCE, TERMINAL, GameOverError, IllegalActionError, NotationError, State
from meeple.core.fingerprint import fingerprint
from meeple.core.record import Record, record_of, replay


def _configs() -> list[Any]:
    out = []
    for info in meeple.games():
        variants: list[dict[str, Any]] = [{}, *[dict(v) for v in info.variants]]
        for players in range(info.min_players, info.max_players + 1):
            for opts in variants:
                label = f"{info.id}-{players}p" + "".join(f"-{k}={v}" for k, v in opts.items())
                out.append(pytest.param(info.id, players, opts, id=label))
    return out


CONFIGS = _configs()


def _step(state: State, rng: random.Random) -> int:
    if state.current_player() == CHANCE:
        return meeple.sample_chance(state, rng)
    return rng.choice(state.legal_actions())


def _random_game(game: meeple.Game, seed: int) -> State:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(_step(state, rng))
    return state


@pytest.mark.parametrize(("gid", "players", "opts"), CONFIGS)
def test_random_games_reach_the_end_keeping_every_promise(gid, players, opts):
    game = meeple.load(gid, players=players, **opts)
    limit = game.max_game_length()
    n_actions = game.num_distinct_actions()
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            player = state.current_player()
            assert player == CHANCE or 0 <= player < players
            legal = state.legal_actions()
            assert legal, "a decision node must offer at least one action"
            assert legal == sorted(set(legal))
            assert all(0 <= a < n_actions for a in legal)
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
                assert all(p > 0 for _, p in outcomes)
                assert sorted(a for a, _ in outcomes) == legal
            else:
                assert state.chance_outcomes() == []
            for a in legal:
                text = state.action_to_string(a)
                assert state.string_to_action(text) == a, text
                assert state.json_to_action(json.loads(json.dumps(state.action_to_json(a)))) == a
            state.apply_action(_step(state, rng))
            steps += 1
            assert steps <= limit, f"the game passed its declared maximum of {limit} actions"
        assert state.current_player() == TERMINAL
        assert state.legal_actions() == []
        scores = state.scores()
        assert len(scores) == players and all("total" in s for s in scores)
        ranks = state.ranks()
        assert sorted(ranks)[0] == 1 and all(1 <= r <= players for r in ranks)
        returns = state.returns()
        assert len(returns) == players and abs(sum(returns)) < 1e-9
        for p in [None, *range(players)]:
            json.dumps(state.observation(p))


@pytest.mark.parametrize(("gid", "players", "opts"), CONFIGS)
def test_every_listed_action_applies(gid, players, opts):
    game = meeple.load(gid, players=players, **opts)
    rng = random.Random(7)
    state = game.new_initial_state()
    step = 0
    while not state.is_terminal():
        if step % 5 == 0:
            legal = state.legal_actions()
            for a in rng.sample(legal, min(len(legal), 40)):
                child = state.clone()
                child.apply_action(a)
                assert child.history == [*state.history, a]
        state.apply_action(_step(state, rng))
        step += 1


@pytest.mark.parametrize(("gid", "players", "opts"), CONFIGS)
def test_clones_are_independent(gid, players, opts):
    """Hash every state as it is played; play on clones; the hashes must not move."""
    game = meeple.load(gid, players=players, **opts)
    rng = random.Random(3)
    state = game.new_initial_state()
    snapshots: list[tuple[State, str]] = []
    while not state.is_terminal():
        snapshots.append((state.clone(), fingerprint(state)))
        state.apply_action(_step(state, rng))
    final = fingerprint(state)
    for snap, digest in snapshots[:: max(1, len(snapshots) // 15)]:
        branch = snap.clone()
        while not branch.is_terminal():
            branch.apply_action(_step(branch, rng))
        assert fingerprint(snap) == digest
    for snap, digest in snapshots:
        assert fingerprint(snap) == digest
    assert fingerprint(state) == final


@pytest.mark.parametrize(("gid", "players", "opts"), CONFIGS)
def test_record_save_load_replay_reaches_the_same_state(gid, players, opts, tmp_path):
    game = meeple.load(gid, players=players, **opts)
    state = _random_game(game, 11)
    record = record_of(state, seed=11)
    path = tmp_path / "game.json"
    path.write_text(record.dumps())
    again = replay(Record.loads(path.read_text()))
    assert again.history == state.history
    assert fingerprint(again) == fingerprint(state)
    assert again.scores() == state.scores()


@pytest.mark.parametrize(("gid", "players", "opts"), CONFIGS)
def test_the_same_seed_gives_the_same_record(gid, players, opts):
    game = meeple.load(gid, players=players, **opts)
    agents = ["random"] * players
    a = play_game(game, agents, seed=5)
    b = play_game(game, agents, seed=5)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize(("gid", "players", "opts"), CONFIGS)
def test_determinize_keeps_the_observation_and_gives_a_valid_state(gid, players, opts):
    game = meeple.load(gid, players=players, **opts)
    rng = random.Random(17)
    state = game.new_initial_state()
    step = 0
    while not state.is_terminal():
        if step % 3 == 0:
            for p in range(players):
                det = state.determinize(p, random.Random(step * 31 + p))
                assert det.observation(p) == state.observation(p)
                assert det.history == state.history
                if state.current_player() == p:
                    assert det.legal_actions() == state.legal_actions()
                if step % 15 == 0:
                    while not det.is_terminal():
                        det.apply_action(_step(det, rng))
        state.apply_action(_step(state, rng))
        step += 1


@pytest.mark.parametrize(("gid", "players", "opts"), CONFIGS)
def test_the_games_own_plans_are_legal_and_read_only_the_movers_view(gid, players, opts):
    """State.tactic: a legal move (the API refuses to return any other) or None, the
    same in the mover's determinisations as in the real state, and never a plan for
    chance or after the end."""
    game = meeple.load(gid, players=players, **opts)
    rng = random.Random(5)
    state = game.new_initial_state()
    planned = 0
    while not state.is_terminal():
        mover = state.current_player()
        move = state.tactic()
        if mover == CHANCE:
            assert move is None
        elif move is not None:
            planned += 1
            assert move in state.legal_actions()
            twin = state.determinize(mover, random.Random(planned))
            assert twin.tactic() == move
        state.apply_action(_step(state, rng))
    assert state.tactic() is None
    assert planned == 0 or state.tactics


@pytest.mark.parametrize(("gid", "players", "opts"), CONFIGS)
def test_rejected_actions_change_nothing(gid, players, opts):
    game = meeple.load(gid, players=players, **opts)
    rng = random.Random(23)
    state = game.new_initial_state()
    n = game.num_distinct_actions()
    tried = 0
    while not state.is_terminal():
        legal = set(state.legal_actions())
        if len(legal) < n and tried < 20:
            illegal = rng.choice([a for a in range(min(n, 5000)) if a not in legal] or [n - 1])
            if illegal not in legal:
                before = fingerprint(state)
                with pytest.raises(IllegalActionError) as err:
                    state.apply_action(illegal)
                assert "not legal" in str(err.value)
                assert fingerprint(state) == before
                tried += 1
        before = fingerprint(state)
        for bad in (-1, n, "1", 1.5, None):
            with pytest.raises(NotationError):
                state.apply_action(bad)  # type: ignore[arg-type]
        with pytest.raises(NotationError):
            state.string_to_action("this is not a move %%")
        assert fingerprint(state) == before
        state.apply_action(_step(state, rng))
    with pytest.raises(GameOverError):
        state.apply_action(0)


@pytest.mark.parametrize(("gid", "players", "opts"), CONFIGS)
def test_renderers_draw_every_view(gid, players, opts):
    game = meeple.load(gid, players=players, **opts)
    rng = random.Random(29)
    state = game.new_initial_state()
    step = 0
    while True:
        if step % 25 == 0 or state.is_terminal():
            for p in [None, *range(players)]:
                obs = state.observation(p)
                assert isinstance(game.render_text(obs), str)
                for layout in ("wide", "narrow"):
                    svg = game.render_svg(obs, layout)
                    root = ET.fromstring(svg)
                    assert root.tag.endswith("svg"), layout
        if state.is_terminal():
            break
        state.apply_action(_step(state, rng))
        step += 1


@pytest.mark.parametrize(("gid", "players", "opts"), CONFIGS)
def test_every_action_has_words_for_the_log(gid, players, opts):
    """``action_words`` (the move log's words) answers for every action the game can take,
    a chance outcome too, with a non-empty text, and leaves the state as it was."""
    game = meeple.load(gid, players=players, **opts)
    rng = random.Random(37)
    state = game.new_initial_state()
    step = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            choices = [a for a, _ in state.chance_outcomes()]
        else:
            choices = state.legal_actions()
        # Every choice at some positions, the one taken at every other.
        action = _step(state, rng)
        asked = choices if step % 10 == 0 else [action]
        before = state.history[:], state.observation(None)
        for a in asked:
            words = state.action_words(a)
            assert isinstance(words, str) and words.strip(), (gid, state.action_to_string(a))
        assert (state.history, state.observation(None)) == before
        state.apply_action(action)
        step += 1


def test_every_game_is_listed_with_its_facts():
    infos = meeple.games()
    assert infos, "no game is registered"
    for info in infos:
        assert info.id and info.name and 1 <= info.min_players <= info.max_players
        json.dumps(info.as_json())


@pytest.mark.parametrize(("gid", "players", "opts"), CONFIGS)
def test_every_choice_is_on_the_board(gid, players, opts):
    """Every legal choice of every decision is reached by clicking the mover's picture.

    Each legal action has a path of clicks (``action_targets``); no two actions of a
    decision share a path and none is the start of another, so every click narrows or
    completes a choice; and every key of every path is drawn with ``data-target`` in
    the picture of the mover's own observation, in both layouts (a laptop's and a phone's).
    """
    import re

    game = meeple.load(gid, players=players, **opts)
    for seed in (31, 32, 33):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player != CHANCE:
                legal = state.legal_actions()
                paths = {a: state.action_targets(a) for a in legal}
                kind = state.decision.kind if state.decision else "?"
                missing = [state.action_to_string(a) for a, p in paths.items() if not p]
                assert not missing, f"{kind}: no target for {missing[:5]}"
                seen = sorted(paths.values())
                for first, second in itertools.pairwise(seen):
                    assert second[: len(first)] != first, (
                        f"{kind}: the clicks {first} choose one action and start another, {second}"
                    )
                keys = {k for p in paths.values() for k in p}
                for layout in ("wide", "narrow"):
                    svg = game.render_svg(state.observation(player), layout)
                    drawn = set(re.findall(r'data-target="([^"]*)"', svg))
                    missed = sorted(keys - drawn)[:5]
                    assert keys <= drawn, f"{kind}, {layout} layout: not drawn: {missed}"
            state.apply_action(_step(state, rng))


# Setups of games with hidden information in which, at that player count, nothing is hidden.
NOTHING_HIDDEN = {
    ("queensland", 2): "with one passive player, a group answer is shown as soon as it is given",
}


@pytest.mark.parametrize(("gid", "players", "opts"), CONFIGS)
def test_observations_hold_no_secret_that_determinize_redeals(gid, players, opts):
    """A seat's observation is the same in every world its determinisations re-deal, and in
    a game with hidden information those worlds really differ: so what the seat is shown
    cannot depend on what it may not see (another's hand, a face-down tile, the bag)."""
    game = meeple.load(gid, players=players, **opts)
    if game.info.perfect_information:
        pytest.skip("no hidden information")
    if (gid, players) in NOTHING_HIDDEN:
        pytest.skip(NOTHING_HIDDEN[gid, players])
    worlds_differed = 0
    for seed in (23, 24, 25):  # hidden information can be rare (Queensland's group answers)
        rng = random.Random(seed)
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            if step % 3 == 0:
                for p in range(players):
                    seen = json.dumps(state.observation(p), sort_keys=True)
                    prints = set()
                    for k in range(3):
                        det = state.determinize(p, random.Random(step * 7 + p * 3 + k))
                        assert json.dumps(det.observation(p), sort_keys=True) == seen
                        prints.add(fingerprint(det))
                    worlds_differed += len(prints) > 1
            state.apply_action(_step(state, rng))
            step += 1
        if worlds_differed:
            break
    assert worlds_differed > 0, "determinize never re-dealt anything the seats cannot see"
