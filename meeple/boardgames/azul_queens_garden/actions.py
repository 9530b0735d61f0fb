"""The action-id encoding and its names.

A tile type ``t`` is ``colour * 6 + pattern`` (0-35); an expansion is named by the
tile type printed on it. Cells are ``area * 7 + space`` (see ``board``).

=====================  ============  ==========================================
ids                    count         name
=====================  ============  ==========================================
ACQ_COLOUR + c         6             ``take yellow``
ACQ_PATTERN + p        6             ``take tree``
PLACE + t * 49 + cell  36 x 49       ``place blue-bird at 2.4``
EXPAND + e * 49 + cell 36 x 49       ``expansion blue-bird at 2.4`` (printed space on 2.4)
BUY                    1             ``buy face-down expansion``
PASS                   1             ``pass``
MODE_COLOUR/PATTERN    2             ``pay by colour`` / ``pay by pattern``
PAY_TILE + t           36            ``pay blue-bird``
PAY_EXP + e            36            ``pay expansion blue-bird``
PAY_JOKER              1             ``pay joker``
DISCARD + t            36            ``discard blue-bird``
DISCARD_JOKER          1             ``discard joker``
DONE                   1             ``done``
DRAW + t               36            ``draw blue-bird`` (chance: a hexagon from the bag)
REVEAL + e             36            ``reveal blue-bird`` (chance: a garden expansion)
COPY + t * 36 + i      36 x 36       ``take blue-bird from expansion 2`` (which copy of an
                                     identical hexagon: display expansion i + 1)
COPY_EXP + e           36            ``take expansion blue-bird`` (the copy taken is the
                                     face-up expansion printing that hexagon)
=====================  ============  ==========================================
"""

from __future__ import annotations

from meeple.boardgames.azul_queens_garden.board import NUM_CELLS, cell_name
from meeple.boardgames.azul_queens_garden.components import NUM_TYPES, Components

ACQ_COLOUR = 0
ACQ_PATTERN = 6
PLACE = 12
EXPAND = PLACE + NUM_TYPES * NUM_CELLS
BUY = EXPAND + NUM_TYPES * NUM_CELLS
PASS = BUY + 1
MODE_COLOUR = PASS + 1
MODE_PATTERN = MODE_COLOUR + 1
PAY_TILE = MODE_PATTERN + 1
PAY_EXP = PAY_TILE + NUM_TYPES
PAY_JOKER = PAY_EXP + NUM_TYPES
DISCARD = PAY_JOKER + 1
DISCARD_JOKER = DISCARD + NUM_TYPES
DONE = DISCARD_JOKER + 1
DRAW = DONE + 1
REVEAL = DRAW + NUM_TYPES
COPY = REVEAL + NUM_TYPES
MAX_TRAYS = 36  # display expansions that can hold hexagons at once (all 36 at most)
COPY_EXP = COPY + NUM_TYPES * MAX_TRAYS
NUM_ACTIONS = COPY_EXP + NUM_TYPES


def action_name(comp: Components, a: int) -> str:
    tn = comp.tile_name
    if a < ACQ_PATTERN:
        return f"take {comp.colours[a - ACQ_COLOUR]}"
    if a < PLACE:
        return f"take {comp.patterns[a - ACQ_PATTERN]}"
    if a < EXPAND:
        t, cell = divmod(a - PLACE, NUM_CELLS)
        return f"place {tn(t)} at {cell_name(cell)}"
    if a < BUY:
        e, cell = divmod(a - EXPAND, NUM_CELLS)
        return f"expansion {tn(e)} at {cell_name(cell)}"
    if a == BUY:
        return "buy face-down expansion"
    if a == PASS:
        return "pass"
    if a == MODE_COLOUR:
        return "pay by colour"
    if a == MODE_PATTERN:
        return "pay by pattern"
    if a < PAY_EXP:
        return f"pay {tn(a - PAY_TILE)}"
    if a < PAY_JOKER:
        return f"pay expansion {tn(a - PAY_EXP)}"
    if a == PAY_JOKER:
        return "pay joker"
    if a < DISCARD_JOKER:
        return f"discard {tn(a - DISCARD)}"
    if a == DISCARD_JOKER:
        return "discard joker"
    if a == DONE:
        return "done"
    if a < REVEAL:
        return f"draw {tn(a - DRAW)}"
    if a < COPY:
        return f"reveal {tn(a - REVEAL)}"
    if a < COPY_EXP:
        t, i = divmod(a - COPY, MAX_TRAYS)
        return f"take {tn(t)} from expansion {i + 1}"
    if a < NUM_ACTIONS:
        return f"take expansion {tn(a - COPY_EXP)}"
    raise ValueError(f"no action {a}")
