"""Every registered game's perft positions (tests/games/<id>/perft.json, the schema of
meeple/core/perft.py) give the counts, divides and other facts the file records.

After a deliberate rules change: ``python -m meeple.core.perft recount <file>``.
"""

from __future__ import annotations

from typing import Any

import pytest

import meeple
from meeple.core.perft import PerftFileError, check_position, load_perft_file
from tests.conformance.golden import perft_path

GAMES = [info.id for info in meeple.games()]
MIN_POSITIONS = 3


def _cases() -> list[Any]:
    out = []
    for gid in GAMES:
        try:
            positions = load_perft_file(perft_path(gid)).positions
        except PerftFileError:
            continue  # test_every_game_has_a_perft_file says why
        out += [pytest.param(pos, id=f"{gid}-{pos.name}") for pos in positions]
    return out


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_has_a_perft_file(gid):
    perft = load_perft_file(perft_path(gid))  # a missing or malformed file fails here
    assert perft.game == gid, f"{perft_path(gid)} is the perft file of {perft.game!r}"
    assert len(perft.positions) >= MIN_POSITIONS


@pytest.mark.parametrize("pos", _cases())
def test_perft_position(pos):
    problems = check_position(pos)
    assert not problems, "\n".join(problems)
