"""Queensland's rule constants, and the tables worked out once per game from the component
data and the player count (``Rules``).

The rulebook's numbers (toads, market toads, pond and final scoring, trait tables) are
component data, with their sources, in components.json; ``Rules`` reads them from there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from meeple.boardgames.queensland.components import ARROWS, Components, Tile

MARKET_SPACES = 3
"""The market shows three tiles, space 1 (leftmost) to space 3."""
SINGLE, DOUBLE, GROUP = (ARROWS.index(kind) for kind in ("single", "double", "group"))
"""The arrow kinds as ``Rules.arrow_kind`` numbers them (their index in ``ARROWS``)."""


class _FitTable(dict[int, tuple[int, ...]]):
    """A memo filled on first use (a plain dict lookup once an entry exists).

    ``fit_table[tile * fit_stride + key]``: the rotations in which ``tile`` matches an
    empty cell whose neighbours ask ``key`` (see ``Rules.fits``). The only part of the
    rules that changes after construction, and only by growing: a game meets few of
    the possible keys, so the table is filled as they come, for speed. It pickles and
    copies empty (it refills on use).
    """

    def __init__(self, side_code: tuple[tuple[int, ...], ...], base: int) -> None:
        super().__init__()
        self.side_code = side_code
        self.base = base
        self.stride = base**4

    def __missing__(self, mk: int) -> tuple[int, ...]:
        tile, key = divmod(mk, self.stride)
        need = []
        for _ in range(4):
            need.append(key % self.base - 1)
            key //= self.base
        rots = []
        for r in range(4):
            sc = self.side_code[tile * 4 + r]
            if all(n < 0 or sc[d] == n for d, n in enumerate(need)):
                rots.append(r)
        value = tuple(rots)
        self[mk] = value
        return value

    def __reduce__(self) -> tuple[Callable[..., _FitTable], tuple[Any, ...]]:
        return (_FitTable, (self.side_code, self.base))


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
    pond: tuple[bool, ...]  # per tile
    arrow_kind: tuple[int, ...]  # per tile: SINGLE, DOUBLE, GROUP, or -1 (start tiles)
    arrow_side: tuple[int, ...]  # per tile: the printed arrow's side, -1 when none
    fit_stride: int  # base ** 4: a tile's stride in fit_table
    fit_table: _FitTable = field(repr=False, compare=False)

    def fits(self, tile: int, key: int) -> tuple[int, ...]:
        """Rotations in which ``tile`` matches an empty cell whose neighbours ask ``key``.

        ``key`` packs, per side d, (the code the tile must show there) + 1, 0 for no
        neighbour, in base ``self.base``. Memoised in ``fit_table`` under
        ``tile * fit_stride + key``: a game meets few distinct keys.
        """
        return self.fit_table[tile * self.fit_stride + key]

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
    return Rules(
        components=c,
        all_tiles=tiles,
        n_farm=len(c.farm_tiles),
        tile_ids=tuple(t.id for t in c.farm_tiles),
        trait_table=c.trait_table(players),
        rev=tuple(rev),
        base=base,
        side_code=codes_by_side,
        side_fields=tuple(side_fields),
        field_is_cane=tuple(tuple(f.crop == "cane" for f in t.fields) for t in tiles),
        pond=tuple(t.pond for t in tiles),
        arrow_kind=tuple(ARROWS.index(t.arrow) if t.arrow else -1 for t in tiles),
        arrow_side=tuple(t.arrow_side for t in tiles),
        fit_stride=base**4,
        fit_table=_FitTable(codes_by_side, base),
    )
