"""One scenario per rule of Quacks & Co.: Quedlinburg Dash, named after the rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.boardgames.quedlinburg_dash.actions import CHIP_NAMES, KIND_VALUE
from meeple.boardgames.quedlinburg_dash.state import QuedlinburgDashState
from meeple.core import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
)
from meeple.core.perft import divide
from meeple.core.position import edit
from meeple.core.record import Record, replay
from tests.play import random_decisions

from .helpers import at_fields as at
from .helpers import at_turn_of as turn
from .helpers import bag, card, kind, legal, new, play, with_clovers, with_rubies
from .helpers import with_in_bag as bagged
from .helpers import with_on_card as carded

# -- building positions --------------------------------------------------------------
# Each returns a new state read back through the position format (so an impossible
# position is refused) and conserves the pieces: what a player gains comes from the
# reserve and what a bag loses goes onto the card.


def _edit(state: QuedlinburgDashState, **fields: object) -> QuedlinburgDashState:
    new_state = edit(state, **fields)
    assert isinstance(new_state, QuedlinburgDashState)
    return new_state


def exhausted(state: QuedlinburgDashState, *names: str) -> QuedlinburgDashState:
    """``state`` with every chip of these kinds left in the reserve in player 2's bag
    (as if that player had bought them all): the reserve has none."""
    supply = list(state.supply)
    bags = [list(b) for b in state.bags]
    for name in names:
        k = kind(name)
        bags[1][k] += supply[k]
        supply[k] = 0
    return _edit(state, supply=supply, bags=bags)


# -- set-up ------------------------------------------------------------------------


def test_start_bag_holds_four_dream_weeds_one_yellow_one_two_red_ones_and_one_red_two():
    state = new(players=4)
    for p in range(4):
        assert bag(state, p) == {"red-1": 2, "red-2": 1, "yellow-1": 1, "dream-weed": 4}
        assert state.pos[p] == 0 and state.rubies[p] == 0 and state.clovers[p] == 0
    # The start bags come out of the finite reserve.
    assert state.supply[kind("red-1")] == 14 - 8
    assert state.supply[kind("red-2")] == 10 - 4
    assert state.supply[kind("yellow-1")] == 8 - 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_count_sets_up_the_same_bags_at_the_start_house(players):
    state = new(players=players)
    start = {"red-1": 2, "red-2": 1, "yellow-1": 1, "dream-weed": 4}
    animals = [row["animal"] for row in state.observation(None)["players"]]
    assert animals == ["donkey", "sheep", "pig", "cow"][:players]
    for p in range(players):
        assert bag(state, p) == start and card(state, p) == {}
        assert state.pos[p] == 0 and state.rubies[p] == 0 and state.clovers[p] == 0
    # Each bag is filled from the box, so the reserve shrinks with the player count.
    assert state.supply[kind("red-1")] == 14 - 2 * players
    assert state.supply[kind("red-2")] == 10 - players
    assert state.supply[kind("yellow-1")] == 8 - players
    assert state.supply[kind("dream-weed")] == 18 - 4 * players
    assert state.ruby_supply == 40 and state.clover_supply == 0
    state.check_invariants()


def test_the_default_game_is_the_short_path_with_the_four_basic_caterpillar_cards():
    state = new()
    assert state.game.options["board"] == "short" and state.game.options["cards"] == "caterpillar"
    assert state.game.rules.fields == 50 and not state.game.rules.butterfly
    play(state, "draw yellow-1")
    assert state.decision is not None and state.decision.kind == "white", "the white die"
    # The clovers (and the orange and purple chips) stay in the box.
    assert state.clover_supply == 0
    assert state.supply[kind("orange-1")] == 0 and state.supply[kind("purple-1")] == 0


def test_the_donkey_player_begins_and_turns_go_clockwise():
    state = new(players=3)
    assert state.observation(None)["players"][0]["animal"] == "donkey"
    assert state.current_player() == CHANCE
    assert state.decision is not None and state.decision.info == (0, True)
    play(state, "draw red-1")
    assert state.decision is not None and state.decision.info == (1, True)
    play(state, "draw red-1")
    assert state.decision is not None and state.decision.info == (2, True)


def test_a_bag_draw_offers_the_distinct_chips_weighted_by_count():
    state = new()
    outcomes = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert outcomes == {
        "draw red-1": 2 / 8,
        "draw red-2": 1 / 8,
        "draw yellow-1": 1 / 8,
        "draw dream-weed": 4 / 8,
    }


def test_only_the_chips_of_the_chosen_action_cards_are_in_the_reserve():
    basic = new(cards="caterpillar")
    assert basic.supply[kind("orange-1")] == 0 and basic.supply[kind("purple-4")] == 0
    assert basic.supply[kind("white-8")] == 16
    extended = new(cards="caterpillar-extended")
    assert extended.supply[kind("orange-5")] == 6 and extended.supply[kind("purple-1")] == 6
    butterfly_ext = new(cards="butterfly-extended")
    assert butterfly_ext.supply[kind("orange-2")] == 6
    assert butterfly_ext.supply[kind("orange-5")] == 0, "'5' chips only with the caterpillar set"
    assert new(cards="butterfly").supply[kind("purple-2")] == 0


def test_the_board_has_a_short_side_of_50_fields_and_a_long_side_of_76():
    assert new(board="short").game.rules.fields == 50
    assert new(board="long").game.rules.fields == 76
    assert new(board="short").game.rules.spirals == (6, 12, 18, 24, 30, 36, 42, 48)


def test_bad_options_are_refused_naming_the_allowed_values():
    with pytest.raises(OptionError, match="short"):
        meeple.load("quedlinburg_dash", players=2, board="medium")
    with pytest.raises(OptionError, match="butterfly-extended"):
        meeple.load("quedlinburg_dash", players=2, cards="moth")
    with pytest.raises(OptionError, match="2 to 4"):
        meeple.load("quedlinburg_dash", players=5)


# -- food chips and dream weed ----------------------------------------------------


def test_a_food_chip_moves_the_animal_its_value_and_lies_on_the_animal_card():
    state = new()
    play(state, "draw red-2")
    assert state.pos[0] == 2
    assert card(state, 0) == {"red-2": 1}
    assert "red-2" not in bag(state, 0)


def test_occupied_fields_count_and_animals_may_share_a_field():
    state = new()
    play(state, "draw red-2", "draw red-2")
    assert state.pos == [2, 2]


def test_dream_weed_does_not_move_the_animal_and_fills_the_next_bubble():
    state = new()
    play(state, "draw dream-weed")
    assert state.pos[0] == 0
    assert state.cards[0][kind("dream-weed")] == 1
    assert state.observation(None)["players"][0]["dream_weed"] == 1


def test_the_sugar_beet_moves_eight_fields_and_has_no_task():
    state = new()
    state = bagged(state, 0, "white-8")
    play(state, "draw white-8")
    assert state.pos[0] == 8
    assert state.rubies[0] == 0
    assert state.decision is not None and state.decision.info == (1, True)


# -- caterpillar set ------------------------------------------------------------


def test_caterpillar_red_takes_one_ruby():
    state = new()
    play(state, "draw red-1")
    assert state.rubies[0] == 1
    assert state.ruby_supply == 39


def test_caterpillar_red_onto_a_spiral_field_takes_two_rubies():
    state = new()
    state = at(state, 4)
    play(state, "draw red-2")
    assert state.pos[0] == 6
    assert state.rubies[0] == 2


@pytest.mark.parametrize(("chip", "gain"), [("red-1", "rubies"), ("purple-1", "clovers")])
def test_a_spiral_bonus_is_two_in_all_not_two_more(chip, gain):
    # Ruling 20: on a spiral field the red card gives 2 rubies and the purple card
    # 2 clovers in place of the usual 1, not 1 + 2.
    state = new(cards="caterpillar-extended")
    state = bagged(state, 0, chip)
    state = at(state, 5)
    play(state, f"draw {chip}")
    assert state.pos[0] == 6
    assert getattr(state, gain)[0] == 2
    state.check_invariants()


def test_caterpillar_yellow_rolls_the_white_die_with_the_rulebook_faces():
    state = new()
    play(state, "draw yellow-1")
    assert state.pos[0] == 1
    assert state.current_player() == CHANCE
    assert legal(state) == [
        "white die: ruby",
        "white die: red-2",
        "white die: green-2",
        "white die: move 1",
        "white die: draw again",
        "white die: move 3",
    ]
    assert all(abs(p - 1 / 6) < 1e-12 for _, p in state.chance_outcomes())


@pytest.mark.parametrize(
    ("face", "position", "rubies", "bag_change"),
    [
        ("ruby", 1, 1, {}),
        ("red-2", 1, 0, {"red-2": 1}),
        ("green-2", 1, 0, {"green-2": 1}),
        ("move 1", 2, 0, {}),
        ("move 3", 4, 0, {}),
    ],
)
def test_white_die_face_does_its_task(face, position, rubies, bag_change):
    state = new()
    play(state, "draw yellow-1")
    before = bag(state, 0)
    play(state, f"white die: {face}")
    assert state.pos[0] == position
    assert state.rubies[0] == rubies
    after = bag(state, 0)
    changed = {k: after.get(k, 0) - before.get(k, 0) for k in {*before, *after}}
    assert {k: n for k, n in changed.items() if n} == bag_change


def test_white_die_draw_again_draws_another_chip_and_performs_its_task():
    state = new()
    play(state, "draw yellow-1", "white die: draw again")
    assert state.current_player() == CHANCE
    assert state.decision is not None and state.decision.info == (0, False)
    play(state, "draw red-1")
    assert state.pos[0] == 2 and state.rubies[0] == 1
    assert card(state, 0) == {"red-1": 1, "yellow-1": 1}
    assert state.decision is not None and state.decision.info == (1, True)


def test_white_die_draw_again_can_draw_the_third_dream_weed_which_opens_the_shop():
    state = new()
    state = at(state, 10, 5)
    state = with_rubies(state, 0, 2)
    state = carded(state, 0, "dream-weed", 2)
    play(state, "draw yellow-1", "white die: draw again", "draw dream-weed")
    assert state.pos[0] == 11
    assert state.current_player() == 0 and state.decision is not None
    assert state.decision.kind == "shop"
    assert legal(state) == [
        "buy red-1",
        "buy red-2",
        "buy yellow-1",
        "buy yellow-2",
        "buy green-1",
        "buy green-2",
        "buy blue-1",
        "buy blue-2",
        "done",
    ]
    state.check_invariants()
    play(state, "buy blue-2")
    assert card(state, 0) == {}
    assert bag(state, 0) == {
        "red-1": 2,
        "red-2": 1,
        "yellow-1": 1,
        "blue-2": 1,
        "dream-weed": 4,
    }
    assert state.decision is not None and state.decision.info == (1, True)


def test_a_chip_gained_from_an_empty_reserve_is_not_gained():
    state = exhausted(new(), "green-2")
    play(state, "draw yellow-1", "white die: green-2")
    assert "green-2" not in bag(state, 0)


def test_caterpillar_green_returns_any_food_chip_of_the_card_but_never_dream_weed():
    state = new()
    state = bagged(state, 0, "green-2")
    state = carded(state, 0, "red-1")
    state = carded(state, 0, "dream-weed")
    play(state, "draw green-2")
    assert state.current_player() == 0
    assert legal(state) == ["return red-1", "return green-2"]
    with pytest.raises(NotationError):
        state.apply_notation("return dream-weed")  # not even an action: never legal
    with pytest.raises(IllegalActionError, match="no blue-1 on your animal card"):
        state.apply_notation("return blue-1")
    play(state, "return green-2")
    assert bag(state, 0)["green-2"] == 1
    assert card(state, 0) == {"red-1": 1, "dream-weed": 1}


def test_caterpillar_blue_moves_to_the_next_spiral_even_from_a_spiral():
    state = new()
    state = bagged(state, 0, "blue-1")
    state = at(state, 5)
    play(state, "draw blue-1")  # 5 + 1 = 6, a spiral field; then on to the next one
    assert state.pos[0] == 12


def test_caterpillar_blue_without_a_spiral_ahead_leaves_the_animal_where_it_is():
    state = new()
    state = bagged(state, 0, "blue-1")
    state = at(state, 48)
    play(state, "draw blue-1")
    assert state.pos[0] == 49
    assert not state.is_terminal()


def test_caterpillar_orange_moves_one_field_per_ruby_and_keeps_the_rubies():
    state = new(cards="caterpillar-extended")
    state = bagged(state, 0, "orange-1")
    state = with_rubies(state, 0, 3)
    play(state, "draw orange-1")
    assert state.pos[0] == 1 + 3
    assert state.rubies[0] == 3


def test_caterpillar_purple_takes_a_clover_and_two_on_a_spiral():
    state = new(cards="caterpillar-extended")
    state = bagged(state, 0, "purple-1", 2)
    play(state, "draw purple-1")
    assert state.clovers[0] == 1
    state = turn(state, 0)
    state = at(state, 5)
    play(state, "draw purple-1")
    assert state.pos[0] == 6
    assert state.clovers[0] == 3
    assert state.clover_supply == 26 - 3


def test_clovers_move_the_animal_on_every_third_dream_weed():
    state = new(cards="caterpillar-extended")
    state = with_clovers(state, 0, 2)
    state = at(state, 10)
    state = carded(state, 0, "dream-weed", 2)
    play(state, "draw dream-weed")
    assert state.pos[0] == 12
    assert state.clovers[0] == 2, "the clovers stay for the whole game"


def test_clovers_do_nothing_without_the_extended_cards():
    state = new(cards="caterpillar")
    state = at(state, 10)
    state = carded(state, 0, "dream-weed", 2)
    # Clovers are not in this game (the reserve has none), so no position can hold them:
    # this one is impossible and is written directly, not through the position format.
    state.clovers[0] = 2
    play(state, "draw dream-weed")
    assert state.pos[0] == 10


@pytest.mark.parametrize(
    ("cards", "moves"),
    [
        ("caterpillar", False),
        ("butterfly", False),
        ("caterpillar-extended", True),
        ("butterfly-extended", True),
    ],
)
def test_the_clover_move_comes_with_either_extended_set_and_no_basic_one(cards, moves):
    # Ruling 19: the main rules tie the clover on the third dream bubble to the orange
    # card, but orange and purple always join together, so it is the extended sets.
    state = new(cards=cards)
    assert state.clover_supply == (26 if moves else 0)
    state = at(state, 10, 5)
    state = carded(state, 0, "dream-weed", 2)
    if moves:
        state = with_clovers(state, 0, 2)
    else:
        # Clovers are not in a basic game: a position holding them is impossible and is
        # written directly, not through the position format.
        state.clovers[0] = 2
    play(state, "draw dream-weed")
    assert state.pos[0] == (12 if moves else 10)


# -- buying new chips ---------------------------------------------------------


def _third_dream_weed(state, player=0):
    """``state`` after ``player`` draws a third dream weed, two already on the card."""
    state = carded(state, player, "dream-weed", 2)
    state = turn(state, player)
    play(state, "draw dream-weed")
    return state


def test_the_third_dream_weed_opens_the_shop_with_the_rulebook_prices():
    state = new()
    state = at(state, 10, 5)
    state = with_rubies(state, 0, 3)
    state = _third_dream_weed(state)
    assert state.current_player() == 0
    assert legal(state) == [
        "buy red-1",
        "buy red-2",
        "buy red-4",
        "buy yellow-1",
        "buy yellow-2",
        "buy yellow-4",
        "buy green-1",
        "buy green-2",
        "buy green-4",
        "buy blue-1",
        "buy blue-2",
        "buy blue-4",
        "done",
    ]
    prices = state.game.rules.price
    assert [prices[kind(c)] for c in ("red-1", "red-2", "red-4", "white-8")] == [1, 2, 3, 5]


def test_a_five_chip_costs_four_rubies():
    state = new(cards="caterpillar-extended")
    assert state.game.rules.price[kind("orange-5")] == 4


def test_chips_bought_together_must_differ_in_colour():
    state = new()
    state = at(state, 10, 5)
    state = with_rubies(state, 0, 4)
    state = _third_dream_weed(state)
    play(state, "buy red-1")
    assert not any(m.startswith("buy red") for m in legal(state))
    with pytest.raises(IllegalActionError, match="differ in colour"):
        state.apply_notation("buy red-2")
    play(state, "buy yellow-2")
    assert legal(state) == ["buy green-1", "buy blue-1", "done"]


def test_unspent_rubies_go_back_to_the_reserve():
    state = new()
    state = at(state, 10, 5)
    state = with_rubies(state, 0, 5)
    state = _third_dream_weed(state)
    play(state, "buy red-1", "done")
    assert state.rubies[0] == 0
    assert state.ruby_supply == 40


def test_the_last_animal_takes_one_extra_ruby_before_buying():
    state = new()
    state = at(state, 5, 10)
    state = _third_dream_weed(state)
    assert state.rubies[0] == 1
    assert legal(state) == ["buy red-1", "buy yellow-1", "buy green-1", "buy blue-1", "done"]


def test_a_shared_last_place_also_takes_the_extra_ruby():
    state = new(players=3)
    state = at(state, 5, 5, 9)
    state = _third_dream_weed(state)
    assert state.rubies[0] == 1


def test_without_rubies_there_is_no_shopping_and_the_bag_is_refilled_at_once():
    state = new()
    state = at(state, 10, 5)
    state = carded(state, 0, "red-1")
    state = _third_dream_weed(state)
    assert state.decision is not None and state.decision.info == (1, True)
    assert bag(state, 0) == {"red-1": 2, "red-2": 1, "yellow-1": 1, "dream-weed": 4}
    assert card(state, 0) == {}


def test_after_shopping_every_chip_goes_back_into_the_bag():
    state = new()
    state = at(state, 10, 5)
    state = with_rubies(state, 0, 2)
    state = carded(state, 0, "red-1", 2)
    state = carded(state, 0, "yellow-1")
    state = _third_dream_weed(state)
    play(state, "buy red-2")  # two rubies spent: nothing else is affordable, the visit ends
    assert card(state, 0) == {}
    assert state.cards[0][kind("dream-weed")] == 0
    assert bag(state, 0) == {"red-1": 2, "red-2": 2, "yellow-1": 1, "dream-weed": 4}


def test_the_sugar_beet_is_bought_for_five_rubies_as_a_colour_of_its_own():
    # Ruling 22: white is a colour at the shop: one sugar beet per visit, and it
    # goes with a chip of any other colour.
    state = new()
    state = at(state, 10, 5)
    state = with_rubies(state, 0, 10)
    state = _third_dream_weed(state)
    play(state, "buy white-8")
    assert state.rubies[0] == 5
    assert "buy white-8" not in legal(state), "a second sugar beet would repeat the colour"
    assert "buy red-4" in legal(state) and "buy blue-2" in legal(state)
    play(state, "buy red-4", "done")
    assert bag(state, 0)["white-8"] == 1 and bag(state, 0)["red-4"] == 1
    assert state.ruby_supply == 40
    state.check_invariants()


def test_rubies_that_buy_nothing_still_go_back_to_the_reserve():
    # Ruling 9: a visit with nothing affordable is skipped, but the rubies are not saved.
    state = new()
    state = at(state, 10, 5)
    state = with_rubies(state, 0, 1)
    # Every '1' chip is gone from the reserve.
    state = exhausted(state, "red-1", "yellow-1", "green-1", "blue-1")
    state = _third_dream_weed(state)
    assert state.decision is not None and state.decision.info == (1, True), "no shop"
    assert state.rubies[0] == 0 and state.ruby_supply == 40
    assert card(state, 0) == {}
    state.check_invariants()


def test_the_last_place_ruby_cannot_come_from_an_empty_reserve():
    # Ruling 11: the last animal takes what is left, here nothing, so it cannot shop.
    state = new()
    state = at(state, 5, 10)
    state = with_rubies(state, 1, 40)
    state = _third_dream_weed(state)
    assert state.rubies[0] == 0
    assert state.decision is not None and state.decision.info == (1, True), "no shop"
    state.check_invariants()


def test_the_next_turn_draws_from_the_refilled_bag():
    state = new()
    state = at(state, 10, 5)
    state = with_rubies(state, 0, 4)
    state = carded(state, 0, "red-1")
    state = _third_dream_weed(state)
    play(state, "buy blue-4", "buy green-1")
    play(state, "draw red-1")  # the other animal's turn
    outcomes = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert outcomes == pytest.approx(
        {
            "draw red-1": 2 / 10,
            "draw red-2": 1 / 10,
            "draw yellow-1": 1 / 10,
            "draw green-1": 1 / 10,
            "draw blue-4": 1 / 10,
            "draw dream-weed": 4 / 10,
        }
    )


def test_a_five_chip_is_bought_at_the_shop_for_four_rubies():
    state = new(cards="caterpillar-extended")
    state = at(state, 10, 5)
    state = with_rubies(state, 0, 4)
    state = _third_dream_weed(state)
    assert "buy orange-5" in legal(state) and "buy purple-5" in legal(state)
    play(state, "buy orange-5")
    assert state.rubies[0] == 0 and state.ruby_supply == 40
    assert state.supply[kind("orange-5")] == 5
    assert bag(state, 0)["orange-5"] == 1
    assert state.decision is not None and state.decision.info == (1, True), "nothing left"
    state.check_invariants()
    state = turn(state, 0)
    play(state, "draw orange-5")
    assert state.pos[0] == 15


def test_five_chips_cannot_be_bought_with_the_butterfly_set():
    state = new(cards="butterfly-extended")
    state = at(state, 10, 5)
    state = with_rubies(state, 0, 4)
    state = _third_dream_weed(state)
    assert "buy orange-5" not in legal(state)
    with pytest.raises(IllegalActionError, match="orange-5 chips are not in this game"):
        state.apply_notation("buy orange-5")


def test_a_chip_that_has_run_out_cannot_be_bought():
    state = new()
    state = at(state, 10, 5)
    state = with_rubies(state, 0, 3)
    state = exhausted(state, "blue-4")
    state = _third_dream_weed(state)
    assert "buy blue-4" not in legal(state)
    with pytest.raises(IllegalActionError, match="no blue-4 chips left"):
        state.apply_notation("buy blue-4")


def test_a_chip_of_a_card_not_in_play_cannot_be_bought():
    state = new()
    state = at(state, 10, 5)
    state = with_rubies(state, 0, 5)
    state = _third_dream_weed(state)
    assert "buy orange-1" not in legal(state)
    with pytest.raises(IllegalActionError, match="not in this game"):
        state.apply_notation("buy orange-1")


def test_rubies_and_clovers_are_finite():
    state = new(cards="caterpillar-extended")
    state = with_rubies(state, 1, 40)  # the reserve has no ruby left
    play(state, "draw red-1")
    assert state.rubies[0] == 0
    state = with_clovers(state, 0, 25)  # the reserve has one clover left
    state = bagged(state, 1, "purple-1")
    state = at(state, state.pos[0], 5)
    play(state, "draw purple-1")
    assert state.clovers[1] == 1 and state.clover_supply == 0


# -- the end ------------------------------------------------------------------


def test_reaching_the_marketplace_ends_the_game_at_once():
    state = new()
    state = at(state, 48)
    play(state, "draw red-2")
    assert state.is_terminal()
    assert state.current_player() == TERMINAL
    assert state.winner == 0
    assert state.rubies[0] == 0, "the game ends before the red task"
    assert state.returns() == [1.0, -1.0]


def test_the_exact_count_is_not_needed_to_reach_the_marketplace():
    state = new()
    state = at(state, 49)
    play(state, "draw red-2")
    assert state.is_terminal() and state.pos[0] == 50
    assert state.scores()[0] == {"fields": 50, "marketplace": 1, "total": 50}


def _marketplace_by_white_die(state):
    state = at(state, 47)
    play(state, "draw yellow-1", "white die: move 3")
    return state


def _marketplace_by_first_wood_roll(state):
    state = at(state, 47)  # the yellow chip lands on spiral 48: two rolls due
    play(state, "draw yellow-1", "wood die 2")
    return state


def _marketplace_by_caterpillar_orange(state):
    state = at(state, 44)
    state = with_rubies(state, 0, 5)
    state = bagged(state, 0, "orange-1")
    play(state, "draw orange-1")
    return state


def _marketplace_by_draw_again(state):
    state = at(state, 45)
    state = bagged(state, 0, "white-8")
    play(state, "draw yellow-1", "white die: draw again", "draw white-8")
    return state


def _marketplace_by_butterfly_green(state):
    state = at(state, 44)
    state = bagged(state, 0, "green-1")
    state = bagged(state, 0, "white-8")
    play(state, "draw green-1", "draw white-8")
    return state


@pytest.mark.parametrize(
    ("cards", "reach"),
    [
        ("caterpillar", _marketplace_by_white_die),
        ("butterfly", _marketplace_by_first_wood_roll),
        ("caterpillar-extended", _marketplace_by_caterpillar_orange),
        ("caterpillar", _marketplace_by_draw_again),
        ("butterfly", _marketplace_by_butterfly_green),
    ],
)
def test_any_move_that_reaches_the_marketplace_ends_the_game_at_once(cards, reach):
    # Ruling 3: a die, an action card or an extra draw wins as surely as a chip, and
    # nothing after it happens (no second wood die roll, no next turn).
    state = reach(new(cards=cards))
    assert state.is_terminal() and state.winner == 0
    assert state.pos == [50, 0]
    assert state.ranks() == [1, 2]
    state.check_invariants()


def test_the_others_rank_by_distance_and_equal_fields_share_a_place():
    state = new(players=4)
    state = at(state, 48, 20, 31, 20)
    play(state, "draw red-2")
    assert state.ranks() == [1, 3, 2, 3]
    assert [s["total"] for s in state.scores()] == [50, 20, 31, 20]


def test_the_round_limit_stops_a_race_nobody_finishes():
    state = new()
    state = _edit(state, turns=state.game.rules.turn_limit - 1)
    state = turn(state, 1)
    state = at(state, 7, 3)
    play(state, "draw red-1")
    assert state.is_terminal()
    assert state.winner == -1
    assert state.ranks() == [1, 2]


def test_no_action_after_the_end():
    state = new()
    state = at(state, 49)
    play(state, "draw red-1")
    with pytest.raises(meeple.GameOverError):
        state.apply_notation("draw red-1")


# -- butterfly set ------------------------------------------------------------


@pytest.mark.parametrize(("chip", "rubies"), [("red-1", 1), ("red-2", 2), ("red-4", 3)])
def test_butterfly_red_gives_rubies_by_the_chip_value(chip, rubies):
    state = new(cards="butterfly")
    state = bagged(state, 0, "red-4")
    play(state, f"draw {chip}")
    assert state.rubies[0] == rubies


def test_butterfly_yellow_rolls_the_wood_die_once_off_a_spiral():
    state = new(cards="butterfly")
    play(state, "draw yellow-1")
    assert legal(state) == [f"wood die {v}" for v in range(5)]
    assert dict(state.chance_outcomes()) == pytest.approx(
        {
            state.string_to_action("wood die 0"): 1 / 6,
            state.string_to_action("wood die 1"): 1 / 6,
            state.string_to_action("wood die 2"): 2 / 6,
            state.string_to_action("wood die 3"): 1 / 6,
            state.string_to_action("wood die 4"): 1 / 6,
        }
    )
    play(state, "wood die 4")
    assert state.pos[0] == 5
    assert state.decision is not None and state.decision.info == (1, True)


def test_butterfly_yellow_rolls_the_wood_die_twice_on_a_spiral():
    state = new(cards="butterfly")
    state = at(state, 5)
    play(state, "draw yellow-1", "wood die 2")
    assert state.pos[0] == 8
    assert state.current_player() == CHANCE and state.decision is not None
    assert state.decision.kind == "wood"
    play(state, "wood die 3")
    assert state.pos[0] == 11
    assert state.decision is not None and state.decision.info == (1, True)


def test_the_wood_die_rolls_are_fixed_where_the_yellow_chip_lands():
    # Ruling 21: a roll that lands on a spiral field earns no second roll, and a first
    # roll that leaves the spiral does not cancel the second one.
    state = new(cards="butterfly")
    state = at(state, 3)
    play(state, "draw yellow-1", "wood die 2")  # 3 + 1 = 4, off a spiral: one roll
    assert state.pos[0] == 6 and state.game.rules.is_spiral[6]
    assert state.decision is not None and state.decision.info == (1, True), "one roll only"
    state = new(cards="butterfly")
    state = at(state, 11)
    play(state, "draw yellow-1", "wood die 1")  # 11 + 1 = 12, a spiral: two rolls
    assert state.pos[0] == 13
    assert state.decision is not None and state.decision.kind == "wood"
    play(state, "wood die 3")
    assert state.pos[0] == 16
    assert state.decision is not None and state.decision.info == (1, True)


def test_the_butterfly_green_card_can_draw_the_third_dream_weed_which_opens_the_shop():
    # Ruling 13: the extra draw is carried out in full, dream weed and shop included.
    state = new(cards="butterfly")
    state = bagged(state, 0, "green-1")
    state = carded(state, 0, "dream-weed", 2)
    state = at(state, 10, 5)
    state = with_rubies(state, 0, 2)
    play(state, "draw green-1", "draw dream-weed")
    assert state.pos[0] == 11
    assert state.current_player() == 0 and state.decision is not None
    assert state.decision.kind == "shop"
    play(state, "buy blue-2")
    assert card(state, 0) == {}
    assert bag(state, 0)["green-1"] == 1 and bag(state, 0)["blue-2"] == 1
    assert state.decision is not None and state.decision.info == (1, True)
    state.check_invariants()


def test_butterfly_green_draws_another_chip_and_performs_its_task():
    state = new(cards="butterfly")
    state = bagged(state, 0, "green-1", 2)
    play(state, "draw green-1")
    assert state.decision is not None and state.decision.info == (0, False)
    play(state, "draw green-1", "draw red-2")
    assert state.pos[0] == 4
    assert state.rubies[0] == 2


def test_butterfly_blue_swaps_the_chip_for_the_next_more_valuable_blue_one():
    state = new(cards="butterfly")
    state = bagged(state, 0, "blue-1")
    supply_before = state.supply[kind("blue-2")]
    play(state, "draw blue-1")
    assert state.pos[0] == 1, "the animal moves by the chip it picked"
    assert card(state, 0) == {"blue-2": 1}, "the new chip lies on the animal card"
    assert state.supply[kind("blue-2")] == supply_before - 1
    assert state.supply[kind("blue-1")] == 8


def test_butterfly_blue_four_becomes_a_sugar_beet():
    state = new(cards="butterfly")
    state = bagged(state, 0, "blue-4")
    play(state, "draw blue-4")
    assert state.pos[0] == 4
    assert card(state, 0) == {"white-8": 1}


def test_butterfly_blue_keeps_its_chip_when_the_better_one_has_run_out():
    state = new(cards="butterfly")
    state = bagged(state, 0, "blue-2")
    state = exhausted(state, "blue-4")
    play(state, "draw blue-2")
    assert card(state, 0) == {"blue-2": 1}


def test_butterfly_orange_takes_any_two_chip_and_a_four_on_a_spiral():
    state = new(cards="butterfly-extended")
    state = bagged(state, 0, "orange-1", 2)
    play(state, "draw orange-1")
    twos = ["red-2", "yellow-2", "green-2", "blue-2", "orange-2", "purple-2"]
    assert legal(state) == [f"take {c}" for c in twos]
    play(state, "take blue-2")
    assert bag(state, 0)["blue-2"] == 1
    state = turn(state, 0)
    state = at(state, 5)
    play(state, "draw orange-1")
    fours = [c.replace("2", "4") for c in twos]
    assert sorted(legal(state)) == sorted(f"take {c}" for c in twos + fours)
    play(state, "take purple-4")
    assert bag(state, 0)["purple-4"] == 1


def _purple_card(**opts):
    """Player 0 has three orange '1's and a purple '2' on the card and draws a purple '1'."""
    state = new(cards="butterfly-extended", **opts)
    state = bagged(state, 0, "purple-1")
    state = bagged(state, 0, "purple-2")
    state = bagged(state, 0, "orange-1", 3)
    state = carded(state, 0, "purple-2")
    state = carded(state, 0, "orange-1", 3)
    play(state, "draw purple-1")
    return state


def _use_up(state, value):
    """``state`` with every '``value``' chip of the reserve moved into player 2's bag."""
    names = [CHIP_NAMES[k] for k in state.game.rules.take_kinds[4] if KIND_VALUE[k] == value]
    return exhausted(state, *names)


