"""Queensland's rule constants, and the tables worked out once per game from the component
data and the player count (``Rules``).

The rulebook's numbers (toads, market toads, pond and final scoring, trait tables) are
component data, with their sources, in components.json; ``Rules`` reads them from there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from meeple.boardgames.queensland.actions import DELTAS, DRAW
from meeple.boardgames.queensland.components import ARROWS, START_IDS, Components, Tile
from meeple.core.components import require

MARKET_SPACES = 3
"""The market shows three tiles, space 1 (leftmost) to space 3."""
SINGLE, DOUBLE, GROUP = (ARROWS.index(kind) for kind in ("single", "double", "group"))
"""The arrow kinds as ``Rules.arrow_kind`` numbers them (their index in ``ARROWS``)."""


ROTATIONS = tuple(tuple(r for r in range(4) if mask >> r & 1) for mask in range(16))
"""The rotations a 4-bit mask of rotations names, in increasing order."""


class _FitRows(dict[int, tuple[int, ...]]):
    """A memo filled on first use (a plain dict lookup once an entry exists).

    ``fit_rows[key][tile]``: the 4-bit mask of the rotations in which ``tile`` matches
    an empty cell whose neighbours ask ``key`` (see ``Rules.fits``; 0: it fits in
    none), a row for every tile at once. The only part of the rules that changes after
    construction, and only by growing (a game meets few of the ``base ** 4`` keys). It
    pickles and copies empty (it refills on use).
    """

    def __init__(self, side_masks: tuple[tuple[int, ...], ...], tiles: int) -> None:
        super().__init__()
        # side_masks[d][code + 1]: a bit per tile * 4 + rotation, set for the tiles
        # turned to show ``code`` at side d; side_masks[d][0] (no neighbour): every bit.
        self.side_masks = side_masks
        self.tiles = tiles

    def __missing__(self, key: int) -> tuple[int, ...]:
        north, east, south, west = self.side_masks
        base = len(north)
        bits = (
            north[key % base]
            & east[key // base % base]
            & south[key // (base * base) % base]
            & west[key // (base * base * base)]
        )
        value = tuple(bits >> 4 * t & 15 for t in range(self.tiles))
        self[key] = value
        return value

    def __reduce__(self) -> tuple[Callable[..., _FitRows], tuple[Any, ...]]:
        return (_FitRows, (self.side_masks, self.tiles))


@dataclass(frozen=True)
class Rules:
    """Everything the hot path needs, worked out once per game from the data.

    Tiles are numbered 0..n_farm-1 (the farm tiles), then the start tiles A-D; a placed
    tile is ``tile * 4 + rotation`` (quarter turns clockwise). Sides are interned as
    small ints ("side codes").
    """

    components: Components
    all_tiles: tuple[Tile, ...]  # the farm tiles, then start tiles A-D
    n_farm: int
    tile_ids: tuple[str, ...]  # of the farm tiles, for the notation
    trait_table: tuple[int, ...]  # points for 0, 1, 2, ... of one trait, this player count
    rev: tuple[int, ...]  # per side code: the code a facing side must show
    base: int  # side codes + 1: the base in which a cell's neighbours pack as a key
    side_code: tuple[tuple[int, ...], ...]  # per tile * 4 + rotation, per compass side d
    # For bots' quick field count: per tile * 4 + rotation, per compass side, the field
    # index of each section (-1 soil), or () for a side with no field.
    side_fields: tuple[tuple[tuple[int, ...], ...], ...]
    field_is_cane: tuple[tuple[bool, ...], ...]  # per tile, per field
    # The same per tile * 4 + rotation, and for State.largest_fields: the field indices,
    # and per side with a field, (the packed step there, the side facing back, the
    # side's fields, and when it faces east or south (each join is made once, from the
    # west or north tile) the joins: (field, section of the neighbour's side it meets)).
    cane_at: tuple[tuple[bool, ...], ...]
    fields_at: tuple[tuple[int, ...], ...]
    field_sides: tuple[
        tuple[tuple[int, int, tuple[int, ...], tuple[tuple[int, int], ...]], ...], ...
    ]
    # Per tile * 4 + rotation, what final scoring counts of a tile kept: its cows,
    # scarecrows and tractors, 1 for a pond, 1 for a start tile (the tie-break).
    counts_at: tuple[tuple[int, int, int, int, int], ...]
    pond: tuple[bool, ...]  # per tile
    pond_at: tuple[bool, ...]  # the same per tile * 4 + rotation (a farm's values)
    arrow_kind: tuple[int, ...]  # per tile: SINGLE, DOUBLE, GROUP, or -1 (start tiles)
    arrow_side: tuple[int, ...]  # per tile: the printed arrow's side, -1 when none
    arrow_at: tuple[int, ...]  # per tile * 4 + rotation: the way its arrow points
    market_toads: tuple[int, ...]  # the components': toads added per market space
    # Per tile * 4 + rotation, per side d of an empty cell: what the tile adds to the
    # cell's key (see ``fits``) when it lies next to the cell on that side.
    asks: tuple[tuple[int, ...], ...]
    # The same seen from the tile: per tile * 4 + rotation, per step north, east, south
    # and west, (the packed step, what the tile adds to the key of the cell there).
    gives: tuple[tuple[tuple[int, int], ...], ...]
    # draws[n][t]: the chance outcome "draw t" from a pile of n tiles, (action, 1 / n).
    draws: tuple[tuple[tuple[int, float], ...], ...]
    # Per tile, itemgetter(tile): a tile's mask from a row of fit_rows, in C (the hot
    # path's scans of the open cells map it over the rows).
    pick: tuple[itemgetter[int], ...] = field(repr=False, compare=False)
    fit_rows: _FitRows = field(repr=False, compare=False)

    def fits(self, tile: int, key: int) -> tuple[int, ...]:
        """Rotations in which ``tile`` matches an empty cell whose neighbours ask ``key``.

        ``key`` packs, per side d, (the code the tile must show there) + 1, 0 for no
        neighbour, in base ``self.base``. Memoised in ``fit_rows`` per key, for every
        tile at once: a game meets few distinct keys.
        """
        return ROTATIONS[self.fit_rows[key][tile]]

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self  # immutable and shared by every state, like the game


def make_rules(c: Components, players: int) -> Rules:
    tiles: tuple[Tile, ...] = c.farm_tiles + c.start_tiles
    # Sides are interned as small ints; rev[code] is what a facing side must show.
    codes: dict[tuple[str, ...], int] = {}
    for t in tiles:
        for e in t.edges:
            codes.setdefault(e, len(codes))
            codes.setdefault(e[::-1], len(codes))
    rev = [0] * len(codes)
    for e, code in codes.items():
        rev[code] = codes[e[::-1]]
    base = len(codes) + 1
    # side_code[t * 4 + r][d]: the side code tile t turned r quarter turns shows at d.
    side_code: list[tuple[int, ...]] = []
    for t in tiles:
        for r in range(4):
            side_code.append(tuple(codes[t.edges[(d - r) % 4]] for d in range(4)))
    side_fields: list[tuple[tuple[int, ...], ...]] = []
    for t in tiles:
        for r in range(4):
            per = []
            for d in range(4):
                secs = t.section_field[(d - r) % 4]
                per.append(secs if any(f >= 0 for f in secs) else ())
            side_fields.append(tuple(per))
    codes_by_side = tuple(side_code)
    field_sides = []
    for sides in side_fields:
        per_side = []
        for d, side in enumerate(sides):
            if side:
                k = len(side) - 1
                joins = tuple((fi, k - i) for i, fi in enumerate(side) if fi >= 0)
                fis = tuple(fi for fi in side if fi >= 0)
                per_side.append((DELTAS[d], (d + 2) % 4, fis, joins if d in (1, 2) else ()))
        field_sides.append(tuple(per_side))
    field_is_cane = tuple(tuple(f.crop == "cane" for f in t.fields) for t in tiles)
    # State.largest_fields numbers a tile's fields in 2 bits.
    require(all(len(t.fields) <= 4 for t in tiles), "tiles", "a tile has more than 4 fields")
    n_farm = len(c.farm_tiles)
    # For fit_rows: per side d, the bits (tile * 4 + rotation) of the tiles showing
    # each code there, after every bit for a side with no neighbour.
    every = (1 << len(side_code)) - 1
    side_masks = tuple(
        (
            every,
            *(
                sum(1 << i for i, sc in enumerate(side_code) if sc[d] == code)
                for code in range(len(codes))
            ),
        )
        for d in range(4)
    )
    asks = tuple(tuple((rev[sc[(d + 2) % 4]] + 1) * base**d for d in range(4)) for sc in side_code)
    return Rules(
        components=c,
        all_tiles=tiles,
        n_farm=n_farm,
        tile_ids=tuple(t.id for t in c.farm_tiles),
        trait_table=c.trait_table(players),
        rev=tuple(rev),
        base=base,
        side_code=codes_by_side,
        side_fields=tuple(side_fields),
        field_is_cane=field_is_cane,
        cane_at=tuple(cane for cane in field_is_cane for _ in range(4)),
        counts_at=tuple(
            (t.traits[0], t.traits[1], t.traits[2], int(t.pond), int(t.id in START_IDS))
            for t in tiles
            for _ in range(4)
        ),
        fields_at=tuple(tuple(range(len(cane))) for cane in field_is_cane for _ in range(4)),
        field_sides=tuple(field_sides),
        pond=tuple(t.pond for t in tiles),
        pond_at=tuple(t.pond for t in tiles for _ in range(4)),
        arrow_kind=tuple(ARROWS.index(t.arrow) if t.arrow else -1 for t in tiles),
        arrow_side=tuple(t.arrow_side for t in tiles),
        arrow_at=tuple((t.arrow_side + r) % 4 for t in tiles for r in range(4)),
        market_toads=tuple(c.market_toads),
        asks=asks,
        gives=tuple(tuple((DELTAS[e], a[(e + 2) % 4]) for e in range(4)) for a in asks),
        draws=(
            (),
            *(tuple((DRAW + t, 1.0 / n) for t in range(n_farm)) for n in range(1, n_farm + 1)),
        ),
        pick=tuple(itemgetter(t) for t in range(len(tiles))),
        fit_rows=_FitRows(side_masks, len(tiles)),
    )
