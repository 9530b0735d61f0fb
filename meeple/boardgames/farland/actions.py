"""Farland's action ids and their names.

The farm lives on a fixed grid of ``N x N`` squares; the starting house covers
squares (0,0) to (1,1) and coordinates run from ``-OFF`` to ``N - OFF - 1``
(x to the right, y downwards). A square is ``idx = (y + OFF) * N + (x + OFF)``.
An edge is ``2 * idx`` for the top side of square ``idx`` (written ``h x,y``)
and ``2 * idx + 1`` for its left side (``v x,y``). A corner (grid
intersection) is the top-left corner of its square and shares its index.

Compound moves are chains of small decisions (take a card, then a square for
its top-left corner, then a rotation), so the space stays near 15,000 ids.
"""

from __future__ import annotations

from meeple.boardgames.farland.components import IMPROVEMENT_TYPES, Components

N = 60
OFF = 30
ROTATIONS = (0, 90, 180, 270)


def sq(x: int, y: int) -> int:
    return (y + OFF) * N + (x + OFF)


def xy(i: int) -> tuple[int, int]:
    return i % N - OFF, i // N - OFF


class Layout:
    """Offsets of each block of action ids, from the component data."""

    def __init__(self, comp: Components) -> None:
        self.card_ids = tuple(c.id for c in comp.land_cards)
        self.btypes = comp.building_types
        self.animals = comp.animals
        self.resources = comp.resources
        self.techs = comp.techs
        self.columns = len(comp.market_columns)
        k = 0

        def block(n: int) -> int:
            nonlocal k
            start = k
            k += n
            return start

        self.DRAW = block(len(self.card_ids))
        self.FLIP = block(len(self.btypes))
        self.TRACK = block(3)
        self.IMP = block(3)
        self.TAKE_UPPER = block(self.columns)
        self.TAKE_LOWER = block(self.columns)
        self.TAKE_BLD_IMP = block(1)
        self.TAKE_BLD_FP = block(1)
        self.PASS = block(1)
        self.ROT = block(4)
        self.TOKEN = block(len(self.resources))
        self.NO_TOKEN = block(1)
        # install kinds: fence, pipe, nimbus, then one trough per animal table
        self.INSTALL = block(3 + len(self.animals))
        self.LIFT = block(3 + len(self.animals))
        self.DONE = block(1)
        self.TECH = block(len(self.techs))
        self.PLUS10 = block(1)
        self.AT = block(N * N)
        self.EDGE = block(2 * N * N)
        self.CORNER = block(N * N)
        self.size = k

    def name(self, a: int) -> str:
        if a < 0 or a >= self.size:
            raise ValueError(a)
        if a >= self.CORNER:
            x, y = xy(a - self.CORNER)
            return f"corner {x},{y}"
        if a >= self.EDGE:
            e = a - self.EDGE
            x, y = xy(e >> 1)
            return f"edge {'v' if e & 1 else 'h'} {x},{y}"
        if a >= self.AT:
            x, y = xy(a - self.AT)
            return f"at {x},{y}"
        if a >= self.PLUS10:
            return "tech +10"
        if a >= self.TECH:
            return f"tech {self.techs[a - self.TECH]}"
        if a >= self.DONE:
            return "done"
        if a >= self.LIFT:
            return "lift " + self.install_kind_name(a - self.LIFT)
        if a >= self.INSTALL:
            return "install " + self.install_kind_name(a - self.INSTALL)
        if a >= self.NO_TOKEN:
            return "no token"
        if a >= self.TOKEN:
            return f"token {self.resources[a - self.TOKEN]}"
        if a >= self.ROT:
            return f"rotate {ROTATIONS[a - self.ROT]}"
        if a >= self.PASS:
            return "pass"
        if a >= self.TAKE_BLD_FP:
            return "take building + first player"
        if a >= self.TAKE_BLD_IMP:
            return "take building + improvements"
        if a >= self.TAKE_LOWER:
            return f"take lower {a - self.TAKE_LOWER + 1}"
        if a >= self.TAKE_UPPER:
            return f"take upper {a - self.TAKE_UPPER + 1}"
        if a >= self.IMP:
            return IMPROVEMENT_TYPES[a - self.IMP]
        if a >= self.TRACK:
            return f"track {IMPROVEMENT_TYPES[a - self.TRACK]}"
        if a >= self.FLIP:
            return f"flip {self.btypes[a - self.FLIP]}"
        return f"draw {self.card_ids[a - self.DRAW]}"

    def install_kind_name(self, k: int) -> str:
        if k < 3:
            return ("fence", "pipe", "nimbus")[k]
        return f"trough {self.animals[k - 3]}"
