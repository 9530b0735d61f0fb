"""The position format (``meeple.position/1``) in every registered game and variant.

A position read back is the same state (by fingerprint) and plays on identically; a view
holds nothing its seat cannot see; whatever is malformed, of another setup or impossible is
refused by a ``PositionError`` naming it, and nothing is changed.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import meeple
from meeple.core import CHANCE, PositionError, State
from meeple.core.fingerprint import fingerprint
from meeple.core.position import edit, read_position
from tests.conformance.test_conformance import CONFIGS


def _step(state: State, rng: random.Random) -> int:
    if state.current_player() == CHANCE:
        return meeple.sample_chance(state, rng)
    return rng.choice(state.legal_actions())


def _through_json(data: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(data))
    return out


def _positions(game: meeple.Game, seed: int, every: int) -> list[State]:
    """States of one random game: every ``every``-th step, and the end."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    out = []
    while not state.is_terminal():
        if len(state.history) % every == 0:
            out.append(state.clone())
        state.apply_action(_step(state, rng))
    out.append(state)
    return out


@pytest.mark.parametrize(("gid", "players", "opts"), CONFIGS)
def test_a_position_read_back_is_the_same_state_and_plays_on_identically(gid, players, opts):
    game = meeple.load(gid, players=players, **opts)
    for k, state in enumerate(_positions(game, seed=3, every=9)):
        data = _through_json(state.to_json())
        assert data["view"] is None and data["dealt"] is False
        assert data["secrets"] is (not game.info.perfect_information)
        back = game.state_from_json(data)
        assert fingerprint(back) == fingerprint(state), f"step {len(state.history)}"
        assert back.observation(None) == state.observation(None)
        # The module function makes the game from the header alone.
        assert fingerprint(read_position(json.dumps(data))) == fingerprint(state)
        # Both play on alike: the same moves are legal and lead to the same states.
        a, b = state.clone(), back
        rng_a, rng_b = random.Random(k), random.Random(k)
        for _ in range(40):
            if a.is_terminal():
                assert b.is_terminal()
                break
            assert a.legal_actions() == b.legal_actions()
            a.apply_action(_step(a, rng_a))
            b.apply_action(_step(b, rng_b))
        assert fingerprint(a) == fingerprint(b)


@pytest.mark.parametrize(("gid", "players", "opts"), CONFIGS)
def test_a_view_holds_nothing_its_seat_cannot_see(gid, players, opts):
    """A view of a state and of any state its seat cannot tell from it (one of the game's
    re-deals of what the seat has not seen) are the same position; it reads back into a
    state the seat sees exactly as the real one."""
    game = meeple.load(gid, players=players, **opts)
    for k, state in enumerate(_positions(game, seed=5, every=11)):
        for seat in range(players):
            view = _through_json(state.to_json(viewer=seat))
            assert view["view"] == seat and view["secrets"] is False
            back = game.state_from_json(view)
            assert back.observation(seat) == state.observation(seat)
            if game.info.perfect_information:
                assert view["dealt"] is False
                assert fingerprint(back) == fingerprint(state)
                continue
            assert view["dealt"] is True and view["state"]["history"] == []
            twin = state.determinize(seat, random.Random(100 + k))
            assert _through_json(twin.to_json(viewer=seat)) == view


@pytest.mark.parametrize("gid", [i.id for i in meeple.games() if not i.perfect_information])
def test_a_view_of_a_state_with_secrets_is_the_view_of_its_twins(gid):
    """The test above, at the states where a secret is kept (the game at its most
    players: Queensland's hidden answers need three), so that it is sure to check one."""
    info = meeple.game_class(gid).info
    game = meeple.load(gid, players=info.max_players)
    checked = 0
    for k, state in enumerate(_positions(game, seed=7, every=1)):
        seat = k % game.players
        twins = [state.determinize(seat, random.Random(200 + k + j)) for j in range(2)]
        if all(fingerprint(t) == fingerprint(state) for t in twins):
            continue
        view = _through_json(state.to_json(viewer=seat))
        for twin in twins:
            assert _through_json(twin.to_json(viewer=seat)) == view
        checked += 1
    assert checked >= 3, f"only {checked} states of the game held a secret"


def _a_middle_state(game: meeple.Game) -> State:
    rng = random.Random(1)
    state = game.new_initial_state()
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(_step(state, rng))
    while state.is_chance_node():  # a player's decision, so legal moves are named
        state.apply_action(_step(state, rng))
    return state


