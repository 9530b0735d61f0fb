"""Queensland's field count as a free function over plain ints, tuples and a dict.

The bots' estimate of a farm (and the final scoring) counts the largest complete cane and
wheat fields of every farm it looks at: in a search, twice per iteration. Written as a
plain typed function so that ``pip install -e .`` can compile it with mypyc (setup.py);
the same source runs where it was not compiled or ``MEEPLE_PURE=1`` is set
(``meeple.native``), and tests/core/test_native.py holds the two to each other.
"""

from __future__ import annotations

# rules.py's tables, by their shapes (Rules says what each holds).
SideFields = tuple[tuple[tuple[int, ...], ...], ...]
FieldSides = tuple[tuple[tuple[int, int, tuple[int, ...], tuple[tuple[int, int], ...]], ...], ...]
FieldsAt = tuple[tuple[int, ...], ...]
CaneAt = tuple[tuple[bool, ...], ...]


def largest_fields(
    farm: dict[int, int],
    side_fields: SideFields,
    field_sides: FieldSides,
    fields_at: FieldsAt,
    cane_at: CaneAt,
) -> tuple[int, int]:
    """Sections of the largest complete cane and wheat fields of a packed farm (cell ->
    tile * 4 + rotation). It relies on touching sides matching, which placement
    guarantees."""
    # A union-find over the fields, node 4 * (the cell's place in the farm) + field
    # index (a tile has at most 4 fields, checked in make_rules).
    slot: dict[int, int] = {}
    for i, cell in enumerate(farm):
        slot[cell] = 4 * i
    parent = list(range(4 * len(slot)))
    opened: list[int] = []
    for cell, v in farm.items():
        base = slot[cell]
        for delta, back, fis, joins in field_sides[v]:
            nb = cell + delta
            if nb not in slot:
                for fi in fis:
                    opened.append(base + fi)
                continue
            if not joins:
                continue
            nbase = slot[nb]
            other = side_fields[farm[nb]][back]
            for fi, j in joins:
                a = base + fi
                while parent[a] != a:
                    parent[a] = parent[parent[a]]
                    a = parent[a]
                b = nbase + other[j]
                while parent[b] != b:
                    parent[b] = parent[parent[b]]
                    b = parent[b]
                if a != b:
                    parent[a] = b
    size: dict[int, int] = {}
    for cell, v in farm.items():
        base = slot[cell]
        for fi in fields_at[v]:
            r = base + fi
            while parent[r] != r:
                r = parent[r]
            size[r] = size.get(r, 0) + 1
    for r in opened:
        while parent[r] != r:
            r = parent[r]
        size.pop(r, None)
    cane = wheat = 0
    cells = list(farm.values())
    for r, n in size.items():
        if cane_at[cells[r >> 2]][r & 3]:
            if n > cane:
                cane = n
        elif n > wheat:
            wheat = n
    return cane, wheat
