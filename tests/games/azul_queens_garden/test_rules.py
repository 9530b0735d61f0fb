"""One scenario test per rule of Azul: Queen's Garden (rules/azul-queens-garden.txt)."""

from __future__ import annotations

from collections import Counter

import pytest

from meeple.boardgames.azul_queens_garden import actions as A
from meeple.boardgames.azul_queens_garden.board import (
    AREAS,
    CELLS_PER_AREA,
    COORDS,
    NEIGHBOURS,
    NUM_CELLS,
    RING,
    cell_name,
)
from meeple.boardgames.azul_queens_garden.state import EMPTY
from meeple.core import CHANCE, TERMINAL, IllegalActionError
from meeple.core.errors import NotationError

from .helpers import (
    act,
    can,
    cell,
    legal,
    new,
    quiet,
    t,
    with_bag_spent,
    with_discards,
    with_expansion,
    with_faceup,
    with_hexagon,
    with_hexagons,
    with_jokers,
    with_purchases,
    with_returned,
    with_round,
    with_round_scores,
    with_storage,
    with_stored_expansion,
    with_tray,
)

# Hexagons that only take up storage places (a game has three of each type).
FILLERS = [*(f"yellow-{p}" for p in ("tree", "bird", "butterfly", "leaf", "fruit", "flower"))]
FILLERS += ["purple-tree", "purple-bird"]

# -- set-up -------------------------------------------------------------------


def test_every_player_starts_on_15_points_with_3_jokers_and_a_fountain_board():
    s = new(3)
    assert [x["total"] for x in s.scores()] == [15, 15, 15]
    assert s.jokers == [3, 3, 3]
    assert s.joker_supply == 24 - 9
    assert s.bag_n == 108
    obs = s.observation(0)
    assert obs["players"][0]["areas"] == {"0": "fountain"}
    assert sorted(obs["players"][0]["garden"]) == [f"0.{k}" for k in range(7)]


def test_the_first_round_opens_with_the_top_expansion_of_its_stack_filled_with_four_hexagons():
    s = new(2)
    assert s.stack_left == [6, 7, 7, 7]
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 36 and abs(outcomes[0][1] - 3 / 108) < 1e-12
    for _ in range(4):
        assert s.current_player() == CHANCE
        s.apply_action(s.chance_outcomes()[-1][0])
    assert s.current_player() == 0
    assert len(s.trays) == 1 and len(s.trays[0]) == 4


# -- acquiring ----------------------------------------------------------------


def test_acquire_takes_every_hexagon_and_expansion_of_the_chosen_colour():
    s = quiet()
    s = with_tray(s, "blue-tree", "blue-bird", "yellow-bird", "green-leaf")
    s = with_faceup(s, "blue-fruit")
    s = with_faceup(s, "lime-fruit")
    act(s, "take blue")
    assert s.store[0][t(s, "blue-tree")] == 1 and s.store[0][t(s, "blue-bird")] == 1
    assert s.store_exps[0] == [t(s, "blue-fruit")]
    assert s.trays == [[t(s, "yellow-bird"), t(s, "green-leaf")], []]  # [] is being filled
    assert s.faceup == [t(s, "lime-fruit")]


def test_acquire_of_identical_hexagons_takes_only_one():
    s = quiet()
    s = with_tray(s, "blue-bird", "blue-bird", "lime-bird", "lime-tree")
    s = with_tray(s, "blue-bird", "green-tree", "green-leaf", "green-fruit")
    act(s, "take bird")
    # Copies of blue-bird lie on both expansions: the taker chooses (ruling 6).
    assert legal(s) == ["take blue-bird from expansion 1", "take blue-bird from expansion 2"]
    act(s, "take blue-bird from expansion 2")
    assert s.store[0][t(s, "blue-bird")] == 1
    assert s.store[0][t(s, "lime-bird")] == 1
    assert s.store_n[0] == 3 + 2
    assert s.trays[0] == [t(s, "blue-bird"), t(s, "blue-bird"), t(s, "lime-tree")]
    assert s.trays[1] == [t(s, "green-tree"), t(s, "green-leaf"), t(s, "green-fruit")]
    assert s.decision.kind == "draw"  # the next expansion of the stack is filled


def test_the_taker_chooses_the_copy_and_so_which_expansion_empties_and_turns_face_up():
    for where, reveal in ((1, True), (2, False)):
        s = quiet()
        s = with_tray(s, "blue-bird")
        s = with_tray(s, "blue-bird", "green-tree")
        act(s, "take blue", f"take blue-bird from expansion {where}")
        assert (s.decision.kind == "reveal") is reveal
        if reveal:  # expansion 1 emptied (it turns face up); expansion 2 keeps its copy
            left = [[t(s, "blue-bird"), t(s, "green-tree")]]
        else:
            left = [[t(s, "blue-bird")], [t(s, "green-tree")]]
        assert s.trays[: len(left)] == left


def test_no_copy_choice_when_the_identical_hexagons_lie_on_one_expansion():
    s = quiet()
    s = with_tray(s, "blue-bird", "blue-bird", "lime-tree")
    s = with_tray(s, "green-tree", "green-leaf")
    act(s, "take bird")
    # No follow-up: the next player's turn (the stack's top, expansion 2, untouched).
    assert s.decision.kind == "turn" and s.current_player() == 1
    assert s.trays[0] == [t(s, "blue-bird"), t(s, "lime-tree")]
    assert s.store[0][t(s, "blue-bird")] == 1


def test_several_copy_choices_come_one_type_at_a_time():
    s = quiet()
    s = with_tray(s, "blue-bird", "lime-bird")
    s = with_tray(s, "blue-bird", "lime-bird")
    act(s, "take bird")
    assert legal(s) == ["take blue-bird from expansion 1", "take blue-bird from expansion 2"]
    act(s, "take blue-bird from expansion 1")
    assert legal(s) == ["take lime-bird from expansion 1", "take lime-bird from expansion 2"]
    act(s, "take lime-bird from expansion 1")
    assert s.decision.kind == "reveal"  # expansion 1 emptied and turns face up
    assert s.trays[0] == [t(s, "blue-bird"), t(s, "lime-bird")]


