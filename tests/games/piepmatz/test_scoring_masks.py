"""The state scores collections held as card masks (``score_masks``): the same breakdown
as ``score_all``, the scoring rules written over bird tuples."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.boardgames.piepmatz.actions import cards_of
from meeple.boardgames.piepmatz.scoring import MAJORITY_MODES, Bird, score_all, score_masks
from meeple.boardgames.piepmatz.state import PiepmatzState


@pytest.mark.parametrize("majority", MAJORITY_MODES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_scoring_masks_gives_what_score_all_gives(players, majority):
    state = meeple.load("piepmatz", players=players, majority=majority).new_initial_state()
    assert isinstance(state, PiepmatzState)
    t = state.rules
    rng = random.Random(players)
    for _ in range(300):
        # Deal the cards out among the players and the rest; small collections often,
        # so that ties, empty species and whole pairs all come up.
        density = rng.choice((0.05, 0.2, 0.5))
        owner = [rng.randrange(players) if rng.random() < density else -1 for _ in range(72)]
        birds = [sum(1 << c for c in range(72) if owner[c] == p) for p in range(players)]
        seeds = [rng.randrange(20) for _ in range(players)]
        expected = score_all(
            [
                [
                    Bird(t.species_of[c], t.value_of[c], t.sex_of[c], t.eggs_of[c])
                    for c in cards_of(mask)
                ]
                for mask in birds
            ],
            seeds,
            n_species=t.n_species,
            pair_points=t.pair_points,
            majority=majority,
        )
        got = score_masks(
            birds,
            seeds,
            species_masks=t.species_mask,
            egg_masks=t.egg_masks,
            females=t.females,
            pair_points=t.pair_points,
            majority=majority,
        )
        assert got == expected
        assert [list(row) for row in got] == [list(row) for row in expected]  # key order


def test_score_masks_refuses_an_unknown_majority_mode():
    with pytest.raises(ValueError, match="majority"):
        score_masks([0, 0], [0, 0], species_masks=(), egg_masks=(), females=0, majority="most")