def test_butterfly_orange_with_no_two_chip_left_does_nothing():
    state = new(cards="butterfly-extended")
    state = bagged(state, 0, "orange-1")
    state = _use_up(state, 2)
    play(state, "draw orange-1")
    assert state.pos[0] == 1
    assert state.decision is not None and state.decision.info == (1, True), "nothing happens"
    assert bag(state, 0) == {"red-1": 2, "red-2": 1, "yellow-1": 1, "dream-weed": 4}
    state.check_invariants()


def test_butterfly_orange_on_a_spiral_with_no_two_chip_left_offers_the_fours():
    state = new(cards="butterfly-extended")
    state = bagged(state, 0, "orange-1")
    state = _use_up(state, 2)
    state = at(state, 5)
    play(state, "draw orange-1")
    fours = ["red-4", "yellow-4", "green-4", "blue-4", "orange-4", "purple-4"]
    assert legal(state) == [f"take {c}" for c in fours]


def test_butterfly_orange_on_a_spiral_with_no_two_or_four_chip_left_does_nothing():
    state = new(cards="butterfly-extended")
    state = bagged(state, 0, "orange-1")
    state = _use_up(state, 2)
    state = _use_up(state, 4)
    state = at(state, 5)
    play(state, "draw orange-1")
    assert state.pos[0] == 6
    assert state.decision is not None and state.decision.info == (1, True), "nothing happens"
    state.check_invariants()


