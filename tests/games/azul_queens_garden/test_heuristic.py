"""The bots' heuristic: wheel income to come, groups and near-groups, storage."""

from __future__ import annotations

import random

from meeple.boardgames.azul_queens_garden.scoring import evaluation, groups
from meeple.boardgames.azul_queens_garden.state import PAIR_CREDIT, TILE_VALUE
from meeple.core import CHANCE, sample_chance

from .helpers import act, give, lay, new, quiet


def test_the_start_is_even_and_a_two_player_lead_is_zero_sum():
    s = new()
    assert s.heuristic(0) == s.heuristic(1) == 0.0
    give(s, 0, "blue-tree")
    assert s.heuristic(0) == -s.heuristic(1) == TILE_VALUE


def test_a_placed_hexagon_is_worth_the_wheel_points_it_will_still_earn():
    # The wheel (assumed data): round 1 yellow, blue, bird; round 2 purple, lilac,
    # butterfly; round 3 green, lime, leaf; round 4 yellow, blue, fruit (1, 2, 3, 3
    # per pattern hexagon by round).
    s = quiet()
    lay(s, 0, "yellow-tree", "0.1")
    assert s.heuristic(0) == 2  # yellow scores in rounds 1 and 4
    s = quiet()
    lay(s, 0, "green-bird", "0.1")
    assert s.heuristic(0) == 2  # the bird in round 1, green in round 3
    s = quiet()
    s.round = 1
    lay(s, 0, "yellow-fruit", "0.1")
    assert s.heuristic(0) == 1 + 3  # rounds 2-4: yellow once, fruit at 3 in round 4


def test_a_group_one_short_earns_part_of_its_value_and_a_whole_group_all_of_it():
    s = quiet()
    s.round = 1  # purple, lilac, butterfly: no wheel points for blue trees-to-flowers
    lay(s, 0, "blue-bird", "0.1")
    before = s.heuristic(0) - 1  # blue scores in round 4
    lay(s, 0, "blue-flower", "0.2")
    pair = s.heuristic(0) - 2 - before
    assert pair == PAIR_CREDIT * (2 + 6)
    lay(s, 0, "blue-tree", "0.3")
    assert s.heuristic(0) - 3 - before == 2 + 6 + 1


def test_in_the_last_round_a_group_one_short_earns_nothing():
    s = quiet()
    s.round = 3
    lay(s, 0, "purple-bird", "0.1")
    lay(s, 0, "purple-flower", "0.2")
    assert s.heuristic(0) == 0


def test_tiles_still_owed_for_a_placement_count_as_paid():
    s = quiet()
    give(s, 0, "blue-bird", "blue-tree")
    act(s, "place blue-bird at 0.1")
    assert s.current_player() == 0  # choosing how to pay, one tile owed
    owed = s.heuristic(0)
    act(s, "pay by colour", "pay blue-tree")
    assert s.heuristic(0) == owed


def test_the_group_values_match_the_final_evaluation_over_random_play():
    """The heuristic reads groups off the labels kept during play; at every step of
    random games they agree with the evaluation's own search of the garden."""
    for seed in range(6):
        rng = random.Random(seed)
        s = new()
        while not s.is_terminal():
            player = s.current_player()
            s.apply_action(
                sample_chance(s, rng) if player == CHANCE else rng.choice(s.legal_actions())
            )
            comp = s.comp
            for p in range(2):
                cells = s.garden[p]
                ev = evaluation(cells, comp.values, comp.min_group, comp.six_bonus)
                near = sum(
                    sum(comp.values[cells[c] % 6] for c in g)
                    for by_colour in (True, False)
                    for key in range(6)
                    for g in groups(cells, by_colour, key)
                    if len(g) == comp.min_group - 1
                )
                want = ev["evaluation"] + ev["group_bonus"] + 0.5 * near
                assert s._groups_value(p, 0.5) == want
