"""The install planner: which pieces from the house to install at a scoring phase.

One fence, pipe or trough alone rarely scores: a pasture needs every side of its area
fenced, a crop needs a pipe network that reaches it from the starting house. A bot that
judges one piece at a time sees each step as a loss and never installs. The planner
judges whole groups instead: closing an area (all the fences it still lacks), running a
pipe path from the live network to an edge (all its pipes), a trough on a table. It picks
the group that adds most to the farm's score now, less half a point per piece used (what
a piece kept in the house is worth as payment, as the heuristic counts it), and repeats
while something still gains.

It reads only the player's own farm and house, which every player can see.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass

from meeple.boardgames.farland.actions import N
from meeple.boardgames.farland.components import Components
from meeple.boardgames.farland.farm import (
    FENCE,
    HOUSE_EDGES,
    PIPE,
    TROUGH,
    Farm,
    FarmCell,
    corner_edges,
    edge_corners,
    nimbus_corners,
    side_edges,
)
from meeple.boardgames.farland.scoring import (
    Techs,
    irrigated_squares,
    live_pipes,
    printed_fences,
    regions,
    score_farm,
    square_links,
)

CROSS = 3  # Install kind of a Nimbus Generator (two pipes as a cross on a corner)
PIECE_VALUE = 0.5  # a piece kept in the house, as the heuristic values it
ENCLOSURE_SIZE = 3  # small areas tried as pastures of their own, up to this many squares
OUTLOOK_CACHE = 5_000  # farms planned_outlook remembers (about 3 kB each; a game meets 1-2,000)


@dataclass(frozen=True)
class Install:
    """One piece to install: ``kind`` FENCE or PIPE on ``at`` (an edge), TROUGH on table
    ``at`` (an animal), or CROSS (a Nimbus Generator, two pipes) on corner ``at``."""

    kind: int
    at: int


@dataclass(frozen=True)
class Plan:
    installs: tuple[Install, ...]
    gain: int  # points the farm scores more, once all of them are in


class _Farm:
    """A farm being planned: the sets install changes, copied once."""

    def __init__(
        self, farm: Farm, comp: Components, side: str, techs: Techs, crosses: bool
    ) -> None:
        self.crosses = crosses  # the player may install Nimbus Generators
        self.cells: Mapping[int, FarmCell] = farm.cells
        self.tokens = farm.tokens
        self.fences = set(farm.fences)
        self.pipes = set(farm.pipes)
        self.nimbus = set(farm.nimbus)
        self.troughs = list(farm.troughs)
        self.house = list(farm.house)
        self.comp = comp
        self.side = side
        self.techs = techs
        self.printed = printed_fences(farm.cells)
        self.links = square_links(farm.cells)
        self._irrigated: tuple[tuple[int, int], set[int]] | None = None
        edges: set[int] = set()
        for i in farm.cells:
            edges.update(side_edges(i))
        self.edges = edges

    def score(
        self,
        fences: Iterable[int] = (),
        pipes: Iterable[int] = (),
        troughs: tuple[int, int] = (-1, 0),
        cross: int = -1,
    ) -> dict[str, int]:
        """The farm's scoring now, by category, with these pieces added (``troughs``:
        an animal's table and how many more troughs on it)."""
        table, more = troughs
        counts = self.troughs
        if more:
            counts = list(counts)
            counts[table] += more
        pipes = self.pipes.union(pipes)
        irrigated = None
        if len(pipes) == len(self.pipes) and cross < 0:
            # No new pipe: the irrigation of the farm as planned so far. Planning only
            # adds pieces, so the sets' sizes tell whether it is still the one computed.
            size = (len(self.pipes), len(self.nimbus))
            if self._irrigated is None or self._irrigated[0] != size:
                self._irrigated = (size, irrigated_squares(self.cells, pipes, self.nimbus))
            irrigated = self._irrigated[1]
        return score_farm(
            self.cells,
            self.tokens,
            self.fences.union(fences),
            pipes,
            self.nimbus | {cross} if cross >= 0 else self.nimbus,
            counts,
            self.comp,
            self.side,
            self.techs,
            printed=self.printed,
            irrigated=irrigated,
            links=self.links,
        )

    # -- candidate groups --------------------------------------------------------

    def enclosures(self) -> list[tuple[int, ...]]:
        """Fence groups that each close an area: every open area whole, and every
        connected group of up to ENCLOSURE_SIZE squares."""
        if not self.house[FENCE]:
            return []  # nothing to close an area with (the search below is the costly part)
        fenced = self.fences | self.printed
        if self.techs.fence_sprinkler:
            fenced |= self.pipes
        free = self.edges - self.fences - self.printed
        groups: set[frozenset[int]] = set()
        for area, closed in regions(self.cells, fenced, self.links):
            if not closed:
                groups.add(frozenset(area))
        seen: set[frozenset[int]] = set()
        for start in self.cells:
            frontier = [frozenset((start,))]
            for _ in range(ENCLOSURE_SIZE):
                grown: list[frozenset[int]] = []
                for g in frontier:
                    if g in seen:
                        continue
                    seen.add(g)
                    groups.add(g)
                    for i in g:
                        for j in (i - N, i + 1, i + N, i - 1):
                            if j in self.cells and j not in g and j > start:
                                grown.append(g | {j})
                frontier = grown
        out: set[tuple[int, ...]] = set()
        for g in groups:
            need: list[int] = []
            ok = True
            for i in g:
                for j, e in zip((i - N, i + 1, i + N, i - 1), side_edges(i), strict=True):
                    if j in g or e in fenced:
                        continue
                    if e not in free:
                        ok = False
                        break
                    need.append(e)
                if not ok:
                    break
            if ok and 0 < len(need) <= self.house[FENCE]:
                out.add(tuple(sorted(need)))
        return sorted(out)

    def pipe_paths(self) -> list[tuple[int, ...]]:
        """For every edge a pipe may reach with the pipes in the house: the shortest run
        of pipes from the live network (or a side of the starting house) to it."""
        budget = self.house[PIPE]
        blocked: set[int] = set()
        for v in self.nimbus:
            blocked.update(corner_edges(v))
        free = self.edges - self.pipes - blocked
        live = live_pipes(self.pipes)
        live_corners = {v for e in live for v in edge_corners(e)}
        parent: dict[int, int] = {}
        dist: dict[int, int] = {}
        queue: deque[int] = deque()
        for e in sorted(free):
            if e in HOUSE_EDGES or any(v in live_corners for v in edge_corners(e)):
                dist[e] = 1
                parent[e] = -1
                queue.append(e)
        while queue:
            e = queue.popleft()
            if dist[e] >= budget:
                continue
            for v in edge_corners(e):
                for f in corner_edges(v):
                    if f in free and f not in dist:
                        dist[f] = dist[e] + 1
                        parent[f] = e
                        queue.append(f)
        out = []
        for e in sorted(dist):
            path = []
            while e >= 0:
                path.append(e)
                e = parent[e]
            out.append(tuple(path))
        return out

    def trough_batches(self) -> list[tuple[int, int]]:
        """(table, how many) for every batch of troughs the house can put on a table:
        a table's first troughs often change nothing (the bottom spaces are alike), so
        they are judged together."""
        have = self.house[TROUGH]
        tables = self.comp.livestock[self.side]
        return [
            (a, k)
            for a, tr in enumerate(self.troughs)
            for k in range(1, min(have, len(tables[a]) - 1 - tr) + 1)
        ]


