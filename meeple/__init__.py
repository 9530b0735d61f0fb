"""meeple: rules engines, bots and a platform for six modern board games.

>>> import meeple
>>> [g.id for g in meeple.games()] == sorted(g.id for g in meeple.games())
True
"""

from meeple.core import *  # noqa: F403
from meeple.core import __all__ as _core_all

__version__ = "0.1.0"
__all__ = [*_core_all, "__version__"]
