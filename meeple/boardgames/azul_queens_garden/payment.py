"""Paying for a placement: what storage can pay (items of the placed hexagon's colour with
other patterns, or of its pattern with other colours, jokers wild), the ``mode`` and
``pay`` decisions that pay item by item, and the joker a completed ring earns once the
cost is paid (ruling 5).
"""

from __future__ import annotations

from meeple.boardgames.azul_queens_garden import actions as A
from meeple.boardgames.azul_queens_garden.board import CELLS_PER_AREA
from meeple.boardgames.azul_queens_garden.fields import AzulFields
from meeple.boardgames.azul_queens_garden.kernels import keys_available, payable_types
from meeple.boardgames.azul_queens_garden.rules import (
    COL,
    PAT,
    RING_OF_CELL,
)
from meeple.core import Decision

ModeInfo = tuple[int, int, int]  # the hexagon type placed, the items owed, its cell
# by colour?, the type placed, items still owed, the colours/patterns used (a bit mask),
# the last item's action id (payments run in increasing order), the cell
PayInfo = tuple[bool, int, int, int, int, int]


class Payment(AzulFields):
    """What storage can pay, and the payment decisions."""

    def _keys_available(self, p: int, t: int, by_colour: bool) -> int:
        """How many different keys (patterns of t's colour, or colours of t's
        pattern), other than t's own, player ``p`` holds in storage (kernels.py)."""
        return keys_available(self.store[p], self.store_exps[p], t, by_colour)

    def _payable_types(self, p: int) -> int:
        """The hexagon types in ``p`` 's storage whose cost storage can pay, in bits."""
        return payable_types(self.store[p], self.store_exps[p], self.jokers[p], self.rules.values)

    def can_pay(self, p: int, t: int) -> bool:
        need = self.rules.values[PAT[t]] - 1 - self.jokers[p]
        if need <= 0:
            return True
        return self._keys_available(p, t, True) >= need or self._keys_available(p, t, False) >= need

    def _start_payment(self, p: int, t: int, x: int) -> None:
        need = self.rules.values[PAT[t]] - 1
        if need > 0:
            self.push("mode", p, (t, need, x))
        else:
            self._award_joker(p, x)

    def _award_joker(self, p: int, x: int) -> None:
        """A hexagon on ``x`` may complete the ring around an ornament."""
        if x % CELLS_PER_AREA == 0:
            return
        g = self.garden[p]
        for c in RING_OF_CELL[x]:
            if g[c] < 0:
                return
        if self.store_n[p] < self.rules.storage_tiles and self.joker_supply > 0:
            self.joker_supply -= 1
            self.jokers[p] += 1
            self.store_n[p] += 1

    # -- the mode and pay decisions -------------------------------------------------

    def _legal_mode(self, d: Decision[ModeInfo]) -> list[int]:
        # Jokers alone may pay the whole cost; that payment is offered after
        # ``pay by colour`` only, so ``pay by pattern`` must pay at least one tile.
        p = d.player
        t, need, _ = d.info
        jokers = self.jokers[p]
        out = []
        if need <= jokers or self._keys_available(p, t, True) + jokers >= need:
            out.append(A.MODE_COLOUR)
        keys = self._keys_available(p, t, False)
        if keys and keys + jokers >= need:
            out.append(A.MODE_PATTERN)
        return out

    def _apply_mode(self, d: Decision[ModeInfo], a: int) -> None:
        t, need, x = d.info
        by_colour = a == A.MODE_COLOUR
        own = (1 << PAT[t]) if by_colour else (1 << COL[t])
        self.push("pay", d.player, (by_colour, t, need, own, -1, x))

    def _pay_candidates(self, p: int, by_colour: bool, t: int, used: int) -> list[tuple[int, int]]:
        st = self.store[p]
        exps = self.store_exps[p]
        out = []
        for r in range(6):
            if used >> r & 1:
                continue
            u = COL[t] * 6 + r if by_colour else r * 6 + PAT[t]
            if st[u]:
                out.append((A.PAY_TILE + u, r))
            if u in exps:
                out.append((A.PAY_EXP + u, r))
        out.sort()
        return out

    def _legal_pay(self, d: Decision[PayInfo]) -> list[int]:
        p = d.player
        by_colour, t, remaining, used, last, _ = d.info
        cands = [c for c in self._pay_candidates(p, by_colour, t, used) if c[0] > last]
        jokers = self.jokers[p]
        out = []
        for i, (a, key) in enumerate(cands):
            later = {k for b, k in cands[i + 1 :] if k != key}
            if len(later) + jokers >= remaining - 1:
                out.append(a)
        # By pattern, a joker only after a tile: the all-joker payment is by colour.
        if jokers and jokers >= remaining and (by_colour or last >= 0):
            out.append(A.PAY_JOKER)
        return out

    def _apply_pay(self, d: Decision[PayInfo], a: int) -> None:
        p = d.player
        self.own_rows(p)
        by_colour, t, remaining, used, _, x = d.info
        if a == A.PAY_JOKER:
            self.jokers[p] -= 1
            self.store_n[p] -= 1
            self.joker_supply += 1
        elif a < A.PAY_EXP:
            u = a - A.PAY_TILE
            self.store[p][u] -= 1
            self.store_n[p] -= 1
            self.tower[u] += 1
            self.tower_n += 1
            used |= 1 << (PAT[u] if by_colour else COL[u])
        else:
            u = a - A.PAY_EXP
            self.store_exps[p].remove(u)
            self.returned.append(u)
            used |= 1 << (PAT[u] if by_colour else COL[u])
        remaining -= 1
        if remaining:
            self.push("pay", p, (by_colour, t, remaining, used, a, x))
        else:
            self._award_joker(p, x)
