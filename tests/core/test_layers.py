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


def _imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """The meeple modules ``module`` imports, relative imports resolved (``from meeple
    import x`` and ``from . import x`` count as importing the module x, which they may)."""
    package = module if is_package else module.rpartition(".")[0]
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                root = ".".join(base + ([node.module] if node.module else []))
            else:
                root = node.module or ""
            if root == "meeple" or (node.level and not node.module):
                names.extend(f"{root}.{alias.name}" for alias in node.names)
            else:
                names.append(root)
        elif isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
    return [n for n in names if n.startswith("meeple.")]


def _wrong_imports(files: list[tuple[str, str, bool]]) -> list[str]:
    """``files``: (module name, source, is a package's __init__)."""
    wrong = []
    for module, source, is_package in files:
        mine = _layer(module)
        if mine not in LAYERS:
            continue  # meeple/__init__.py: the public API gathers every layer
        for name in _imports(source, module, is_package):
            theirs = _layer(name)
            below = theirs in LAYERS and LAYERS.index(theirs) > LAYERS.index(mine)
            if below and (module, name) not in ALLOWED:
                wrong.append(f"{module} ({mine}) imports {name} ({theirs})")
    return wrong


def test_no_module_imports_from_a_layer_below_its_own() -> None:
    root = Path(meeple.__file__).parent
    files = []
    for path in sorted(root.rglob("*.py")):
        module = ".".join(("meeple", *path.relative_to(root).with_suffix("").parts))
        is_package = module.endswith(".__init__")
        module = module.removesuffix(".__init__")
        files.append((module, path.read_text(encoding="utf-8"), is_package))
    assert len(files) > 50
    wrong = _wrong_imports(files)
    assert not wrong, "\n".join(wrong)


def test_the_layer_check_sees_a_wrong_import_in_every_form() -> None:
    bad = [
        ("meeple.arena.x", "from meeple.rl import MissingExtraError\n", False),
        ("meeple.core.y", "import meeple.agents.greedy\n", False),
        ("meeple.agents.z", "from meeple import web\n", False),
        ("meeple.core.q", "def f():\n    from meeple.cli.common import fail\n", False),
        ("meeple.analysis.sub", "from ..web import app\n", False),  # a module of analysis
    ]
    found = _wrong_imports(bad)
    assert len(found) == len(bad), found
    assert found[-1] == "meeple.analysis.sub (analysis) imports meeple.web (surfaces)"
    fine = [
        (
            "meeple.boardgames.g.state",
            "from .actions import A\nfrom meeple.core.api import X\n",
            False,
        ),
        ("meeple.boardgames.g", "from . import components\n", True),
        ("meeple.core.registry", "import meeple.boardgames\n", False),
    ]
    assert _wrong_imports(fine) == []
    assert _imports("from . import components\n", "meeple.boardgames.g", True) == [
        "meeple.boardgames.g.components"
    ]


def test_a_missing_extra_is_a_meeple_error_and_an_import_error() -> None:
    assert issubclass(MissingExtraError, MeepleError)
    assert issubclass(MissingExtraError, ImportError)
    from meeple.rl import MissingExtraError as from_rl

    assert from_rl is MissingExtraError
