"""One scenario test per rule of Queensland, named after the rule.

Unless a test says otherwise, the start farms face north, so player 0's start tiles are
A (0,0), B (1,0), C (0,1), D (1,1): x grows east, y grows south, north is up.
"""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.boardgames.queensland import actions as A
from meeple.boardgames.queensland.scoring import final_scores, toad_extremes, trait_points
from meeple.core import CHANCE, IllegalActionError
from meeple.core.position import edit
from tests.games.queensland.helpers import (
    at_first_turn,
    at_setup,
    make_tile,
    names,
    new_game,
    play,
    put_by_hand,
    toads,
    with_tile,
    with_toads,
)

# -- setup ---------------------------------------------------------------------


def test_setup_follows_the_rulebook_market_then_facings_then_the_starting_player():
    """Setup steps 4, 7 and 9: the market is dealt, each farm is turned (with the market
    in view), and only then is the starting player drawn."""
    state = new_game(3).new_initial_state()
    kinds = []
    while state.decision is not None and state.decision.kind != "take":
        kinds.append(state.decision.kind)
        if state.current_player() == CHANCE:
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_notation("face north")
    assert kinds == ["deal", "deal", "deal", "face", "face", "face", "first"]


def test_the_starting_player_is_drawn_by_chance_after_the_farms_face():
    state = at_setup(3)
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert names(state) == ["first player 0", "first player 1", "first player 2"]
    assert state.observation(None)["first_player"] is None
    state.apply_notation("first player 2")
    assert state.current_player() == 2 and names(state)[0] == "take 1"


def test_the_first_player_notation_keeps_the_seat_index_and_the_log_counts_from_one():
    # Records hold "first player P" with P the seat index (from 0), as they always have;
    # the move log, which people read, names that seat "player P+1".
    state = at_setup(3)
    first = state.string_to_action("first player 1")
    state.apply_action(first)
    assert state.current_player() == 1
    for viewer in (None, 0, 1, 2):
        assert state.action_seen_by(viewer, CHANCE, first) == "player 2 starts"


def test_each_player_chooses_which_way_their_start_farm_faces():
    state = new_game(3).new_initial_state()
    play(state, "draw T07", "draw T12", "draw T33")
    order = []
    for face in ("west", "east", "south"):
        order.append(state.current_player())
        assert names(state) == ["face north", "face east", "face south", "face west"]
        # The market is already dealt when a farm is turned (setup step 4 before 7).
        assert [m["tile"] for m in state.observation(None)["market"]] == ["T07", "T12", "T33"]
        state.apply_notation(f"face {face}")
    assert order == [0, 1, 2]  # in seat order: no starting player is drawn yet
    farms = state.observation(None)["farms"]
    assert [f["facing"] for f in farms] == ["west", "east", "south"]
    # Facing east turns the 2x2 block a quarter clockwise: C goes top-left.
    assert farms[1]["tiles"] == [
        [0, 0, "C", 90, 0],
        [1, 0, "A", 90, 0],
        [0, 1, "D", 90, 0],
        [1, 1, "B", 90, 0],
    ]
    assert [t[2] for t in farms[2]["tiles"]] == ["D", "C", "B", "A"]


def test_three_market_tiles_are_drawn_from_the_tiles_left():
    state = new_game(2).new_initial_state()
    assert state.current_player() == CHANCE
    assert len(state.chance_outcomes()) == 50
    play(state, "draw T07", "draw T12")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 48 and all(p == pytest.approx(1 / 48) for _, p in outcomes)
    assert state.string_to_action("draw T07") not in [a for a, _ in outcomes]
    state.apply_notation("draw T33")
    obs = state.observation(0)
    assert [m["tile"] for m in obs["market"]] == ["T07", "T12", "T33"]
    assert len(obs["face_down"]) == obs["pile"] == 47 and "T07" not in obs["face_down"]
    assert state.current_player() == 0 and names(state)[0] == "face north"


# -- placing a tile --------------------------------------------------------------


def test_a_tile_must_touch_your_farm_and_match_every_touching_side():
    state = at_first_turn(market=("T09", "T21", "T30"))
    state.apply_notation("take 1")  # T09: cane north and east, soil south and west
    # (0,2) and (1,2) are refused: C and D show wheat to the south and T09 has no wheat.
    assert names(state) == [
        "place 0,-1",
        "place 1,-1",
        "place -1,0",
        "place 2,0",
        "place -1,1",
        "place 2,1",
    ]


