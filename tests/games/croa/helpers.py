"""Build Crôa! positions for tests: a pond with chosen face-up tiles and frogs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import meeple
from meeple.boardgames.croa.components import parse_square
from meeple.boardgames.croa.state import FACE_DOWN, CroaState


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


def position(
    players: int = 2,
    tiles: Mapping[str, str] | None = None,
    frogs: Mapping[str, Sequence[str]] | None = None,
    to_move: int = 0,
    pond: str = "classic",
    reserve: Mapping[int, int] | None = None,
    stuck: Mapping[str, int] | None = None,
) -> CroaState:
    """A state with the given face-up tiles and frogs, ``to_move`` starting a turn.

    ``frogs`` maps a square to codes like ``"Q1"`` (queen of P1) or ``"S2"``
    (servant of P2). A player with no queen listed is out of the game.
    ``stuck`` maps a square to the mud count of the frogs on it.
    Face-up tiles are taken from the face-down counts of their square's back.
    """
    game = meeple.load("croa", players=players, pond=pond)
    s = game.new_initial_state()
    assert isinstance(s, CroaState)
    g = s.rules
    s.backs = g.pond.layout  # the component file's layout (a classic pond: one back)
    slots = g.slots
    s.pending.clear()
    s._legal_cache = None
    s._moves = None
    s.occ = [()] * 64
    s.fsq = [-1] * (players * slots)
    s.stuck = [0] * (players * slots)
    s.tile = [FACE_DOWN] * 64
    s.left = [c for back in g.pond.counts for c in back]
    for name, kind in (tiles or {}).items():
        t = sq(name)
        k = g.tile_types.index(kind)
        s.tile[t] = k
        idx = g.pond.layout[t] * g.n_types + k
        assert s.left[idx] > 0, f"no {kind} left under the back of {name}"
        s.left[idx] -= 1
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
            s._place(f, sq(name))
    for name, n in (stuck or {}).items():
        for f in s.occ[sq(name)]:
            s.stuck[f] = n
    s.out = [-1] * players
    s.n_out = 0
    for p in range(players):
        if not has_queen[p]:
            s.out[p] = s.n_out
            s.n_out += 1
    s.nxt = [1 + placed[p] for p in range(players)]
    for p, r in (reserve or {}).items():
        s.nxt[p] = slots - r
        assert s.nxt[p] >= 1 + placed[p]
    s.quiet = 0
    s.turns = 0
    s.end = ""
    s.history = []
    s._begin_turn(to_move)
    return s


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