def test_an_acquisition_that_does_not_fit_in_storage_is_illegal():
    s = quiet()
    s = with_tray(s, "blue-tree", "blue-bird", "blue-leaf", "green-leaf")
    s = with_storage(s, 0, *FILLERS[:7])  # 3 jokers + 7 = 10 of 12
    assert not can(s, "take blue")  # 3 hexagons, room for 2
    assert can(s, "take leaf")
    with pytest.raises(IllegalActionError, match="room for 2"):
        act(s, "take blue")


def test_storage_holds_only_two_garden_expansions():
    s = quiet()
    s = with_faceup(s, "blue-fruit")
    s = with_faceup(s, "blue-tree")
    s = with_tray(s, "yellow-leaf")
    s = with_stored_expansion(s, 0, "lime-fruit")
    assert not can(s, "take blue")
    assert can(s, "take fruit")  # one expansion
    assert can(s, "take leaf")


def test_a_face_up_expansion_identical_to_a_display_hexagon_is_one_copy_of_it():
    # Ruling 16 (version 3): for the take, a face-up expansion is its printed hexagon,
    # so with a blue-bird hexagon in the display only one of the two is taken, the
    # taker's choice.
    for choice in ("take blue", "take bird"):
        for pick in ("take blue-bird from expansion 1", "take expansion blue-bird"):
            s = quiet()
            s = with_tray(s, "blue-bird", "blue-tree", "green-leaf")
            s = with_faceup(s, "blue-bird")
            act(s, choice)
            assert legal(s) == ["take blue-bird from expansion 1", "take expansion blue-bird"]
            act(s, pick)
            hexagon = pick.endswith("expansion 1")
            assert s.store[0][t(s, "blue-bird")] == (1 if hexagon else 0)
            assert s.store_exps[0] == ([] if hexagon else [t(s, "blue-bird")])
            assert s.faceup == ([t(s, "blue-bird")] if hexagon else [])
            assert (t(s, "blue-bird") in s.trays[0]) is not hexagon


def test_a_take_counts_a_hexagon_and_its_face_up_twin_once_for_storage_room():
    # 11 of 12 tile places used, both expansion places free: blue-bird (hexagon or
    # face-up expansion) and blue-tree fit only with the bird taken as the expansion.
    s = quiet()
    s = with_tray(s, "blue-bird", "blue-tree", "green-leaf")
    s = with_faceup(s, "blue-bird")
    s = with_storage(s, 0, *FILLERS[:8])
    assert can(s, "take blue")
    act(s, "take blue")
    assert legal(s) == ["take expansion blue-bird"]
    act(s, "take expansion blue-bird")
    assert s.store_n[0] == 12 and s.store_exps[0] == [t(s, "blue-bird")]
    # With no expansion place free either, the take no longer fits at all.
    s = quiet()
    s = with_tray(s, "blue-bird", "blue-tree", "green-leaf")
    s = with_faceup(s, "blue-bird")
    s = with_storage(s, 0, *FILLERS[:8])
    s = with_stored_expansion(s, 0, "lime-fruit", "lime-tree")
    assert not can(s, "take blue")
    with pytest.raises(IllegalActionError, match="count once"):
        act(s, "take blue")


def _last_round_with_the_bag_spent(*tray: str, keep: tuple[str, ...] = ()):
    """Four players in the last round, the sixth expansion of its stack the display's one
    (holding ``tray``), one left in the stack: the five before it came out, emptied and
    turned face up, and went to gardens; every hexagon of the bag but ``keep`` is in the
    gardens (placed by the placement rule) and storages, and the tower is empty."""
    s = with_round(quiet(4), 3)
    for p, printed, where in (
        (1, "purple-tree", "1.2"),
        (2, "purple-bird", "1.2"),
        (3, "purple-butterfly", "1.2"),
        (1, "purple-leaf", "2.2"),
        (2, "purple-flower", "2.2"),
    ):
        s = with_expansion(s, p, printed, where, source="stack")
    s = with_tray(s, *tray)
    s = with_bag_spent(s, (1, 2, 3), keep=keep, spare=("lime-fruit",))
    assert s.round == 3 and s.stack_left[3] == 1 and s.tower_n == 0
    assert s.bag_n == len(keep)
    return s


def test_with_bag_and_tower_empty_the_next_stack_expansion_turns_face_up_at_once():
    # Ruling 19: nothing is left to fill it, so it is an empty display expansion and
    # turns face up like one that was emptied; no hexagon is drawn and play goes on.
    s = _last_round_with_the_bag_spent("blue-tree", "green-leaf")
    assert s.bag_n == 0 and s.tower_n == 0
    left = s.stack_left[s.round]
    act(s, "take blue")
    assert s.stack_left[s.round] == left - 1  # the stack still gives up its next expansion
    assert s.decision.kind == "reveal" and s.current_player() == CHANCE
    assert all(a >= A.REVEAL for a, _ in s.chance_outcomes())  # no hexagon to draw
    act(s, "reveal lime-fruit")
    assert s.faceup == [t(s, "lime-fruit")]
    assert s.trays == [[t(s, "green-leaf")]]  # no new face-down expansion in the display
    assert s.current_player() == 1
    assert can(s, "take fruit")  # the player to move can take it


def test_after_each_acquisition_the_next_expansion_of_the_round_stack_is_filled():
    s = quiet()
    s = with_tray(s, "blue-tree", "blue-bird", "yellow-bird", "green-leaf")
    left = s.stack_left[0]
    act(s, "take blue")
    assert s.stack_left[0] == left - 1
    assert s.current_player() == CHANCE
    act(s, "draw lilac-leaf", "draw lilac-leaf", "draw lilac-tree", "draw lilac-leaf")
    assert s.trays[-1] == [
        t(s, n) for n in ("lilac-leaf", "lilac-leaf", "lilac-tree", "lilac-leaf")
    ]
    assert s.current_player() == 1


