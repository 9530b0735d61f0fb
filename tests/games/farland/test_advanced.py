"""The advanced "Tech Board" rules: upgrade tokens, slots, ponds and every technology."""

from __future__ import annotations

import pytest

import meeple
from meeple.boardgames.farland.actions import sq
from meeple.boardgames.farland.components import K_POND
from meeple.boardgames.farland.farm import Farm
from meeple.boardgames.farland.rules import POND
from meeple.boardgames.farland.scoring import (
    CATEGORIES,
    Techs,
    crop_points,
    irrigated_squares,
    score_farm,
)
from meeple.boardgames.farland.state import FarlandState
from meeple.core import AUTOMATIC, Decision, IllegalActionError
from tests.games.farland.helpers import (
    COW,
    PIG,
    SHEEP,
    WHEAT,
    bottom,
    changed,
    decide,
    fence_around,
    give,
    land,
    left,
    names,
    play,
    right,
    setup,
    top,
    with_farm,
)
from tests.games.farland.test_rules import again

COMP = meeple.load("farland").components


def adv(players: int = 2, **kw) -> FarlandState:
    return setup(players, rules="advanced", **kw)


def new_farm() -> Farm:
    return Farm(COMP.house, 3, 0)


def score(f: Farm, side: str = "advanced", **techs: bool) -> dict[str, int]:
    return score_farm(
        f.cells, f.tokens, f.fences, f.pipes, f.nimbus, f.troughs, COMP, side, Techs(**techs)
    )


def upgrade_now(s: FarlandState, p: int = 0) -> FarlandState:
    """``s`` with an upgrade token for player ``p`` to place now."""
    return decide(s, "upgrade", p)


def install_now(s: FarlandState, p: int = 0, **farm) -> FarlandState:
    """``s`` with an installing decision open for player ``p``, whose farm is
    :func:`changed` by ``farm`` (the pieces from the supply)."""
    return with_farm(s, p, pending=[*s.pending, Decision("install", p)], **farm)


# -- upgrade tokens and slots ---------------------------------------------------------------


def test_each_player_starts_with_twelve_upgrade_tokens():
    s = adv()
    assert [f.upgrades for f in s.farms] == [12, 12]
    assert [f.upgrades for f in setup(2).farms] == [0, 0]


def test_adding_a_building_tile_places_an_upgrade_token():
    s = adv()
    play(s, "take building + improvements", "at 2,0", "rotate 0")
    assert s.pending[-1].kind == "upgrade" and s.current_player() == 0
    play(s, "tech symbiosis")
    assert s.farms[0].upgrades == 11
    assert s.farms[0].techs == s.rules.tech_bit["symbiosis"]


def test_a_land_card_with_a_building_places_an_upgrade_token():
    s = adv(market=["L25", "L26", "L01", "L28"])  # L01 shows a barn
    play(s, "take lower 1", "at 2,0", "rotate 0")
    assert s.pending[-1].kind == "upgrade" and s.current_player() == 0
    play(s, "tech free_range")
    assert s.farms[0].upgrades == 11
    assert s.farms[0].techs == s.rules.tech_bit["free_range"]
    assert s.current_player() == 1


def test_a_land_card_with_a_building_covering_resources_asks_token_then_upgrade():
    s = adv(market=["L25", "L26", "L01", "L28"])
    play(s, "take upper 1", "fence", "trough", "trough", "at 2,0", "rotate 0")
    s = play(again(s), "take lower 1", "at 2,0", "rotate 0")  # wheat2 wheat1 / - carrot1
    assert s.pending[-1].kind == "token"
    play(s, "no token", "no token", "no token")  # one decision per covered resource square
    assert s.pending[-1].kind == "upgrade"


def test_upgrade_tokens_for_land_cards_run_out_at_twelve():
    s = adv(market=["L25", "L26", "L01", "L28"])
    for _ in range(12):  # all twelve on the +10 space
        s = play(upgrade_now(s), "tech +10")
    assert s.farms[0].upgrades == 0
    play(s, "take lower 1", "at 2,0", "rotate 0")
    assert s.current_player() == 1


