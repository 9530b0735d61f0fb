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

from meeple.boardgames.azul_queens_garden.board import CELLS_PER_AREA, NEIGHBOURS, NUM_CELLS
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


# -- taking from the display ------------------------------------------------------------

# Per take key (an action id: the colours, then the patterns), its types in bits.
KEY_TYPES: Final[list[int]] = COLOUR_TYPES + PATTERN_TYPES


def keys_available(store: list[int], store_exps: list[int], t: int, by_colour: bool) -> int:
    """How many different keys (patterns of ``t`` 's colour, or colours of its pattern),
    other than ``t`` 's own, a storage holds as hexagons or expansions."""
    n = 0
    if by_colour:
        base = COL[t] * NUM_PATTERNS
        own = PAT[t]
        for r in range(NUM_PATTERNS):
            if r != own and (store[base + r] or (base + r) in store_exps):
                n += 1
    else:
        q = PAT[t]
        own = COL[t]
        for r in range(NUM_PATTERNS):
            if r != own and (store[r * NUM_PATTERNS + q] or (r * NUM_PATTERNS + q) in store_exps):
                n += 1
    return n


def display_bits(trays: list[list[int]], faceup: list[int]) -> tuple[int, int]:
    """The hexagon types lying in the display and the face-up expansions' types, each a
    bit per type (every expansion is one of a kind, so a set loses nothing)."""
    present = 0
    for tray in trays:
        for t in tray:
            present |= 1 << t
    up = 0
    for e in faceup:
        up |= 1 << e
    return present, up


def take_fits(tiles: int, exps: int, either: int, free_t: int, free_e: int) -> bool:
    """Whether a take fits in storage: ``tiles`` hexagons, ``exps`` expansions, and
    ``either`` items that may go as a hexagon or as its face-up expansion."""
    return tiles <= free_t and exps <= free_e and tiles + exps + either <= free_t + free_e


def take_options(trays: list[list[int]], faceup: list[int], free_t: int, free_e: int) -> list[int]:
    """The take keys (action ids) open to a storage with room for ``free_t`` hexagons and
    ``free_e`` expansions: each colour and pattern in the display whose hexagons and
    face-up expansions all fit."""
    present, up = display_bits(trays, faceup)
    out: list[int] = []
    if not up:
        # Hexagons only (the usual case): a take fits if its types fit in the room for
        # hexagons, and with room for a whole colour or pattern every take fits.
        for key, m in enumerate(KEY_TYPES):
            if present & m and (free_t >= NUM_PATTERNS or (present & m).bit_count() <= free_t):
                out.append(key)
        return out
    both = present & up
    for key, m in enumerate(KEY_TYPES):
        nt = present & m
        ne = up & m
        if nt or ne:
            nf = (both & m).bit_count()
            if take_fits(nt.bit_count() - nf, ne.bit_count() - nf, nf, free_t, free_e):
                out.append(key)
    return out


def draw_outcomes(bag: list[int], n: int, base: int) -> list[tuple[int, float]]:
    """A draw from a bag of ``n`` hexagons (``bag`` counts per type): each type in it,
    as its action id ``base`` + type, with its chance."""
    out: list[tuple[int, float]] = []
    for t, c in enumerate(bag):
        if c:
            out.append((base + t, c / n))
    return out


# -- a hexagon lands ---------------------------------------------------------------------

NEAR: Final[list[int]] = [sum(1 << n for n in NB[x]) for x in range(NUM_CELLS)]  # neighbours


def join_groups(
    g: list[int],
    clab: list[int],
    cmask: list[int],
    plab: list[int],
    pmask: list[int],
    x: int,
    t: int,
) -> int:
    """Hexagon ``t`` lands on cell ``x`` of garden ``g``: put it there and join it to the
    colour and pattern groups it touches (labels and masks updated in place). Returns the
    cells of the groups it joined, ``x`` among them, in bits."""
    g[x] = t
    c = COL[t]
    q = PAT[t]
    # Its colour group (a mask of the patterns in it), then its pattern group (colours).
    members = _join(g, clab, cmask, x, c, 1 << q, COL)
    return members | _join(g, plab, pmask, x, q, 1 << c, PAT)


def _join(
    g: list[int], lab: list[int], mask: list[int], x: int, key: int, bit: int, same: list[int]
) -> int:
    """Join cell ``x`` (its hexagon's colour or pattern ``key``, which adds ``bit`` to the
    group's mask) to the groups of that colour or pattern it touches: they all take ``x``
    as their label. Returns the cells of those groups and ``x``, in bits."""
    members = 1 << x
    m = bit
    lab[x] = x
    for n in NB[x]:
        u = g[n]
        if u >= 0 and n != x and same[u] == key:
            other = lab[n]
            if other != x:
                m |= mask[other]
                for i in range(NUM_CELLS):
                    if lab[i] == other:
                        lab[i] = x
                        members |= 1 << i
    mask[x] = m
    return members


def refit(
    fits: tuple[tuple[int, int], ...],
    members: int,
    g: list[int],
    clab: list[int],
    cmask: list[int],
    plab: list[int],
    pmask: list[int],
    by_pattern: bool,
    kind: int,
) -> tuple[tuple[int, int], ...]:
    """Where hexagons fit (``kind`` -1: on the empty cells; else on the spaces of the free
    expansion areas, absent cells) once the groups of the cells ``members`` changed: only
    the cells next to those groups see anything new, so only they are worked out again."""
    near = members
    rest = members
    while rest:
        low = rest & -rest
        rest ^= low
        near |= NEAR[low.bit_length() - 1]
    out: list[tuple[int, int]] = []
    for y, types in fits:
        if not near >> y & 1:
            out.append((y, types))
    while near:
        low = near & -near
        near ^= low
        y = low.bit_length() - 1
        # A free area's spaces are absent cells; its ornament (y % 7 == 0) is no spot.
        if g[y] == kind and (kind == -1 or y % CELLS_PER_AREA):
            types = fitting_types(g, clab, cmask, plab, pmask, y, by_pattern)
            if types:
                out.append((y, types))
    out.sort()
    return tuple(out)
