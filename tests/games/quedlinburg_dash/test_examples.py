"""The rulebook's worked examples, played move by move.

Seat 0 is Paula and seat 1 is Conrad (the rulebook gives Paula the sheep and
Conrad the donkey; seats here take the animals in box order, which changes nothing).
"""

from __future__ import annotations

from meeple.core import CHANCE, Decision
from meeple.core.position import edit

from .helpers import bag, card, kind, new, play

PAULA, CONRAD = 0, 1


def test_paula_picks_a_red_two_moves_two_fields_and_takes_a_ruby():
    # Paula's red '2': her animal moves two fields, then the red card gives her one
    # ruby from the reserve for her backpack.
    state = new(players=2)
    play(state, "draw red-2")
    assert state.pos[PAULA] == 2
    assert card(state, PAULA) == {"red-2": 1}
    assert state.rubies[PAULA] == 1
    assert state.ruby_supply == 39
    # Then it is Conrad's turn.
    assert state.decision is not None and state.decision.info == (CONRAD, True)


def test_conrad_picks_a_yellow_one_and_the_white_die_gives_a_green_two_for_his_bag():
    state = new(players=2)
    play(state, "draw red-2")
    play(state, "draw yellow-1")
    assert state.pos[CONRAD] == 1
    play(state, "white die: green-2")
    assert state.pos[CONRAD] == 1
    assert bag(state, CONRAD) == {
        "red-1": 2,
        "red-2": 1,
        "green-2": 1,
        "dream-weed": 4,
    }
    assert card(state, CONRAD) == {"yellow-1": 1}
    assert state.supply[kind("green-2")] == 10 - 1, "the green '2' came from the reserve"
    assert state.decision is not None and state.decision.info == (PAULA, True)


def test_paula_buys_a_blue_four_and_a_green_one_with_four_rubies_on_her_third_dream_weed():
    state = new(players=2)
    # Paula has been ahead and collected four rubies (from the reserve); two dream weeds
    # and some food from her bag already lie on her animal card. It is her turn.
    bags = [list(b) for b in state.bags]
    cards = [list(c) for c in state.cards]
    for name, n in (("dream-weed", 2), ("red-2", 1), ("red-1", 1)):
        bags[PAULA][kind(name)] -= n
        cards[PAULA][kind(name)] += n
    rubies = list(state.rubies)
    rubies[PAULA] = 4
    state = edit(
        state,
        pos=[14, 9],
        rubies=rubies,
        ruby_supply=state.ruby_supply - 4,
        bags=bags,
        cards=cards,
        pending=[Decision("draw", CHANCE, (PAULA, True))],
        active=PAULA,
    )
    play(state, "draw dream-weed")
    assert state.pos[PAULA] == 14, "dream weed: the sheep may not move"
    assert card(state, PAULA)["dream-weed"] == 3, "on the third dream bubble"
    assert state.rubies[PAULA] == 4, "not last, so no extra ruby"
    assert state.current_player() == PAULA
    play(state, "buy blue-4")  # 3 rubies
    assert state.rubies[PAULA] == 1
    play(state, "buy green-1")  # 1 ruby; nothing left to spend, the visit ends
    assert state.rubies[PAULA] == 0
    assert state.ruby_supply == 40, "all the rubies are back in the reserve"
    assert state.supply[kind("blue-4")] == 6 - 1 and state.supply[kind("green-1")] == 8 - 1
    assert card(state, PAULA) == {}
    assert bag(state, PAULA) == {
        "red-1": 2,
        "red-2": 1,
        "yellow-1": 1,
        "green-1": 1,
        "blue-4": 1,
        "dream-weed": 4,
    }
    assert state.decision is not None and state.decision.info == (CONRAD, True)
