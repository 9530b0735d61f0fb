"""One scenario per rule of Crôa! (rules/croa.txt) and per ruling in docs/games/croa.md."""

from __future__ import annotations

import json
import random
from importlib.resources import files

import pytest

import meeple
from meeple.boardgames.croa.game import CroaGame
from meeple.core import CHANCE, TERMINAL, IllegalActionError, NotationError
from meeple.core.position import edit
from tests.games.croa.helpers import checked_position, frogs_on, names, play, sq, start


def test_pond_is_64_face_down_tiles_in_an_8x8_square():
    s = start(2)
    obs = s.observation(None)
    assert len(obs["squares"]) == 64
    assert all(q["tile"] is None for q in obs["squares"])
    assert sum(sum(v.values()) for v in obs["face_down"].values()) == 64


def test_three_backs_lie_as_designed_and_their_mixes_add_up():
    obs = meeple.load("croa", players=2, backs="fixed").new_initial_state().observation(None)
    backs = {q["square"]: q["back"] for q in obs["squares"]}
    assert [backs[n] for n in ("a1", "h8", "d8", "d4", "e5")] == ["shallow"] * 5
    assert [backs[n] for n in ("b2", "d7", "c4")] == ["deep-a"] * 3
    assert [backs[n] for n in ("e2", "g7", "f5")] == ["deep-b"] * 3
    assert {b: sum(v.values()) for b, v in obs["face_down"].items()} == {
        "shallow": 32,
        "deep-a": 16,
        "deep-b": 16,
    }
    assert "pike" not in obs["face_down"]["shallow"]
    assert "mud" not in obs["face_down"]["deep-a"]


def test_classic_pond_is_one_back_with_the_classic_mix():
    obs = meeple.load("croa", players=2, pond="classic").new_initial_state().observation(None)
    assert obs["face_down"] == {
        "pond": {
            "lily": 14,
            "mosquito": 10,
            "mud": 5,
            "pike": 3,
            "reeds": 12,
            "log": 8,
            "male-green": 2,
            "male-yellow": 2,
            "male-red": 2,
            "male-blue": 2,
            "male-pink": 2,
            "male-purple": 2,
        }
    }


@pytest.mark.parametrize(
    ("players", "starts"),
    [
        (2, [("a1", "a2 b1"), ("h8", "h7 g8")]),
        (3, [("a1", "a2 b1"), ("h1", "h2 g1"), ("d8", "c8 e8")]),
        (4, [("a1", "a2 b1"), ("h1", "h2 g1"), ("h8", "h7 g8"), ("a8", "a7 b8")]),
    ],
)
def test_each_player_starts_with_a_queen_and_two_servants(players, starts):
    obs = start(players).observation(None)
    for info, (queen, servants) in zip(obs["frogs"], starts, strict=True):
        assert info["queen"] == queen
        assert sorted(info["servants"]) == sorted(servants.split())
        assert info["reserve"] == 4
        assert len(info["males"]) == 6


def test_first_player_starts_and_the_turn_passes_to_the_left():
    s = checked_position(3, tiles={"c3": "reeds"}, frogs={"b2": ["Q1"], "h1": ["Q2"], "d8": ["Q3"]})
    assert s.current_player() == 0
    play(s, "Qb2-c3")
    assert s.current_player() == 1
    play(s, "Qh1-g1", "reveal reeds")
    assert s.current_player() == 2
    play(s, "Qd8-d7", "reveal reeds")
    assert s.current_player() == 0


def test_a_frog_jumps_to_any_of_the_eight_neighbouring_tiles():
    s = checked_position(frogs={"d4": ["Q1"], "h8": ["Q2"]})
    assert names(s) == [
        "Qd4-c3",
        "Qd4-d3",
        "Qd4-e3",
        "Qd4-c4",
        "Qd4-e4",
        "Qd4-c5",
        "Qd4-d5",
        "Qd4-e5",
    ]
    corner = checked_position(frogs={"a1": ["Q1"], "h8": ["Q2"]})
    assert names(corner) == ["Qa1-b1", "Qa1-a2", "Qa1-b2"]


def test_landing_on_a_face_down_tile_turns_it_up_by_chance_over_its_back():
    s = start(2)
    play(s, "Qa1-b2")  # b2 lies in deep water A
    assert s.current_player() == CHANCE
    out = {s.action_to_string(a): p for a, p in s.chance_outcomes()}
    assert out == pytest.approx(
        {
            "reveal lily": 4 / 16,
            "reveal mosquito": 2 / 16,
            "reveal pike": 2 / 16,
            "reveal reeds": 3 / 16,
            "reveal log": 2 / 16,
            "reveal male-green": 1 / 16,
            "reveal male-yellow": 1 / 16,
            "reveal male-red": 1 / 16,
        }
    )
    play(s, "reveal reeds")
    assert s.observation(None)["squares"][sq("b2")]["tile"] == "reeds"
    assert s.observation(None)["face_down"]["deep-a"]["reeds"] == 2
    play(s, "Sh7-h6")  # h6 is shallow water: never a pike, and where the mud is
    out = {s.action_to_string(a): p for a, p in s.chance_outcomes()}
    assert "reveal pike" not in out
    assert out["reveal mud"] == pytest.approx(4 / 32)


def test_a_face_up_tile_acts_again_without_chance():
    s = checked_position(tiles={"c3": "reeds"}, frogs={"b2": ["Q1"], "h8": ["Q2"]})
    play(s, "Qb2-c3")
    assert s.current_player() == 1


def test_queen_and_servant_starting_on_one_tile_must_one_of_them_move():
    s = checked_position(
        tiles={"c3": "reeds"}, frogs={"c3": ["Q1", "S1"], "f6": ["S1"], "h8": ["Q2"]}
    )
    legal = names(s)
    assert legal and all(m[1:3] == "c3" for m in legal)
    assert "Qc3-d4" in legal and "Sc3-d4" in legal
    with pytest.raises(IllegalActionError, match="one of the two must move"):
        play(s, "Sf6-f7")


def test_the_pair_rule_lapses_when_neither_of_the_pair_can_move():
    s = checked_position(
        frogs={"a1": ["Q1", "S1"], "a2": ["S1"], "b1": ["S1"], "b2": ["S1"], "h8": ["Q2"]}
    )
    legal = names(s)
    assert not any(m[1:3] == "a1" for m in legal)
    assert "Sa2-a3" in legal and "Sb2-c3" in legal


