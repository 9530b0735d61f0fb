"""Crôa! has no points: the last queen standing wins. Standing is scored here.

``outlasted`` is how many opponents went out before the player did (all who went
out, for a player still in); it is the total, so ranks follow the order in which
players were eliminated, and players still in when the game is stopped by the
quiet-turn limit share the best place.
"""

from __future__ import annotations

from collections.abc import Sequence


def standings(
    out_order: Sequence[int], frogs_on_pond: Sequence[int], players: int
) -> list[dict[str, int]]:
    """Per player ``{"in_game", "outlasted", "frogs", "total"}``.

    ``out_order[p]`` is -1 while player ``p``'s queen is in the pond, else how many
    players were eliminated before ``p``.

    >>> [s["total"] for s in standings([-1, 0, 1], [3, 0, 0], 3)]
    [2, 0, 1]
    """
    gone = sum(1 for o in out_order if o >= 0)
    out = []
    for p in range(players):
        alive = out_order[p] < 0
        outlasted = gone if alive else out_order[p]
        out.append(
            {
                "in_game": int(alive),
                "outlasted": outlasted,
                "frogs": frogs_on_pond[p],
                "total": outlasted,
            }
        )
    return out