def test_a_tile_may_be_turned_to_any_rotation_that_matches():
    state = at_first_turn(market=("T09", "T21", "T30"))
    play(state, "take 1", "place 0,-1")
    assert names(state) == ["rotate 0", "rotate 270"]  # soil must face A's soil north side
    state = at_first_turn(market=("T12", "T21", "T30"))  # cane on all four sides
    play(state, "take 1", "place -1,0")
    assert names(state) == ["rotate 0", "rotate 90", "rotate 180", "rotate 270"]


def test_a_split_side_matches_only_its_mirror():
    state = at_first_turn(market=("T49", "T21", "T30"))  # T49's north side is cane/wheat
    state = with_tile(state, 0, 5, 5, "T50")  # by hand, apart: its north side is wheat/cane
    play(state, "take 1", "place 5,4")
    # T49 turned 180 shows cane/wheat clockwise on its south side: the mirror image.
    assert names(state) == ["rotate 180"]
    # T41 and T45 both show wheat/soil on their north side (a game has one T50).
    state = at_first_turn(market=("T49", "T41", "T30"))
    state = with_tile(state, 0, 5, 5, "T45")  # by hand, apart: its north side is wheat/soil
    play(state, "take 2")
    assert "place 5,4" not in names(state)  # the same split side never meets itself


def test_every_touching_side_must_match_not_just_one():
    state = at_first_turn(market=("T09", "T21", "T30"))
    # Alone beside D, T09 may show its cane west side (rotate 180) or its cane north
    # side (rotate 270) to D's cane.
    play(state, "take 1", "place 2,1")
    assert names(state) == ["rotate 180", "rotate 270"]
    state = at_first_turn(market=("T09", "T21", "T30"))
    state = with_tile(state, 0, 2, 0, "T17")  # soil south, over the same cell
    play(state, "take 1", "place 2,1")
    assert names(state) == ["rotate 180"]  # turned 270 its cane would meet that soil


def test_you_may_only_add_tiles_to_your_own_farm():
    state = at_first_turn(market=("T09", "T21", "T30"))
    state = with_tile(state, 1, 5, 5, "T17")  # player 1 grows far away; player 0 is not offered it
    play(state, "take 1")
    assert "place 5,4" not in names(state)


# -- adding and moving toads -------------------------------------------------------


@pytest.mark.parametrize(("space", "added"), [(1, 1), (2, 2), (3, 3)])
def test_the_market_space_says_how_many_toads_are_added(space, added):
    state = at_first_turn(market=("T17", "T16", "T03"))
    tile = ["T17", "T16", "T03"][space - 1]
    play(state, f"take {space}")
    cells = names(state)
    state.apply_notation(cells[0])
    state.apply_notation(names(state)[0])
    assert sum(toads(state, 0).values()) == added
    assert state.supply == 60 - added
    assert state.observation(0)["last"]["tile"] == tile


def test_toads_added_are_limited_by_the_supply():
    state = at_first_turn(market=("T09", "T21", "T30"))
    state = with_toads(state, 1, 0, 0, 59)  # all but one toad are on player 1's farm
    play(state, "take 3")
    play(state, names(state)[0])
    play(state, names(state)[0])
    assert sum(toads(state, 0).values()) == 1
    assert state.supply == 0


def test_a_single_move_moves_every_toad_of_the_active_player_one_step():
    state = at_first_turn(market=("T09", "T21", "T30"))
    state = with_toads(state, 0, 0, 0, 2)  # on A
    state = with_toads(state, 0, 0, 1, 1)  # on C
    state = with_toads(state, 1, 0, 0, 4)  # a passive player's toads do not move
    play(state, "take 1", "place 2,0", "rotate 0")  # T09: single arrow east
    assert toads(state, 0) == {(1, 0): 2, (1, 1): 1, (2, 0): 1}
    assert toads(state, 1) == {(0, 0): 4}
    assert state.observation(1)["last"]["arrow"] == "single"


def test_a_double_move_moves_every_toad_two_steps():
    state = at_first_turn(market=("T21", "T12", "T30"))
    state = with_toads(state, 0, 0, 1, 1)  # on C: one step to D, then the farm ends
    play(state, "take 2", "place -1,0", "rotate 0")  # T12: double arrow east
    assert toads(state, 0) == {(1, 0): 2, (1, 1): 1}


