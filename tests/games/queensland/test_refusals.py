"""Queensland's placement rule is written once: the tiles, cells and rotations offered are
exactly those its predicates find nothing against, and a refusal is in their words."""

from __future__ import annotations

from typing import Any

import pytest

import meeple
from meeple.boardgames.queensland import actions as A
from meeple.core import IllegalActionError
from tests.play import random_decisions


def _refused_in_its_words(state: meeple.State, action: int, problem: str) -> None:
    with pytest.raises(IllegalActionError) as e:
        state.clone().apply_action(action)
    assert problem in str(e.value)


@pytest.mark.parametrize("players", [2, 4])
def test_the_choices_offered_and_the_refusals_come_from_one_rule(players):
    game = meeple.load("queensland", players=players)
    checked = {"take": 0, "place": 0, "rotate": 0}
    refused = 0
    for state, d in random_decisions(game, range(4)):
        s: Any = state  # the predicates are the state's own (read, never written)
        if d.kind in checked:
            checked[d.kind] += 1
            legal = set(state.legal_actions())
            if d.kind == "take":
                some = any(t >= 0 and s._fits_anywhere(d.player, t) for t in s.market)
                pairs = [
                    (A.TAKE + k, s._take_problem(d.player, k, some))
                    for k in range(A.ROTATE - A.TAKE)
                ]
            elif d.kind == "place":
                tile = s.market[d.info]
                pairs = [(A.CELL + c, s._cell_problem(d.player, tile, c)) for c in range(A.CELLS)]
            else:
                k, cell = d.info
                pairs = [
                    (A.ROTATE + r, s._rotation_problem(d.player, s.market[k], cell, r))
                    for r in range(4)
                ]
            for action, problem in pairs:
                assert (problem is None) == (action in legal), (d, action, problem)
                if problem is not None and (refused < 400 or d.kind != "place"):
                    refused += 1
                    _refused_in_its_words(state, action, problem)
    assert all(n > 10 for n in checked.values()), checked
