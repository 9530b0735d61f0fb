"""One scenario per rule of Farland (basic rules), named after the rule."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import meeple
from meeple.boardgames.farland.actions import N, sq
from meeple.boardgames.farland.farm import FENCE, OFF_GRID, PIPE, TROUGH, reach_key
from meeple.boardgames.farland.scoring import livestock_value
from meeple.boardgames.farland.state import FarlandState
from meeple.boardgames.farland.words import piece_name
from meeple.core import AUTOMATIC, CHANCE, Decision, IllegalActionError
from meeple.core.position import edit
from tests.games.farland.helpers import (
    COW,
    PIG,
    SHEEP,
    WHEAT,
    as_farland,
    decide,
    empty_market,
    fence_around,
    land,
    names,
    play,
    setup,
    top,
    with_farm,
    with_supply,
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
    assert s.top_imps == (0, 1, 0)


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
    s = with_farm(s, 0, house=[0, 0, 0])  # the two fences back to the supply
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
    assert s.top_imps == (0, 0, 0)
    assert s.pending[-1].kind == "place"
    assert piece_name(s.rules.components, s.pending[-1].info) == "building barn"


def test_taking_the_building_may_steal_the_first_player_marker():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    assert s.current_player() == 1
    play(s, "take building + first player")
    assert s.first == 1
    assert s.farms[1].house == [1, 1, 0]  # the improvements stay with the stack
    assert s.top_imps == (1, 0, 0)


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
    s = play(again(edit(s, first=2), 2), "take building + first player")
    assert s.first == 0


def test_pass_only_when_nothing_can_be_taken():
    s = empty_market(setup())
    assert names(s) == ["pass"]


def again(s, p=0):
    """``s`` with one more turn for player ``p`` now (to build up a farm quickly)."""
    return decide(s, "take", p)


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
    s = play(again(s), "take lower 2", "fence", "fence")
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
    s = with_farm(
        s,
        0,
        fences={2 * sq(3, 0)},  # top of (3,0)
        pipes={2 * sq(2, 1) + 1},  # left of (2,1): between the house and the card
    )
    house = list(s.farms[0].house)
    s = play(again(s), "take lower 2", "fence", "fence", "at 3,0", "rotate 0")
    f = s.farms[0]
    # (3,0) and (3,1) are covered: the fence on (3,0) returns; the pipe on (2,1)'s
    # left side stays (its squares are not covered)
    assert f.fences == set() and f.pipes == {2 * sq(2, 1) + 1}
    assert f.house[FENCE] == house[FENCE] + 1 + 2


def test_covering_a_resource_gives_one_token_per_space():
    s = setup()
    play(
        s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0"
    )  # wheat1 wheat1 / carrot1 carrot1
    s = play(again(s), "take lower 2", "fence", "fence", "at 3,0", "rotate 0")  # wheat1, carrot1
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
    s = play(again(s), "take lower 2", "fence", "fence", "at 2,-1", "rotate 0")  # covers sheep2
    assert s.pending[-1].info == (1 << SHEEP,)
    play(s, "token sheep", "at 3,1")  # sheep icon at (3,1)
    assert s.farms[0].tokens == {sq(3, 1): SHEEP}
    assert s.token_supply[SHEEP] == 14


def test_each_square_holds_at_most_one_token():
    s = with_farm(setup(), 0, tokens={(0, 1): COW})
    f = s.farms[0]
    assert sq(0, 1) not in s._token_spaces(f, COW)
    assert sq(1, 1) in s._token_spaces(f, COW)


def test_token_returns_to_the_supply_when_no_space_can_hold_it():
    s = setup()
    s = with_farm(s, 0, {(2, 0): land("cow", 1)}, tokens={(0, 1): WHEAT, (1, 1): WHEAT})
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")  # L27 covers the cow
    assert s.pending[-1].kind == "token"  # and no free square can hold it
    assert names(s) == ["no token"]


def test_covering_a_building_gives_nothing():
    s = setup()
    play(s, "take building + improvements", "at 2,0", "rotate 90")
    s = play(again(s), "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    assert s.pending[-1].kind != "token"
    assert s.farms[0].cells[sq(2, 0)][0] == 0


def test_a_whole_card_may_be_covered():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    s = play(again(s), "take lower 2", "fence", "fence", "at 2,0", "rotate 0")
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
    assert s.top == 1 and s.top_imps == (0, 1, 0) and s.building_open


def test_improvements_pile_up_on_a_building_nobody_takes():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    play(s, "take lower 2", "fence", "fence", "at 2,0", "rotate 0")
    play(s, "draw L40", "draw L41")
    assert s.top_imps == (1, 1, 0)


def _before(s: FarlandState, done: Callable[[FarlandState], bool]) -> tuple[FarlandState, int]:
    """Play on (the first legal move; chance drawn with a fixed seed) up to the move after
    which ``done`` holds: the state before that move, and the move."""
    rng = random.Random(0)
    while True:
        if s.current_player() == CHANCE:
            s.apply_action(meeple.sample_chance(s, rng))
            continue
        a = s.legal_actions()[0]
        after = as_farland(s.clone())
        after.apply_action(a)
        if done(after):
            return s, a
        s.apply_action(a)


def _ends_round(r: int) -> Callable[[FarlandState], bool]:
    """Has round ``r`` ended (its housekeeping run, the next round to start)?"""
    return lambda s: any(d.kind == "round_start" and d.info == r + 1 for d in s.pending)


def _short_pile(s: FarlandState, *cards: int) -> FarlandState:
    """``s`` with only ``cards`` left in the pile, the others out of the game."""
    gone = sum(1 << c for c in s.deck if c not in cards)
    return as_farland(edit(s, deck=list(cards), cards_gone=s.cards_gone | gone))


def test_supply_is_refilled_after_round_6_only():
    s, last = _before(setup(), _ends_round(6))  # the last move of the round-6 scoring phase
    s = with_supply(s, [3, 0, 12])
    box = list(s.box)
    s.apply_action(last)
    assert s.supply == [12, 12, 12]
    assert s.box == (box[0] - 9, box[1] - 12, box[2])
    s, last = _before(setup(), _ends_round(5))  # the last move of round 5
    s = with_supply(s, [3, 0, 12])
    s.apply_action(last)
    assert _ends_round(5)(s)
    assert s.supply == [3, 0, 12]


def test_empty_pile_leaves_market_spaces_empty():
    s = _short_pile(setup(), 60)
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
    s = with_farm(s, p, house=[1, 1, 1])
    f = s.farms[p]
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
    s = with_farm(s, s.current_player(), house=[2, 0, 0])
    play(s, "install fence", "edge h 0,0", "install fence")
    got = names(s)
    assert "edge h 0,0" not in got
    assert "edge h 0,2" not in got  # printed on the house meadows' south side
    assert "edge v 1,0" in got


def test_troughs_fill_a_table_from_the_bottom_up_to_its_top():
    s = _to_scoring(setup())
    s = with_farm(s, s.current_player(), house=[0, 0, 9])
    f = s.farms[s.current_player()]
    for _ in range(4):
        play(s, "install trough sheep")
    assert f.troughs[SHEEP] == 4
    assert "install trough sheep" not in names(s)


def install_now(s, house, p=0):
    """``s`` with an installing decision open for player ``p``, with ``house`` on the
    starting house (the pieces from the supply)."""
    return with_farm(s, p, house=house, pending=[*s.pending, Decision("install", p)])


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
    # the last move of round 6, with the first-player marker on seat 1
    s, last = _before(setup(3), lambda t: t.decision is not None and t.decision.kind == "install")
    s = edit(s, first=1)
    s.apply_action(last)
    order = []
    while s.pending[-1].kind == "install":
        order.append(s.current_player())
        s.apply_notation("done")
    assert order == [1, 2, 0]


def test_installed_improvements_stay_for_the_second_scoring():
    s = _to_scoring(setup())
    p = s.current_player()
    s = with_farm(s, p, house=[1, 0, 0])
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
    s = with_farm(s, 1, fences={2 * sq(0, 0)})
    assert s.scores()[0]["total"] == s.scores()[1]["total"]
    assert s.ranks() == [2, 1]
    s = with_farm(s, 0, troughs=[1, 0, 0])
    assert s.ranks() == [1, 1]


# -- rulings (docs/games/farland.md) ------------------------------------------------------


def test_covered_token_returns_and_its_type_may_be_taken_again():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")  # wheat wheat / carrot carrot
    # a sheep token (from the supply) on a wheat icon is not possible; test data
    s = with_farm(s, 0, tokens={(3, 0): SHEEP})
    assert s.token_supply[SHEEP] == 14
    s = play(again(s), "take lower 2", "fence", "fence", "at 3,-1", "rotate 0")  # covers (3,0)
    assert s.token_supply[SHEEP] == 15
    assert names(s) == ["token sheep", "token wheat", "no token"]


def test_covering_returns_a_nimbus_generator_at_a_corner_of_a_covered_square():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    s = with_farm(s, 0, nimbus={sq(3, 1)})  # the corner between (2,0), (3,0), (2,1), (3,1)
    house = s.farms[0].house[PIPE]
    s = play(again(s), "take lower 2", "fence", "fence", "at 3,0", "rotate 0")
    f = s.farms[0]
    assert f.nimbus == set() and f.house[PIPE] == house + 2


def test_scoring_phase_comes_before_the_round_6_refill():
    s = _to_scoring(setup())
    market = list(s.market)
    s = with_supply(s, [0, 0, 0])
    kinds = [d.kind for d in s.pending]
    assert kinds.index("housekeeping") < kinds.index("score")  # runs after the scoring
    while s.pending[-1].kind == "install":
        assert s.market == market
        s.apply_notation("done")
    assert s.pending[-1].kind == "deal"
    assert s.supply == [12, 12, 12]


def test_plus_pieces_left_on_the_house_do_not_break_ties():
    s = with_farm(setup(), 0, house=[5, 5, 5])
    assert s.ranks() == [1, 1]


def test_illegal_placements_are_explained():
    s = setup()
    play(s, "take building + improvements", "at 2,0", "rotate 90")
    s = play(again(s), "take lower 2", "fence", "fence")
    with pytest.raises(IllegalActionError, match="only half of a building"):
        s.apply_notation("at 2,-1")
    with pytest.raises(IllegalActionError, match="starting house"):
        s.apply_notation("at 1,0")
    with pytest.raises(IllegalActionError, match="touch or cover your farm"):
        s.apply_notation("at 9,9")


def test_upper_four_space_card_gains_after_the_payment_fewer_if_the_supply_runs_out():
    s = with_supply(setup(), [0, 0, 0])
    play(s, "take upper 1", "fence")  # L25 has four land spaces; the fence goes to the supply
    assert s.supply == [1, 0, 0]
    assert s.pending[-1].kind == "gain" and names(s) == ["fence"]
    play(s, "fence")  # the paid fence comes back: one gain, then the supply is empty
    assert s.farms[0].house == [1, 1, 0] and s.supply == [0, 0, 0]
    assert s.pending[-1].kind == "place"


def test_upper_four_space_card_gives_two_when_the_supply_holds_one_before_payment():
    s = with_supply(setup(), [0, 0, 1])
    play(s, "take upper 1", "pipe", "trough", "pipe")
    assert s.farms[0].house == [1, 1, 1] and s.supply == [0, 0, 0]
    assert s.pending[-1].kind == "place"


def test_a_printed_fence_laid_on_a_wooden_fence_sends_the_wooden_one_home():
    s = setup(market=["L25", "L26", "L40", "L28"])  # L40: sheep1:W meadow / sheep1:W meadow
    s = with_farm(s, 0, fences={2 * sq(2, 0) + 1, 2 * sq(2, 1) + 1})  # the house's east side
    f = s.farms[0]
    house = f.house[FENCE]
    play(s, "take lower 1", "pipe", "pipe", "at 2,0", "rotate 0")  # printed fences on the west
    assert f.fences == set()
    assert f.house[FENCE] == house + 2


def test_a_card_without_printed_fences_beside_a_wooden_fence_leaves_it():
    s = with_farm(setup(), 0, fences={2 * sq(2, 0) + 1})
    f = s.farms[0]
    play(s, "take lower 1", "pipe", "pipe", "at 2,0", "rotate 0")  # L27, no printed fences
    assert f.fences == {2 * sq(2, 0) + 1}


def test_tokens_are_refused_on_building_squares():
    s = setup()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")  # wheat1 wheat1 / carrot1 x2
    s = play(again(s), "take building + improvements", "at 2,1", "rotate 0")  # the carrots
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
        s = install_now(s, [1, 0, 0])
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
    s = _short_pile(setup(), 60, 61)
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
    s = with_farm(s, 0, fences=fence_around([(2, 0), (2, 1)]))
    assert s.score_phase(0)["pastures"] == 2 * 3


# -- a refusal's reason comes from the rule that decides ---------------------------------


def _rule_problem(s: FarlandState, a: int) -> str | None:
    """The problem the rule of the current decision finds with action ``a`` (None: it
    finds none), from the predicates the legal-move generators use."""
    d = s.pending[-1]
    L = s.L
    p = d.player
    farm = s.farms[p]
    kind = d.kind
    if kind == "take":
        return s._take_problems(p)[a - L.TAKE_UPPER]
    if kind == "start":
        return s._start_problem(a - L.IMP)
    if kind == "pay":
        return s._pay_problem(p, a - L.IMP)
    if kind == "gain":
        return s._gain_problem(a - L.IMP)
    if kind == "place":
        return s._place_problem(p, d.info, a - L.AT)
    if kind == "rotate":
        return s._rotation_problems(p, d.info[0], d.info[1])[a - L.ROT]
    if kind == "token":
        return s._token_problem(p, d.info[0], a)
    if kind == "token_at":
        return s._token_square_problem(farm, d.info, a - L.AT)
    if kind == "upgrade":
        return s._upgrade_problems(farm)[a - L.TECH]
    if kind == "install":
        return s._install_problem(farm, a)
    assert kind == "install_at", kind
    return s._install_at_problem(farm, d.info, a)


def _rule_ids(s: FarlandState, rng: random.Random) -> list[int]:
    """The action ids the current decision's rule judges: every id of a small block; of
    the squares, edges or corners, every one in and around the farm and a random sample
    of the rest of the grid."""
    d = s.pending[-1]
    L = s.L
    blocks = {
        "take": range(L.TAKE_UPPER, L.PASS + 1),
        "start": range(L.IMP, L.IMP + 3),
        "pay": range(L.IMP, L.IMP + 3),
        "gain": range(L.IMP, L.IMP + 3),
        "rotate": range(L.ROT, L.ROT + 4),
        "token": range(L.TOKEN, L.NO_TOKEN + 1),
        "upgrade": range(L.TECH, L.PLUS10 + 1),
        "install": range(L.INSTALL, L.DONE + 1),
    }
    if d.kind in blocks:
        return list(blocks[d.kind])
    cells = s.farms[d.player].cells
    xs = [i % N for i in cells]
    ys = [i // N for i in cells]
    near = {
        x + y * N
        for y in range(max(0, min(ys) - 4), min(N, max(ys) + 5))
        for x in range(max(0, min(xs) - 4), min(N, max(xs) + 5))
    }
    squares = sorted(near | set(rng.sample(range(N * N), 60)))
    if d.kind in ("place", "token_at"):
        return [L.AT + i for i in squares]
    assert d.kind == "install_at", d.kind
    if d.info in (FENCE, PIPE, -1 - FENCE, -1 - PIPE):
        return [L.EDGE + e for i in squares for e in (2 * i, 2 * i + 1)]
    return [L.CORNER + i for i in squares]


def _check_rules_decide(s: FarlandState, rng: random.Random, seen: dict[str, int]) -> None:
    """At the current decision: an action is legal exactly when its rule finds no problem,
    and an illegal one is refused with the rule's reason."""
    d = s.pending[-1]
    legal = set(s.legal_actions())
    refused = []
    for a in _rule_ids(s, rng):
        why = _rule_problem(s, a)
        assert (why is None) == (a in legal), (
            f"{d.kind} {s.action_to_string(a)}: legal {a in legal}, the rule says {why!r}"
        )
        if why is not None:
            refused.append((a, why))
        assert s._explain_illegal(a) == why, (d.kind, s.action_to_string(a))
    seen[d.kind] = seen.get(d.kind, 0) + 1
    # a refusal's message gives the rule's reason (a sample: each one builds a message)
    for a, why in rng.sample(refused, min(len(refused), 6)):
        with pytest.raises(IllegalActionError) as err:
            s.apply_action(a)
        assert why in str(err.value), (why, str(err.value))
    assert set(s.legal_actions()) == legal  # a refused action changes nothing


