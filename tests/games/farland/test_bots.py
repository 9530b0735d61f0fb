"""Farland bots install at the scoring phases: the install planner and the bots that follow it.

Before the planner, every bot judged one installed piece at a time; one fence scores nothing
until its pasture closes, so "done" always looked best and the bots scored from buildings
only. These positions are built from a played opening (a seeded random game up to the first
scoring phase) with the mover's farm and house set for the test.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import meeple
from meeple.agents.base import make_agent
from meeple.agents.human import HumanAgent
from meeple.agents.levels import level_spec
from meeple.boardgames.farland.actions import sq
from meeple.boardgames.farland.farm import FENCE, PIPE, TROUGH, Farm, FarmCell
from meeple.boardgames.farland.planner import CROSS, plan_install
from meeple.boardgames.farland.state import FIRST_PICK_VALUE, FarlandState
from meeple.core import CHANCE, Decision, sample_chance
from meeple.core.position import edit
from tests.games.farland.helpers import (
    Square,
    as_farland,
    bottom,
    give,
    land,
    left,
    right,
    setup,
    top,
    with_farm,
)


def played_to(kind: str, seed: int = 3, rules: str = "basic") -> FarlandState:
    """A game played at random to the first decision of ``kind``."""
    s = setup(rules=rules)
    rng = random.Random(seed)
    while not (s.decision is not None and s.decision.kind == kind):
        if s.current_player() == CHANCE:
            s.apply_action(sample_chance(s, rng))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    return s


def at_first_scoring_phase(seed: int = 3, rules: str = "basic") -> FarlandState:
    """A game played at random to the first player's first install decision."""
    return played_to("install", seed, rules)


def fresh_farm(
    s: FarlandState, player: int, cells: dict[Square, FarmCell] | None = None, **changes: Any
) -> FarlandState:
    """``s`` with the player's farm back to the starting house alone, nothing installed
    (its pieces back to the supply, its tokens to theirs; its house and technologies stay),
    and then these ``cells`` laid and the farm and state ``changes`` made (see
    ``with_farm``)."""
    f = s.farms[player]
    bare: Farm = s.game.new_initial_state().farms[player].copy()
    bare.house = list(f.house)
    bare.techs, bare.plus10, bare.upgrades = f.techs, f.plus10, f.upgrades
    bare.installed = f.installed
    return with_farm(s, player, cells, base=bare, **changes)


def plan_of(s: FarlandState, player: int):
    comp = s.game.components
    farm = s.farms[player]
    crosses = bool(farm.techs & s.rules.tech_bit["nimbus_generator"])
    return plan_install(farm, comp, s.rules.side, s.techs_of(player), crosses)


def test_three_fences_close_the_houses_two_printed_meadows():
    """The issue's example: the starting house has two meadows with printed fences below
    and at the sides; three fences close them into two pastures, 3 points each."""
    s = at_first_scoring_phase()
    p = s.current_player()
    s = fresh_farm(s, p, house=[3, 0, 0])
    plan = plan_of(s, p)
    assert [i.kind for i in plan.installs] == [FENCE, FENCE, FENCE]
    assert plan.gain == 6
    # With two fences only one meadow can be closed: one pasture.
    s = with_farm(s, p, house=[2, 0, 0])
    assert plan_of(s, p).gain == 3


def test_animals_are_pastured_only_with_the_troughs_that_make_them_score():
    """Three cows pastured alone score -2 each (the cow table's bottom space); with three
    troughs they score 2 each. The planner judges fences and troughs as one group."""
    s = at_first_scoring_phase()
    p = s.current_player()
    s = fresh_farm(s, p, {(2, 0): land("cow", 3, fences="NES")}, house=[1, 0, 3])
    plan = plan_of(s, p)
    kinds = sorted(i.kind for i in plan.installs)
    assert kinds.count(TROUGH) == 3 and FENCE in kinds
    before = sum(s.score_phase(p).values())
    assert plan.gain > 0
    # Without troughs the pasture would cost more than it brings: not planned.
    s = with_farm(s, p, house=[1, 0, 0])
    plan = plan_of(s, p)
    assert all(i.kind == FENCE for i in plan.installs)
    for item in plan.installs:  # installed as the player would
        s.apply_action(s.L.INSTALL + FENCE)
        s.apply_action(s.L.EDGE + item.at)
    assert sum(s.score_phase(p).values()) >= before  # whatever it fences gains


def test_pipes_run_from_the_house_to_the_crops():
    s = at_first_scoring_phase()
    p = s.current_player()
    s = fresh_farm(s, p, {(2, 1): land(), (3, 1): land("wheat", 3)}, house=[0, 3, 0])
    plan = plan_of(s, p)
    assert plan.installs and all(i.kind == PIPE for i in plan.installs)
    assert plan.gain == 6  # three wheat irrigated
    assert len(plan.installs) <= 3


