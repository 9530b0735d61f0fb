"""Queensland's State: one handler per kind of decision.

Decisions, in the order a game meets them:

``deal``    chance: a tile for market space ``info`` (setup step 4)
``face``    each player, in seat order, points their start farm north, east, south or
            west (step 7, with the market in view)
``first``   chance: the starting player (step 9, last)
``take``    the active player takes a market tile (``info``: nothing)
``place``   ... chooses its cell (``info``: the market space)
``rotate``  ... and its rotation (``info``: (space, cell)); toads are added and moved
``group``   after a group move, each passive player whose toads could move answers
            ``follow`` or ``stay`` (``info``: the direction); the answers stay hidden
            until the last one is given
``refill``  chance: the tile that enters market space 1

Farms are dicts from a packed cell (see actions.py) to ``tile * 4 + rotation``.
Tiles 0..49 are farm tiles, then start tiles A-D.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Mapping, Sequence
from itertools import compress
from typing import Any, cast

from meeple.boardgames.queensland import actions as A
from meeple.boardgames.queensland.components import ARROWS, SIDE_NAMES, START_IDS, start_layout
from meeple.boardgames.queensland.kernels import largest_fields as count_fields
from meeple.boardgames.queensland.rules import (
    DOUBLE,
    GROUP,
    MARKET_SPACES,
    ROTATIONS,
    SINGLE,
    Rules,
)
from meeple.boardgames.queensland.scoring import (
    CATEGORIES,
    Farm,
    FinalResult,
    final_scores,
    pond_points,
    toad_extremes,
    trait_points,
)
from meeple.boardgames.queensland.words import plural, tile_phrase
from meeple.core import CHANCE, Decision, Game, State
from meeple.core.api import JSON

DELTAS = A.DELTAS
_ROTATE_IDS = tuple(tuple(A.ROTATE + r for r in rots) for rots in ROTATIONS)
"""The rotate actions of each 4-bit mask of rotations (Rules.fit_rows)."""

# Each decision kind's info (the module's docstring; face, first, take and refill have none).
DealInfo = int  # the market space the dealt tile goes to
PlaceInfo = int  # the market space of the tile taken
RotateInfo = tuple[int, int]  # the market space, and the packed cell the tile goes on
GroupInfo = int  # the direction of the group move, an index of DELTAS

_ESTIMATES: weakref.WeakKeyDictionary[QueenslandState, tuple[int, tuple[float, ...]]] = (
    weakref.WeakKeyDictionary()
)
"""The bots' estimates of a position, per state (see ``_heuristic``): beside the states,
not in them, so that fingerprints, clones and pickles are unaffected."""


class QueenslandState(State):
    rules: Rules  # the game's, shared by all its states
    # What a clone copies (the core's clone): lists of ints, and per player a dict of
    # ints. Every other field is an int or a tuple, replaced and never changed in place;
    # ``final`` too (a tuple of dicts made once at the end, only ever read or copied).
    # The facings and group answers change seldom: tuples, which clones share.
    copied = ("pile", "market", "in_play")
    copied_nested = ("tiles", "toads", "open")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = game.players
        rules = self.rules
        self.pile = list(range(rules.n_farm))  # the tiles still face down (a set, kept sorted)
        self.market = [-1] * MARKET_SPACES  # tile on spaces 1, 2, 3 (space 1 is leftmost)
        self.supply = rules.components.toads
        self.first = -1
        self.active = -1
        self.facing = (-1,) * n
        self.tiles: list[dict[int, int]] = [{} for _ in range(n)]
        self.toads: list[dict[int, int]] = [{} for _ in range(n)]
        # Empty cells next to a farm -> the key of what their neighbours ask (rules.fits).
        self.open: list[dict[int, int]] = [{} for _ in range(n)]
        self.in_play = [0] * n  # points from ponds during play
        # Ponds scored during play, per player: (exactly, more than) the threshold. Only
        # _award_pond changes them and in_play together, so the invariants can tell a
        # score that did not come from a pond. A tuple: clones share it.
        self.pond_tally = (0,) * (2 * n)
        self.discarded = 0  # tiles taken and discarded because they fitted nowhere
        self.group_dir = -1
        self.choices = (-1,) * n  # group answers: -1 none yet, 0 stay, 1 follow
        self.turns = 0
        # What happened last, for the views: (player, tile, cell, rotation, toads added,
        # arrow kind, direction) or None; the revealed group answers; the ponds scored.
        self.last: tuple[int, ...] | None = None
        self.last_answers: tuple[int, ...] = ()
        self.last_ponds: tuple[tuple[int, int, int, int], ...] = ()
        self.final: tuple[dict[str, int], ...] | None = None
        self.tiebreaks: tuple[tuple[int, int, int], ...] = ()
        self.removed: tuple[tuple[int, ...], ...] = ()
        # Setup in the rulebook's order: the market is dealt (step 4), the farms are
        # turned (step 7) and the starting player is drawn last (step 9).
        self.push("deal", CHANCE, 0)

    # -- setup -----------------------------------------------------------------

    def _outcomes_first(self, d: Decision[None]) -> list[tuple[int, float]]:
        n = self.game.players
        return [(A.FIRST + p, 1.0 / n) for p in range(n)]

    def _apply_first(self, d: Decision[None], action: int) -> None:
        self.first = self.active = action - A.FIRST
        self.push("take", self.active)

    def _legal_face(self, d: Decision[None]) -> list[int]:
        return [A.FACE, A.FACE + 1, A.FACE + 2, A.FACE + 3]

    def _apply_face(self, d: Decision[None], action: int) -> None:
        facing = action - A.FACE
        self.facing = _replaced(self.facing, d.player, facing)
        base = self.rules.n_farm
        for i, ((x, y), rot) in enumerate(start_layout(facing)):
            self._put(d.player, A.pack(x, y), (base + i) * 4 + rot)

    def _draw_outcomes(self) -> list[tuple[int, float]]:
        pile = self.pile
        pairs = self.rules.draws[len(pile)]  # made once: no pair is built per draw
        return list(map(pairs.__getitem__, pile))

    def _draw(self, action: int) -> int:
        t = action - A.DRAW
        self.pile.remove(t)
        return t

    def _outcomes_deal(self, d: Decision[DealInfo]) -> list[tuple[int, float]]:
        return self._draw_outcomes()

    def _apply_deal(self, d: Decision[DealInfo], action: int) -> None:
        self.market[d.info] = self._draw(action)
        if d.info < MARKET_SPACES - 1:
            self.push("deal", CHANCE, d.info + 1)
            return
        # No starting player yet, so the farms are turned in seat order (ruling 4).
        self.push("first", CHANCE)
        for p in reversed(range(self.game.players)):
            self.push("face", p)

    # -- the farm ----------------------------------------------------------------

    def _put(self, p: int, cell: int, packed: int) -> None:
        tiles = self.tiles[p]
        tiles[cell] = packed
        opn = self.open[p]
        opn.pop(cell, None)
        inside = A.INSIDE
        # Each empty neighbour's key gains what the new tile asks of it: the sum _key
        # would make again.
        for delta, ask in self.rules.gives[packed]:
            nb = cell + delta
            if nb not in tiles and inside[nb]:
                opn[nb] = opn.get(nb, 0) + ask

    def _key(self, tiles: Mapping[int, int], cell: int) -> int:
        """What the neighbours of the empty ``cell`` ask of a tile there (see Rules.fits)."""
        asks = self.rules.asks
        key = 0
        for d in range(4):
            packed = tiles.get(cell + DELTAS[d])
            if packed is not None:
                key += asks[packed][d]
        return key

    def placements(self, p: int, tile: int, refused: dict[int, str] | None = None) -> list[int]:
        """The empty cells where ``tile`` can join player ``p`` 's farm in some rotation:
        the placement rule for cells. Given ``refused``, it also says there why it leaves
        each open cell out (the refusals' words); the hot path builds no text."""
        rows = self.rules.fit_rows
        opn = self.open[p]
        if refused is None:
            return list(
                compress(opn, map(self.rules.pick[tile], map(rows.__getitem__, opn.values())))
            )
        out = []
        for cell, key in opn.items():
            if rows[key][tile]:
                out.append(cell)
            else:
                refused[cell] = "in no rotation do the tile's sides match its neighbours at {at}"
        return out

    # The placement rule, each part once: the choices offered and the refusals' words
    # both come from these.

    def _take_problem(self, p: int, s: int, some_fit: bool) -> str | None:
        """Why player ``p`` may not take the tile on market space ``s``, or None;
        ``some_fit``: whether any market tile fits their farm (if none does, any may be
        taken and is discarded: a ruling)."""
        tile = self.market[s]
        if tile < 0:
            return f"market space {s + 1} is empty"
        if some_fit and not self._fits_anywhere(p, tile):
            name = self.rules.all_tiles[tile].id
            return f"tile {name} on space {s + 1} fits nowhere on your farm (another tile does)"
        return None

    def _cell_problem(self, p: int, tile: int, cell: int) -> str | None:
        """Why ``tile`` may not go on ``cell`` of player ``p`` 's farm in any rotation, in
        words, or None: from the rule itself (:meth:`placements`); a cell that is not
        open (empty and next to the farm) is not among its choices at all."""
        refused: dict[int, str] = {}
        if cell in self.placements(p, tile, refused):
            return None
        x, y = A.unpack(cell)
        if cell in refused:
            return refused[cell].format(at=f"{x},{y}")
        if cell in self.tiles[p]:
            return f"{x},{y} already holds a tile"
        return f"{x},{y} does not touch your farm"

    def _rotation_problem(self, p: int, tile: int, cell: int, r: int) -> str | None:
        """Why ``tile`` may not lie on ``cell`` turned ``r`` quarter turns, or None."""
        if r in self.rules.fits(tile, self.open[p][cell]):
            return None
        return f"turned {r * 90} the tile's sides do not match its neighbours"

    def _fits_anywhere(self, p: int, tile: int) -> bool:
        # map()s over the bound lookups: the scan runs in C, no generator frame per cell.
        rules = self.rules
        return any(map(rules.pick[tile], map(rules.fit_rows.__getitem__, self.open[p].values())))

    def _step(self, p: int, delta: int) -> None:
        """Move player ``p`` 's toads one step: pond toads stay, the farm's edge stops them."""
        toads = self.toads[p]
        if not toads:
            return
        tiles = self.tiles[p]
        pond_at = self.rules.pond_at
        new: dict[int, int] = {}
        for cell, n in toads.items():
            if not pond_at[tiles[cell]]:
                dest = cell + delta
                if dest in tiles:
                    cell = dest
            if cell in new:
                new[cell] += n
            else:
                new[cell] = n
        self.toads[p] = new

    def can_move(self, p: int, direction: int) -> bool:
        """Whether a step in ``direction`` would move any of player ``p`` 's toads."""
        tiles = self.tiles[p]
        pond_at = self.rules.pond_at
        delta = DELTAS[direction]
        return any(not pond_at[tiles[cell]] and cell + delta in tiles for cell in self.toads[p])

    # -- a turn ----------------------------------------------------------------

    def _legal_take(self, d: Decision[None]) -> list[int]:
        # _take_problem's rule (with _fits_anywhere inline): the tiles that fit somewhere,
        # or if none does, any tile.
        rules = self.rules
        rows = list(map(rules.fit_rows.__getitem__, self.open[d.player].values()))
        pick = rules.pick
        market = self.market
        take = A.TAKE
        out = [take + s for s, t in enumerate(market) if t >= 0 and any(map(pick[t], rows))]
        return out or [take + s for s, t in enumerate(market) if t >= 0]

    def _apply_take(self, d: Decision[None], action: int) -> None:
        s = action - A.TAKE
        tile = self.market[s]
        if self._fits_anywhere(d.player, tile):
            self.push("place", d.player, s)
            return
        self.market[s] = -1
        self.discarded += 1
        self.last = (d.player, tile, -1, 0, 0, -1, -1)
        self.last_answers = ()
        self.last_ponds = ()
        self._end_turn()

    def _legal_place(self, d: Decision[PlaceInfo]) -> list[int]:
        # placements(), with the action ids made in the same pass.
        rules = self.rules
        opn = self.open[d.player]
        fits = map(rules.pick[self.market[d.info]], map(rules.fit_rows.__getitem__, opn.values()))
        base = A.CELL
        return [base + cell for cell in compress(opn, fits)]

    def _apply_place(self, d: Decision[PlaceInfo], action: int) -> None:
        self.push("rotate", d.player, (d.info, action - A.CELL))

    def _legal_rotate(self, d: Decision[RotateInfo]) -> list[int]:
        s, cell = d.info
        # _rotation_problem's rule (Rules.fits) for the four turns at once.
        mask = self.rules.fit_rows[self.open[d.player][cell]][self.market[s]]
        return list(_ROTATE_IDS[mask])

    def _apply_rotate(self, d: Decision[RotateInfo], action: int) -> None:
        rules = self.rules
        p = d.player
        s, cell = d.info
        r = action - A.ROTATE
        market = self.market
        tile = market[s]
        market[s] = -1
        packed = tile * 4 + r
        self._put(p, cell, packed)
        add = rules.market_toads[s]
        supply = self.supply
        if add > supply:
            add = supply
        if add:
            self.supply = supply - add
            self.toads[p][cell] = add
        kind = rules.arrow_kind[tile]
        direction = rules.arrow_at[packed]
        self.last = (p, tile, cell, r, add, kind, direction)
        self.last_answers = ()
        delta = DELTAS[direction]
        self._step(p, delta)
        if kind == DOUBLE:
            self._step(p, delta)
        if kind == GROUP:
            n = self.game.players
            asked = [q for q in ((p + i) % n for i in range(1, n)) if self.can_move(q, direction)]
            if asked:
                self.group_dir = direction
                for q in reversed(asked):
                    self.push("group", q, direction)
                return
        self._score_ponds((p,))  # only their toads moved or came
        self._end_turn()

    def _legal_group(self, d: Decision[GroupInfo]) -> list[int]:
        return [A.FOLLOW, A.STAY]

    def _apply_group(self, d: Decision[GroupInfo], action: int) -> None:
        self.choices = _replaced(self.choices, d.player, 1 if action == A.FOLLOW else 0)
        if self.pending and self.pending[-1].kind == "group":
            return  # the answers stay hidden until the last passive player has answered
        delta = DELTAS[self.group_dir]
        moved = []
        for q, answer in enumerate(self.choices):
            if answer == 1:
                self._step(q, delta)
            if answer == 1 or q == self.active:
                moved.append(q)
        self.last_answers = tuple(self.choices)
        self.choices = (-1,) * self.game.players
        self.group_dir = -1
        self._score_ponds(moved)
        self._end_turn()

    def _score_ponds(self, moved: Sequence[int]) -> None:
        """Score the full ponds of the players in ``moved`` (in seat order): everyone
        else's were scored when their toads last moved."""
        rules = self.rules
        exactly = rules.components.pond_exactly
        pond_at = rules.pond_at
        scored = []
        for q in moved:
            tiles = self.tiles[q]
            toads = self.toads[q]
            full = [cell for cell, n in toads.items() if n >= exactly and pond_at[tiles[cell]]]
            for cell in full:
                n = toads.pop(cell)
                pts = self._award_pond(q, n)
                self.supply += n
                scored.append((q, cell, n, pts))
        self.last_ponds = tuple(scored)

    def _award_pond(self, p: int, toads: int) -> int:
        """The one place points are scored during play: a pond full of toads."""
        c = self.rules.components
        pts = pond_points(toads, c)
        self.in_play[p] += pts
        tally = list(self.pond_tally)
        tally[2 * p + (0 if toads == c.pond_exactly else 1)] += 1
        self.pond_tally = tuple(tally)
        return pts

    def _end_turn(self) -> None:
        self.turns += 1
        if not self.pile:
            self._end_game()
            return
        self.push("refill", CHANCE)

    def _outcomes_refill(self, d: Decision[None]) -> list[tuple[int, float]]:
        return self._draw_outcomes()

    def _apply_refill(self, d: Decision[None], action: int) -> None:
        market = self.market
        market.remove(-1)  # the space emptied this turn: the tiles left of it slide right
        market.insert(0, self._draw(action))
        self.active = (self.active + 1) % self.game.players
        self.push("take", self.active)

    def _end_game(self) -> None:
        self.market = [-1] * MARKET_SPACES  # the last tiles leave the game
        result = self._final_result()
        self.final = tuple(result.scores)
        self.tiebreaks = tuple(result.tiebreaks)
        self.removed = tuple(tuple(A.pack(x, y) for x, y in cells) for cells in result.removed)

    def _final_result(self) -> FinalResult:
        """scoring.final_scores of the farms, counted on the packed ints (every playout
        ends here): the same result, which the invariants check against final_scores."""
        rules = self.rules
        c = rules.components
        table = rules.trait_table
        counts_at = rules.counts_at
        counts = [sum(t.values()) for t in self.toads]
        holding = [sum(1 for v in t.values() if v > 0) for t in self.toads]
        fewest, most = toad_extremes(counts, holding, c)
        scores = []
        ties = []
        removed = []
        for p in range(self.game.players):
            toads = self.toads[p]
            gone = sorted((cell for cell, v in toads.items() if v > 0), key=A.unpack)
            kept = {cell: v for cell, v in self.tiles[p].items() if not toads.get(cell, 0) > 0}
            cane, wheat = self.largest_fields(kept)
            cows = scarecrows = tractors = ponds = own = 0
            for v in kept.values():
                a, b, t, pond, start = counts_at[v]
                cows += a
                scarecrows += b
                tractors += t
                ponds += pond
                own += start
            row = {
                "ponds_in_play": self.in_play[p],
                "fewest_toads": fewest[p],
                "most_toads": most[p],
                "sugar_cane": cane * c.cane_per_section,
                "wheat": wheat * c.wheat_per_section,
                "cows": trait_points(cows, table),
                "scarecrows": trait_points(scarecrows, table),
                "tractors": trait_points(tractors, table),
                "ponds": c.pond_points * ponds,
            }
            row["total"] = sum(row.values())
            scores.append(row)
            ties.append((own, wheat, cane))
            removed.append([A.unpack(cell) for cell in gone])
        return FinalResult(scores, ties, removed)

    def farm(self, p: int) -> Farm:
        """Player ``p`` 's farm as scoring reads it: (x, y) -> (tile, rotation)."""
        tiles = self.rules.all_tiles
        return {A.unpack(c): (tiles[v >> 2], v & 3) for c, v in self.tiles[p].items()}

    # -- scores ----------------------------------------------------------------

    def _scores(self) -> list[dict[str, int]]:
        if self.final is not None:
            return [dict(s) for s in self.final]
        out = []
        for p in range(self.game.players):
            row = {k: 0 for k in CATEGORIES}
            row["ponds_in_play"] = self.in_play[p]
            row["total"] = self.in_play[p]
            out.append(row)
        return out

    def _rank_key(self, player: int, scores: Sequence[Mapping[str, int]]) -> tuple[Any, ...]:
        if self.tiebreaks:
            return (scores[player]["total"], *self.tiebreaks[player])
        return (scores[player]["total"],)

    def _heuristic(self, player: int) -> float:
        """Lead in estimated points over the best opponent (public information only)."""
        # Bots ask once per player of the same position: keep the estimates beside the
        # state (not in it, so fingerprints and clones are unaffected).
        if self.final is not None:  # the final scores: nothing to work out or keep
            est: tuple[float, ...] = tuple(float(row["total"]) for row in self.final)
        elif (got := _ESTIMATES.get(self)) is not None and got[0] == len(self.history):
            est = got[1]
        else:
            est = tuple(self.estimate(p) for p in range(self.game.players))
            _ESTIMATES[self] = (len(self.history), est)
        others = [e for q, e in enumerate(est) if q != player]
        return est[player] - max(others)

    def estimate(self, p: int) -> float:
        """Player ``p`` 's points if the game ended now, plus half a point for each toad
        waiting in a pond that has not yet scored. Tiles holding other toads are left out,
        as final scoring would remove them."""
        if self.final is not None:
            return float(self.final[p]["total"])
        rules = self.rules
        c = rules.components
        tiles = rules.all_tiles
        toads = self.toads[p]
        kept = {cell: v for cell, v in self.tiles[p].items() if not toads.get(cell)}
        cane, wheat = self.largest_fields(kept)
        table = rules.trait_table
        value = float(self.in_play[p])
        value += cane * c.cane_per_section + wheat * c.wheat_per_section
        traits = [0, 0, 0]
        ponds = 0
        for v in kept.values():
            t = tiles[v >> 2]
            traits[0] += t.traits[0]
            traits[1] += t.traits[1]
            traits[2] += t.traits[2]
            ponds += t.pond
        value += sum(trait_points(n, table) for n in traits) + c.pond_points * ponds
        for cell, n in toads.items():
            if rules.pond[self.tiles[p][cell] >> 2]:
                value += 0.5 * n
        return value

    def largest_fields(self, farm: Mapping[int, int]) -> tuple[int, int]:
        """Sections of the largest complete cane and wheat fields of a packed farm.

        The same count as scoring.farm_fields, on packed ints, for bots and the final
        scoring. It relies on touching sides matching, which placement guarantees.
        """
        rules = self.rules
        # The count is kernels.py's (compiled where it was built).
        return count_fields(
            farm if type(farm) is dict else dict(farm),
            rules.side_fields,
            rules.field_sides,
            rules.fields_at,
            rules.cane_at,
        )

    # -- invariants --------------------------------------------------------------

    def _check_invariants(self) -> None:
        rules = self.rules
        c = rules.components
        n = self.game.players
        n_farm = rules.n_farm
        # Every farm tile is face down, in the market, on one farm or discarded, once.
        assert self.pile == sorted(set(self.pile)), "the face-down pile repeats a tile"
        assert all(0 <= t < n_farm for t in self.pile), "a tile in the pile that is no farm tile"
        shown = [t for t in self.market if t >= 0]
        assert all(t < n_farm for t in shown), f"the market holds a start tile: {self.market}"
        placed: list[int] = []
        for p in range(n):
            tiles = self.tiles[p]
            starts = sorted(v >> 2 for v in tiles.values() if v >> 2 >= n_farm)
            want = list(range(n_farm, n_farm + 4)) if self.facing[p] >= 0 else []
            assert starts == want, f"player {p}'s farm holds start tiles {starts}"
            placed += [v >> 2 for v in tiles.values() if v >> 2 < n_farm]
        seen = self.pile + shown + placed
        assert len(set(seen)) == len(seen), "a farm tile is in two places"
        assert self.discarded >= 0, f"{self.discarded} tiles discarded"
        gone = n_farm - len(seen) - self.discarded
        if self.final is None:
            assert gone == 0, f"{gone} farm tiles unaccounted for (pile, market, farms, discards)"
        else:
            # The tiles still in the market when the pile ran out leave the game.
            assert not shown and not self.pile, "tiles left in play after the end"
            assert 0 <= gone <= len(self.market), f"{gone} farm tiles left the game at the end"
        # A turn ends once the tile is placed, unless a group move awaits answers.
        top = self.pending[-1].kind if self.pending else ""
        ongoing = 1 if top == "group" else 0
        assert self.turns + ongoing == len(placed) + self.discarded, (
            f"{self.turns} turns but {len(placed)} tiles placed and {self.discarded} discarded"
        )
        # Toads: in the supply or on a farm tile, never a negative or empty heap.
        assert self.supply >= 0, f"the toad supply holds {self.supply}"
        on_farms = 0
        for p in range(n):
            for cell, k in self.toads[p].items():
                assert k > 0, f"player {p} has {k} toads on a tile"
                assert cell in self.tiles[p], f"player {p}'s toads stand off the farm"
                on_farms += k
        assert self.supply + on_farms == c.toads, (
            f"{self.supply} toads in the supply and {on_farms} on farms; the game has {c.toads}"
        )
        # Farms: inside the window, every touching pair of sides matching, and the
        # cache of open cells exactly the empty cells next to the farm.
        for p in range(n):
            tiles = self.tiles[p]
            expect: dict[int, int] = {}
            for cell, v in tiles.items():
                assert A.in_window(cell), f"player {p} has a tile outside the window"
                for d, delta in enumerate(DELTAS):
                    nb = cell + delta
                    w = tiles.get(nb)
                    if w is None:
                        if A.in_window(nb):
                            expect[nb] = self._key(tiles, nb)
                    else:
                        sc, rev = rules.side_code, rules.rev
                        assert sc[v][d] == rev[sc[w][(d + 2) % 4]], (
                            f"player {p}'s tiles at {A.unpack(cell)} and {A.unpack(nb)} clash"
                        )
            assert self.open[p] == expect, f"player {p}'s open cells are out of date"
        # Points during play come from ponds alone, and a full pond scores at once
        # (only a group move still waiting for answers leaves one unscored).
        for p in range(n):
            exact, over = self.pond_tally[2 * p], self.pond_tally[2 * p + 1]
            assert exact >= 0 and over >= 0, f"player {p}'s pond tally {exact}, {over}"
            want_pts = exact * c.pond_exact_points + over * c.pond_over_points
            assert self.in_play[p] == want_pts, (
                f"player {p} has {self.in_play[p]} points in play; ponds scored give {want_pts}"
            )
            if top != "group":
                for cell, k in self.toads[p].items():
                    assert k < c.pond_exactly or not rules.pond[self.tiles[p][cell] >> 2], (
                        f"player {p}'s pond at {A.unpack(cell)} holds {k} toads unscored"
                    )
        # The market is full whenever a tile is to be taken, and the tile being placed
        # is still on its space until it lands.
        if top == "take":
            assert min(self.market) >= 0, f"a tile to take from a market with gaps {self.market}"
        if top in ("place", "rotate"):
            info = self.pending[-1].info
            space = info if top == "place" else info[0]
            assert self.market[space] >= 0, f"the tile being placed left market space {space + 1}"
        assert all(f == -1 or 0 <= f < 4 for f in self.facing), f"facings {self.facing}"
        if top == "group":
            assert 0 <= self.group_dir < 4, "a group move without a direction"
        else:
            assert self.group_dir == -1, "a group direction outside a group move"
            assert self.choices == (-1,) * n, "group answers outside a group move"
        if self.first >= 0:
            assert 0 <= self.active < n, f"player {self.active} is active"
        assert 0 <= self.turns <= n_farm, f"turn {self.turns}"
        # The end: final scores exactly what final scoring makes of the farms.
        if self.pending:
            assert self.final is None, "final scores before the end"
        else:
            assert self.final is not None, "the game ended without final scoring"
            result = final_scores(
                [self.farm(p) for p in range(n)],
                [{A.unpack(cell): k for cell, k in t.items()} for t in self.toads],
                self.in_play,
                c,
            )
            assert list(self.final) == result.scores, "final scores differ from the farms' scoring"

    # -- hidden information ------------------------------------------------------

    def is_simultaneous_hidden(self) -> bool:
        return bool(self.pending) and self.pending[-1].kind == "group"

    def _determinize(self, player: int, rng: random.Random) -> State:
        other = cast(QueenslandState, self.clone())
        for q, answer in enumerate(self.choices):
            if q != player and answer >= 0:
                other.choices = _replaced(other.choices, q, rng.randrange(2))
        return other

    def _observation(self, player: int | None) -> dict[str, JSON]:
        rules = self.rules
        ids = rules.all_tiles
        n = self.game.players
        d = self.pending[-1] if self.pending else None
        farms = []
        for p in range(n):
            toads = self.toads[p]
            farms.append(
                {
                    "facing": SIDE_NAMES[self.facing[p]] if self.facing[p] >= 0 else None,
                    "tiles": [
                        [*A.unpack(c), ids[v >> 2].id, (v & 3) * 90, toads.get(c, 0)]
                        for c, v in sorted(self.tiles[p].items())
                    ],
                    "toads": sum(toads.values()),
                    "removed": [list(A.unpack(c)) for c in self.removed[p]] if self.removed else [],
                }
            )
        group = None
        if d is not None and d.kind == "group":
            # Public: who was asked follows from the farms (ruling 3); what was answered
            # stays hidden until the last answer.
            to_ask = {e.player for e in self.pending if e.kind == "group"}
            group = {
                "direction": SIDE_NAMES[self.group_dir],
                "active": self.active,
                "asked": [q in to_ask or a >= 0 for q, a in enumerate(self.choices)],
                "answered": [a >= 0 for a in self.choices],
                "mine": (
                    None
                    if player is None or self.choices[player] < 0
                    else ("follow" if self.choices[player] else "stay")
                ),
            }
        last = None
        if self.last is not None:
            p, tile, cell, r, add, kind, direction = self.last
            last = {
                "player": p,
                "tile": ids[tile].id,
                "discarded": cell < 0,
                "cell": list(A.unpack(cell)) if cell >= 0 else None,
                "rotation": r * 90,
                "toads_added": add,
                "arrow": ARROWS[kind] if kind >= 0 else None,
                "direction": SIDE_NAMES[direction] if direction >= 0 else None,
                "answers": [
                    None if a < 0 else ("follow" if a else "stay") for a in self.last_answers
                ],
                "ponds_scored": [
                    {"player": q, "cell": list(A.unpack(c)), "toads": t, "points": pts}
                    for q, c, t, pts in self.last_ponds
                ],
            }
        selected: dict[str, JSON] | None = None
        if d is not None and d.kind in ("place", "rotate"):
            s = d.info if d.kind == "place" else d.info[0]
            selected = {"space": s + 1, "tile": ids[self.market[s]].id}
            if d.kind == "rotate":
                selected["cell"] = list(A.unpack(d.info[1]))
                # Public: the turns in which the tile fits the cell, in the order of the
                # legal actions (the picture draws the tile at the cell in each).
                selected["rotations"] = [(a - A.ROTATE) * 90 for a in self._legal_rotate(d)]
            else:
                # Public: where the chosen tile fits follows from the farm and the tile.
                selected["cells"] = [
                    list(A.unpack(c)) for c in sorted(self.placements(d.player, self.market[s]))
                ]
        return {
            "players": n,
            "viewer": player,
            "to_move": self.current_player(),
            "decision": d.kind if d is not None else None,
            "first_player": self.first if self.first >= 0 else None,
            "active": self.active if self.active >= 0 else None,
            "turn": self.turns + 1,
            "market": [
                {
                    "space": s + 1,
                    "tile": ids[t].id if t >= 0 else None,
                    "toads": rules.components.market_toads[s],
                }
                for s, t in enumerate(self.market)
            ],
            "pile": len(self.pile),
            # Public by elimination: every tile is known, so the face-down set is too.
            "face_down": [ids[t].id for t in self.pile],
            "supply": self.supply,
            "farms": farms,
            "selected": selected,
            "group": group,
            "last": last,
            "scores": self._scores(),
            "ranks": self.ranks() if self.final is not None else None,
            "terminal": not self.pending,
        }

    def action_seen_by(self, viewer: int | None, actor: int, action: int) -> str | None:
        """A group answer is secret until every passive player has answered (and then the
        observation shows them all): only its author reads it in the move log; the
        others read that the player has answered ("has answered": every move log names
        the actor before the text). Everything else is public.

        The log counts players from 1, as every text for people does; the chance
        outcome ``first player P`` keeps the seat index (from 0) in its notation, for
        records, so the log words it as "player P+1 starts"."""
        last = self.last_decision
        if last is not None and last.kind == "group" and viewer != actor:
            return "has answered"  # the log names the actor before it
        if actor == CHANCE and A.FIRST <= action < A.FACE:
            return f"player {action - A.FIRST + 1} starts"
        return self.action_to_string(action)

    def action_words(self, action: int) -> str:
        """The action as a player tells it, for the move log (the log puts the mover's
        name before it): which tile, from which market space, where it went and what
        its arrow and the ponds did. Called before the action; for a turn's last step
        it plays the action on a clone to tell what moved and scored, all of which the
        next observation shows anyway."""
        rules = self.rules
        ids = rules.all_tiles
        d = self.pending[-1] if self.pending else None
        if action < A.FACE:
            return f"player {action - A.FIRST + 1} is drawn to start"
        if action < A.TAKE:
            return f"lays the start farm facing {SIDE_NAMES[action - A.FACE]}"
        if action >= A.DRAW:
            tile = tile_phrase(ids[action - A.DRAW])
            if d is not None and d.kind == "deal":
                return f"tile {tile} is drawn for market space {d.info + 1}"
            return f"tile {tile} is drawn for market space 1; the others slide right"
        if d is None:
            return self.action_to_string(action)
        p = d.player
        if action < A.ROTATE:
            s = action - A.TAKE
            tile_id = self.market[s]
            if tile_id < 0:
                return self.action_to_string(action)
            tile = tile_phrase(ids[tile_id])
            if not self._fits_anywhere(p, tile_id):
                return f"discards {tile} from market space {s + 1}: it fits nowhere on the farm"
            return (
                f"takes {tile} from market space {s + 1}"
                f" (worth {plural(rules.components.market_toads[s], 'toad')})"
            )
        if A.CELL <= action < A.DRAW and d.kind == "place":
            cell = action - A.CELL
            x, y = A.unpack(cell)
            near = ""
            for side in range(4):  # the cell lies opposite the side its neighbour faces
                packed = self.tiles[p].get(cell + DELTAS[side])
                if packed is not None:
                    other = ids[packed >> 2].id
                    name = f"start tile {other}" if other in START_IDS else other
                    near = f", {SIDE_NAMES[(side + 2) % 4]} of {name}"
                    break
            return f"chooses cell {x},{y}{near}"
        if A.ROTATE <= action < A.FOLLOW and d.kind == "rotate":
            s, cell = d.info
            x, y = A.unpack(cell)
            after = cast(QueenslandState, self.clone())
            after.apply_action(action)
            _, tile_id, _, r, add, kind, direction = after.last or (0, 0, 0, 0, 0, 0, 0)
            way = SIDE_NAMES[direction]
            turned = f"turned {r * 90}" if r else "as printed"
            words = f"lays {ids[tile_id].id} at {x},{y} {turned}"
            if add:
                words += f", adding {plural(add, 'toad')}"
            if kind == GROUP:
                asked = [e.player + 1 for e in after.pending if e.kind == "group"]
                who = " and ".join(f"player {q}" for q in reversed(asked))
                follow = f"{who} may follow" if asked else "no one else's toads can follow"
                words += f"; group move: their toads move one tile {way}, {follow}"
            else:
                steps = "one tile" if kind == SINGLE else "two tiles"
                words += f"; their toads move {steps} {way}"
            return words + after._scored_words()
        if action in (A.FOLLOW, A.STAY) and d.kind == "group":
            way = SIDE_NAMES[self.group_dir]
            words = (
                f"follows the group move: their toads move one tile {way}"
                if action == A.FOLLOW
                else "stays: their toads do not move"
            )
            if len(self.pending) > 1 and self.pending[-2].kind == "group":
                return words  # nothing happens until the last answer
            after = cast(QueenslandState, self.clone())
            after.apply_action(action)
            return words + after._scored_words()
        return self.action_to_string(action)

    def _scored_words(self) -> str:
        """The ponds the turn just finished scored, and the end of the game, in words."""
        if self.pending and self.pending[-1].kind == "group":
            return ""  # the ponds wait for the answers
        out = ""
        for q, _, toads, pts in self.last_ponds:
            out += f"; player {q + 1}'s pond with {toads} toads scores {plural(pts, 'point')}"
        if not self.pending:
            out += "; the game ends"
        return out

    # -- the picture -------------------------------------------------------------

    def _action_target(self, action: int) -> str | None:
        """Every choice is one click on the picture of the player making it.

        ``face:north`` .. ``face:west``: an arrow beside the start farm, for its facing;
        ``market:1`` .. ``market:3``: the tile on a market space, to take it;
        ``cell:X,Y``: an empty cell of the farm, to place the tile there;
        ``rot:0`` .. ``rot:270``: the tile drawn at that cell in one of its legal turns
        (a ``data-cycle="rotation"`` set, shown one at a time);
        ``button:follow`` / ``button:stay``: the answer to a group move, beside the farm.
        """
        if A.FACE <= action < A.TAKE:
            return f"face:{SIDE_NAMES[action - A.FACE]}"
        if A.TAKE <= action < A.ROTATE:
            return f"market:{action - A.TAKE + 1}"
        if A.ROTATE <= action < A.FOLLOW:
            return f"rot:{(action - A.ROTATE) * 90}"
        if action == A.FOLLOW:
            return "button:follow"
        if action == A.STAY:
            return "button:stay"
        if A.CELL <= action < A.DRAW:
            x, y = A.unpack(action - A.CELL)
            return f"cell:{x},{y}"
        return None

    # -- messages ----------------------------------------------------------------

    def _explain_illegal(self, action: int) -> str | None:
        d = self.pending[-1]
        kind = d.kind
        wants = {
            "take": "take a market tile",
            "place": "choose a cell for the tile",
            "rotate": "choose the tile's rotation",
            "group": "follow or stay",
            "face": "choose which way your farm faces",
        }
        if kind == "take" and A.TAKE <= action < A.ROTATE:
            p = d.player
            some_fit = any(t >= 0 and self._fits_anywhere(p, t) for t in self.market)
            return self._take_problem(p, action - A.TAKE, some_fit)
        if kind == "place" and A.CELL <= action < A.DRAW:
            return self._cell_problem(d.player, self.market[d.info], action - A.CELL)
        if kind == "rotate" and A.ROTATE <= action < A.FOLLOW:
            s, cell = d.info
            return self._rotation_problem(d.player, self.market[s], cell, action - A.ROTATE)
        if kind in wants:
            return f"now you must {wants[kind]}"
        return None


def _replaced(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``values`` with item ``i`` replaced: a new tuple (the old one may be shared)."""
    return (*values[:i], value, *values[i + 1 :])
