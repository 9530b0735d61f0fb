"""The SVG view: chips a person clicks to buy, take or return are drawn as targets."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import meeple
from meeple.core import CHANCE, Decision
from meeple.core.position import edit
from tests.games.notation import check_not_a_move
from tests.games.quedlinburg_dash.helpers import (
    QuedlinburgDashState,
    kind,
    legal,
    new,
    play,
)
from tests.games.seats import assert_names_both_players, check_a_random_game, svg_words

NS = "{http://www.w3.org/2000/svg}"


def _drawn(state: QuedlinburgDashState, player: int) -> list[str]:
    svg = state.game.render_svg(state.observation(player))
    return re.findall(r'data-target="([^"]*)"', svg)


def _tips(svg: str) -> list[str]:
    return [g.get("data-tip") or "" for g in ET.fromstring(svg).iter() if g.get("data-tip")]


def _edit(state: QuedlinburgDashState, **fields: object) -> QuedlinburgDashState:
    new_state = edit(state, **fields)
    assert isinstance(new_state, QuedlinburgDashState)
    return new_state


def _bagged(state: QuedlinburgDashState, player: int, name: str) -> QuedlinburgDashState:
    """``state`` with a chip moved from the reserve into ``player``'s bag."""
    k = kind(name)
    supply = list(state.supply)
    bags = [list(b) for b in state.bags]
    supply[k] -= 1
    bags[player][k] += 1
    return _edit(state, supply=supply, bags=bags)


def _carded(
    state: QuedlinburgDashState, player: int, name: str, n: int = 1
) -> QuedlinburgDashState:
    """``state`` with ``n`` chips moved from ``player``'s bag onto their animal card."""
    k = kind(name)
    bags = [list(b) for b in state.bags]
    cards = [list(c) for c in state.cards]
    bags[player][k] -= n
    cards[player][k] += n
    return _edit(state, bags=bags, cards=cards)


def _targets(state: QuedlinburgDashState) -> dict[str, list[str]]:
    """Target key -> the names of the legal actions a click on it chooses."""
    out: dict[str, list[str]] = {}
    for a in state.legal_actions():
        key = state.action_target(a)
        if key is not None:
            out.setdefault(key, []).append(state.action_to_string(a))
    return out


def _shop() -> QuedlinburgDashState:
    """Seat 0 (player 1) lays the third dream weed with 3 rubies: the shop opens."""
    state = new()
    state = _edit(state, rubies=[3, 0], ruby_supply=state.ruby_supply - 3)
    state = _carded(state, 0, "dream-weed", 2)
    play(state, "draw dream-weed")
    assert state.decision is not None and state.decision.kind == "shop"
    return state


def test_shop_buys_are_chips_in_the_reserve_and_done_is_a_labelled_control():
    state = _shop()
    targets = _targets(state)
    assert targets == {
        "reserve:red-1": ["buy red-1"],
        "reserve:red-2": ["buy red-2"],
        "reserve:red-4": ["buy red-4"],
        "reserve:yellow-1": ["buy yellow-1"],
        "reserve:yellow-2": ["buy yellow-2"],
        "reserve:yellow-4": ["buy yellow-4"],
        "reserve:green-1": ["buy green-1"],
        "reserve:green-2": ["buy green-2"],
        "reserve:green-4": ["buy green-4"],
        "reserve:blue-1": ["buy blue-1"],
        "reserve:blue-2": ["buy blue-2"],
        "reserve:blue-4": ["buy blue-4"],
        "button:done": ["done"],
    }
    assert "done" in legal(state)
    done = state.string_to_action("done")
    assert state.action_targets(done) == ("button:done",)
    assert set(targets) <= set(_drawn(state, 0))


def test_a_reserve_click_buys_that_chip():
    state = _shop()
    chosen = [a for a in state.legal_actions() if state.action_target(a) == "reserve:blue-4"]
    assert [state.action_to_string(a) for a in chosen] == ["buy blue-4"]
    state.apply_action(chosen[0])
    assert state.bags[0][kind("blue-4")] == 1
    assert state.rubies[0] == 1, "3 rubies + 1 for last place - 3 for a '4'"


def test_dream_weed_in_the_reserve_is_not_clickable():
    drawn = _drawn(_shop(), 0)
    assert "reserve:dream-weed" not in drawn
    assert "reserve:white-8" in drawn


def test_the_green_caterpillar_returns_a_chip_clicked_on_the_own_card():
    state = new(3)
    state = _edit(state, pending=[Decision("draw", CHANCE, (1, True))], active=1)  # seat 1's turn
    state = _bagged(state, 1, "green-2")
    state = _carded(state, 1, "red-1")
    state = _carded(state, 2, "red-2")
    play(state, "draw green-2")
    assert _targets(state) == {"card:red-1": ["return red-1"], "card:green-2": ["return green-2"]}
    drawn = _drawn(state, 1)
    assert {"card:red-1", "card:green-2"} <= set(drawn)
    # Only the chooser's card is clickable: player 2's red '2' is not a target.
    assert "card:red-2" not in drawn
    assert drawn.count("card:red-1") == 1