def test_an_emptied_display_expansion_turns_face_up_and_can_be_taken():
    s = quiet()
    s = with_tray(s, "blue-tree", "blue-bird")
    # The rest of the round's stack came out earlier and lies in player 1's garden.
    for a, pattern in enumerate(s.rules.patterns, start=1):
        s = with_expansion(s, 1, f"purple-{pattern}", f"{a}.2", source="stack")
    assert s.stack_left[0] == 0
    act(s, "take blue")
    assert s.trays == []
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert len(outcomes) == sum(s.hidden)  # any expansion nobody has seen
    act(s, "reveal lime-bird")
    assert s.faceup == [t(s, "lime-bird")]
    act(s, "take bird")  # player 1
    assert s.store_exps[1] == [t(s, "lime-bird")]


# -- placing and paying -------------------------------------------------------


def test_the_placed_hexagon_counts_as_one_tile_of_its_cost():
    s = quiet()
    s = with_jokers(s, 0, 0)
    s = with_storage(s, 0, "blue-tree")  # value 1: no further tile
    act(s, "place blue-tree at 0.1")
    assert s.garden[0][cell("0.1")] == t(s, "blue-tree")
    assert s.current_player() == 1  # nothing to pay
    assert s.store_n[0] == 0


def test_payment_is_same_colour_with_different_patterns():
    s = quiet()
    s = with_jokers(s, 0, 0)
    s = with_storage(s, 0, "blue-butterfly", "blue-tree", "blue-leaf", "blue-butterfly")
    act(s, "place blue-butterfly at 0.1")
    assert legal(s) == ["pay by colour"]
    act(s, "pay by colour")
    # The second butterfly has the placed hexagon's pattern: it cannot pay.
    assert legal(s) == ["pay blue-tree"]
    act(s, "pay blue-tree")
    assert legal(s) == ["pay blue-leaf"]
    act(s, "pay blue-leaf")
    assert s.store[0][t(s, "blue-butterfly")] == 1
    assert s.tower[t(s, "blue-tree")] == 1 and s.tower[t(s, "blue-leaf")] == 1
    assert s.current_player() == 1


def test_payment_is_same_pattern_with_different_colours_never_mixed():
    s = quiet()
    s = with_jokers(s, 0, 0)
    s = with_storage(s, 0, "blue-butterfly", "lime-butterfly", "blue-tree")
    # One more butterfly and one more blue make 3, but a payment cannot mix.
    assert not can(s, "place blue-butterfly at 0.1")
    s = with_storage(s, 0, "green-butterfly")
    act(s, "place blue-butterfly at 0.1")
    assert legal(s) == ["pay by pattern"]
    act(s, "pay by pattern")
    assert legal(s) == ["pay green-butterfly"]  # payments are chosen in a fixed order
    act(s, "pay green-butterfly", "pay lime-butterfly")
    assert s.store[0][t(s, "blue-tree")] == 1


def test_jokers_are_wild_in_a_payment():
    s = quiet()  # 3 jokers
    s = with_storage(s, 0, "purple-flower")  # value 6: 5 more tiles
    assert not can(s, "place purple-flower at 0.1")
    s = with_storage(s, 0, "purple-tree", "purple-bird", "purple-leaf")
    act(s, "place purple-flower at 0.1", "pay by colour")
    # Items are paid in a fixed order (tiles, expansions, jokers), so each set of
    # payment tiles is one sequence; an item is offered only if the rest can follow.
    assert legal(s) == ["pay purple-tree", "pay purple-bird"]
    act(s, "pay purple-bird")
    assert legal(s) == ["pay purple-leaf"]
    act(s, "pay purple-leaf")
    assert legal(s) == ["pay joker"]
    act(s, "pay joker", "pay joker", "pay joker")
    assert s.jokers[0] == 0 and s.joker_supply == 24 - 6 + 3
    assert s.store[0][t(s, "purple-tree")] == 1
    assert s.current_player() == 1


def test_garden_expansions_in_storage_can_pay_as_their_printed_space():
    s = quiet()
    s = with_jokers(s, 0, 0)
    s = with_storage(s, 0, "yellow-bird")
    s = with_stored_expansion(s, 0, "lilac-bird")
    act(s, "place yellow-bird at 0.1", "pay by pattern")
    assert legal(s) == ["pay expansion lilac-bird"]
    act(s, "pay expansion lilac-bird")
    assert s.store_exps[0] == [] and s.returned == [t(s, "lilac-bird")]


def test_a_hexagon_not_next_to_any_other_may_go_on_any_empty_space():
    s = quiet()
    s = with_storage(s, 0, "blue-tree")
    s = with_hexagon(s, 0, "lime-leaf", "0.1")
    # 0.3, 0.4 and 0.5 touch nothing; 0.2 and 0.6 touch the lime leaf (no match).
    assert {a for a in legal(s) if a.startswith("place")} == {
        "place blue-tree at 0.3",
        "place blue-tree at 0.4",
        "place blue-tree at 0.5",
    }


def test_a_hexagon_next_to_others_must_share_colour_or_pattern_with_one():
    s = quiet()
    s = with_storage(s, 0, "blue-tree")
    s = with_hexagon(s, 0, "lime-tree", "0.1")
    s = with_hexagon(s, 0, "blue-leaf", "0.3")
    assert can(s, "place blue-tree at 0.2")  # matches both
    assert can(s, "place blue-tree at 0.6")  # pattern match with the lime tree


def test_colour_only_adjacency_option_needs_a_colour_match():
    s = quiet(adjacency="colour")
    s = with_storage(s, 0, "blue-tree")
    s = with_hexagon(s, 0, "lime-tree", "0.1")
    s = with_hexagon(s, 0, "blue-leaf", "0.3")
    assert can(s, "place blue-tree at 0.2")
    assert not can(s, "place blue-tree at 0.6")
    with pytest.raises(IllegalActionError, match="shares its colour with none"):
        act(s, "place blue-tree at 0.6")


def test_identical_hexagons_may_not_touch():
    s = quiet()
    s = with_storage(s, 0, "blue-tree")
    s = with_hexagon(s, 0, "blue-tree", "0.1")
    assert not can(s, "place blue-tree at 0.2")
    assert can(s, "place blue-tree at 0.4")