def test_a_nimbus_generator_waters_a_block_of_crops_no_pipe_run_reaches():
    """Advanced rules, with the Nimbus Generator technology and two pipes: a cross on the
    corner inside a block of four wheat fields irrigates all four (10 points), where the
    two pipes as a run from the house reach one field at most."""
    s = at_first_scoring_phase(rules="advanced")
    p = s.current_player()
    wheat = {(x, y): land("wheat", 1) for x in (3, 4) for y in (0, 1)}
    s = fresh_farm(s, p, {(2, 0): land(), (2, 1): land(), **wheat}, house=[0, 2, 0])
    s = give(s, p, "nimbus_generator")
    farm = s.farms[p]
    plan = plan_of(s, p)
    assert (
        plan.installs
        == plan_install(farm, s.game.components, s.rules.side, s.techs_of(p), crosses=True).installs
    )
    assert [(i.kind, i.at) for i in plan.installs] == [(CROSS, sq(4, 1))]
    assert plan.gain == 10
    made = install_phase(s, "medium")
    assert made == ["install nimbus", "corner 4,1", "done"]
    assert farm.nimbus == {sq(4, 1)} and farm.house == [0, 0, 0]


BOTS = ["easy", "greedy", "medium", "hard", "ismcts:iterations=50"]


def install_phase(s: FarlandState, spec: str) -> list[str]:
    """Let the bot take every install decision of the mover; the moves it made."""
    p = s.current_player()
    agent = make_agent(spec, random.Random(0))
    made = []
    while s.current_player() == p and s.decision is not None:
        assert s.decision.kind in ("install", "install_at")
        a = agent.step(s)
        made.append(s.action_to_string(a))
        s.apply_action(a)
    return made


@pytest.mark.parametrize("spec", BOTS)
def test_every_bot_installs_what_scores_at_a_scoring_phase(spec):
    s = at_first_scoring_phase()
    p = s.current_player()
    s = fresh_farm(s, p, house=[3, 0, 0])
    before = sum(s.score_phase(p).values())
    made = install_phase(s, spec)
    assert made[-1] == "done"
    assert s.farms[p].house[FENCE] == 0
    assert sum(s.score_phase(p).values()) == before + 6, made


@pytest.mark.parametrize("spec", BOTS)
def test_a_bot_keeps_its_pieces_when_installing_them_scores_nothing(spec):
    """No crops, no animals: pipes would irrigate nothing, and a piece kept in the house
    still pays for an upper-market card."""
    s = at_first_scoring_phase()
    p = s.current_player()
    s = fresh_farm(s, p, house=[0, 2, 0])
    assert install_phase(s, spec) == ["done"]
    assert s.farms[p].house == [0, 2, 0]


def test_the_planner_reads_only_the_movers_own_farm():
    """The plan is the same in every determinisation of the mover's view."""
    s = at_first_scoring_phase()
    p = s.current_player()
    plan = s.tactic()
    for k in range(5):
        assert s.determinize(p, random.Random(k)).tactic() == plan


def test_edges_named_in_the_helpers_match_the_planner():
    """The meadows' open sides the planner closes are the ones a person would fence."""
    s = at_first_scoring_phase()
    p = s.current_player()
    s = fresh_farm(s, p, house=[3, 0, 0])
    edges = {i.at for i in plan_of(s, p).installs}
    assert edges <= {top(0, 1), bottom(0, 1), right(0, 1), top(1, 1), bottom(1, 1), right(1, 1)}
    assert right(0, 1) in edges  # the wall between the two meadows


def test_a_hint_at_a_scoring_phase_is_the_plan_the_bots_follow():
    s = at_first_scoring_phase()
    p = s.current_player()
    s = fresh_farm(s, p, house=[3, 0, 0])
    hint = HumanAgent(random.Random(0)).hint(s)
    assert hint.startswith("Hint: install fence (the game's plan for this step")
    s = with_farm(s, p, house=[0, 2, 0])
    assert HumanAgent(random.Random(0)).hint(s).startswith("Hint: done (the game's plan")


def at_gain(seed: int = 3) -> FarlandState:
    """A game played at random to a player's first choice of an improvement to gain."""
    return played_to("gain", seed)


def test_a_gained_improvement_is_the_kind_the_farm_can_use():
    """Two fences in the house: a third closes the house's second meadow too (6 points
    instead of 3), while a pipe or a trough alone adds nothing to the plan."""
    s = at_gain()
    p = s.current_player()
    s = fresh_farm(s, p, house=[2, 0, 0])
    assert s.action_to_string(s.tactic()) == "fence"
    for spec in ("easy", "medium", "hard"):
        assert s.action_to_string(make_agent(spec, random.Random(1)).step(s)) == "fence"


