"""Farland's names of things in words: squares, pieces, land cards and technologies, for
the observation, the move log and the pictures."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from meeple.boardgames.farland.components import (
    K_BUILDING,
    K_HOUSE,
    K_LAND,
    SIDES,
    Components,
    LandCard,
)
from meeple.boardgames.farland.farm import FarmCell
from meeple.boardgames.farland.rules import POND, TILE

TECH_NAMES = {
    "irrigation": "Irrigation",
    "nimbus_generator": "Nimbus Generator",
    "aquasphere": "AquaSphere",
    "efficient_construction": "Efficient Construction",
    "free_range": "Free Range",
    "symbiosis": "Symbiosis",
    "fence_sprinkler": "Fence Sprinkler",
    "agro_optimizer": "Agro-Optimizer",
    "land_prep": "Land Prep",
    "flexible_installation": "Flexible Installation",
    "resource_conversion": "Resource Conversion",
    "growth_enhancer": "Growth Enhancer",
}


def tech_name(tech: str) -> str:
    return TECH_NAMES.get(tech, tech.replace("_", " ").capitalize())


def content_name(comp: Components, c: FarmCell) -> str:
    """What a square shows: ``cow2``, ``meadow``, a building type, ``house`` or ``pond``."""
    if c[0] == K_LAND:
        return f"{comp.resources[c[1]]}{c[2]}" if c[1] >= 0 else "meadow"
    if c[0] == K_BUILDING:
        return comp.building_types[c[4]]
    if c[0] == K_HOUSE:
        return "house"
    return "pond"


def piece_name(comp: Components, piece: int) -> str:
    """A piece id as the observation names it: ``L27``, ``building barn`` or ``pond``."""
    if piece >= POND:
        return "pond"
    if piece >= TILE:
        return f"building {comp.building_types[piece - TILE]}"
    return comp.land_cards[piece].id


def fence_sides(mask: int) -> str:
    """A mask of printed fence sides (N E S W = 1 2 4 8) as letters: ``"NW"``."""
    return "".join(s for k, s in enumerate(SIDES) if mask >> k & 1)


def card_squares(comp: Components, card: LandCard) -> list[dict[str, Any]]:
    """A land card's four squares as the observation lists a farm's: x, y on the card
    (not turned), what each shows and its printed fences."""
    return [
        {
            "x": k % 2,
            "y": k // 2,
            "content": content_name(comp, (*cell, 0)),
            "fences": fence_sides(cell[3]),
        }
        for k, cell in enumerate(card.cells)
    ]


def card_words(squares: Sequence[Mapping[str, Any]], buildings: Collection[str]) -> str:
    """What a land card shows (its squares, see :func:`card_squares`), in words: its
    building, then its icons by type ("barn, wheat, carrot", "2 sheep, pig, printed
    fences"). ``buildings`` are the names of the building types."""
    parts: list[str] = []
    icons: dict[str, int] = {}
    for c in squares:
        name = c["content"]
        if name in buildings:
            if name not in parts:
                parts.append(name)
        elif name[-1].isdigit():
            kind = name.rstrip("0123456789")
            icons[kind] = icons.get(kind, 0) + int(name[len(kind) :])
    parts += [f"{n} {k}" if n > 1 else k for k, n in icons.items()]
    if any(c["fences"] for c in squares):
        parts.append("printed fences")
    return ", ".join(parts) or "meadows only"