def test_butterfly_purple_counts_the_purple_chips_with_the_one_just_picked():
    # Ruling 16 (version 3): the card counts its own colour, the chip just picked too.
    state = _purple_card()
    assert state.clovers[0] == 2, "the purple '2' on the card and the purple '1' just picked"
    assert state.clover_supply == 26 - 2
    state.check_invariants()


def test_butterfly_purple_always_gives_a_clover_for_the_chip_just_picked():
    state = new(cards="butterfly-extended")
    state = bagged(state, 0, "purple-1")
    play(state, "draw purple-1")
    assert state.clovers[0] == 1


def test_butterfly_purple_option_counts_the_orange_chips_as_the_colour_word_reads():
    state = _purple_card(purple_counts="orange")
    assert state.clovers[0] == 3, "three orange chips; the purple chip just picked is not orange"
    assert state.clover_supply == 26 - 3
    state.check_invariants()


def test_butterfly_purple_option_without_orange_chips_on_the_card_gives_no_clover():
    state = new(cards="butterfly-extended", purple_counts="orange")
    state = bagged(state, 0, "purple-1")
    state = bagged(state, 0, "purple-2")
    state = carded(state, 0, "purple-2")
    play(state, "draw purple-1")
    assert state.clovers[0] == 0


def test_the_purple_counts_option_leaves_the_caterpillar_purple_card_alone():
    state = new(cards="caterpillar-extended", purple_counts="orange")
    state = bagged(state, 0, "purple-1")
    state = bagged(state, 0, "orange-1")
    state = carded(state, 0, "orange-1")
    play(state, "draw purple-1")
    assert state.clovers[0] == 1


