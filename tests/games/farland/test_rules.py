"""One scenario per rule of Farland (basic rules), named after the rule."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.boardgames.farland.actions import sq
from meeple.boardgames.farland.farm import FENCE, PIPE, TROUGH
from meeple.boardgames.farland.scoring import livestock_value
from meeple.boardgames.farland.words import piece_name
from meeple.core import AUTOMATIC, CHANCE, Decision, IllegalActionError
from tests.games.farland.helpers import (
    COW,
    PIG,
    SHEEP,
    WHEAT,
    fence_around,
    land,
    names,
    play,
    setup,
    top,
)

# -- setup -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "spaces"), [(2, 4), (3, 6), (4, 8)])
def test_market_uses_the_spaces_marked_for_the_player_count(players, spaces):
    s = setup(players)
    assert len(s.market) == spaces
    assert all(c >= 0 for c in s.market)
    assert len(s.deck) == 70 - spaces


def test_round_track_is_four_of_each_improvement_drawn_at_random():
    g = meeple.load("farland", players=2)
    s = g.new_initial_state()
    outcomes = s.chance_outcomes()
    assert [s.action_to_string(a) for a, _ in outcomes] == [
        "track fence",
        "track pipe",
        "track trough",
    ]
    for _ in range(4):
        s.apply_notation("track trough")
    assert "track trough" not in [s.action_to_string(a) for a, _ in s.chance_outcomes()]


def test_each_player_takes_two_improvements_of_any_colour_at_setup():
    s = setup(2, picks=["trough", "trough", "fence", "pipe"])
    assert s.farms[0].house == [0, 0, 2]
    assert s.farms[1].house == [1, 1, 0]


def test_first_round_building_carries_the_first_round_improvement():
    s = setup(2, track=["pipe", "fence", "trough"] * 4)
    assert s.top_imps == [0, 1, 0]


@pytest.mark.parametrize(("players", "per_type"), [(2, 12), (3, 14), (4, 16)])
def test_supply_quantities_follow_the_player_count(players, per_type):
    s = setup(players)
    assert s.supply == [per_type] * 3


# -- taking a land card or the building ---------------------------------------------------


def test_lower_market_cards_are_free():
    s = setup()
    before = list(s.farms[0].house)
    play(s, "take lower 2")  # L28 has no building
    assert s.pending[-1].kind == "gain"  # no payment asked
    assert s.farms[0].house == before


def test_upper_market_card_costs_one_improvement_paid_to_the_supply():
    s = setup()
    supply = list(s.supply)
    play(s, "take upper 1")
    assert s.pending[-1].kind == "pay"
    assert names(s) == ["fence", "pipe"]
    play(s, "pipe")
    assert s.farms[0].house == [1, 0, 0]
    assert s.supply[PIPE] == supply[PIPE] + 1


def test_upper_market_needs_an_improvement_to_pay():
    s = setup(picks=["fence", "fence", "pipe", "pipe"])
    s.farms[0].house = [0, 0, 0]
    s._legal_cache = None
    assert "take upper 1" not in names(s)
    with pytest.raises(IllegalActionError, match="costs one improvement"):
        s.apply_notation("take upper 1")


def test_four_space_card_gives_two_improvements_from_the_supply():
    s = setup()
    play(s, "take lower 1", "trough", "trough")
    assert s.farms[0].house == [1, 1, 2]
    assert s.supply[TROUGH] == 10
    assert s.pending[-1].kind == "place"


def test_card_with_a_building_gives_no_improvements():
    s = setup(market=["L25", "L26", "L01", "L28"])
    play(s, "take lower 1")
    assert s.pending[-1].kind == "place"


def test_taking_the_building_gives_its_improvements():
    s = setup()
    play(s, "take building + improvements")
    assert s.farms[0].house == [2, 1, 0]
    assert s.top_imps == [0, 0, 0]
    assert s.pending[-1].kind == "place"
    assert piece_name(s.rules.components, s.pending[-1].info) == "building barn"


def test_taking_the_building_may_steal_the_first_player_marker():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    assert s.current_player() == 1
    play(s, "take building + first player")
    assert s.first == 1
    assert s.farms[1].house == [1, 1, 0]  # the improvements stay with the stack
    assert s.top_imps == [1, 0, 0]


def test_first_player_marker_passes_left_when_its_owner_takes_it():
    s = setup(3)
    play(s, "take building + first player")
    assert s.first == 1


def test_face_down_building_cannot_be_taken():
    s = setup()
    play(s, "take building + improvements", "at 2,0", "rotate 0")
    assert s.current_player() == 1
    assert "take building + improvements" not in names(s)
    with pytest.raises(IllegalActionError, match="face down"):
        s.apply_notation("take building + first player")


def test_first_player_change_takes_effect_next_round():
    s = setup()
    play(s, "take building + first player", "at 2,0", "rotate 0")
    assert s.first == 1
    assert s.current_player() == 1  # the round goes on in seat order
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    # end of round: refill draws, then the building flips; player 1 starts round 2
    while s.current_player() == CHANCE:
        s.apply_action(s.legal_actions()[0])
    assert s.round == 2 and s.current_player() == 1


def _takers_by_round(s, last_round):
    """Play on (the first legal move each time) to the end of ``last_round``, noting who
    takes a turn in each round, in order."""
    rng = random.Random(1)
    takers: dict[int, list[int]] = {}
    while s.round <= last_round:
        if s.current_player() == CHANCE:
            s.apply_action(meeple.sample_chance(s, rng))
            continue
        if s.pending[-1].kind == "take":
            takers.setdefault(s.round, []).append(s.current_player())
        s.apply_action(s.legal_actions()[0])
    return takers


def test_whole_round_goes_on_in_seat_order_from_the_new_first_player():
    s = setup(3)
    play(s, "take building + first player", "at 2,0", "rotate 0")  # seat 0 passes it left
    assert s.first == 1
    takers = _takers_by_round(s, 2)
    assert takers[1] == [1, 2]  # round 1 goes on in seat order (ruling 3)
    assert takers[2] == [1, 2, 0]


def test_first_player_marker_passed_by_the_last_seat_goes_to_seat_0():
    s = setup(3)
    s.first = 2
    play(again(s, 2), "take building + first player")
    assert s.first == 0


def test_pass_only_when_nothing_can_be_taken():
    s = setup()
    s.market = [-1, -1, -1, -1]
    s.building_open = False
    s._legal_cache = None
    assert names(s) == ["pass"]


def again(s, p=0):
    """Give player ``p`` one more turn now (to build up a farm quickly)."""
    s.push("take", p)
    s._legal_cache = None
    return s


# -- farm expansion ------------------------------------------------------------------------


def test_first_card_must_touch_the_starting_house():
    s = setup()
    play(s, "take lower 1", "fence", "fence")
    got = set(names(s))
    assert len(got) == 12
    assert "at 2,0" in got and "at -2,-1" in got
    assert "at 2,2" not in got  # only a corner touches


def test_starting_house_cannot_be_covered():
    s = setup()
    play(s, "take lower 1", "fence", "fence")
    assert "at 1,0" not in names(s)
    with pytest.raises(IllegalActionError, match="starting house"):
        s.apply_notation("at 1,1")


def test_piece_goes_adjacent_to_or_over_the_farm():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    play(s, "take lower 2", "fence", "fence", "at 2,0", "rotate 0")
    play(s, "draw L40", "draw L41")
    play(s, "take lower 1", "fence", "fence")
    got = set(names(s))
    assert "at 3,0" in got  # half over the first card
    assert "at 4,0" in got  # adjacent to it
    assert "at 5,0" not in got


def test_cannot_cover_only_half_a_building():
    s = setup()
    play(s, "take building + improvements", "at 2,0", "rotate 90")  # barn on (2,0),(2,1)
    play(again(s), "take lower 2", "fence", "fence")
    got = set(names(s))
    assert "at 2,0" in got  # covers both halves
    assert "at 2,-1" not in got  # would cover only (2,0)
    assert "at 3,0" in got  # beside it


def test_building_tile_rotations_without_duplicates():
    s = setup()
    play(s, "take building + improvements", "at 2,0")
    assert names(s) == ["rotate 0", "rotate 90"]


def test_rotation_turns_the_card_and_its_printed_fences():
    s = setup(market=["L25", "L26", "L37", "L28"])  # L37: sheep2 NW, sheep1 N, meadow W, meadow
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 90")
    f = s.farms[0]
    # rotated clockwise: the north fences now run down the east side
    assert f.cells[sq(3, 0)][1:4] == (SHEEP, 2, 0b0011)  # N and E
    assert f.cells[sq(3, 1)][1:4] == (SHEEP, 1, 0b0010)  # E


def test_covered_improvements_return_to_the_starting_house():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    f = s.farms[0]
    f.fences.add(2 * sq(3, 0))  # top of (3,0)
    f.pipes.add(2 * sq(2, 1) + 1)  # left of (2,1): between the house and the card
    house = list(f.house)
    play(again(s), "take lower 2", "fence", "fence", "at 3,0", "rotate 0")
    # (3,0) and (3,1) are covered: the fence on (3,0) returns; the pipe on (2,1)'s
    # left side stays (its squares are not covered)
    assert f.fences == set() and f.pipes == {2 * sq(2, 1) + 1}
    assert f.house[FENCE] == house[FENCE] + 1 + 2


def test_covering_a_resource_gives_one_token_per_space():
    s = setup()
    play(
        s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0"
    )  # wheat1 wheat1 / carrot1 carrot1
    play(again(s), "take lower 2", "fence", "fence", "at 3,0", "rotate 0")  # covers wheat1, carrot1
    assert s.pending[-1].kind == "token"
    assert names(s) == ["token wheat", "no token"]
    play(s, "token wheat")
    assert s.pending[-1].kind == "token_at"
    got = names(s)
    assert "at 2,0" in got  # a wheat icon
    assert "at 0,1" in got  # the empty meadow of the house
    assert "at 2,1" not in got  # a carrot
    play(s, "at 2,0", "token carrot", "at 2,1")
    assert s.farms[0].tokens == {sq(2, 0): WHEAT, sq(2, 1): 3 + 1}


def test_two_animals_on_a_space_give_one_token_of_that_type():
    s = setup(market=["L25", "L26", "L51", "L28"])  # L51 sheep2 meadow / meadow sheep1
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    play(again(s), "take lower 2", "fence", "fence", "at 2,-1", "rotate 0")  # covers sheep2
    assert s.pending[-1].info == (1 << SHEEP,)
    play(s, "token sheep", "at 3,1")  # sheep icon at (3,1)
    assert s.farms[0].tokens == {sq(3, 1): SHEEP}
    assert s.token_supply[SHEEP] == 14


def test_each_square_holds_at_most_one_token():
    s = setup()
    f = s.farms[0]
    f.tokens[sq(0, 1)] = COW
    assert sq(0, 1) not in s._token_spaces(f, COW)
    assert sq(1, 1) in s._token_spaces(f, COW)


def test_token_returns_to_the_supply_when_no_space_can_hold_it():
    s = setup()
    f = s.farms[0]
    f.tokens[sq(0, 1)] = WHEAT
    f.tokens[sq(1, 1)] = WHEAT
    f.cells[sq(2, 0)] = land("cow", 1)
    s.pending.pop()
    s.place(0, 26, sq(2, 0), s.rules.shapes[26][0])  # L27 covers the cow; no free square
    s._legal_cache = None
    assert names(s) == ["no token"]


def test_covering_a_building_gives_nothing():
    s = setup()
    play(s, "take building + improvements", "at 2,0", "rotate 90")
    play(again(s), "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    assert s.pending[-1].kind != "token"
    assert s.farms[0].cells[sq(2, 0)][0] == 0


def test_a_whole_card_may_be_covered():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    play(again(s), "take lower 2", "fence", "fence", "at 2,0", "rotate 0")
    assert s.pending[-1].kind == "token"


# -- end of round --------------------------------------------------------------------------


def test_end_of_round_discards_lower_slides_upper_and_refills():
    s = setup()
    upper = s.market[:2]
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    play(s, "take lower 2", "fence", "fence", "at 2,0", "rotate 0")
    assert s.current_player() == CHANCE
    assert s.market[2:] == upper and s.market[:2] == [-1, -1]
    assert [d.kind for d in s.pending[-2:]] == ["deal", "deal"]
    play(s, "draw L40", "draw L41")
    assert s.market[:2] == [39, 40]
    assert s.round == 2


def test_taken_upper_card_leaves_a_lower_slot_to_refill():
    s = setup()
    play(s, "take upper 1", "fence", "fence", "fence", "at 2,0", "rotate 0")
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    assert s.market == [-1, -1, -1, 25]
    assert [d.info for d in s.pending if d.kind == "deal"] == [2, 1, 0]


def test_face_down_building_flips_at_end_of_round_and_gets_the_next_improvement():
    s = setup()
    play(s, "take building + improvements", "at 2,0", "rotate 0")
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    play(s, "draw L40", "draw L41")
    assert s.pending[-1].kind == "flip"
    play(s, "flip silo")
    assert s.top == 1 and s.top_imps == [0, 1, 0] and s.building_open


def test_improvements_pile_up_on_a_building_nobody_takes():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    play(s, "take lower 2", "fence", "fence", "at 2,0", "rotate 0")
    play(s, "draw L40", "draw L41")
    assert s.top_imps == [1, 1, 0]


def test_supply_is_refilled_after_round_6_only():
    s = setup()
    s.round = 6
    s.supply = [3, 0, 12]
    box = list(s.box)
    s.pending = [s.pending[0]]
    s._run_housekeeping(Decision("housekeeping", AUTOMATIC, 6))
    assert s.supply == [12, 12, 12]
    assert s.box == [box[0] - 9, box[1] - 12, box[2]]
    s.supply = [3, 0, 12]
    s.pending = []
    s._run_housekeeping(Decision("housekeeping", AUTOMATIC, 5))
    assert s.supply == [3, 0, 12]


def test_empty_pile_leaves_market_spaces_empty():
    s = setup()
    s.deck = [60]
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    play(s, "take lower 2", "fence", "fence", "at 2,0", "rotate 0")
    assert [d.info for d in s.pending if d.kind == "deal"] == [0]


# -- scoring phase -------------------------------------------------------------------------


def _to_scoring(s):
    """Play the first player's lower card each turn until the round-6 scoring phase."""
    import random

    rng = random.Random(0)
    while s.pending[-1].kind != "install":
        if s.current_player() == CHANCE:
            s.apply_action(meeple.sample_chance(s, rng))
        else:
            s.apply_action(s.legal_actions()[0])
    return s


