"""The worked examples of the rules summary and of the reviews it is checked against.

The rules summary (rules/azul-queens-garden.txt) has no numbered figures; each test
quotes, in our words, the example or statement it reproduces.
"""

from __future__ import annotations

from meeple.boardgames.azul_queens_garden.scoring import evaluation, groups, round_score

from .helpers import (
    act,
    can,
    cell,
    legal,
    quiet,
    t,
    with_hexagons,
    with_jokers,
    with_storage,
    with_tray,
)


def test_purple_bird_costs_two_the_bird_itself_and_one_more_bird_or_purple_tile():
    # Review (detectivehawkgames): a bird costs 2; the bird itself is one, then
    # another bird or another purple tile; with neither, a joker; else it cannot go.
    s = with_storage(with_jokers(quiet(), 0, 0), 0, "purple-bird")
    assert not can(s, "place purple-bird at 0.1")
    s = with_storage(s, 0, "lime-bird")
    assert can(s, "place purple-bird at 0.1")
    s2 = with_storage(with_jokers(quiet(), 0, 0), 0, "purple-bird", "purple-fruit")
    act(s2, "place purple-bird at 0.1")
    assert legal(s2) == ["pay by colour"]
    s3 = with_storage(with_jokers(quiet(), 0, 1), 0, "purple-bird")
    act(s3, "place purple-bird at 0.1", "pay by colour")
    assert legal(s3) == ["pay joker"]


def test_blue_butterfly_costs_three_two_more_butterflies_or_two_more_blue():
    # Review: a butterfly costs 3 in all, so two more butterflies or two more blue.
    s = with_storage(with_jokers(quiet(), 0, 0), 0, "blue-butterfly", "blue-tree")
    assert not can(s, "place blue-butterfly at 0.1")
    s = with_storage(s, 0, "blue-flower")
    act(s, "place blue-butterfly at 0.1", "pay by colour", "pay blue-tree", "pay blue-flower")
    assert s.store_n[0] == 0
    assert s.garden[0][cell("0.1")] == t(s, "blue-butterfly")


def test_only_one_of_identical_hexagons_in_the_selection_is_taken():
    # Rules: take all of the chosen pattern or colour; of identical hexagons, one.
    s = with_tray(quiet(), "green-tree", "green-tree", "green-leaf", "blue-leaf")
    act(s, "take green")
    assert s.store[0][t(s, "green-tree")] == 1 and s.store[0][t(s, "green-leaf")] == 1
    assert s.trays[0] == [t(s, "green-tree"), t(s, "blue-leaf")]


def test_one_hexagon_can_be_in_a_colour_group_and_a_pattern_group_at_once():
    # Rules: a hexagon may belong to the group of its pattern and to the group of its
    # colour. Blue tree, blue bird, blue flower in a row; lime bird and green bird
    # next to the blue bird: the blue bird is in both groups.
    s = quiet()
    cells = [-1] * 49
    for name, where in [
        ("blue-tree", "0.1"),
        ("blue-bird", "0.2"),
        ("blue-flower", "0.3"),
        ("lime-bird", "1.5"),
        ("green-bird", "1.4"),
    ]:
        cells[cell(where)] = t(s, name)
    blue = groups(cells, True, 1)
    birds = groups(cells, False, 1)
    assert blue == [sorted([cell("0.1"), cell("0.2"), cell("0.3")])]
    assert birds == [sorted([cell("0.2"), cell("1.5"), cell("1.4")])]
    # Final evaluation: each hexagon of a group of 3+ scores its pattern's value.
    ev = evaluation(cells, s.rules.values)
    assert ev["evaluation"] == (1 + 2 + 6) + (2 + 2 + 2)


def test_groups_of_two_do_not_score_in_the_final_evaluation():
    s = quiet()
    cells = [-1] * 49
    cells[cell("0.1")] = t(s, "yellow-flower")
    cells[cell("0.2")] = t(s, "lilac-flower")
    assert evaluation(cells, s.rules.values) == {"evaluation": 0, "group_bonus": 0}


def test_group_of_six_bonus_when_the_option_is_on():
    s = quiet()
    cells = [-1] * 49
    for k, p in enumerate(s.rules.patterns):
        cells[cell(f"0.{k + 1}")] = t(s, f"lilac-{p}")
    ev = evaluation(cells, s.rules.values, six_bonus=6)
    assert ev == {"evaluation": 21, "group_bonus": 6}


def test_round_scoring_a_hexagon_matching_two_wheel_items_scores_twice():
    # Rules: a point for each hexagon matching each scored colour or pattern.
    counts_c = [2, 1, 0, 0, 0, 0]  # two yellow, one blue
    counts_p = [0, 3, 0, 0, 0, 0]  # three birds
    wheel = [(True, 0), (True, 1), (False, 1)]
    assert round_score(counts_c, counts_p, wheel, pavilions=2) == {"wheel": 6, "pavilions": 2}


def test_first_to_pass_moves_back_one_space_and_starts_the_next_round():
    s = quiet(3)
    for p in range(3):
        s = with_jokers(s, p, 0)
    act(s, "pass")  # player 0 can act no more
    act(s, "pass")  # player 1
    act(s, "pass")  # player 2
    assert [x["total"] for x in s.scores()] == [14, 15, 15]
    assert s.first_player == 0 and s.pending[0].player == 0


def test_tile_placed_on_a_completed_ring_gives_a_joker():
    # Rules: after placing, an entirely surrounded fountain, statue, bench or
    # pavilion gives a joker when storage has room.
    s = with_jokers(quiet(), 0, 0)
    names = ["lime-tree", "lime-bird", "lime-leaf", "lime-fruit", "lime-flower"]
    s = with_hexagons(s, 0, {f"0.{k + 1}": name for k, name in enumerate(names)})
    s = with_storage(s, 0, "lime-butterfly", "lime-tree", "lime-bird")
    act(s, "place lime-butterfly at 0.6", "pay by colour", "pay lime-tree", "pay lime-bird")
    assert s.jokers[0] == 1
