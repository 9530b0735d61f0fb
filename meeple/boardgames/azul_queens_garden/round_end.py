"""The end of a round, once every player has passed: the wheel and pavilion scoring, then
either the final scoring (storage, jokers and the garden's groups) after the last round,
or the next round's preparation (the display back to the tower and the supply, the next
stack out, the first passer to start).
"""

from __future__ import annotations

from meeple.boardgames.azul_queens_garden.acquisition import Acquisition
from meeple.boardgames.azul_queens_garden.fields import (
    BONUS,
    EVAL,
    JOKERS,
    PAVILIONS,
    STORAGE,
    WHEEL,
)
from meeple.boardgames.azul_queens_garden.scoring import end_of_game, evaluation, round_score


class RoundEnd(Acquisition):
    """Round and game end (the next round's display opens as a take's does: Acquisition)."""

    def _end_round(self) -> None:
        rules = self.rules
        wheel = rules.wheel_keys[self.round]
        pattern_points = rules.pattern_points[self.round]
        for p in range(self.game.players):
            rs = round_score(
                self.colour_count[p],
                self.pattern_count[p],
                wheel,
                self.pavilions[p],
                rules.pavilion_points,
                rules.colour_points,
                pattern_points,
            )
            self._award(p, WHEEL, rs["wheel"])
            self._award(p, PAVILIONS, rs["pavilions"])
        if self.first_passer >= 0:
            self.first_player = self.first_passer
        if self.round == rules.rounds - 1:
            for p in range(self.game.players):
                tiles = self.store_n[p] - self.jokers[p]
                end = end_of_game(
                    self.jokers[p], tiles, rules.joker_points, rules.storage_tile_points
                )
                ev = evaluation(
                    self.garden[p],
                    rules.values,
                    rules.min_group,
                    rules.six_bonus,
                )
                self._award(p, JOKERS, end["jokers"])
                self._award(p, STORAGE, end["storage"])
                self._award(p, EVAL, ev["evaluation"])
                self._award(p, BONUS, ev["group_bonus"])
            self.round = rules.rounds
            return
        # Preparation: the display goes back, the next stack comes out.
        for tray in self.trays:
            for t in tray:
                self.tower[t] += 1
            self.tower_n += len(tray)
        self.reserve += len(self.trays) + self.stack_left[self.round]
        self.stack_left[self.round] = 0
        self.trays = []
        self.returned.extend(self.faceup)
        self.faceup = []
        self.round += 1
        self.passed = [False] * self.game.players
        self.first_passer = -1
        self.push("turn", self.first_player)
        self._open_trays(rules.display_start)
