"""Every game package has the same shape: rules <- state <- game, no cycles.

Read from the source (the imports each module makes at its top level or inside functions),
not from what happens to be imported at run time, so a cycle hidden behind
``TYPE_CHECKING`` or a function-level import is caught too.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import meeple
from meeple.core.api import Game

GAMES = [i.id for i in meeple.games() if meeple.game_class(i.id).__module__.startswith("meeple.")]
# The order imports run in: a module may import only modules earlier in this list (or
# modules of its package outside the list, which must not import back).
LAYERS = ("rules", "state", "game")


def package(game_id: str) -> Path:
    module = importlib.import_module(meeple.game_class(game_id).__module__)
    assert module.__file__ is not None
    return Path(module.__file__).parent


def local_imports(path: Path) -> set[str]:
    """The modules of its own package that a module imports, by their short name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prefix = "meeple.boardgames." + path.parent.name + "."
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                names.add(node.module.split(".")[0])
            elif node.level == 1:
                names.update(alias.name for alias in node.names)
            elif node.module and node.module.startswith(prefix):
                names.add(node.module[len(prefix) :].split(".")[0])
            elif node.module == prefix[:-1]:
                names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(prefix):
                    names.add(alias.name[len(prefix) :].split(".")[0])
    names.discard(path.stem)
    return names


def graph(game_id: str) -> dict[str, set[str]]:
    root = package(game_id)
    modules = {p.stem: p for p in root.glob("*.py") if p.stem != "__init__"}
    return {name: local_imports(p) & set(modules) for name, p in modules.items()}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_package_has_rules_state_and_game_imported_in_that_order(game_id):
    edges = graph(game_id)
    assert set(LAYERS) <= set(edges), f"{game_id} lacks {set(LAYERS) - set(edges)}"
    for lower, name in enumerate(LAYERS):
        later = set(LAYERS[lower + 1 :])
        assert not edges[name] & later, f"{game_id}/{name}.py imports {edges[name] & later}"
    # The other modules (actions, components, scoring, render...) sit below the state:
    # a renderer reads only observations, a scorer only the pieces it is given.
    for name, targets in edges.items():
        if name not in LAYERS:
            assert not targets & {"state", "game"}, f"{game_id}/{name}.py imports {targets}"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_module_of_a_game_imports_itself_back(game_id):
    edges = graph(game_id)

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(edges[start])
        while todo:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo.extend(edges[m])
        return seen

    cycles = sorted(m for m in edges if m in reach(m))
    assert not cycles, f"{game_id}: modules in an import cycle: {cycles}"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_module_of_a_game_hides_an_import_behind_type_checking(game_id):
    for path in package(game_id).glob("*.py"):
        assert "TYPE_CHECKING" not in path.read_text(encoding="utf-8"), path


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_object_and_the_wiring_come_from_the_base_class(game_id):
    cls = meeple.game_class(game_id)
    game = meeple.load(game_id)
    state = game.new_initial_state()
    assert game.rules is not None and state.rules is game.rules
    assert type(game.rules).__module__ == f"meeple.boardgames.{game_id}.rules"
    # The notation's refusal and the drawings are the base class's; a game gives data.
    for name in ("parse_action", "render_text", "render_svg"):
        assert getattr(cls, name) is getattr(Game, name), f"{game_id} overrides {name}"
    assert cls.renderer == f"meeple.boardgames.{game_id}.render"
    assert cls.notation_examples
    with pytest.raises(meeple.NotationError, match=r"Moves look like|docs/games/"):
        game.parse_action("no such move at all")


# -- the core's plumbing: no game replaces it ------------------------------------------------

MUTABLE = (list, dict, set, bytearray)
CORE_FIELDS = {
    "game",
    "rules",
    "history",
    "pending",
    "_legal_cache",
    "last_decision",
    "_rows_owned",
}


def immutable(value: object) -> bool:
    if value is None or isinstance(value, bool | int | float | str | bytes | frozenset):
        return True
    if isinstance(value, tuple):
        return all(immutable(v) for v in value)
    params = getattr(type(value), "__dataclass_params__", None)
    if params is not None:  # a frozen dataclass (Decision is a NamedTuple: a tuple)
        return bool(params.frozen)
    return False


def states_along_a_game(game_id: str, options: dict, seed: int = 3):  # type: ignore[no-untyped-def]
    import random

    from meeple.core.api import sample_chance

    rng = random.Random(seed)
    state = meeple.load(game_id, players=2, **options).new_initial_state()
    yield state
    step = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        step += 1
        if step % 7 == 0:
            yield state
    yield state


def variants(game_id: str) -> list[dict]:  # type: ignore[type-arg]
    return [{}, *[dict(v) for v in meeple.game_class(game_id).info.variants]]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_game_overrides_the_cores_apply_or_clone(game_id):
    cls = meeple.game_class(game_id).state_class
    for name in ("clone", "apply_action", "apply_legal"):
        owner = next(k for k in cls.__mro__ if name in vars(k))
        assert owner.__module__ == "meeple.core.api", f"{game_id} overrides {name}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_mutable_field_of_a_state_is_copied_by_clone_at_its_depth(game_id):
    cls = meeple.game_class(game_id).state_class
    copied, nested, rows = set(cls.copied), set(cls.copied_nested), set(cls.shared_rows)
    assert copied or nested or rows, f"{game_id} declares nothing for clone to copy"
    for options in variants(game_id):
        for state in states_along_a_game(game_id, options):
            for name, value in vars(state).items():
                if name in CORE_FIELDS:
                    continue
                where = f"{game_id} {options} field {name!r}"
                if name in copied:
                    assert isinstance(value, MUTABLE), f"{where}: not a container"
                    items = value.values() if isinstance(value, dict) else value
                    assert all(immutable(v) for v in items), f"{where}: holds mutables"
                elif name in nested:
                    for inner in value:
                        if isinstance(inner, MUTABLE):
                            items = inner.values() if isinstance(inner, dict) else inner
                            assert all(immutable(v) for v in items), f"{where}: too deep"
                        else:
                            assert callable(getattr(inner, "copy", None)), where
                elif name in rows:
                    # One row per player, each a list of immutable values (own_rows
                    # copies a row whole before it changes).
                    assert isinstance(value, list), f"{where}: not a list of rows"
                    assert len(value) == state.game.players, f"{where}: not a row per player"
                    for inner in value:
                        assert isinstance(inner, list), f"{where}: a row is not a list"
                        assert all(immutable(v) for v in inner), f"{where}: too deep"
                else:
                    assert not isinstance(value, MUTABLE), f"{where}: shared but mutable"
                    assert immutable(value) or not hasattr(value, "__dict__"), where
