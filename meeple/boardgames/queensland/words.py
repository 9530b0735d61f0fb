"""Queensland's pieces and moves in words, for the move log and the picture's tooltips."""

from __future__ import annotations

from meeple.boardgames.queensland.components import TRAITS, Tile

ARTICLE_TRAITS = ("a cow", "a scarecrow", "a tractor")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def tile_features(tile: Tile) -> list[str]:
    """What a tile shows: its fields, pond, trait and arrow (["a cane field", "a pond"])."""
    out = []
    for crop in ("cane", "wheat"):
        k = sum(1 for f in tile.fields if f.crop == crop)
        if k:
            out.append(f"a {crop} field" if k == 1 else f"{k} {crop} fields")
    if not tile.fields:
        out.append("only soil")
    if tile.pond:
        out.append("a pond")
    for i, n in enumerate(tile.traits):
        if n:
            out.append(ARTICLE_TRAITS[i] if n == 1 else f"{n} {TRAITS[i]}s")
    if tile.arrow:
        out.append(f"a {tile.arrow} arrow")
    return out


def short_features(tile: Tile) -> str:
    """ "cane field, pond, cow, single arrow": for a tooltip."""
    return ", ".join(b.removeprefix("a ") for b in tile_features(tile))


def tile_phrase(tile: Tile) -> str:
    """ "T05 (cane field, pond, cow, single arrow)": a tile as the log names it."""
    return f"{tile.id} ({short_features(tile)})"
