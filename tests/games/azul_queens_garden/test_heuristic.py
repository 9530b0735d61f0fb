"""The bots' heuristic: wheel income to come, groups and near-groups, storage."""

from __future__ import annotations

import random

import pytest

from meeple.boardgames.azul_queens_garden.scoring import evaluation, groups
from meeple.boardgames.azul_queens_garden.state import (
    HOPE_SHARE,
    PAIR_CREDIT,
    TILE_VALUE,
    USE_SHARE,
)
from meeple.core import CHANCE, sample_chance

from .helpers import (
    AzulQueensGardenState,
    act,
    new,
    quiet,
    t,
    with_discards,
    with_expansion,
    with_hexagon,
    with_jokers,
    with_returned,
    with_round,
    with_storage,
    with_stored_expansion,
    with_tray,
)


def in_round(s: AzulQueensGardenState, rnd: int) -> AzulQueensGardenState:
    """``s`` (a quiet round 1) at the start of round ``rnd``: the last seat passed first in
    every round before (a point each time, see ``with_round``) and seat 0 discarded a
    hexagon on passing in each of them (a point each), so both have the same points and
    a lead measured below comes from the pieces alone."""
    return with_discards(with_round(s, rnd), 0, rnd)


def stack_down_to(s: AzulQueensGardenState, left: int) -> AzulQueensGardenState:
    """``s`` with only ``left`` expansions of this round's stack still to come: the others
    came out of it and went back to the supply face down."""
    out = s.stack_left[s.round] - left
    unseen = [s.rules.tile_name(e) for e, h in enumerate(s.hidden) if h]
    return with_returned(s, *unseen[:out])


def test_the_start_is_even_and_a_two_player_lead_is_zero_sum():
    s = new()
    assert s.heuristic(0) == s.heuristic(1) == 0.0
    s = with_storage(s, 0, "blue-tree")
    assert s.heuristic(0) == -s.heuristic(1) == TILE_VALUE


def test_a_placed_hexagon_is_worth_the_wheel_points_it_will_still_earn():
    # The wheel (assumed data): round 1 yellow, blue, bird; round 2 purple, lilac,
    # butterfly; round 3 green, lime, leaf; round 4 yellow, blue, fruit (1, 2, 3, 3
    # per pattern hexagon by round).
    s = quiet()
    s = with_hexagon(s, 0, "yellow-tree", "0.1")
    assert s.heuristic(0) == 2  # yellow scores in rounds 1 and 4
    s = quiet()
    s = with_hexagon(s, 0, "green-bird", "0.1")
    assert s.heuristic(0) == 2  # the bird in round 1, green in round 3
    s = quiet()
    s = in_round(s, 1)
    s = with_hexagon(s, 0, "yellow-fruit", "0.1")
    assert s.heuristic(0) == 1 + 3  # rounds 2-4: yellow once, fruit at 3 in round 4


def test_a_group_one_short_earns_part_of_its_value_and_a_whole_group_all_of_it():
    s = quiet()
    s = in_round(s, 1)  # purple, lilac, butterfly: no wheel points for blue trees-to-flowers
    s = with_hexagon(s, 0, "blue-bird", "0.1")
    before = s.heuristic(0) - 1  # blue scores in round 4
    s = with_hexagon(s, 0, "blue-flower", "0.2")
    pair = s.heuristic(0) - 2 - before
    assert pair == PAIR_CREDIT * (2 + 6)
    s = with_hexagon(s, 0, "blue-tree", "0.3")
    assert s.heuristic(0) - 3 - before == 2 + 6 + 1