def test_toads_never_leave_the_farm_and_stay_on_the_last_tile():
    state = at_first_turn(market=("T09", "T21", "T30"))
    state = with_toads(state, 0, 1, 0, 3)  # on B, at the east edge of the farm
    play(state, "take 1", "place 0,-1", "rotate 0")  # single arrow east
    assert toads(state, 0) == {(1, 0): 3, (0, -1): 1}  # nothing east of either tile


def test_a_gap_in_the_farm_counts_as_off_the_farm():
    state = at_first_turn(market=("T09", "T21", "T30"))
    # Four tiles whose sides match (a game has one of each); (2,0) stays a hole.
    for x, y, tile, rot in (
        (1, -1, "T06", 0),
        (2, -1, "T17", 0),
        (3, -1, "T16", 0),
        (3, 0, "T10", 1),
    ):
        state = with_tile(state, 0, x, y, tile, rot)
    state = with_toads(state, 0, 1, 0, 2)  # on B, the hole to its east
    state = with_toads(state, 0, 2, -1, 1)  # north of the hole, free to move on
    play(state, "take 1", "place -1,0", "rotate 0")  # single arrow east
    assert toads(state, 0) == {(1, 0): 2, (3, -1): 1, (0, 0): 1}


def test_a_double_move_never_jumps_a_gap_in_the_farm():
    """Ruling 13: a double move is two single steps, so a hole stops a toad for both."""
    state = at_first_turn(market=("T25", "T21", "T30"))
    # Four tiles whose sides match; (2,0) stays a hole, with farm beyond it at (3,0).
    for x, y, tile, rot in (
        (2, -1, "T17", 0),
        (3, -1, "T16", 0),
        (3, 0, "T06", 1),
        (4, 0, "T09", 2),
    ):
        state = with_tile(state, 0, x, y, tile, rot)
    state = with_toads(state, 0, 1, 0, 2)  # on B, the hole to its east
    state = with_toads(state, 0, 2, -1, 1)  # north of the hole: one step, then the farm ends
    play(state, "take 1", "place 0,2", "rotate 0")  # T25: double arrow east
    assert toads(state, 0) == {(1, 0): 2, (3, -1): 1, (0, 2): 1}


def test_with_the_supply_empty_no_toads_are_added_but_the_toads_still_move():
    state = at_first_turn(market=("T09", "T21", "T30"))
    state = with_toads(state, 1, 0, 0, 58)
    state = with_toads(state, 0, 0, 0, 2)  # on A: every toad is on a farm now
    assert state.supply == 0
    play(state, "take 1", "place 2,0", "rotate 0")  # T09: single arrow east
    assert state.observation(0)["last"]["toads_added"] == 0
    assert toads(state, 0) == {(1, 0): 2}
    assert state.supply == 0


def test_toads_in_a_pond_never_move():
    state = at_first_turn(market=("T09", "T21", "T30"))
    state = with_tile(state, 0, 2, 1, "T01", rot=3, toads=3)  # a pond east of D
    state = with_tile(state, 0, 3, 1, "T17")
    play(state, "take 1", "place -1,0", "rotate 0")  # single arrow east
    assert toads(state, 0) == {(2, 1): 3, (0, 0): 1}


def test_toads_added_to_a_pond_tile_just_placed_never_move():
    state = at_first_turn(market=("T09", "T21", "T39"))
    state = with_tile(state, 0, 2, 0, "T17", rot=2)  # wheat south, above the cell (2,1)
    state = with_toads(state, 0, 1, 1, 1)  # on D
    play(state, "take 3", "place 2,1", "rotate 270")  # T39: pond, single arrow north
    assert state.observation(0)["last"]["direction"] == "north"
    assert toads(state, 0) == {(2, 1): 3, (1, 0): 1}


def test_a_double_move_stops_a_toad_that_reaches_a_pond_after_one_step():
    state = at_first_turn(market=("T25", "T21", "T30"))
    state = with_tile(state, 0, 2, 1, "T01", rot=3)  # a pond east of D
    state = with_tile(state, 0, 3, 1, "T17")  # more farm beyond the pond
    state = with_toads(state, 0, 1, 1, 1)  # on D: into the pond, then stops
    state = with_toads(state, 0, 0, 1, 2)  # on C: to D, then into the pond
    play(state, "take 1", "place 0,2", "rotate 0")  # T25: double arrow east
    assert toads(state, 0) == {(2, 1): 3, (0, 2): 1}


