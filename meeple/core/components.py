"""Component data files: one JSON file per game, every value with its provenance.

Convention: a data file is a JSON object with a ``"format"`` line naming the game,
and entries that carry ``"status"`` (``"confirmed"`` or ``"assumed"``) and, when
confirmed, a ``"source"``. A game's loader turns the file into its own typed data
and calls :func:`require` for every known total and rule need, so a corrected file
that breaks one is refused with the entry and the reason.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib.resources import files
from pathlib import Path
from typing import Any

from meeple.core.errors import ComponentsError

STATUSES = ("confirmed", "assumed")


def read_json(path: Path | None, package: str, name: str = "components.json") -> dict[str, Any]:
    """Read a game's component file: ``path``, or the one packaged with ``package``."""
    if path is None:
        text = files(package).joinpath(name).read_text(encoding="utf-8")
        where = f"{package}/{name}"
    else:
        where = str(path)
        try:
            text = Path(path).read_text(encoding="utf-8-sig")  # a byte-order mark is allowed
        except FileNotFoundError:
            raise ComponentsError(f"component file {where} does not exist") from None
        except IsADirectoryError:
            raise ComponentsError(f"component file {where} is a folder; give a JSON file") from None
        except (OSError, UnicodeDecodeError) as e:
            raise ComponentsError(f"cannot read component file {where}: {e}") from None
    try:
        data = parse_json(text)
    except JSONProblem as e:
        raise ComponentsError(f"{where} is not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise ComponentsError(f"{where} must hold a JSON object")
    return data


class JSONProblem(ValueError):
    """A JSON text this engine cannot read; ``str()`` says what is wrong, for people."""


def parse_json(text: str, *, line: bool = True) -> Any:
    """``json.loads``, with every way it can fail turned into a :class:`JSONProblem`.

    Besides malformed text, Python refuses a number of more than 4,300 digits and nesting
    deeper than its recursion limit; a data file or record must not crash on either.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise JSONProblem(json_problem(e, line=line)) from None
    except RecursionError:
        raise JSONProblem("arrays or objects are nested too deeply to read") from None
    except ValueError:  # int() of a number with too many digits
        raise JSONProblem("a number has too many digits to read") from None


def json_problem(e: json.JSONDecodeError, *, line: bool = True) -> str:
    """What is wrong in a JSON text and where, for people.

    Some of the decoder's messages end with "at", awaiting the place: "Unterminated
    string starting at" reads "... starting at line 3, column 7", not "at at".
    """
    msg = e.msg.removesuffix(" at")
    where = f"line {e.lineno}, column {e.colno}" if line else f"column {e.colno}"
    return f"{msg} at {where}"


def require(condition: bool, entry: str, why: str) -> None:
    """Refuse a component file: ``entry`` says where, ``why`` what is wrong."""
    if not condition:
        raise ComponentsError(f"component entry {entry}: {why}")


def field(obj: Mapping[str, Any], key: str, typ: type | tuple[type, ...], entry: str) -> Any:
    """``obj[key]``, checked to exist and to be of ``typ``."""
    require(isinstance(obj, Mapping), entry, "must be an object")
    require(key in obj, entry, f"is missing {key!r}")
    value = obj[key]
    ok = isinstance(value, typ) and not (isinstance(value, bool) and typ in (int, (int, float)))
    require(ok, f"{entry}.{key}", f"must be {_type_name(typ)}, not {value!r}")
    return value


def check_provenance(obj: Mapping[str, Any], entry: str) -> None:
    """An entry's ``status`` is confirmed (with a ``source``) or assumed."""
    require(isinstance(obj, Mapping), entry, f"must be an object, not {obj!r}")
    status = obj.get("status")
    require(status in STATUSES, entry, f"status must be one of {STATUSES}, not {status!r}")
    if status == "confirmed":
        require(bool(obj.get("source")), entry, "a confirmed value needs its 'source'")


def _type_name(typ: type | tuple[type, ...]) -> str:
    if isinstance(typ, tuple):
        return " or ".join(t.__name__ for t in typ)
    return typ.__name__
