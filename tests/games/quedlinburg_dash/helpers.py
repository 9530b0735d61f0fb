"""Building fixed positions of Quedlinburg Dash for the tests."""

from __future__ import annotations

from typing import Any

import meeple
from meeple.boardgames.quedlinburg_dash.actions import parse_chip
from meeple.boardgames.quedlinburg_dash.state import QuedlinburgDashState
from meeple.core import CHANCE, Decision


def new(players: int = 2, **opts: Any) -> QuedlinburgDashState:
    state = meeple.load("quedlinburg_dash", players=players, **opts).new_initial_state()
    assert isinstance(state, QuedlinburgDashState)
    return state


def kind(name: str) -> int:
    k = parse_chip(name)
    assert k is not None, name
    return k


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


def play(state: QuedlinburgDashState, *moves: str) -> None:
    for move in moves:
        state.apply_notation(move)


def legal(state: QuedlinburgDashState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def bag(state: QuedlinburgDashState, player: int) -> dict[str, int]:
    return dict(state.observation(None)["players"][player]["bag"])


def card(state: QuedlinburgDashState, player: int) -> dict[str, int]:
    return dict(state.observation(None)["players"][player]["card"])
