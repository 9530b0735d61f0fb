"""Every choice of a race is a click in the mover's picture: a chip in the reserve to buy
or take, a chip on the own card to return, and the "Done shopping" control to leave."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from meeple.core import CHANCE
from tests.games.quedlinburg_dash.helpers import (
    QuedlinburgDashState,
    at_fields,
    at_turn_of,
    new,
    play,
    with_in_bag,
    with_on_card,
    with_rubies,
)

NS = "{http://www.w3.org/2000/svg}"


def _paths(state: QuedlinburgDashState) -> dict[str, tuple[str, ...]]:
    return {state.action_to_string(a): state.action_targets(a) for a in state.legal_actions()}


def _svg(state: QuedlinburgDashState, viewer: int | None) -> str:
    return state.game.render_svg(state.observation(viewer))


def _drawn(state: QuedlinburgDashState, viewer: int | None) -> list[str]:
    svg = _svg(state, viewer)
    ET.fromstring(svg)  # still well-formed XML
    return re.findall(r'data-target="([^"]*)"', svg)


def _shop(players: int = 2) -> QuedlinburgDashState:
    """Seat 0 (player 1) lays the third dream weed with 3 rubies (+1 for last place)."""
    state = with_on_card(with_rubies(new(players), 0, 3), 0, "dream-weed", 2)
    play(state, "draw dream-weed")
    assert state.decision is not None and state.decision.kind == "shop"
    return state


def test_the_shop_buys_chips_in_the_reserve_and_done_is_a_labelled_control():
    state = _shop()
    paths = _paths(state)
    assert paths["done"] == ("button:done",)
    assert paths["buy blue-4"] == ("reserve:blue-4",)
    assert len(paths) == 13 and len(set(paths.values())) == 13
    drawn = _drawn(state, 0)
    assert drawn.count("button:done") == 1
    assert {k for p in paths.values() for k in p} <= set(drawn)


def test_the_done_control_says_done_shopping_in_the_shoppers_panel():
    state = _shop(3)
    root = ET.fromstring(_svg(state, 0))
    (done,) = [g for g in root.iter(f"{NS}g") if g.get("data-target") == "button:done"]
    assert [t.text for t in done.iter(f"{NS}text")] == ["Done shopping"]
    box = done.find(f"{NS}rect")
    assert box is not None and box.get("rx") is not None
    top = float(box.get("y", "0"))
    heads = {
        t.text: float(t.get("y", "0"))
        for t in root.iter(f"{NS}text")
        if t.text and t.text.startswith("Player ")
    }
    own = next(y for head, y in heads.items() if head.startswith("Player 1:"))
    assert own - 20 < top < own, (top, heads)  # level with player 1's heading
    assert all(abs(top - y) > 60 for head, y in heads.items() if not head.startswith("Player 1:"))


def test_the_done_control_is_drawn_only_for_the_shopper():
    state = _shop(3)
    assert "button:done" in _drawn(state, 0)
    assert "button:done" not in _drawn(state, 1)
    assert "button:done" not in _drawn(state, 2)
    assert "button:done" not in _drawn(state, None)
    play(state, "done")
    assert state.current_player() == CHANCE
    assert "button:done" not in _drawn(state, 0)


def test_after_a_buy_the_other_colours_still_on_sale_and_done_are_clicked():
    state = _shop()
    play(state, "buy blue-4")  # 4 rubies - 3: one left, blue is taken
    assert state.decision is not None and state.decision.kind == "shop"
    assert _paths(state) == {
        "buy red-1": ("reserve:red-1",),
        "buy yellow-1": ("reserve:yellow-1",),
        "buy green-1": ("reserve:green-1",),
        "done": ("button:done",),
    }
    assert {"reserve:red-1", "reserve:yellow-1", "reserve:green-1", "button:done"} <= set(
        _drawn(state, 0)
    )


def test_the_green_caterpillar_returns_a_chip_clicked_on_the_own_card():
    state = with_in_bag(at_turn_of(new(3), 1), 1, "green-2")
    state = with_on_card(state, 1, "red-1")
    play(state, "draw green-2")
    assert state.decision is not None and state.decision.kind == "return"
    assert _paths(state) == {"return red-1": ("card:red-1",), "return green-2": ("card:green-2",)}
    drawn = _drawn(state, 1)
    assert {"card:red-1", "card:green-2"} <= set(drawn)
    assert "button:done" not in drawn


def test_a_long_animal_card_still_shows_every_chip_to_return_once():
    # Past 27 chips the card is drawn one chip per kind with its count.
    state = new()
    for name, n in (("red-1", 10), ("yellow-2", 8), ("blue-1", 8), ("white-8", 2)):
        state = with_on_card(with_in_bag(state, 0, name, n), 0, name, n)
    state = with_in_bag(state, 0, "green-1")
    play(state, "draw green-1")
    assert state.decision is not None and state.decision.kind == "return"
    assert sum(state.cards[0]) == 29
    paths = _paths(state)
    assert paths == {
        "return red-1": ("card:red-1",),
        "return yellow-2": ("card:yellow-2",),
        "return green-1": ("card:green-1",),
        "return blue-1": ("card:blue-1",),
        "return white-8": ("card:white-8",),
    }
    drawn = _drawn(state, 0)
    assert [drawn.count(p[0]) for p in paths.values()] == [1, 1, 1, 1, 1]


def test_the_orange_butterfly_on_a_spiral_takes_a_two_or_a_four_from_the_reserve():
    state = new(cards="butterfly-extended")
    state = at_fields(state, state.game.rules.spirals[0] - 1)  # the orange '1' lands on a spiral
    state = with_in_bag(state, 0, "orange-1")
    play(state, "draw orange-1")
    assert state.decision is not None and state.decision.kind == "take"
    colours = ("red", "yellow", "green", "blue", "orange", "purple")
    assert _paths(state) == {
        f"take {c}-{v}": (f"reserve:{c}-{v}",) for c in colours for v in (2, 4)
    }
    assert {f"reserve:{c}-{v}" for c in colours for v in (2, 4)} <= set(_drawn(state, 0))