def test_no_jumping_onto_your_own_frog():
    s = checked_position(frogs={"d4": ["Q1"], "d5": ["S1"], "h8": ["Q2"]})
    assert "Qd4-d5" not in names(s)
    with pytest.raises(IllegalActionError, match="already holds one of your frogs"):
        play(s, "Qd4-d5")


def test_a_face_down_tile_under_your_own_frog_is_closed():
    s = start(2)
    assert [m for m in names(s) if m.startswith("Q")] == ["Qa1-b2"]
    # a servant may not claim the log exception either: b1 is face down under its own
    # servant, so Sa2-b1 is closed (as Sb1-a2 is the other way round)
    servant_moves = [m for m in names(s) if m.startswith("S")]
    assert "Sa2-b1" not in servant_moves and "Sb1-a2" not in servant_moves
    assert servant_moves == ["Sb1-c1", "Sb1-b2", "Sb1-c2", "Sa2-b2", "Sa2-a3", "Sa2-b3"]
    with pytest.raises(IllegalActionError, match="b1 already holds one of your frogs"):
        play(s, "Sa2-b1")
    # the same two servants on a face-down tile in mid-pond
    s = checked_position(frogs={"d4": ["S1"], "d5": ["S1"], "a1": ["Q1"], "h8": ["Q2"]})
    assert "Sd4-d5" not in names(s) and "Sd5-d4" not in names(s)


def test_landing_on_an_opponent_frog_eliminates_it_then_the_tile_acts():
    s = checked_position(
        tiles={"d4": "mud"}, frogs={"c3": ["S1"], "d4": ["S2"], "a1": ["Q1"], "h8": ["Q2"]}
    )
    play(s, "Sc3-d4")
    assert frogs_on(s, "d4") == ["S1"]
    assert s.observation(None)["squares"][sq("d4")]["frogs"][0]["stuck"] is True
    assert s.scores()[1]["frogs"] == 1


def test_landing_on_an_enemy_queen_eliminates_her_owner_and_wins_a_servant():
    s = checked_position(
        3,
        tiles={"d4": "reeds"},
        frogs={"a1": ["Q1"], "c3": ["S1"], "d4": ["Q2"], "h8": ["S2"], "d8": ["Q3"]},
    )
    play(s, "Sc3-d4")
    obs = s.observation(None)
    assert obs["frogs"][1]["in_game"] is False
    assert obs["frogs"][1]["servants"] == []
    assert frogs_on(s, "a1") == ["Q1", "S1"]  # the servant joins the queen
    # Four in reserve (P1's other starting servant was removed), one of them won.
    assert obs["frogs"][0]["reserve"] == 3
    assert s.current_player() == 2  # the eliminated player is skipped


def test_a_won_servant_needs_one_left_in_reserve():
    s = checked_position(
        3,
        tiles={"d4": "reeds"},
        frogs={"a1": ["Q1"], "c3": ["S1"], "d4": ["Q2"], "d8": ["Q3"]},
        reserve={0: 0},
    )
    play(s, "Sc3-d4")
    assert frogs_on(s, "a1") == ["Q1"]


def test_a_won_servant_is_not_placed_beside_a_queen_on_a_log():
    s = checked_position(
        3,
        tiles={"d4": "reeds", "a1": "log"},
        frogs={"a1": ["Q1"], "c3": ["S1"], "d4": ["Q2"], "d8": ["Q3"]},
    )
    play(s, "Sc3-d4")
    assert frogs_on(s, "a1") == ["Q1"]


def test_a_queen_on_a_pike_is_eaten_and_her_player_eliminated():
    s = checked_position(3, frogs={"c3": ["Q1"], "a1": ["S1"], "h1": ["Q2"], "d8": ["Q3"]})
    play(s, "Qc3-d4", "reveal pike")
    assert s.observation(None)["frogs"][0]["in_game"] is False
    assert frogs_on(s, "a1") == [] and frogs_on(s, "d4") == []
    assert s.current_player() == 1


def test_a_servant_on_a_pike_is_eaten():
    s = checked_position(tiles={"d4": "pike"}, frogs={"c3": ["S1"], "a1": ["Q1"], "h8": ["Q2"]})
    play(s, "Sc3-d4")
    assert frogs_on(s, "d4") == []
    assert s.observation(None)["frogs"][0]["in_game"] is True
    # Four in reserve (P1's other starting servant was removed) before and after: eaten
    # frogs do not come back.
    assert s.observation(None)["frogs"][0]["reserve"] == 4


def test_the_last_queen_standing_wins():
    s = checked_position(tiles={"d4": "reeds"}, frogs={"c3": ["S1"], "a1": ["Q1"], "d4": ["Q2"]})
    play(s, "Sc3-d4")
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.ranks() == [1, 2] and s.returns() == [1.0, -1.0]
    assert s.observation(None)["end"] == "last queen standing"


def test_water_lily_bounce_is_a_decision_of_the_same_player():
    s = checked_position(tiles={"d4": "lily"}, frogs={"c3": ["Q1"], "h8": ["Q2"]})
    play(s, "Qc3-d4")
    assert s.current_player() == 0
    assert s.pending[-1].kind == "bounce"
    assert names(s) == ["Qd4-d3", "Qd4-e3", "Qd4-c4", "Qd4-e4", "Qd4-c5", "Qd4-d5", "Qd4-e5"]


def test_water_lily_no_return_unless_every_other_neighbour_holds_your_frogs():
    frogs = {"a1": ["Q1"], "a3": ["S1"], "b1": ["S1"], "b2": ["S1"], "h8": ["Q2"]}
    s = checked_position(tiles={"a2": "lily"}, frogs=frogs)
    play(s, "Qa1-a2")
    assert names(s) == ["Qa2-b3"]
    frogs["b3"] = ["S1"]
    s = checked_position(tiles={"a2": "lily"}, frogs=frogs)
    play(s, "Qa1-a2")
    assert names(s) == ["Qa2-a1"]