@pytest.mark.parametrize(
    ("players", "rules", "seed"),
    [
        (2, "basic", 1),
        (2, "basic", 5),
        (3, "basic", 6),
        (4, "basic", 2),
        (2, "advanced", 3),
        (2, "advanced", 7),
        (4, "advanced", 4),
    ],
)
def test_every_refusal_comes_from_the_rule_that_decides(players, rules, seed):
    s = meeple.load("farland", players=players, rules=rules).new_initial_state()
    assert isinstance(s, FarlandState)
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            s.apply_action(meeple.sample_chance(s, rng))
            continue
        _check_rules_decide(s, rng, seen)
        s.apply_action(rng.choice(s.legal_actions()))
    kinds = {"take", "start", "pay", "gain", "place", "rotate", "token", "token_at", "install"}
    kinds |= {"install_at"} | ({"upgrade"} if rules == "advanced" else set())
    assert kinds <= set(seen), f"no {kinds - set(seen)} decision was checked"


def test_gains_and_payments_are_refused_by_their_rules():
    s = with_supply(setup(), [0, 2, 2])
    play(s, "take lower 2")  # L26 gains improvements; the supply has no fence
    assert s.pending[-1].kind == "gain"
    _check_rules_decide(s, random.Random(0), {})
    with pytest.raises(IllegalActionError, match="the supply has no fence left"):
        s.apply_notation("fence")
    s = setup(picks=["fence", "fence", "pipe", "pipe"])
    play(s, "take upper 1")
    _check_rules_decide(s, random.Random(0), {})
    with pytest.raises(IllegalActionError, match="your house has no pipe to pay with"):
        s.apply_notation("pipe")


