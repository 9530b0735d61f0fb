"""The rulebook's tables and worked examples, each on a small farm.

The farm squares are (x, y) with the starting house at (0,0)-(1,1): the house
itself on the top row, two meadows with printed fences (west+south, south+east)
below it.
"""

from __future__ import annotations

import pytest

import meeple
from meeple.boardgames.farland.actions import sq
from meeple.boardgames.farland.farm import Farm
from meeple.boardgames.farland.scoring import (
    Techs,
    building_points,
    crop_points,
    irrigated_squares,
    livestock_value,
    regions,
    score_farm,
)
from tests.games.farland.helpers import (
    COW,
    PIG,
    SHEEP,
    WHEAT,
    bottom,
    building,
    changed,
    fence_around,
    land,
    left,
    right,
    setup,
    top,
)

COMP = meeple.load("farland").components


def new_farm() -> Farm:
    return Farm(COMP.house, 3, 0)


def put(f: Farm, cells) -> Farm:
    """A copy of ``f`` with these squares laid (by ``(x, y)``)."""
    return changed(f, cells)


NO_TECHS = Techs()


def score(f: Farm, side: str = "basic", techs: Techs = NO_TECHS) -> dict[str, int]:
    return score_farm(f.cells, f.tokens, f.fences, f.pipes, f.nimbus, f.troughs, COMP, side, techs)


# -- tables ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "points"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21), (9, 21)]
)
def test_crop_table(count, points):
    assert crop_points(count, COMP) == points


@pytest.mark.parametrize(
    ("count", "points"), [(6, 21), (7, 28), (8, 36), (9, 45), (10, 50), (11, 55), (12, 60)]
)
def test_agro_optimizer_extended_crop_table(count, points):
    assert crop_points(count, COMP, extended=True) == points


@pytest.mark.parametrize(
    ("unique", "points"), [(0, 0), (1, 3), (2, 6), (3, 10), (4, 15), (5, 21), (6, 28)]
)
def test_unique_buildings_table(unique, points):
    assert building_points(unique, COMP) == points


def test_basic_livestock_tables_as_printed():
    cow, pig, sheep = COMP.livestock["basic"]
    # headed 5: 4, 3, 2 above three yellow spaces
    assert [livestock_value(cow, t) for t in range(7)] == [-2, -2, -2, 2, 3, 4, 5]
    # headed 4: 3, 2, 1 above two yellow spaces
    assert [livestock_value(pig, t) for t in range(6)] == [-2, -2, 1, 2, 3, 4]
    # headed 3: 2, 1, 0, -2
    assert [livestock_value(sheep, t) for t in range(5)] == [-2, 0, 1, 2, 3]


def test_three_player_setup_uses_six_market_spaces():
    s = setup(3)
    assert len([c for c in s.market if c >= 0]) == 6


# -- pastures -----------------------------------------------------------------------------


def test_printed_fences_and_wood_fences_make_a_pasture():
    f = new_farm()
    # the house meadows have printed fences on W, S and E: two wood fences on their
    # north sides close them
    assert score(f)["pastures"] == 0
    f = changed(f, fences={top(0, 1), top(1, 1)})
    assert score(f)["pastures"] == 3


def test_each_closed_area_is_one_pasture_whatever_its_size():
    f = put(new_farm(), {(x, y): land() for x in range(2, 6) for y in range(0, 2)})
    f = changed(
        f, fences=fence_around([(2, 0)]) | fence_around([(3, 0), (4, 0), (5, 0), (3, 1), (4, 1)])
    )
    # (2,0) alone, and a five-square area; (5,1) stays open
    areas = regions(f.cells, f.fences)
    assert sorted(len(a) for a, closed in areas if closed) == [1, 5]
    assert score(f)["pastures"] == 6


def test_farm_edge_does_not_close_a_pasture():
    f = put(new_farm(), {(2, 0): land(), (2, 1): land()})
    # the east side is the farm edge
    f = changed(f, fences={top(2, 0), left(2, 0), left(2, 1), bottom(2, 1)})
    assert score(f)["pastures"] == 0


# -- livestock ------------------------------------------------------------------------------


def _sheep_pasture(f: Farm, extra=None) -> Farm:
    cells = {(2, 0): land("sheep", 2), (3, 0): land("sheep", 1)}
    cells.update(extra or {})
    return changed(f, cells, fences=fence_around([(2, 0), (3, 0)]))


def test_animals_in_a_one_type_pasture_score_their_table_value():
    f = _sheep_pasture(new_farm())
    f = changed(f, troughs=[0, 0, 2])
    assert score(f)["livestock"] == 3 * 1
    f = changed(f, tokens={(3, 0): SHEEP})  # tokens count as animals
    assert score(f)["livestock"] == 4 * 1


def test_animals_without_troughs_lose_points():
    f = _sheep_pasture(new_farm())
    assert score(f)["livestock"] == 3 * -2


def test_two_animal_types_in_a_pasture_score_nothing():
    f = changed(_sheep_pasture(new_farm()), tokens={(3, 0): COW}, troughs=[0, 0, 2])
    assert score(f)["livestock"] == 0


