"""Broken component files: every game refuses them with a ComponentsError, never a crash.

A corrected file (``--components FILE``) is a person's edit of a game's packaged
``components.json``. Each case here changes one value of that file to a value of
another type (text, null, a list, an object, a negative number, a bool) and loads the
game with it: it must either load (and set up a game) or be refused with
:class:`ComponentsError`, one line naming what is wrong.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core import ComponentsError

GAMES = [
    "azul_queens_garden",
    "croa",
    "farland",
    "piepmatz",
    "quedlinburg_dash",
    "queensland",
]
CASES_PER_GAME = 500  # every value of the smaller files; a seeded sample of the larger
KINDS: dict[str, Any] = {
    "text": "chaffinch",
    "null": None,
    "list": ["chaffinch", -1],
    "object": {"status": "assumed", "value": -1},
    "negative": -1,
    "negative fraction": -2.5,
    "bool": True,
}

Path_ = tuple[str | int, ...]


def packaged(game: str) -> dict[str, Any]:
    text = files(f"meeple.boardgames.{game}").joinpath("components.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def places(node: Any, at: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    """Every value below ``node`` (not ``node`` itself), with its path of keys and indexes."""
    items: list[tuple[str | int, Any]] = []
    if isinstance(node, dict):
        items = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    for key, value in items:
        yield (*at, key), value
        yield from places(value, (*at, key))


def kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "negative" if value < 0 else "number"
    return {str: "text", list: "list", dict: "object"}.get(type(value), "null")


def mutations(game: str) -> list[tuple[Path_, str]]:
    """One change per value (a value of another type, chosen by a seeded RNG), sampled
    down to ``CASES_PER_GAME``; the same cases on every run."""
    rng = random.Random(f"components-mutations:{game}")
    cases = []
    for at, value in places(packaged(game)):
        others = [k for k in KINDS if k != kind_of(value)]
        cases.append((at, rng.choice(others)))
    if len(cases) > CASES_PER_GAME:
        cases = rng.sample(cases, CASES_PER_GAME)
    return cases


def mutated(data: dict[str, Any], at: Path_, kind: str) -> dict[str, Any]:
    out = copy.deepcopy(data)
    node: Any = out
    for key in at[:-1]:
        node = node[key]
    node[at[-1]] = copy.deepcopy(KINDS[kind])
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_value_of_the_wrong_type_is_refused_with_a_components_error(
    game: str, tmp_path: Path
) -> None:
    data = packaged(game)
    path = tmp_path / "components.json"
    loaded = refused = 0
    crashes = []
    for at, kind in mutations(game):
        where = "/".join(map(str, at))
        path.write_text(json.dumps(mutated(data, at, kind)), encoding="utf-8")
        try:
            g = meeple.load(game, components=path)
            g.new_initial_state().legal_actions()
        except ComponentsError as e:
            message = str(e)
            assert message and "\n" not in message, (where, kind, message)
            refused += 1
        except Exception as e:
            crashes.append(f"{where} = {kind}: {type(e).__name__}: {e}")
        else:
            loaded += 1
    assert not crashes, f"{len(crashes)} broken files crashed the loader:\n" + "\n".join(
        crashes[:20]
    )
    # Most values matter: a loader that checked nothing would load nearly every case.
    assert refused > loaded, (refused, loaded)


def test_a_bad_json_text_is_described_once(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "meeple.components/piepmatz', encoding="utf-8")
    with pytest.raises(ComponentsError) as e:
        meeple.load("piepmatz", components=path)
    assert str(e.value) == (
        f"{path} is not valid JSON: Unterminated string starting at line 1, column 12"
    )


@pytest.mark.parametrize(
    ("text", "problem"),
    [("[" * 100_000, "nested too deeply"), ('{"format": ' + "7" * 5000 + "}", "too many digits")],
)
def test_json_past_pythons_own_limits_is_refused_with_a_components_error(
    tmp_path: Path, text: str, problem: str
) -> None:
    path = tmp_path / "components.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ComponentsError, match=f"components.json is not valid JSON: .*{problem}"):
        meeple.load("croa", components=path)


def test_a_folder_given_as_the_component_file_is_named_as_such(tmp_path: Path) -> None:
    with pytest.raises(ComponentsError, match="is a folder; give a JSON file"):
        meeple.load("croa", components=tmp_path)


def test_a_component_file_may_start_with_a_byte_order_mark(tmp_path: Path) -> None:
    packaged = files("meeple.boardgames.croa").joinpath("components.json").read_bytes()
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + packaged)
    assert meeple.load("croa", components=path).new_initial_state().legal_actions()
