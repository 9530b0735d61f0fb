"""One scenario test per rule of Piepmatz (rules/piepmatz.txt and the rulings in the docs)."""

from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple.boardgames.piepmatz.state import PiepmatzState
from meeple.core import CHANCE, Decision, IllegalActionError, OptionError

from .helpers import (
    card,
    cards,
    edited,
    finished,
    mask,
    names,
    play,
    random_game,
    setup,
    with_collection,
    with_feeder_deck_empty,
    with_feeder_deck_of,
    with_pest,
    with_queue,
    with_seeds,
)

HANDS3 = (
    ("chaffinch-3f", "chaffinch-2m", "chaffinch-6f", "greenfinch-1m"),
    ("bullfinch-1f", "bullfinch-2f", "bullfinch-3f", "bullfinch-4f"),
    ("greenfinch-5f", "greenfinch-5m", "greenfinch-2f", "greenfinch-3m"),
)


def three(**kw):
    return setup(3, perches=("blackbird-4f", "blackbird-2m"), hands=HANDS3, **kw)


# Hands and a display without sparrows or greenfinches, so that the scoring tests find
# those in the bird deck to collect.
TABLE_HANDS = (
    ("chaffinch-3f", "chaffinch-2m", "chaffinch-6f", "chaffinch-1m"),
    ("bullfinch-1f", "bullfinch-2f", "bullfinch-3f", "bullfinch-4f"),
    ("bullfinch-5f", "bullfinch-5m", "bullfinch-6f", "bullfinch-6m"),
)


def table(*collections: tuple[str, ...], **kw: object) -> PiepmatzState:
    """A game of three with these collections (player 0's first)."""
    display = ("yellowhammer-6m", "yellowhammer-6f", "yellowhammer-5m")
    perches = ("blackbird-4f", "blackbird-2m")
    state = setup(3, perches=perches, display=display, hands=TABLE_HANDS, **kw)
    for p, birds in enumerate(collections):
        state = with_collection(state, p, *birds)
    return state


# -- setup --------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "perches"), [(2, 2), (3, 2), (4, 3)])
def test_two_perches_up_to_three_players_three_perches_for_four(players, perches):
    state = random_game(players, 1)
    assert len(state.feeders) == perches
    fresh = meeple.load("piepmatz", players=players).new_initial_state()
    assert len(fresh.observation(None)["perches"]) == perches


def test_two_players_set_aside_one_species_and_the_3plus_cards():
    state = meeple.load("piepmatz", players=2).new_initial_state()
    assert names(state)[:2] == ["remove chaffinch", "remove sparrow"]
    assert len(state.legal_actions()) == 6
    state.apply_notation("remove sparrow")
    assert len(state.deck) == 60
    assert all(not n.startswith("sparrow") for n in cards(state, sum(1 << c for c in state.deck)))
    # 36 feeder cards less 4 marked seed cards and 1 marked crow.
    assert state.seed_left == 31
    assert state.seed_deck == [9, 9, 6, 3, 4]


def test_three_and_four_players_use_every_card():
    for players in (3, 4):
        state = meeple.load("piepmatz", players=players).new_initial_state()
        assert len(state.deck) == 72
        assert state.seed_left == 36
        assert state.decision.kind == "perch"


def test_removed_species_option_fixes_the_species_for_two_players():
    state = meeple.load("piepmatz", players=2, removed_species="blackbird").new_initial_state()
    assert state.decision.kind == "perch"
    assert state.removed == 3 and len(state.deck) == 60
    with pytest.raises(OptionError, match="two players only"):
        meeple.load("piepmatz", players=3, removed_species="blackbird")
    with pytest.raises(OptionError, match="allowed"):
        meeple.load("piepmatz", players=2, removed_species="robin")


def test_setup_lays_feeding_birds_a_column_of_four_a_display_of_three_and_hands_of_four():
    state = three()
    assert cards(state, sum(1 << f for f in state.feeders)) == ["blackbird-2m", "blackbird-4f"]
    assert state.feeders == [card(state, "blackbird-4f"), card(state, "blackbird-2m")]
    obs = state.observation(0)
    assert [c["eggs"] for c in obs["column"]] == [1, 2, 3, 1]
    assert obs["display"] == ["sparrow-5m", "sparrow-6f", "sparrow-6m"]
    assert [h["size"] for h in obs["hands"]] == [4, 4, 4]
    assert state.current_player() == 0 and state.decision.kind == "play"
    assert len(state.deck) == 72 - 2 - 3 - 12
    assert state.seed_left == 32


def test_pests_are_never_laid_in_the_setup_column():
    state = meeple.load("piepmatz", players=3).new_initial_state()
    play(state, ["bird blackbird-4f", "bird blackbird-2m"])
    assert state.decision.kind == "setup_seed"
    outcomes = dict(state.chance_outcomes())
    t = state.rules
    assert t.CROW_CARD not in outcomes and t.SQUIRREL_CARD not in outcomes
    assert outcomes[t.SEED] == pytest.approx(10 / 28)
    with pytest.raises(IllegalActionError):
        state.apply_notation("crow card")


def test_player_zero_starts_and_turns_go_round():
    state = three()
    play(state, ["play greenfinch-1m perch 2", "collect nothing", "draw", "bird sparrow-1f"])
    assert state.current_player() == 1
    assert state.decision.kind == "play"