def test_butterfly_clovers_move_the_animal_on_the_third_dream_weed():
    state = new(cards="butterfly-extended")
    state = with_clovers(state, 0, 3)
    state = at(state, 20, 4)
    state = _third_dream_weed(state)
    assert state.pos[0] == 23


@pytest.mark.parametrize("cards", ["caterpillar-extended", "butterfly-extended"])
def test_last_place_is_decided_before_the_clover_move(cards):
    state = new(cards=cards)
    state = with_clovers(state, 0, 2)
    state = at(state, 10, 11)
    state = _third_dream_weed(state)
    assert state.pos[0] == 12, "the clovers still move the animal"
    assert state.rubies[0] == 1, "last on field 10 when the dream weed was laid"
    assert state.current_player() == 0 and "buy red-1" in legal(state)


def test_an_animal_not_last_before_the_clover_move_takes_no_extra_ruby():
    state = new(cards="caterpillar-extended")
    state = with_clovers(state, 0, 2)
    state = at(state, 12, 11)
    state = _third_dream_weed(state)
    assert state.pos[0] == 14
    assert state.rubies[0] == 0
    assert state.decision is not None and state.decision.info == (1, True), "no shop"


def test_a_clover_move_to_the_marketplace_ends_the_game_before_shopping():
    state = new(cards="butterfly-extended")
    state = with_clovers(state, 0, 3)
    state = with_rubies(state, 0, 4)
    state = at(state, 48, 4)
    state = _third_dream_weed(state)
    assert state.is_terminal() and state.winner == 0


