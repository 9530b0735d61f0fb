"""Compiled kernels: which of meeple's ``kernels`` modules run compiled, and the switch back
to their Python source.

A game may keep its hottest loops in a module named ``kernels.py``: plain typed functions
over lists and ints, no state. ``pip install -e .`` compiles every such module with mypyc
where mypyc and a C compiler are at hand (setup.py); the compiled module sits beside its
source and Python imports it first. Without a compiler the install goes on and the source
runs. Either way the package is complete: the source is the definition, and the compiled
module must give the same results (tests/core/test_native.py).

The source runs instead of the compiled module when:

- ``MEEPLE_PURE=1`` is set (at import time), to run or test the pure-Python engine;
- the source is newer than the compiled module (edited since the last install), so an
  edit is never hidden behind an old build. ``pip install -e .`` builds it again.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PURE_ENV = "MEEPLE_PURE"
KERNELS = "kernels"  # the module name a compiled kernel module has


def pure_requested() -> bool:
    """Whether ``MEEPLE_PURE`` asks for the pure-Python source."""
    return os.environ.get(PURE_ENV, "").strip() not in ("", "0")


def is_kernels(fullname: str) -> bool:
    return fullname.startswith("meeple.") and fullname.rpartition(".")[2] == KERNELS


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension, not from Python source."""
    origin = getattr(module, "__file__", None) or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


class _SourceWhereAsked(importlib.abc.MetaPathFinder):
    """Finds a kernels module's Python source where the compiled one must not be used."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if not is_kernels(fullname):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.origin is None:
            return None
        built = Path(spec.origin)
        if not built.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            return None  # not compiled: the source is found as usual
        source = built.with_name(KERNELS + ".py")
        if not source.is_file():
            return None
        if pure_requested() or source.stat().st_mtime > built.stat().st_mtime:
            return importlib.util.spec_from_file_location(fullname, source)
        return None


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once; meeple's ``__init__`` calls it)."""
    if not any(isinstance(f, _SourceWhereAsked) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceWhereAsked())


def kernel_modules() -> list[str]:
    """The names of meeple's kernels modules (from the package's files)."""
    root = Path(__file__).resolve().parent
    names = set()
    for p in root.rglob(KERNELS + "*"):
        if p.name == KERNELS + ".py" or (
            p.name.startswith(KERNELS + ".")
            and p.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
        ):
            parts = p.relative_to(root.parent).with_name(KERNELS).parts
            names.add(".".join(parts))
    return sorted(names)


def status() -> dict[str, bool]:
    """Each kernels module, imported, and whether it runs compiled."""
    return {name: is_compiled(importlib.import_module(name)) for name in kernel_modules()}