@pytest.mark.parametrize(
    ("players", "perches", "birds", "feeder"), [(2, 2, 60, 31), (3, 2, 72, 36), (4, 3, 72, 36)]
)
def test_setup_for_every_player_count(players, perches, birds, feeder):
    state = meeple.load("piepmatz", players=players).new_initial_state()
    rng = random.Random(players)
    while state.current_player() == CHANCE:
        state.apply_action(meeple.sample_chance(state, rng))
    obs = state.observation(0)
    assert [p["queue"] for p in obs["perches"]] == [[]] * perches
    assert all(p["feeder"] for p in obs["perches"])
    assert [c["pest"] for c in obs["column"]] == [None] * 4
    assert len(obs["display"]) == 3
    assert [h["size"] for h in obs["hands"]] == [4] * players
    assert state.current_player() == 0 and state.decision.kind == "play"
    assert len(state.deck) == birds - perches - 3 - 4 * players
    assert state.seed_left == feeder - 4


# -- a turn ------------------------------------------------------------------------------


def test_a_bird_from_hand_joins_the_far_end_of_a_queue_next_to_any_perch():
    state = three()
    assert len(state.legal_actions()) == 4 * 2
    assert "play chaffinch-3f perch 2" in names(state)
    with pytest.raises(IllegalActionError, match="not in your hand"):
        state.apply_notation("play bullfinch-1f perch 1")
    play(state, ["play greenfinch-1m perch 1"])
    assert state.queues[0] == [card(state, "greenfinch-1m")]


def test_a_third_perch_does_not_exist_with_three_players():
    state = three()
    with pytest.raises(IllegalActionError, match="only 2 perches"):
        state.apply_notation("play chaffinch-3f perch 3")


def test_a_queue_equal_to_the_feeding_bird_does_not_chase_it():
    state = three()
    play(state, ["play chaffinch-2m perch 2"])  # 2 against 2: no feeding
    assert state.feeders[1] == card(state, "blackbird-2m")
    assert state.birds[0] == 0
    assert state.decision.kind == "collect"


def test_beating_the_feeder_takes_it_and_the_seed_card_at_the_difference():
    state = three()
    play(state, ["play chaffinch-6f perch 1"])  # 6 against 4: difference 2
    assert cards(state, state.birds[0]) == ["blackbird-4f"]
    assert state.observation(0)["collections"][0]["seeds"] == {"1": 0, "2": 1, "3": 0}
    # The strongest queued bird moved up to feed; the column slid down and is refilled.
    assert state.feeders[0] == card(state, "chaffinch-6f") and state.queues[0] == []
    assert state.decision.kind == "seed_refill"
    play(state, ["seed 2 eggs"])
    assert [c["eggs"] for c in state.observation(0)["column"]] == [1, 3, 1, 2]


def test_the_strongest_queued_bird_moves_up_ties_go_to_the_one_nearest_the_feeder():
    state = setup(
        3,
        perches=("blackbird-6f", "blackbird-1m"),
        hands=(
            ("chaffinch-3f", "greenfinch-1m", "chaffinch-1f", "chaffinch-2f"),
            ("bullfinch-3m", "bullfinch-1f", "bullfinch-2m", "bullfinch-4f"),
            ("greenfinch-3f", "greenfinch-5m", "greenfinch-2f", "greenfinch-3m"),
        ),
    )
    play(state, ["play chaffinch-3f perch 1", "collect chaffinch-1f"])
    play(state, ["draw", "bird sparrow-1f", "draw", "bird sparrow-2f"])
    play(state, ["play bullfinch-3m perch 1", "collect bullfinch-1f"])
    play(state, ["draw", "bird sparrow-1m", "draw", "bird sparrow-2m"])
    # 3 + 3 = 6 does not beat 6. Now greenfinch-2f: 8 beats 6 by 2.
    play(state, ["play greenfinch-2f perch 1"])
    assert state.feeders[0] == card(state, "chaffinch-3f")  # the first 3, nearest the feeder
    assert [state.rules.card_name[c] for c in state.queues[0]] == ["bullfinch-3m", "greenfinch-2f"]


def test_the_chain_repeats_while_the_remaining_queue_beats_the_new_feeder():
    state = setup(
        3,
        perches=("blackbird-2f", "blackbird-1m"),
        hands=(
            ("chaffinch-1f", "greenfinch-1m", "chaffinch-4f", "chaffinch-2f"),
            ("bullfinch-1m", "bullfinch-6f", "bullfinch-2m", "bullfinch-4f"),
            ("greenfinch-3f", "greenfinch-5m", "greenfinch-2f", "greenfinch-3m"),
        ),
    )
    # P0 plays a 1 (1 vs 2: nothing), P1 a 1 (2 vs 2: nothing), P2 the 5 (7 vs 2: +5).
    play(state, ["play chaffinch-1f perch 1", "collect nothing", "draw", "bird sparrow-1f"])
    play(state, ["play bullfinch-1m perch 1", "collect nothing", "draw", "bird sparrow-1m"])
    play(state, ["play greenfinch-5m perch 1"])
    # Difference 5: the top feeder card; blackbird-2f is taken and the 5 feeds.
    assert state.decision.kind == "seed_take"
    play(state, ["seed 3 eggs"])
    # Remaining queue 1 + 1 = 2 does not beat 5: the chain stops.
    assert cards(state, state.birds[2]) == ["blackbird-2f"]
    assert state.feeders[0] == card(state, "greenfinch-5m")
    assert state.seeds[2 * 3 + 2] == 1
    assert state.decision.kind == "refill" and state.current_player() == 2