def test_a_group_may_never_hold_two_identical_hexagons():
    s = quiet()
    s = with_storage(s, 0, "blue-tree", "blue-bird")
    s = with_hexagon(s, 0, "blue-tree", "0.1")
    s = with_hexagon(s, 0, "blue-bird", "0.2")
    # 0.4 touches 0.3 only: a blue leaf there joins the blue group of 0.1-0.2.
    s = with_hexagon(s, 0, "blue-leaf", "0.3")
    assert not can(s, "place blue-tree at 0.4")  # blue group already holds a blue tree
    assert not can(s, "place blue-bird at 0.4")
    # Joining two groups that each hold a blue bird is refused too.
    s2 = quiet()
    s2 = with_storage(s2, 0, "blue-leaf")
    s2 = with_hexagon(s2, 0, "blue-bird", "0.1")
    s2 = with_hexagon(s2, 0, "blue-bird", "0.4")
    s2 = with_hexagon(s2, 0, "blue-tree", "0.2")
    s2 = with_hexagon(s2, 0, "blue-fruit", "0.5")
    # 0.3 would join {0.1 bird, 0.2 tree} with {0.4 bird, 0.5 fruit}: two blue birds.
    assert not can(s2, "place blue-leaf at 0.3")
    assert not can(s2, "place blue-leaf at 0.6")  # joins 0.1's and 0.5's groups too


def test_completely_surrounded_ornament_gives_a_joker_into_storage():
    s = quiet()
    s = with_jokers(s, 0, 0)
    for k, name in enumerate(["blue-tree", "blue-bird", "blue-leaf", "lime-leaf", "lime-bird"]):
        s = with_hexagon(s, 0, name, f"0.{k + 1}")
    s = with_storage(s, 0, "lime-tree")
    act(s, "place lime-tree at 0.6")
    assert s.jokers[0] == 1 and s.store_n[0] == 1


def test_placing_frees_the_storage_space_a_joker_needs_but_the_supply_can_run_out():
    s = quiet()
    for k, name in enumerate(["blue-tree", "blue-bird", "blue-leaf", "lime-leaf", "lime-bird"]):
        s = with_hexagon(s, 0, name, f"0.{k + 1}")
    s = with_storage(s, 0, "lime-tree", *FILLERS[:8])
    assert s.store_n[0] == 12
    act(s, "place lime-tree at 0.6")  # frees one space, so the joker fits
    assert s.jokers[0] == 4 and s.store_n[0] == 12
    # Four players, so that the other storages can hold every joker of the supply.
    s2 = quiet(4)
    for k, name in enumerate(["blue-tree", "blue-bird", "blue-leaf", "lime-leaf", "lime-bird"]):
        s2 = with_hexagon(s2, 0, name, f"0.{k + 1}")
    s2 = with_storage(s2, 0, "lime-tree")
    s2 = with_jokers(s2, 2, 12)
    s2 = with_jokers(s2, 3, s2.jokers[3] + s2.joker_supply)
    assert s2.joker_supply == 0
    act(s2, "place lime-tree at 0.6")
    assert s2.jokers[0] == 3  # the supply is out of jokers


@pytest.mark.parametrize(
    ("printed", "ornament"),
    [("blue-butterfly", "statue"), ("yellow-bird", "bench"), ("green-bird", "pavilion")],
)
def test_surrounding_the_ornament_of_a_garden_expansion_gives_a_joker(printed, ornament):
    s = quiet()
    assert s.rules.ornament[t(s, printed)] == ornament
    s = with_jokers(s, 0, 0)
    colour = printed.split("-")[0]
    s = with_expansion(s, 0, printed, "3.2")  # the printed space is one of the six around it
    others = [q for q in s.rules.patterns if q not in ("tree", printed.split("-")[1])]
    for k, pattern in zip((1, 3, 4, 5), others, strict=True):
        s = with_hexagon(s, 0, f"{colour}-{pattern}", f"3.{k}")
    s = with_storage(s, 0, f"{colour}-tree")
    assert s.jokers[0] == 0
    act(s, f"place {colour}-tree at 3.6")  # a tree costs nothing more
    assert s.jokers[0] == 1 and s.store_n[0] == 1
    assert s.joker_supply == 24 - 3 - 1


# -- garden expansions --------------------------------------------------------


def test_a_face_down_expansion_costs_six_points_and_is_placed_by_the_placement_rules():
    s = quiet()
    s = with_hexagon(s, 0, "blue-tree", "0.2")
    act(s, "buy face-down expansion")
    assert s.scores()[0]["total"] == 15 - 6
    assert s.current_player() == CHANCE
    act(s, "reveal lime-leaf")
    spots = [a.split(" at ")[1] for a in legal(s)]
    # 1.5 and 1.6 touch the blue tree at 0.2: a lime leaf shares nothing with it.
    assert "1.5" not in spots and "1.6" not in spots
    assert "1.2" in spots
    act(s, "expansion lime-leaf at 1.2")
    assert s.area_exp[0][1] == t(s, "lime-leaf")
    assert s.garden[0][cell("1.2")] == t(s, "lime-leaf")
    assert s.current_player() == 1


def test_buying_needs_six_points_and_a_free_expansion_area():
    s = quiet()
    # 5 points in round 2: one expansion bought, and four hexagons discarded on passing.
    poor = with_discards(with_purchases(with_round(s, 1), 0, ("lime-leaf", "1.4")), 0, 4)
    assert poor.scores()[0]["total"] == 5
    assert not can(poor, "buy face-down expansion")
    assert s.scores()[0]["total"] == 15
    assert can(s, "buy face-down expansion")
    for a, e in zip(
        range(1, 7),
        ["lime-leaf", "lime-tree", "lime-bird", "lime-fruit", "lime-flower", "lime-butterfly"],
        strict=True,
    ):
        s = with_expansion(s, 0, e, f"{a}.2")
    assert not can(s, "buy face-down expansion")


