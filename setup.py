"""meeple's build: the metadata is pyproject.toml's; this adds the compiled kernels.

Every ``kernels.py`` module under ``meeple/`` (plain typed functions, see meeple/native.py)
is compiled with mypyc, each on its own, when mypyc imports and ``MEEPLE_PURE`` is not set.
The extensions are optional: without a C compiler the install goes on and the Python
source runs, as it does with ``MEEPLE_PURE=1``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from setuptools import setup


def kernels() -> list[Any]:
    if os.environ.get("MEEPLE_PURE", "").strip() not in ("", "0"):
        print("meeple: MEEPLE_PURE is set, the kernels are not compiled")
        return []
    sources = sorted(str(p) for p in Path("meeple").rglob("kernels.py"))
    if not sources:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("meeple: mypyc is not installed, the kernels are not compiled")
        return []
    try:
        modules: list[Any] = mypycify(sources, opt_level="3", separate=True)
    except Exception as e:  # mypyc refusing the code must not stop an install
        print(f"meeple: the kernels are not compiled: {e}")
        return []
    for m in modules:
        m.optional = True  # a failed C build leaves the Python source to run
    return modules


setup(ext_modules=kernels())