def test_water_lily_return_still_obeys_the_landing_rules():
    # Queen and servant share b1 (reeds); the servant jumps onto the lily on a1; a2 and
    # b2 hold its own servants, so the only way back is onto its own queen: closed.
    frogs = {"b1": ["Q1", "S1"], "a2": ["S1"], "b2": ["S1"], "h8": ["Q2"]}
    s = checked_position(tiles={"b1": "reeds", "a1": "lily"}, frogs=frogs)
    play(s, "Sb1-a1")
    assert frogs_on(s, "a1") == ["S1"]  # it stays on the lily
    assert frogs_on(s, "b1") == ["Q1"]
    assert s.current_player() == 1 and s.pending[-1].kind == "move"
    # The same return onto a log holding one own servant is open: logs take two.
    frogs = {"b1": ["S1", "S1"], "a2": ["S1"], "b2": ["S1"], "c3": ["Q1"], "h8": ["Q2"]}
    s = checked_position(tiles={"b1": "log", "a1": "lily"}, frogs=frogs)
    play(s, "Sb1-a1")
    assert s.pending[-1].kind == "bounce" and names(s) == ["Sa1-b1"]
    play(s, "Sa1-b1")
    assert frogs_on(s, "b1") == ["S1", "S1"] and s.current_player() == 1


def test_water_lily_bounce_applies_the_next_tile_effect():
    s = checked_position(
        tiles={"d4": "lily", "e5": "mosquito"}, frogs={"c3": ["Q1"], "g2": ["S1"], "h8": ["Q2"]}
    )
    play(s, "Qc3-d4", "Qd4-e5")
    assert s.pending[-1].kind == "mosquito"
    assert "stop" in names(s) and "Sg2-g3" in names(s)


def test_water_lily_bounce_onto_a_face_down_tile_turns_it_up():
    s = checked_position(tiles={"d4": "lily"}, frogs={"c3": ["Q1"], "h8": ["Q2"]})
    play(s, "Qc3-d4", "Qd4-d5")
    assert s.current_player() == CHANCE
    play(s, "reveal lily")
    assert s.pending[-1].kind == "bounce"
    assert "Qd5-d4" not in names(s)  # the tile just left


def test_a_bouncing_frog_never_lands_twice_on_one_lily_in_a_turn():
    s = checked_position(
        tiles={"b2": "lily", "c2": "lily", "b3": "lily"}, frogs={"a1": ["Q1"], "h8": ["Q2"]}
    )
    play(s, "Qa1-b2", "Qb2-c2", "Qc2-b3")
    legal = names(s)
    assert "Qb3-b2" not in legal and "Qb3-c2" not in legal
    assert "Qb3-a3" in legal


def test_a_frog_with_nowhere_to_bounce_stays_on_the_lily():
    frogs = {"b1": ["Q1", "S1"], "a3": ["S1"], "b2": ["S1"], "b3": ["S1"], "h8": ["Q2"]}
    s = checked_position(tiles={"a1": "lily", "a2": "lily"}, frogs=frogs)
    play(s, "Qb1-a1", "Qa1-a2")
    assert frogs_on(s, "a2") == ["Q1"]
    assert s.current_player() == 1


def test_mosquito_lets_another_frog_jump():
    s = checked_position(
        tiles={"d4": "mosquito", "f7": "reeds"},
        frogs={"c3": ["S1"], "f6": ["S1"], "a1": ["Q1"], "h8": ["Q2"]},
    )
    play(s, "Sc3-d4")
    legal = names(s)
    assert s.current_player() == 0 and "stop" in legal
    assert not any(m.startswith("Sd4") for m in legal)
    assert "Qa1-b2" in legal and "Sf6-f7" in legal
    play(s, "Sf6-f7")
    assert s.current_player() == 1


def test_mosquito_stop_ends_the_turn():
    s = checked_position(
        tiles={"d4": "mosquito"}, frogs={"c3": ["S1"], "f6": ["S1"], "a1": ["Q1"], "h8": ["Q2"]}
    )
    play(s, "Sc3-d4", "stop")
    assert s.current_player() == 1


def test_mosquito_chains_but_each_frog_moves_once_a_turn():
    s = checked_position(
        tiles={"d4": "mosquito", "f7": "mosquito"},
        frogs={"c3": ["S1"], "f6": ["S1"], "a1": ["Q1"], "h8": ["Q2"]},
    )
    play(s, "Sc3-d4", "Sf6-f7")
    legal = names(s)
    assert legal == ["Qa1-b1", "Qa1-a2", "Qa1-b2", "stop"]
    with pytest.raises(IllegalActionError, match="has not moved yet"):
        play(s, "Sd4-d5")


def test_the_pair_rule_does_not_limit_a_mosquito_move():
    # Queen and servant start on c3: the servant must (and does) move, onto a mosquito;
    # the extra jump may then go to any other frog, not only the queen left on c3.
    s = checked_position(
        tiles={"c3": "reeds", "d4": "mosquito", "f7": "reeds"},
        frogs={"c3": ["Q1", "S1"], "f6": ["S1"], "h8": ["Q2"]},
    )
    assert "Sf6-f7" not in names(s)  # the pair rule holds for the turn's first jump
    play(s, "Sc3-d4")
    assert s.pending[-1].kind == "mosquito"
    legal = names(s)
    assert "Sf6-f7" in legal and "Qc3-b2" in legal and "stop" in legal
    play(s, "Sf6-f7")
    assert frogs_on(s, "f7") == ["S1"] and s.current_player() == 1


def test_mosquito_with_no_other_frog_to_move_ends_the_turn():
    s = checked_position(tiles={"d4": "mosquito"}, frogs={"c3": ["Q1"], "h8": ["Q2"]})
    play(s, "Qc3-d4")
    assert s.current_player() == 1


def test_mud_holds_the_frog_through_its_owners_next_turn():
    s = checked_position(
        tiles={"d4": "mud"}, frogs={"c3": ["S1"], "a1": ["Q1"], "h8": ["Q2"], "h1": ["S2"]}
    )
    play(s, "Sc3-d4")
    play(s, "Sh1-h2", "reveal reeds")
    assert not any(m.startswith("Sd4") for m in names(s))
    with pytest.raises(IllegalActionError, match="stuck in mud"):
        play(s, "Sd4-d5")
    play(s, "Qa1-a2", "reveal reeds")
    assert s.observation(None)["squares"][sq("d4")]["frogs"][0]["stuck"] is False
    play(s, "Sh2-h3", "reveal reeds")
    assert "Sd4-d5" in names(s)


def test_reeds_do_nothing():
    s = checked_position(tiles={"d4": "reeds"}, frogs={"c3": ["S1"], "a1": ["Q1"], "h8": ["Q2"]})
    play(s, "Sc3-d4")
    assert frogs_on(s, "d4") == ["S1"] and s.current_player() == 1