def test_a_bought_expansion_always_fits_in_a_free_area():
    # Ruling 8: every expansion area has spaces touching no other area, where the
    # printed space stands alone, so a bought expansion always has a legal spot.
    for a in range(1, AREAS):
        own = set(RING[a]) | {a * CELLS_PER_AREA}
        lonely = [x for x in RING[a] if set(NEIGHBOURS[x]) <= own]
        assert len(lonely) >= 2, a
    s = quiet()
    # Areas 0-5 full (expansions on 1-5), no two touching hexagons sharing a colour or a
    # pattern: the cells fall in three classes, none touching its own, and each class
    # has two colours and two patterns of its own.
    colours, patterns = s.rules.colours, s.rules.patterns

    def kind(x: int) -> int:
        q, r = COORDS[x]
        return (q - r) % 3

    def kinds(k: int) -> list[str]:
        return [f"{c}-{p}" for c in colours[2 * k : 2 * k + 2] for p in patterns[2 * k : 2 * k + 2]]

    printed = iter(kinds(0) + kinds(1))
    for a in range(1, 6):
        spot = next(x for x in RING[a] if kind(x) == (0 if a < 5 else 1))
        s = with_expansion(s, 0, next(printed), cell_name(spot))
    used: Counter[str] = Counter()
    fill = {}
    for x in range(NUM_CELLS):
        if s.garden[0][x] == EMPTY:
            name = min(kinds(kind(x)), key=lambda n: used[n])
            used[name] += 1
            fill[cell_name(x)] = name
    s = with_hexagons(s, 0, fill)
    assert all(s.garden[0][x] >= 0 for a in range(6) for x in RING[a])
    act(s, "buy face-down expansion", "reveal blue-butterfly")
    assert s.decision.kind == "place_bought"
    spots = legal(s)
    assert spots and all(a.startswith("expansion blue-butterfly at 6.") for a in spots)


def test_buying_is_refused_when_the_reserve_is_empty_and_nothing_was_returned():
    # Four players in round 2. Round 1's whole stack came out and was taken, its
    # expansions going to gardens (so none went back to the supply), and the round
    # scored; since then eight face-down purchases emptied the reserve.
    s = quiet(4)
    for p, printed, where in (
        (1, "yellow-butterfly", "1.2"),
        (1, "yellow-flower", "2.2"),
        (1, "blue-fruit", "3.2"),
        (2, "purple-tree", "1.2"),
        (2, "purple-bird", "2.2"),
        (3, "lilac-tree", "1.2"),
        (3, "lilac-bird", "2.2"),
    ):
        s = with_expansion(s, p, printed, where, source="stack")
    s = with_round_scores(with_round(s, 1), 0)
    assert s.reserve == 8
    s = with_purchases(s, 1, ("lime-tree", "4.2"), ("lime-bird", "5.2"), ("lime-butterfly", "6.2"))
    s = with_purchases(s, 2, ("green-leaf", "3.2"), ("green-tree", "4.2"))
    s = with_purchases(s, 3, ("lilac-leaf", "3.2"), ("lilac-butterfly", "4.2"))
    s = with_purchases(s, 0, ("green-bird", "1.2"))
    assert s.reserve == 0 and s.returned == []
    assert s.scores()[0]["total"] >= 6  # player 0 could pay for one
    assert not can(s, "buy face-down expansion")
    with pytest.raises(IllegalActionError, match="the supply has no face-down expansion left"):
        act(s, "buy face-down expansion")
    # An expansion of this round's stack, taken and paid with, went back face down.
    s = with_returned(s, "lime-leaf")
    assert can(s, "buy face-down expansion")


def test_an_expansion_from_storage_pays_the_cost_of_its_printed_space():
    s = quiet()
    s = with_jokers(s, 0, 0)
    s = with_stored_expansion(s, 0, "blue-butterfly")
    assert not any(a.startswith("expansion") for a in legal(s))
    s = with_storage(s, 0, "green-butterfly", "lime-butterfly")
    assert can(s, "expansion blue-butterfly at 3.1")
    act(s, "expansion blue-butterfly at 3.1", "pay by pattern")
    act(s, "pay green-butterfly", "pay lime-butterfly")
    assert s.area_exp[0][3] == t(s, "blue-butterfly")
    assert s.store_n[0] == 0


def test_an_expansion_adds_its_six_spaces_to_the_garden():
    s = quiet()
    s = with_storage(s, 0, "yellow-tree")
    s = with_expansion(s, 0, "lime-tree", "2.1")
    assert can(s, "place yellow-tree at 2.2")  # next to lime tree: same pattern
    assert can(s, "place yellow-tree at 2.4")  # alone
    assert not can(s, "place yellow-tree at 2.0")  # the ornament
    assert not can(s, "place yellow-tree at 1.3")  # area 1 has no expansion


# -- passing ------------------------------------------------------------------


def test_first_player_to_pass_takes_the_marker_and_loses_a_point():
    s = quiet(3)
    s = with_jokers(s, 0, 0)
    act(s, "pass")
    assert s.scores()[0]["first_pass"] == -1
    assert s.current_player() == 1
    s = with_jokers(s, 1, 0)
    act(s, "pass")
    assert s.scores()[1]["first_pass"] == 0
    assert s.first_passer == 0


def test_a_player_who_passed_takes_no_more_actions_this_round():
    s = quiet(3)
    for p in range(3):
        s = with_jokers(s, p, 0)
    act(s, "pass")  # 0
    act(s, "buy face-down expansion", "reveal lime-leaf", "expansion lime-leaf at 1.2")  # 1
    assert s.current_player() == 2
    act(s, "pass")  # 2
    assert s.current_player() == 1
    act(s, "pass")  # 1: everyone has passed, the round ends
    assert s.round == 1
    assert s.first_player == 0


def test_a_passing_player_may_discard_storage_tiles_at_one_point_each():
    s = quiet()
    s = with_storage(s, 0, "blue-tree", "blue-tree", "lime-leaf")
    act(s, "pass")
    assert legal(s) == ["discard blue-tree", "discard lime-leaf", "discard joker", "done"]
    act(s, "discard blue-tree", "discard blue-tree")
    assert legal(s) == ["discard lime-leaf", "discard joker", "done"]
    act(s, "done")
    sc = s.scores()[0]
    assert sc["discards"] == -2 and sc["total"] == 15 - 1 - 2
    assert s.tower[t(s, "blue-tree")] == 2


