"""Build Crôa! positions for tests: a pond with chosen face-up tiles and frogs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import meeple
from meeple.boardgames.croa.components import parse_square, square_name
from meeple.boardgames.croa.state import FACE_DOWN, CroaState
from meeple.core import Decision
from meeple.core.position import edit


def sq(name: str) -> int:
    s = parse_square(name)
    assert s is not None, name
    return s


FIXED_ROWS = (
    "SSSSSSSS",
    "SAAABBBS",
    "SAAABBBS",
    "SAASSBBS",
    "SAASSBBS",
    "SAAABBBS",
    "SAAABBBS",
    "SSSSSSSS",
)
"""The component file's layout of the backs (rank 8 first), played by ``backs=fixed``."""


def lay(s: CroaState, rows: Sequence[str] = FIXED_ROWS) -> None:
    """Deal the backs of a new game as chance outcomes, square by square (a1, b1 .. h8),
    the way ``rows`` (rank 8 first, one back letter per square) lays them."""
    g = s.rules
    for rank in range(8):
        for file, letter in enumerate(rows[7 - rank]):
            assert s.pending[-1].kind == "lay", s.pending
            assert s.pending[-1].info == rank * 8 + file
            back = g.pond.back_ids[g.pond.back_letters.index(letter)]
            s.apply_action(s.string_to_action(f"lay {back}"))


def start(players: int = 2, rows: Sequence[str] = FIXED_ROWS, **options: str) -> CroaState:
    """A new game of the three-back pond with its backs dealt (see ``lay``), at the first
    move."""
    s = meeple.load("croa", players=players, **options).new_initial_state()
    assert isinstance(s, CroaState)
    lay(s, rows)
    return s


def checked_position(
    players: int = 2,
    tiles: Mapping[str, str] | None = None,
    frogs: Mapping[str, Sequence[str]] | None = None,
    to_move: int = 0,
    pond: str = "classic",
    reserve: Mapping[int, int] | None = None,
    stuck: Mapping[str, int] | None = None,
) -> CroaState:
    """A state with the given face-up tiles and frogs, ``to_move`` to start a turn, made
    through the position format, so that the game's invariants check it (an impossible
    position is refused with PositionError).

    ``frogs`` maps a square to codes like ``"Q1"`` (queen of P1) or ``"S2"``
    (servant of P2). A player with no queen listed is out of the game. Starting
    servants not listed were removed; ``reserve`` gives a player's servants still to be
    born (by default all those never in the pond). ``stuck`` maps a square to the mud
    count of the frogs on it (the square is mud unless ``tiles`` says otherwise).
    Face-up tiles are taken from the face-down counts of their square's back; a frog
    stands on a face-down tile only on its own start squares, so under any other frog
    a plain reeds tile is face up (a lily when a back runs out of reeds).
    """
    game = meeple.load("croa", players=players, pond=pond)
    s = game.new_initial_state()
    assert isinstance(s, CroaState)
    g = s.rules
    slots = g.slots
    backs = g.pond.layout  # the component file's layout (a classic pond: one back)
    tile = [FACE_DOWN] * 64
    left = [c for back in g.pond.counts for c in back]

    def turn_up(square: int, kind: str) -> None:
        k = g.tile_types.index(kind)
        idx = backs[square] * g.n_types + k
        assert left[idx] > 0, f"no {kind} left under the back of {square_name(square)}"
        tile[square] = k
        left[idx] -= 1

    for name, kind in (tiles or {}).items():
        turn_up(sq(name), kind)
    for name in stuck or {}:
        if tile[sq(name)] == FACE_DOWN:
            turn_up(sq(name), "mud")
    occ: list[tuple[int, ...]] = [()] * 64
    fsq = [-1] * (players * slots)
    placed = [0] * players
    has_queen = [False] * players
    for name, codes in (frogs or {}).items():
        for code in codes:
            p = int(code[1]) - 1
            if code[0].upper() == "Q":
                f = p * slots
                has_queen[p] = True
            else:
                placed[p] += 1
                f = p * slots + placed[p]
            occ[sq(name)] = (*occ[sq(name)], f)
            fsq[f] = sq(name)
    starts = {x: p for p, st in enumerate(g.starts) for x in (st.queen, *st.servants)}
    for square, o in enumerate(occ):
        if o and tile[square] == FACE_DOWN and starts.get(square) != g.owner[o[0]]:
            b = backs[square] * g.n_types
            turn_up(square, "reeds" if left[b + g.tile_types.index("reeds")] else "lily")
    mud = [0] * (players * slots)
    for name, n in (stuck or {}).items():
        for f in occ[sq(name)]:
            mud[f] = n
    out = [-1] * players
    n_out = 0
    for p in range(players):
        if not has_queen[p]:
            out[p] = n_out
            n_out += 1
    nxt = [1 + max(placed[p], g.servants_at_start) for p in range(players)]
    for p, r in (reserve or {}).items():
        nxt[p] = slots - r
        assert nxt[p] >= 1 + placed[p]
    # Every frog of a slot before ``nxt`` that is not in the pond was removed.
    gone = 0
    for p in range(players):
        for k in range(nxt[p]):
            if fsq[p * slots + k] < 0:
                gone |= 1 << (p * slots + k)
    out_state = edit(
        s,
        backs=backs,
        tile=tile,
        left=left,
        occ=occ,
        fsq=fsq,
        stuck=mud,
        out=out,
        n_out=n_out,
        nxt=nxt,
        gone=gone,
        player=to_move,
        moved=0,
        visited=0,
        bonus=0,
        eventful=False,
        quiet=0,
        turns=0,
        skips=0,
        end="",
        last=(-1, -1, -1),
        history=[],
        _moves=None,
        pending=[Decision("move", to_move, None)],
    )
    assert isinstance(out_state, CroaState)
    return out_state


def play(s: meeple.State, *moves: str) -> None:
    """Apply moves and chance outcomes written in notation."""
    for m in moves:
        s.apply_action(s.string_to_action(m))


def names(s: meeple.State) -> list[str]:
    return [s.action_to_string(a) for a in s.legal_actions()]


def frogs_on(s: CroaState, name: str) -> list[str]:
    """The frogs on a square as codes ("Q1", "S2"), in arrival order."""
    g = s.rules
    return [f"{'Q' if g.is_queen[f] else 'S'}{g.owner[f] + 1}" for f in s.occ[sq(name)]]