# -- group moves ------------------------------------------------------------------


def group_position(players: int = 3):
    """Player 0 is about to place T31 (group arrow) so that it points south."""
    state = at_first_turn(players, market=("T09", "T21", "T31"))
    for p in range(1, players):
        state = with_toads(state, p, 0, 0, 1)  # on A: a step south reaches C
    play(state, "take 3", "place 1,-1", "rotate 180")
    return state


def test_a_group_move_lets_each_passive_player_follow_or_stay():
    state = group_position(3)
    assert toads(state, 0) == {(1, 0): 3}  # the active player moved first
    assert state.current_player() == 1 and names(state) == ["follow", "stay"]
    state.apply_notation("follow")
    assert state.current_player() == 2
    state.apply_notation("stay")
    assert toads(state, 1) == {(0, 1): 1}
    assert toads(state, 2) == {(0, 0): 1}
    assert state.observation(0)["last"]["answers"] == [None, "follow", "stay"]
    assert state.current_player() == CHANCE  # the market is refilled


def test_a_passive_player_who_follows_moves_one_step_only():
    """Ruling 14: following a group move is one step, as the active player's was."""
    state = at_first_turn(3, market=("T09", "T21", "T31"))
    state = with_tile(state, 1, 0, 2, "T18")  # wheat north and south: C's column goes on south
    state = with_tile(state, 1, 0, 3, "T19")  # the same sides as T18
    state = with_toads(state, 1, 0, 0, 1)  # on A: two tiles of farm lie south of C
    play(state, "take 3", "place 1,-1", "rotate 180")  # group arrow south
    assert toads(state, 0) == {(1, 0): 3}  # the active player moved one step too
    play(state, "follow")  # player 2 holds no toad and is not asked
    assert toads(state, 1) == {(0, 1): 1}


def test_group_answers_stay_hidden_until_every_passive_player_has_answered():
    state = group_position(4)
    state.apply_notation("follow")  # player 1
    assert state.is_simultaneous_hidden()
    for viewer in (None, 0, 2, 3):
        group = state.observation(viewer)["group"]
        assert group["answered"] == [False, True, False, False]
        assert group["mine"] is None
    assert state.observation(1)["group"]["mine"] == "follow"
    # Nothing has moved yet, so the farms show nothing either.
    assert toads(state, 1) == {(0, 0): 1}
    assert state.observation(2)["farms"][1]["tiles"][0][4] == 1
    play(state, "stay", "follow")
    assert not state.is_simultaneous_hidden()
    assert state.observation(2)["last"]["answers"] == [None, "follow", "stay", "follow"]


def test_determinize_re_deals_the_hidden_answers_of_the_others():
    state = group_position(4)
    play(state, "follow", "stay")  # players 1 and 2 have answered; player 3 is to answer
    seen = set()
    for seed in range(40):
        det = state.determinize(3, random.Random(seed))
        assert det.observation(3) == state.observation(3)
        seen.add((det.choices[1], det.choices[2]))
        det.apply_notation("stay")
        assert det.is_terminal() or det.current_player() == CHANCE
    assert len(seen) == 4  # every combination of the hidden answers comes up
    own = state.determinize(1, random.Random(1))
    assert own.choices[1] == 1  # a player's own answer is kept


def test_a_passive_player_whose_toads_cannot_move_is_not_asked():
    state = at_first_turn(3, market=("T09", "T21", "T31"))
    state = with_toads(state, 1, 0, 1, 2)  # on C: nothing south of it
    state = with_toads(state, 2, 0, 0, 1)  # on A: C is south of it
    play(state, "take 3", "place 1,-1", "rotate 180")
    assert state.current_player() == 2
    assert [d.player for d in state.pending] == [2]
    # Everyone sees that player 1 was not asked (and is not "waiting").
    for viewer in (None, 0, 1, 2):
        group = state.observation(viewer)["group"]
        assert group["asked"] == [False, False, True]
        assert group["answered"] == [False, False, False]


def test_who_was_asked_stays_public_while_the_answers_come_in():
    state = at_first_turn(4, market=("T09", "T21", "T31"))
    for p in (1, 3):
        state = with_toads(state, p, 0, 0, 1)  # on A: a step south reaches C
    # Player 2 holds no toad, so it is not asked.
    play(state, "take 3", "place 1,-1", "rotate 180", "follow")  # player 1 answers
    assert state.current_player() == 3
    for viewer in (None, 0, 1, 2, 3):
        group = state.observation(viewer)["group"]
        assert group["asked"] == [False, True, False, True]
        assert group["answered"] == [False, True, False, False]