def test_a_passing_player_may_discard_jokers_too_at_one_point_each():
    # Ruling 15: jokers fill storage spaces like hexagons, so they may be discarded.
    s = quiet()
    supply = s.joker_supply
    act(s, "pass", "discard joker", "discard joker")
    assert s.jokers[0] == 1 and s.store_n[0] == 1
    assert s.joker_supply == supply + 2
    assert s.scores()[0]["discards"] == -2
    assert legal(s) == ["discard joker", "done"]


def test_discarding_out_of_the_listed_order_is_explained_as_such():
    s = quiet()
    s = with_storage(s, 0, "blue-tree", "lime-leaf")
    act(s, "pass", "discard lime-leaf")
    with pytest.raises(IllegalActionError, match="blue-tree comes before lime-leaf, already"):
        act(s, "discard blue-tree")
    with pytest.raises(IllegalActionError, match="there is no green-leaf in storage"):
        act(s, "discard green-leaf")


def test_discards_stop_where_one_more_would_take_the_score_below_zero():
    # Ruling 9. The first passer at 1 point drops to 0 and is offered no discard.
    # 1 point in round 2: two expansions bought, two hexagons discarded on passing.
    s = with_round(quiet(), 1)
    s = with_purchases(s, 0, ("lime-leaf", "1.4"), ("lime-tree", "3.4"))
    s = with_discards(s, 0, 2)
    assert s.scores()[0]["total"] == 1
    s = with_storage(s, 0, "blue-tree")
    act(s, "pass")
    assert s.scores()[0]["total"] == 0
    assert s.decision.kind == "turn" and s.current_player() == 1
    assert s.store[0][t(s, "blue-tree")] == 1 and s.jokers[0] == 3
    # A later passer at 1 point may discard exactly once.
    # Player 2 at 1 point in round 2: passed first in round 1, bought two expansions
    # and discarded a hexagon.
    s = with_round(quiet(), 1)
    s = with_purchases(s, 1, ("lime-leaf", "1.4"), ("lime-tree", "3.4"))
    s = with_discards(s, 1, 1)
    assert s.scores()[1]["total"] == 1
    act(s, "pass", "done")
    s = with_storage(s, 1, "blue-tree")
    act(s, "pass")
    assert legal(s) == ["discard blue-tree", "discard joker", "done"]
    act(s, "discard blue-tree")
    assert s.scores()[1]["total"] == 0
    assert legal(s) == ["done"]
    with pytest.raises(IllegalActionError, match="there is none left to pay"):
        act(s, "discard joker")


def test_the_first_pass_penalty_may_take_a_score_below_zero():
    # Ruling 9: the penalty is no payment the player chooses; passing is always allowed.
    # 0 points in round 2: two expansions bought, three hexagons discarded on passing.
    s = with_round(quiet(), 1)
    s = with_purchases(s, 0, ("lime-leaf", "1.4"), ("lime-tree", "3.4"))
    s = with_discards(s, 0, 3)
    assert s.scores()[0]["total"] == 0
    assert "pass" in legal(s)
    act(s, "pass")
    sc = s.scores()[0]
    assert sc["first_pass"] == -1 and sc["total"] == -1
    assert s.current_player() == 1  # no discard offered below zero


def test_a_passing_player_may_not_discard_garden_expansions():
    # Ruling 18: discards on passing are tiles of the 12 tile places (hexagons and
    # jokers); a stored expansion stays, and costs no point.
    s = quiet()
    s = with_storage(s, 0, "blue-tree")
    s = with_stored_expansion(s, 0, "lime-leaf")
    act(s, "pass")
    assert legal(s) == ["discard blue-tree", "discard joker", "done"]
    act(s, "discard blue-tree", "discard joker", "done")
    assert s.store_exps[0] == [t(s, "lime-leaf")]
    assert s.scores()[0]["discards"] == -2


# -- round end ----------------------------------------------------------------


def test_round_scoring_counts_the_wheel_colours_and_patterns_and_pavilions():
    s = quiet()
    # Round 1's wheel: yellow, blue, bird.
    s = with_hexagon(s, 0, "yellow-bird", "0.1")  # yellow and bird: 2 points
    s = with_hexagon(s, 0, "blue-tree", "0.3")  # 1
    s = with_hexagon(s, 0, "lime-leaf", "0.5")  # 0
    s = with_expansion(s, 0, "green-bird", "1.2")  # a pavilion in our data: bird 1 + pavilion 1
    assert s.rules.ornament[t(s, "green-bird")] == "pavilion"
    for p in range(2):
        s = with_jokers(s, p, 0)
    act(s, "pass", "pass")
    sc = s.scores()[0]
    assert sc["wheel"] == 4 and sc["pavilions"] == 1


def test_preparation_discards_the_display_and_deals_the_next_round_stack():
    s = quiet()
    s = with_tray(s, "blue-tree", "blue-bird")
    s = with_faceup(s, "lime-leaf")
    for p in range(2):
        s = with_jokers(s, p, 0)
    left = s.stack_left[0]
    reserve = s.reserve
    act(s, "pass", "pass")
    assert s.tower[t(s, "blue-tree")] == 1 and s.tower[t(s, "blue-bird")] == 1
    assert s.returned == [t(s, "lime-leaf")]
    assert s.reserve == reserve + 1 + left  # the face-down one and the unused stack
    assert s.round == 1 and s.stack_left[1] == 6
    assert s.current_player() == CHANCE  # filling the new top expansion
    assert s.decision is not None and s.pending[0].player == 0


def test_the_bag_is_refilled_from_the_tower_when_it_runs_out():
    # The bag's last two hexagons, lime leaves, were discarded on passing last round.
    s = _last_round_with_the_bag_spent("blue-tree", keep=("lime-leaf", "lime-leaf"))
    s = with_discards(s, 2, 2)
    assert s.bag_n == 0 and s.tower == [2 if k == t(s, "lime-leaf") else 0 for k in range(36)]
    act(s, "take blue", "reveal lime-fruit")  # the emptied expansion turns face up
    assert s.chance_outcomes() == [(A.DRAW + t(s, "lime-leaf"), 1.0)]
    assert s.tower_n == 0