def test_the_orange_butterfly_takes_a_chip_clicked_in_the_reserve():
    state = new(cards="butterfly-extended")
    state = _bagged(state, 0, "orange-1")
    play(state, "draw orange-1")
    targets = _targets(state)
    twos = ["red-2", "yellow-2", "green-2", "blue-2", "orange-2", "purple-2"]
    assert targets == {f"reserve:{c}": [f"take {c}"] for c in twos}
    assert set(targets) <= set(_drawn(state, 0))


def test_chance_outcomes_have_no_target():
    state = new()
    assert state.current_player() == CHANCE
    assert all(state.action_target(a) is None for a in state.legal_actions())
    assert not [k for k in _drawn(state, 0) if k.startswith("card:")]


def test_the_json_form_carries_the_target():
    state = _shop()
    buy = state.string_to_action("buy green-2")
    assert state.action_to_json(buy) == {
        "id": buy,
        "text": "buy green-2",
        "target": "reserve:green-2",
        "targets": ["reserve:green-2"],
    }
    done = state.string_to_action("done")
    assert state.action_to_json(done) == {
        "id": done,
        "text": "done",
        "target": "button:done",
        "targets": ["button:done"],
    }


def test_the_reserve_shows_the_prices_above_the_chips_of_each_value():
    state = _shop()
    for layout in ("wide", "narrow"):
        root = ET.fromstring(state.render_svg(0, layout))
        heads = {
            t.text: float(t.get("x", "0"))
            for g in root.iter(f"{NS}g")
            if (g.get("data-tip") or "").startswith("At the shop a ")
            for t in g.iter(f"{NS}text")
        }
        assert list(heads) == ["1 ruby", "2 rubies", "3 rubies", "5 rubies"], heads
        chips = {
            g.get("data-target"): float(c.get("cx", "0"))
            for g in root.iter(f"{NS}g")
            if (g.get("data-target") or "").startswith("reserve:")
            for c in g.iter(f"{NS}circle")
        }
        assert chips["reserve:red-1"] == chips["reserve:blue-1"] == heads["1 ruby"]
        assert chips["reserve:green-4"] == heads["3 rubies"]
        assert chips["reserve:white-8"] == heads["5 rubies"]


def test_texts_for_people_count_players_from_one():
    state = new()  # two players; a chip comes out of seat 0's bag
    text = state.render_text(None)
    assert "\n> P1 donkey  field  0/50" in text and "\n  P2 sheep   field  0/50" in text
    for layout in ("wide", "narrow"):
        svg = state.render_svg(None, layout)
        # The words a person reads: the labels, and the tooltips (``data-tip``).
        words = svg_words(svg) + "\n" + "\n".join(_tips(svg))
        assert "donkey (player 1) on field 0" in words and "sheep (player 2) on field 0" in words
        assert "Player 1: donkey" in words and "Player 2: sheep" in words
        assert "field 0 of 50" in words.lower() and "to move" in words
        assert_names_both_players(text)
        assert_names_both_players(words)
    play(state, "draw red-1")  # the donkey moves 1 field: the path shows P1 there, P2 at 0
    assert "  path  21....@" in state.render_text(None)
    assert "\n  player 1: the donkey is shopping (buy a chip or done)\n" in _shop().render_text(0)
    check_a_random_game("quedlinburg_dash", seed=1, stride=3)


def test_a_text_that_is_not_a_move_shows_moves_a_player_types():
    assert check_not_a_move("quedlinburg_dash", "draw red") == [
        "buy blue-4",
        "return red-1",
        "done",
    ]


def test_the_move_log_says_whose_bag_a_chip_came_from():
    state = new(4)
    first = state.game.parse_action("draw red-1")
    state.apply_action(first)
    assert state.action_seen_by(None, CHANCE, first) == "player 1 draws red-1"
    # Records keep the notation, and it still reads back.
    assert state.action_to_string(first) == "draw red-1"
    assert state.string_to_action("draw red-1") == first


def test_every_draw_and_roll_in_the_log_names_whose_it_is():
    worded = {"draws": 0, "rolls the white die:": 0, "on the wood die": 0}
    for cards in ("caterpillar", "butterfly"):
        for seed in range(6):
            state = new(3, cards=cards)
            rng = random.Random(seed)
            while not state.is_terminal():
                if state.current_player() != CHANCE:
                    state.apply_action(rng.choice(state.legal_actions()))
                    continue
                d = state.decision
                assert d is not None
                p = d.info[0] if isinstance(d.info, tuple) else d.info
                action = meeple.sample_chance(state, rng)
                state.apply_action(action)
                text = state.action_to_string(action)
                assert state.string_to_action(text) == action
                for viewer in (None, *range(3)):
                    seen = state.action_seen_by(viewer, CHANCE, action)
                    assert seen is not None and seen.startswith(f"player {p + 1} "), seen
                for words in worded:
                    worded[words] += words in seen
    assert all(worded.values()), worded