def test_a_card_without_a_building_gives_no_upgrade():
    s = adv()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    assert s.current_player() == 1


def test_level_1_technologies_are_free_to_choose_and_level_2_needs_one_in_its_tree():
    s = upgrade_now(adv())
    got = names(s)
    assert "tech irrigation" in got and "tech free_range" in got
    assert "tech agro_optimizer" not in got
    assert "tech +10" in got
    s = give(s, 0, "nimbus_generator")  # water tree
    got = names(s)
    assert "tech agro_optimizer" in got and "tech land_prep" in got
    assert "tech growth_enhancer" not in got  # herd tree
    with pytest.raises(IllegalActionError, match="level 1"):
        s.apply_notation("tech growth_enhancer")


def test_one_token_per_technology_per_player():
    s = give(upgrade_now(adv()), 0, "symbiosis")
    assert "tech symbiosis" not in names(s)


@pytest.mark.parametrize(("players", "slots"), [(2, 1), (3, 2), (4, 2)])
def test_level_2_slots_by_player_count(players, slots):
    s = adv(players)
    for p in range(slots):
        s = give(s, p, "free_range")
        s = play(upgrade_now(s, p), "tech growth_enhancer")
    if slots < players:
        s = give(s, slots, "free_range")
        assert "tech growth_enhancer" not in names(upgrade_now(s, slots))


def test_plus10_slot_is_unlimited_and_scores_10_each_at_the_end():
    s = adv()
    for _ in range(3):
        s = play(upgrade_now(s), "tech +10")
    assert s.farms[0].plus10 == 3
    s._run_score(Decision("score", AUTOMATIC, 12))
    assert s.points[0][4] >= 30


# -- level 1 --------------------------------------------------------------------------------


def test_irrigation_gives_a_pond_tile_placed_at_once():
    s = upgrade_now(adv())
    play(s, "tech irrigation")
    assert s.pending[-1].kind == "place" and s.pending[-1].info == POND
    assert s.ponds == 3
    play(s, "at 2,0")
    assert names(s) == ["rotate 0", "rotate 90"]
    play(s, "rotate 0")  # 3 wide, 2 high
    assert sum(1 for c in s.farms[0].cells.values() if c[0] == 3) == 6


def test_pond_irrigates_its_ten_surrounding_squares():
    f = new_farm()
    pond = {(x, y) for x in range(2, 5) for y in range(0, 2)}
    ring = {
        (x, y)
        for x in range(1, 6)
        for y in range(-1, 3)
        if (x, y) not in pond and (x in range(2, 5) or y in range(0, 2))
    }
    assert len(ring) == 10
    cells = {p: (3, -1, 0, 0, -1, 0) for p in pond}
    cells.update({p: land("wheat") for p in ring if p not in ((1, 0), (1, 1))})
    f = changed(f, cells)
    irrigated = irrigated_squares(f.cells, f.pipes)
    assert irrigated == {sq(*p) for p in ring}


def test_nimbus_generator_uses_two_pipes_and_irrigates_four_squares():
    s = give(adv(), 0, "nimbus_generator")
    s = install_now(s, house=[0, 2, 0])
    assert "install nimbus" in names(s)
    play(s, "install nimbus", "corner 1,1")
    f = s.farms[0]
    assert f.nimbus == {sq(1, 1)} and f.house == [0, 0, 0]
    assert irrigated_squares(f.cells, f.pipes, f.nimbus) == {
        sq(0, 0),
        sq(1, 0),
        sq(0, 1),
        sq(1, 1),
    }
    assert f.installed_count() == 2


def test_nimbus_needs_its_four_edges_free_of_pipes():
    s = give(adv(), 0, "nimbus_generator")
    s = with_farm(s, 0, {(2, 0): land(), (2, 1): land()})
    assert s.nimbus_corners(s.farms[0]) == [sq(1, 1), sq(2, 1)]
    s = with_farm(s, 0, pipes={top(1, 1)})  # the edge from corner (1,1) to corner (2,1)
    assert s.nimbus_corners(s.farms[0]) == []


