"""Shared parameters for the research adapters' tests: every registered game."""

from __future__ import annotations

import meeple


def game_ids() -> list[str]:
    return [g.id for g in meeple.games()]


def player_counts() -> list[tuple[str, int]]:
    """Each game at its smallest and largest table."""
    out = []
    for g in meeple.games():
        out.append((g.id, g.min_players))
        if g.max_players != g.min_players:
            out.append((g.id, g.max_players))
    return out
