"""Crôa!'s jump generator and its chance outcomes as free functions over plain lists and
ints: most of a random step's own work.

Written as plain typed functions (no state, no classes) so that ``pip install -e .`` can
compile this module with mypyc (setup.py); the same source runs where it was not compiled
or ``MEEPLE_PURE=1`` is set (``meeple.native``), and tests/core/test_native.py holds the two
to each other. The state's methods (``CroaState._moves_of`` and the outcome handlers) pass
their fields in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from meeple.boardgames.croa.actions import KIND_SPAN
from meeple.boardgames.croa.components import NEIGHBOURS, SQUARES
from meeple.boardgames.croa.rules import LOG

NB: Final[list[list[int]]] = [list(n) for n in NEIGHBOURS]
NEIGHBOUR_BITS: Final[list[int]] = [sum(1 << t for t in ts) for ts in NEIGHBOURS]

# Why a jump is refused: what the move generator records in its ``refused`` dict.
# Templates, so that the generator builds no text; CroaState._jump_problem fills in
# ``{frm}`` and ``{to}`` (the jump's squares).
OWN_FROG: Final = "{to} already holds one of your frogs"
LOG_OWN_SERVANT: Final = (
    "{to} is a log with a servant of yours on it: a log holds two servants or a single queen"
)
LOG_OWN_QUEEN: Final = (
    "{to} is a log with your queen on it: a log holds two servants or a single queen"
)
LOG_TWO_OWN: Final = (
    "{to} is a log with two of your servants on it: a third servant lands on a log only to "
    "remove an enemy frog"
)
STUCK: Final = "the frog on {frm} is stuck in mud this turn"
MOVED: Final = "a mosquito lets you move a frog that has not moved yet this turn"
USED_LILY: Final = "that water lily was already landed on this turn"
BOUNCE_BACK: Final = "a frog may not bounce back to the tile it just left while another is open"


def log_problem(
    owner: tuple[int, ...], is_queen: tuple[bool, ...], p: int, queen: bool, o: tuple[int, ...]
) -> str | None:
    """Why a frog of player ``p`` (a queen or a servant) may not land on a log holding
    the frogs ``o``, or None (ruling 7): a log holds two servants of any colours or one
    queen alone, and a third servant lands only to remove an enemy frog."""
    own = 0
    own_queen = False
    for x in o:
        if owner[x] == p:
            own += 1
            own_queen = own_queen or is_queen[x]
    if own == 0:
        return None
    if queen:
        return LOG_OWN_SERVANT
    if own_queen:
        return LOG_OWN_QUEEN
    return LOG_TWO_OWN if own > 1 else None


def moves_of(
    p: int,
    frogs: Iterable[int],
    refused: dict[int, str] | None,
    origin: int,
    fsq: list[int],
    occ: list[tuple[int, ...]],
    tile: list[int],
    stuck: list[int],
    moved: int,
    visited: int,
    owner: tuple[int, ...],
    is_queen: tuple[bool, ...],
) -> list[int]:
    """The jumps of player ``p`` 's ``frogs`` (CroaState._moves_of says which rules they
    follow and what ``refused`` and ``origin`` mean), in id order per frog, from the
    state's frog squares, square occupants, tiles, mud counts, and the bits of frogs moved
    and lilies landed on this turn."""
    out: list[int] = []
    seen = 0  # bit per square holding servants of p already listed
    for f in frogs:
        s = fsq[f]
        if s < 0:
            continue
        queen = is_queen[f]
        base = s * SQUARES if queen else KIND_SPAN + s * SQUARES
        if origin < 0 and (stuck[f] or (moved >> f) & 1):
            if refused is not None:
                frozen = STUCK if stuck[f] else MOVED
                for t in NB[s]:
                    refused.setdefault(base + t, frozen)  # another servant there may jump
            continue
        if not queen and len(occ[s]) > 1:
            if (seen >> s) & 1:
                continue  # two of your servants on one log are the same choice
            seen |= 1 << s
        for t in NB[s]:
            o = occ[t]
            if not o:
                out.append(base + t)
            elif tile[t] != LOG:
                if owner[o[0]] != p:
                    out.append(base + t)
                elif refused is not None:
                    refused[base + t] = OWN_FROG
            else:
                why = log_problem(owner, is_queen, p, queen, o)
                if why is None:
                    out.append(base + t)
                elif refused is not None:
                    refused[base + t] = why
        if origin >= 0:
            used = visited & NEIGHBOUR_BITS[s]  # lilies next to s landed on this turn
            while used:
                a = base + (used & -used).bit_length() - 1
                used &= used - 1
                if a in out:
                    out.remove(a)
                    if refused is not None:
                        refused[a] = USED_LILY
            back = base + origin
            if len(out) > 1 and back in out:
                out.remove(back)  # another way is open
                if refused is not None:
                    refused[back] = BOUNCE_BACK
    return out


def counted_outcomes(counts: Sequence[int], first: int) -> list[tuple[int, float]]:
    """Each kind with a count left, as its action id (``first`` + its index) with its
    chance: its count over the total (a reveal's tiles under a back, a lay's backs)."""
    total = 0
    for c in counts:
        total += c
    out: list[tuple[int, float]] = []
    a = first
    for c in counts:
        if c:
            out.append((a, c / total))
        a += 1
    return out
