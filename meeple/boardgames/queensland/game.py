"""Queensland's static facts and the Game: action space, notation, lookup tables.

Version history (records of another version are refused, see meeple.core.record):
    1: first release.
    2: new start tile D (wheat to the south), so no field on the start block is closed;
       setup in the rulebook's order: market, then facings in seat order, then the
       starting player.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from meeple.core.messages import not_a_move
from meeple.boardgames.queensland import actions as A
from meeple.boardgames.queensland import components
from meeple.boardgames.queensland.components import ARROWS, Components, Tile
from meeple.core import Game, GameInfo
from meeple.core.api import JSON, Layout
from meeple.core.errors import NotationError

INFO = GameInfo(
    id="queensland",
    name="Queensland",
    min_players=2,
    max_players=4,
    version=2,
    options=(),
    description=(
        "Grow a farm of sugar cane and wheat tiles while herding toads by compass "
        "direction into ponds: exactly five toads in a pond score best. "
        "2-4 players (the solo rules are not implemented)."
    ),
)

EXAMPLES = ("take 2", "place -1,0", "rotate 180")
"""Moves a player types, for the message on a text that is not a move."""


class _FitTable(dict[int, tuple[int, ...]]):
    """A memo filled on first use (a plain dict lookup once an entry exists)."""

    def __init__(self, compute: Callable[[int], tuple[int, ...]]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key: int) -> tuple[int, ...]:
        value = self.compute(key)
        self[key] = value
        return value


class QueenslandGame(Game):
    info = INFO

    def __init__(
        self,
        players: int | None = None,
        components: str | Path | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(players, components, options)
        c: Components = self.components
        self.c = c
        tiles: tuple[Tile, ...] = c.farm_tiles + c.start_tiles
        self.all_tiles = tiles
        self.n_farm = len(c.farm_tiles)
        self.tile_ids = tuple(t.id for t in c.farm_tiles)
        # Sides are interned as small ints; rev[code] is what a facing side must show.
        codes: dict[tuple[str, ...], int] = {}
        for t in tiles:
            for e in t.edges:
                codes.setdefault(e, len(codes))
                codes.setdefault(e[::-1], len(codes))
        self.rev = [0] * len(codes)
        for e, code in codes.items():
            self.rev[code] = codes[e[::-1]]
        self.base = len(codes) + 1
        # side_code[t * 4 + r][d]: the side code tile t turned r quarter turns shows at d.
        self.side_code: list[tuple[int, ...]] = []
        for t in tiles:
            for r in range(4):
                self.side_code.append(tuple(codes[t.edges[(d - r) % 4]] for d in range(4)))
        # For bots' quick field count: per tile * 4 + rotation, per compass side, the
        # field index of each section (-1 soil), or () for a side with no field.
        self.side_fields: list[tuple[tuple[int, ...], ...]] = []
        for t in tiles:
            for r in range(4):
                per = []
                for d in range(4):
                    secs = t.section_field[(d - r) % 4]
                    per.append(secs if any(f >= 0 for f in secs) else ())
                self.side_fields.append(tuple(per))
        self.field_is_cane = [tuple(f.crop == "cane" for f in t.fields) for t in tiles]
        self.pond = [t.pond for t in tiles]
        self.estimates: weakref.WeakKeyDictionary[Any, tuple[int, tuple[float, ...]]] = (
            weakref.WeakKeyDictionary()
        )
        self.arrow_kind = [ARROWS.index(t.arrow) if t.arrow else -1 for t in tiles]
        self.arrow_side = [t.arrow_side for t in tiles]
        self.fit_stride = self.base**4
        self.fit_table = _FitTable(self._rotations)

    def __getstate__(self) -> dict[str, Any]:
        # The estimates memo holds weak references, which do not pickle; it and the fit
        # memo are caches that refill on use.
        state = dict(self.__dict__)
        del state["estimates"], state["fit_table"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.estimates = weakref.WeakKeyDictionary()
        self.fit_table = _FitTable(self._rotations)

    def load_components(self, path: Path | None) -> Components:
        return components.load(path)

    def num_distinct_actions(self) -> int:
        return A.DRAW + len(self.c.farm_tiles)

    def max_game_length(self) -> int:
        n = self.players
        turns = len(self.c.farm_tiles) - 2
        # 3 market draws, facings, first player, then per turn take, place, rotate,
        # the passive players' group answers and a draw.
        return 1 + n + 3 + turns * (4 + n)

    def action_name(self, action: int) -> str:
        return A.action_name(action, self.tile_ids)

    def parse_action(self, text: str) -> int:
        try:
            return super().parse_action(text)
        except NotationError:
            raise NotationError(not_a_move(text, self.info.name, self.info.id, EXAMPLES)) from None

    def fits(self, tile: int, key: int) -> tuple[int, ...]:
        """Rotations in which ``tile`` matches an empty cell whose neighbours ask ``key``.

        ``key`` packs, per side d, (the code the tile must show there) + 1, 0 for no
        neighbour, in base ``self.base``. Memoised in ``fit_table`` under
        ``tile * fit_stride + key``: a game meets few distinct keys.
        """
        return self.fit_table[tile * self.fit_stride + key]

    def _rotations(self, mk: int) -> tuple[int, ...]:
        tile, key = divmod(mk, self.fit_stride)
        need = []
        for _ in range(4):
            need.append(key % self.base - 1)
            key //= self.base
        rots = []
        for r in range(4):
            sc = self.side_code[tile * 4 + r]
            if all(n < 0 or sc[d] == n for d, n in enumerate(need)):
                rots.append(r)
        return tuple(rots)

    def render_text(self, observation: Mapping[str, JSON]) -> str:
        from meeple.boardgames.queensland.render import render_text

        return render_text(self, observation)

    def render_svg(self, observation: Mapping[str, JSON], layout: Layout = "wide") -> str:
        from meeple.boardgames.queensland.render import render_svg

        return render_svg(self, observation, layout)
