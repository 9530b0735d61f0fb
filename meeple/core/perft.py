"""Perft: counts of action sequences from a position, the move generator's test.

Chance outcomes count as branches, like moves. ``divide`` splits the count by first
action, which names the move whose subtree disagrees when a count is off.

Perft files
-----------

Every game keeps its perft positions as data, one file per game
(``tests/games/<id>/perft.json``), in one schema. Version 1 (``"schema": 1``)::

    {
     "schema": 1,
     "game": "croa",                    # the registered game id
     "about": "...",                    # optional: free text for people
     "positions": [                     # at least one
      {
       "name": "mid-3p-bounce",         # unique in the file
       "about": "...",                  # optional: how the position was reached, and why
       "players": 3,
       "options": {"backs": "fixed"},   # optional, default {}: the game's own options
       "actions": ["lay 1", "..."],     # notation strings applied from the initial state,
       "position": {...},               # or instead a position (meeple.position/1) to start at
       "stop_at_chance": false,         # optional: a chance node is a leaf (perft's flag)
       "to_move": 0,                    # optional: current_player() there (an index, -1: chance)
       "decision": "take",              # optional: the pending decision's kind
       "legal": ["take 1", "..."],      # optional: the legal actions in notation, in order
       "counts": {"1": 7, "2": 60},     # perft(depth) for each depth given (at least one)
       "divide": {"depth": 2,           # optional: perft(depth - 1) under each first action
                  "counts": {"take 1": 9, "take 2": 51}}
      }
     ]
    }

``counts`` keys are depths (1 and up, any subset); a divide whose depth is also in
``counts`` must sum to that count. Unknown keys are refused, so a misspelt field is not
silently ignored. :func:`load_perft_file` reads and checks a file (:class:`PerftFileError`
says what is wrong and where), :func:`build_position` plays a position's actions,
:func:`check_position` lists every way the engine now disagrees with the file (naming the
position, the depth and the first action whose divide count differs), and
:func:`recount` rewrites a file's numbers after a deliberate rules change (a new game
version), keeping its positions and fields. From a shell::

    python -m meeple.core.perft check tests/games/croa/perft.json
    python -m meeple.core.perft recount tests/games/croa/perft.json

``recount`` only recounts: it keeps each position's actions, so after a change that
makes them illegal it stops naming the position and the refused action, and the
position's actions must be chosen again (its ``about`` says how it was found).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from meeple.core.api import CHANCE, JSON, State
from meeple.core.components import JSONProblem, parse_json
from meeple.core.errors import MeepleError

SCHEMA = 1
"""The version of the perft file schema this module reads and writes."""


def perft(state: State, depth: int, *, stop_at_chance: bool = False) -> int:
    """Leaves of the action tree ``depth`` deep (a finished game is one leaf).

    With ``stop_at_chance`` a chance node is a leaf too, for counts of one player's
    choices only.
    """
    if depth == 0 or state.is_terminal():
        return 1
    if stop_at_chance and state.current_player() == CHANCE:
        return 1
    total = 0
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1, stop_at_chance=stop_at_chance)
    return total


def divide(state: State, depth: int, stop_at_chance: bool = False) -> dict[str, int]:
    """``perft(depth)`` split by first action, keyed by the action's notation."""
    out = {}
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        out[state.action_to_string(a)] = perft(child, depth - 1, stop_at_chance=stop_at_chance)
    return out


# -- the file ------------------------------------------------------------------------------


class PerftFileError(MeepleError, ValueError):
    """A perft file that cannot be read, or breaks the schema; the message says where."""


class PerftError(MeepleError):
    """A position that cannot be reached: its setup or one of its actions is refused."""


@dataclass(frozen=True)
class Divide:
    """``perft(depth)`` split by first action: ``counts[notation]`` is the subtree's."""

    depth: int
    counts: dict[str, int]


