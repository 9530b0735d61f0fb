"""Positions as data: a state written to JSON and read back exactly (``meeple.position/1``).

A record is a game from its start; a position is one moment of it, as FEN is for chess.
``state.to_json()`` writes every field of the state; ``game.state_from_json(data)`` (or
:func:`read_position`, which makes the game from the position's own header) reads it back
into a state equal to the original by fingerprint, which plays on identically.

Reading checks everything and refuses with :class:`PositionError` naming what is wrong:
the header against the game (id, rules version, players, options, component file), each
field's name and kind of value, and then the game's own invariants and that the decision
to be taken has legal choices. So a test or a bug report can build a position by editing
the JSON of a real one, and an impossible edit is refused rather than played.

Hidden information: ``state.to_json(viewer=p)`` writes what seat ``p`` may know. In a game
with secrets the unseen parts (other hands, the order of a deck ...) are dealt at random by
the game's own re-deal of what ``p`` has not seen (the one the bots use), with a fixed
seed, and the history of moves (which names every secret draw) is left out. The header
says so (``"view": p, "dealt": true``): such a position is one the seat cannot tell from
the real one, not the real one.

Values are JSON, with a one-key object for what JSON lacks: ``{"tuple": [...]}``,
``{"set": [...]}``, ``{"dict": [[key, value], ...]}`` (in the dict's own order, for keys
of any kind), ``{"decision": [kind, player, info]}`` and, for the classes a game names in
``State.position_types``, ``{"object": name, "fields": {...}}``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from meeple.core.api import JSON, Decision, Game, State, compact
from meeple.core.errors import MeepleError, PositionError

FORMAT = "meeple.position/1"

# What a position never holds: the game and its rules are the header's (shared by every
# state of the game) and the legal-move cache is recomputed.
SKIPPED = ("game", "rules", "_legal_cache", "_rows_owned")

# The seed of a view's re-deal: a view depends only on what the seat sees.
VIEW_DEAL_SEED = 0

_TAGS = ("tuple", "set", "dict", "decision", "object")


# -- writing -------------------------------------------------------------------------


def encode(value: Any, where: str = "state") -> JSON:
    """``value`` as JSON (see the module's docstring); ``where`` names it in errors."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise PositionError(f"{where} holds {value}, which JSON cannot write")
        return value
    if isinstance(value, list):
        return [encode(v, f"{where}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, Decision):
        return {"decision": [value.kind, value.player, encode(value.info, f"{where}.info")]}
    if isinstance(value, tuple):
        return {"tuple": [encode(v, f"{where}[{i}]") for i, v in enumerate(value)]}
    if isinstance(value, set | frozenset):
        # In the set's own order: a state read back iterates its sets as the original did.
        return {"set": [encode(v, f"{where}{{}}") for v in value]}
    if isinstance(value, dict):
        pairs = [
            [encode(k, f"{where}{{}}"), encode(v, f"{where}[{k!r}]")] for k, v in value.items()
        ]
        return {"dict": pairs}
    fields = _fields_of(value)
    if fields is None:
        what = type(value).__name__
        raise PositionError(f"{where} holds a {what}, which a position cannot write")
    return {
        "object": type(value).__name__,
        "fields": {k: encode(v, f"{where}.{k}") for k, v in fields.items()},
    }


def _fields_of(value: Any) -> dict[str, Any] | None:
    slots = [s for klass in type(value).__mro__ for s in getattr(klass, "__slots__", ())]
    if slots:
        return {s: getattr(value, s) for s in slots if hasattr(value, s)}
    if hasattr(value, "__dict__"):
        return dict(vars(value))
    return None


def header(game: Game) -> dict[str, JSON]:
    """What a position shares with every state of its game."""
    out: dict[str, JSON] = {
        "format": FORMAT,
        "game": game.info.id,
        "game_version": game.info.version,
        "players": game.players,
        "options": dict(game.options),
    }
    if game.components_path is not None:
        from meeple.core.record import file_digest

        out["components"] = {
            "path": str(game.components_path),
            "sha256": file_digest(game.components_path),
        }
    return out


def write_position(state: State, viewer: int | None = None) -> dict[str, JSON]:
    """The position of ``state``, whole (``viewer=None``) or as seat ``viewer`` may know it."""
    game = state.game
    dealt = False
    source = state
    if viewer is not None:
        seat = isinstance(viewer, int) and not isinstance(viewer, bool)
        if not seat or not 0 <= viewer < game.players:
            raise PositionError(f"a view is of a seat from 0 to {game.players - 1}, not {viewer!r}")
        if not game.info.perfect_information:
            source = state.determinize(viewer, random.Random(VIEW_DEAL_SEED))
            dealt = True
            # A re-deal must leave what the seat sees as it was, or the view would lie.
            assert source.observation(viewer) == state.observation(viewer), (
                f"{game.info.id}: the re-deal for seat {viewer} changes what it sees"
            )
    caches = type(source).caches
    fields = {k: v for k, v in vars(source).items() if k not in SKIPPED and k not in caches}
    if dealt:
        fields["history"] = []
    out = header(game)
    out["view"] = viewer
    # A whole position of a game with secrets holds every seat's: say so.
    out["secrets"] = viewer is None and not game.info.perfect_information
    out["dealt"] = dealt
    out["state"] = {k: encode(v, k) for k, v in fields.items()}
    return out


def edit(state: State, **fields: Any) -> State:
    """A new state: ``state`` with these fields replaced, read back through the position
    format, so an edit that makes an impossible position is refused (:class:`PositionError`)
    and ``state`` itself is never changed. The history is kept as it was. For tests and bug
    reports that need a position play does not easily reach."""
    data = write_position(state)
    body = data["state"]
    assert isinstance(body, dict)
    for key, value in fields.items():
        body[key] = encode(value, key)
    return state_from_position(state.game, data)


# -- reading -------------------------------------------------------------------------


def read_position(data: Any) -> State:
    """A state from a position, with the game its header names (made like a record's)."""
    from meeple.core.registry import load_setup

    obj = _as_object(data)
    game_id = obj.get("game")
    if not isinstance(game_id, str):
        raise PositionError(f"the position's 'game' must be a game id, not {game_id!r}")
    players = obj.get("players")
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise PositionError(f"the position's 'options' must be an object, not {options!r}")
    components = obj.get("components")
    path = None
    if components is not None:
        if not isinstance(components, dict) or not isinstance(components.get("path"), str):
            raise PositionError("the position's 'components' must be an object with a 'path'")
        path = Path(components["path"])
    try:
        game = load_setup(game_id, players, path, options)
    except MeepleError as e:
        raise PositionError(f"the position's setup is refused: {e}") from None
    return state_from_position(game, obj)


def _as_object(data: Any) -> dict[str, Any]:
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except ValueError as e:
            raise PositionError(f"a position is JSON; this is not: {e}") from None
    if not isinstance(data, dict):
        raise PositionError(f"a position is a JSON object, not {type(data).__name__}")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise PositionError(
            f"unknown position format {fmt!r}; this engine reads {FORMAT!r}"
            if "format" in data
            else f"the position has no 'format'; a meeple position's is {FORMAT!r}"
        )
    return data


def state_from_position(game: Game, data: Any) -> State:
    """Read a position of ``game``; every problem is a :class:`PositionError`."""
    obj = _as_object(data)
    _check_header(game, obj)
    fields = obj.get("state")
    if not isinstance(fields, dict):
        raise PositionError(f"the position's 'state' must be an object, not {fields!r}")
    cls = game.state_class
    caches = cls.caches
    reference = {
        k: v
        for k, v in vars(game.new_initial_state()).items()
        if k not in SKIPPED and k not in caches
    }
    missing = [k for k in reference if k not in fields]
    if missing:
        raise PositionError(f"the position's state has no {missing[0]!r}")
    unknown = [k for k in fields if k not in reference]
    if unknown:
        raise PositionError(
            f"the position's state has an unknown field {unknown[0]!r}; "
            f"{game.info.name}'s are {', '.join(sorted(reference))}"
        )
    types = {t.__name__: t for t in cls.position_types}
    state = object.__new__(cls)
    state.game = game
    state.rules = game.rules
    for key, ref in reference.items():
        value = decode(fields[key], key, types)
        if value is not None and ref is not None and type(value) is not type(ref):
            raise PositionError(f"the position's {key!r} must be {_kind(ref)}, not {_kind(value)}")
        setattr(state, key, value)
    state._legal_cache = None
    state._rows_owned = 0  # its rows are new lists, shared with no other state
    state._forget_caches()
    compact(state)
    _check_history(game, state.history)
    _check_playable(state)
    return state


def _check_header(game: Game, obj: Mapping[str, Any]) -> None:
    info = game.info
    if obj.get("game") != info.id:
        raise PositionError(f"this is a position of {obj.get('game')!r}, not of {info.id!r}")
    version = obj.get("game_version")
    if version != info.version:
        raise PositionError(
            f"this position was written by {info.name} version {version!r}; "
            f"this engine plays version {info.version}"
        )
    if obj.get("players") != game.players:
        raise PositionError(
            f"this position is of a {obj.get('players')!r}-player game, not {game.players}"
        )
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise PositionError(f"the position's 'options' must be an object, not {options!r}")
    for name, value in game.options.items():
        if name in options and options[name] != value:
            raise PositionError(
                f"this position was written with option {name}={options[name]!r}, "
                f"not {name}={value!r}"
            )
    extra = [name for name in options if name not in game.options]
    if extra:
        raise PositionError(f"the position names an option {info.name} does not have: {extra[0]!r}")
    components = obj.get("components")
    if (components is None) != (game.components_path is None):
        which = "a corrected component file" if components else "the packaged components"
        raise PositionError(f"this position was written with {which}, unlike this game")
    if components is not None:
        from meeple.core.record import file_digest

        assert game.components_path is not None
        want = components.get("sha256") if isinstance(components, dict) else None
        if want and want != file_digest(game.components_path):
            raise PositionError(
                "this position was written with other component data "
                "(the file's SHA-256 differs from the position's)"
            )
    view = obj.get("view")
    if view is not None and (
        isinstance(view, bool) or not isinstance(view, int) or not 0 <= view < game.players
    ):
        raise PositionError(f"the position's 'view' must be a seat or null, not {view!r}")
    for flag in ("secrets", "dealt"):
        if not isinstance(obj.get(flag, False), bool):
            raise PositionError(f"the position's {flag!r} must be true or false, not {obj[flag]!r}")


def decode(value: Any, where: str, types: Mapping[str, type]) -> Any:
    """The value a JSON value of a position stands for; ``where`` names it in errors."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list):
        return [decode(v, f"{where}[{i}]", types) for i, v in enumerate(value)]
    if isinstance(value, dict) and "object" in value:
        return _decode_object(value, where, types)
    tag = next(iter(value), None) if isinstance(value, dict) and len(value) == 1 else None
    body = value[tag] if tag is not None else None
    if tag not in _TAGS or not isinstance(body, list):
        raise PositionError(
            f"the position's {where} is not a value a position holds: {json.dumps(value)[:80]}"
        )
    if tag == "dict":
        if any(not isinstance(pair, list) or len(pair) != 2 for pair in body):
            raise PositionError(f"the position's {where} must be a list of [key, value] pairs")
        try:
            return {
                decode(k, f"{where}{{}}", types): decode(v, f"{where}[{k!r}]", types)
                for k, v in body
            }
        except TypeError:
            raise PositionError(f"the position's {where} has a key that cannot be one") from None
    items = [decode(v, f"{where}[{i}]", types) for i, v in enumerate(body)]
    if tag == "tuple":
        return tuple(items)
    if tag == "decision":
        if len(items) != 3 or not isinstance(items[0], str) or not isinstance(items[1], int):
            raise PositionError(f"the position's {where} must be [kind, player, info]")
        return Decision(items[0], items[1], items[2])
    try:
        return set(items)
    except TypeError:
        raise PositionError(f"the position's {where} holds a value a set cannot") from None


def _decode_object(value: dict[str, Any], where: str, types: Mapping[str, type]) -> Any:
    name, fields = value.get("object"), value.get("fields")
    cls = types.get(name) if isinstance(name, str) else None
    if cls is None:
        known = ", ".join(types) or "none"
        raise PositionError(f"the position's {where} is a {name!r}; this game's objects: {known}")
    if not isinstance(fields, dict):
        raise PositionError(f"the position's {where} must have its 'fields' as an object")
    obj: Any = object.__new__(cls)
    slots = [s for klass in cls.__mro__ for s in getattr(klass, "__slots__", ())]
    wanted = slots or None
    if wanted is not None:
        missing = [s for s in wanted if s not in fields]
        unknown = [k for k in fields if k not in wanted]
        if missing or unknown:
            what = f"has no {missing[0]!r}" if missing else f"has an unknown field {unknown[0]!r}"
            raise PositionError(f"the position's {where} {what}")
    for k, v in fields.items():
        setattr(obj, k, decode(v, f"{where}.{k}", types))
    return obj


def _kind(value: Any) -> str:
    return {
        bool: "true or false",
        int: "a whole number",
        float: "a number",
        str: "text",
        list: "a list",
        tuple: "a tuple",
        set: "a set",
        dict: "a dict",
        Decision: "a decision",
    }.get(type(value), f"a {type(value).__name__}")


def _check_history(game: Game, history: Any) -> None:
    n = game.num_distinct_actions()
    for i, a in enumerate(history):
        if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a < n:
            raise PositionError(
                f"the position's history[{i}] is {a!r}, not an action of {game.info.name} "
                f"(0 to {n - 1})"
            )


def _check_playable(state: State) -> None:
    """The game's invariants hold and the decision to be taken can be taken."""
    name = state.game.info.name
    try:
        state.check_invariants()
    except AssertionError as e:
        raise PositionError(f"this is not a possible position of {name}: {e}") from None
    except Exception as e:  # a value of the right kind in the wrong place
        raise PositionError(
            f"this is not a possible position of {name}: {type(e).__name__}: {e}"
        ) from None
    if state.is_terminal():
        return
    try:
        if state.is_chance_node():
            choices: list[Any] = state.chance_outcomes()
        else:
            choices = state.legal_actions()
    except Exception as e:
        raise PositionError(
            f"this is not a possible position of {name}: its decision cannot be taken "
            f"({type(e).__name__}: {e})"
        ) from None
    if not choices:
        raise PositionError(f"this is not a possible position of {name}: nothing can be played")
