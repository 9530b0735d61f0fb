"""Building fixed positions of Quedlinburg Dash for the tests: by play, then by editing the
position (``at_turn_of``, ``with_in_bag``, ``with_on_card``: the game's invariants check
the result, and the state given is left as it was)."""

from __future__ import annotations

from typing import Any

import meeple
from meeple.boardgames.quedlinburg_dash.actions import parse_chip
from meeple.boardgames.quedlinburg_dash.state import QuedlinburgDashState
from meeple.core import CHANCE, Decision
from meeple.core.position import edit


def new(players: int = 2, **opts: Any) -> QuedlinburgDashState:
    state = meeple.load("quedlinburg_dash", players=players, **opts).new_initial_state()
    assert isinstance(state, QuedlinburgDashState)
    return state


def kind(name: str) -> int:
    k = parse_chip(name)
    assert k is not None, name
    return k


def _edited(state: QuedlinburgDashState, **fields: Any) -> QuedlinburgDashState:
    out = edit(state, **fields)
    assert isinstance(out, QuedlinburgDashState)
    return out


def at_turn_of(state: QuedlinburgDashState, player: int) -> QuedlinburgDashState:
    """``state`` with ``player`` to start a turn: the next thing to happen is a draw from
    their bag. A new state, made through the position format."""
    return _edited(state, pending=[Decision("draw", CHANCE, (player, True))], active=player)


def with_in_bag(
    state: QuedlinburgDashState, player: int, name: str, n: int = 1
) -> QuedlinburgDashState:
    """``n`` chips moved from the reserve into ``player``'s bag; a new state."""
    k = kind(name)
    assert state.supply[k] >= n, f"the reserve has only {state.supply[k]} {name}"
    supply = list(state.supply)
    supply[k] -= n
    bags = [list(b) for b in state.bags]
    bags[player][k] += n
    return _edited(state, supply=supply, bags=bags)


def with_on_card(
    state: QuedlinburgDashState, player: int, name: str, n: int = 1
) -> QuedlinburgDashState:
    """``n`` chips moved from ``player``'s bag onto their animal card; a new state."""
    k = kind(name)
    assert state.bags[player][k] >= n, f"the bag holds only {state.bags[player][k]} {name}"
    bags = [list(b) for b in state.bags]
    bags[player][k] -= n
    cards = [list(c) for c in state.cards]
    cards[player][k] += n
    return _edited(state, bags=bags, cards=cards)


def play(state: QuedlinburgDashState, *moves: str) -> None:
    for move in moves:
        state.apply_notation(move)


def legal(state: QuedlinburgDashState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def bag(state: QuedlinburgDashState, player: int) -> dict[str, int]:
    return dict(state.observation(None)["players"][player]["bag"])


def card(state: QuedlinburgDashState, player: int) -> dict[str, int]:
    return dict(state.observation(None)["players"][player]["card"])


# -- in place, for the test files that still build positions that way ----------------
#
# test_screens and test_targets call these on a state and go on with it. Once they use
# ``at_turn_of``, ``with_in_bag`` and ``with_on_card``, these go.


def turn_of(state: QuedlinburgDashState, player: int) -> None:
    """Make it ``player``'s turn: the next thing to happen is a draw from their bag."""
    state.pending[:] = [Decision("draw", CHANCE, (player, True))]
    state.active = player
    state._legal_cache = None


def put_in_bag(state: QuedlinburgDashState, player: int, name: str, n: int = 1) -> None:
    """Move ``n`` chips from the reserve into ``player``'s bag."""
    k = kind(name)
    assert state.supply[k] >= n, f"the reserve has only {state.supply[k]} {name}"
    state.supply[k] -= n
    state.bags[player][k] += n
    state._legal_cache = None


def put_on_card(state: QuedlinburgDashState, player: int, name: str, n: int = 1) -> None:
    """Move ``n`` chips from ``player``'s bag onto their animal card."""
    k = kind(name)
    assert state.bags[player][k] >= n
    state.bags[player][k] -= n
    state.cards[player][k] += n
    state._legal_cache = None
