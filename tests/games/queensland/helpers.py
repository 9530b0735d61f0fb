"""Building Queensland positions for tests: by applying actions, then placing by hand."""

from __future__ import annotations

from typing import Any

import meeple
from meeple.boardgames.queensland import actions as A
from meeple.boardgames.queensland.components import Tile, _tile
from meeple.boardgames.queensland.state import QueenslandState


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


def put(
    state: QueenslandState, player: int, x: int, y: int, tile_id: str, rot: int = 0, toads: int = 0
) -> None:
    """Put a tile (turned ``rot`` quarter turns) with ``toads`` on a farm by hand."""
    t = tile_index(state, tile_id)
    if t < state.rules.n_farm and t in state.pile:
        state.pile.remove(t)
    state._put(player, A.pack(x, y), t * 4 + rot)
    set_toads(state, player, x, y, toads)


def set_toads(state: QueenslandState, player: int, x: int, y: int, n: int) -> None:
    cell = A.pack(x, y)
    old = state.toads[player].get(cell, 0)
    state.supply += old - n
    if n:
        state.toads[player][cell] = n
    else:
        state.toads[player].pop(cell, None)
    state._legal_cache = None


def set_market(state: QueenslandState, *tile_ids: str) -> None:
    for s, tid in enumerate(tile_ids):
        old = state.market[s]
        if old >= 0:
            state.pile.append(old)
        t = tile_index(state, tid)
        if t in state.pile:
            state.pile.remove(t)
        state.market[s] = t
    state.pile.sort()
    state._legal_cache = None


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
