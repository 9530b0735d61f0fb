"""The worked examples of the Queensland rulebook, reproduced.

The rulebook's pictures are not in our text, so each farm here is built to show
exactly what the example's words say; the numbers must come out as printed.
Seats: Ronald 0, Linda 1, Sophie 2, Patrick 3.
"""

from __future__ import annotations

import pytest

from meeple.boardgames.queensland.scoring import farm_fields, final_scores, largest_complete
from meeple.core import IllegalActionError
from tests.games.queensland.helpers import (
    at_first_turn,
    make_tile,
    names,
    new_game,
    play,
    toads,
    with_tile,
    with_toads,
)

RONALD, LINDA, SOPHIE, PATRICK = 0, 1, 2, 3


def test_a_placement_is_allowed_when_cane_and_soil_line_up_not_when_wheat_meets_cane():
    """The placing examples: a tile may go where its sugar cane meets cane and its soil
    meets soil; turned so that its wheat would touch cane, it may not."""
    state = at_first_turn(market=("T09", "T30", "T21"))
    state = with_tile(state, 0, 2, 0, "T17")  # soil on its south side, over the cell (2,1)
    play(state, "take 2", "place 2,1")  # T30: cane N, soil E, wheat S, soil W as printed
    # D's cane lies west of (2,1): turned 270, T30 shows cane west and soil north.
    assert names(state) == ["rotate 270"]
    with pytest.raises(IllegalActionError, match="do not match"):
        state.apply_notation("rotate 90")  # its wheat would touch D's cane
    state.apply_notation("rotate 270")
    assert state.observation(0)["farms"][0]["tiles"][-1][:4] == [2, 1, "T30", 270]


def test_ronalds_group_move_west_seen_from_every_farm():
    """Ronald places a group tile from the middle space (2 toads) and calls 'group
    movement to the west'; everyone follows. Linda's farm faces east, Sophie's south,
    Patrick's west, so west is down, right and up for them, but the same compass way.
    Patrick's 2 toads in a pond stay put while his single toad moves."""
    state = at_first_turn(
        4, market=("T09", "T47", "T30"), facings=("north", "east", "south", "west")
    )
    state = with_tile(state, RONALD, -2, 0, "T17")  # farm west of the cell Ronald will use
    state = with_toads(state, RONALD, 1, 0, 1)
    for p in (LINDA, SOPHIE, PATRICK):
        state = with_toads(state, p, 1, 0, 1)  # each passive player's toad has a tile to its west
    # T16: wheat north and soil elsewhere, as T17 (which lies on Ronald's farm).
    state = with_tile(state, PATRICK, 0, -1, "T16")
    # A pond with a tile west of it, turned so that its sides match its neighbours'.
    state = with_tile(state, PATRICK, 1, -1, "T01", rot=2, toads=2)
    play(state, "take 2", "place -1,0", "rotate 180")  # T47 turned: group arrow west
    last = state.observation(LINDA)["last"]
    assert (last["arrow"], last["direction"], last["toads_added"]) == ("group", "west", 2)
    assert toads(state, RONALD) == {(-2, 0): 2, (0, 0): 1}  # new toads moved too
    assert [d.player for d in reversed(state.pending)] == [LINDA, SOPHIE, PATRICK]
    play(state, "follow", "follow", "follow")
    for p in (LINDA, SOPHIE):
        assert toads(state, p) == {(0, 0): 1}
    assert toads(state, PATRICK) == {(0, 0): 1, (1, -1): 2}


def test_sophies_seven_toad_pond_scores_3_and_lindas_exactly_five_score_5():
    """Sophie places a group tile and moves south: her pond ends with 7 toads, 3 points.
    Linda follows the same group move south and fills a pond with exactly 5: 5 points."""
    state = at_first_turn(4, market=("T09", "T21", "T47"), first=SOPHIE)
    # Three ponds alike (cane north, soil elsewhere), one a farm: T01, T02 and T03. Linda's
    # tile north of hers is T17 (soil south and west), T09 being in the market.
    state = with_tile(state, SOPHIE, 2, 1, "T01", rot=3, toads=4)  # a pond east of D
    state = with_tile(state, LINDA, 2, 0, "T17")
    state = with_tile(state, LINDA, 2, 1, "T02", rot=3, toads=4)
    state = with_toads(state, LINDA, 2, 0, 1)  # one toad north of her pond
    state = with_toads(state, RONALD, 0, 0, 1)
    state = with_tile(state, PATRICK, 2, 1, "T03", rot=3, toads=2)
    state = with_toads(state, PATRICK, 0, 0, 1)
    supply = state.supply
    play(state, "take 3", "place 2,0", "rotate 90")  # T47 turned: group arrow south
    assert state.observation(SOPHIE)["last"]["direction"] == "south"
    assert toads(state, SOPHIE) == {(2, 1): 7}
    assert state.in_play[SOPHIE] == 0  # scoring waits for the passive players
    assert state.current_player() == PATRICK
    play(state, "follow", "stay", "follow")  # Patrick, Ronald, Linda
    assert state.in_play == [0, 5, 3, 0]
    assert toads(state, SOPHIE) == {}
    assert toads(state, LINDA) == {}
    assert toads(state, PATRICK) == {(0, 1): 1, (2, 1): 2}
    assert state.supply == supply - 3 + 7 + 5
    assert state.observation(None)["last"]["ponds_scored"] == [
        {"player": LINDA, "cell": [2, 1], "toads": 5, "points": 5},
        {"player": SOPHIE, "cell": [2, 1], "toads": 7, "points": 3},
    ]
    assert names(state)[0].startswith("draw")


