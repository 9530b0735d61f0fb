"""Piepmatz scoring as pure functions.

A player scores:

* ``pairs``: ``pair_points`` (5) for each mated pair, a male and a female of the
  same species and value in their collection;
* ``majorities``: for each species, the player(s) with the most birds of it
  (at least one; tied players all score: the "friendly tie") score the eggs
  printed on their birds of that species: on all of them (``majority="all"``,
  the rulebook's wording, the default) or only on those not in a mated pair
  (``majority="unpaired"``);
* ``seeds``: one point per egg on their seed cards.

Ties on the total are broken by the number of mated pairs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

MAJORITY_MODES = ("all", "unpaired")


class Bird(NamedTuple):
    species: int
    value: int
    sex: int  # 0 female, 1 male
    eggs: int


def mated_pairs(birds: Sequence[Bird]) -> set[tuple[int, int]]:
    """The (species, value) of every mated pair in one collection."""
    seen: dict[tuple[int, int], set[int]] = {}
    for b in birds:
        seen.setdefault((b.species, b.value), set()).add(b.sex)
    return {key for key, sexes in seen.items() if len(sexes) == 2}


def majority_holders(collections: Sequence[Sequence[Bird]], species: int) -> list[int]:
    """The players with the most birds of ``species`` (empty if nobody has one)."""
    counts = [sum(1 for b in birds if b.species == species) for birds in collections]
    best = max(counts, default=0)
    if best == 0:
        return []
    return [p for p, n in enumerate(counts) if n == best]


def score_all(
    collections: Sequence[Sequence[Bird]],
    seed_eggs: Sequence[int],
    *,
    n_species: int,
    pair_points: int = 5,
    majority: str = "all",
) -> list[dict[str, int]]:
    """Every player's breakdown: pairs, majorities, seeds, mated_pairs (a count) and total."""
    if majority not in MAJORITY_MODES:
        raise ValueError(f"majority must be one of {MAJORITY_MODES}, not {majority!r}")
    out = []
    pairs = [mated_pairs(birds) for birds in collections]
    maj = [0] * len(collections)
    for s in range(n_species):
        for p in majority_holders(collections, s):
            maj[p] += sum(
                b.eggs
                for b in collections[p]
                if b.species == s and (majority == "all" or (b.species, b.value) not in pairs[p])
            )
    for p in range(len(collections)):
        row = {
            "pairs": pair_points * len(pairs[p]),
            "majorities": maj[p],
            "seeds": int(seed_eggs[p]),
            "mated_pairs": len(pairs[p]),
        }
        row["total"] = row["pairs"] + row["majorities"] + row["seeds"]
        out.append(row)
    return out


def score_masks(
    birds: Sequence[int],
    seed_eggs: Sequence[int],
    *,
    species_masks: Sequence[int],
    egg_masks: Sequence[tuple[int, int]],
    females: int,
    pair_points: int = 5,
    majority: str = "all",
) -> list[dict[str, int]]:
    """``score_all`` on collections held as card masks (the search's hot path), with the
    same result. A card's mate is the next card (``c ^ 1``, females even: ``females`` is
    their mask); ``species_masks`` holds the cards of each species, ``egg_masks`` pairs
    each number of eggs with the cards that carry it."""
    if majority not in MAJORITY_MODES:
        raise ValueError(f"majority must be one of {MAJORITY_MODES}, not {majority!r}")
    n = len(birds)
    # The females whose mate is there too: one bit per mated pair.
    pairs = [mine & (mine >> 1) & females for mine in birds]
    scoring = list(birds)  # the birds whose eggs a majority scores
    if majority != "all":
        scoring = [mine & ~(f | f << 1) for mine, f in zip(birds, pairs, strict=True)]
    maj = [0] * n
    for species in species_masks:
        counts = [(mine & species).bit_count() for mine in birds]
        best = max(counts, default=0)
        if best == 0:
            continue
        for p in range(n):
            if counts[p] == best:
                mine = scoring[p] & species
                maj[p] += sum(eggs * (mine & cards).bit_count() for eggs, cards in egg_masks)
    out = []
    for p in range(n):
        mated = pairs[p].bit_count()
        row = {
            "pairs": pair_points * mated,
            "majorities": maj[p],
            "seeds": int(seed_eggs[p]),
            "mated_pairs": mated,
        }
        row["total"] = row["pairs"] + row["majorities"] + row["seeds"]
        out.append(row)
    return out


def rank_key(scores: Sequence[Mapping[str, int]], player: int) -> tuple[int, int]:
    """Higher is better: the total, then the number of mated pairs."""
    return (scores[player]["total"], scores[player]["mated_pairs"])
