"""Building fixed positions of Azul: Queen's Garden for the tests."""

from __future__ import annotations

from typing import Any

import meeple
from meeple.boardgames.azul_queens_garden.board import parse_cell
from meeple.boardgames.azul_queens_garden.state import AzulQueensGardenState

GID = "azul_queens_garden"


def new(players: int = 2, **options: Any) -> AzulQueensGardenState:
    state = meeple.load(GID, players=players, **options).new_initial_state()
    assert isinstance(state, AzulQueensGardenState)
    return state


def t(state: AzulQueensGardenState, name: str) -> int:
    tt = state.rules.tile_type(name)
    assert tt is not None, name
    return tt


def cell(name: str) -> int:
    c = parse_cell(name)
    assert c is not None, name
    return c


def quiet(players: int = 2, player: int = 0, **options: Any) -> AzulQueensGardenState:
    """A round-1 position with an empty display, ``player`` to choose an action."""
    s = new(players, **options)
    s.pending.clear()
    for tray in s.trays:
        for x in tray:
            s.bag[x] += 1
            s.bag_n += 1
    s.trays = []
    s.top = False
    s.stack_left[0] += 1
    s.push("turn", player)
    s._legal_cache = None
    return s


def give(s: AzulQueensGardenState, p: int, *names: str) -> None:
    for n in names:
        if n == "joker":
            s.jokers[p] += 1
            s.joker_supply -= 1
        else:
            s.store[p][t(s, n)] += 1
        s.store_n[p] += 1
    s._legal_cache = None


def set_jokers(s: AzulQueensGardenState, p: int, n: int) -> None:
    s.store_n[p] += n - s.jokers[p]
    s.joker_supply += s.jokers[p] - n
    s.jokers[p] = n
    s._legal_cache = None


def lay(s: AzulQueensGardenState, p: int, name: str, where: str) -> None:
    """Put a hexagon straight into a garden (no cost, no rule check)."""
    s._put(p, t(s, name), cell(where))
    s._legal_cache = None


def expand(s: AzulQueensGardenState, p: int, printed: str, where: str) -> None:
    """Put a garden expansion straight into a garden, printed space on ``where``."""
    e = t(s, printed)
    if s.hidden[e]:
        s.hidden[e] = 0
        s.hidden_n -= 1
        s.reserve -= 1
    s._place_expansion(p, e, cell(where))
    s._legal_cache = None


def tray(s: AzulQueensGardenState, *names: str) -> None:
    """A face-down expansion of this round's stack in the display holding ``names``; the
    newest one is the stack's top (the next one opens once a take touches it)."""
    s.stack_left[s.round] -= 1
    s.trays.append([t(s, n) for n in names])
    s.top = True
    for n in names:
        s.bag[t(s, n)] -= 1
        s.bag_n -= 1
    s._legal_cache = None


def faceup(s: AzulQueensGardenState, printed: str) -> None:
    e = t(s, printed)
    s.hidden[e] = 0
    s.hidden_n -= 1
    s.stack_left[s.round] -= 1
    s.faceup.append(e)
    s._legal_cache = None


def act(s: AzulQueensGardenState, *texts: str) -> None:
    for text in texts:
        s.apply_action(s.string_to_action(text))


def legal(s: AzulQueensGardenState) -> list[str]:
    return [s.action_to_string(a) for a in s.legal_actions()]


def can(s: AzulQueensGardenState, text: str) -> bool:
    return s.string_to_action(text) in s.legal_actions()