def test_a_chain_of_two_feedings_takes_two_birds_and_two_seed_cards():
    state = setup(
        3,
        perches=("blackbird-1f", "blackbird-1m"),
        hands=(
            ("chaffinch-1f", "greenfinch-1m", "chaffinch-4f", "chaffinch-2f"),
            ("bullfinch-1m", "bullfinch-6f", "bullfinch-2m", "bullfinch-4f"),
            ("greenfinch-3f", "greenfinch-5m", "greenfinch-2f", "greenfinch-3m"),
        ),
    )
    # P0's 1 against the feeding 1: nothing. P1's 2: queue 1+2 = 3 beats 1 by 2.
    play(state, ["play chaffinch-1f perch 1", "collect nothing", "draw", "bird sparrow-1f"])
    play(state, ["play bullfinch-2m perch 1"])
    assert state.feeders[0] == card(state, "bullfinch-2m")
    play(state, ["seed 1 egg"])  # refill after taking position 2
    # The queue left is the 1, which does not beat the new feeder 2: one feeding only.
    assert cards(state, state.birds[1]) == ["blackbird-1f"]
    state2 = setup(
        3,
        perches=("blackbird-1f", "blackbird-1m"),
        hands=(
            ("chaffinch-3f", "greenfinch-1m", "chaffinch-4f", "chaffinch-2f"),
            ("bullfinch-1m", "bullfinch-6f", "bullfinch-2m", "bullfinch-4f"),
            ("greenfinch-3f", "greenfinch-5m", "greenfinch-2f", "greenfinch-3m"),
        ),
    )
    # chaffinch-3f beats 1 by 2: takes blackbird-1f, the 3 feeds. Then bullfinch-4f and
    # ... a second feeding in one chain: queue [2, 4] vs feeder 3: +3, then [2] vs 4: stop.
    play(state2, ["play chaffinch-3f perch 1", "seed 1 egg", "draw", "bird sparrow-1f"])
    play(state2, ["play bullfinch-2m perch 1", "collect bullfinch-1m"])
    play(state2, ["draw", "bird sparrow-1m", "draw", "bird sparrow-2m"])
    play(state2, ["play greenfinch-2f perch 1"])  # queue 2 + 2 = 4 beats 3 by 1
    assert state2.feeders[0] == card(state2, "bullfinch-2m")  # nearest of the two 2s
    play(state2, ["seed 2 eggs"])
    # Remaining [greenfinch-2f] = 2 does not beat bullfinch-2m: stop after one.
    assert cards(state2, state2.birds[2]) == ["chaffinch-3f"]
    assert state2.observation(None)["collections"][2]["seeds"]["1"] == 1


def test_a_long_chain_resolves_feeding_after_feeding():
    state = setup(
        3,
        perches=("blackbird-1f", "blackbird-1m"),
        hands=(
            ("chaffinch-1f", "greenfinch-1m", "chaffinch-4f", "chaffinch-2f"),
            ("bullfinch-1m", "bullfinch-6f", "bullfinch-2m", "bullfinch-4f"),
            ("greenfinch-3f", "greenfinch-5m", "greenfinch-2f", "greenfinch-3m"),
        ),
    )
    state = with_queue(state, 0, "sparrow-1f", "sparrow-1m")
    # Queue [1, 1] + chaffinch-2f = 4 vs 1: +3 (position 3, 3 eggs); chaffinch-2f feeds.
    # Left [1, 1] = 2 vs 2: stop.
    play(state, ["play chaffinch-2f perch 1", "seed 1 egg"])
    assert cards(state, state.birds[0]) == ["blackbird-1f"]
    assert state.seeds[0 * 3 + 2] == 1
    assert state.feeders[0] == card(state, "chaffinch-2f")
    # Now queue [1, 1] + 2 + ... a 4: [1,1,4] = 6 vs 2: +4 (position 4); 4 feeds;
    # left [1,1] = 2 vs 4: stop.
    play(state, ["draw", "bird sparrow-2f"])
    play(state, ["play bullfinch-4f perch 1", "seed 2 eggs"])
    assert cards(state, state.birds[1]) == ["chaffinch-2f"]
    assert state.feeders[0] == card(state, "bullfinch-4f")


def test_a_difference_of_five_or_more_takes_the_top_card_of_the_feeder_deck():
    state = three()
    state = with_queue(state, 1, "sparrow-1f")
    play(state, ["play chaffinch-6f perch 2"])  # 7 vs 2: +5
    assert state.decision.kind == "seed_take"
    before = list(state.column)
    play(state, ["seed 2 eggs"])
    assert state.column == before  # the column is untouched
    assert state.seeds[1] == 1


def test_a_pest_drawn_for_a_difference_of_five_strikes_the_player_at_once():
    state = three()
    state = with_collection(state, 0, "sparrow-3f", "sparrow-4f", "chaffinch-5m")
    state = with_queue(state, 1, "sparrow-1f")
    play(state, ["play chaffinch-6f perch 2", "crow card"])
    assert state.decision.kind == "crow" and state.current_player() == 0
    assert names(state) == ["crow sparrow-3f", "crow sparrow-4f"]
    play(state, ["crow sparrow-3f"])
    assert set(cards(state, state.birds[0])) == {"chaffinch-5m", "sparrow-4f", "blackbird-2m"}
    assert state.pests[0] == 1
    assert state.decision.kind == "refill"


def test_a_revealed_pest_joins_the_lowest_seed_card_without_a_pest():
    state = three()
    play(state, ["play chaffinch-6f perch 1"])  # takes position 2; column [1, 3, 1]
    play(state, ["crow card"])
    column = state.observation(None)["column"]
    assert [(c["eggs"], c["pest"]) for c in column] == [(1, "crow"), (3, None), (1, None)]
    assert state.decision.kind == "seed_refill"  # the column still needs its fourth card
    play(state, ["squirrel card", "seed 3 eggs"])
    column = state.observation(None)["column"]
    assert [(c["eggs"], c["pest"]) for c in column] == [
        (1, "crow"),
        (3, "squirrel"),
        (1, None),
        (3, None),
    ]