def test_the_placement_rule_judges_every_square_as_it_judges_one():
    s = meeple.load("farland", players=2, rules="advanced").new_initial_state()
    assert isinstance(s, FarlandState)
    rng = random.Random(8)
    while s.round < 10:  # farms with buildings on them
        if s.current_player() == CHANCE:
            s.apply_action(meeple.sample_chance(s, rng))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    farm = s.farms[0].copy()
    # as if the farm reached the grid's edges
    farm.spread((5 * N + 1, N * N - 3 * N - 2, 2 * N + 7, N * N - 2 * N + 9))
    footprints = {
        (shape[0], shape[1], shape[3]): shape
        for shapes in s.rules.shapes.values()
        for shape in shapes
        if shape is not None
    }
    reasons: set[str | None] = set()
    at = s.rules.actions.AT
    for shape in footprints.values():
        fits = farm.anchors(shape)  # the rule as sets: every square at once
        # the place decision: the same squares, from the reach the farm keeps as it grows
        assert farm.fits(reach_key(at, shape)) == {at + a for a in fits}, shape[:2]
        for a in range(N * N):
            why = farm.fit_problem(a, shape)  # the rotate decision and the refusals
            assert (why is None) == (a in fits), (shape[:2], a, why)
            reasons.add(why)
    assert OFF_GRID in reasons and None in reasons and len(reasons) == 5