def test_in_the_last_round_a_group_one_short_earns_less_as_the_display_runs_out():
    s = quiet()
    s = in_round(s, 3)  # the whole last stack still to come: the credit is still whole
    s = with_hexagon(s, 0, "purple-bird", "0.1")
    s = with_hexagon(s, 0, "purple-flower", "0.2")
    assert s.heuristic(0) == PAIR_CREDIT * (2 + 6)
    s = stack_down_to(s, 3)  # 3 of its 7 expansions (4 hexagons each) still to come
    assert s.heuristic(0) == pytest.approx(PAIR_CREDIT * (2 + 6) * 3 / 7)
    s = stack_down_to(s, 0)  # nothing left to take: nothing can complete it
    assert s.heuristic(0) == 0
    s = quiet()
    s = in_round(s, 2)  # the third round: one more to come
    s = with_hexagon(s, 0, "purple-bird", "0.1")
    s = with_hexagon(s, 0, "purple-flower", "0.2")
    assert s.heuristic(0) == PAIR_CREDIT * (2 + 6)


def test_a_payment_under_way_is_worth_what_it_will_be_once_paid():
    # A butterfly costs 3: the hexagon itself and two more of one colour or one pattern.
    s = quiet()
    s = with_jokers(s, 0, 0)
    s = with_storage(s, 0, "blue-butterfly", "blue-tree", "blue-bird", "lime-leaf")
    act(s, "place blue-butterfly at 0.1")
    owed = s.heuristic(0)  # choosing how to pay, two tiles owed
    act(s, "pay by colour")
    assert s.heuristic(0) == owed
    act(s, "pay blue-tree")  # one paid, one owed
    assert s.heuristic(0) == owed
    act(s, "pay blue-bird")
    assert s.current_player() == 1
    assert s.heuristic(0) == owed


def test_owed_items_beyond_the_stored_tiles_are_charged_to_jokers():
    s = quiet()
    s = with_jokers(s, 0, 2)
    s = with_storage(s, 0, "blue-butterfly")
    act(s, "place blue-butterfly at 0.1")
    owed = s.heuristic(0)
    act(s, "pay by colour", "pay joker")
    assert s.heuristic(0) == owed
    act(s, "pay joker")
    assert s.heuristic(0) == owed


def test_stored_tiles_and_expansions_are_worth_half_a_point_and_jokers_one():
    s = quiet()
    s = with_jokers(s, 0, 0)
    base = s.heuristic(0)  # nothing stored by seat 0
    s = with_storage(s, 0, "blue-tree", "lime-leaf")
    s = with_stored_expansion(s, 0, "green-bird")
    assert s.heuristic(0) == base + 3 * TILE_VALUE
    s = with_jokers(s, 0, 2)
    assert s.heuristic(0) == base + 3 * TILE_VALUE + 2


def test_out_of_the_last_round_a_stored_tile_counts_what_the_end_takes():
    s = quiet()
    s = in_round(s, 3)
    s = with_jokers(s, 0, 0)
    s = with_jokers(s, 1, 0)
    s = with_storage(s, 0, "blue-tree", "lime-leaf")
    # Still in the round with its whole stack to come: the tree can be placed (worth
    # TILE_VALUE), the leaf cannot be paid for yet (worth HOPE_SHARE of the way from the
    # end's -1 up to TILE_VALUE, for what may still come).
    assert s.heuristic(0) == TILE_VALUE + (-1 + 1.5 * HOPE_SHARE)
    act(s, "pass", "done")  # first to pass: -1
    assert s.heuristic(0) == -1 + 2 * -1


def test_a_pavilion_is_worth_a_point_for_every_round_still_to_score():
    s = quiet()
    s = in_round(s, 1)
    pavilions = [e for e in range(36) if s.rules.ornament[e] == "pavilion"]
    s = with_expansion(s, 0, s.rules.tile_name(pavilions[0]), "1.1")
    wheel_income = s.heuristic(0) - 3  # rounds 2, 3 and 4 pay for the pavilion
    s2 = quiet()
    s2 = in_round(s2, 1)
    # The same hexagon laid as a plain one (on the starting area: area 1 has no expansion).
    s2 = with_hexagon(s2, 0, s.rules.tile_name(pavilions[0]), "0.1")
    assert s2.heuristic(0) == wheel_income


