"""meeple: rules engines, bots and a platform for six modern board games.

>>> import meeple
>>> [g.id for g in meeple.games()] == sorted(g.id for g in meeple.games())
True
"""

from meeple import native

native.install()  # before any game is imported: MEEPLE_PURE=1 runs the kernels' source

from meeple.core import *  # noqa: E402, F403
from meeple.core import __all__ as _core_all  # noqa: E402

__version__ = "0.1.0"
__all__ = [*_core_all, "__version__"]