@dataclass(frozen=True)
class Position:
    """One position of a perft file and what is recorded about it (see the module doc)."""

    game: str
    name: str
    players: int
    actions: list[str]
    counts: dict[int, int]
    options: dict[str, JSON] = field(default_factory=dict)
    divide: Divide | None = None
    stop_at_chance: bool = False
    to_move: int | None = None
    decision: str | None = None
    legal: list[str] | None = None
    about: str | None = None
    # A position (meeple.position/1) to start from instead of the initial state and actions.
    position: dict[str, JSON] | None = None

    @property
    def label(self) -> str:
        """How messages name the position: ``croa 'deal-2p'``."""
        return f"{self.game} {self.name!r}"

    def checks(self) -> int:
        """How many recorded facts :func:`check_position` compares: each count, each
        divide entry, each legal action, the player to move and the decision kind."""
        n = len(self.counts) + (len(self.divide.counts) if self.divide else 0)
        n += len(self.legal) if self.legal is not None else 0
        return n + (self.to_move is not None) + (self.decision is not None)


@dataclass(frozen=True)
class PerftFile:
    game: str
    positions: list[Position]
    about: str | None = None
    path: Path | None = field(default=None, compare=False)


_FILE_KEYS = {"schema", "game", "about", "positions"}
_POSITION_KEYS = {
    "name",
    "about",
    "players",
    "options",
    "actions",
    "stop_at_chance",
    "to_move",
    "decision",
    "legal",
    "counts",
    "divide",
    "position",
}
_DEPTH = re.compile(r"[1-9][0-9]*")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _counts(value: Any, where: str, what: str, example: str) -> dict[str, int]:
    if not isinstance(value, dict) or not value:
        raise PerftFileError(f"{where}: {what} must be a non-empty object {example}, not {value!r}")
    for key, n in value.items():
        if not _is_int(n) or n < 1:
            raise PerftFileError(
                f"{where}: {what}[{key!r}] must be a whole number of leaves, 1 or more, not {n!r}"
            )
    return dict(value)


def _depth_counts(value: Any, where: str) -> dict[int, int]:
    raw = _counts(value, where, "'counts'", 'of depth to count, like {"1": 20, "2": 400}')
    out = {}
    for key, n in raw.items():
        if not _DEPTH.fullmatch(key):
            raise PerftFileError(
                f"{where}: 'counts' key {key!r} is not a depth (a whole number from 1, "
                'written as text: "1", "2", ...)'
            )
        out[int(key)] = n
    return dict(sorted(out.items()))


def _position(game: str, obj: Any, where: str) -> Position:
    if not isinstance(obj, dict):
        raise PerftFileError(f"{where}: a position is an object, not {type(obj).__name__}")
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        raise PerftFileError(f"{where}: the position needs a 'name' (text), not {name!r}")
    where = f"{where} ({name!r})"
    unknown = sorted(set(obj) - _POSITION_KEYS)
    if unknown:
        raise PerftFileError(
            f"{where}: unknown key {unknown[0]!r}; a position's keys are "
            + ", ".join(sorted(_POSITION_KEYS))
        )
    for key in ("players", "counts"):
        if key not in obj:
            raise PerftFileError(f"{where}: the position has no {key!r}")
    if ("actions" in obj) == ("position" in obj):
        raise PerftFileError(
            f"{where}: the position needs either 'actions' (from the start) or a 'position', "
            "not " + ("both" if "actions" in obj else "neither")
        )
    start = obj.get("position")
    if start is not None and not isinstance(start, dict):
        raise PerftFileError(f"{where}: 'position' must be a position object (meeple.position/1)")
    players = obj["players"]
    if not _is_int(players) or players < 1:
        raise PerftFileError(f"{where}: 'players' must be a whole number from 1, not {players!r}")
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise PerftFileError(f"{where}: 'options' must be an object, not {options!r}")
    actions = obj.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise PerftFileError(f"{where}: 'actions' must be a list of move texts")
    counts = _depth_counts(obj["counts"], where)
    div = None
    if "divide" in obj:
        d = obj["divide"]
        if not isinstance(d, dict) or set(d) != {"depth", "counts"}:
            raise PerftFileError(
                f"{where}: 'divide' must be an object with exactly 'depth' and 'counts', not {d!r}"
            )
        if not _is_int(d["depth"]) or d["depth"] < 1:
            raise PerftFileError(
                f"{where}: the divide's 'depth' must be a whole number from 1, not {d['depth']!r}"
            )
        div = Divide(
            d["depth"],
            _counts(d["counts"], where, "the divide's 'counts'", "of first action to count"),
        )
        total = sum(div.counts.values())
        if div.depth in counts and counts[div.depth] != total:
            raise PerftFileError(
                f"{where}: the divide at depth {div.depth} sums to {total} but 'counts' "
                f"gives {counts[div.depth]} at that depth"
            )
    stop = obj.get("stop_at_chance", False)
    if not isinstance(stop, bool):
        raise PerftFileError(f"{where}: 'stop_at_chance' must be true or false, not {stop!r}")
    to_move = obj.get("to_move")
    if to_move is not None and not _is_int(to_move):
        raise PerftFileError(f"{where}: 'to_move' must be a player index, not {to_move!r}")
    decision = obj.get("decision")
    if decision is not None and not isinstance(decision, str):
        raise PerftFileError(f"{where}: 'decision' must be a decision kind (text)")
    legal = obj.get("legal")
    if legal is not None and (
        not isinstance(legal, list) or not all(isinstance(a, str) for a in legal)
    ):
        raise PerftFileError(f"{where}: 'legal' must be a list of move texts")
    about = obj.get("about")
    if about is not None and not isinstance(about, str):
        raise PerftFileError(f"{where}: 'about' must be text")
    return Position(
        game=game,
        name=name,
        players=players,
        actions=list(actions),
        counts=counts,
        options=dict(options),
        divide=div,
        stop_at_chance=stop,
        to_move=to_move,
        decision=decision,
        legal=None if legal is None else list(legal),
        about=about,
        position=start,
    )


