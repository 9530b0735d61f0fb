"""Typed decision info: each kind's handlers declare ``d: Decision[T]``, and in play every
pending decision's info is a ``T``.

The annotation is what mypy checks the handlers against; this test checks the other side,
that what the game pushes is what its handlers expect, at every step of random games.
"""

from __future__ import annotations

import inspect
import random
import types
import typing
from typing import Any

import pytest

import meeple
from meeple.core import CHANCE, Decision
from tests.conformance.test_conformance import CONFIGS

BUILTIN = [i.id for i in meeple.games() if i.id != "tiny"]


def _info_types(state_class: type) -> dict[str, Any]:
    """Each decision kind's info type, from its handlers' ``d`` annotations (which agree)."""
    found: dict[str, tuple[Any, str]] = {}
    for prefix, table in state_class._handlers.items():
        for kind, func in table.items():
            if func.__qualname__.startswith("State."):
                continue  # the core's own hooks (_legal_actions ...), not a kind's handler
            params = list(inspect.signature(func).parameters)
            assert len(params) >= 2 and params[1] == "d", f"{func.__qualname__}: (self, d, ...)"
            hint = typing.get_type_hints(func)["d"]
            assert typing.get_origin(hint) is Decision, (
                f"{func.__qualname__}: d is {hint}, not Decision[<the kind's info type>]"
            )
            (info,) = typing.get_args(hint)
            where = f"{prefix}{kind}"
            if kind in found:
                assert found[kind][0] == info, (
                    f"{where} says {info}, {found[kind][1]} says {found[kind][0]}"
                )
            else:
                found[kind] = (info, where)
    return {k: v for k, (v, _) in found.items()}


def conforms(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the type ``hint`` (the forms decision infos use)."""
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, h) for h in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(conforms(v, args[0]) for v in value)
        return len(value) == len(args) and all(map(conforms, value, args))
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    raise AssertionError(f"the test does not know the type form {hint!r}")


@pytest.mark.parametrize("gid", BUILTIN)
def test_every_handler_declares_its_kinds_info_type(gid):
    kinds = _info_types(meeple.game_class(gid).state_class)
    assert kinds, "no handlers"


@pytest.mark.parametrize(("gid", "players", "opts"), [c for c in CONFIGS if c.values[0] != "tiny"])
def test_every_pending_decisions_info_is_of_its_declared_type(gid, players, opts):
    game = meeple.load(gid, players=players, **opts)
    kinds = _info_types(game.state_class)
    seen: set[str] = set()
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while True:
            for d in state.pending:
                assert d.kind in kinds, f"a pending {d.kind!r} has no handler"
                assert conforms(d.info, kinds[d.kind]), (
                    f"step {len(state.history)}: {d.kind} info {d.info!r} is not a {kinds[d.kind]}"
                )
                seen.add(d.kind)
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                state.apply_action(meeple.sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert seen


def test_the_checker_refuses_what_does_not_conform():
    assert conforms((1, True), tuple[int, bool])
    assert not conforms((1, 2), tuple[int, bool])
    assert not conforms((True, True), tuple[int, bool])
    assert not conforms((1,), tuple[int, bool])
    assert conforms((1, 2, 3), tuple[int, ...]) and not conforms([1], tuple[int, ...])
    assert conforms(None, int | None) and not conforms("x", int | None)
    assert conforms(None, None) and not conforms(0, None)