def test_nimbus_arms_must_all_lie_on_edges_of_the_farm():
    s = adv()
    f = s.farms[0]
    # the starting house alone: only its centre has four arms on the farm
    assert s.nimbus_corners(f) == [sq(1, 1)]
    # an L-shaped farm: the inner corner of the L (three squares around it) qualifies
    s = with_farm(s, 0, {(2, 0): land(), (3, 0): land(), (2, -1): land()})
    got = s.nimbus_corners(s.farms[0])
    assert sq(2, 0) in got  # NW (1,-1) missing; NE, SW, SE present
    assert sq(3, 1) not in got  # only (2,0) and (3,0) above it: arm down runs off the farm
    assert sq(4, 0) not in got  # the outer corner of (3,0) touches one square
    assert sq(0, 0) not in got and sq(2, 2) not in got  # the house's outer corners
    assert sorted(got) == sorted([sq(2, 0), sq(3, 0), sq(1, 1), sq(2, 1)])


def test_nimbus_off_the_farm_is_refused_with_a_reason():
    s = give(adv(), 0, "nimbus_generator")
    s = install_now(s, house=[0, 2, 0])
    play(s, "install nimbus")
    assert names(s) == ["corner 1,1"]
    with pytest.raises(IllegalActionError, match="four arms of the cross must lie on edges"):
        s.apply_notation("corner 2,2")
    with pytest.raises(IllegalActionError, match="not on your farm"):
        s.apply_notation("corner 5,5")


def test_aquasphere_irrigates_crops_in_pastures():
    f = changed(new_farm(), {(2, 0): land("wheat", 2)}, fences=fence_around([(2, 0)]))
    assert score(f)["crops"] == 0
    assert score(f, aquasphere=True)["crops"] == 3
    f = changed(f, tokens={(2, 0): COW})  # still trampled by animals
    assert score(f, aquasphere=True)["crops"] == 0


def test_efficient_construction_gives_an_improvement_with_the_building():
    s = give(adv(), 0, "efficient_construction")
    play(s, "take building + first player")
    assert s.pending[-1].kind == "gain" and s.pending[-1].info == 1
    play(s, "trough")
    assert s.farms[0].house[2] == 1
    assert s.pending[-1].kind == "place"


def test_free_range_scores_one_type_open_fields():
    f = changed(new_farm(), {(2, 0): land("pig", 2), (3, 0): land()}, troughs=[0, 3, 0])
    assert score(f)["livestock"] == 0
    assert score(f, free_range=True)["livestock"] == 2 * 3  # advanced pig table, 3 troughs
    f = changed(f, tokens={(3, 0): SHEEP})
    assert score(f, free_range=True)["livestock"] == 0
    assert score(f, free_range=True, symbiosis=True)["livestock"] == 0  # not in open fields


def test_free_range_fields_are_separated_by_fences_and_farm_edges():
    cells = {(2, 0): land("pig", 1), (3, 0): land("sheep", 1)}
    f = changed(new_farm(), cells, troughs=[0, 3, 3])
    assert score(f, free_range=True)["livestock"] == 0  # one open field, two types
    f = changed(f, fences={right(2, 0)})  # one fence: the pig's field (with the house), the sheep's
    got = score(f, free_range=True)
    assert got["livestock"] == 3 + 2  # pig and sheep tables with 3 troughs each
    assert got["pastures"] == 0  # both are open fields, closed only by the farm edge


def test_symbiosis_lets_types_share_a_pasture():
    cells = {(2, 0): land("pig", 2), (3, 0): land("cow", 1)}
    f = changed(new_farm(), cells, fences=fence_around([(2, 0), (3, 0)]), troughs=[2, 3, 0])
    assert score(f)["livestock"] == 0
    assert score(f, symbiosis=True)["livestock"] == 2 * 3 + 1 * 2


def test_fence_sprinkler_lets_pipes_close_pastures():
    edges = fence_around([(2, 0)])
    f = changed(new_farm(), {(2, 0): land()}, fences=edges - {top(2, 0)}, pipes={top(2, 0)})
    assert score(f)["pastures"] == 0
    assert score(f, fence_sprinkler=True)["pastures"] == 3


