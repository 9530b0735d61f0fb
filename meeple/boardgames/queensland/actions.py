"""Queensland's action ids and their names.

=============  =====================  ======================================
ids            name                   meaning
=============  =====================  ======================================
0-3            ``first player P``     chance: who starts
4-7            ``face north`` ...     setup: which way your start farm points
8-10           ``take 1`` ..          take the tile on market space 1, 2 or 3
11-14          ``rotate 0`` .. 270    turn the tile clockwise before placing
15, 16         ``follow``, ``stay``   a passive player's answer to a group move
17-4112        ``place X,Y``          the cell for the tile (x east, y south)
4113-          ``draw T07``           chance: the tile that enters the market
=============  =====================  ======================================

A farm cell ``(x, y)`` is packed as ``(y + OFFSET) * WIDTH + (x + OFFSET)``; the start
farm covers x, y in 0..1. The window of -32..31 is far larger than any farm can grow
(at most 24 tiles are added to one farm).
"""

from __future__ import annotations

FIRST = 0
FACE = 4
TAKE = 8
ROTATE = 11
FOLLOW = 15
STAY = 16
CELL = 17
WIDTH = 64
OFFSET = 32
CELLS = WIDTH * WIDTH
DRAW = CELL + CELLS

DIRECTIONS = ("north", "east", "south", "west")
DELTAS = (-WIDTH, 1, WIDTH, -1)
"""The packed-cell step north, east, south and west."""


def pack(x: int, y: int) -> int:
    return (y + OFFSET) * WIDTH + (x + OFFSET)


def unpack(cell: int) -> tuple[int, int]:
    return cell % WIDTH - OFFSET, cell // WIDTH - OFFSET


def in_window(cell: int) -> bool:
    """Cells on the window's border are never offered, so a step never wraps."""
    x, y = cell % WIDTH, cell // WIDTH
    return 0 < x < WIDTH - 1 and 0 < y < WIDTH - 1


INSIDE = bytes(in_window(cell) for cell in range(CELLS))
"""Per packed cell, whether it is inside the window (``in_window``), for the hot path."""


def action_name(action: int, tile_ids: tuple[str, ...]) -> str:
    if action < FACE:
        return f"first player {action - FIRST}"
    if action < TAKE:
        return f"face {DIRECTIONS[action - FACE]}"
    if action < ROTATE:
        return f"take {action - TAKE + 1}"
    if action < FOLLOW:
        return f"rotate {(action - ROTATE) * 90}"
    if action == FOLLOW:
        return "follow"
    if action == STAY:
        return "stay"
    if action < DRAW:
        x, y = unpack(action - CELL)
        return f"place {x},{y}"
    return f"draw {tile_ids[action - DRAW]}"
