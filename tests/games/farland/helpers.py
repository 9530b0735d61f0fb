"""Building Farland positions for tests: fixed setups, moves by notation, small farms."""

from __future__ import annotations

from collections.abc import Iterable

import meeple
from meeple.boardgames.farland.actions import sq
from meeple.boardgames.farland.components import K_BUILDING, K_LAND, K_POND
from meeple.boardgames.farland.farm import Farm, FarmCell
from meeple.boardgames.farland.state import FarlandState

COW, PIG, SHEEP, WHEAT, CARROT = range(5)
RES = {"cow": COW, "pig": PIG, "sheep": SHEEP, "wheat": WHEAT, "carrot": CARROT}
DEFAULT_TRACK = ["fence", "pipe", "trough"] * 4


def setup(
    players: int = 2,
    rules: str = "basic",
    market: Iterable[str] | None = None,
    building: str = "barn",
    track: Iterable[str] = DEFAULT_TRACK,
    picks: Iterable[str] | None = None,
) -> FarlandState:
    """A game after setup: the round track, market and building chosen, and the
    starting improvements picked (by default each player takes a fence and a pipe)."""
    g = meeple.load("farland", players=players, rules=rules)
    s = g.new_initial_state()
    assert isinstance(s, FarlandState)
    for t in track:
        s.apply_notation(f"track {t}")
    cols = g.rules.columns
    cards = list(market) if market is not None else [f"L{25 + k:02d}" for k in range(2 * cols)]
    for c in cards:
        s.apply_notation(f"draw {c}")
    s.apply_notation(f"flip {building}")
    chosen = list(picks) if picks is not None else ["fence", "pipe"] * players
    for p in chosen:
        s.apply_notation(p)
    assert s.phase == "turns" and s.round == 1
    return s


def play(s: FarlandState, *moves: str) -> FarlandState:
    for m in moves:
        s.apply_notation(m)
    return s


def names(s: FarlandState) -> list[str]:
    return [s.action_to_string(a) for a in s.legal_actions()]


def land(res: str | None = None, count: int = 1, fences: str = "") -> FarmCell:
    mask = sum(1 << "NESW".index(c) for c in fences)
    if res is None:
        return (K_LAND, -1, 0, mask, -1, 0)
    return (K_LAND, RES[res], count, mask, -1, 0)


def building(btype: int, step: int) -> FarmCell:
    return (K_BUILDING, -1, 0, 0, btype, step)


POND_CELL: FarmCell = (K_POND, -1, 0, 0, -1, 0)


def farm_with(cells: dict[tuple[int, int], FarmCell], s: FarlandState, player: int = 0) -> Farm:
    """Put extra squares on a player's farm (the house stays at (0,0)-(1,1))."""
    f = s.farms[player]
    for (x, y), c in cells.items():
        f.cells[sq(x, y)] = c
    return f


def edge(kind: str, x: int, y: int) -> int:
    """Edge id: ``h`` is the top side of square (x, y), ``v`` its left side."""
    return 2 * sq(x, y) + (1 if kind == "v" else 0)


def top(x: int, y: int) -> int:
    return edge("h", x, y)


def bottom(x: int, y: int) -> int:
    return edge("h", x, y + 1)


def left(x: int, y: int) -> int:
    return edge("v", x, y)


def right(x: int, y: int) -> int:
    return edge("v", x + 1, y)


def fence_around(squares: Iterable[tuple[int, int]]) -> set[int]:
    """The edges around a set of squares (its boundary)."""
    sqs = set(squares)
    out = set()
    for x, y in sqs:
        if (x, y - 1) not in sqs:
            out.add(top(x, y))
        if (x, y + 1) not in sqs:
            out.add(bottom(x, y))
        if (x - 1, y) not in sqs:
            out.add(left(x, y))
        if (x + 1, y) not in sqs:
            out.add(right(x, y))
    return out
