"""Pure scoring: the race is won by reaching the marketplace; the rest rank by distance.

A player's ``total`` is the number of fields their animal has covered, counting the
marketplace as the last field, so the animal that arrived scores the path length and
everyone else less. Players on the same field share a place (the rulebook names only
the winner; see docs/games/quedlinburg_dash.md).
"""

from __future__ import annotations

from collections.abc import Sequence


def race_score(position: int, fields: int) -> dict[str, int]:
    """One player's breakdown: fields covered and whether the marketplace was reached."""
    covered = min(position, fields)
    return {
        "fields": covered,
        "marketplace": 1 if covered >= fields else 0,
        "total": covered,
    }


def race_scores(positions: Sequence[int], fields: int) -> list[dict[str, int]]:
    """Every player's breakdown, in seat order."""
    return [race_score(p, fields) for p in positions]


def race_ranks(positions: Sequence[int], fields: int) -> list[int]:
    """Places after the race: 1 for the furthest; equal positions share a place."""
    covered = [min(p, fields) for p in positions]
    return [1 + sum(1 for o in covered if o > c) for c in covered]