# -- level 2 --------------------------------------------------------------------------------


def test_agro_optimizer_extends_the_crop_table():
    f = changed(
        new_farm(),
        {(2, 0): land("wheat", 3), (2, 1): land("wheat", 3)},
        tokens={(2, 0): WHEAT},
        pipes={left(2, 0), left(2, 1)},
    )
    assert score(f)["crops"] == 21
    assert score(f, agro_optimizer=True)["crops"] == crop_points(7, COMP, True) == 28


def test_land_prep_adds_one_per_scoring_pasture_and_crop():
    f = changed(
        new_farm(),
        {(2, 0): land("wheat", 2), (3, 0): land()},
        pipes={left(2, 0)},
        fences=fence_around([(3, 0)]),
    )
    assert score(f, land_prep=True)["tech"] == 1 + 2


def test_growth_enhancer_adds_one_per_scoring_animal():
    f = changed(new_farm(), {(2, 0): land("sheep", 2)}, fences=fence_around([(2, 0)]))
    assert score(f)["livestock"] == 2 * -2
    assert score(f, growth_enhancer=True)["tech"] == 2  # -2 becomes -1 for each


def test_land_prep_and_growth_enhancer_score_at_the_round_6_phase_too():
    s = give(adv(), 0, "land_prep", "growth_enhancer")
    s = with_farm(
        s, 0, {(2, 0): land("sheep", 1)}, fences=fence_around([(2, 0)]), troughs=[0, 0, 3]
    )
    s._run_score(Decision("score", AUTOMATIC, 6))
    tech = CATEGORIES.index("tech")
    assert s.points[0][tech] == 1 + 1  # the pasture (Land Prep) and the sheep (Growth Enhancer)
    assert s.points[0][CATEGORIES.index("livestock")] == 2
    assert s.points[1][tech] == 0


def test_flexible_installation_lifts_pieces_before_installing():
    s = install_now(adv(), fences={top(0, 0)}, troughs=[0, 1, 0])
    assert "lift fence" not in names(s)
    s = give(s, 0, "flexible_installation")
    assert {"lift fence", "lift trough pig"} <= set(names(s))
    play(s, "lift fence", "edge h 0,0", "lift trough pig")
    f = s.farms[0]
    assert f.fences == set() and f.troughs == [0, 0, 0] and f.house[0] >= 1
    play(s, "install fence", "edge h 0,1")
    assert "lift fence" not in names(s)  # lifting ends once installing begins


def test_resource_conversion_takes_any_token_type():
    s = adv()
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")
    s = again(give(s, 0, "resource_conversion"))
    play(s, "take lower 2", "fence", "fence", "at 3,0", "rotate 0")
    assert names(s) == [f"token {r}" for r in COMP.resources] + ["no token"]


def test_advanced_side_livestock_tables():
    s = adv()
    assert s.rules.side == "advanced"
    f = changed(
        new_farm(), {(2, 0): land("pig", 1)}, fences=fence_around([(2, 0)]), troughs=[0, 1, 0]
    )
    assert score(f)["livestock"] == 1
    assert score(f, side="basic")["livestock"] == -2
    assert PIG == 1


# -- rulings ---------------------------------------------------------------------------------


def test_irrigation_is_not_offered_without_pond_tiles():
    s = upgrade_now(adv())
    # Not a possible position: every pond tile is on a farm with Irrigation, so a player
    # without it always has one left ("0 ponds left and 0 irrigated farms", the position
    # format refuses it). The rule is tested on the state written directly.
    s.ponds = 0
    s._legal_cache = None
    assert "tech irrigation" not in names(s)


def test_upgrade_tokens_run_out():
    s = adv()
    for _ in range(12):  # all twelve on the +10 space
        s = play(upgrade_now(s), "tech +10")
    assert s.farms[0].upgrades == 0
    play(s, "take building + improvements", "at 2,0", "rotate 0")
    assert s.current_player() == 1


def test_efficient_construction_does_not_apply_to_land_cards_with_a_building():
    s = give(adv(market=["L25", "L26", "L01", "L28"]), 0, "efficient_construction")
    play(s, "take lower 1")
    assert s.pending[-1].kind == "place"