def test_troughs_are_collected_for_the_cows_that_need_three():
    """A closed pasture of three cows, fences enough, no trough yet: one trough changes
    nothing (the cow table's three bottom spaces are all -2), three make each cow worth 2.
    The gain is judged with up to three of a kind, so the bot takes the trough."""
    s = at_gain()
    p = s.current_player()
    s = fresh_farm(
        s,
        p,
        {(2, 0): land("cow", 3, fences="NES")},
        fences={left(2, 0)},  # the side toward the house: the pasture is closed
        house=[0, 0, 0],
    )
    assert s.action_to_string(s.tactic()) == "trough"


def test_paying_keeps_the_piece_the_plan_needs():
    s = at_first_scoring_phase()
    p = s.current_player()
    s = fresh_farm(s, p, house=[3, 1, 0], pending=[*s.pending, Decision("pay", p, 0)])
    assert s.action_to_string(s.tactic()) == "pipe"  # the three fences close both meadows


def test_the_deep_heuristic_counts_what_the_house_will_score_installed():
    """Three fences in the house close the starting house's two meadows (+6 at a scoring
    phase): the quick heuristic counts them half a point each, the deep one counts the two
    pastures they make."""
    s = played_to("take")
    me = s.current_player()
    for p in range(2):
        s = fresh_farm(s, p, house=[0, 0, 0])
    # The deep heuristic also counts the first-player marker for the rounds to come.
    s = as_farland(edit(s, first=me))
    marker = FIRST_PICK_VALUE * (s.rules.components.rounds - s.round)
    assert marker > 0
    s = with_farm(s, me, house=[3, 0, 0])
    assert s.heuristic(me, deep=True) - s.heuristic(me) == 6 - 3 * 0.5 + marker
    # Two fences close one meadow: 3 points, and no piece is left over.
    s = with_farm(s, me, house=[2, 0, 0])
    assert s.heuristic(me, deep=True) - s.heuristic(me) == 3 - 2 * 0.5 + marker
    # A pipe with no crop to water scores nothing installed: both count half a point.
    s = with_farm(s, me, house=[0, 1, 0])
    assert s.heuristic(me, deep=True) == s.heuristic(me) + marker
    # The opponent's house is judged the same way: their lead is ours with the sign turned.
    assert s.heuristic(1 - me, deep=True) == -s.heuristic(me, deep=True)
    # Handing the marker over moves the lead by its value twice.
    before = s.heuristic(me, deep=True)
    s = as_farland(edit(s, first=1 - me))
    assert s.heuristic(me, deep=True) == before - 2 * marker


def test_deep_greedy_judges_the_best_quick_moves_first_within_its_time():
    s = played_to("place")
    legal = s.legal_actions()
    quick = make_agent("greedy", random.Random(1)).values(s, legal)
    rushed = make_agent("deepgreedy:seconds=0.000001", random.Random(1)).values(s, legal)
    # Out of time at once: only the best move by the quick heuristic was judged.
    assert list(rushed) == [max(legal, key=lambda a: quick[a])]
    full = make_agent("deepgreedy:seconds=600", random.Random(1)).values(s, legal)
    assert sorted(full) == sorted(legal)
    for bad in ("deepgreedy:seconds=0", "deepgreedy:seconds=soon", "deepgreedy:clock=sundial"):
        with pytest.raises(meeple.OptionError):
            make_agent(bad, random.Random(1))


def test_deep_greedy_with_reply_judges_its_best_moves_again_after_the_opponents_turn():
    """reply=K: the K moves the deep heuristic likes best are judged again once the next
    player has taken a greedy turn on each position reached, and only they are played from.
    The first pass draws the same samples with and without reply (the replies come after),
    so the moves judged again are the plain pass's best three."""
    s = played_to("take")
    legal = s.legal_actions()
    assert len(legal) > 3
    plain = make_agent("deepgreedy:seconds=600", random.Random(1)).values(s, legal)
    again = make_agent("deepgreedy:seconds=600,reply=3", random.Random(1)).values(s, legal)
    assert sorted(again) == sorted(sorted(plain, key=lambda a: -plain[a])[:3])
    # The opponent's turn moved the judgement: what they take counts against the mover.
    assert any(again[a] != plain[a] for a in again)
    assert make_agent("deepgreedy:reply=0", random.Random(1)).reply == 0
    for bad in ("deepgreedy:reply=-1", "deepgreedy:reply=some"):
        with pytest.raises(meeple.OptionError, match="deepgreedy: reply must be"):
            make_agent(bad, random.Random(1))


def test_farlands_hard_level_is_deep_greedy_and_its_hint_ranks_its_values():
    """Farland's hard level is greedy with the deep heuristic (docs/bots.md: it beat greedy
    with the quick one, which had beaten the search 13 games to 1); meeple play's hint then
    ranks its values."""
    s = setup()
    assert level_spec("hard", "farland").startswith("deepgreedy")
    assert "reply=16" in level_spec("hard", "farland")
    hint = HumanAgent(random.Random(0)).hint(s)
    assert hint.startswith("Hint: ") and "once your turn is over" in hint
    assert "Next best:" in hint