def test_scoring_phase_comes_after_round_6_with_installing_first():
    s = _to_scoring(setup())
    assert s.round == 6 and s.phase == "install"
    kinds = [d.kind for d in s.pending]
    assert kinds[-2:] == ["install", "install"]
    assert ("score", AUTOMATIC) in [(d.kind, d.player) for d in s.pending]


def test_install_one_piece_at_a_time_then_done():
    s = _to_scoring(setup())
    p = s.current_player()
    f = s.farms[p]
    f.house = [1, 1, 1]
    s._legal_cache = None
    assert names(s) == [
        "install fence",
        "install pipe",
        "install trough cow",
        "install trough pig",
        "install trough sheep",
        "done",
    ]
    play(s, "install fence")
    assert s.pending[-1].kind == "install_at"
    play(s, "edge h 0,0")
    assert s.pending[-1].kind == "install" and s.current_player() == p
    play(s, "install trough pig")
    assert f.troughs == [0, 1, 0]
    assert "install trough cow" not in names(s)
    play(s, "install pipe", "edge h 0,0")  # a pipe may share the fence's edge
    assert f.fences == {2 * sq(0, 0)} and f.pipes == {2 * sq(0, 0)}
    play(s, "done")
    assert s.current_player() != p


def test_at_most_one_fence_per_edge_and_never_on_a_printed_fence():
    s = _to_scoring(setup())
    f = s.farms[s.current_player()]
    f.house = [2, 0, 0]
    s._legal_cache = None
    play(s, "install fence", "edge h 0,0", "install fence")
    got = names(s)
    assert "edge h 0,0" not in got
    assert "edge h 0,2" not in got  # printed on the house meadows' south side
    assert "edge v 1,0" in got