def test_a_queen_on_a_male_makes_a_baby_once_per_male_and_its_twin():
    s = checked_position(
        tiles={"d4": "male-green", "e5": "male-green", "f6": "male-red"},
        frogs={"c3": ["Q1"], "h8": ["Q2"], "h1": ["S2"]},
    )
    play(s, "Qc3-d4")
    obs = s.observation(None)
    assert frogs_on(s, "d4") == ["Q1", "S1"]
    assert obs["frogs"][0]["reserve"] == 3  # four (both starting servants removed), one born
    assert "green" not in obs["frogs"][0]["males"]
    play(s, "Sh1-h2", "reveal reeds")
    # the new servant or the queen must move
    assert all(m[1:3] == "d4" for m in names(s))
    play(s, "Qd4-e5")  # the twin of the green male: nothing happens
    assert frogs_on(s, "e5") == ["Q1"]
    play(s, "Sh2-h3", "reveal reeds")
    play(s, "Qe5-f6")  # a different male
    assert frogs_on(s, "f6") == ["Q1", "S1"]


def test_a_servant_on_a_male_does_nothing():
    s = checked_position(
        tiles={"d4": "male-green"}, frogs={"c3": ["S1"], "a1": ["Q1"], "h8": ["Q2"]}
    )
    play(s, "Sc3-d4")
    assert frogs_on(s, "d4") == ["S1"]
    assert "green" in s.observation(None)["frogs"][0]["males"]


def test_no_baby_without_a_servant_in_reserve():
    s = checked_position(
        tiles={"d4": "male-green"}, frogs={"c3": ["Q1"], "h8": ["Q2"]}, reserve={0: 0}
    )
    play(s, "Qc3-d4")
    assert frogs_on(s, "d4") == ["Q1"]
    assert "green" in s.observation(None)["frogs"][0]["males"]


def test_a_log_holds_two_servants_even_of_different_players():
    s = checked_position(
        tiles={"d4": "log"}, frogs={"c3": ["S1"], "d4": ["S2"], "a1": ["Q1"], "h8": ["Q2"]}
    )
    play(s, "Sc3-d4")
    assert frogs_on(s, "d4") == ["S2", "S1"]


def test_a_third_servant_on_a_log_removes_the_frog_of_its_choice():
    s = checked_position(
        3,
        tiles={"d4": "log"},
        frogs={"c3": ["S1"], "d4": ["S2", "S3"], "a1": ["Q1"], "h1": ["Q2"], "d8": ["Q3"]},
    )
    play(s, "Sc3-d4")
    assert s.current_player() == 0 and s.pending[-1].kind == "victim"
    assert names(s) == ["remove P2 servant", "remove P3 servant"]
    play(s, "remove P3 servant")
    assert frogs_on(s, "d4") == ["S2", "S1"]
    assert s.current_player() == 1


def test_a_third_servant_with_one_enemy_on_the_log_removes_it_without_asking():
    s = checked_position(
        tiles={"d4": "log"}, frogs={"c3": ["S1"], "d4": ["S1", "S2"], "a1": ["Q1"], "h8": ["Q2"]}
    )
    play(s, "Sc3-d4")
    assert frogs_on(s, "d4") == ["S1", "S1"]
    assert s.current_player() == 1


def test_a_third_servant_on_a_log_of_two_servants_of_one_enemy_removes_one_without_asking():
    s = checked_position(
        3,
        tiles={"d4": "log"},
        frogs={"c3": ["S1"], "d4": ["S2", "S2"], "a1": ["Q1"], "h1": ["Q2"], "d8": ["Q3"]},
    )
    play(s, "Sc3-d4")
    assert frogs_on(s, "d4") == ["S2", "S1"]
    assert s.current_player() == 1 and s.pending[-1].kind == "move"
    assert s.scores()[1]["frogs"] == 2  # the queen and the one servant left on the log


def test_two_of_your_servants_on_a_log_close_it_to_your_third():
    s = checked_position(
        tiles={"d4": "log"}, frogs={"c3": ["S1"], "d4": ["S1", "S1"], "a1": ["Q1"], "h8": ["Q2"]}
    )
    assert "Sc3-d4" not in names(s)


def test_a_queen_landing_on_a_log_removes_the_enemy_servants():
    s = checked_position(
        3,
        tiles={"d4": "log"},
        frogs={"c3": ["Q1"], "d4": ["S2", "S3"], "h1": ["Q2"], "d8": ["Q3"]},
    )
    play(s, "Qc3-d4")
    assert frogs_on(s, "d4") == ["Q1"]


def test_a_queen_on_a_log_is_eliminated_by_any_enemy_frog():
    s = checked_position(
        3, tiles={"d4": "log"}, frogs={"c3": ["S1"], "a1": ["Q1"], "d4": ["Q2"], "d8": ["Q3"]}
    )
    play(s, "Sc3-d4")
    assert s.observation(None)["frogs"][1]["in_game"] is False
    assert frogs_on(s, "d4") == ["S1"]


def test_a_log_holds_a_queen_alone():
    s = checked_position(tiles={"d4": "log"}, frogs={"c3": ["Q1"], "d4": ["S1"], "h8": ["Q2"]})
    assert "Qc3-d4" not in names(s)
    with pytest.raises(IllegalActionError, match="a single queen"):
        play(s, "Qc3-d4")
    s = checked_position(tiles={"d4": "log"}, frogs={"c3": ["S1"], "d4": ["Q1"], "h8": ["Q2"]})
    assert "Sc3-d4" not in names(s)


def test_a_player_who_cannot_move_passes_and_the_mud_dries():
    # P1's queen jumped into the mud on P1's last turn (held one more turn of P1's).
    s = checked_position(frogs={"a1": ["Q1"], "h8": ["Q2"]}, stuck={"a1": 1}, to_move=1)
    play(s, "Qh8-g7", "reveal reeds")  # a reveal: not a quiet turn
    assert s.current_player() == 1  # P1 cannot move: the turn passed
    assert s.turns == 2 and s.quiet == 1
    play(s, "Qg7-f6", "reveal reeds")
    assert s.current_player() == 0
    assert "Qa1-b2" in names(s)