def parse_perft_file(obj: Any, source: str = "the perft file") -> PerftFile:
    """Check a perft file's JSON against the schema; ``source`` names it in errors."""
    if not isinstance(obj, dict):
        raise PerftFileError(f"{source}: a perft file is a JSON object, not {type(obj).__name__}")
    if "schema" not in obj:
        raise PerftFileError(f"{source}: no 'schema'; this engine reads perft files of schema 1")
    if obj["schema"] != SCHEMA:
        raise PerftFileError(
            f"{source}: schema {obj['schema']!r}; this engine reads perft files of schema {SCHEMA}"
        )
    unknown = sorted(set(obj) - _FILE_KEYS)
    if unknown:
        raise PerftFileError(
            f"{source}: unknown key {unknown[0]!r}; a perft file's keys are "
            + ", ".join(sorted(_FILE_KEYS))
        )
    game = obj.get("game")
    if not isinstance(game, str) or not game:
        raise PerftFileError(f"{source}: 'game' must be a game id (text), not {game!r}")
    about = obj.get("about")
    if about is not None and not isinstance(about, str):
        raise PerftFileError(f"{source}: 'about' must be text")
    raw = obj.get("positions")
    if not isinstance(raw, list) or not raw:
        raise PerftFileError(f"{source}: 'positions' must be a non-empty list of positions")
    positions = [_position(game, p, f"{source}: position {i}") for i, p in enumerate(raw)]
    seen: set[str] = set()
    for i, pos in enumerate(positions):
        if pos.name in seen:
            raise PerftFileError(f"{source}: position {i}: the name {pos.name!r} is used twice")
        seen.add(pos.name)
    return PerftFile(game=game, positions=positions, about=about)