def test_a_display_expansion_keeps_what_it_got_when_bag_and_tower_run_dry_mid_fill():
    # Ruling 19: with two hexagons left in all, the next expansion gets those two.
    s = _last_round_with_the_bag_spent("blue-tree", "green-leaf", keep=("lime-fruit", "lime-fruit"))
    assert s.bag == [2 if k == t(s, "lime-fruit") else 0 for k in range(36)]
    assert s.tower_n == 0
    act(s, "take blue", "draw lime-fruit", "draw lime-fruit")
    assert s.trays == [[t(s, "green-leaf")], [t(s, "lime-fruit"), t(s, "lime-fruit")]]
    assert s.current_player() == 1  # no third draw, and no reveal: it holds hexagons


def test_the_game_ends_after_the_fourth_round_with_the_final_evaluation():
    s = with_round(quiet(), 3)
    s = with_jokers(s, 0, 2)
    s = with_jokers(s, 1, 0)
    s = with_storage(s, 0, "blue-tree")
    for name, where in [("blue-bird", "0.1"), ("blue-tree", "0.2"), ("blue-flower", "0.3")]:
        s = with_hexagon(s, 0, name, where)
    act(s, "pass", "done", "pass")
    assert s.current_player() == TERMINAL
    sc = s.scores()[0]
    assert sc["jokers"] == 2 and sc["storage"] == -1
    assert sc["evaluation"] == 2 + 1 + 6


def test_garden_expansions_left_in_storage_cost_nothing_at_the_end():
    # Ruling 11: only hexagons left in storage cost a point each.
    s = with_round(quiet(), 3)
    for p in range(2):
        s = with_jokers(s, p, 0)
    s = with_stored_expansion(s, 0, "lime-leaf")
    act(s, "pass", "pass")
    assert s.current_player() == TERMINAL
    sc = s.scores()[0]
    assert sc["storage"] == 0 and sc["jokers"] == 0
    assert sc["total"] == 15 - 1  # the first-pass penalty only


def test_a_hexagon_in_a_colour_group_and_a_pattern_group_scores_in_both_at_the_end():
    # Blue group 0.6 blue-leaf, 0.1 blue-tree, 0.2 blue-bird; bird group 0.2 blue-bird,
    # 0.3 lime-bird, 0.4 yellow-bird. The blue bird, placed by a move in the last round,
    # scores in both groups in the final evaluation.
    s = with_round(quiet(), 3)
    s = with_jokers(s, 0, 1)
    s = with_jokers(s, 1, 0)
    for name, where in [
        ("blue-leaf", "0.6"),
        ("blue-tree", "0.1"),
        ("lime-bird", "0.3"),
        ("yellow-bird", "0.4"),
    ]:
        s = with_hexagon(s, 0, name, where)
    s = with_storage(s, 0, "blue-bird")
    act(s, "place blue-bird at 0.2", "pay by colour", "pay joker")
    act(s, "pass", "pass")
    assert s.current_player() == TERMINAL
    sc = s.scores()[0]
    assert sc["evaluation"] == (4 + 1 + 2) + (2 + 2 + 2)
    assert sc["group_bonus"] == 0


def test_tied_players_share_the_victory():
    s = quiet()
    act(s, "buy face-down expansion", "reveal lime-leaf", "expansion lime-leaf at 1.2")
    act(s, "buy face-down expansion", "reveal lime-tree", "expansion lime-tree at 1.2")
    assert [x["total"] for x in s.scores()] == [9, 9]
    assert s.ranks() == [1, 1]


def test_illegal_moves_are_explained():
    s = quiet()
    with pytest.raises(IllegalActionError, match="no blue-tree in storage"):
        act(s, "place blue-tree at 0.1")
    with pytest.raises(IllegalActionError, match="must now take, place"):
        act(s, "pay joker")
    # 3 points: two expansions bought.
    s = with_purchases(s, 0, ("lime-leaf", "3.4"), ("lime-tree", "4.4"))
    assert s.scores()[0]["total"] == 3
    with pytest.raises(IllegalActionError, match="buying costs 6 points"):
        act(s, "buy face-down expansion")
    s = with_storage(s, 0, "blue-butterfly")
    s = with_jokers(s, 0, 0)
    with pytest.raises(IllegalActionError, match="cannot pay the cost of 3"):
        act(s, "place blue-butterfly at 0.1")
    s = with_storage(s, 0, "blue-tree", "blue-bird")
    act(s, "place blue-butterfly at 0.1")
    with pytest.raises(
        IllegalActionError,
        match="storage is 2 tiles short: the cost needs 2 more, and storage holds 0 tiles "
        "of that pattern with different colours and 0 jokers",
    ):
        act(s, "pay by pattern")
    act(s, "pay by colour")
    with pytest.raises(IllegalActionError, match="no joker in storage"):
        act(s, "pay joker")


def test_the_wheel_turns_to_the_next_three_scored_items_each_round():
    s = quiet()
    seen = []
    for _ in range(4):
        seen.append(s.observation(None)["wheel"])
        for p in range(2):
            s = with_jokers(s, p, 0)
            assert s.store[p] == [0] * 36 and s.store_n[p] == 0  # nothing else was taken
        while s.current_player() == CHANCE:
            s.apply_action(s.chance_outcomes()[0][0])
        if s.is_terminal():
            break
        act(s, "pass", "pass")
    assert seen == [
        ["yellow", "blue", "bird"],
        ["purple", "lilac", "butterfly"],
        ["green", "lime", "leaf"],
        ["yellow", "blue", "fruit"],  # components.md's rotation, wrapped
    ]
    assert s.is_terminal()


def test_a_face_down_expansion_is_drawn_from_the_reserve_and_the_returned_ones_mixed():
    # Four players: three of them bought two face-down expansions each, which leaves two
    # unseen expansions in the reserve; one seen expansion was returned face down.
    s = quiet(4)
    for p, colour in ((1, "lilac"), (2, "green"), (3, "purple")):
        s = with_purchases(s, p, (f"{colour}-leaf", "1.4"), (f"{colour}-tree", "3.4"))
    s = with_returned(s, "lime-leaf")
    assert s.reserve == 2
    act(s, "buy face-down expansion")
    outcomes = dict(s.chance_outcomes())
    assert abs(outcomes[A.REVEAL + t(s, "lime-leaf")] - 1 / 3) < 1e-12
    unseen = [e for e in range(36) if s.hidden[e]]
    assert abs(sum(outcomes[A.REVEAL + e] for e in unseen) - 2 / 3) < 1e-12
    assert len(outcomes) == len(unseen) + 1


