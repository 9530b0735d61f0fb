"""Malformed, truncated, reordered and tampered records: refused with a message, never a crash."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meeple
from meeple.arena.runner import play_game
from meeple.core import RecordError
from meeple.core.record import Record, replay

GAMES = [pytest.param(i.id, id=i.id) for i in meeple.games()]
_CACHE: dict[str, str] = {}


def _record_text(gid: str) -> str:
    if gid not in _CACHE:
        info = meeple.game_class(gid).info
        game = meeple.load(gid, players=info.min_players)
        _CACHE[gid] = play_game(game, ["random"] * game.players, seed=2).dumps()
    return _CACHE[gid]


def _must_refuse_or_replay(obj: Any) -> None:
    try:
        replay(Record.from_json(obj))
    except RecordError as e:
        assert str(e)


@pytest.mark.parametrize("gid", GAMES)
@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000), how=st.sampled_from(["truncate", "swap", "drop", "replace"]))
def test_tampered_actions_are_refused_with_a_message(gid, seed, how):
    obj = json.loads(_record_text(gid))
    actions = obj["actions"]
    rng = random.Random(seed)
    i = rng.randrange(len(actions))
    if how == "truncate":
        obj["actions"] = actions[:i]
    elif how == "swap" and len(actions) > 1:
        j = rng.randrange(len(actions))
        actions[i], actions[j] = actions[j], actions[i]
    elif how == "drop":
        del actions[i]
    else:
        actions[i] = rng.choice(["", "??", actions[rng.randrange(len(actions))], "pass 99"])
    _must_refuse_or_replay(obj)


@pytest.mark.parametrize("gid", GAMES)
@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    key=st.sampled_from(["game", "players", "options", "game_version", "seed", "result", "format"]),
    value=st.one_of(st.none(), st.integers(-5, 99), st.text(max_size=8), st.lists(st.integers())),
)
def test_tampered_fields_are_refused_with_a_message(gid, key, value):
    obj = json.loads(_record_text(gid))
    obj[key] = value
    _must_refuse_or_replay(obj)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(text=st.text(max_size=200))
def test_any_text_as_a_record_is_refused_cleanly(text):
    try:
        Record.loads(text)
    except RecordError as e:
        assert str(e)