def load_perft_file(path: Path | str) -> PerftFile:
    """Read and check a perft file; every problem is a :class:`PerftFileError` naming it."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as e:
        raise PerftFileError(f"cannot read {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise PerftFileError(f"{path} is not UTF-8 text") from None
    try:
        obj = parse_json(text)
    except JSONProblem as e:
        raise PerftFileError(f"{path}: not valid JSON: {e}") from None
    return replace(parse_perft_file(obj, str(path)), path=path)


def position_to_json(pos: Position) -> dict[str, JSON]:
    out: dict[str, JSON] = {"name": pos.name}
    if pos.about is not None:
        out["about"] = pos.about
    out["players"] = pos.players
    out["options"] = pos.options
    if pos.position is not None:
        out["position"] = pos.position
    else:
        out["actions"] = pos.actions
    if pos.stop_at_chance:
        out["stop_at_chance"] = True
    if pos.to_move is not None:
        out["to_move"] = pos.to_move
    if pos.decision is not None:
        out["decision"] = pos.decision
    if pos.legal is not None:
        out["legal"] = pos.legal
    out["counts"] = {str(d): n for d, n in sorted(pos.counts.items())}
    if pos.divide is not None:
        out["divide"] = {"depth": pos.divide.depth, "counts": pos.divide.counts}
    return out


def dumps_perft_file(pf: PerftFile) -> str:
    """The file's text, as :func:`recount` writes it (one item a line, a final newline)."""
    obj: dict[str, JSON] = {"schema": SCHEMA, "game": pf.game}
    if pf.about is not None:
        obj["about"] = pf.about
    obj["positions"] = [position_to_json(p) for p in pf.positions]
    return json.dumps(obj, indent=1, ensure_ascii=False) + "\n"


# -- positions -----------------------------------------------------------------------------


def _read_start(pos: Position, data: dict[str, JSON]) -> State:
    from meeple.core.position import read_position

    setup = (data.get("game"), data.get("players"), data.get("options"))
    if setup[:2] != (pos.game, pos.players) or not isinstance(setup[2], dict):
        raise PerftError(
            f"{pos.label}: its position is of {setup[0]!r} with {setup[1]!r} players, "
            f"not of {pos.game!r} with {pos.players}"
        )
    if any(setup[2].get(k) != v for k, v in pos.options.items()):
        raise PerftError(f"{pos.label}: its position's options differ from {pos.options}")
    try:
        return read_position(data)
    except MeepleError as e:
        raise PerftError(f"{pos.label}: its position is refused: {e}") from None


def build_position(pos: Position) -> State:
    """The position's state: its game set up, then its actions applied in order, or its
    position read (which must be of the file's game, players and options).

    Raises :class:`PerftError` naming the position and the first refused action, or what
    is wrong with its position.
    """
    from meeple.core.registry import load_setup

    if pos.position is not None:
        return _read_start(pos, pos.position)

    try:
        state = load_setup(pos.game, pos.players, None, pos.options).new_initial_state()
    except MeepleError as e:
        raise PerftError(f"{pos.label}: the setup is refused: {e}") from None
    for i, text in enumerate(pos.actions):
        try:
            state.apply_notation(text)
        except MeepleError as e:
            raise PerftError(f"{pos.label}: action {i} ({text!r}) is refused: {e}") from None
    return state


def measure(pos: Position, state: State | None = None) -> Position:
    """``pos`` with every recorded fact taken from the engine now (the same depths and the
    same optional fields); ``state`` is the position's, if built already."""
    if state is None:
        state = build_position(pos)
    stop = pos.stop_at_chance
    div = None
    if pos.divide is not None:
        div = Divide(pos.divide.depth, divide(state, pos.divide.depth, stop))
    # A divide sums to perft at its depth, except at a leaf (the end, or a chance node
    # that stops the count), where perft is 1.
    leaf = state.is_terminal() or (stop and state.current_player() == CHANCE)
    counts = {}
    for depth in pos.counts:
        if div is not None and depth == div.depth and not leaf:
            counts[depth] = sum(div.counts.values())
        else:
            counts[depth] = perft(state, depth, stop_at_chance=stop)
    decision = state.decision
    return replace(
        pos,
        counts=counts,
        divide=div,
        to_move=None if pos.to_move is None else state.current_player(),
        decision=None if pos.decision is None else (decision.kind if decision else None),
        legal=(
            None
            if pos.legal is None
            else [state.action_to_string(a) for a in state.legal_actions()]
        ),
    )


def _divide_mismatch(
    label: str, depth: int, got: Mapping[str, int], want: Mapping[str, int]
) -> str:
    order = [*got, *(a for a in want if a not in got)]  # the engine's order first
    wrong = [a for a in order if got.get(a) != want.get(a)]
    first = wrong[0]
    if first not in got:
        what = f"{first!r} is in the file ({want[first]}) but not a legal first action"
    elif first not in want:
        what = f"{first!r} is a legal first action ({got[first]}) missing from the file"
    else:
        what = f"under the first action {first!r} {got[first]} leaves, expected {want[first]}"
    more = f" ({len(wrong) - 1} more first actions differ)" if len(wrong) > 1 else ""
    return f"{label}: divide at depth {depth}: {what}{more}"


