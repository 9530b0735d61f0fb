from __future__ import annotations

import json
import random

import pytest

import meeple
from tests.rl.conftest import game_ids

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import meeple.openspiel as mos  # noqa: E402
from meeple.rl.encoding import ObservationEncoder  # noqa: E402


def _play_some(state, steps: int, seed: int):
    rs = np.random.RandomState(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(actions, p=probs)))
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def test_register_every_game_once() -> None:
    names = mos.register()
    assert names == [mos.short_name(g) for g in game_ids()]
    assert mos.register() == names
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("game_id", game_ids())
def test_random_sim_test(game_id: str) -> None:
    game = mos.load_game(game_id)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", game_ids())
def test_game_type_and_info(game_id: str) -> None:
    info = meeple.game_class(game_id).info
    game = mos.load_game(game_id, players=info.max_players)
    gtype = game.get_type()
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    want = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if info.perfect_information
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    assert gtype.information == want
    assert game.num_players() == info.max_players
    mg = meeple.load(game_id, players=info.max_players)
    assert game.num_distinct_actions() == mg.num_distinct_actions()
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


@pytest.mark.parametrize("game_id", game_ids())
def test_observations_match_meeple(game_id: str) -> None:
    game = mos.load_game(game_id)
    state = _play_some(game.new_initial_state(), 25, 1)
    inner = state.meeple_state
    enc = ObservationEncoder(inner.game)
    for p in range(game.num_players()):
        tensor = np.asarray(state.observation_tensor(p), dtype=np.float32)
        assert np.array_equal(tensor, enc.encode_state(inner, p))
        text = state.observation_string(p)
        assert text.startswith(f"p{p}|{{") and json.loads(text[3:].split("|legal:")[0]) == (
            inner.observation(p)
        )
        info_string = state.information_state_string(p)
        assert info_string.startswith(state.observation_string(p))
    # The history is the meeple history; a clone is independent.
    assert [int(a) for a in state.history()] == inner.history
    clone = state.clone()
    if not clone.is_terminal():
        clone.apply_action(clone.legal_actions()[0])
        assert len(state.history()) == len(inner.history)


@pytest.mark.parametrize("game_id", game_ids())
def test_resample_keeps_what_the_player_sees(game_id: str) -> None:
    game = mos.load_game(game_id)
    state = _play_some(game.new_initial_state(), 30, 2)
    if state.is_terminal():
        pytest.skip("the game ended")
    p = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        other = state.resample_from_infostate(p, sampler)
        assert other.observation_string(p) == state.observation_string(p)
        assert other.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game_id", game_ids())
def test_openspiel_bots_play(game_id: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = mos.load_game(game_id)
    state = _play_some(game.new_initial_state(), 10, 3)
    if state.is_terminal():
        pytest.skip("the game ended")
    rs = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    bot = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rs, solve=False)
    assert bot.step(state) in state.legal_actions()
    if game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION:
        stock = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rs)
        assert stock.step(state) in state.legal_actions()
    timed = mos.ismcts_bot(game, max_simulations=8, seed=5)
    assert timed.step(state) in state.legal_actions()
    assert timed.last_simulations == 8 or len(state.legal_actions()) == 1


def test_parameters_reach_the_game() -> None:
    game = mos.load_game("tiny", players=3, short_deck=True)
    state = game.new_initial_state()
    assert state.meeple_state.game.options == {"short_deck": True}
    assert state.meeple_state.game.players == 3
    same = pyspiel.load_game("meeple_tiny(players=3,short_deck=True)")
    assert same.num_players() == 3


def test_information_state_has_perfect_recall() -> None:
    """Two histories that end in the same observation differ in the information state."""
    game = mos.load_game("tiny")
    a = game.new_initial_state()
    b = game.new_initial_state()
    for s, moves in ((a, [4, 5, 0]), (b, [4, 5, 1, 4])):  # keep vs swap into the same card
        for m in moves:
            s.apply_action(m)
    assert a.information_state_string(1) != b.information_state_string(1)


@pytest.mark.parametrize("game_id", [g.id for g in meeple.games() if not g.perfect_information])
@pytest.mark.parametrize("logs_first", [False, True])
def test_resampled_information_states(game_id: str, logs_first: bool) -> None:
    """A re-dealt state keeps the resampling player's information state, and the others'
    logs hold only what that player saw (no hidden card reaches a search tree's keys)."""
    game = mos.load_game(game_id)
    for steps in (20, 5, 2):  # deep into the game, but not past its end
        state = _play_some(game.new_initial_state(), steps, 6)
        if not state.is_terminal():
            break
    p = state.current_player()
    if logs_first:
        state.information_state_string(p)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    other = state.resample_from_infostate(p, sampler)
    assert other.information_state_string(p) == state.information_state_string(p)
    mine = state.information_state_string(p).split("|seen:")[1]
    for q in range(game.num_players()):
        assert other.information_state_string(q).split("|seen:")[1] == mine
    # Play on in the re-dealt world: the logs grow with each player's own view.
    _play_some(other, 5, 7)
    for q in range(game.num_players()):
        assert other.information_state_string(q).startswith(other.observation_string(q))
    # OpenSpiel's ISMCTS keyed by information states runs on it.
    bot = mos.ismcts_bot(game, max_simulations=10, seed=3, use_observation_string=False)
    assert bot.step(state) in state.legal_actions()