# -- engine behaviour ---------------------------------------------------------


def _gain_orange_move(state):
    state = with_rubies(state, 0, 3)
    state = bagged(state, 0, "orange-1")
    play(state, "draw orange-1")
    assert state.pos[0] == 4
    return state


def _gain_blue_swap(state):
    state = bagged(state, 0, "blue-4")
    play(state, "draw blue-4")
    assert card(state, 0) == {"white-8": 1}
    return state


def _gain_red_spiral(state):
    state = at(state, 4)
    play(state, "draw red-2")
    assert state.rubies[0] == 2
    return state


def _gain_second_wood_roll(state):
    state = at(state, 5)
    play(state, "draw yellow-1", "wood die 1", "wood die 1")
    assert state.pos[0] == 8
    return state


def _gain_sugar_beet(state):
    state = bagged(state, 0, "white-8")
    play(state, "draw white-8")
    assert state.pos[0] == 8
    return state


@pytest.mark.parametrize(
    ("cards", "gain"),
    [
        ("caterpillar-extended", _gain_orange_move),
        ("butterfly", _gain_blue_swap),
        ("caterpillar", _gain_red_spiral),
        ("butterfly", _gain_second_wood_roll),
        ("caterpillar", _gain_sugar_beet),
    ],
)
def test_optional_gains_are_taken_without_asking(cards, gain):
    # Ruling 5: every optional gain is taken; no player decision is offered.
    state = gain(new(cards=cards))
    assert state.current_player() == CHANCE
    assert state.decision is not None and state.decision.info == (1, True)
    state.check_invariants()