def test_animals_outside_pastures_score_nothing():
    f = changed(new_farm(), {(2, 0): land("pig", 2)}, troughs=[0, 5, 0])
    assert score(f)["livestock"] == 0


# -- crops and irrigation ------------------------------------------------------------------


def test_crops_score_only_when_irrigated():
    f = put(new_farm(), {(2, 0): land("wheat", 2), (3, 0): land("wheat", 1)})
    assert score(f)["crops"] == 0
    # a pipe on the house's east side, joined to a pipe under (2,0) and (3,0)
    f = changed(f, pipes={right(1, 0), bottom(2, 0), bottom(3, 0)})
    assert irrigated_squares(f.cells, f.pipes) >= {sq(2, 0), sq(3, 0)}
    assert score(f)["crops"] == crop_points(3, COMP) == 6


def test_pipe_network_must_lead_to_the_starting_house():
    f = put(new_farm(), {(2, 0): land("wheat", 2), (3, 0): land("carrot", 1), (4, 0): land()})
    f = changed(f, pipes={right(3, 0), top(4, 0)})  # joined to each other, not to the house
    assert score(f)["crops"] == 0
    f = changed(f, pipes=[right(1, 0)])  # on the house's east side: irrigates (2,0) only
    assert score(f)["crops"] == crop_points(2, COMP)
    f = changed(f, pipes={top(2, 0), top(3, 0)})  # a line along the top joins the two networks
    assert score(f)["crops"] == crop_points(2, COMP) + crop_points(1, COMP)


def test_a_pipe_touching_only_a_corner_of_the_house_does_not_reach_it():
    f = put(new_farm(), {(2, 0): land("wheat", 1), (2, -1): land("wheat", 1)})
    f = changed(f, pipes=[top(2, 0)])  # ends on the house's top-right corner, along no house side
    assert score(f)["crops"] == 0
    f = changed(f, pipes=[left(2, 0)])  # on the house's east side, joined to it at that corner
    assert score(f)["crops"] == crop_points(2, COMP)


def test_crop_types_score_separately():
    f = put(new_farm(), {(2, 0): land("wheat", 2), (2, 1): land("carrot", 2)})
    f = changed(f, pipes={left(2, 0), left(2, 1)})  # both on the house's east side
    assert score(f)["crops"] == 3 + 3


def test_animals_trample_crops_in_their_pasture():
    f = put(new_farm(), {(2, 0): land("wheat", 2), (3, 0): land("cow", 1)})
    f = changed(f, pipes=[left(2, 0)])
    assert score(f)["crops"] == 3
    f = changed(f, fences=fence_around([(2, 0), (3, 0)]))
    assert score(f)["crops"] == 0
    f = changed(f, fences=[right(2, 0)])  # now the wheat has its own pasture
    assert score(f)["crops"] == 3


def test_fence_and_pipe_may_share_an_edge():
    f = changed(new_farm(), {(2, 0): land("wheat", 1)}, fences=[left(2, 0)], pipes=[left(2, 0)])
    assert score(f)["crops"] == 1


# -- advanced worked examples ---------------------------------------------------------------


@pytest.mark.parametrize(("troughs", "plain", "enhanced"), [(0, -2, -1), (3, 2, 3)])
def test_growth_enhancer_example(troughs, plain, enhanced):
    # the rulebook: -2 becomes -1, 2 becomes 3 (one sheep, advanced side: 2 1 0 -2)
    f = changed(
        new_farm(),
        {(2, 0): land("sheep", 1)},
        fences=fence_around([(2, 0)]),
        troughs=[0, 0, troughs],
    )
    assert score(f, "advanced")["livestock"] == plain
    got = score(f, "advanced", Techs(growth_enhancer=True))
    assert got["livestock"] + got["tech"] == enhanced


# -- buildings -------------------------------------------------------------------------------


def test_unique_buildings_exclude_the_house_and_duplicates():
    f = put(
        new_farm(),
        {
            (2, 0): building(0, 1),
            (3, 0): building(0, -1),
            (2, 1): building(0, 1),
            (3, 1): building(0, -1),
            (4, 0): building(3, 60),
            (4, 1): building(3, -60),
        },
    )
    assert score(f)["buildings"] == 6  # barn and stable


# -- a whole farm ------------------------------------------------------------------------------


def test_a_small_farm_scores_every_category():
    f = put(
        new_farm(),
        {
            (2, 0): land("wheat", 2),
            (2, 1): land(None),
            (3, 0): land("pig", 1),
            (3, 1): land("pig", 2),
            (-1, 0): building(1, 60),
            (-1, 1): building(1, -60),
        },
    )
    f = changed(
        f,
        tokens={(2, 1): WHEAT},
        pipes={left(2, 0), left(2, 1)},
        # the pasture's fences, and two that close the house meadows
        fences=fence_around([(3, 0), (3, 1)]) | {top(0, 1), top(1, 1)},
        troughs=[0, 3, 0],
    )
    got = score(f)
    assert got == {
        "livestock": 3 * 2,
        "crops": 6,
        "pastures": 6,
        "buildings": 3,
        "tech": 0,
    }
    assert PIG == 1