@pytest.mark.parametrize(("text", "value"), [("false", False), ("no", False), ("true", True)])
def test_parameters_are_read_as_meeple_load_reads_options(text: str, value: bool) -> None:
    game = mos.load_game("tiny", players=3, short_deck=text)
    assert game.new_initial_state().meeple_state.game.options == {"short_deck": value}
    assert game.get_parameters()["short_deck"] is value
    assert game.num_players() == 3


def test_bad_parameters_are_refused_with_meeples_messages() -> None:
    with pytest.raises(meeple.OptionError, match="'short_deck' takes a bool, not 'maybe'"):
        mos.load_game("tiny", short_deck="maybe")
    with pytest.raises(meeple.OptionError, match="no option 'colour'"):
        mos.load_game("tiny", colour="red")
    with pytest.raises(meeple.OptionError, match="2 to 3 players"):
        mos.load_game("tiny", players=9)
    with pytest.raises(meeple.OptionError, match="component file is not a game parameter"):
        mos.load_game("tiny", components="fix.json")


def _resampled(game_id: str, seed: int):
    """A position some way into ``game_id`` and a re-dealt copy of it."""
    game = mos.load_game(game_id)
    for steps in (20, 5, 2):
        state = _play_some(game.new_initial_state(), steps, 6)
        if not state.is_terminal():
            break
    p = state.current_player()
    rng = random.Random(seed)
    return game, state, p, state.resample_from_infostate(p, rng.random)


@pytest.mark.parametrize("game_id", [g.id for g in meeple.games() if not g.perfect_information])
@pytest.mark.parametrize("play_on", [0, 6])
def test_a_re_dealt_state_saves_and_loads_as_the_same_world(game_id: str, play_on: int) -> None:
    import pickle

    from meeple.core.fingerprint import fingerprint

    game, state, p, other = _resampled(game_id, 11)
    if play_on:
        _play_some(other, play_on, 12)
        if other.is_terminal():
            pytest.skip("the game ended")
    again = other.resample_from_infostate(other.current_player(), random.Random(13).random)
    for world in (other, again):
        want = fingerprint(world.meeple_state)
        text = pyspiel.serialize_game_and_state(game, world)
        _, loaded = pyspiel.deserialize_game_and_state(text)
        assert fingerprint(loaded.meeple_state) == want
        assert fingerprint(pickle.loads(pickle.dumps(world)).meeple_state) == want
        assert loaded.legal_actions() == world.legal_actions()
        if not play_on and world is other:  # what the re-dealing player sees is kept
            assert loaded.observation_string(p) == state.observation_string(p)


def test_two_worlds_that_differ_only_in_hidden_cards_print_differently() -> None:
    _, state, p, other = _resampled("piepmatz", 3)
    assert other.observation_string(p) == state.observation_string(p)
    assert str(other) != str(state)
    assert str(other).split("|state:")[0] == str(state).split("|state:")[0]
    assert str(state.clone()) == str(state)


def test_no_two_players_share_an_information_state() -> None:
    game = mos.load_game("farland", players=3)
    state = _play_some(game.new_initial_state(), 12, 2)
    infos = [state.information_state_string(p) for p in range(3)]
    assert len(set(infos)) == 3
    assert len({state.observation_string(p) for p in range(3)}) == 3


def test_a_public_observer_shows_no_private_cards() -> None:
    from open_spiel.python.observation import make_observation

    game = mos.load_game("piepmatz")
    state = _play_some(game.new_initial_state(), 15, 4)
    inner = state.meeple_state
    public = json.dumps(inner.observation(None), separators=(",", ":"))
    assert public != json.dumps(inner.observation(0), separators=(",", ":"))
    for recall in (False, True):
        kind = pyspiel.IIGObservationType(
            perfect_recall=recall, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        )
        obs = make_observation(game, kind)
        texts = {obs.string_from(state, p) for p in range(game.num_players())}
        assert len(texts) == 1
        (text,) = texts
        assert text.split("|seen:")[0] == public
        if recall:
            replay, spectator = game.meeple.new_initial_state(), []
            for a in inner.history:
                actor = replay.current_player()
                replay.apply_action(a)
                spectator.append(f"{actor}:{replay.action_seen_by(None, actor, a) or '?'}")
            assert text.split("|seen:")[1] == ";".join(spectator)
            assert text.split("|seen:")[1] != state.information_state_string(0).split("|seen:")[1]
        else:
            obs.set_from(state, 0)
            enc = ObservationEncoder(inner.game)
            assert np.array_equal(obs.tensor, enc.encode(inner.observation(None), None, 0)) or (
                np.array_equal(
                    obs.tensor,
                    enc.encode(inner.observation(None), None, inner.current_player()),
                )
            )
    # In a perfect-information game too, the public observer is one string for everyone.
    croa = mos.load_game("croa")
    kind = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    state = _play_some(croa.new_initial_state(), 4, 4)
    obs = make_observation(croa, kind)
    assert len({obs.string_from(state, p) for p in range(croa.num_players())}) == 1
    for bad, complaint in (
        (dict(public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS), "hidden"),
        (dict(public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER), "public"),
    ):
        with pytest.raises(ValueError, match=complaint):
            make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, **bad))


def test_the_ismcts_bot_with_a_seed_searches_the_same_way_twice() -> None:
    game = mos.load_game("piepmatz")
    state = _play_some(game.new_initial_state(), 10, 3)
    policies = []
    for _ in range(2):
        bot = mos.ismcts_bot(game, max_simulations=60, seed=5)
        policies.append(bot.run_search(state))
        visits = sorted((c.visits for c in bot._root_node.child_info.values()), reverse=True)
        policies.append(visits)
    assert policies[0] == policies[2] and policies[1] == policies[3]
