"""The layers of docs/architecture.md: each imports only from the layers above it."""

from __future__ import annotations

import ast
from pathlib import Path

import meeple
from meeple.core.errors import MeepleError, MissingExtraError

# From the top: a module may import from its own layer and those before it.
LAYERS = ["core", "boardgames", "agents", "arena", "analysis", "surfaces"]
SURFACES = {"cli", "web", "rl", "openspiel"}
# The registry finds the packaged games by importing their package on first use.
ALLOWED = {("meeple.core.registry", "meeple.boardgames")}


def _layer(module: str) -> str:
    part = module.split(".")[1] if "." in module else ""
    return "surfaces" if part in SURFACES else part


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
        elif isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
    return [n for n in names if n.startswith("meeple.")]


def test_no_module_imports_from_a_layer_below_its_own() -> None:
    root = Path(meeple.__file__).parent
    wrong = []
    for path in sorted(root.rglob("*.py")):
        module = ".".join(("meeple", *path.relative_to(root).with_suffix("").parts))
        module = module.removesuffix(".__init__")
        mine = _layer(module)
        if mine not in LAYERS:
            continue  # meeple/__init__.py: the public API gathers every layer
        for name in _imports(path):
            theirs = _layer(name)
            below = theirs in LAYERS and LAYERS.index(theirs) > LAYERS.index(mine)
            if below and (module, name) not in ALLOWED:
                wrong.append(f"{module} ({mine}) imports {name} ({theirs})")
    assert not wrong, "\n".join(wrong)


def test_the_layer_check_sees_a_wrong_import() -> None:
    # The check above must be able to fail: the surfaces layer is below arena.
    assert LAYERS.index(_layer("meeple.rl.gymnasium")) > LAYERS.index(_layer("meeple.arena.x"))
    assert _imports(Path(meeple.__file__).parent / "rl" / "__init__.py") == ["meeple.core.errors"]


def test_a_missing_extra_is_a_meeple_error_and_an_import_error() -> None:
    assert issubclass(MissingExtraError, MeepleError)
    assert issubclass(MissingExtraError, ImportError)
    from meeple.rl import MissingExtraError as from_rl

    assert from_rl is MissingExtraError
