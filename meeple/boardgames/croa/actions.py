"""The action-id encoding of Crôa! and its names.

=====================  =============================  ======================
ids                    meaning                        name
=====================  =============================  ======================
0 .. 4095              the queen jumps from -> to     ``Qa1-b2``
4096 .. 8191           a servant jumps from -> to     ``Sa1-b2``
8192                   end the turn after a mosquito  ``stop``
8193 .. 8193+T-1       a face-down tile turns up      ``reveal lily``
then 4 ids             a third servant on a log       ``remove P2 servant``
                       removes that player's servant
then one id per back   setup: the next square's tile  ``lay shallow``
                       is laid face down with that
                       back (chance)
=====================  =============================  ======================

A jump id is ``kind * 4096 + from * 64 + to`` (kind 0 queen, 1 servant); only
jumps to one of the eight neighbouring squares are ever legal. The same ids serve
the turn's first jump, a bounce off a water lily and the extra jump a mosquito
gives.
"""

from __future__ import annotations

from meeple.boardgames.croa.components import SQUARES, parse_square, square_name

QUEEN, SERVANT = 0, 1
KIND_SPAN = SQUARES * SQUARES
MOVES = 2 * KIND_SPAN
STOP = MOVES
REVEAL0 = STOP + 1
MAX_PLAYERS = 4


def move_id(kind: int, frm: int, to: int) -> int:
    return kind * KIND_SPAN + frm * SQUARES + to


def decode_move(action: int) -> tuple[int, int, int]:
    """``(kind, from, to)`` of a jump id."""
    return action >> 12, (action >> 6) & 63, action & 63


def player_name(p: int) -> str:
    return f"P{p + 1}"


class Codec:
    """Names and ids for given tile types and backs (the male colours and the backs come
    from data; the backs are the three-back pond's, whichever pond is played, so the
    action space does not depend on the options)."""

    def __init__(self, tile_types: tuple[str, ...], back_ids: tuple[str, ...]) -> None:
        self.tile_types = tile_types
        self.back_ids = back_ids
        self.victim0 = REVEAL0 + len(tile_types)
        self.lay0 = self.victim0 + MAX_PLAYERS
        self.size = self.lay0 + len(back_ids)

    def name(self, action: int) -> str:
        if action < MOVES:
            kind, frm, to = decode_move(action)
            return f"{'QS'[kind]}{square_name(frm)}-{square_name(to)}"
        if action == STOP:
            return "stop"
        if action < self.victim0:
            return f"reveal {self.tile_types[action - REVEAL0]}"
        if action < self.lay0:
            return f"remove {player_name(action - self.victim0)} servant"
        return f"lay {self.back_ids[action - self.lay0]}"

    def kind(self, action: int) -> str:
        """The kind of move, for balance reports: every jump is one word of notation
        (``Qh8-h7``), so the first word would name single moves."""
        if action < MOVES:
            return ("queen jump", "servant jump")[decode_move(action)[0]]
        if action == STOP:
            return "stop"
        if action < self.victim0:
            return "reveal"
        return "remove servant" if action < self.lay0 else "lay"

    def parse(self, text: str) -> int | None:
        """The id of ``text`` (case and spaces free), or ``None``."""
        t = " ".join(text.strip().split()).lower()
        if t == "stop":
            return STOP
        if t.startswith("reveal "):
            rest = t[7:]
            return REVEAL0 + self.tile_types.index(rest) if rest in self.tile_types else None
        if t.startswith("lay "):
            rest = t[4:]
            lower = [b.lower() for b in self.back_ids]
            return self.lay0 + lower.index(rest) if rest in lower else None
        if t.startswith("remove ") and t.endswith(" servant"):
            who = t[7:-8].strip()
            if len(who) == 2 and who[0] == "p" and who[1] in "1234":
                return self.victim0 + int(who[1]) - 1
            return None
        if len(t) == 6 and t[0] in "qs" and t[3] == "-":
            frm, to = parse_square(t[1:3]), parse_square(t[4:6])
            if frm is None or to is None:
                return None
            return move_id(0 if t[0] == "q" else 1, frm, to)
        return None
