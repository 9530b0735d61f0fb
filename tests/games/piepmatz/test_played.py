"""Rules reached through played games (issue 25): every position here comes from the
start by choosing chance outcomes and moves, never by writing the state's fields."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import meeple
from meeple.boardgames.piepmatz.state import PiepmatzState
from meeple.core import CHANCE
from meeple.core.api import Decision
from meeple.core.record import Record, replay
from tests.games.play import new_state, play_to, random_step

Policy = Callable[[PiepmatzState], int]


def _dec(state: PiepmatzState) -> Decision:
    d = state.decision
    assert d is not None, "the game is over"
    return d


def _new(players: int = 3, **options: object) -> PiepmatzState:
    return new_state("piepmatz", PiepmatzState, players, **options)


def _drive(state: PiepmatzState, choose: Policy, stop: Callable[[PiepmatzState], bool]) -> bool:
    """Apply ``choose``'s actions (chance included) until ``stop``; False if the game ends."""
    while not state.is_terminal():
        if stop(state):
            return True
        state.apply_action(choose(state))
        state.check_invariants()
    return stop(state)


def _pests_left(state: PiepmatzState) -> int:
    kinds = state.rules.n_seed_kinds
    return sum(state.seed_deck[kinds:])


def _pest_last(rng: random.Random) -> Policy:
    """Random moves; the feeder deck is turned up pests first, keeping one pest to be its
    very last card."""

    def choose(state: PiepmatzState) -> int:
        kind = _dec(state).kind
        acts = state.legal_actions()
        if kind in ("seed_refill", "seed_take"):
            pests = [a for a in acts if a >= state.rules.CROW_CARD]
            seeds = [a for a in acts if a < state.rules.CROW_CARD]
            if pests and (_pests_left(state) >= 2 or not seeds):
                return rng.choice(pests)
            return rng.choice(seeds)
        if state.current_player() == CHANCE:
            return meeple.sample_chance(state, rng)
        return rng.choice(acts)

    return choose


def _last_card_is_a_pest_for_the_column(state: PiepmatzState) -> bool:
    return (
        _dec(state).kind == "seed_refill"
        and state.seed_left == 1
        and all(a >= state.rules.CROW_CARD for a in state.legal_actions())
    )


def _to_a_last_pest_refill(**options: object) -> PiepmatzState:
    for seed in range(40):
        state = _new(3, **options)
        if _drive(state, _pest_last(random.Random(seed)), _last_card_is_a_pest_for_the_column):
            return state
    raise AssertionError("no game of 40 drew its last feeder card as a pest for the column")


@pytest.mark.parametrize("end_trigger", ["empty", "draw"])
def test_a_pest_as_the_last_feeder_card_settles_and_the_gap_stays(end_trigger):
    state = _to_a_last_pest_refill(end_trigger=end_trigger)
    before = state.observation(None)["column"]
    assert len(before) == 3  # the gap the refill is for
    free = [c["position"] for c in before if c["pest"] is None]
    mover = state.turn
    (pest,) = state.legal_actions()
    name = state.action_to_string(pest).split()[0]  # "crow" or "squirrel"
    state.apply_action(pest)
    state.check_invariants()
    after = state.observation(None)["column"]
    if free:  # ruling 16: on the lowest seed card that has no pest yet
        assert after[free[0] - 1]["pest"] == name
        assert [c["pest"] for c in after if c["position"] != free[0]] == [
            c["pest"] for c in before if c["position"] != free[0]
        ]
    else:  # ruling 4: nowhere to settle, it flies off
        assert after == before
    # No card is left to fill the gap: it stays, and the end is triggered either way
    # (with "draw", because the gap asks for a card from the empty deck).
    assert len(after) == 3 and state.seed_left == 0 and state.end_triggered
    assert all(d.kind not in ("seed_refill", "seed_take") for d in state.pending)
    # The turn goes on for the same player and the round is finished as usual.
    assert state.turn == mover
    rng = random.Random(1)
    while not state.is_terminal():
        random_step(state, rng)
        state.check_invariants()
    assert state.ranks()


