"""Invariants checked along random games: conservation, storage limits, groups."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.boardgames.azul_queens_garden.scoring import groups
from meeple.core import CHANCE


def _check(s) -> None:
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
        s.hidden_n
        + len(s.returned)
        + len(s.faceup)
        + sum(len(e) for e in s.store_exps)
        + sum(1 for p in range(n) for a in range(1, 7) if s.area_exp[p][a] >= 0)
    )
    bought = s.decision is not None and s.decision.kind in ("place_bought",)
    assert exps + (1 if bought else 0) == 36
    assert s.hidden_n == sum(s.hidden)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players):
    game = meeple.load("azul_queens_garden", players=players)
    for seed in range(3):
        rng = random.Random(seed)
        s = game.new_initial_state()
        while not s.is_terminal():
            _check(s)
            s.check_invariants()
            a = (
                meeple.sample_chance(s, rng)
                if s.current_player() == CHANCE
                else rng.choice(s.legal_actions())
            )
            s.apply_action(a)
        _check(s)
        s.check_invariants()


@pytest.mark.parametrize("opts", [{}, {"adjacency": "colour"}])
def test_fast_placement_generation_agrees_with_the_rule_check(opts):
    from meeple.boardgames.azul_queens_garden import actions as A
    from meeple.boardgames.azul_queens_garden.state import EMPTY

    game = meeple.load("azul_queens_garden", players=3, **opts)
    for seed in range(2):
        rng = random.Random(seed)
        s = game.new_initial_state()
        while not s.is_terminal():
            d = s.decision
            if d is not None and d.kind == "turn":
                p = d.player
                fast = {a for a in s.legal_actions() if A.PLACE <= a < A.EXPAND}
                slow = {
                    A.PLACE + t * 49 + x
                    for t in range(36)
                    if s.store[p][t] and s.can_pay(p, t)
                    for x in range(49)
                    if s.garden[p][x] == EMPTY and s.can_place(p, t, x)
                }
                assert fast == slow
            a = (
                meeple.sample_chance(s, rng)
                if s.current_player() == CHANCE
                else rng.choice(s.legal_actions())
            )
            s.apply_action(a)