def test_a_group_answer_is_in_the_move_log_only_for_the_player_who_gave_it():
    # The others read "has answered": the move log names the player before the text.
    state = group_position(4)
    follow = state.game.parse_action("follow")
    stay = state.game.parse_action("stay")
    state.apply_action(follow)  # seat 1 (player 2), answers still pending
    assert state.is_simultaneous_hidden()
    assert state.action_seen_by(1, 1, follow) == "follow"
    for viewer in (None, 0, 2, 3):
        assert state.action_seen_by(viewer, 1, follow) == "has answered"
    state.apply_action(stay)  # seat 2 (player 3)
    assert state.action_seen_by(2, 2, stay) == "stay"
    for viewer in (None, 0, 1, 3):
        assert state.action_seen_by(viewer, 2, stay) == "has answered"
    state.apply_action(follow)  # seat 3 (player 4), the last: the observation now shows all
    assert not state.is_simultaneous_hidden()
    assert state.action_seen_by(0, 3, follow) == "has answered"
    assert state.action_seen_by(3, 3, follow) == "follow"
    assert state.observation(0)["last"]["answers"] == [None, "follow", "stay", "follow"]


def test_moves_other_than_group_answers_are_public_in_the_move_log():
    state = at_first_turn(3, market=("T09", "T21", "T31"))
    take = state.game.parse_action("take 3")
    state.apply_action(take)
    for viewer in (None, 0, 1, 2):
        assert state.action_seen_by(viewer, 0, take) == "take 3"


# -- pond scoring -----------------------------------------------------------------


@pytest.mark.parametrize(("count", "points"), [(4, 0), (5, 5), (6, 3), (9, 3)])
def test_a_pond_scores_5_for_exactly_five_toads_and_3_for_six_or_more(count, points):
    state = at_first_turn(market=("T09", "T21", "T30"))
    # A pond east of D, and toads on D that the single move east brings into it: a pond
    # holds four at most before a move (five or more score at once).
    before = min(count - 1, 4)
    state = with_tile(state, 0, 2, 1, "T01", rot=3, toads=before)
    state = with_toads(state, 0, 1, 1, count - before)  # on D
    supply = state.supply
    play(state, "take 1", "place -1,0", "rotate 0")  # T09: single east, +1 toad
    assert state.in_play[0] == points
    assert state.scores()[0]["ponds_in_play"] == points
    pond = toads(state, 0).get((2, 1), 0)
    if points:
        assert pond == 0  # the tile stays, its toads go back to the supply
        assert state.supply == supply - 1 + count
        assert state.observation(1)["last"]["ponds_scored"] == [
            {"player": 0, "cell": [2, 1], "toads": count, "points": points}
        ]
    else:
        assert pond == count and state.supply == supply - 1


# -- the market and the end -------------------------------------------------------


@pytest.mark.parametrize(
    ("space", "after"),
    [(1, ["T40", "T21", "T30"]), (2, ["T40", "T09", "T30"]), (3, ["T40", "T09", "T21"])],
)
def test_market_tiles_slide_right_and_the_new_tile_enters_space_1(space, after):
    state = at_first_turn(market=("T09", "T21", "T30"))
    play(state, f"take {space}")
    play(state, names(state)[0])
    play(state, names(state)[0])
    assert state.current_player() == CHANCE
    state.apply_notation("draw T40")
    assert [m["tile"] for m in state.observation(None)["market"]] == after
    assert state.current_player() == 1


def test_turns_pass_clockwise_and_wrap_round_to_the_first_seat():
    state = at_first_turn(3, market=("T09", "T21", "T30"), first=2)
    order = []
    for draw in ("T40", "T17", "T16"):
        order.append(state.current_player())
        play(state, "take 1")
        play(state, names(state)[0])
        play(state, names(state)[0])
        state.apply_notation(f"draw {draw}")
    assert order == [2, 0, 1]
    assert state.current_player() == 2


