"""Worked examples.

The rules summary (rules/piepmatz.txt) gives no worked examples, so each test
here follows one passage of it step by step on a concrete position, with the
numbers written out (docs/games/piepmatz.md states the same rules in "The rules
in our words"; it has no worked examples of its own).
"""

from __future__ import annotations

from .helpers import (
    card,
    cards,
    finished,
    names,
    play,
    setup,
    with_collection,
    with_queue,
    with_seeds,
)


def test_example_a_turn_with_a_chain_of_two_feedings():
    """Turn: the queue beats the feeder, then the strongest bird moves up and the
    remaining queue beats the new feeder too."""
    state = setup(
        3,
        perches=("blackbird-5f", "blackbird-1m"),
        column=(1, 2, 3, 1),
        hands=(
            ("chaffinch-4f", "greenfinch-1m", "chaffinch-6f", "chaffinch-2f"),
            ("bullfinch-1m", "bullfinch-6f", "bullfinch-2m", "bullfinch-4f"),
            ("greenfinch-3f", "greenfinch-5m", "greenfinch-2f", "greenfinch-3m"),
        ),
    )
    # Perch 1 feeds the blackbird 5; in its queue wait a sparrow 2 and a sparrow 3 (5: not more).
    state = with_queue(state, 0, "sparrow-2f", "sparrow-3m")

    # Player 0 adds the chaffinch 4: 2 + 3 + 4 = 9 beats 5 by 4.
    play(state, ["play chaffinch-4f perch 1"])
    # They take the blackbird 5 and the seed card at position 4 (1 egg) ...
    assert cards(state, state.birds[0]) == ["blackbird-5f"]
    assert state.seeds[0:3] == [1, 0, 0]
    # ... the chaffinch 4, the strongest in the queue, moves up to feed ...
    assert state.feeders[0] == card(state, "chaffinch-4f")
    # ... and the column is refilled from the feeder deck.
    play(state, ["seed 2 eggs"])
    # Check again: 2 + 3 = 5 beats the new feeder 4 by 1: the chaffinch 4 and position 1.
    assert set(cards(state, state.birds[0])) == {"blackbird-5f", "chaffinch-4f"}
    assert state.seeds[0:3] == [2, 0, 0]
    assert state.feeders[0] == card(state, "sparrow-3m")
    play(state, ["seed 3 eggs"])
    # Check again: the sparrow 2 does not beat the sparrow 3. The chain is over.
    assert [state.rules.card_name[c] for c in state.queues[0]] == ["sparrow-2f"]
    assert [c["eggs"] for c in state.observation(None)["column"]] == [2, 3, 2, 3]
    # A bird flew, so there is no collect: player 0 refills to four.
    assert state.decision.kind == "refill"
    play(state, ["draw", "bird yellowhammer-6m"])
    assert state.hands[0].bit_count() == 4 and state.current_player() == 1


def test_example_a_turn_that_feeds_nothing_lets_you_collect_a_lower_bird():
    """Turn: the played bird did not chase the feeder, so a bird of equal or lower
    value goes from the hand to the collection."""
    state = setup(
        3,
        perches=("blackbird-5f", "blackbird-1m"),
        hands=(
            ("chaffinch-4f", "chaffinch-4m", "chaffinch-6f", "chaffinch-2f"),
            ("bullfinch-1m", "bullfinch-6f", "bullfinch-2m", "bullfinch-4f"),
            ("greenfinch-3f", "greenfinch-5m", "greenfinch-2f", "greenfinch-3m"),
        ),
    )
    play(state, ["play chaffinch-4f perch 1"])  # 4 does not beat 5
    assert names(state) == ["collect chaffinch-2f", "collect chaffinch-4m", "collect nothing"]
    play(state, ["collect chaffinch-4m"])
    play(state, ["take sparrow-6m", "bird sparrow-1m", "draw", "bird sparrow-2m"])
    assert cards(state, state.birds[0]) == ["chaffinch-4m"]
    assert state.observation(1)["hands"][0] == {
        "size": 4,
        "cards": ["sparrow-6m"],
        "hidden": 3,
        "known": ["sparrow-6m"],
        "kept": None,
        "kept_count": 0,
    }


# A display of birds the scoring examples leave alone (the default one shows sparrows that
# those examples put in the collections).
UNUSED = ("bullfinch-1m", "bullfinch-2m", "bullfinch-3m")


def test_example_final_scoring_with_pairs_majorities_a_friendly_tie_and_the_tie_break():
    """Scoring: pairs 5 each; the majority in a species scores its eggs (a tie is
    friendly); seed cards 1 point per egg; equal totals go to more mated pairs."""
    state = setup(3, perches=("blackbird-5f", "blackbird-4m"), display=UNUSED, hands=((), (), ()))
    # Player 0: a sparrow pair (3f + 3m) and a sparrow 5; a 2-egg and a 3-egg seed card.
    state = with_collection(state, 0, "sparrow-3f", "sparrow-3m", "sparrow-5m")
    state = with_seeds(with_seeds(state, 0, 1), 0, 2)
    # Player 1: sparrows 1 and 6, a greenfinch pair (4f + 4m); no seed cards.
    state = with_collection(state, 1, "sparrow-1f", "sparrow-6f", "greenfinch-4m", "greenfinch-4f")
    # Player 2: greenfinches 2 and 6, a blackbird 1; a 1-egg and a 3-egg seed card.
    state = with_collection(state, 2, "greenfinch-2m", "greenfinch-6f", "blackbird-1f")
    state = with_seeds(with_seeds(state, 2, 0), 2, 2)
    state = finished(state)  # the game is over
    assert state.seeds[0:3] == [0, 1, 1] and state.seeds[6:9] == [1, 0, 1]
    s = state.scores()
    # Sparrows: player 0 has 3, player 1 has 2: player 0 scores 2 + 2 + 3 eggs.
    assert s[0] == {"pairs": 5, "majorities": 7, "seeds": 5, "mated_pairs": 1, "total": 17}
    # Greenfinches: players 1 and 2 have 2 each, a friendly tie: both score their eggs.
    assert s[1] == {"pairs": 5, "majorities": 4, "seeds": 0, "mated_pairs": 1, "total": 9}
    # Blackbirds: only player 2 (1 egg); greenfinch eggs 1 + 3.
    assert s[2] == {"pairs": 0, "majorities": 5, "seeds": 4, "mated_pairs": 0, "total": 9}
    # Players 1 and 2 tie on 9: player 1 has more mated pairs.
    assert state.ranks() == [1, 2, 3]


def test_example_the_same_scoring_when_only_unpaired_birds_count_for_majorities():
    state = setup(
        3,
        perches=("blackbird-5f", "blackbird-4m"),
        display=UNUSED,
        hands=((), (), ()),
        majority="unpaired",
    )
    state = with_collection(state, 0, "sparrow-3f", "sparrow-3m", "sparrow-5m")
    state = with_collection(state, 1, "sparrow-1f", "sparrow-6f", "greenfinch-4m", "greenfinch-4f")
    state = with_collection(state, 2, "greenfinch-2m", "greenfinch-6f", "blackbird-1f")
    s = state.scores()
    assert [x["majorities"] for x in s] == [3, 0, 5]