def test_no_frog_can_move_for_two_whole_rounds_ends_the_game_in_a_shared_result():
    # Cannot arise in play (mud holds a frog one turn of its owner's, and no player can
    # wall in all of their frogs with their own), so the position is built directly:
    # every frog is stuck for two turns of its owner, so each player passes twice.
    # Left written by hand: the position format refuses it ("nothing can be played", P1
    # being to move with no frog free), so a possible one (P1's queen free in the mud) is
    # changed in place and P1's turn begun again, which passes the turns.
    s = checked_position(
        tiles={"a1": "mud"},
        frogs={"a1": ["Q1"], "b2": ["S1"], "h8": ["Q2"]},
        stuck={"b2": 2, "h8": 2},
    )
    s.stuck[0] = 2
    s.pending.clear()
    s._moves = None
    s._legal_cache = None
    s._begin_turn(0)
    assert s.is_terminal()
    assert s.turns == 4  # two rounds of two passes, not a fifth turn
    assert s.observation(None)["end"] == "no frog can move"
    assert s.ranks() == [1, 1] and s.returns() == [0.0, 0.0]
    assert s.stuck[0] == 0  # the frogs were free again; the game is over all the same


def test_a_single_round_of_passes_does_not_end_the_game():
    # P1's and P2's queens jumped into mud on their last turns; P3 is to move.
    s = checked_position(
        3, frogs={"a1": ["Q1"], "h1": ["Q2"], "d8": ["Q3"]}, stuck={"a1": 1, "h1": 1}, to_move=2
    )
    play(s, "Qd8-d7", "reveal reeds")  # then P1 and P2 cannot move: both pass
    assert s.current_player() == 2 and s.turns == 3 and not s.is_terminal()
    play(s, "Qd7-d6", "reveal reeds")
    assert s.current_player() == 0 and "Qa1-b2" in names(s)


def test_quiet_turn_limit_ends_the_game_in_a_shared_result():
    s = checked_position(
        3,
        tiles={"c3": "reeds", "d4": "reeds"},
        frogs={"c3": ["Q1"], "h8": ["Q2"]},
    )
    s = edit(s, quiet=s.rules.quiet_limit - 1)
    play(s, "Qc3-d4")
    assert s.is_terminal()
    assert s.observation(None)["end"] == "quiet-turn limit"
    assert s.ranks() == [1, 1, 3]
    assert s.returns() == [0.5, 0.5, -1.0]


def test_a_reveal_or_a_capture_resets_the_quiet_count():
    s = checked_position(tiles={"c3": "reeds"}, frogs={"b2": ["Q1"], "h8": ["Q2"]})
    play(s, "Qb2-c3")
    assert s.quiet == 1
    play(s, "Qh8-g7", "reveal reeds")
    assert s.quiet == 0


def test_ranks_follow_the_order_of_elimination():
    s = checked_position(
        4,
        tiles={"d4": "pike"},
        frogs={"c3": ["Q1"], "h1": ["Q2"], "h8": ["Q3"], "a8": ["Q4"]},
    )
    play(s, "Qc3-d4")  # P1 out first
    play(s, "Qh1-g2", "reveal pike")  # then P2
    play(s, "Qh8-g7", "reveal pike")  # then P3: P4 is the last queen standing
    assert s.is_terminal()
    assert s.ranks() == [4, 3, 2, 1]
    assert [x["total"] for x in s.scores()] == [0, 1, 2, 3]


def test_notation_reads_back_and_refuses_nonsense():
    s = start(2)
    assert s.string_to_action("  qa1-B2 ") == s.string_to_action("Qa1-b2")
    for text in ("stop", "reveal male-purple", "remove P4 servant", "Sh8-h7"):
        assert s.action_to_string(s.string_to_action(text)).lower() == text.lower()
    for bad in ("Xa1-b2", "Qa9-b2", "reveal dragon", "remove P5 servant", ""):
        with pytest.raises(NotationError):
            s.string_to_action(bad)


def test_illegal_moves_are_explained():
    s = start(2)
    with pytest.raises(IllegalActionError, match="not next to"):
        play(s, "Qa1-c3")
    with pytest.raises(IllegalActionError, match="no servant on"):
        play(s, "Sc3-c4")
    with pytest.raises(IllegalActionError, match="only ends a turn after a mosquito"):
        play(s, "stop")


def test_out_of_place_actions_say_what_the_decision_asks_for():
    s = start(2)
    with pytest.raises(
        IllegalActionError, match="reveals are chance outcomes; player 1 must jump a frog"
    ):
        play(s, "reveal pike")
    with pytest.raises(IllegalActionError) as err:
        play(s, "remove P2 servant")
    assert "'remove P2 servant' only follows a third servant landing on a log" in str(err.value)
    assert str(err.value).endswith("; player 1 must jump a frog. Legal: " + ", ".join(names(s)))
    assert "there is no" not in str(err.value)
    # while a frog bounces off a lily
    s = checked_position(tiles={"d4": "lily"}, frogs={"c3": ["Q1"], "h8": ["Q2"]})
    play(s, "Qc3-d4")
    with pytest.raises(
        IllegalActionError,
        match="reveals are chance outcomes; player 1 must bounce the frog off the water lily on d4",
    ):
        play(s, "reveal reeds")
    with pytest.raises(IllegalActionError, match="'stop' only ends a turn after a mosquito"):
        play(s, "stop")
    # while a third servant on a log chooses its victim
    s = checked_position(
        3,
        tiles={"d4": "log"},
        frogs={"c3": ["S1"], "d4": ["S2", "S3"], "a1": ["Q1"], "h1": ["Q2"], "d8": ["Q3"]},
    )
    play(s, "Sc3-d4")
    with pytest.raises(IllegalActionError, match="P4 has no servant on that log"):
        play(s, "remove P4 servant")
    with pytest.raises(
        IllegalActionError,
        match="player 1 must choose which enemy servant the third servant on the log on d4",
    ):
        play(s, "Qa1-a2")
    # at a chance node
    s = start(2)
    play(s, "Qa1-b2")
    with pytest.raises(IllegalActionError, match="the face-down tile on b2 is turning up"):
        play(s, "Sb1-c1")


def test_face_down_tiles_are_chance_not_hidden_state():
    s = start(2)
    assert s.game.info.perfect_information
    assert not hasattr(s, "deck")
    det = s.determinize(0, random.Random(1))
    assert det.observation(0) == s.observation(0) == s.observation(None) | {"viewer": 0}