def _line(prefix, crop, length, y, traits=(), ponds=()):
    """A straight field of ``length`` sections along row y, capped at both ends."""
    tiles = {}
    for x in range(length):
        west = crop if x > 0 else "."
        east = crop if x < length - 1 else "."
        sides = f".{east}.{west}"
        secs = [s for s, land in zip("NESW", sides, strict=True) if land != "."]
        trait = (traits[x],) if x < len(traits) and traits[x] else ()
        tiles[(x, y)] = (
            make_tile(f"{prefix}{x}", sides, [(crop, *secs)], pond=x in ponds, traits=trait),
            0,
        )
    return tiles


def test_lindas_final_score_is_56():
    """Linda and Sophie end with 6 toads, Patrick with 2, Ronald with 3. Linda had 27,
    loses 3 for most toads, removes 3 tiles, then scores a complete cane field of 6
    (12), a complete wheat field of 5 (5; her larger wheat field was broken by the
    removal), 2 cows (1), 7 scarecrows (10), 3 tractors (2) and 2 ponds (2): 56."""
    c = new_game(4).components
    linda = {}
    linda.update(_line("cane", "c", 6, 0, traits=["scarecrow"] * 6))
    linda.update(_line("wheat", "w", 5, 1, traits=["scarecrow", "cow", "cow"]))
    linda.update(
        _line("long", "w", 7, 2, traits=["tractor"] * 3 + [None] * 3 + ["cow"], ponds=(3, 4))
    )
    linda[(0, 3)] = (make_tile("x0", "....", traits=("scarecrow",)), 0)
    linda[(1, 3)] = (make_tile("x1", "....", pond=True, traits=("tractor",)), 0)
    linda_toads = {(6, 2): 2, (0, 3): 2, (1, 3): 2}
    soil = make_tile("s", "....")
    farms = [{(0, 0): (soil, 0)}, linda, {(0, 0): (soil, 0)}, {(0, 0): (soil, 0)}]
    farm_toads = [{(0, 0): 3}, linda_toads, {(0, 0): 6}, {(0, 0): 2}]
    result = final_scores(farms, farm_toads, [20, 27, 25, 18], c)
    assert result.scores[LINDA] == {
        "ponds_in_play": 27,
        "fewest_toads": 0,
        "most_toads": -3,
        "sugar_cane": 12,
        "wheat": 5,
        "cows": 1,
        "scarecrows": 10,
        "tractors": 2,
        "ponds": 2,
        "total": 56,
    }
    assert result.removed[LINDA] == [(0, 3), (1, 3), (6, 2)]
    assert [s["fewest_toads"] for s in result.scores] == [0, 0, 0, 3]
    assert [s["most_toads"] for s in result.scores] == [0, -3, -3, 0]
    assert result.tiebreaks[LINDA] == (0, 5, 6)


def test_a_tile_with_two_sections_in_one_cane_field_counts_twice():
    """A cane field over 4 tiles, 2 of its sections on the same tile: 5 x 2 = 10."""
    c = new_game(2).components
    farm = {
        (0, 0): (make_tile("nw", ".cc.", [("c", "E", "S")]), 0),
        (1, 0): (make_tile("ne", "..cc", [("c", "S", "W")]), 0),
        (0, 1): (make_tile("sw", "cc..", [("c", "N", "E")]), 0),
        (1, 1): (make_tile("se", "c..c", [("c", "N"), ("c", "W")]), 0),
    }
    fields = farm_fields(farm)
    assert [(f.crop, f.sections, f.complete) for f in fields] == [("cane", 5, True)]
    assert largest_complete(fields, "cane") * c.cane_per_section == 10


def test_only_a_complete_wheat_field_scores_even_when_a_larger_one_is_open():
    """The largest complete wheat field has 3 sections: 3 x 1 = 3. A field with more
    sections is not enclosed, so it does not count."""
    c = new_game(2).components
    farm = {}
    farm.update(_line("a", "w", 3, 0))
    farm.update(_line("b", "w", 5, 1))
    del farm[(4, 1)]  # its east end is open now
    fields = sorted((f.sections, f.complete) for f in farm_fields(farm))
    assert fields == [(3, True), (4, False)]
    assert largest_complete(farm_fields(farm), "wheat") * c.wheat_per_section == 3