def test_troughs_fill_a_table_from_the_bottom_up_to_its_top():
    s = _to_scoring(setup())
    f = s.farms[s.current_player()]
    f.house = [0, 0, 9]
    s._legal_cache = None
    for _ in range(4):
        play(s, "install trough sheep")
    assert f.troughs[SHEEP] == 4
    assert "install trough sheep" not in names(s)


def install_now(s, house, p=0):
    """Open an installing decision for player ``p`` with ``house`` on the starting house."""
    s.farms[p].house = list(house)
    s.push("install", p)
    s._legal_cache = None
    return s


def test_at_most_one_pipe_per_edge():
    s = install_now(setup(), [0, 2, 0])
    play(s, "install pipe", "edge h 0,0", "install pipe")
    got = names(s)
    assert "edge h 0,0" not in got
    assert "edge v 1,0" in got
    with pytest.raises(IllegalActionError, match="already has a pipe"):
        s.apply_notation("edge h 0,0")


@pytest.mark.parametrize(("animal", "kind", "limit"), [("cow", COW, 6), ("pig", PIG, 5)])
def test_troughs_fill_the_cow_and_pig_tables_up_to_their_tops(animal, kind, limit):
    s = install_now(setup(), [0, 0, 9])
    f = s.farms[0]
    for _ in range(limit):
        play(s, f"install trough {animal}")
    assert f.troughs[kind] == limit
    assert f"install trough {animal}" not in names(s)
    with pytest.raises(IllegalActionError, match="up to its top"):
        s.apply_notation(f"install trough {animal}")
    table = s.game.components.livestock["basic"][kind]
    assert livestock_value(table, limit) == table[0]  # the heading: 5 for cows, 4 for pigs


