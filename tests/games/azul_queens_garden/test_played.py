"""Rules reached through played games: from the start position, choosing each chance
outcome (``draw ...``, ``reveal ...``) and each action, never writing the state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple.boardgames.azul_queens_garden.state import AzulQueensGardenState
from meeple.core import CHANCE, IllegalActionError, RecordError
from meeple.core.record import Record, replay

from .helpers import act, can, legal, new, t

GOLDEN = Path(__file__).with_name("golden.json")


def chance(s: AzulQueensGardenState, *outcomes: str) -> None:
    """Resolve the pending chance steps with these outcomes, in the order they come."""
    todo = list(outcomes)
    while s.current_player() == CHANCE:
        assert todo, f"a chance step ({s.decision}) with no outcome chosen"
        act(s, todo.pop(0))
    assert not todo, f"outcomes left over: {todo}"


def draws(*names: str) -> tuple[str, ...]:
    return tuple(f"draw {n}" for n in names)


def pass_(s: AzulQueensGardenState, *discards: str) -> None:
    """Pass, discard these, then say done if the discard decision is still open."""
    act(s, "pass", *(f"discard {d}" for d in discards))
    if s.current_player() != CHANCE and s.decision is not None and s.decision.kind == "discard":
        act(s, "done")


def test_the_next_stack_expansion_fills_only_after_a_take_from_the_top_one():
    # Ruling 7 (version 3), in play: a take that touches only older display expansions
    # (or face-up ones) leaves the stack as it is.
    s = new(2)
    chance(s, *draws("blue-tree", "yellow-leaf", "green-bird", "lime-fruit"))
    left = s.stack_left[0]
    act(s, "take blue")  # from the top expansion: the next one is filled
    assert s.stack_left[0] == left - 1 and s.current_player() == CHANCE
    chance(s, *draws("lilac-butterfly", "purple-butterfly", "lilac-tree", "purple-flower"))
    assert s.current_player() == 1
    act(s, "take yellow")  # only from expansion 1, not the top: nothing new comes out
    assert s.current_player() == 0 and s.stack_left[0] == left - 1
    assert len(s.trays) == 2
    act(s, "take flower")  # the top again (expansion 2): the next one is filled
    assert s.current_player() == CHANCE and s.stack_left[0] == left - 2
    chance(s, *draws("yellow-tree", "green-tree", "lime-tree", "blue-tree"))
    # A take that empties the top turns it face up, and the next one still comes out.
    act(s, "take tree")  # player 2: the lilac tree and the four trees of the top
    assert s.stack_left[0] == left - 3
    chance(s, "reveal yellow-flower", *draws("blue-leaf", "blue-fruit", "lime-bird", "lilac-bird"))
    assert s.faceup == [t(s, "yellow-flower")]
    assert s.current_player() == 0


def test_four_players_set_up_and_play_in_seat_order_round_two_from_the_first_passer():
    s = new(4)
    assert [s.score(p) for p in range(4)] == [15] * 4
    assert s.jokers == [3] * 4 and s.store_n == [3] * 4
    assert s.joker_supply == 24 - 4 * 3
    dealt = list(s.rules.round_stacks)
    assert s.stack_left == [dealt[0] - 1, *dealt[1:]]  # round 1's top expansion is out
    assert s.reserve == s.rules.reserve
    assert s.current_player() == CHANCE  # its four hexagons come from the bag
    chance(s, *draws("blue-tree", "yellow-leaf", "green-bird", "lime-fruit"))
    assert s.current_player() == 0 and s.first_player == 0
    order = []
    order.append(s.current_player())
    act(s, "take blue")
    chance(s, *draws("lilac-butterfly", "purple-butterfly", "lilac-tree", "purple-flower"))
    order.append(s.current_player())
    pass_(s)  # player 2 passes first: the marker and -1
    order.append(s.current_player())
    act(s, "take yellow")
    order.append(s.current_player())
    act(s, "take green")
    order.append(s.current_player())  # back to player 1; player 2 is out
    assert order == [0, 1, 2, 3, 0]
    act(s, "take lime")  # expansion 1 is now empty and turns face up
    chance(s, "reveal lime-leaf")
    assert s.current_player() == 2  # player 2 (seat 1) has passed and is skipped
    for p in (2, 3, 0):
        assert s.current_player() == p
        pass_(s, "blue-tree" if p == 0 else "joker")
    assert s.round == 1 and s.first_player == 1
    assert s.score(1) == 15 - 1  # the first pass costs a point
    chance(s, *draws("yellow-tree", "blue-bird", "green-tree", "lime-tree"))
    order = []
    for _ in range(4):
        order.append(s.current_player())
        pass_(s)
    assert order == [1, 2, 3, 0]  # round 2 opens with the first passer, then seat order


def test_a_tie_reached_in_play_shares_the_victory():
    # Each round one player takes a hexagon, the other passes first (-1) and the taker
    # passes discarding it (-1): both lose a point a round and end level.
    s = new(2)
    fills = [
        ("blue-tree", "yellow-leaf", "green-bird", "lime-fruit"),
        ("lilac-tree", "yellow-bird", "green-leaf", "blue-fruit"),
        ("purple-tree", "lime-leaf", "lilac-bird", "yellow-fruit"),
        ("green-tree", "blue-leaf", "purple-bird", "lilac-fruit"),
    ]
    seconds = [
        ("lime-butterfly", "lime-flower", "purple-flower", "yellow-flower"),
        ("blue-butterfly", "blue-flower", "lilac-flower", "green-flower"),
        ("yellow-butterfly", "purple-butterfly", "lime-leaf", "lime-bird"),
        ("lilac-butterfly", "green-butterfly", "blue-bird", "purple-leaf"),
    ]
    for rnd, (fill, second) in enumerate(zip(fills, seconds, strict=True)):
        chance(s, *draws(*fill))
        taker = rnd % 2
        assert s.current_player() == taker and s.round == rnd
        act(s, "take tree")  # from the top: the next expansion is filled
        chance(s, *draws(*second))
        pass_(s)  # the other player passes first
        pass_(s, fill[0])  # the taker passes, discarding the tree
    assert s.is_terminal()
    totals = [sc["total"] for sc in s.scores()]
    assert totals == [15 - 4 + 3, 15 - 4 + 3]  # four points lost, three jokers kept
    assert s.ranks() == [1, 1]


def test_the_end_of_round_four_reached_in_play_scores_and_ends_the_game():
    s = new(2)
    quiet_fills = [
        ("purple-tree", "purple-leaf", "lilac-fruit", "green-butterfly"),
        ("purple-bird", "lilac-leaf", "green-fruit", "lime-butterfly"),
        ("purple-flower", "lilac-tree", "green-bird", "lime-flower"),
    ]
    for rnd, fill in enumerate(quiet_fills):  # rounds 1-3: player 1 passes first each time
        chance(s, *draws(*fill))
        assert s.round == rnd and s.current_player() == 0
        pass_(s)
        pass_(s)
    chance(s, *draws("blue-tree", "yellow-leaf", "lilac-leaf", "lime-fruit"))
    assert s.round == 3 and s.current_player() == 0
    act(s, "take tree")  # player 1: the blue tree, from the top
    chance(s, *draws("lilac-bird", "purple-bird", "yellow-bird", "green-leaf"))
    act(s, "take bird")  # player 2: three birds, from the new top
    chance(s, *draws("green-fruit", "green-flower", "blue-leaf", "lime-leaf"))
    act(s, "place blue-tree at 0.1")  # a tree costs nothing more
    assert s.current_player() == 1
    pass_(s)  # player 2 passes first
    assert not s.is_terminal()
    pass_(s)  # the last pass of round 4 ends the game: no fifth round comes out
    assert s.is_terminal() and s.round == 4 and not s.legal_actions()
    sc = s.scores()
    assert sc[0]["first_pass"] == -3 and sc[1]["first_pass"] == -1
    # Round 4's wheel (yellow, blue, fruit) pays 1 for the placed blue tree.
    assert sc[0]["wheel"] == 1 and sc[1]["wheel"] == 0
    assert sc[0]["storage"] == 0 and sc[1]["storage"] == -3  # three birds left: -1 each
    assert sc[0]["jokers"] == sc[1]["jokers"] == 3
    assert sc[0]["evaluation"] == 0  # one hexagon is no group of three
    assert [x["total"] for x in sc] == [15 - 3 + 1 + 3, 15 - 1 - 3 + 3]
    assert s.ranks() == [1, 2]


def test_storage_filled_to_its_limits_in_play():
    s = new(2)
    chance(s, *draws("blue-tree", "blue-bird", "blue-butterfly", "blue-leaf"))
    act(s, "take blue")  # 4 hexagons + 3 jokers = 7 of 12; the top emptied
    assert s.store_n[0] == 7
    chance(
        s,
        "reveal lime-fruit",
        *draws("yellow-tree", "yellow-bird", "yellow-butterfly", "yellow-leaf"),
    )
    pass_(s)  # player 2 passes first; player 1 plays on alone
    act(s, "take yellow")  # 11 of 12
    chance(
        s, "reveal green-fruit", *draws("purple-tree", "purple-bird", "green-leaf", "lilac-leaf")
    )
    assert s.store_n[0] == 11
    assert not can(s, "take purple") and not can(s, "take leaf")  # two hexagons, room for one
    with pytest.raises(IllegalActionError, match="room for 1"):
        act(s, "take purple")
    act(s, "take fruit")  # the two face-up expansions: both expansion places
    assert sorted(s.store_exps[0]) == sorted([t(s, "lime-fruit"), t(s, "green-fruit")])
    assert s.current_player() == 0  # not from the top: nothing new, player 1 again
    act(s, "take lilac")  # the last tile place
    chance(s, *draws("lime-tree", "lime-bird", "lilac-butterfly", "purple-flower"))
    assert s.store_n[0] == 12 and len(s.store_exps[0]) == 2
    assert not [a for a in legal(s) if a.startswith("take")]  # nothing more fits
    with pytest.raises(IllegalActionError, match="room for 0"):
        act(s, "take lime")


# -- the golden game (tests/conformance/test_golden.py replays every game's) ---------------


def test_the_golden_game_of_two_greedy_players_and_a_random_one_ends_136_95_14():
    # Written again on 2 December 2026: the bots' round-4 storage values (308f5cd) made
    # greedy part from the first golden game at action 325; the rules are unchanged.
    record = Record.loads(GOLDEN.read_text())
    assert record.game == "azul_queens_garden" and record.players == 3
    state = replay(record)
    assert record.result is not None
    assert [s["total"] for s in state.scores()] == record.result["scores"] == [136, 95, 14]
    assert state.ranks() == record.result["ranks"] == [1, 2, 3]
    assert len(record.actions) == 440


def test_a_record_of_version_2_is_refused_by_name():
    # Version 3 changed the display's pace and the face-up twin take (rulings 7, 16):
    # an older record cannot replay the same, so it is refused, not replayed differently.
    obj = json.loads(GOLDEN.read_text())
    obj["game_version"] = 2
    with pytest.raises(RecordError, match="version 2.*version 3"):
        replay(Record.from_json(obj))