def test_flat_pattern_scoring_pays_one_per_pattern_hexagon_in_every_round():
    s = quiet(pattern_scoring="flat")
    s = in_round(s, 1)
    s = with_hexagon(s, 0, "purple-fruit", "0.1")  # purple in round 2, fruit in round 4
    assert s.heuristic(0) == 2
    s = quiet()
    s = in_round(s, 1)
    s = with_hexagon(s, 0, "purple-fruit", "0.1")
    assert s.heuristic(0) == 1 + 3  # rising: fruit is worth 3 in round 4


def test_a_group_of_six_earns_the_bonus_only_with_the_option_on():
    names = ["lime-tree", "lime-bird", "lime-butterfly", "lime-leaf", "lime-fruit", "lime-flower"]
    values = []
    for bonus in (True, False):
        s = quiet(group_of_six_bonus=bonus)
        s = in_round(s, 1)
        for name, where in zip(names, ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6"], strict=True):
            s = with_hexagon(s, 0, name, where)
        values.append(s.heuristic(0))
    # lime scores in round 3 (1 each); leaf 3 (round 3), butterfly 2 (round 2), fruit 3
    # (round 4); the group of six: 1 + 2 + ... + 6 = 21, and 6 more with the bonus.
    wheel = 6 + 3 + 2 + 3
    assert values == [wheel + 21 + 6, wheel + 21]


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
            comp = s.rules
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


def test_late_in_the_last_round_a_tile_that_cannot_be_used_is_worth_the_ends_minus_one():
    s = quiet()
    s = in_round(s, 3)
    s = stack_down_to(s, 0)  # nothing more to come out of the display
    s = with_jokers(s, 0, 0)
    base = s.heuristic(0)
    s = with_storage(s, 0, "blue-flower")  # a flower costs 6: storage cannot pay for it
    assert s.heuristic(0) == base - 1
    s = with_storage(s, 0, "lime-tree")  # a tree costs only itself: it can still be placed
    assert s.heuristic(0) == base - 1 + (-1 + (TILE_VALUE + 1) * USE_SHARE)
    # A butterfly with two more blue tiles can be paid for, and pays for the others.
    s2 = quiet()
    s2 = in_round(s2, 3)
    s2 = stack_down_to(s2, 0)
    s2 = with_jokers(s2, 0, 0)
    s2 = with_storage(s2, 0, "blue-butterfly", "blue-tree", "blue-flower")
    assert s2._usable(0) == (3, 0)
    s2 = with_storage(s2, 0, "lime-flower")
    assert s2._usable(0) == (3, 0)


def test_a_take_under_way_counts_the_hexagons_still_to_be_chosen():
    s = quiet()
    s = with_tray(s, "blue-bird", "lime-tree")
    s = with_tray(s, "blue-bird", "blue-tree")
    before = s.heuristic(0)
    act(s, "take blue")  # blue-tree taken; which blue-bird is a decision still to come
    assert s.pending[-1].kind == "copy"
    assert s.heuristic(0) == before + 2 * TILE_VALUE
    act(s, "take blue-bird from expansion 1")
    assert s.heuristic(0) == before + 2 * TILE_VALUE


def test_a_bought_expansion_counts_what_it_brings_before_it_is_placed():
    s = quiet()
    s = in_round(s, 3)  # round 4: yellow, blue and fruit (3 per fruit) score
    act(s, "buy face-down expansion")
    # Not yet revealed: the average income of the expansions it may be.
    income = s._expansion_income(-1)
    assert income > 0
    assert s.heuristic(0) == pytest.approx(-6 + income)
    act(s, "reveal yellow-fruit")
    pavilion = 1 if s.rules.ornament[t(s, "yellow-fruit")] == "pavilion" else 0
    assert s.heuristic(0) == -6 + 1 + 3 + pavilion  # yellow, fruit, pavilion
    act(s, "expansion yellow-fruit at 1.1")
    assert s.heuristic(0) == -6 + 1 + 3 + pavilion