def test_installing_starts_with_the_first_player():
    s = setup(3)
    s.first = 1
    s.pending = []
    s._run_round_end(Decision("round_end", AUTOMATIC, 6))
    order = []
    while s.pending[-1].kind == "install":
        order.append(s.current_player())
        s.apply_notation("done")
    assert order == [1, 2, 0]


def test_installed_improvements_stay_for_the_second_scoring():
    s = _to_scoring(setup())
    p = s.current_player()
    s.farms[p].house = [1, 0, 0]
    s._legal_cache = None
    play(s, "install fence", "edge h 0,0", "done")
    assert s.farms[p].fences == {2 * sq(0, 0)}
    assert "lift fence" not in names(s)  # no moving them in the basic game


def test_game_ends_after_the_second_scoring_with_both_scores_added():
    g = meeple.load("farland", players=2)
    import random

    rng = random.Random(3)
    s = g.new_initial_state()
    phases = []
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            s.apply_action(meeple.sample_chance(s, rng))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
        if s.pending and s.pending[-1].kind == "install" and s.round not in phases:
            phases.append(s.round)
    assert phases == [6, 12]
    assert s.round == 12 and s.phase == "over"


def test_tie_break_is_more_improvements_in_the_farm():
    s = setup()
    s.pending = []
    s.farms[1].fences.add(2 * sq(0, 0))
    assert s.scores()[0]["total"] == s.scores()[1]["total"]
    assert s.ranks() == [2, 1]
    s.farms[0].troughs = [1, 0, 0]
    assert s.ranks() == [1, 1]


