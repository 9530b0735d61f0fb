"""Invariants checked along random games: conservation, storage limits, groups."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.boardgames.azul_queens_garden.scoring import groups
from meeple.boardgames.azul_queens_garden.state import (
    DISCARDS,
    EVAL,
    FIRST_PASS,
    WHEEL,
    AzulQueensGardenState,
)
from tests.games.play import new_state, play, play_to, random_step


def _check(s: AzulQueensGardenState) -> None:
    n = s.game.players
    placed = 0
    for p in range(n):
        assert s.store_n[p] == sum(s.store[p]) + s.jokers[p] <= 12
        assert len(s.store_exps[p]) <= 2
        g = s.garden[p]
        printed = {s.area_exp[p][a] for a in range(1, 7) if s.area_exp[p][a] >= 0}
        placed += sum(1 for x in g if x >= 0) - len(printed)
        for by_colour in (True, False):
            for key in range(6):
                for grp in groups(g, by_colour, key):
                    other = [g[c] % 6 if by_colour else g[c] // 6 for c in grp]
                    assert len(set(other)) == len(other), "a group holds two identical hexagons"
                    # The incremental labels agree with a fresh search.
                    labels = s.col_lab[p] if by_colour else s.pat_lab[p]
                    assert len({labels[c] for c in grp}) == 1
    in_display = sum(len(t) for t in s.trays)
    stored = sum(sum(st) for st in s.store)
    assert s.bag_n == sum(s.bag) and s.tower_n == sum(s.tower)
    assert s.bag_n + s.tower_n + in_display + stored + placed == 108
    assert s.joker_supply + sum(s.jokers) == 24
    exps = (
        sum(s.hidden)
        + len(s.returned)
        + len(s.faceup)
        + sum(len(e) for e in s.store_exps)
        + sum(1 for p in range(n) for a in range(1, 7) if s.area_exp[p][a] >= 0)
    )
    bought = s.decision is not None and s.decision.kind in ("place_bought",)
    assert exps + (1 if bought else 0) == 36


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    game = meeple.load("azul_queens_garden", players=players)
    for seed in range(3):
        rng = random.Random(seed)
        s = game.new_initial_state()
        assert isinstance(s, AzulQueensGardenState)
        while not s.is_terminal():
            _check(s)
            s.check_invariants()
            random_step(s, rng)
        _check(s)
        s.check_invariants()


def _placement_allowed(s: AzulQueensGardenState, p: int, t: int, x: int) -> bool:
    """The placement rule read plainly, by searching the garden (not the engine's group
    labels): a hexagon alone, or touching one that shares its colour (or, with pattern
    adjacency, its pattern); and neither the colour group nor the pattern group it would
    join may then hold two identical hexagons."""
    from meeple.boardgames.azul_queens_garden.board import NEIGHBOURS

    g = s.garden[p]
    near = [g[n] for n in NEIGHBOURS[x] if g[n] >= 0]
    shares = [u for u in near if u // 6 == t // 6 or (s.rules.by_pattern and u % 6 == t % 6)]
    if near and not shares:
        return False
    for same in (lambda u: u // 6, lambda u: u % 6):
        group, todo, types = {x}, [x], [t]
        while todo:
            for n in NEIGHBOURS[todo.pop()]:
                if n not in group and g[n] >= 0 and same(g[n]) == same(t):
                    group.add(n)
                    todo.append(n)
                    types.append(g[n])
        if len(set(types)) < len(types):
            return False
    return True


@pytest.mark.parametrize("opts", [{}, {"adjacency": "colour"}])
def test_the_placements_offered_are_those_the_rule_allows(opts: dict[str, str]) -> None:
    """The engine's placement rule (one predicate, for legal moves, ``can_place`` and the
    refusal messages) against the rule searched out plainly on the garden, at every turn
    of two random games: the placements offered, and every refusal's message."""
    from meeple.boardgames.azul_queens_garden import actions as A
    from meeple.boardgames.azul_queens_garden.state import EMPTY

    game = meeple.load("azul_queens_garden", players=3, **opts)
    for seed in range(2):
        rng = random.Random(seed)
        s = game.new_initial_state()
        assert isinstance(s, AzulQueensGardenState)
        while not s.is_terminal():
            d = s.decision
            if d is not None and d.kind == "turn":
                p = d.player
                offered = {a for a in s.legal_actions() if A.PLACE <= a < A.EXPAND}
                allowed = {
                    A.PLACE + t * 49 + x
                    for t in range(36)
                    if s.store[p][t] and s.can_pay(p, t)
                    for x in range(49)
                    if s.garden[p][x] == EMPTY and _placement_allowed(s, p, t, x)
                }
                assert offered == allowed
                for t in range(36):
                    for x in range(49):
                        if s.garden[p][x] == EMPTY:
                            problem = s._placement_problem(p, t, x)
                            assert (problem is None) == _placement_allowed(s, p, t, x)
                            assert s.can_place(p, t, x) == (problem is None)
            random_step(s, rng)