def test_the_end_trigger_option_chooses_when_the_empty_feeder_deck_ends_the_game():
    """Ruling 8: by default the game ends as the last feeder card is drawn; with
    end_trigger="draw" only when a card is then needed from the empty deck."""
    for seed in range(40):
        games = {}
        for mode in ("empty", "draw"):
            state = _new(3, end_trigger=mode)
            rng = random.Random(seed)
            # The same choices up to the last feeder card: both rules agree until then.
            assert _drive(state, _random_with(rng), lambda s: s.seed_left == 0)
            games[mode] = state
        if len(games["draw"].column) == 4:  # the last card filled the column: they differ
            break
    else:
        raise AssertionError("no game of 40 drew its last feeder card into a full column")
    empty, draw = games["empty"], games["draw"]
    assert empty.history == draw.history
    assert empty.end_triggered and not draw.end_triggered
    # With "draw" play goes on with the full column until a card is wanted from the deck.
    rng = random.Random(5)
    turns_after = 0
    while not _triggered(draw):
        if _dec(draw).kind == "play":
            turns_after += 1
        random_step(draw, rng)
        draw.check_invariants()
    assert turns_after >= 1
    # A seed card taken (its gap cannot be filled) or a difference of 5 or more (no top
    # card) triggered it: no feeder card is waited for.
    assert not any(d.kind in ("seed_refill", "seed_take") for d in draw.pending)
    while not draw.is_terminal():
        random_step(draw, rng)
        draw.check_invariants()
    assert draw.ranks()


def _random_with(rng: random.Random) -> Policy:
    def choose(state: PiepmatzState) -> int:
        if state.current_player() == CHANCE:
            return meeple.sample_chance(state, rng)
        return rng.choice(state.legal_actions())

    return choose


def _triggered(state: PiepmatzState) -> bool:
    return state.end_triggered


def test_a_seed_card_drawn_blind_for_a_difference_of_five_is_seen_by_everyone():
    """Ruling 18: the top card drawn for a difference of 5 or more is turned up for the
    table, like every other seed card won."""
    state = _new(3)
    rng = random.Random(3)
    play_to(state, rng, lambda s: _dec(s).kind == "seed_take", "a difference of 5")
    drawer = _dec(state).info
    seeds = [a for a in state.legal_actions() if a < state.rules.CROW_CARD]
    three = max(seeds)  # the richest seed card left
    text = state.action_to_string(three)
    eggs = state.rules.seed_eggs[three - state.rules.SEED]
    before = [state.observation(v)["collections"][drawer]["seed_eggs"] for v in (0, 1, 2, None)]
    state.apply_action(three)
    for v, had in zip((0, 1, 2, None), before, strict=True):
        obs = state.observation(v)
        assert obs["collections"][drawer]["seed_eggs"] == had + eggs
        assert obs["scores"][drawer]["seeds"] == had + eggs
        assert state.action_seen_by(v, CHANCE, three) == text  # nobody's log hides it
    # Every viewer sees the same seed cards of every player.
    views = [state.observation(v)["collections"] for v in (0, 1, 2, None)]
    assert all(v == views[0] for v in views)


def test_the_squirrel_and_the_text_view_name_cards_not_bare_numbers():
    state = _new(3)
    rng = random.Random(11)
    play_to(state, rng, lambda s: _dec(s).kind == "squirrel", "a squirrel")
    names = [state.action_to_string(a) for a in state.legal_actions()]
    assert names and all(re.fullmatch(r"squirrel eats a [123]-egg card", n) for n in names)
    # The first wording still parses (records made with it replay).
    a = state.legal_actions()[0]
    eggs = state.rules.seed_eggs[a - state.rules.EAT]
    old = f"squirrel eats {eggs} egg" + ("s" if eggs != 1 else "")
    assert state.game.parse_action(old) == a
    p = _dec(state).info[0]
    text = state.game.render_text(state.observation(None))
    assert re.search(r"\dx\d", text) is None
    mine = [ln for ln in text.splitlines() if "seed cards:" in ln][p]
    total = state.observation(None)["collections"][p]["seed_eggs"]
    assert re.search(r"seed cards: \d+ cards? with \d eggs?", mine), mine
    assert f"({total} egg" in mine