# -- rulings (docs/games/farland.md) ------------------------------------------------------


def test_covered_token_returns_and_its_type_may_be_taken_again():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")  # wheat wheat / carrot carrot
    f = s.farms[0]
    f.tokens[sq(3, 0)] = SHEEP  # a sheep token on a wheat icon is not possible; test data
    s.token_supply[SHEEP] -= 1
    play(again(s), "take lower 2", "fence", "fence", "at 3,-1", "rotate 0")  # covers (3,0)
    assert s.token_supply[SHEEP] == 15
    assert names(s) == ["token sheep", "token wheat", "no token"]


def test_covering_returns_a_nimbus_generator_at_a_corner_of_a_covered_square():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    f = s.farms[0]
    f.nimbus.add(sq(3, 1))  # the corner between (2,0), (3,0), (2,1), (3,1)
    house = f.house[PIPE]
    play(again(s), "take lower 2", "fence", "fence", "at 3,0", "rotate 0")
    assert f.nimbus == set() and f.house[PIPE] == house + 2


def test_scoring_phase_comes_before_the_round_6_refill():
    s = _to_scoring(setup())
    market = list(s.market)
    s.supply = [0, 0, 0]
    kinds = [d.kind for d in s.pending]
    assert kinds.index("housekeeping") < kinds.index("score")  # runs after the scoring
    while s.pending[-1].kind == "install":
        assert s.market == market
        s.apply_notation("done")
    assert s.pending[-1].kind == "deal"
    assert s.supply == [12, 12, 12]