def test_a_face_down_tile_under_an_enemy_turns_up_before_the_capture():
    # A frog stands on a face-down tile only where it started: P2's servant on h7.
    s = checked_position(frogs={"g6": ["S1"], "h7": ["S2"], "a1": ["Q1"], "h8": ["Q2"]})
    play(s, "Sg6-h7")
    assert s.current_player() == CHANCE and frogs_on(s, "h7") == ["S2"]
    play(s, "reveal log")  # a log: the two servants share it
    assert frogs_on(s, "h7") == ["S2", "S1"]


def test_tile_effects_act_on_every_landing_not_only_the_first():
    s = checked_position(tiles={"d4": "mud"}, frogs={"c3": ["Q1"], "h8": ["Q2"]})
    play(s, "Qc3-d4")
    assert s.stuck[0] == 1


def test_eating_a_queen_on_a_face_down_pike_puts_both_out_in_that_order():
    # P2's queen on her face-down start tile h1.
    s = checked_position(3, frogs={"g2": ["Q1"], "h1": ["Q2"], "h8": ["Q3"]})
    play(s, "Qg2-h1", "reveal pike")
    assert s.is_terminal()
    assert s.ranks() == [2, 3, 1]


def test_the_won_servant_joins_the_queen_where_she_ends_the_turn():
    s = checked_position(3, tiles={"d4": "lily"}, frogs={"c3": ["Q1"], "d4": ["Q2"], "h8": ["Q3"]})
    play(s, "Qc3-d4")  # eats the queen sitting on the lily, then must bounce
    assert s.observation(None)["frogs"][1]["in_game"] is False
    play(s, "Qd4-e5", "reveal reeds")
    assert frogs_on(s, "e5") == ["Q1", "S1"]
    assert frogs_on(s, "d4") == []


def test_the_game_ends_at_once_when_one_queen_is_left():
    s = checked_position(tiles={"d4": "lily"}, frogs={"c3": ["Q1"], "d4": ["Q2"]})
    play(s, "Qc3-d4")
    assert s.is_terminal() and s.ranks() == [1, 2]


def test_a_clone_shares_no_list_it_could_change():
    s = checked_position(tiles={"d4": "mosquito"}, frogs={"c3": ["S1"], "a1": ["Q1"], "h8": ["Q2"]})
    play(s, "Sc3-d4")
    c = s.clone()
    for name, value in vars(s).items():
        if isinstance(value, (list, dict, set)) and name not in ("_moves", "_legal_cache"):
            assert vars(c)[name] is not value, name
        assert vars(c)[name] == value, name
    play(c, "Qa1-b2", "reveal reeds")
    assert frogs_on(s, "a1") == ["Q1"] and s.pending[-1].kind == "mosquito"
    assert "Qa1-b2" in names(s)


# -- the backs (rulebook "Different backs", rulings 1, 17 and 18) -----------------------


def test_the_fixed_layout_has_shallow_starts_and_is_fair_under_a_half_turn():
    """Ruling 1, the option backs=fixed: no pike under a starting frog, deep water on the
    straight road between opposite corners, the same waters for both sides of the pond.
    (By default the backs are dealt: see test_played.py.)"""
    game = meeple.load("croa", players=2, backs="fixed")
    assert isinstance(game, CroaGame)
    pond, data = game.rules.pond, game.components
    shallow = pond.waters.index("shallow")
    for players in (2, 3, 4):
        for seat in data.starts[players]:
            for square in (seat.queen, *seat.servants):
                assert pond.layout[square] == shallow, (players, square)
    assert all(pond.waters[pond.layout[s]] == pond.waters[pond.layout[63 - s]] for s in range(64))
    diagonal = [pond.waters[pond.layout[9 * k]] for k in range(8)]  # a1, b2, ... h8
    assert "deep" in diagonal


def test_shallow_water_has_more_reeds_and_deep_water_more_lilies_all_the_mud_in_shallow():
    """Ruling 17: "more" compares the share of each back's tiles (the backs differ in size)."""
    face_down = start(2).observation(None)["face_down"]

    def share(back: str, kind: str) -> float:
        tiles = face_down[back]
        return float(tiles.get(kind, 0) / sum(tiles.values()))

    for deep in ("deep-a", "deep-b"):
        assert share("shallow", "reeds") > share(deep, "reeds")
        assert share(deep, "lily") > share("shallow", "lily")
        assert "mud" not in face_down[deep] and face_down[deep]["pike"] > 0
    assert "pike" not in face_down["shallow"] and face_down["shallow"]["mud"] > 0


@pytest.mark.parametrize(
    ("shallow_mix", "deep_mix", "complaint"),
    [
        ({"lily": 12, "reeds": 4}, {"lily": 2, "reeds": 5}, "larger share of reeds"),
        # 10 reeds in 32 is more than 3 in 16, but 8 lilies in 32 equals 4 in 16: not fewer.
        ({"lily": 8, "reeds": 8}, {"lily": 4, "reeds": 3}, "larger share of lily"),
    ],
)
def test_a_component_file_against_ruling_17_is_refused(tmp_path, shallow_mix, deep_mix, complaint):
    data = json.loads(
        files("meeple.boardgames.croa").joinpath("components.json").read_text("utf-8")
    )
    shallow, deep_a, deep_b = (b["tiles"] for b in data["backs"])
    shallow.update(shallow_mix)
    deep_a.update(deep_mix)
    deep_b.update(deep_mix)
    path = tmp_path / "croa.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(meeple.ComponentsError, match=complaint):
        meeple.load("croa", players=2, components=path)


def test_deep_sets_that_also_match_in_male_colours_are_accepted(tmp_path):
    """Ruling 18: a male is one type of tile; its colour may differ between the deep sets,
    and a file where it does not is just as valid."""
    data = json.loads(
        files("meeple.boardgames.croa").joinpath("components.json").read_text("utf-8")
    )
    shallow, deep_a, deep_b = (b["tiles"] for b in data["backs"])
    deep_b.update({"male-green": 1, "male-yellow": 1, "male-red": 1})
    deep_b.update({"male-blue": 0, "male-pink": 0, "male-purple": 0})
    shallow.update({"male-green": 0, "male-yellow": 0, "male-red": 0})
    shallow.update({"male-blue": 2, "male-pink": 2, "male-purple": 2})
    assert deep_a == deep_b
    path = tmp_path / "croa.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    obs = meeple.load("croa", players=2, components=path).new_initial_state().observation(None)
    assert obs["face_down"]["deep-a"] == obs["face_down"]["deep-b"]