# -- corrupted states: check_invariants must name what is wrong -----------------------


def _mid_game(seed: int = 0) -> AzulQueensGardenState:
    """A seeded 3-player game at a turn of round 2, with hexagons stored and placed."""

    def middle(s: AzulQueensGardenState) -> bool:
        d = s.decision
        turn = d is not None and d.kind == "turn" and s.round >= 1 and not any(s.passed)
        stored: int = sum(sum(st) for st in s.store)
        return turn and stored > 0 and s.bag_n > 0

    state = new_state("azul_queens_garden", AzulQueensGardenState, 3)
    return play_to(state, random.Random(seed), middle, "a mid-game position")


def _ended(seed: int = 0) -> AzulQueensGardenState:
    state = new_state("azul_queens_garden", AzulQueensGardenState, 2)
    return play(state, random.Random(seed))


def test_a_hexagon_lost_or_duplicated_is_caught() -> None:
    s = _mid_game()
    s.check_invariants()
    t = next(t for t, c in enumerate(s.bag) if c)
    s.bag[t] -= 1
    s.bag_n -= 1
    with pytest.raises(AssertionError, match="hexagons"):
        s.check_invariants()
    s = _mid_game()
    p = next(p for p in range(3) if sum(s.store[p]))
    t = next(t for t, c in enumerate(s.store[p]) if c)
    s.tower[t] += 1  # a copy of a stored hexagon appears in the tower
    s.tower_n += 1
    with pytest.raises(AssertionError, match="hexagons"):
        s.check_invariants()


def test_a_joker_or_expansion_out_of_nowhere_is_caught() -> None:
    s = _mid_game()
    s.jokers[0] += 1
    s.store_n[0] += 1
    with pytest.raises(AssertionError, match="jokers"):
        s.check_invariants()
    s = _mid_game()
    s.returned.append(s.returned[0] if s.returned else 0)
    with pytest.raises(AssertionError, match="expansions"):
        s.check_invariants()


def test_a_negative_count_is_caught() -> None:
    s = _mid_game()
    p = next(p for p in range(3) if sum(s.store[p]))
    t = next(t for t, c in enumerate(s.store[p]) if c)
    u = next(u for u in range(len(s.store[p])) if not s.store[p][u])
    s.store[p][u] = -1  # the sum is kept: one hexagon more of t, one less of u
    s.store[p][t] += 1
    with pytest.raises(AssertionError, match=f"a negative count in player {p}'s storage"):
        s.check_invariants()


def test_a_hexagon_changing_type_is_caught() -> None:
    s = _mid_game()
    t = next(t for t, c in enumerate(s.bag) if c)
    s.bag[t] -= 1
    s.bag[(t + 1) % len(s.bag)] += 1  # the bag's size is right, its contents are not
    with pytest.raises(AssertionError, match=f"hexagons of type {t}; the game has"):
        s.check_invariants()


def test_a_score_edited_directly_is_caught() -> None:
    s = _mid_game()
    s.pts[1][WHEEL] += 4
    with pytest.raises(AssertionError, match="but the scoring rules gave"):
        s.check_invariants()


def test_a_score_given_by_the_wrong_rule_is_caught() -> None:
    # Through _award, but a category its rule cannot produce.
    s = _mid_game()
    s._award(0, DISCARDS, 1)
    with pytest.raises(AssertionError, match="discards are 1"):
        s.check_invariants()
    s = _mid_game()
    s._award(2, FIRST_PASS, -s.rules.first_pass_penalty)
    with pytest.raises(AssertionError, match="first-pass penalties after"):
        s.check_invariants()
    s = _mid_game()
    s._award(0, EVAL, 3)
    with pytest.raises(AssertionError, match="final scores before the end"):
        s.check_invariants()


def test_final_scores_disagreeing_with_the_garden_are_caught() -> None:
    s = _ended()
    s.check_invariants()
    s._award(1, EVAL, 2)
    with pytest.raises(AssertionError, match="the garden gives"):
        s.check_invariants()