def test_plus_pieces_left_on_the_house_do_not_break_ties():
    s = setup()
    s.pending = []
    s.farms[0].house = [5, 5, 5]
    assert s.ranks() == [1, 1]


def test_illegal_placements_are_explained():
    s = setup()
    play(s, "take building + improvements", "at 2,0", "rotate 90")
    play(again(s), "take lower 2", "fence", "fence")
    with pytest.raises(IllegalActionError, match="only half of a building"):
        s.apply_notation("at 2,-1")
    with pytest.raises(IllegalActionError, match="starting house"):
        s.apply_notation("at 1,0")
    with pytest.raises(IllegalActionError, match="touch or cover your farm"):
        s.apply_notation("at 9,9")


def test_upper_four_space_card_gains_after_the_payment_fewer_if_the_supply_runs_out():
    s = setup()
    s.supply = [0, 0, 0]
    play(s, "take upper 1", "fence")  # L25 has four land spaces; the fence goes to the supply
    assert s.supply == [1, 0, 0]
    assert s.pending[-1].kind == "gain" and names(s) == ["fence"]
    play(s, "fence")  # the paid fence comes back: one gain, then the supply is empty
    assert s.farms[0].house == [1, 1, 0] and s.supply == [0, 0, 0]
    assert s.pending[-1].kind == "place"


def test_upper_four_space_card_gives_two_when_the_supply_holds_one_before_payment():
    s = setup()
    s.supply = [0, 0, 1]
    play(s, "take upper 1", "pipe", "trough", "pipe")
    assert s.farms[0].house == [1, 1, 1] and s.supply == [0, 0, 0]
    assert s.pending[-1].kind == "place"


def test_a_printed_fence_laid_on_a_wooden_fence_sends_the_wooden_one_home():
    s = setup(market=["L25", "L26", "L40", "L28"])  # L40: sheep1:W meadow / sheep1:W meadow
    f = s.farms[0]
    f.fences |= {2 * sq(2, 0) + 1, 2 * sq(2, 1) + 1}  # the east side of the house
    house = f.house[FENCE]
    play(s, "take lower 1", "pipe", "pipe", "at 2,0", "rotate 0")  # printed fences on the west
    assert f.fences == set()
    assert f.house[FENCE] == house + 2


