"""The rulebook's illustrations, played through.

Our rulebook text (rules/croa.txt) has no numbered worked examples and its start
illustration is missing, so these tests play the situations its paragraphs
describe, end to end, as a table would.
"""

from __future__ import annotations

from meeple.core import CHANCE
from tests.games.croa.helpers import checked_position, frogs_on, names, play, start


def test_game_play_a_first_turn_from_the_start():
    """Move one frog to a neighbouring tile; a face-down tile turns over and acts."""
    s = start(2)
    play(s, "Sa2-a3")
    assert s.current_player() == CHANCE
    play(s, "reveal mud")
    obs = s.observation(None)
    assert obs["squares"][16]["tile"] == "mud"  # a3
    assert obs["squares"][16]["frogs"] == [{"player": 0, "queen": False, "stuck": True}]
    assert s.current_player() == 1  # the player on the left plays next


def test_effects_chain_lily_then_mosquito_then_a_baby():
    """A lily bounces the frog on and the next tile acts; a mosquito lends a second jump,
    and the queen it sends makes a baby with a male."""
    s = checked_position(
        tiles={"c3": "lily", "d4": "mosquito", "b2": "male-pink"},
        frogs={"b3": ["S1"], "a1": ["Q1"], "h8": ["Q2"]},
    )
    play(s, "Sb3-c3")  # onto the lily: must bounce
    assert s.pending[-1].kind == "bounce"
    play(s, "Sc3-d4")  # onto the mosquito: another frog may jump
    assert s.pending[-1].kind == "mosquito"
    play(s, "Qa1-b2")  # the queen meets the pink male
    assert frogs_on(s, "b2") == ["Q1", "S1"]
    assert "pink" not in s.observation(None)["frogs"][0]["males"]
    assert s.current_player() == 1


def test_the_log_story():
    """Two servants of different colours share a log; a third removes one of its choice;
    a queen landing removes the enemy servants; an enemy frog landing removes the queen."""
    s = checked_position(
        4,
        tiles={"d4": "log"},
        frogs={
            "d4": ["S2"],
            "c3": ["S1"],
            "e5": ["S3"],
            "c5": ["Q4"],
            "a1": ["Q1"],
            "h1": ["Q2"],
            "h8": ["Q3"],
            "a8": ["S4"],
        },
    )
    play(s, "Sc3-d4")  # P1's servant joins P2's
    assert frogs_on(s, "d4") == ["S2", "S1"]
    play(s, "Qh1-g1", "reveal reeds")  # P2 passes time
    play(s, "Se5-d4")  # P3's servant is the third: it picks its victim
    assert names(s) == ["remove P1 servant", "remove P2 servant"]
    play(s, "remove P1 servant")
    assert frogs_on(s, "d4") == ["S2", "S3"]
    play(s, "Qc5-d4")  # P4's queen lands: both enemy servants are removed
    assert frogs_on(s, "d4") == ["Q4"]
    play(s, "Qa1-b2", "reveal reeds")
    play(s, "Qg1-f1", "reveal reeds")
    play(s, "Qh8-g7", "reveal reeds")
    play(s, "Sa8-a7", "reveal reeds")
    play(s, "Qb2-c3")  # the reeds P1's servant stood on are face up
    play(s, "Qf1-e1", "reveal reeds")
    play(s, "Qg7-f6", "reveal reeds")
    play(s, "Sa7-a6", "reveal reeds")
    play(s, "Qc3-d4")  # P1's queen lands on the log: P4's queen there is eliminated
    assert frogs_on(s, "d4") == ["Q1"]
    assert s.observation(None)["frogs"][3]["in_game"] is False


def test_eating_a_queen_brings_a_servant_who_must_then_move_with_her():
    """Landing on an enemy queen removes her owner and gives a servant on your queen's
    tile; with queen and servant together, one of them moves next turn."""
    s = checked_position(
        3,
        tiles={"e4": "reeds"},
        frogs={"d4": ["S1"], "a1": ["Q1"], "e4": ["Q2"], "h8": ["Q3"], "g8": ["S3"]},
    )
    play(s, "Sd4-e4")
    assert frogs_on(s, "a1") == ["Q1", "S1"]
    play(s, "Sg8-f8", "reveal reeds")
    assert all(m[1:3] == "a1" for m in names(s))