def test_each_seed_card_carries_at_most_one_pest_and_a_fifth_pest_flies_off():
    state = three()
    # The column was 1, 2, 3, 1 eggs; position 4 was taken (by player 0) and the three
    # cards left each carry a pest.
    assert state.column == [0 * 3, 1 * 3, 2 * 3, 0 * 3]
    state = with_pest(state, 1, "crow")
    state = with_pest(state, 2, "squirrel")
    state = with_pest(state, 3, "crow")
    seeds = list(state.seeds)
    seeds[0] += 1  # the 1-egg card of position 4
    state = edited(
        state,
        column=state.column[:3],
        seeds=seeds,
        pending=[*state.pending, Decision("seed_refill", CHANCE, None)],
    )
    play(state, ["crow card"])
    assert [c % 3 for c in state.column] == [1, 2, 1]
    assert state.gone[3] == 1
    play(state, ["seed 1 egg"])
    assert len(state.column) == 4


def test_a_crow_chases_a_bird_of_the_species_you_hold_most_of():
    state = three()
    state = with_collection(state, 0, "sparrow-3f", "sparrow-4f", "greenfinch-2m")
    state = with_pest(state, 2, "crow")
    play(state, ["play chaffinch-6f perch 1"])  # difference 2: the card with the crow
    assert state.decision.kind == "crow"
    # blackbird-4f was just taken: sparrows (2) are still the most.
    assert names(state) == ["crow sparrow-3f", "crow sparrow-4f"]
    play(state, ["crow sparrow-4f"])
    assert state.discarded == mask(state, "sparrow-4f")
    assert state.decision.kind == "seed_refill"


def test_a_crow_lets_the_player_choose_among_species_tied_for_most():
    state = three()
    state = with_collection(state, 0, "sparrow-3f", "greenfinch-2m")
    state = with_pest(state, 2, "crow")
    play(state, ["play chaffinch-6f perch 1"])
    # sparrow, greenfinch and the blackbird just taken: one each.
    assert names(state) == ["crow sparrow-3f", "crow blackbird-4f", "crow greenfinch-2m"]


def test_a_squirrel_eats_two_random_seed_cards_of_the_player():
    state = three()
    state = with_seeds(state, 0, 0, 2)  # two 1-egg cards
    state = with_seeds(state, 0, 2, 1)  # and a 3-egg card
    assert state.seeds[0:3] == [2, 0, 1]
    state = with_pest(state, 2, "squirrel")  # on position 2 (2 eggs)
    play(state, ["play chaffinch-6f perch 1"])
    # The 2-egg card joined the pile first; the squirrel eats among all four.
    assert state.decision.kind == "squirrel"
    assert dict(state.chance_outcomes()) == pytest.approx(
        {state.rules.EAT: 0.5, state.rules.EAT + 1: 0.25, state.rules.EAT + 2: 0.25}
    )
    play(state, ["squirrel eats a 3-egg card", "squirrel eats a 1-egg card"])
    assert state.seeds[0:3] == [1, 1, 0]
    assert state.decision.kind == "seed_refill"


def test_a_squirrel_may_eat_the_seed_card_it_came_on():
    state = three()
    state = with_pest(state, 1, "squirrel")
    play(state, ["play chaffinch-2m perch 1", "collect nothing", "draw", "bird sparrow-1f"])
    play(state, ["play bullfinch-3f perch 1"])  # 2 + 3 = 5 vs 4: +1
    # Player 1 takes position 1's card, then the squirrel eats it (the only one).
    assert state.decision.kind == "squirrel"
    play(state, ["squirrel eats a 1-egg card"])
    assert state.seeds[3:6] == [0, 0, 0]
    assert state.decision.kind == "seed_refill"


def test_a_squirrel_drawn_by_a_player_without_seed_cards_does_nothing():
    state = three()
    state = with_queue(state, 1, "sparrow-1f")
    play(state, ["play chaffinch-6f perch 2", "squirrel card"])  # 7 vs 2: +5
    assert state.pests[1] == 1 and state.seeds[0:3] == [0, 0, 0]
    assert state.decision.kind == "refill"


def test_after_a_turn_that_fed_no_bird_you_may_collect_one_of_value_at_most_the_card_played():
    state = three()
    play(state, ["play chaffinch-3f perch 1"])  # 3 vs 4: nothing
    assert names(state) == ["collect chaffinch-2m", "collect greenfinch-1m", "collect nothing"]
    with pytest.raises(IllegalActionError, match="worth more"):
        state.apply_notation("collect chaffinch-6f")
    play(state, ["collect chaffinch-2m"])
    assert cards(state, state.birds[0]) == ["chaffinch-2m"]
    assert state.decision.kind == "refill"


def test_no_collect_after_a_turn_that_fed_a_bird():
    state = three()
    play(state, ["play chaffinch-6f perch 1", "seed 1 egg"])
    assert state.decision.kind == "refill"


def test_the_collect_is_offered_even_without_a_low_enough_bird_so_it_reveals_nothing():
    state = three()
    play(state, ["play greenfinch-1m perch 1"])
    # Nothing in hand is worth 1 or less, but the others must not learn that.
    assert state.decision.kind == "collect"
    assert names(state) == ["collect nothing"]