def test_a_card_without_printed_fences_beside_a_wooden_fence_leaves_it():
    s = setup()
    f = s.farms[0]
    f.fences.add(2 * sq(2, 0) + 1)
    play(s, "take lower 1", "pipe", "pipe", "at 2,0", "rotate 0")  # L27, no printed fences
    assert f.fences == {2 * sq(2, 0) + 1}


def test_tokens_are_refused_on_building_squares():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")  # wheat1 wheat1 / carrot1 x2
    play(again(s), "take building + improvements", "at 2,1", "rotate 0")  # covers the carrots
    assert s.pending[-1].kind == "token"
    play(s, "token carrot")
    got = names(s)
    assert "at 2,1" not in got and "at 3,1" not in got  # the barn
    assert got == ["at 0,1", "at 1,1"]  # the house meadows (the wheat squares hold no carrot)
    with pytest.raises(IllegalActionError, match="free square with the same icon"):
        s.apply_notation("at 2,1")


@pytest.mark.parametrize(
    ("prepare", "move", "reason"),
    [
        (None, "take upper 4", "column 4 is not used with 2 players"),
        (None, "take lower 3", "column 3 is not used with 2 players"),
        (None, "install fence", "choose a market card or the building"),
        ("pay", "take lower 1", "choose the improvement to pay .*: fence, pipe or trough"),
        ("pay", "trough", "your house has no trough to pay with"),
        ("install", "edge h 0,2", "a printed fence is already on that edge"),
        ("install", "edge h 7,7", "not a side of a square of your farm"),
        ("install", "corner 1,1", "choose an edge"),
        ("install", "lift fence", "Flexible Installation"),
    ],
)
def test_illegal_moves_get_their_own_reason(prepare, move, reason):
    s = setup()
    if prepare == "pay":
        play(s, "take upper 1")
    elif prepare == "install":
        s.farms[0].house = [1, 0, 0]
        s.push("install", 0)
        s._legal_cache = None
        if move.startswith(("edge", "corner")):
            play(s, "install fence")
    with pytest.raises(IllegalActionError, match=reason):
        s.apply_notation(move)


def test_a_two_player_upper_take_in_an_unused_column_does_not_blame_the_house():
    s = setup()
    assert sum(s.farms[0].house) == 2
    with pytest.raises(IllegalActionError) as err:
        s.apply_notation("take upper 4")
    assert "house" not in str(err.value).split("Legal:")[0]


def test_a_short_pile_fills_the_upper_market_spaces_first():
    s = setup()
    s.deck = [60, 61]
    play(s, "take upper 1", "fence", "fence", "fence", "at 2,0", "rotate 0")
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    # after the slide the upper row is empty and so is lower 1 (its upper card was taken):
    # three spaces to fill and two cards left, dealt upper 1, then upper 2
    assert [d.info for d in s.pending if d.kind == "deal"] == [1, 0]
    play(s, "draw L61", "draw L62")
    assert s.market == [60, 61, -1, 25]
    assert s.round == 2
    got = names(s)
    assert "take lower 1" not in got
    assert {"take upper 1", "take upper 2", "take lower 2"} <= set(got)


def test_fences_and_pipes_may_run_between_the_halves_of_a_building():
    s = setup()
    play(s, "take building + improvements", "at 2,0", "rotate 90")  # barn on (2,0),(2,1)
    s = install_now(s, [1, 1, 0])
    f = s.farms[0]
    play(s, "install fence")
    assert {"edge h 2,1", "edge v 1,0"} <= set(names(s))  # the barn's and the house's middles
    play(s, "edge h 2,1", "install pipe")
    assert {"edge h 2,1", "edge v 1,0"} <= set(names(s))
    play(s, "edge h 2,1", "done")
    assert f.fences == {top(2, 1)} and f.pipes == {top(2, 1)}
    # the line counts like any other: fenced all round, the two halves are two pastures
    f.fences |= fence_around([(2, 0), (2, 1)])
    assert s.score_phase(0)["pastures"] == 2 * 3
