"""Tests build positions with the position format, never by writing a state's fields.

A test that needs a position play does not easily reach builds it with
``meeple.core.position.edit`` (or ``game.state_from_json``), which checks it against the
game's invariants, so an impossible position is refused rather than tested. This test reads
every test module and fails on a write to a state's field: an assignment to it (or to an
item of it), an in-place change (``append``, ``add``, ``clear`` ...), the legal-move cache,
the decision stack or ``push``. The few tests that need a position the rules forbid, or
whose point is to corrupt a state, are listed below with the reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

import meeple

TESTS = Path(__file__).resolve().parents[1]

MUTATORS = {
    "append",
    "extend",
    "insert",
    "pop",
    "remove",
    "clear",
    "add",
    "discard",
    "update",
    "setdefault",
    "popitem",
    "sort",
    "reverse",
}

# Files that define a game (their states write their own fields) or corrupt states on
# purpose to show that the invariants catch it.
ALLOWED_FILES = {
    "tinygame.py": "defines the tiny game",
    "agents/test_arena_coin.py": "defines a coin game",
}
ALLOWED_NAMES = {"test_invariants.py": "corrupts states on purpose: the invariants must catch it"}

# (file, function): why the position cannot be built through the format.
COPY = "changes a copy of a farm, which the position is then built from (edit validates it)"
CORRUPT = "corrupts a clone on purpose: the invariants must catch it"
ALLOWED_FUNCTIONS: dict[tuple[str, str], str] = {
    ("games/farland/helpers.py", "changed"): COPY,
    ("games/farland/helpers.py", "give"): COPY,
    ("games/farland/test_bots.py", "fresh_farm"): COPY,
    ("conformance/test_position.py", "_impossible"): "an impossible edit, which must be refused",
    (
        "core/test_clone_sharing.py",
        "test_a_cache_is_not_part_of_the_position_or_its_fingerprint",
    ): "empties a cache, which a position leaves out",
    (
        "core/test_clone_sharing.py",
        "test_reading_a_position_forgets_the_cache_it_was_written_with",
    ): "a wrong cache on purpose: reading the position must not keep it",
    (
        "games/farland/test_advanced.py",
        "test_irrigation_is_not_offered_without_pond_tiles",
    ): "no pond left while a player lacks Irrigation cannot happen (4 ponds, at most 4 players)",
    (
        "games/farland/test_advanced.py",
        "test_irrigation_without_ponds_is_refused_naming_the_ponds",
    ): "no pond left while a player lacks Irrigation cannot happen (4 ponds, at most 4 players)",
    (
        "games/quedlinburg_dash/test_rules.py",
        "test_clovers_do_nothing_without_the_extended_cards",
    ): "the basic game has no clovers: holding some is a position the rules forbid",
    (
        "games/quedlinburg_dash/test_rules.py",
        "test_the_clover_move_comes_with_either_extended_set_and_no_basic_one",
    ): "the basic game has no clovers: holding some is a position the rules forbid",
    # Positions the rules forbid, for code that guards against them:
    (
        "games/croa/test_rules.py",
        "test_no_frog_can_move_for_two_whole_rounds_ends_the_game_in_a_shared_result",
    ): "mud holds a frog for one turn only: two whole rounds without a move cannot happen",
    ("games/queensland/helpers.py", "put_by_hand"): "the farms for a tile that fits nowhere",
    (
        "games/queensland/test_rules.py",
        "test_a_tile_that_fits_nowhere_is_discarded",
    ): "a farm whose open cells are cut down so that no market tile fits (none did in 200 "
    "random games)",
    (
        "games/queensland/test_render.py",
        "test_only_market_spaces_whose_tile_fits_can_be_clicked",
    ): "a farm whose open cells are cut down so that only some market tiles fit",
    (
        "games/queensland/test_rules.py",
        "test_ties_go_to_own_colour_tiles_then_wheat_then_cane",
    ): "final scores and tie-breaks set on a game not over, to test the ranking alone",
    **{
        ("games/quedlinburg_dash/test_rules.py", f"_corrupt_{what}"): CORRUPT
        for what in (
            "chip",
            "reserve",
            "rubies",
            "clovers",
            "dream_weed",
            "position",
            "marketplace",
        )
    },
}


def state_fields() -> set[str]:
    """Every field of every registered game's state, and of the objects they hold."""
    fields: set[str] = {"_legal_cache", "pending", "push"}
    for info in meeple.games():
        state = meeple.load(info.id, players=info.min_players).new_initial_state()
        fields |= set(vars(state)) - {"game", "rules"}
        for cls in type(state).position_types:
            fields |= {s for k in cls.__mro__ for s in getattr(k, "__slots__", ())}
    return fields


def _root(node: ast.expr) -> tuple[str | None, list[str]]:
    chain: list[str] = []
    while isinstance(node, ast.Attribute | ast.Subscript):
        if isinstance(node, ast.Attribute):
            chain.append(node.attr)
        node = node.value
    return (node.id if isinstance(node, ast.Name) else None), chain[::-1]


def writes(tree: ast.AST, fields: set[str]) -> list[tuple[int, str, str]]:
    """(line, enclosing function, what) for each write to a field of something not ``self``."""
    found: list[tuple[int, str, str]] = []

    def visit(node: ast.AST, func: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            func = node.name
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in MUTATORS:
                targets = [node.func.value]
            elif node.func.attr == "push":
                targets = [node.func]
        for target in targets:
            for t in target.elts if isinstance(target, ast.Tuple) else [target]:
                name, chain = _root(t)
                if name not in (None, "self") and chain and chain[0] in fields:
                    found.append((node.lineno, func, f"{name}.{'.'.join(chain)}"))
        for child in ast.iter_child_nodes(node):
            visit(child, func)

    visit(tree, "<module>")
    return found


def test_no_test_writes_a_states_fields():
    fields = state_fields()
    bad = []
    for path in sorted(TESTS.rglob("*.py")):
        rel = path.relative_to(TESTS).as_posix()
        if rel in ALLOWED_FILES or path.name in ALLOWED_NAMES:
            continue
        for line, func, what in writes(ast.parse(path.read_text(encoding="utf-8")), fields):
            if (rel, func) not in ALLOWED_FUNCTIONS:
                bad.append(f"tests/{rel}:{line} ({func}): {what}")
    assert not bad, "build these positions with meeple.core.position.edit:\n" + "\n".join(bad)


def test_the_scan_finds_the_writes_it_forbids():
    fields = state_fields()
    source = """
def build(state, farm):
    state.pos = [1, 2]
    state.rubies[0] += 3
    state.bags[0].append(4)
    state._legal_cache = None
    state.pending[:] = []
    state.push("shop", 0, 0)
    farm.fences.add(7)
    obs = state.observation(0)
    obs["pos"] = 1
    self.pos = 0
"""
    found = [what for _, _, what in writes(ast.parse(source), fields)]
    assert found == [
        "state.pos",
        "state.rubies",
        "state.bags",
        "state._legal_cache",
        "state.pending",
        "state.push",
        "farm.fences",
    ]


def test_every_allowed_exception_is_still_there():
    """An allowance whose write is gone is stale: drop it."""
    fields = state_fields()
    for (rel, func), reason in ALLOWED_FUNCTIONS.items():
        tree = ast.parse((TESTS / rel).read_text(encoding="utf-8"))
        assert any(f == func for _, f, _ in writes(tree, fields)), (rel, func, reason)