# -- start tiles (ruling 2) ---------------------------------------------------------------


def test_a_start_tile_left_behind_turns_up_when_a_frog_lands_on_it_later():
    s = start(2)
    play(s, "Qa1-b2", "reveal reeds", "Sh7-h6", "reveal reeds")
    assert s.observation(None)["squares"][sq("a1")]["tile"] is None  # left face down
    play(s, "Sa2-a1")
    assert s.current_player() == CHANCE
    assert s.observation(None)["reveal_square"] == "a1"
    play(s, "reveal mud")
    assert s.observation(None)["squares"][sq("a1")]["frogs"][0]["stuck"] is True


# -- logs (ruling 7) ----------------------------------------------------------------------


def test_a_queen_may_not_land_on_a_log_holding_her_own_servant_beside_an_enemy():
    s = checked_position(
        tiles={"d4": "log"}, frogs={"c3": ["Q1"], "d4": ["S1", "S2"], "h8": ["Q2"]}
    )
    assert "Qc3-d4" not in names(s)


def test_eating_a_queen_on_a_log_also_wins_a_servant():
    """The log's own rule (any enemy frog eliminates a queen there) is still eating a
    queen: her owner goes out and the eater's queen gets a servant."""
    s = checked_position(
        3, tiles={"d4": "log"}, frogs={"c3": ["S1"], "a1": ["Q1"], "d4": ["Q2"], "d8": ["Q3"]}
    )
    play(s, "Sc3-d4")
    assert frogs_on(s, "a1") == ["Q1", "S1"]
    # Four in reserve (P1's other starting servant was removed), one of them won.
    assert s.observation(None)["frogs"][0]["reserve"] == 3


# -- the servant won by eating a queen (ruling 8) and servants set down (ruling 19) -------


def test_the_won_servant_comes_even_when_the_eater_is_then_eaten():
    s = checked_position(
        3,
        tiles={"d4": "lily", "e5": "pike"},
        frogs={"a1": ["Q1"], "c3": ["S1"], "d4": ["Q2"], "h8": ["Q3"]},
    )
    play(s, "Sc3-d4", "Sd4-e5")  # eats P2's queen on the lily, bounces onto the pike
    assert frogs_on(s, "e5") == []
    assert frogs_on(s, "a1") == ["Q1", "S1"]


def test_a_queen_eating_a_queen_on_a_male_gets_the_baby_and_the_won_servant():
    s = checked_position(
        3, tiles={"d4": "male-red"}, frogs={"c3": ["Q1"], "d4": ["Q2"], "h8": ["Q3"]}
    )
    play(s, "Qc3-d4")
    assert frogs_on(s, "d4") == ["Q1", "S1", "S1"]
    obs = s.observation(None)
    # Four in reserve for this queen alone (her starting servants were removed), two used.
    assert obs["frogs"][0]["reserve"] == 2
    assert "red" not in obs["frogs"][0]["males"]


def test_a_servant_set_beside_a_queen_in_mud_is_not_stuck_and_must_move():
    """Ruling 19: the won servant is set down, it does not land: the mud does not hold it,
    and with the queen stuck the pair rule makes the servant move."""
    s = checked_position(
        3,
        tiles={"d4": "mud"},
        frogs={"c3": ["Q1"], "d4": ["Q2"], "a1": ["S1"], "h8": ["Q3"]},
    )
    play(s, "Qc3-d4")  # eats P2's queen in the mud: stuck, and a servant joins her
    obs = s.observation(None)
    assert [f["stuck"] for f in obs["squares"][sq("d4")]["frogs"]] == [True, False]
    play(s, "Qh8-g7", "reveal reeds")
    legal = names(s)
    assert legal and all(m.startswith("Sd4-") for m in legal)
    assert "Sa1-b1" not in legal


def test_a_servant_set_on_a_face_down_start_tile_leaves_it_face_down():
    """Ruling 19: the queen still on her face-down start tile takes the won servant
    there; nothing turns up, and later an enemy landing there turns it up."""
    s = checked_position(
        3,
        tiles={"d4": "reeds"},
        frogs={"a1": ["Q1"], "c3": ["S1"], "d4": ["Q2"], "d8": ["Q3"], "b1": ["S3"]},
    )
    play(s, "Sc3-d4")
    assert frogs_on(s, "a1") == ["Q1", "S1"]
    assert s.observation(None)["squares"][sq("a1")]["tile"] is None
    assert s.current_player() == 2
    play(s, "Sb1-a1")
    assert s.current_player() == CHANCE


# -- water lily (ruling 9) ----------------------------------------------------------------


def test_water_lily_return_opens_when_the_others_hold_own_frogs_or_used_lilies():
    """The way back opens when every other neighbour holds your own frogs or is a lily
    landed on this turn, by any of your frogs (here a servant earlier in the turn)."""
    frogs = {"a1": ["Q1"], "b1": ["S1"], "a3": ["S1"], "b3": ["S1"], "c1": ["S1"], "h8": ["Q2"]}
    tiles = {"b2": "lily", "c2": "mosquito", "a2": "lily"}
    s = checked_position(tiles=tiles, frogs=frogs)
    play(s, "Sc1-b2", "Sb2-c2")  # the servant uses the lily on b2, then a mosquito
    play(s, "Qa1-a2")  # the queen jumps onto the lily on a2, next to b2
    assert s.pending[-1].kind == "bounce" and names(s) == ["Qa2-a1"]
    # without the servant's bounce, b2 is an open lily and the way back stays closed
    frogs = {**frogs, "d1": ["S1"]}
    del frogs["c1"]
    s = checked_position(tiles=tiles, frogs=frogs)
    play(s, "Sd1-c2", "Qa1-a2")
    assert names(s) == ["Qa2-b2"]


# -- mosquito (ruling 10) ------------------------------------------------------------------


def test_a_mosquito_cannot_send_a_frog_stuck_in_mud():
    s = checked_position(
        tiles={"d4": "mosquito", "f6": "mud"},
        frogs={"c3": ["S1"], "f6": ["S1"], "a1": ["Q1"], "h8": ["Q2"]},
        stuck={"f6": 1},
    )
    play(s, "Sc3-d4")
    assert names(s) == ["Qa1-b1", "Qa1-a2", "Qa1-b2", "stop"]
    with pytest.raises(IllegalActionError, match="stuck in mud"):
        play(s, "Sf6-f7")