def _edits(game: meeple.Game, data: dict[str, Any]) -> list[tuple[str, Any, str]]:
    """(what is changed, a function changing a position, words the refusal must hold)."""
    other = meeple.load(
        next(i.id for i in meeple.games() if i.id != game.info.id), players=game.players
    )
    field = next(iter(data["state"]))

    def put(key: str, value: Any) -> Any:
        return lambda d: d.__setitem__(key, value)

    def put_field(key: str, value: Any) -> Any:
        return lambda d: d["state"].__setitem__(key, value)

    def drop_field(key: str) -> Any:
        return lambda d: d["state"].pop(key)

    options = dict(data["options"])
    changed_option = None
    for info in game.info.options:
        for value in info.choices or ():
            if value != options[info.name]:
                changed_option = (info.name, value)
                break
        if changed_option:
            break
    cases: list[tuple[str, Any, str]] = [
        ("format", put("format", "meeple.position/9"), "unknown position format"),
        ("no format", lambda d: d.pop("format"), "has no 'format'"),
        ("game", put("game", other.info.id), f"position of '{other.info.id}'"),
        ("version", put("game_version", 999), "version 999"),
        ("players", put("players", game.players + 5), f"-player game, not {game.players}"),
        ("unknown option", put("options", {**options, "frobs": 1}), "'frobs'"),
        ("view", put("view", game.players), "'view' must be a seat"),
        ("state", put("state", []), "'state' must be an object"),
        ("missing field", drop_field(field), f"has no {field!r}"),
        ("unknown field", put_field("frobs", 1), "unknown field 'frobs'"),
        ("kind of field", put_field("history", 7), "'history' must be a list"),
        ("unknown tag", put_field("history", {"frob": []}), "not a value a position holds"),
        ("history", put_field("history", [-1]), "history[0] is -1"),
    ]
    if changed_option is not None:
        name, value = changed_option
        cases.append(("option", put("options", {**options, name: value}), f"option {name}="))
    return cases


@pytest.mark.parametrize("gid", [i.id for i in meeple.games()])
def test_a_malformed_position_is_refused_naming_what_is_wrong(gid):
    game = meeple.load(gid, players=2)
    state = _a_middle_state(game)
    before = fingerprint(state)
    good = _through_json(state.to_json())
    for what, change, words in _edits(game, good):
        data = copy.deepcopy(good)
        change(data)
        with pytest.raises(PositionError) as e:
            game.state_from_json(data)
        assert words in str(e.value), f"{what}: {e.value}"
    with pytest.raises(PositionError, match="a position is JSON"):
        game.state_from_json("{not json")
    with pytest.raises(PositionError, match="a JSON object, not list"):
        game.state_from_json([])
    with pytest.raises(PositionError, match="a view is of a seat"):
        state.to_json(viewer=game.players)
    assert fingerprint(state) == before
    assert fingerprint(game.state_from_json(good)) == before


def _impossible(gid: str, state: State) -> dict[str, Any]:
    """A field edit each game's rules forbid (its invariants say why)."""
    s: Any = state
    if gid == "azul_queens_garden":
        return {"store_n": [s.store_n[0] + 1, *s.store_n[1:]]}
    if gid == "croa":
        return {"pending": [*s.pending, s.pending[-1]]}
    if gid == "farland":
        farm = s.farms[0].copy()
        farm.house = [-1, *farm.house[1:]]
        return {"farms": [farm, *s.farms[1:]]}
    if gid == "piepmatz":
        return {"hands": [s.hands[0] | s.hands[1], *s.hands[1:]]}
    if gid == "quedlinburg_dash":
        return {"pos": [999, *s.pos[1:]]}
    if gid == "queensland":
        return {"pile": [*s.pile, s.pile[0]]}
    if gid == "tiny":
        return {"hands": [5, *s.hands[1:]]}
    raise AssertionError(f"add an impossible edit of {gid}")


IMPOSSIBLE_WORDS = {
    "azul_queens_garden": "storage count",
    "croa": "more than one decision pending",
    "farland": "a house holds -1",
    "piepmatz": "a bird card is in two places",
    "quedlinburg_dash": "player 1 is on field 999",
    "queensland": "the face-down pile repeats a tile",
    "tiny": "a hand holds [5",
}


@pytest.mark.parametrize("gid", [i.id for i in meeple.games()])
def test_an_impossible_position_is_refused_by_the_rules(gid):
    game = meeple.load(gid, players=2)
    state = _a_middle_state(game)
    before = fingerprint(state)
    with pytest.raises(PositionError, match="not a possible position") as e:
        edit(state, **_impossible(gid, state))
    assert IMPOSSIBLE_WORDS[gid] in str(e.value)
    assert fingerprint(state) == before
    # The same edit with nothing changed is accepted: the refusal is the edit's.
    same = edit(state, **{k: getattr(state, k) for k in _impossible(gid, state)})
    assert fingerprint(same) == before