def plan_install(
    farm: Farm, comp: Components, side: str, techs: Techs, crosses: bool = False
) -> Plan:
    """The groups of pieces worth installing now, best first (see the module's doc);
    ``crosses``: the player has the Nimbus Generator technology."""
    f = _Farm(farm, comp, side, techs, crosses)
    now = f.score()
    start = base = sum(now.values())
    installs: list[Install] = []
    while True:
        options: list[tuple[float, list[Install], int]] = []
        for got, group in _groups(f, now):
            total = sum(got.values())
            pieces = sum(2 if i.kind == CROSS else 1 for i in group)  # a cross is two pipes
            value = total - base - PIECE_VALUE * pieces
            if value > 0:
                options.append((value, group, total))
        if not options:
            break
        _, group, base = max(options, key=lambda o: o[0])
        for item in group:
            if item.kind == FENCE:
                f.fences.add(item.at)
            elif item.kind == PIPE:
                f.pipes.add(item.at)
            elif item.kind == CROSS:
                f.nimbus.add(item.at)
                f.house[PIPE] -= 2
                continue
            else:
                f.troughs[item.at] += 1
            f.house[item.kind] -= 1
        now = f.score()
        installs.extend(group)
    return Plan(tuple(installs), base - start)


Outlook = tuple[int, int]  # the farm's points with the plan installed, the pieces it uses


def planned_outlook(
    farm: Farm,
    comp: Components,
    side: str,
    techs: Techs,
    crosses: bool,
    cache: MutableMapping[Hashable, Outlook],
) -> Outlook:
    """What the farm would score if the planner installed its house now, and how many
    pieces that takes; remembered in ``cache`` by everything the plan reads, since a
    search meets the same farm many times (the opponent's, unchanged, at every leaf)."""
    key = (
        tuple(sorted(farm.cells.items())),
        tuple(sorted(farm.tokens.items())),
        frozenset(farm.fences),
        frozenset(farm.pipes),
        frozenset(farm.nimbus),
        tuple(farm.troughs),
        tuple(farm.house),
        farm.techs,
    )
    hit = cache.get(key)
    if hit is None:
        plan = plan_install(farm, comp, side, techs, crosses)
        pieces = sum(2 if i.kind == CROSS else 1 for i in plan.installs)
        now = score_farm(
            farm.cells,
            farm.tokens,
            farm.fences,
            farm.pipes,
            farm.nimbus,
            farm.troughs,
            comp,
            side,
            techs,
        )
        hit = (sum(now.values()) + plan.gain, pieces)
        if len(cache) >= OUTLOOK_CACHE:
            cache.clear()  # a bound, not an LRU: a game's farms soon move past old ones
        cache[key] = hit
    return hit


def _groups(f: _Farm, now: Mapping[str, int]) -> Iterator[tuple[dict[str, int], list[Install]]]:
    """Every group of pieces worth judging together, with the farm's scoring after it."""
    batches = f.trough_batches()
    for a, k in batches:
        yield f.score(troughs=(a, k)), [Install(TROUGH, a)] * k
    for need in f.enclosures():
        fences = [Install(FENCE, e) for e in need]
        got = f.score(fences=need)
        yield got, fences
        if got["livestock"] < now["livestock"]:
            # Animals newly pastured where their table's bottom spaces cost points:
            # worth it only with troughs on that table.
            for a, k in batches:
                yield f.score(fences=need, troughs=(a, k)), fences + [Install(TROUGH, a)] * k
    if f.house[PIPE]:
        for path in f.pipe_paths():
            yield f.score(pipes=path), [Install(PIPE, e) for e in reversed(path)]
    if f.crosses and f.house[PIPE] >= 2:
        for v in nimbus_corners(f.cells, f.pipes, f.nimbus):
            yield f.score(cross=v), [Install(CROSS, v)]