# -- the end (ruling 15) ------------------------------------------------------------------


def test_eating_the_last_enemy_queen_on_a_face_down_pike_wins():
    """The capture comes before the tile acts, and the game ends at once with one queen
    left: the pike never gets to eat the winner."""
    s = checked_position(frogs={"g7": ["Q1"], "h8": ["Q2"]})  # P2's queen on her start tile
    play(s, "Qg7-h8", "reveal pike")
    assert s.is_terminal() and s.ranks() == [1, 2]
    assert frogs_on(s, "h8") == ["Q1"]


# -- one rule, one source: the refusals come from the code that generates the moves -------


def _reason_fragments() -> dict[str, str]:
    """Each reason template of the move rules (the jump generator's in kernels.py, the
    others in state.py), by name, and its longest fixed part: how a refusal shows which
    rule gave it."""
    import re

    from meeple.boardgames.croa import kernels, state

    jumps = ("OWN_FROG", "LOG_OWN_SERVANT", "LOG_OWN_QUEEN", "LOG_TWO_OWN", "STUCK", "MOVED")
    jumps += ("USED_LILY", "BOUNCE_BACK")
    templates = {n: getattr(kernels, n) for n in jumps}
    templates |= {n: getattr(state, n) for n in ("PAIR", "OWN_VICTIM", "NO_VICTIM")}
    return {n: max(re.split(r"\{\w+\}", t), key=len) for n, t in templates.items()}


def _check_every_action(s, rng: random.Random, seen: set[str]) -> None:
    """At the player decision of ``s``: an action is legal exactly when the predicate
    (``_action_problem``) finds no problem, and applying an illegal one is refused with
    that reason and changes nothing. Every jump that could be legal anywhere (from any
    square to a neighbour) and every other kind of action is checked, and a sample of the
    jumps to squares that are not neighbours; ``seen`` collects the reasons met."""
    from meeple.boardgames.croa.actions import MOVES
    from meeple.boardgames.croa.components import NEIGHBOURS

    d = s.pending[-1]
    legal = set(s.legal_actions())
    history = list(s.history)
    mine = {x for x, o in enumerate(s.occ) if any(s.rules.owner[f] == d.player for f in o)}
    near = [k * 4096 + a * 64 + b for k in (0, 1) for a in range(64) for b in NEIGHBOURS[a]]
    actions = [*near, *range(MOVES, s.game.num_distinct_actions())]
    actions += rng.sample(range(MOVES), 200)
    for a in actions:
        why = s._action_problem(d, a)
        assert (why is None) == (a in legal), (s.action_to_string(a), d, why)
        if why is None:
            continue
        seen.add(why)
        if a >= MOVES or (a >> 6) & 63 in mine or rng.random() < 0.02:
            with pytest.raises(IllegalActionError) as err:
                s.apply_action(a)
            assert why in str(err.value), (s.action_to_string(a), why, str(err.value))
    assert s.history == history and s.pending[-1] == d and set(s.legal_actions()) == legal


def _play_and_check(s, rng: random.Random, seen: set[str], steps: int = 10_000) -> None:
    """Play ``s`` on with random actions, checking every player decision on the way."""
    while not s.is_terminal() and steps > 0:
        steps -= 1
        if s.current_player() == CHANCE:
            outcomes = s.chance_outcomes()
            s.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        _check_every_action(s, rng, seen)
        s.apply_action(rng.choice(s.legal_actions()))


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [
        (2, {}, 0),
        (3, {}, 0),
        (4, {}, 1),
        (2, {"pond": "classic"}, 2),
        (4, {"pond": "classic"}, 0),
        (3, {"backs": "fixed"}, 1),
    ],
)
def test_a_move_is_legal_exactly_when_its_predicate_finds_no_problem(players, options, seed):
    """The refusals and the legal moves come from the same code: at every decision of a
    random game, no action is both legal and explained away, none illegal without a
    reason, and the reason is what the refusal says."""
    rng = random.Random(seed)
    seen: set[str] = set()
    _play_and_check(meeple.load("croa", players=players, **options).new_initial_state(), rng, seen)
    assert seen


def test_every_move_rule_refuses_with_its_own_reason():
    """Positions where each rule of a jump or a choice refuses something (the random games
    above meet some of them rarely): the check holds there too, and every reason of the
    move rules turns up."""
    rng = random.Random(5)
    seen: set[str] = set()
    scenes = [
        # the pair rule, a frog stuck in mud, landing on your own frog
        (2, {"c3": "reeds", "f6": "mud"}, "Q1 S1 c3, S1 f6, S1 f7, Q2 h8", ""),
        # logs: a queen onto her servant, a third servant of one player, a servant onto its queen
        (2, {"d4": "log", "b4": "log"}, "Q1 c3, S1 d4, S1 S1 b4, S1 c5, Q2 h8", ""),
        (2, {"d4": "log"}, "S1 c3, Q1 d4, Q2 h8", ""),
        # a mosquito: the frog that came may not jump again, and the pair rule is no limit
        (2, {"d4": "mosquito"}, "S1 c3, Q1 a1, Q2 h8", "Sc3-d4"),
        (2, {"c3": "reeds", "d4": "mosquito"}, "Q1 S1 S1 c3, S1 f6, Q2 h8", "Sc3-d4"),
        # a lily: not straight back, and a lily landed on this turn is closed
        (2, {"d4": "lily"}, "Q1 c3, Q2 h8", "Qc3-d4"),
        (2, {"b2": "lily", "c2": "lily", "b3": "lily"}, "Q1 a1, Q2 h8", "Qa1-b2 Qb2-c2"),
        # a third servant on a log beside servants of two opponents picks its victim
        (3, {"d4": "log"}, "S1 c3, S2 S3 d4, Q1 a1, Q2 h1, Q3 d8", "Sc3-d4"),
    ]
    for players, tiles, where, moves in scenes:
        frogs = {part.split()[-1]: part.split()[:-1] for part in where.split(", ")}
        stuck = {x: 1 for x, kind in tiles.items() if kind == "mud"}
        s = checked_position(players, tiles=tiles, frogs=frogs, stuck=stuck)
        play(s, *moves.split())
        _check_every_action(s, rng, seen)
        _play_and_check(s, rng, seen, steps=30)
    missing = {n for n, part in _reason_fragments().items() if not any(part in w for w in seen)}
    assert not missing