def test_an_expansion_may_be_turned_any_way_in_any_free_area():
    s = quiet()
    act(s, "buy face-down expansion", "reveal lime-leaf")
    # An empty garden besides the fountain board: all 6 orientations of all 6 areas.
    assert len(s.legal_actions()) == 36


def test_the_group_of_six_bonus_option_scores_six_more_per_complete_group():
    for bonus, expected in ((False, 21), (True, 27)):
        s = with_round(quiet(group_of_six_bonus=bonus), 3)
        for p in range(2):
            s = with_jokers(s, p, 0)
        for k, pattern in enumerate(s.rules.patterns):
            s = with_hexagon(s, 0, f"lilac-{pattern}", f"0.{k + 1}")
        act(s, "pass", "pass")
        sc = s.scores()[0]
        assert sc["evaluation"] + sc["group_bonus"] == expected


def test_the_wheel_pattern_scores_one_rising_to_three_per_hexagon_by_round():
    # Ruling 10: colour hexagons 1 each; the wheel's pattern 1, 2, 3, 3 by round.
    got = {}
    for option in ("rising", "flat"):
        for rnd in range(4):
            s = with_round(quiet(pattern_scoring=option), rnd)
            for p in range(2):
                s = with_jokers(s, p, 0)
            pattern = s.observation(None)["wheel"][2]
            s = with_hexagon(s, 0, f"lilac-{pattern}", "0.1")
            s = with_hexagon(s, 0, f"lime-{pattern}", "0.3")
            s = with_hexagon(s, 0, "blue-tree" if rnd != 1 else "lilac-tree", "0.5")
            act(s, "pass", "pass")
            got[option, rnd] = s.scores()[0]["wheel"]
    # Two hexagons of the wheel's pattern, plus 1 per hexagon of a wheel colour:
    # round 1 blue-tree; round 2 the two lilacs; round 3 lime-leaf; round 4 blue-tree.
    assert [got["rising", r] for r in range(4)] == [2 * 1 + 1, 2 * 2 + 2, 2 * 3 + 1, 2 * 3 + 1]
    assert [got["flat", r] for r in range(4)] == [3, 4, 3, 3]


def test_a_group_of_six_different_scores_six_more_by_default():
    s = quiet()
    assert s.game.options["group_of_six_bonus"] is True
    s = with_round(s, 3)
    for p in range(2):
        s = with_jokers(s, p, 0)
    for k, pattern in enumerate(s.rules.patterns):
        s = with_hexagon(s, 0, f"lilac-{pattern}", f"0.{k + 1}")
    act(s, "pass", "pass")
    sc = s.scores()[0]
    assert (sc["evaluation"], sc["group_bonus"]) == (21, 6)


def test_an_all_joker_payment_is_offered_once_under_pay_by_colour():
    s = quiet()
    s = with_storage(s, 0, "blue-butterfly")  # cost 3: two more, and storage has 3 jokers
    act(s, "place blue-butterfly at 0.1")
    assert legal(s) == ["pay by colour"]
    with pytest.raises(IllegalActionError, match="jokers alone pay this cost"):
        act(s, "pay by pattern")
    act(s, "pay by colour")
    assert legal(s) == ["pay joker"]


def _payments(s) -> list[list[str]]:
    if s.decision.kind not in ("mode", "pay"):
        return [[]]
    out = []
    for a in s.legal_actions():
        child = s.clone()
        child.apply_action(a)
        out += [[s.action_to_string(a), *rest] for rest in _payments(child)]
    return out


def test_each_payment_is_one_sequence_of_decisions():
    s = quiet()
    s = with_storage(s, 0, "blue-butterfly", "blue-tree", "green-butterfly")
    act(s, "place blue-butterfly at 0.1")
    chains = _payments(s)
    assert sorted(chains) == [
        ["pay by colour", "pay blue-tree", "pay joker"],
        ["pay by colour", "pay joker", "pay joker"],
        ["pay by pattern", "pay green-butterfly", "pay joker"],
    ]
    s2 = s.clone()
    act(s2, "pay by pattern")
    with pytest.raises(IllegalActionError, match="paying by pattern starts with a tile"):
        act(s2, "pay joker")


def test_a_short_storage_names_how_many_tiles_it_lacks():
    s = quiet()
    s = with_jokers(s, 0, 1)
    s = with_storage(
        s, 0, "blue-fruit", "blue-tree", "blue-bird", "green-fruit", "lime-fruit", "yellow-fruit"
    )
    act(s, "place blue-fruit at 0.1")
    with pytest.raises(
        IllegalActionError,
        match="storage is 1 tile short: the cost needs 4 more, and storage holds 2 tiles of "
        "that colour with different patterns and 1 joker",
    ):
        act(s, "pay by colour")


def test_a_refused_placement_names_the_rule_it_breaks():
    s = quiet()
    s = with_storage(s, 0, "blue-bird", "lime-leaf")
    s = with_hexagon(s, 0, "blue-bird", "0.1")
    s = with_hexagon(s, 0, "blue-tree", "0.2")
    with pytest.raises(
        IllegalActionError, match="blue-bird on 0.3 would make a blue group holding two blue-bird"
    ):
        act(s, "place blue-bird at 0.3")
    with pytest.raises(
        IllegalActionError,
        match="lime-leaf touches hexagons on 0.3 but shares its colour or pattern with none",
    ):
        act(s, "place lime-leaf at 0.3")


def test_notation_reads_color_as_well_as_colour_and_writes_colour():
    s = new()
    game = s.game
    colour = game.parse_action("pay by colour")
    assert game.parse_action("pay by color") == colour
    assert game.parse_action("Pay by Color") == colour
    assert game.action_name(colour) == "pay by colour"  # the notation written is unchanged
    with pytest.raises(NotationError):
        game.parse_action("pay by colors")