def test_nimbus_generator_is_not_part_of_a_pipe_network():
    f = changed(
        new_farm(),
        {(2, 0): land("wheat", 1), (3, 0): land("wheat", 1)},
        nimbus={sq(3, 1)},  # irrigates (2,0), (3,0) and the squares below
        pipes={top(3, 0)},  # a pipe ending at the top of the nimbus's edges
    )
    assert score(f)["crops"] == 3
    g = changed(
        new_farm(),
        {(2, 0): land("wheat", 1), (4, 0): land("wheat", 1), (3, 0): land()},
        nimbus={sq(2, 1)},  # around (1,0), (2,0), (1,1), (2,1)
        pipes={bottom(4, 0)},
    )
    assert score(g)["crops"] == 1  # the pipe does not reach the house through the nimbus


def test_resource_conversion_needs_a_covered_resource():
    s = give(adv(), 0, "resource_conversion")
    play(s, "take building + improvements", "at 2,0", "rotate 90", "tech +10")
    s = again(s)
    play(s, "take lower 1", "fence", "fence", "at 2,0", "rotate 0")  # covers only the barn
    assert s.pending[-1].kind != "token"


def test_plus10_scores_only_at_the_end():
    s = adv()
    for _ in range(2):
        s = play(upgrade_now(s), "tech +10")
    assert s.farms[0].plus10 == 2
    s._run_score(Decision("score", AUTOMATIC, 6))
    assert s.points[0][4] == 0
    s._run_score(Decision("score", AUTOMATIC, 12))
    assert s.points[0][4] == 20


