"""Building Queensland positions for tests: by applying actions, then by editing the
position (``with_tile``, ``with_toads``: the game's invariants check the result, and the
state given is left as it was)."""

from __future__ import annotations

from typing import Any

import meeple
from meeple.boardgames.queensland import actions as A
from meeple.boardgames.queensland.components import Tile, _tile
from meeple.boardgames.queensland.state import QueenslandState
from meeple.core.position import edit


def new_game(players: int = 2, **options: Any) -> meeple.Game:
    return meeple.load("queensland", players=players, **options)


def at_setup(
    players: int = 2,
    market: tuple[str, str, str] = ("T09", "T21", "T30"),
    facings: tuple[str, ...] | None = None,
) -> QueenslandState:
    """A state where the starting player is about to be drawn (the last setup step)."""
    state = new_game(players).new_initial_state()
    assert isinstance(state, QueenslandState)
    for t in market:
        state.apply_notation(f"draw {t}")
    for face in facings or ("north",) * players:
        state.apply_notation(f"face {face}")
    assert state.decision is not None and state.decision.kind == "first"
    return state


def at_first_turn(
    players: int = 2,
    market: tuple[str, str, str] = ("T09", "T21", "T30"),
    first: int = 0,
    facings: tuple[str, ...] | None = None,
) -> QueenslandState:
    """A state at the first player's first ``take``, with a chosen market, reached by
    the setup in the rulebook's order: the market, each seat's facing
    (``facings[p]`` for seat p), then the starting player."""
    state = at_setup(players, market, facings)
    state.apply_notation(f"first player {first}")
    assert state.decision is not None and state.decision.kind == "take"
    return state


def tile_index(state: QueenslandState, tile_id: str) -> int:
    return [t.id for t in state.rules.all_tiles].index(tile_id)


def _farm_edit(
    state: QueenslandState, player: int, tiles: dict[int, int], **fields: Any
) -> QueenslandState:
    """``state`` with player ``player`` 's farm holding ``tiles``, its open cells (the empty
    cells next to it, with what their neighbours ask) worked out again."""
    opn: dict[int, int] = {}
    for cell in tiles:
        for delta in A.DELTAS:
            nb = cell + delta
            if nb not in tiles and A.in_window(nb):
                opn[nb] = state._key(tiles, nb)
    all_tiles = [dict(t) for t in state.tiles]
    all_tiles[player] = tiles
    all_open = [dict(o) for o in state.open]
    all_open[player] = opn
    out = edit(state, tiles=all_tiles, open=all_open, **fields)
    assert isinstance(out, QueenslandState)
    return out


def with_tile(
    state: QueenslandState,
    player: int,
    x: int,
    y: int,
    tile_id: str,
    rot: int = 0,
    toads: int = 0,
) -> QueenslandState:
    """A face-down tile put on a farm (turned ``rot`` quarter turns) with ``toads`` from
    the supply on it, as in a turn before this one; a new state."""
    t = tile_index(state, tile_id)
    assert t in state.pile, f"{tile_id} is not face down"
    cell = A.pack(x, y)
    assert cell not in state.tiles[player], f"{x},{y} holds a tile"
    tiles = dict(state.tiles[player])
    tiles[cell] = t * 4 + rot
    out = _farm_edit(
        state, player, tiles, pile=[p for p in state.pile if p != t], turns=state.turns + 1
    )
    return with_toads(out, player, x, y, toads) if toads else out


def with_toads(state: QueenslandState, player: int, x: int, y: int, n: int) -> QueenslandState:
    """``n`` toads on the tile at ``x``, ``y`` of a farm, the difference taken from (or
    given back to) the supply; a new state."""
    cell = A.pack(x, y)
    old = state.toads[player].get(cell, 0)
    heaps = [dict(t) for t in state.toads]
    if n:
        heaps[player][cell] = n
    else:
        heaps[player].pop(cell, None)
    out = edit(state, toads=heaps, supply=state.supply + old - n)
    assert isinstance(out, QueenslandState)
    return out


def with_market(state: QueenslandState, *tile_ids: str) -> QueenslandState:
    """The market holding these tiles (from the pile; the ones there go back into it)."""
    pile = list(state.pile)
    market = list(state.market)
    for s, tid in enumerate(tile_ids):
        if market[s] >= 0:
            pile.append(market[s])
        t = tile_index(state, tid)
        assert t in pile, f"{tid} is not face down"
        pile.remove(t)
        market[s] = t
    out = edit(state, pile=sorted(pile), market=market)
    assert isinstance(out, QueenslandState)
    return out


def toads(state: QueenslandState, player: int) -> dict[tuple[int, int], int]:
    return {A.unpack(c): n for c, n in state.toads[player].items()}


def names(state: meeple.State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def play(state: meeple.State, *moves: str) -> None:
    for m in moves:
        state.apply_notation(m)


def make_tile(
    tid: str,
    edges: str,
    fields: list[tuple[str, ...]] = (),  # type: ignore[assignment]
    pond: bool = False,
    traits: tuple[str, ...] = (),
    arrow: tuple[str, str] | None = None,
) -> Tile:
    """A tile for scoring tests: ``edges`` like "c.w." (N E S W, one section each)."""
    land = {"c": "cane", "w": "wheat", ".": "soil"}
    obj: dict[str, Any] = {
        "id": tid,
        "edges": {s: land[e] for s, e in zip("NESW", edges, strict=True)},
        "fields": [{"crop": land[f[0]], "sections": list(f[1:])} for f in fields],
        "pond": pond,
        "traits": list(traits),
        "status": "assumed",
    }
    if arrow:
        obj["arrow"] = {"kind": arrow[0], "direction": arrow[1]}
    return _tile(obj, f"test tile {tid}", arrow is not None)


def put_by_hand(state: QueenslandState, player: int, x: int, y: int, tile_id: str) -> None:
    """In place, with no check at all: a tile on a farm, taken from the pile if it lies
    there. Only for the farms cut down so that a tile fits nowhere, which the rules never
    make (see those tests); everything else is built with the position format."""
    t = tile_index(state, tile_id)
    if t in state.pile:
        state.pile.remove(t)
    state._put(player, A.pack(x, y), t * 4)