def test_refill_to_four_card_by_card_from_the_display_or_the_deck():
    state = three()
    play(state, ["play chaffinch-3f perch 1", "collect chaffinch-2m"])
    assert names(state) == ["take sparrow-5m", "take sparrow-6f", "take sparrow-6m", "draw"]
    play(state, ["take sparrow-6f"])
    # The display is refilled at once, face up.
    assert state.decision.kind == "display"
    play(state, ["bird bullfinch-6m"])
    assert state.observation(1)["display"] == ["sparrow-5m", "sparrow-6m", "bullfinch-6m"]
    assert names(state)[-1] == "draw"
    play(state, ["draw", "bird sparrow-1f"])
    assert state.hands[0].bit_count() == 4
    assert state.current_player() == 1


def test_a_bird_drawn_from_the_deck_is_seen_only_by_its_owner():
    state = three()
    play(state, ["play chaffinch-3f perch 1", "collect chaffinch-2m", "draw", "bird sparrow-1f"])
    play(state, ["take sparrow-6m", "bird bullfinch-6m"])
    mine = state.observation(0)["hands"][0]
    theirs = state.observation(1)["hands"][0]
    assert "sparrow-1f" in mine["cards"]
    assert theirs["cards"] == ["sparrow-6m"] and theirs["hidden"] == 3
    for viewer in (None, 1, 2):
        text = json.dumps(state.observation(viewer))
        assert "sparrow-1f" not in text
        assert "chaffinch-6f" not in text  # dealt at setup, never shown
    assert state.action_seen_by(1, CHANCE, state.history[-1]) == "bird bullfinch-6m"


def test_the_move_log_hides_a_drawn_bird_from_the_other_players():
    state = three()
    play(state, ["play chaffinch-3f perch 1", "collect chaffinch-2m", "draw", "bird sparrow-1f"])
    a = state.history[-1]
    assert state.action_seen_by(0, CHANCE, a) == "bird sparrow-1f"
    # Seat 0 drew it; the others' log counts players from 1.
    assert state.action_seen_by(1, CHANCE, a) == "player 1 draws a bird"
    assert state.action_seen_by(None, CHANCE, a) == "player 1 draws a bird"


def test_a_card_taken_from_the_display_stays_known_to_everyone_until_it_is_played():
    state = three()
    play(state, ["play chaffinch-3f perch 1", "collect chaffinch-2m", "take sparrow-6m"])
    play(state, ["bird bullfinch-6m", "take sparrow-6f", "bird bullfinch-5m"])
    assert state.observation(2)["hands"][0]["known"] == ["sparrow-6f", "sparrow-6m"]
    for seed in range(5):
        det = state.determinize(2, random.Random(seed))
        assert det.hands[0] & mask(state, "sparrow-6f", "sparrow-6m") == mask(
            state, "sparrow-6f", "sparrow-6m"
        )


def test_determinize_re_deals_only_what_the_player_cannot_see():
    state = three()
    play(state, ["play chaffinch-3f perch 1", "collect chaffinch-2m", "take sparrow-6m"])
    play(state, ["bird bullfinch-6m", "draw", "bird sparrow-1f"])
    unseen_by_1 = state.hands[0] & ~state.known[0] | state.hands[2]
    unseen_by_1 |= sum(1 << c for c in state.deck)
    changed = False
    for seed in range(10):
        det = state.determinize(1, random.Random(seed))
        assert det.observation(1) == state.observation(1)
        assert det.hands[1] == state.hands[1]
        pool = det.hands[0] & ~det.known[0] | det.hands[2] | sum(1 << c for c in det.deck)
        assert pool == unseen_by_1
        assert det.hands[0].bit_count() == 4 and det.hands[2].bit_count() == 4
        assert det.deck == sorted(det.deck)
        changed |= det.hands[2] != state.hands[2]
    assert changed


def test_determinize_at_an_opponents_turn_does_not_keep_its_real_choices():
    state = three()
    play(state, ["play greenfinch-1m perch 1", "collect nothing", "draw", "bird sparrow-1f"])
    assert state.current_player() == 1
    real = state.legal_actions()
    seen = set()
    for seed in range(10):
        det = state.determinize(0, random.Random(seed))
        seen.add(tuple(det.legal_actions()))
    assert len(seen) > 1  # player 1's hidden hand is re-dealt, so are its choices
    assert all(len(legal) == len(real) for legal in seen)


def test_a_difference_above_five_also_takes_the_top_card_of_the_feeder_deck():
    state = three()
    state = with_queue(state, 1, "sparrow-4f")
    before = list(state.column)
    play(state, ["play chaffinch-6f perch 2"])  # 4 + 6 = 10 vs 2: +8
    assert state.decision.kind == "seed_take"
    play(state, ["seed 3 eggs"])
    assert state.column == before and state.seeds[0:3] == [0, 0, 1]
    assert cards(state, state.birds[0]) == ["blackbird-2m"]


def test_the_column_is_refilled_before_the_chain_goes_on():
    """Ruling 17: each feeding of a chain sees a full column, so a difference of 4 in
    the second feeding takes the card that refilled the column after the first."""
    state = setup(3, perches=("blackbird-6f", "blackbird-2m"), hands=HANDS3)
    queued = ("sparrow-2f", "sparrow-2m", "yellowhammer-2f")
    state = with_queue(state, 0, *queued)
    # 2 + 2 + 2 + 2 = 8 vs 6: +2, the 2-egg card at position 2; the column is 1, 3, 1.
    play(state, ["play chaffinch-2m perch 1"])
    assert state.seeds[0:3] == [0, 1, 0] and state.decision.kind == "seed_refill"
    play(state, ["seed 3 eggs"])  # position 4 is filled again
    # The first 2 (sparrow-2f) fed; the three 2s left make 6 vs 2: +4, the new card.
    assert state.seeds[0:3] == [0, 1, 1]
    play(state, ["seed 2 eggs"])
    # Then 4 vs 2 (sparrow-2m feeds): +2, the 3-egg card now at position 2.
    assert state.seeds[0:3] == [0, 1, 2]
    play(state, ["seed 1 egg"])
    # 2 vs 2 (yellowhammer-2f feeds): the chain stops after three feedings.
    assert cards(state, state.birds[0]) == ["sparrow-2f", "sparrow-2m", "blackbird-6f"]
    assert state.feeders[0] == card(state, "yellowhammer-2f")
    assert [c["eggs"] for c in state.observation(None)["column"]] == [1, 1, 2, 1]
    assert state.decision.kind == "refill"


