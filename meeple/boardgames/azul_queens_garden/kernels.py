"""The placement rule's hottest loops as free functions over plain lists and ints.

A random Azul step spends most of its time here: what a cell's neighbours allow, where
each stored hexagon can be paid for, and the placement ids of the turn. Written as plain
typed functions (no state, no classes) so that ``pip install -e .`` can compile this
module with mypyc (setup.py); the same source runs as it is when it was not compiled or
``MEEPLE_PURE=1`` is set (``meeple.core.native``). Either way the results are the same,
which tests/core/test_native.py checks on the positions of whole games.
"""

from __future__ import annotations

from typing import Final

from meeple.boardgames.azul_queens_garden.board import NEIGHBOURS, NUM_CELLS
from meeple.boardgames.azul_queens_garden.components import NUM_PATTERNS, NUM_TYPES
from meeple.boardgames.azul_queens_garden.rules import COL as _COL
from meeple.boardgames.azul_queens_garden.rules import COLOUR_TYPES as _COLOUR_TYPES
from meeple.boardgames.azul_queens_garden.rules import PAT as _PAT
from meeple.boardgames.azul_queens_garden.rules import PATTERN_TYPES as _PATTERN_TYPES

# The tables as typed lists: compiled code indexes a list[int] without looking it up.
NB: Final[list[list[int]]] = [list(n) for n in NEIGHBOURS]
COL: Final[list[int]] = list(_COL)
PAT: Final[list[int]] = list(_PAT)
COLOUR_TYPES: Final[list[int]] = list(_COLOUR_TYPES)  # per colour, its types in bits
PATTERN_TYPES: Final[list[int]] = list(_PATTERN_TYPES)
ALL: Final[int] = (1 << NUM_TYPES) - 1
# Per set of colours (a 6-bit mask) every type of those colours, and per set of patterns
# every type of those patterns.
OF_COLOURS: Final[list[int]] = [
    sum(1 << t for t in range(NUM_TYPES) if m >> _COL[t] & 1) for m in range(1 << NUM_PATTERNS)
]
OF_PATTERNS: Final[list[int]] = [
    sum(1 << t for t in range(NUM_TYPES) if m >> _PAT[t] & 1) for m in range(1 << NUM_PATTERNS)
]
# Per set of colours, the types of those colours with the first pattern (shifted left by
# a pattern's index, those with that pattern).
TYPES_OF_COLOURS: Final[list[int]] = [
    OF_COLOURS[m] & OF_PATTERNS[1] for m in range(1 << NUM_PATTERNS)
]

# A cell's neighbourhood, as sets of hexagon types in bits (type t is bit t): the types its
# neighbours let in, the types that would put a hexagon twice into a colour group, and into
# a pattern group; then, for the refusals' words, per colour the patterns of the colour
# groups it would join (bits 6c+q) and those two of them share, and per pattern the colours
# of its groups and those shared (6q+c).
Neighbourhood = tuple[int, int, int, int, int, int, int]


def neighbourhood(
    g: list[int],
    clab: list[int],
    cmask: list[int],
    plab: list[int],
    pmask: list[int],
    x: int,
    by_pattern: bool,
) -> Neighbourhood:
    """What the hexagons around cell ``x`` of garden ``g`` allow (placement.py's
    ``Placement._neighbourhood`` says what each part holds), from the garden's colour
    and pattern group labels and masks."""
    colbits = patbits = 0
    ccomb = cclash = pcomb = pclash = 0
    clash_colours = clash_patterns = 0
    in_pattern = 0  # the types the pattern groups hold (bits t)
    seen_c = seen_p = 0  # group labels (cells) already counted
    for n in NB[x]:
        u = g[n]
        if u < 0:
            continue
        c = COL[u]
        q = PAT[u]
        colbits |= 1 << c
        patbits |= 1 << q
        lab = clab[n]
        if not seen_c >> lab & 1:
            seen_c |= 1 << lab
            m = cmask[lab] << NUM_PATTERNS * c
            if ccomb & m:
                cclash |= ccomb & m
                clash_colours |= 1 << c
            ccomb |= m
        lab = plab[n]
        if not seen_p >> lab & 1:
            seen_p |= 1 << lab
            colours = pmask[lab]
            m = colours << NUM_PATTERNS * q
            if pcomb & m:
                pclash |= pcomb & m
                clash_patterns |= 1 << q
            pcomb |= m
            in_pattern |= TYPES_OF_COLOURS[colours] << q
    if not colbits:
        allowed = ALL
    elif by_pattern:
        allowed = OF_COLOURS[colbits] | OF_PATTERNS[patbits]
    else:
        allowed = OF_COLOURS[colbits]  # a shared pattern does not let a hexagon in
    # A type is twice in a colour group if that group (one of those x joins) holds it,
    # or if two of them share a hexagon, whichever type goes on x; so for patterns.
    colour_twice = ccomb | OF_COLOURS[clash_colours]
    pattern_twice = in_pattern | OF_PATTERNS[clash_patterns]
    return allowed, colour_twice, pattern_twice, ccomb, cclash, pcomb, pclash


def fitting_types(
    g: list[int],
    clab: list[int],
    cmask: list[int],
    plab: list[int],
    pmask: list[int],
    x: int,
    by_pattern: bool,
) -> int:
    """The types that fit on cell ``x`` (``neighbourhood`` finds nothing wrong), in bits."""
    allowed, colour_twice, pattern_twice, _, _, _, _ = neighbourhood(
        g, clab, cmask, plab, pmask, x, by_pattern
    )
    return allowed & ~(colour_twice | pattern_twice)


def payable_types(
    store: list[int], store_exps: list[int], jokers: int, values: tuple[int, ...]
) -> int:
    """The hexagon types in a storage (``store`` counts per type, ``store_exps`` the
    stored expansions, ``jokers``) whose cost that storage can pay, in bits: the keys of
    the type's colour (or pattern), the type itself and stored expansions among them,
    and the jokers, cover the pattern's value."""
    tiles = 0
    for t, n in enumerate(store):
        if n:
            tiles |= 1 << t
    held = tiles  # an expansion pays as a key of its type too
    for e in store_exps:
        held |= 1 << e
    out = 0
    rest = tiles
    while rest:
        low = rest & -rest
        rest ^= low
        t = low.bit_length() - 1
        need = values[PAT[t]] - jokers
        if (
            need <= 1
            or (held & COLOUR_TYPES[COL[t]]).bit_count() >= need
            or (held & PATTERN_TYPES[PAT[t]]).bit_count() >= need
        ):
            out |= low
    return out


def place_ids(fits: tuple[tuple[int, int], ...], mask: int, base: int, out: list[int]) -> None:
    """Add to ``out`` the placement ids (``base`` + type * cells + cell) of the types in
    ``mask`` on the cells of ``fits`` ((cell, types) pairs) where they fit."""
    for x, types in fits:
        ok = types & mask
        while ok:
            low = ok & -ok
            out.append(base + (low.bit_length() - 1) * NUM_CELLS + x)
            ok ^= low