def _list_mismatch(label: str, got: Sequence[str], want: Sequence[str]) -> str:
    i = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), None)
    if i is None:
        i = min(len(got), len(want))
    g = repr(got[i]) if i < len(got) else "nothing"
    w = repr(want[i]) if i < len(want) else "nothing"
    return (
        f"{label}: legal actions: {len(got)} now, {len(want)} in the file; "
        f"the first difference is at {i}: {g} now, {w} in the file"
    )


def check_position(pos: Position) -> list[str]:
    """Every way the engine now disagrees with what the file records of ``pos``, one
    message each (an empty list: all agree). A position that cannot be reached is one
    message saying which action is refused."""
    try:
        state = build_position(pos)
    except PerftError as e:
        return [str(e)]
    got = measure(pos, state)
    label = pos.label
    out = []
    if got.to_move != pos.to_move:
        out.append(f"{label}: current_player() is {got.to_move}, the file's to_move {pos.to_move}")
    if got.decision != pos.decision:
        out.append(f"{label}: the decision is {got.decision!r}, the file says {pos.decision!r}")
    if pos.legal is not None and got.legal != pos.legal:
        assert got.legal is not None
        out.append(_list_mismatch(label, got.legal, pos.legal))
    for depth, want in pos.counts.items():
        n = got.counts[depth]
        if n == want:
            continue
        msg = f"{label}: depth {depth}: {n} leaves, expected {want}"
        if pos.divide is None or pos.divide.depth != depth:  # else the divide names the move
            split = divide(state, depth, pos.stop_at_chance)
            msg += "; per first action now: " + ", ".join(f"{a} {c}" for a, c in split.items())
        out.append(msg)
    if pos.divide is not None:
        assert got.divide is not None
        if got.divide.counts != pos.divide.counts:
            out.append(
                _divide_mismatch(label, pos.divide.depth, got.divide.counts, pos.divide.counts)
            )
    return out


def check_file(pf: PerftFile) -> list[str]:
    """:func:`check_position` over every position of the file."""
    return [m for pos in pf.positions for m in check_position(pos)]


def recount(path: Path | str) -> list[str]:
    """Rewrite the file's counts (and its optional facts) as the engine gives them now;
    returns what changed, one line a changed position. For a deliberate rules change only:
    the file is the test of the move generator, so bump the game version and say why."""
    pf = load_perft_file(path)
    changed = []
    positions = []
    for pos in pf.positions:
        new = measure(pos)
        if new != pos:
            changed.append(f"{pos.label}: " + "; ".join(_changes(pos, new)))
        positions.append(new)
    Path(path).write_text(
        dumps_perft_file(replace(pf, positions=positions)), encoding="utf-8", newline="\n"
    )
    return changed


def _changes(old: Position, new: Position) -> list[str]:
    out = []
    if old.counts != new.counts:
        out.append(
            "counts "
            + ", ".join(
                f"perft({d}) {n} -> {new.counts[d]}"
                for d, n in old.counts.items()
                if n != new.counts[d]
            )
        )
    for name in ("divide", "to_move", "decision", "legal"):
        if getattr(old, name) != getattr(new, name):
            out.append(f"{name} rewritten")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m meeple.core.perft check|recount FILE...``"""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 2 or args[0] not in ("check", "recount"):
        print("usage: python -m meeple.core.perft check|recount PERFT_FILE...", file=sys.stderr)
        return 2
    status = 0
    for path in args[1:]:
        try:
            if args[0] == "check":
                problems = check_file(load_perft_file(path))
                for m in problems:
                    print(m)
                status = status or int(bool(problems))
                print(f"{path}: {'differs' if problems else 'ok'}")
            else:
                for m in recount(path):
                    print(m)
                print(f"{path}: written")
        except MeepleError as e:
            print(f"error: {e}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main())
