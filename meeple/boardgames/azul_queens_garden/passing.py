"""Passing: a player out for the rest of the round (the first to pass pays the penalty
and starts the next round), the ``discard`` decisions that may follow, each storage item
discarded at a point, and the round's end once everybody has passed.
"""

from __future__ import annotations

from meeple.boardgames.azul_queens_garden import actions as A
from meeple.boardgames.azul_queens_garden.components import NUM_TYPES
from meeple.boardgames.azul_queens_garden.fields import DISCARDS, FIRST_PASS
from meeple.boardgames.azul_queens_garden.round_end import RoundEnd
from meeple.core import Decision

DiscardInfo = int  # the last discarded item's action id (discards run in order), or -1


class PassAndDiscard(RoundEnd):
    """A pass and the discards after it (the round's end: RoundEnd)."""

    def _pass(self, p: int) -> None:
        """``p`` passes: out until the round ends; the first to pass pays for it, and
        whoever may discard is asked to."""
        self.passed[p] = True
        if self.first_passer < 0:
            self.first_passer = p
            self._award(p, FIRST_PASS, -self.rules.first_pass_penalty)
        if self._discard_options(p, -1):
            self.push("discard", p, -1)
        else:
            self._after_pass(p)

    def _discard_options(self, p: int, last: int) -> list[int]:
        if self.score(p) < self.rules.discard_cost:
            return []
        st = self.store[p]
        out = [A.DISCARD + t for t in range(NUM_TYPES) if st[t] and A.DISCARD + t >= last]
        if self.jokers[p]:
            out.append(A.DISCARD_JOKER)
        return out

    def _legal_discard(self, d: Decision[DiscardInfo]) -> list[int]:
        out = self._discard_options(d.player, d.info)
        out.append(A.DONE)
        return out

    def _apply_discard(self, d: Decision[DiscardInfo], a: int) -> None:
        p = d.player
        if a == A.DONE:
            self._after_pass(p)
            return
        if a == A.DISCARD_JOKER:
            self.jokers[p] -= 1
            self.joker_supply += 1
        else:
            t = a - A.DISCARD
            self.own_rows(p)
            self.store[p][t] -= 1
            self.tower[t] += 1
            self.tower_n += 1
        self.store_n[p] -= 1
        self._award(p, DISCARDS, -self.rules.discard_cost)
        self.push("discard", p, a)

    def _after_pass(self, p: int) -> None:
        if all(self.passed):
            self._end_round()
        else:
            self._next_turn(p)