def test_buildings_and_the_house_may_lie_inside_a_pasture():
    f = changed(
        new_farm(),
        {(2, 0): (1, -1, 0, 0, 0, 60), (2, 1): (1, -1, 0, 0, 0, -60)},
        fences=fence_around([(0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (2, 1)]),
    )
    assert score(f)["pastures"] == 3


def test_flexible_installation_lifts_pipes_and_nimbus_generators():
    s = give(adv(), 0, "flexible_installation", "nimbus_generator")
    s = install_now(s, pipes={top(0, 0)}, nimbus={sq(1, 2)}, house=[0, 0, 0])
    f = s.farms[0]
    play(s, "lift nimbus", "corner 1,2", "lift pipe", "edge h 0,0")
    assert f.nimbus == set() and f.pipes == set() and f.house == [0, 3, 0]
    play(s, "install nimbus", "corner 1,1", "done")
    assert f.nimbus == {sq(1, 1)} and f.house == [0, 1, 0]


def test_covering_the_building_that_earned_a_technology_keeps_the_technology():
    s = adv()
    play(s, "take building + improvements", "at 2,0", "rotate 0", "tech symbiosis")
    s = play(again(s), "take lower 1", "fence", "fence", "at 2,0", "rotate 0")  # covers the barn
    f = s.farms[0]
    assert all(c[0] != 1 for c in f.cells.values())  # no building left on the farm
    assert f.techs == s.rules.tech_bit["symbiosis"] and f.upgrades == 11
    assert "tech symbiosis" not in names(upgrade_now(s))


def test_free_range_animals_without_troughs_score_negative():
    f = changed(new_farm(), {(2, 0): land("pig", 2), (3, 0): land()})
    assert score(f)["livestock"] == 0  # an open field scores nothing without Free Range
    assert score(f, free_range=True)["livestock"] == 2 * -2  # bottom of the pig table


def test_symbiosis_animals_without_troughs_score_negative():
    cells = {(2, 0): land("pig", 2), (3, 0): land("cow", 1)}
    f = changed(new_farm(), cells, fences=fence_around([(2, 0), (3, 0)]))
    assert score(f, symbiosis=True)["livestock"] == 2 * -2 + 1 * -2


def test_land_prep_counts_crops_beyond_six_without_agro_optimizer():
    f = changed(
        new_farm(),
        {(2, 0): land("wheat", 3), (2, 1): land("wheat", 3)},
        tokens={(2, 0): WHEAT},
        pipes={left(2, 0), left(2, 1)},
    )
    got = score(f, land_prep=True)
    assert got["crops"] == 21  # the table stops at 6
    assert got["tech"] == 7  # but every crop that scored is counted


def test_free_range_animals_do_not_trample_crops_in_open_fields():
    f = changed(
        new_farm(),
        {(2, 0): land("wheat", 2), (3, 0): land("pig", 2)},
        pipes={left(2, 0)},  # on the house: irrigates (2,0)
        troughs=[0, 3, 0],
    )
    got = score(f, free_range=True)
    assert got["livestock"] == 2 * 3
    assert got["crops"] == 3  # the wheat shares the open field with scoring pigs


def test_irrigation_without_ponds_is_refused_naming_the_ponds():
    s = upgrade_now(adv())
    # Not a possible position: every pond tile is on a farm with Irrigation, so a player
    # without it always has one left ("0 ponds left and 0 irrigated farms", the position
    # format refuses it). The refusal is tested on the state written directly.
    s.ponds = 0
    s._legal_cache = None
    with pytest.raises(IllegalActionError, match="pond tile"):
        s.apply_notation("tech irrigation")


def test_lift_without_flexible_installation_is_refused_with_a_reason():
    s = install_now(adv(), fences={top(0, 0)})
    with pytest.raises(IllegalActionError, match="Flexible Installation"):
        s.apply_notation("lift fence")


def test_a_pond_may_be_partly_covered_and_what_is_left_irrigates_around_it():
    s = upgrade_now(adv())
    play(s, "tech irrigation", "at 2,0", "rotate 0")  # pond on (2,0)-(4,1)
    play(s, "take lower 1", "fence", "fence")  # L27: wheat1 wheat1 / carrot1 carrot1
    assert "at 4,0" in names(s)
    play(s, "at 4,0", "rotate 0")  # covers the pond's east column
    f = s.farms[0]
    ponds = {sq(x, y) for x in (2, 3) for y in (0, 1)}
    assert {i for i, c in f.cells.items() if c[0] == K_POND} == ponds
    # the squares beside the water left: the house's east column and the card's west
    # column, which now lies where the pond was; not the card's far column
    got = irrigated_squares(f.cells, f.pipes, f.nimbus)
    assert got == {sq(1, 0), sq(1, 1), sq(4, 0), sq(4, 1)}
    assert s.score_phase(0)["crops"] == 1 + 1  # one wheat and one carrot
    # a pond covered entirely irrigates nothing
    s = play(again(s), "take lower 2", "fence", "fence", "at 2,0", "rotate 0")
    f = s.farms[0]
    assert all(c[0] != K_POND for c in f.cells.values())
    assert irrigated_squares(f.cells, f.pipes, f.nimbus) == set()


def test_nimbus_arms_do_not_close_pastures_with_fence_sprinkler():
    s = give(adv(), 0, "nimbus_generator", "fence_sprinkler")
    s = with_farm(s, 0, {(2, 0): land()})
    assert sq(2, 1) in s.nimbus_corners(s.farms[0])
    fenced = with_farm(s, 0, fences={top(2, 0), right(2, 0)})
    s = with_farm(fenced, 0, nimbus={sq(2, 1)})  # its arms: the west and south sides of (2,0)
    assert s.score_phase(0)["pastures"] == 0
    s = with_farm(fenced, 0, pipes={left(2, 0), bottom(2, 0)})  # two pipes there do close it
    assert s.score_phase(0)["pastures"] == 3


def test_growth_enhancer_adds_one_to_an_animal_worth_0():
    # advanced sheep table: 2 1 0 -2, one trough shows the 0
    open_field = changed(new_farm(), {(2, 0): land("sheep", 2)}, troughs=[0, 0, 1])
    f = changed(open_field, fences=fence_around([(2, 0)]))
    got = score(f, growth_enhancer=True)
    assert got["livestock"] == 0
    assert got["tech"] == 2
    # in an open field (no Free Range) they are not scored at all
    assert score(open_field, growth_enhancer=True)["tech"] == 0