def _steer_to_dry(state: PiepmatzState) -> int:
    """Play that spends birds fast and feeder cards slowly: strong feeding birds, weak
    birds dealt, calm plays that allow a collect, pests drawn only for a 5+ difference."""
    t = state.rules
    d = _dec(state)
    acts = state.legal_actions()

    def value(a: int) -> tuple[int, int]:
        return (t.value_of[a - t.BIRD], a)

    if state.current_player() == CHANCE:
        if d.kind == "perch":
            return max(acts, key=value)
        if d.kind == "deal":
            strong = any(
                t.value_of[c] >= 5 for c in range(t.n_cards) if state.hands[d.info] >> c & 1
            )
            return min(acts, key=value) if strong else max(acts, key=value)
        if d.kind == "display":
            return min(acts, key=value)
        if d.kind == "seed_take":
            return max(acts)  # a pest if one is left: it costs no second card
        return min(acts)
    if d.kind == "play":
        hand = [t.value_of[c] for c in range(t.n_cards) if state.hands[d.player] >> c & 1]

        def cost(a: int) -> tuple[int, int, int, int]:
            c, k = divmod(a - t.PLAY, t.max_perches)
            v = t.value_of[c]
            feeder = t.value_of[state.feeders[k]]
            queue = [t.value_of[q] for q in state.queues[k]] + [v]
            flights = 0
            while queue and sum(queue) > feeder:
                flights += 1
                feeder = queue.pop(queue.index(max(queue)))
            collect = hand.count(v) >= 2 or any(h < v for h in hand)
            return (flights, 0 if flights else int(not collect), -v if flights else v, a)

        return min(acts, key=cost)
    if d.kind == "collect":
        return acts[-2] if len(acts) > 1 else acts[-1]
    if d.kind == "refill":
        return acts[-1]
    return acts[0]


def test_the_display_running_dry_leaves_hands_short_and_the_game_ends_cleanly():
    """Ruling 10: with the bird deck empty the display is not refilled; with both empty a
    hand is refilled no further, and the game still ends and scores."""
    state = _new(4)
    assert _drive(state, _steer_to_dry, lambda s: not s.deck and _dec(s).kind == "refill")
    shown = len(state.display)
    assert shown >= 1
    # Each bird taken from the display now leaves its place empty.
    while state.display and not state.is_terminal():
        if _dec(state).kind == "refill" and state.rules.DRAW not in state.legal_actions():
            assert state.legal_actions() == sorted(state.rules.TAKE + c for c in state.display)
        before = len(state.display)
        taking = _dec(state).kind == "refill"
        state.apply_action(_steer_to_dry(state))
        state.check_invariants()
        if taking:
            assert len(state.display) == before - 1
            assert _dec(state).kind != "display"
    assert not state.deck and not state.display
    # From here nobody is offered a refill: a played bird leaves its hand a card short.
    short = False
    while not state.is_terminal():
        assert _dec(state).kind != "refill"
        if _dec(state).kind == "keep":
            short = short or any(h.bit_count() < 4 for h in state.hands)
        state.apply_action(_steer_to_dry(state))
        state.check_invariants()
    assert short
    assert not any(state.hands) and state.ranks()


def test_a_record_with_the_old_squirrel_names_and_no_end_trigger_replays_as_it_did():
    # record_v1_old_names.json was made before the end_trigger option and the squirrel's
    # new notation ("squirrel eats 2 eggs", now "squirrel eats a 2-egg card"): version 1.
    here = Path(__file__).parent
    record = Record.loads((here / "record_v1_old_names.json").read_text())
    assert "end_trigger" not in record.options
    assert any(a.startswith("squirrel eats") and "card" not in a for a in record.actions)
    state = replay(record)
    assert state.is_terminal() and state.game.options["end_trigger"] == "empty"
    assert record.result is not None
    assert state.scores() == record.result["breakdown"]
    assert state.ranks() == record.result["ranks"]
    # The same game under today's names: the golden record, played from the same seed.
    golden = Record.loads((here / "golden.json").read_text())
    assert [state.action_to_string(a) for a in state.history] == golden.actions
