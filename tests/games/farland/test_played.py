"""Rules reached through played games (issue 25): every position here comes from the start
position by chosen chance outcomes and moves, never by writing the state's fields."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import meeple
from meeple.boardgames.farland.state import FarlandState
from meeple.core import CHANCE
from tests.games.farland.helpers import DEFAULT_TRACK, names, play

RULES = ("basic", "advanced")


def start(players: int, rules: str, deals: list[str], picks: list[str]) -> FarlandState:
    """A new game: the default round track, the market dealt as ``deals`` (upper spaces
    first, left to right), the barn face up, and the starting picks in seat order."""
    s = meeple.load("farland", players=players, rules=rules).new_initial_state()
    assert isinstance(s, FarlandState)
    play(s, *(f"track {t}" for t in DEFAULT_TRACK))
    play(s, *(f"draw {c}" for c in deals), "flip barn", *picks)
    assert s.phase == "turns" and s.round == 1
    return s


def filler(s: FarlandState, take: str = "take lower 2") -> None:
    """The player to move takes ``take`` and answers the rest of the turn with the first
    legal move each time."""
    p = s.current_player()
    s.apply_notation(take)
    while s.current_player() == p and s.pending[-1].kind != "take":
        s.apply_action(s.legal_actions()[0])


def test_each_player_has_exactly_twelve_turns_in_seat_order_from_the_first_player():
    for players in (2, 3, 4):
        for rules in RULES:
            g = meeple.load("farland", players=players, rules=rules)
            s = g.new_initial_state()
            assert isinstance(s, FarlandState)
            rng = random.Random(players)
            turns: dict[int, list[int]] = {}
            holder: dict[int, int] = {}  # the marker's owner when each round begins
            moved = 0
            while not s.is_terminal():
                if s.current_player() == CHANCE:
                    s.apply_action(meeple.sample_chance(s, rng))
                    continue
                legal = s.legal_actions()
                if s.pending[-1].kind == "take":
                    holder.setdefault(s.round, s.first)
                    turns.setdefault(s.round, []).append(s.current_player())
                    steal = s.rules.actions.TAKE_BLD_FP
                    if steal in legal and rng.random() < 0.5:  # move the marker often
                        before = s.first
                        s.apply_action(steal)
                        moved += s.first != before
                        continue
                s.apply_action(rng.choice(legal))
            where = f"{players} players, {rules}"
            assert sorted(turns) == list(range(1, 13)), where
            for r, seats in turns.items():
                # a marker taken during a round changes the order from the next one (ruling 3)
                assert seats == [(holder[r] + k) % players for k in range(players)], (where, r)
            assert Counter(p for seats in turns.values() for p in seats) == dict.fromkeys(
                range(players), 12
            ), where
            assert moved, f"{where}: the marker never changed hands"


def _longest_move(s: FarlandState, rng: random.Random) -> int:
    """A move that makes the game as long as it can: paid four-space cards (a payment and
    two gains), placements over resource squares with a token for each, the technologies
    that add decisions, and at scoring every piece lifted and installed again."""
    legal = s.legal_actions()
    by_name = {s.action_to_string(a): a for a in legal}
    d = s.pending[-1]

    def prefer(*prefixes: str) -> int:
        for pre in prefixes:
            got = [a for n, a in by_name.items() if n.startswith(pre)]
            if got:
                return rng.choice(got)
        return rng.choice(legal)

    if d.kind == "take":
        cards = s.game.components.land_cards
        paid_four = [
            a
            for n, a in by_name.items()
            if n.startswith("take upper") and cards[s.market[int(n.split()[-1]) - 1]].building < 0
        ]
        if paid_four:
            return rng.choice(paid_four)
        return prefer("take building + first player", "take upper", "take lower")
    if d.kind == "place":
        farm = s.farms[d.player]
        size = 3  # the largest piece, a pond, spans 3 squares

        def resources(a: int) -> int:
            i = a - s.rules.actions.AT
            near = (farm.cells.get(i + dx + 60 * dy) for dx in range(size) for dy in range(size))
            return sum(1 for c in near if c is not None and c[1] >= 0)

        most = max(resources(a) for a in legal)
        return rng.choice([a for a in legal if resources(a) == most])
    if d.kind == "token":
        return prefer("token ")
    if d.kind == "upgrade":
        return prefer(
            "tech irrigation",
            "tech resource_conversion",
            "tech efficient_construction",
            "tech flexible_installation",
            "tech",
        )
    if d.kind == "install":
        return prefer("lift", "install")
    return rng.choice(legal)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_max_game_length_holds_for_the_longest_games(players: int, rules: str) -> None:
    g = meeple.load("farland", players=players, rules=rules)
    bound = g.max_game_length()
    for seed in range(3):
        rng = random.Random(seed)
        s = g.new_initial_state()
        assert isinstance(s, FarlandState)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply_action(meeple.sample_chance(s, rng))
            else:
                s.apply_action(_longest_move(s, rng))
            assert len(s.history) <= bound
        assert s.is_terminal()


def test_land_prep_with_the_agro_optimizer_through_a_played_game():
    """Player 1 earns AquaSphere, Agro-Optimizer and Land Prep from three buildings, lays 7
    wheat where 4 pipes on the house's sides water them, fences the house meadows, and
    scores 28 for the wheat (not 21) plus 7 + 1 from Land Prep at the round 6 phase."""
    s = start(2, "advanced", ["L28", "L53", "L54", "L55"], ["pipe", "pipe", "fence", "pipe"])
    # round 1: the barn tile, with the round 1 fence on it; its upgrade opens the water tree
    play(s, "take building + improvements", "at 2,0", "rotate 0", "tech aquasphere")
    filler(s)
    play(s, "draw L11", "draw L56", "flip silo")
    # round 2: L28 (wheat2, meadow / meadow, wheat2) below the barn, wheat2 beside the house
    play(s, "take lower 1", "pipe", "fence", "at 2,1", "rotate 0")
    filler(s)
    play(s, "draw L01", "draw L60")
    # round 3: L11 (greenhouse with wheat2 and sheep1) left of the house, wheat2 at -1,1
    play(s, "take lower 1", "at -2,0", "rotate 270", "tech agro_optimizer")
    filler(s)
    play(s, "draw L61", "draw L51")
    # round 4: L01 (barn with wheat1) below the house, wheat1 at 1,2
    play(s, "take lower 1", "at 0,2", "rotate 180", "tech land_prep")
    filler(s)
    play(s, "draw L52", "draw L50")
    # round 5: L61 (pig1, meadow / meadow, wheat2) above the house, wheat2 at 1,-1
    play(s, "take lower 1", "pipe", "trough", "at 0,-2", "rotate 0")
    filler(s)
    play(s, "draw L40", "draw L42")
    # round 6: two pigs far from the wheat
    play(s, "take lower 1", "trough", "trough", "at 4,0", "rotate 0")
    filler(s)
    assert s.phase == "install" and s.current_player() == 0
    techs = s.observation(0)["players"][0]["techs"]
    assert techs == ["aquasphere", "agro_optimizer", "land_prep"]
    # a pipe on a side of the house beside each wheat square, two fences close the meadows
    play(s, "install pipe", "edge v 2,1", "install pipe", "edge v 0,1")
    play(s, "install pipe", "edge h 1,2", "install pipe", "edge h 1,0")
    play(s, "install fence", "edge h 0,1", "install fence", "edge h 1,1", "done", "done")
    got = s.scores()[0]
    assert got["crops"] == 28  # 7 wheat on the extended table
    assert got["pastures"] == 3  # the house meadows
    assert got["tech"] == 7 + 1  # Land Prep: 7 crops and 1 pasture scored
    assert got["livestock"] == 0  # the sheep and pigs are in open fields


def test_efficient_construction_when_the_building_goes_with_the_first_player_marker():
    s = start(2, "advanced", ["L53", "L54", "L55", "L56"], ["fence", "pipe", "fence", "pipe"])
    # round 1: player 2 takes the barn with its fence and chooses Efficient Construction
    # (too late for this take: no gain)
    filler(s, "take lower 1")
    play(s, "take building + improvements", "at 2,0", "rotate 0")
    assert s.pending[-1].kind == "upgrade"
    play(s, "tech efficient_construction")
    assert s.farms[1].house == [2, 1, 0]
    play(s, "draw L57", "draw L58", "flip silo")
    # round 2: player 1 moves first; player 2 takes the silo and the marker from player 1
    filler(s, "take lower 1")
    supply = list(s.supply)
    play(s, "take building + first player")
    assert s.first == 1
    assert s.pending[-1].kind == "gain" and names(s) == ["fence", "pipe", "trough"]
    play(s, "trough")
    assert s.farms[1].house == [2, 1, 1]
    assert s.supply == [supply[0], supply[1], supply[2] - 1]
    assert s.top_imps[1] == 1  # the round 2 pipe stays on the stack (ruling 2)
    play(s, "at 4,0", "rotate 0", "tech +10")
    play(s, "draw L59", "draw L60", "flip windmill")
    assert s.round == 3 and s.current_player() == 1  # the marker counts from round 3