def test_a_turn_must_place_a_bird_there_is_no_pass():
    state = three()
    assert all(n.startswith("play ") for n in names(state))
    with pytest.raises(IllegalActionError, match="play a bird"):
        state.apply_notation("collect nothing")


def test_the_lowest_seed_card_is_the_one_nearest_the_perches_and_a_pest_slides_with_it():
    """Ruling 16: a pest settles on the pest-free card at the lowest position, whatever
    its eggs; when a card below is taken, the pest moves down with its card."""
    state = setup(
        3,
        perches=("blackbird-4f", "blackbird-2m"),
        column=(3, 1, 2, 2),
        hands=(
            ("chaffinch-6f", "chaffinch-1f", "chaffinch-1m", "chaffinch-2f"),
            ("bullfinch-4f", "bullfinch-1f", "bullfinch-1m", "bullfinch-2f"),
            ("greenfinch-3m", "greenfinch-1f", "greenfinch-1m", "greenfinch-2f"),
        ),
    )
    state = with_queue(state, 0, "sparrow-2f")

    def column():
        return [(c["eggs"], c["pest"]) for c in state.observation(None)["column"]]

    # Player 0: 6 vs 2 on perch 2, +4; the crow turned up goes on position 1 (3 eggs),
    # not on the 1-egg card at position 2.
    play(state, ["play chaffinch-6f perch 2", "crow card", "seed 1 egg"])
    assert column() == [(3, "crow"), (1, None), (2, None), (1, None)]
    play(state, ["draw", "bird sparrow-1m"])
    # Player 1: 2 + 4 = 6 vs 4 on perch 1, +2; the squirrel goes on position 2 (2 eggs).
    play(state, ["play bullfinch-4f perch 1", "squirrel card", "seed 2 eggs"])
    assert column() == [(3, "crow"), (2, "squirrel"), (1, None), (2, None)]
    play(state, ["draw", "bird sparrow-3m"])
    # Player 2: 2 + 3 = 5 vs 4, +1: the crow's card; the squirrel slides to position 1.
    play(state, ["play greenfinch-3m perch 1"])
    assert state.decision.kind == "crow" and state.current_player() == 2
    play(state, ["crow bullfinch-4f"])  # the only bird player 2 holds
    assert column() == [(2, "squirrel"), (1, None), (2, None)]
    assert state.seeds[6:9] == [0, 0, 1]  # the 3-egg card stays with player 2


def test_a_pest_on_a_card_taken_after_the_feeder_deck_ran_out_still_strikes():
    state = three()
    state = with_pest(state, 2, "crow")  # on position 2 (2 eggs)
    state = with_collection(state, 0, "sparrow-3f", "sparrow-4f")
    state = with_feeder_deck_empty(state)
    play(state, ["play chaffinch-6f perch 1"])  # 6 vs 4: +2
    assert state.decision.kind == "crow"
    assert names(state) == ["crow sparrow-3f", "crow sparrow-4f"]
    play(state, ["crow sparrow-3f"])
    assert state.seeds[0:3] == [0, 1, 0] and state.pests[0] == 1
    assert [c["eggs"] for c in state.observation(None)["column"]] == [1, 3, 1]
    assert state.decision.kind == "refill"


# -- the end ------------------------------------------------------------------------


def _near_the_end(players: int = 3):
    state = three() if players == 3 else None
    assert state is not None
    return with_feeder_deck_of(state, 1)  # a single card left in the feeder deck


def test_the_end_is_triggered_when_the_feeder_deck_runs_out_and_the_round_is_finished():
    state = _near_the_end()
    play(state, ["play greenfinch-1m perch 1", "collect nothing", "draw", "bird sparrow-1f"])
    play(state, ["play bullfinch-4f perch 1"])  # 1 + 4 = 5 vs 4: +1, then the refill
    kind = state.decision.kind
    assert kind == "seed_refill"
    last = state.chance_outcomes()[0][0]
    state.apply_action(last)
    assert state.seed_left == 0 and state.end_triggered
    # Player 1 finishes, then player 2 still plays: the round is completed.
    while state.current_player() == 1:
        state.apply_action(state.legal_actions()[-1])
        if state.current_player() == CHANCE:
            state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 2 and state.decision.kind == "play"


