"""The fields of an Azul: Queen's Garden state, with their types, and the bookkeeping every
family of rules shares: the score and the only way points change, the next player to
move, and which expansion areas of a garden are still free.

Each family's class builds on :class:`AzulFields`, directly or through the family whose
rules it uses: ``Payment`` <- ``Placement`` (a placement is paid for), ``Acquisition`` <-
``RoundEnd`` (the next round's display opens) <- ``PassAndDiscard`` (the last pass ends
the round). state.py's class joins them and sets the fields' starting values.
"""

from __future__ import annotations

from meeple.boardgames.azul_queens_garden.board import AREAS
from meeple.boardgames.azul_queens_garden.rules import Rules
from meeple.core import State

# Where hexagons fit in a garden (Placement._fitting_cells, _fitting_spots): (cell,
# types) pairs, the types a bit per type.
Fits = tuple[tuple[int, int], ...]
UNKNOWN: tuple[Fits | None, Fits | None] = (None, None)  # neither worked out yet

EMPTY = -1  # an empty space of a placed area
ORNAMENT = -2  # an area's ornament
ABSENT = -3  # a cell of an area with no expansion yet

CATEGORIES = (
    "start",
    "wheel",
    "pavilions",
    "first_pass",
    "purchases",
    "discards",
    "jokers",
    "storage",
    "evaluation",
    "group_bonus",
)
START, WHEEL, PAVILIONS, FIRST_PASS, PURCHASES, DISCARDS, JOKERS, STORAGE, EVAL, BONUS = range(10)


class AzulFields(State):
    """The state's fields (state.py's ``__init__`` says what each holds), declared once
    for the families of rules that read and write them."""

    rules: Rules  # the game's, shared by all its states
    # Gardens, per player: the cells, each area's expansion and its printed space, the
    # colour and pattern groups (labels and masks), and the placed hexagons' counts.
    garden: list[list[int]]
    area_exp: list[list[int]]
    area_cell: list[list[int]]
    col_lab: list[list[int]]
    col_mask: list[list[int]]
    pat_lab: list[list[int]]
    pat_mask: list[list[int]]
    colour_count: list[list[int]]
    pattern_count: list[list[int]]
    pavilions: list[int]
    # A cache (State.caches): per player, where hexagons fit on the empty cells, and on
    # the spaces of the free expansion areas (each None until asked for since the garden
    # last changed).
    fits: list[tuple[Fits | None, Fits | None]]
    # Storage and scores.
    store: list[list[int]]
    store_n: list[int]
    jokers: list[int]
    store_exps: list[list[int]]
    joker_supply: int
    pts: list[list[int]]
    awarded: tuple[int, ...]
    # Round and turn order.
    round: int
    first_player: int
    first_passer: int
    passed: list[bool]
    # Display, bag, tower and the expansions' supply.
    trays: list[list[int]]
    faceup: list[int]
    top: bool
    bag: list[int]
    bag_n: int
    tower: list[int]
    tower_n: int
    hidden: list[int]
    stack_left: list[int]
    reserve: int
    returned: list[int]

    def score(self, p: int) -> int:
        return sum(self.pts[p])

    def _award(self, p: int, category: int, points: int) -> None:
        """The only way points change: by a scoring rule's category."""
        self.own_rows(p)
        self.pts[p][category] += points
        awarded = list(self.awarded)
        awarded[p] += points
        self.awarded = tuple(awarded)

    def _next_turn(self, p: int) -> None:
        n = self.game.players
        for i in range(1, n + 1):
            q = (p + i) % n
            if not self.passed[q]:
                self.push("turn", q)
                return
        raise AssertionError("no player left to move")

    def _free_areas(self, p: int) -> list[int]:
        ae = self.area_exp[p]
        return [a for a in range(1, AREAS) if ae[a] < 0]
