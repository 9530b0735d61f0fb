"""Perft: counts of action sequences from a position, the move generator's test.

Chance outcomes count as branches, like moves. ``divide`` splits the count by first
action, which names the move whose subtree disagrees when a count is off.
"""

from __future__ import annotations

from meeple.core.api import CHANCE, State


def perft(state: State, depth: int, *, stop_at_chance: bool = False) -> int:
    """Leaves of the action tree ``depth`` deep (a finished game is one leaf).

    With ``stop_at_chance`` a chance node is a leaf too, for counts of one player's
    choices only.
    """
    if depth == 0 or state.is_terminal():
        return 1
    if stop_at_chance and state.current_player() == CHANCE:
        return 1
    total = 0
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1, stop_at_chance=stop_at_chance)
    return total


def divide(state: State, depth: int, stop_at_chance: bool = False) -> dict[str, int]:
    """``perft(depth)`` split by first action, keyed by the action's notation."""
    out = {}
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        out[state.action_to_string(a)] = perft(child, depth - 1, stop_at_chance=stop_at_chance)
    return out