def test_after_the_last_round_each_player_keeps_two_hand_cards_in_secret():
    state = with_feeder_deck_empty(_near_the_end())
    for _ in range(3):
        play(state, [names(state)[0]])
        while state.decision.kind != "play" and state.decision.kind != "keep":
            if state.current_player() == CHANCE:
                state.apply_action(state.legal_actions()[0])
            else:
                state.apply_action(state.legal_actions()[-1])
    assert state.decision.kind == "keep" and state.current_player() == 0
    assert state.is_simultaneous_hidden()
    hand0 = cards(state, state.hands[0])
    play(state, [f"keep {hand0[0]}"])
    assert state.current_player() == 0  # a second card
    # The others see that a card was kept, not which.
    assert state.observation(1)["hands"][0]["kept_count"] == 1
    assert state.observation(1)["hands"][0]["kept"] is None
    assert state.observation(1)["hands"][0]["hidden"] == 4
    assert hand0[0] not in json.dumps(state.observation(1))
    play(state, [f"keep {hand0[1]}"])
    for p in (1, 2):
        hand = cards(state, state.hands[p])
        play(state, [f"keep {hand[0]}", f"keep {hand[1]}"])
    assert state.is_terminal()
    assert mask(state, hand0[0], hand0[1]) & state.birds[0] == mask(state, hand0[0], hand0[1])
    assert all(h == 0 for h in state.hands)


def test_a_player_whose_hand_is_empty_triggers_the_end_and_passes():
    state = three()
    hands = [state.hands[0], 0, state.hands[2]]
    state = edited(state, discarded=state.discarded | state.hands[1], hands=hands)
    play(state, ["play greenfinch-1m perch 1", "collect nothing", "draw", "bird sparrow-1f"])
    # Player 1 has nothing to play: the end is triggered and player 2 finishes the round.
    assert state.end_triggered and state.current_player() == 2


def test_an_end_triggered_in_the_last_seats_turn_goes_straight_to_the_final_cards():
    state = _near_the_end()
    play(state, ["play greenfinch-1m perch 2", "collect nothing", "draw", "bird sparrow-1f"])
    play(state, ["play bullfinch-1f perch 2", "collect nothing", "draw", "bird sparrow-1m"])
    # Player 2 (the last seat): 1 + 1 + 2 = 4 vs 2, +2; the refill is the last feeder card.
    play(state, ["play greenfinch-2f perch 2"])
    assert state.decision.kind == "seed_refill" and not state.end_triggered
    state.apply_action(state.legal_actions()[0])
    assert state.end_triggered
    # The round is complete with this turn: nobody plays again.
    play(state, ["draw", "bird sparrow-2f"])
    assert state.decision.kind == "keep" and state.current_player() == 0


def test_a_difference_of_five_that_draws_the_last_feeder_card_triggers_the_end():
    state = _near_the_end()
    state = with_queue(state, 1, "sparrow-1f")
    play(state, ["play chaffinch-6f perch 2"])  # 7 vs 2: +5, the top card
    assert state.decision.kind == "seed_take" and not state.end_triggered
    state.apply_action(state.legal_actions()[0])  # the last card of the feeder deck
    assert state.seed_left == 0 and state.end_triggered
    # Players 1 and 2 still play their turns of this round, then the final cards.
    turns = []
    while state.decision.kind != "keep":
        if state.decision.kind == "play":
            turns.append(state.current_player())
        if state.current_player() == CHANCE:
            state.apply_action(state.legal_actions()[0])
        else:
            state.apply_action(state.legal_actions()[-1])
    assert turns == [1, 2]


def test_the_final_keep_is_compulsory_and_the_cards_not_kept_are_discarded():
    """Ruling 15: every player holding more than two cards adds exactly two; there is no
    way to keep fewer, and the rest of the hand leaves the game."""
    state = with_feeder_deck_empty(three())
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
        while state.decision.kind not in ("play", "keep"):
            if state.current_player() == CHANCE:
                state.apply_action(state.legal_actions()[0])
            else:
                state.apply_action(state.legal_actions()[-1])
    hands = [state.hands[p] for p in range(3)]
    collections = [state.birds[p] for p in range(3)]
    for p in range(3):
        assert state.decision.kind == "keep" and state.current_player() == p
        assert all(n.startswith("keep ") for n in names(state))
        assert len(names(state)) == 4
        first = names(state)[0]
        play(state, [first])
        assert state.decision.kind == "keep" and state.current_player() == p  # one more
        play(state, [names(state)[0]])
    assert state.is_terminal()
    for p in range(3):
        kept = state.birds[p] & ~collections[p]
        assert kept.bit_count() == 2 and kept & hands[p] == kept
        assert state.discarded & hands[p] == hands[p] & ~kept
        assert not state.birds[p] & hands[p] & ~kept


# -- scoring ------------------------------------------------------------------------


def test_a_mated_pair_scores_five_points():
    state = table(("sparrow-3f", "sparrow-3m"))
    assert state.scores()[0]["pairs"] == 5
    assert state.scores()[0]["mated_pairs"] == 1


def test_two_birds_of_the_same_sex_are_no_pair():
    state = table(("sparrow-3f", "sparrow-4f"))
    assert state.scores()[0]["pairs"] == 0


def test_the_majority_in_a_species_scores_the_eggs_on_those_birds():
    state = table(("sparrow-5f", "sparrow-1m"), ("sparrow-6f",))  # 3 + 1 eggs, and 3
    s = state.scores()
    assert s[0]["majorities"] == 4 and s[1]["majorities"] == 0


def test_a_tie_for_a_majority_is_friendly_everyone_tied_scores():
    state = table(("sparrow-5f",), ("sparrow-6f",), ("greenfinch-6f",))
    s = state.scores()
    assert [x["majorities"] for x in s] == [3, 3, 3]


def test_seed_cards_score_one_point_per_egg():
    state = three()
    for kind, n in enumerate((1, 2, 1)):  # player 1 collected them from the feeder deck
        state = with_seeds(state, 1, kind, n)
    assert state.seeds[3:6] == [1, 2, 1]
    assert state.scores()[1]["seeds"] == 1 + 4 + 3