def test_the_last_turn_is_played_out_in_full_before_final_scoring():
    """Ruling 12: the turn whose refill finds the pile empty still scores its ponds."""
    state = at_first_turn(market=("T09", "T21", "T30"))
    state = with_tile(state, 0, 2, 1, "T01", rot=3, toads=4)  # a pond east of D
    state = with_toads(state, 0, 1, 1, 1)  # on D: the single move east makes it five
    # The last face-down tile has gone to the market: the others left the game in
    # earlier turns.
    state = edit(state, pile=[], discarded=len(state.pile), turns=state.turns + len(state.pile))
    play(state, "take 1", "place -1,0", "rotate 0")  # T09: single east
    assert state.is_terminal()
    assert state.scores()[0]["ponds_in_play"] == 5
    assert state.scores()[0]["ponds"] == 1  # the emptied pond also scores H
    obs = state.observation(None)
    assert [m["tile"] for m in obs["market"]] == [None, None, None]  # T21, T30 leave


@pytest.mark.parametrize("players", [1, 5])
def test_only_two_to_four_players_can_play(players):
    with pytest.raises(meeple.OptionError, match="2 to 4 players"):
        meeple.load("queensland", players=players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_game_ends_when_the_market_cannot_be_refilled(players):
    rng = random.Random(players)
    state = new_game(players).new_initial_state()
    placed = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            a = meeple.sample_chance(state, rng)
        else:
            a = rng.choice(state.legal_actions())
        if state.decision.kind == "take":
            placed += 1
        state.apply_action(a)
    assert placed == 48  # 50 tiles, 3 in the market at the start, 2 left at the end
    obs = state.observation(None)
    assert [m["tile"] for m in obs["market"]] == [None, None, None]
    assert obs["pile"] == 0
    assert sum(len(f["tiles"]) for f in obs["farms"]) == 48 + 4 * players - _discards(state)


def _discards(state) -> int:
    texts = [state.action_to_string(a) for a in state.history]
    return sum(
        1
        for i, t in enumerate(texts)
        if t.startswith("take") and (i + 1 == len(texts) or not texts[i + 1].startswith("place"))
    )


def test_a_tile_that_fits_nowhere_is_discarded():
    """Ruling: when no market tile fits, the player takes one and it leaves the game."""
    state = at_first_turn(market=("T01", "T02", "T03"))  # cane caps, soil elsewhere
    # Left as it was, written by hand: the open cells cut down to the hole alone (and the
    # same tile put twice), which no farm of the game has (the check: "a farm tile is in
    # two places", "player 0's open cells are out of date").
    hole = A.pack(5, 5)
    put_by_hand(state, 0, 5, 4, "T18")  # wheat south
    put_by_hand(state, 0, 6, 5, "T12")  # cane west
    put_by_hand(state, 0, 5, 6, "T18")  # wheat north
    put_by_hand(state, 0, 4, 5, "T12")  # cane east
    state.open[0] = {hole: state._key(state.tiles[0], hole)}
    state._legal_cache = None
    assert names(state) == ["take 1", "take 2", "take 3"]
    supply = state.supply
    state.apply_notation("take 2")
    assert state.current_player() == CHANCE and state.supply == supply
    assert state.observation(0)["last"]["discarded"] is True
    state.apply_notation("draw T40")
    assert [m["tile"] for m in state.observation(0)["market"]] == ["T40", "T01", "T03"]
    # A tile that fits must be chosen when there is one.
    state2 = at_first_turn(market=("T01", "T02", "T38"))
    state2.open[0] = {hole: 0}
    put_by_hand(state2, 0, 5, 4, "T18")
    put_by_hand(state2, 0, 6, 5, "T12")
    put_by_hand(state2, 0, 5, 6, "T18")
    put_by_hand(state2, 0, 4, 5, "T12")
    state2.open[0] = {hole: state2._key(state2.tiles[0], hole)}
    state2._legal_cache = None
    assert names(state2) == ["take 3"]


# -- final scoring ------------------------------------------------------------------


@pytest.fixture
def rules():
    return new_game(2).components


def test_fewest_toads_score_3_and_most_toads_lose_3(rules):
    fewest, most = toad_extremes([3, 6, 6, 2], [2, 3, 3, 1], rules)
    assert fewest == [0, 0, 0, 3]
    assert most == [0, -3, -3, 0]


def test_when_everyone_has_as_many_toads_the_tiles_holding_toads_decide(rules):
    fewest, most = toad_extremes([4, 4, 4], [1, 3, 3], rules)
    assert fewest == [3, 0, 0]
    assert most == [0, -3, -3]


def test_when_nobody_has_toads_everyone_scores_for_fewest_and_nobody_loses(rules):
    fewest, most = toad_extremes([0, 0], [0, 0], rules)
    assert fewest == [3, 3]
    assert most == [0, 0]  # losing needs at least one toad


def test_when_toads_and_tiles_holding_them_are_all_tied_everyone_gains_and_loses_3(rules):
    """Ruling 15: the tiles-holding-toads tie-break leaves everyone tied, so everyone
    scores A and, holding at least one toad, everyone loses B."""
    fewest, most = toad_extremes([2, 2, 2], [1, 1, 1], rules)
    assert fewest == [3, 3, 3]
    assert most == [-3, -3, -3]


def test_a_tie_for_fewest_or_most_toads_short_of_everyone_rewards_all_the_tied(rules):
    # Tiles holding toads decide only when every player has as many toads.
    fewest, most = toad_extremes([2, 2, 5], [2, 1, 1], rules)
    assert fewest == [3, 3, 0]
    assert most == [0, 0, -3]


def test_trait_points_follow_the_table_for_the_player_count(rules):
    two = rules.trait_table(2)
    more = rules.trait_table(3)
    assert [trait_points(n, two) for n in range(11)] == [0, 0, 0, 1, 2, 4, 4, 6, 8, 10, 10]
    assert [trait_points(n, more) for n in range(9)] == [0, 0, 1, 2, 4, 6, 8, 10, 10]


def test_ties_go_to_own_colour_tiles_then_wheat_then_cane():
    state = at_first_turn(4)
    # Left as it was, written by hand: final scores and tie-breaks of a game not over,
    # which no position holds (the check: "tiles left in play after the end").
    state.final = tuple({"total": 30} for _ in range(4))
    state.tiebreaks = ((4, 3, 9), (3, 9, 9), (4, 5, 1), (4, 5, 0))
    assert state.ranks() == [3, 4, 1, 2]
    state.tiebreaks = ((4, 5, 1), (3, 9, 9), (4, 5, 1), (4, 5, 0))
    assert state.ranks() == [1, 4, 1, 3]  # still tied: the victory is shared


def test_removed_tiles_and_their_toads_leave_the_farm_at_the_end():
    rng = random.Random(5)
    state = new_game(2).new_initial_state()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    obs = state.observation(None)
    for farm in obs["farms"]:
        holding = sorted([x, y] for x, y, _, _, n in farm["tiles"] if n)
        assert sorted(farm["removed"]) == holding
        assert farm["toads"] == sum(n for *_, n in farm["tiles"])
    assert any(f["removed"] for f in obs["farms"])


def test_tiles_cut_off_by_the_removal_stay_in_the_farm_and_score(rules):
    """After the removal a part of the farm may hang apart from the rest; it still
    scores its fields, traits and ponds."""
    plain = make_tile("plain", "....")
    farm = {
        (0, 0): (plain, 0),
        (1, 0): (make_tile("bridge", "...."), 0),  # holds toads: removed
        (2, 0): (make_tile("w1", ".w..", [("w", "E")], traits=("scarecrow",)), 0),
        (3, 0): (make_tile("w2", "...w", [("w", "W")], pond=True, traits=("scarecrow",)), 0),
        (2, 1): (make_tile("s", "....", traits=("scarecrow",)), 0),
    }
    result = final_scores([farm, {(0, 0): (plain, 0)}], [{(1, 0): 2}, {}], [0, 0], rules)
    assert result.removed[0] == [(1, 0)]
    row = result.scores[0]
    assert (row["wheat"], row["scarecrows"], row["ponds"]) == (2, 1, 1)
    assert row["total"] == 2 + 1 + 1 - 3


def test_a_start_tile_holding_toads_is_removed_and_leaves_the_tie_break():
    """Rulings 10 and 16: the tie-break counts the start tiles and the fields left after
    the removal."""
    state = at_first_turn()
    for p, cap in ((0, "T16"), (1, "T17")):  # T16 and T17 have the same sides
        state = with_tile(state, p, 1, 2, cap)  # a wheat cap under D closes the A-B-D wheat field
    state = with_toads(state, 0, 0, 0, 1)  # on start tile A
    result = final_scores(
        [state.farm(0), state.farm(1)],
        [toads(state, 0), toads(state, 1)],
        [0, 0],
        state.rules.components,
    )
    assert result.removed[0] == [(0, 0)]
    # Without A, the wheat of B, D and T16 lies open on B's west side.
    assert result.tiebreaks == [(3, 0, 0), (4, 4, 0)]
    assert [s["wheat"] for s in result.scores] == [0, 4]
    assert [s["scarecrows"] + s["tractors"] + s["cows"] for s in result.scores] == [0, 0]


# -- notation and messages ------------------------------------------------------------


def test_actions_have_context_free_names_that_parse_back():
    game = new_game(2)
    state = game.new_initial_state()
    for text, action in [
        ("first player 1", 1),
        ("face west", A.FACE + 3),
        ("take 3", A.TAKE + 2),
        ("rotate 270", A.ROTATE + 3),
        ("follow", A.FOLLOW),
        ("stay", A.STAY),
        ("place 2,-1", A.CELL + A.pack(2, -1)),
        ("draw T07", A.DRAW + 6),
    ]:
        assert state.string_to_action(text) == action
        assert state.action_to_string(action) == text
    assert game.num_distinct_actions() == A.DRAW + 50


def test_illegal_moves_are_explained():
    state = at_first_turn(market=("T09", "T21", "T30"))
    state.apply_notation("take 1")
    with pytest.raises(IllegalActionError, match="already holds a tile"):
        state.apply_notation("place 0,0")
    with pytest.raises(IllegalActionError, match="does not touch your farm"):
        state.apply_notation("place 7,7")
    with pytest.raises(IllegalActionError, match="sides match"):
        state.apply_notation("place 0,2")
    state.apply_notation("place 0,-1")
    with pytest.raises(IllegalActionError, match="do not match"):
        state.apply_notation("rotate 90")
    with pytest.raises(IllegalActionError, match="choose the tile's rotation"):
        state.apply_notation("take 2")


# -- bots ------------------------------------------------------------------------------


def test_the_bot_heuristic_counts_what_final_scoring_would_give():
    state = at_first_turn(market=("T09", "T21", "T30"))
    # The start farm: no complete field, one of each trait: nothing yet.
    assert state.estimate(0) == state.estimate(1) == 0.0
    state = with_tile(state, 0, 2, 1, "T01", rot=3, toads=4)  # a pond waiting for its fifth toad
    assert state.estimate(0) == 0.5 * 4
    state = with_tile(state, 0, 1, 2, "T16")  # a wheat cap closes A-B-D: 4 sections
    assert state.estimate(0) == 4.0 + 0.5 * 4
    state = with_toads(state, 0, 0, 0, 1)  # a toad on A: A would be removed, opening the field
    assert state.estimate(0) == 2.0
    assert state.heuristic(0) == 2.0 - 0.0


# -- invariants over random games ----------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_keep_toads_counted_and_every_touching_side_matched(players):
    from meeple.boardgames.queensland.components import side_lands, sides_match

    rng = random.Random(100 + players)
    state = new_game(players).new_initial_state()
    steps = ((0, -1), (1, 0), (0, 1), (-1, 0))
    while not state.is_terminal():
        on_farms = sum(sum(t.values()) for t in state.toads)
        assert state.supply + on_farms == 60
        if state.current_player() == CHANCE:
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for p in range(players):
        farm = state.farm(p)
        for (x, y), (tile, rot) in farm.items():
            for d, (dx, dy) in enumerate(steps):
                other = farm.get((x + dx, y + dy))
                if other is not None:
                    mine = side_lands(tile, rot, d)
                    theirs = side_lands(other[0], other[1], (d + 2) % 4)
                    assert sides_match(mine, theirs), ((x, y), d)
        # Every pond that holds toads at the end holds fewer than five.
        for cell, n in state.toads[p].items():
            if state.rules.pond[state.tiles[p][cell] >> 2]:
                assert n < 5


def test_the_bots_quick_field_count_agrees_with_scoring():
    from meeple.boardgames.queensland.scoring import farm_fields, largest_complete

    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(3).new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(meeple.sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            if state.decision is not None and state.decision.kind == "take":
                for p in range(3):
                    kept = {c: v for c, v in state.tiles[p].items() if not state.toads[p].get(c)}
                    farm = {
                        A.unpack(c): (state.rules.all_tiles[v >> 2], v & 3) for c, v in kept.items()
                    }
                    fields = farm_fields(farm)
                    expected = (largest_complete(fields, "cane"), largest_complete(fields, "wheat"))
                    assert state.largest_fields(kept) == expected
