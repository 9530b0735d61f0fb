"""Click targets in the picture: garden spaces to place on, storage items to pay or
discard, display expansions to take a copy from; everything else stays a button."""

from __future__ import annotations

import re

from meeple.boardgames.azul_queens_garden.render import render_svg
from meeple.boardgames.azul_queens_garden.state import AzulQueensGardenState

from .helpers import act, expand, give, quiet, t, tray


def drawn(s: AzulQueensGardenState) -> list[str]:
    picture = render_svg(s.observation(s.current_player()))
    return re.findall(r'data-target="([^"]*)"', picture)


def clicked(s: AzulQueensGardenState, key: str) -> list[str]:
    """The legal actions a click on ``key`` chooses, by name."""
    return sorted(s.action_to_string(a) for a in s.legal_actions() if s.action_target(a) == key)


def targets(s: AzulQueensGardenState) -> set[str]:
    return {k for a in s.legal_actions() if (k := s.action_target(a)) is not None}


def test_a_garden_space_chooses_the_hexagons_that_may_go_there():
    s = quiet()
    give(s, 0, "blue-tree", "lime-tree")
    keys = targets(s)
    assert keys == {f"g:0.{k}" for k in range(1, 7)}
    assert keys <= set(drawn(s))
    assert clicked(s, "g:0.3") == ["place blue-tree at 0.3", "place lime-tree at 0.3"]
    # Only the garden of the player to move is clickable: one element per space.
    assert drawn(s).count("g:0.3") == 1
    act(s, "place blue-tree at 0.3")  # a tree costs nothing; player 1 moves
    # Player 1's own free 0.3 is the one target now; the placed hexagon is no target.
    assert drawn(s).count("g:0.3") == 1
    assert "<g><title>blue-tree at 0.3</title>" in render_svg(s.observation(1))


def test_a_free_expansion_area_space_chooses_where_a_printed_space_goes():
    s = quiet()
    s.store_exps[0] = [t(s, "lime-tree")]
    s.hidden[t(s, "lime-tree")] = 0
    s.hidden_n -= 1
    s.reserve -= 1
    s._legal_cache = None
    keys = targets(s)
    # Every space of the six free expansion areas (never an ornament).
    assert keys == {f"g:{a}.{k}" for a in range(1, 7) for k in range(1, 7)}
    assert keys <= set(drawn(s))
    assert "g:1.0" not in drawn(s)
    assert clicked(s, "g:2.4") == ["expansion lime-tree at 2.4"]
    picture = render_svg(s.observation(0))
    # The free areas are faint dashed outlines that still take a click.
    assert re.search(r'<g data-target="g:2\.4"><polygon [^>]*fill-opacity="0"', picture)


def test_a_bought_expansion_is_placed_by_clicking_a_space():
    s = quiet()
    expand(s, 0, "blue-bird", "1.1")
    s.pending.clear()
    s.push("place_bought", 0, t(s, "lime-tree"))
    s._legal_cache = None
    keys = targets(s)
    assert keys and all(k.startswith("g:") and not k.startswith("g:1.") for k in keys)
    assert keys <= set(drawn(s))
    assert clicked(s, "g:3.2") == ["expansion lime-tree at 3.2"]


def test_the_copy_to_take_is_chosen_by_clicking_a_display_expansion():
    s = quiet()
    tray(s, "blue-bird", "lime-tree")
    tray(s, "blue-bird", "green-tree")
    act(s, "take bird")
    assert targets(s) == {"disp:1", "disp:2"}
    assert {"disp:1", "disp:2"} <= set(drawn(s))
    assert clicked(s, "disp:2") == ["take blue-bird from expansion 2"]
    s.apply_action(s.legal_actions()[1])
    assert [s.action_to_string(a) for a in s.history[-1:]] == ["take blue-bird from expansion 2"]


def test_payment_items_are_clicked_in_storage():
    s = quiet()
    give(s, 0, "blue-butterfly", "blue-tree", "blue-bird", "joker")
    s.store_exps[0] = [t(s, "blue-leaf")]
    s.hidden[t(s, "blue-leaf")] = 0
    s.hidden_n -= 1
    s.reserve -= 1
    act(s, "place blue-butterfly at 0.1")
    # The payment mode stays a button.
    assert targets(s) == set()
    act(s, "pay by colour")
    keys = targets(s)
    assert keys == {"st:blue-tree", "st:blue-bird", "sx:blue-leaf", "st:joker"}
    assert keys <= set(drawn(s))
    assert clicked(s, "sx:blue-leaf") == ["pay expansion blue-leaf"]
    assert clicked(s, "st:joker") == ["pay joker"]
    act(s, "pay blue-bird")
    assert clicked(s, "st:blue-tree") == []  # listed order: the tree came before the bird


def test_discards_after_passing_are_clicked_in_storage():
    s = quiet()
    give(s, 0, "blue-tree", "blue-tree", "lime-bird")
    act(s, "pass")
    keys = targets(s)
    assert keys == {"st:blue-tree", "st:lime-bird", "st:joker"}
    # Each stored copy is drawn, every copy a target for the same choice.
    assert drawn(s).count("st:blue-tree") == 2
    assert clicked(s, "st:blue-tree") == ["discard blue-tree"]


def test_takes_buying_and_passing_stay_buttons_and_json_carries_targets():
    s = quiet()
    tray(s, "blue-bird", "lime-tree")
    give(s, 0, "blue-tree")
    by_name = {s.action_to_string(a): a for a in s.legal_actions()}
    for name in ("take blue", "take bird", "pass"):
        assert s.action_target(by_name[name]) is None
        assert "target" not in s.action_to_json(by_name[name])
    assert s.action_to_json(by_name["place blue-tree at 0.5"]) == {
        "id": by_name["place blue-tree at 0.5"],
        "text": "place blue-tree at 0.5",
        "target": "g:0.5",
    }
