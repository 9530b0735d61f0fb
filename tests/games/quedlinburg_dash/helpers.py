"""Building fixed positions of Quedlinburg Dash for the tests: by play, then by editing the
position (``at_turn_of``, ``at_fields``, ``with_rubies``, ``with_clovers``, ``with_in_bag``,
``with_on_card``: the game's invariants check the result, and the state given is left as
it was)."""

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


def at_fields(state: QuedlinburgDashState, *fields: int) -> QuedlinburgDashState:
    """``state`` with the first players' animals on these fields (in seat order); a new
    state."""
    return _edited(state, pos=[*fields, *state.pos[len(fields) :]])


def with_rubies(state: QuedlinburgDashState, player: int, n: int) -> QuedlinburgDashState:
    """``player`` holding ``n`` rubies, taken from (or put back in) the reserve; a new state."""
    rubies = list(state.rubies)
    supply = state.ruby_supply - (n - rubies[player])
    rubies[player] = n
    return _edited(state, rubies=rubies, ruby_supply=supply)


def with_clovers(state: QuedlinburgDashState, player: int, n: int) -> QuedlinburgDashState:
    """``player`` holding ``n`` clovers, taken from (or put back in) the reserve; a new
    state."""
    clovers = list(state.clovers)
    supply = state.clover_supply - (n - clovers[player])
    clovers[player] = n
    return _edited(state, clovers=clovers, clover_supply=supply)


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