def test_nothing_is_hidden_so_determinize_is_a_copy():
    state = new()
    play(state, "draw red-1", "draw dream-weed")
    det = state.determinize(1, __import__("random").Random(0))
    assert det.observation(1) == state.observation(1)
    assert det.bags == state.bags
    assert state.observation(0) == state.observation(1) | {"viewer": 0}


def test_illegal_moves_are_explained():
    state = new()
    with pytest.raises(IllegalActionError, match="not legal"):
        state.apply_notation("buy red-1")
    play(state, "draw yellow-1")
    with pytest.raises(IllegalActionError):
        state.apply_notation("draw red-1")


@pytest.mark.parametrize(
    ("setup", "move", "reason"),
    [
        ("start", "buy red-1", "decided by chance"),
        ("shop", "draw red-1", "chance outcomes"),
        ("shop", "take red-2", "only the orange butterfly card"),
        ("shop", "return red-1", "only the green caterpillar card"),
        ("shop", "buy white-8", "costs 5 rubies; you have 3"),
        ("take", "take red-4", "the orange card gives a '2' chip of a colour in play"),
        ("take", "done", "not at the shop"),
    ],
)
def test_an_illegal_move_says_why(setup, move, reason):
    if setup == "take":
        state = new(cards="butterfly-extended")
        state = bagged(state, 0, "orange-1")
        play(state, "draw orange-1")
    else:
        state = new()
    if setup == "shop":
        state = at(state, 10, 5)
        state = with_rubies(state, 0, 3)
        state = _third_dream_weed(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply_notation(move)
    assert reason in str(err.value)


@pytest.mark.parametrize("cards", ["caterpillar", "butterfly-extended"])
def test_random_races_end_with_an_animal_at_the_marketplace(cards):
    import random

    for seed in range(10):
        state = new(players=3, cards=cards)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(meeple.sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.winner >= 0
        assert state.pos[state.winner] == 50
        assert state.turns < 150 * 3, "far from the round limit"
        assert sorted(state.ranks())[0] == 1 and state.ranks().count(1) == 1


# -- invariants ---------------------------------------------------------------


@pytest.mark.parametrize(
    "cards", ["caterpillar", "caterpillar-extended", "butterfly", "butterfly-extended"]
)
def test_random_races_keep_the_invariants_at_every_step(cards):
    import random

    for seed in range(4):
        state = new(players=2 + seed % 3, cards=cards)
        rng = random.Random(seed)
        state.check_invariants()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(meeple.sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            state.check_invariants()


def _corrupt_chip(state):
    state.bags[0][kind("red-1")] += 1  # a chip out of nowhere


def _corrupt_reserve(state):
    # Seven of the six red '4's in a bag: the total holds, the reserve goes negative.
    state.supply[kind("red-4")] -= 7
    state.bags[1][kind("red-4")] += 7


def _corrupt_rubies(state):
    state.rubies[1] = 3


def _corrupt_clovers(state):
    state.clover_supply -= 1


def _corrupt_dream_weed(state):
    dream = kind("dream-weed")
    state.bags[0][dream] -= 3
    state.cards[0][dream] += 3


def _corrupt_position(state):
    state.pos[1] = 51


def _corrupt_marketplace(state):
    state.pos[0] = 50  # at the marketplace, yet nobody has won


CORRUPTIONS = [
    (_corrupt_chip, "red-1 chips in play"),
    (_corrupt_reserve, "the reserve holds -1 red-4"),
    (_corrupt_rubies, "rubies not conserved"),
    (_corrupt_clovers, "clovers not conserved"),
    (_corrupt_dream_weed, "card holds 3 dream weeds"),
    (_corrupt_position, "player 2 is on field 51"),
    (_corrupt_marketplace, "marketplace"),
]


@pytest.mark.parametrize(("corrupt", "message"), CORRUPTIONS, ids=[c[1] for c in CORRUPTIONS])
def test_a_corrupted_state_breaks_the_invariants(corrupt, message):
    state = new(cards="caterpillar-extended")
    play(state, "draw red-1", "draw red-2")
    state.check_invariants()
    # The point is that the invariants catch an impossible state: a clone is corrupted
    # directly, since the position format would refuse it.
    bad = state.clone()
    corrupt(bad)
    with pytest.raises(AssertionError, match=message):
        bad.check_invariants()
    state.check_invariants()


def test_three_dream_weeds_are_allowed_on_the_card_during_the_shop_visit():
    state = new()
    state = at(state, 10, 5)
    state = with_rubies(state, 0, 1)
    state = _third_dream_weed(state)
    assert state.cards[0][kind("dream-weed")] == 3
    state.check_invariants()


# -- chance outcomes that cannot happen ----------------------------------------


@pytest.mark.parametrize(
    ("cards", "moves", "move", "reason"),
    [
        ("caterpillar", [], "draw blue-4", "player 1's bag holds no blue-4"),
        ("caterpillar", ["draw red-1"], "draw red-4", "player 2's bag holds no red-4"),
        ("caterpillar", [], "wood die 2", "this is a bag draw, not a die roll"),
        ("caterpillar", [], "white die: ruby", "this is a bag draw, not a die roll"),
        ("caterpillar", [], "buy red-1", "a chip comes out of player 1's bag"),
        ("caterpillar", ["draw yellow-1"], "draw red-1", "roll of the white die, not a bag"),
        ("caterpillar", ["draw yellow-1"], "wood die 3", "the white die, not the wood die"),
        ("caterpillar", ["draw yellow-1"], "done", "player 1 rolls the white die"),
        ("butterfly", ["draw yellow-1"], "white die: ruby", "the wood die, not the white die"),
        ("butterfly", ["draw yellow-1"], "draw red-1", "roll of the wood die, not a bag draw"),
        ("butterfly", ["draw yellow-1"], "wood die 5", "shows 0, 1, 2, 3, 4 fields, not 5"),
        ("butterfly", ["draw yellow-1"], "buy red-1", "player 1 rolls the wood die"),
    ],
)
def test_an_impossible_chance_outcome_says_why(cards, moves, move, reason):
    state = new(cards=cards)
    play(state, *moves)
    with pytest.raises(IllegalActionError) as err:
        state.apply_notation(move)
    assert reason in str(err.value)


# -- rules reached through played games ----------------------------------------------
# Each of these starts at the start house and gets to its rule only by choosing the
# chips that come out of the bags, the die faces and the players' moves.


def _p0_shops_with_two_rubies(state: QuedlinburgDashState, *buys: str) -> None:
    """The donkey draws its red '2', then its three dream weeds while the sheep draws two
    dream weeds and a red '1'; it is not last (field 2 against 1) and buys ``buys``."""
    play(state, "draw red-2", "draw dream-weed", "draw dream-weed", "draw dream-weed")
    play(state, "draw dream-weed", "draw red-1", "draw dream-weed")
    assert state.pos == [2, 1] and state.rubies[0] == 2
    assert state.current_player() == 0, "the shop is open"
    play(state, *buys)


def test_played_butterfly_blue_two_becomes_a_four_and_the_four_a_sugar_beet():
    state = new(cards="butterfly")
    _p0_shops_with_two_rubies(state, "buy blue-2")  # the visit ends: no ruby left
    assert bag(state, 0)["blue-2"] == 1 and state.rubies[0] == 0
    blue2, blue4 = state.supply[kind("blue-2")], state.supply[kind("blue-4")]
    play(state, "draw red-1", "draw blue-2")
    assert state.pos[0] == 4, "the blue '2' moves its own 2 fields"
    assert card(state, 0) == {"blue-4": 1}, "the blue '4' lies on the card, not in the bag"
    assert "blue-4" not in bag(state, 0) and "blue-2" not in bag(state, 0)
    assert state.supply[kind("blue-2")] == blue2 + 1, "the blue '2' goes back to the reserve"
    assert state.supply[kind("blue-4")] == blue4 - 1
    # The blue '4' reaches the bag with the next shop visit and climbs once more.
    play(state, "draw red-2", "draw dream-weed", "draw yellow-1", "wood die 0")
    play(state, "draw dream-weed", "draw dream-weed", "done")  # the sheep buys nothing
    play(state, "draw dream-weed")
    assert state.pos == [4, 5] and state.rubies[0] == 1, "last: the extra ruby"
    play(state, "done")
    assert bag(state, 0)["blue-4"] == 1 and card(state, 0) == {}
    play(state, "draw dream-weed", "draw blue-4")
    assert state.pos[0] == 8
    assert card(state, 0) == {"white-8": 1}
    state.check_invariants()


@pytest.mark.parametrize(
    ("opts", "first", "second"), [({}, 1, 2), ({"purple_counts": "orange"}, 0, 1)]
)
def test_played_butterfly_purple_counts_the_chosen_colour(opts, first, second):
    # Ruling 16: by default the purple chips on the card count, the one just picked
    # included; purple_counts=orange counts the orange chips instead.
    state = new(cards="butterfly-extended", **opts)
    _p0_shops_with_two_rubies(state, "buy orange-1", "buy purple-1")
    play(state, "draw red-1", "draw purple-1")
    assert card(state, 0) == {"purple-1": 1}
    assert state.clovers[0] == first
    play(state, "draw red-2", "draw orange-1", "take purple-2")
    play(state, "draw yellow-1", "wood die 0", "draw purple-2")
    assert card(state, 0) == {"orange-1": 1, "purple-1": 1, "purple-2": 1}
    assert state.pos[0] == 6, "a spiral field: the butterfly purple card has no spiral bonus"
    assert state.clovers[0] == first + second
    state.check_invariants()


def test_played_caterpillar_orange_with_no_rubies_moves_only_the_chip():
    state = new(cards="caterpillar-extended")
    play(state, "draw red-1", "draw dream-weed", "draw dream-weed", "draw dream-weed")
    play(state, "draw dream-weed", "draw red-1", "draw dream-weed")
    assert state.rubies[0] == 2, "the red '1' and the ruby for a shared last place"
    play(state, "buy orange-1", "done")  # the unspent ruby goes back to the reserve
    assert state.rubies[0] == 0 and bag(state, 0)["orange-1"] == 1
    play(state, "draw red-1", "draw orange-1")
    assert state.pos[0] == 2, "the orange '1' moves 1 field and no ruby moves it further"
    assert state.rubies[0] == 0
    assert state.decision is not None and state.decision.info == (1, True), "no choice"
    state.check_invariants()


def test_played_turn_order_wraps_round_four_players():
    state = new(players=4)
    seen = []
    for move in ("draw red-1", "draw red-2", "draw dream-weed", "draw yellow-1"):
        d = state.decision
        assert d is not None and d.kind == "draw" and d.info[1]
        seen.append(d.info[0])
        play(state, move)
    assert seen == [0, 1, 2, 3]
    # The cow's yellow chip draws again from its own bag before the donkey comes back.
    play(state, "white die: draw again")
    assert state.decision is not None and state.decision.info == (3, False)
    play(state, "draw red-1")
    assert state.decision is not None and state.decision.info == (0, True), "back to seat 0"
    assert state.observation(None)["active"] == 0 and state.turns == 4
    play(state, "draw red-1")
    assert state.active == 0 and state.turns == 5 and state.pos[0] == 2
    assert bag(state, 0) == {"red-2": 1, "yellow-1": 1, "dream-weed": 4}, "its own bag"
    for seat in (1, 2, 3, 0):
        assert state.decision is not None and state.decision.info == (seat, True)
        play(state, "draw dream-weed")
    assert state.turns == 9 and state.active == 0


def _race(state: QuedlinburgDashState) -> list[tuple[int, str, int]]:
    """Play a whole race from the start: the donkey draws a blue chip when it can and
    otherwise its most valuable food chip, buys the best blue chip at every shop, and
    the white die always shows 'move 3'; the sheep draws its dream weed first and buys
    nothing. Returns the donkey's chip moves as (from, chip, to) and the final state."""
    moves = []
    while not state.is_terminal():
        d = state.decision
        assert d is not None
        options = legal(state)
        if d.kind == "draw" and d.info[0] == 0:
            food = [m for m in options if m != "draw dream-weed"]
            blue = [m for m in food if "blue" in m]
            pick = max(blue or food, key=lambda m: KIND_VALUE[kind(m[5:])]) if food else options[0]
            start = state.pos[0]
            play(state, pick)
            moves.append((start, pick[5:], state.pos[0]))
            continue
        if d.kind == "draw":
            pick = "draw dream-weed" if "draw dream-weed" in options else options[0]
        elif d.kind == "white":
            pick = "white die: move 3"
        elif d.kind == "shop":
            blues = [m for m in options if m.startswith("buy blue")]
            pick = blues[-1] if d.player == 0 and blues else "done"
        else:
            pick = options[0]
        play(state, pick)
    return moves


def test_played_race_on_the_long_side_uses_its_spirals_and_ends_at_field_76():
    state = new(board="long")
    assert state.game.rules.spirals == tuple(range(6, 73, 6))
    moves = _race(state)
    # Field 50, the short side's marketplace, is an ordinary field here.
    assert (50, "blue-4", 60) in moves, "4 fields to spiral 54, then on to spiral 60"
    assert (60, "blue-4", 66) in moves and (66, "blue-4", 72) in moves
    for start, chip, end in moves:
        if chip.startswith("blue") and end < 76:
            ahead = start + KIND_VALUE[kind(chip)]
            nxt = next((f for f in range(ahead + 1, 76) if f % 6 == 0 and f <= 72), ahead)
            assert end == nxt, (start, chip, end)
    # The red '1' from field 75 reaches the marketplace: the race ends at once.
    assert moves[-1] == (75, "red-1", 76)
    assert state.is_terminal() and state.winner == 0 and state.pos[0] == 76
    assert state.scores()[0] == {"fields": 76, "marketplace": 1, "total": 76}
    assert state.ranks() == [1, 2]
    state.check_invariants()


def test_played_race_on_the_short_side_ends_at_field_50():
    # The same choices on the short side: the white die's 'move 3' from field 47 wins.
    state = new(board="short")
    moves = _race(state)
    assert all(end <= 50 for _, _, end in moves)
    assert state.is_terminal() and state.winner == 0 and state.pos[0] == 50
    assert state.scores()[0]["fields"] == 50


# -- counts, records and the golden game ----------------------------------------------------


def test_perft_depth_two_from_the_start_matches_a_hand_count():
    # Four chips can come out first; a yellow '1' then rolls the white die (6 faces),
    # any other chip passes to the second bag (4 kinds of chip again).
    state = meeple.load("quedlinburg_dash", players=2).new_initial_state()
    assert divide(state, 2) == {
        "draw red-1": 4,
        "draw red-2": 4,
        "draw yellow-1": 6,
        "draw dream-weed": 4,
    }


GOLDEN = Path(__file__).with_name("golden.json")


def test_the_golden_game_is_three_random_players_with_the_extended_caterpillar_set():
    # tests/conformance/test_golden.py replays it and plays its seed again.
    record = Record.loads(GOLDEN.read_text())
    assert record.players == 3 and record.agents == ["random"] * 3 and record.seed == 2026
    assert record.options["cards"] == "caterpillar-extended"


def test_a_record_of_an_older_version_is_refused_not_replayed():
    # Version 3 changed the butterfly purple card (ruling 16); a version 2 record of
    # this very game must be refused by name rather than replayed under new rules.
    obj = Record.loads(GOLDEN.read_text()).to_json()
    obj["game_version"] = 2
    with pytest.raises(RecordError, match="version 2; this engine plays version 3"):
        replay(Record.from_json(obj))


@pytest.mark.parametrize("cards", ["caterpillar-extended", "butterfly-extended"])
def test_the_chips_offered_and_the_refusals_come_from_one_rule(cards):
    """At every shop and orange-card decision of random games, a chip is offered exactly
    when the rule finds nothing against it, and a refused one is refused in its words."""
    from meeple.boardgames.quedlinburg_dash.actions import BUY0, DONE, TAKE0

    game = meeple.load("quedlinburg_dash", players=3, cards=cards)
    checked = {"shop": 0, "take": 0}
    for state, d in random_decisions(game, range(30)):
        s: Any = state  # the rule is the state's own (read, never written)
        if d.kind in checked:
            checked[d.kind] += 1
            first = BUY0 if d.kind == "shop" else TAKE0
            last = DONE if d.kind == "shop" else game.num_distinct_actions()
            legal_now = set(state.legal_actions())
            for action in range(first, last):
                kind = action - first
                if d.kind == "shop":
                    problem = s._shop_problem(d.player, d.info, kind)
                else:
                    problem = s._take_problem(d.info, kind)
                assert (problem is None) == (action in legal_now), (d, kind, problem)
                if problem is not None:
                    with pytest.raises(IllegalActionError) as e:
                        state.clone().apply_action(action)
                    assert problem in str(e.value)
    assert checked["shop"] > 20 and (checked["take"] > 5 or cards.startswith("caterpillar"))