def test_majority_unpaired_variant_scores_only_birds_outside_pairs():
    birds = ("sparrow-5f", "sparrow-5m", "sparrow-2f")
    state = table(birds, majority="unpaired")
    s = state.scores()[0]
    assert s == {"pairs": 5, "majorities": 1, "seeds": 0, "mated_pairs": 1, "total": 6}
    plain = table(birds)
    assert plain.birds[0] == state.birds[0]
    assert plain.scores()[0]["majorities"] == 7


def test_a_tie_on_points_goes_to_the_player_with_more_mated_pairs():
    state = table(
        ("sparrow-1f", "sparrow-1m"),  # 5 + 2 eggs = 7
        ("greenfinch-6f", "greenfinch-5f", "greenfinch-2m"),  # 3 + 3 + 1
    )
    state = finished(state)
    s = state.scores()
    assert s[0]["total"] == s[1]["total"] == 7
    assert state.ranks() == [1, 2, 3]
    assert state.returns()[0] == 1.0


def test_an_exact_tie_shares_the_place():
    state = finished(table(("sparrow-1f",), ("greenfinch-1f",)))
    assert state.ranks() == [1, 1, 3]


def test_a_mated_pair_needs_the_same_species_and_the_same_value():
    state = table(
        ("sparrow-3f", "greenfinch-3m"),  # same value, two species
        ("sparrow-4f", "sparrow-5m"),  # same species, two values
        ("greenfinch-2f", "greenfinch-2m"),
    )
    assert [s["mated_pairs"] for s in state.scores()] == [0, 0, 1]
    assert [s["pairs"] for s in state.scores()] == [0, 0, 5]


def test_the_majority_goes_to_the_most_birds_not_the_most_eggs():
    """Ruling 11: "most" counts bird cards of the species, not their eggs or values."""
    state = table(
        ("sparrow-1f", "sparrow-1m", "sparrow-2f"),  # 3 birds, 3 eggs
        ("sparrow-6f", "sparrow-5f"),  # 2 birds, 6 eggs
    )
    s = state.scores()
    assert [x["majorities"] for x in s] == [3, 0, 0]


def test_the_unpaired_variant_still_counts_paired_birds_for_the_majority():
    """Ruling 11: the variant changes which eggs score, not who holds the majority."""
    state = table(
        ("sparrow-5f", "sparrow-5m"),  # two birds, both in a pair
        ("sparrow-6f",),  # one bird
        majority="unpaired",
    )
    s = state.scores()
    assert [x["majorities"] for x in s] == [0, 0, 0]
    assert s[0]["total"] == 5


# -- notation and errors ---------------------------------------------------------------


def test_every_action_has_a_unique_name_that_parses_back():
    game = meeple.load("piepmatz", players=4)
    for a in range(game.num_distinct_actions()):
        assert game.parse_action(game.action_name(a)) == a
    assert game.parse_action("  PLAY Chaffinch-3F   perch 1 ") == game.parse_action(
        "play chaffinch-3f perch 1"
    )


def test_a_chance_outcome_is_refused_as_a_move_with_a_reason():
    state = three()
    with pytest.raises(IllegalActionError, match="chance outcome"):
        state.apply_notation("bird sparrow-1f")


def test_the_illegal_message_names_the_wanted_decision():
    state = three()
    with pytest.raises(IllegalActionError, match="play a bird"):
        state.apply_notation("draw")


def test_with_the_feeder_deck_empty_a_missing_position_or_a_difference_of_five_gives_no_seed():
    state = with_feeder_deck_empty(three())
    # The column has shrunk to positions 1-3 (1, 2, 3 eggs): its 1-egg card at position 4
    # is out of play.
    assert state.column[-1] // 3 == 0
    gone = list(state.gone)
    gone[0] += 1
    state = edited(state, column=state.column[:-1], gone=gone)
    # Player 0 plays a 6 on the blackbird 2: difference 4, but position 4 is gone.
    play(state, ["play chaffinch-6f perch 2"])
    assert set(cards(state, state.birds[0])) == {"blackbird-2m"}
    assert state.seeds[0:3] == [0, 0, 0]
    assert state.decision.kind == "refill"
    state2 = with_feeder_deck_empty(with_queue(three(), 1, "sparrow-1f"))
    play(state2, ["play chaffinch-6f perch 2"])  # 7 vs 2: difference 5, no feeder card left
    assert cards(state2, state2.birds[0]) == ["blackbird-2m"]
    assert state2.seeds[0:3] == [0, 0, 0] and state2.decision.kind == "refill"


def test_a_player_with_two_cards_or_fewer_at_the_end_keeps_them_all():
    state = with_feeder_deck_empty(three())
    # Two of player 0's cards, the display and the bird deck are out of the game.
    out = mask(state, "chaffinch-3f", "chaffinch-2m")
    hands = [state.hands[0] & ~out, *state.hands[1:]]
    out |= sum(1 << c for c in state.deck) | mask(state, "sparrow-6m", "sparrow-6f", "sparrow-5m")
    state = edited(state, hands=hands, discarded=state.discarded | out, display=[], deck=[])
    # Nothing is left to refill from: player 0 plays and keeps one card.
    play(state, ["play greenfinch-1m perch 1", "collect nothing"])
    for _ in range(2):
        state.apply_action(state.legal_actions()[0])
        while state.decision.kind == "collect":
            state.apply_notation("collect nothing")
    assert state.decision.kind == "keep" and state.current_player() == 1
    assert cards(state, state.kept[0]) == ["chaffinch-6f"]
    assert state.observation(1)["hands"][0]["kept_count"] == 1
