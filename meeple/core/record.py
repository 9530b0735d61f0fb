"""Game records: one JSON object per game, replayed exactly with no RNG.

The format (``meeple.record/1``) is in docs/architecture.md ("Records"). The ``actions``
list is the whole move sequence, chance results too, each written in the game's notation.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.core.api import CHANCE, JSON, Game, State
from meeple.core.chance import SCHEMES, Drawer, drawer
from meeple.core.components import JSONProblem, parse_json
from meeple.core.errors import MeepleError, RecordError
from meeple.core.registry import load_setup

FORMAT = "meeple.record/1"


@dataclass
class Record:
    game: str
    players: int
    actions: list[str]
    game_version: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    agents: list[str] | None = None
    result: dict[str, Any] | None = None
    components: dict[str, str] | None = None  # {"path": ..., "sha256": ...} if not packaged
    # How chance was drawn from the seed (a scheme of meeple.core.chance), if it was.
    chance: str | None = None
    # A server's signature over the rest (meeple.core.signature), if it signed it.
    signature: dict[str, Any] | None = None
    # The file the record was read from (not part of the record): a component file that
    # is not at its recorded path is also looked for next to it.
    source: Path | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "format": FORMAT,
            "game": self.game,
            "game_version": self.game_version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "agents": self.agents,
            "actions": self.actions,
            "result": self.result,
        }
        if self.components is not None:
            out["components"] = self.components
        if self.chance is not None:
            out["chance"] = self.chance
        if self.signature is not None:
            out["signature"] = self.signature
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def from_json(cls, obj: Any) -> Record:
        """Check the shape of a record; every problem is a :class:`RecordError`."""
        if not isinstance(obj, dict):
            raise RecordError(f"a record is a JSON object, not {type(obj).__name__}")
        if "format" not in obj:
            raise RecordError(f"the record has no 'format'; a meeple record's is {FORMAT!r}")
        fmt = obj.get("format")
        if fmt != FORMAT:
            raise RecordError(f"unknown record format {fmt!r}; this engine reads {FORMAT!r}")
        for key, typ, kind in (
            ("game", str, "text"),
            ("players", int, "whole number"),
            ("game_version", int, "whole number"),
        ):
            if key not in obj:
                raise RecordError(f"the record has no {key!r}")
            if not isinstance(obj[key], typ) or isinstance(obj[key], bool):
                raise RecordError(f"the record's {key!r} must be a {kind}, not {obj[key]!r}")
        if obj["players"] < 1:
            raise RecordError(f"the record's 'players' must be at least 1, not {obj['players']}")
        actions = obj.get("actions")
        if not isinstance(actions, list):
            raise RecordError("the record's 'actions' must be a list of move texts")
        for i, a in enumerate(actions):
            if not isinstance(a, str):
                raise RecordError(f"action {i} is {a!r}, not a move text", index=i)
        options = obj.get("options") or {}
        if not isinstance(options, dict):
            raise RecordError("the record's 'options' must be an object")
        seed = obj.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError("the record's 'seed' must be a whole number or null")
        agents = obj.get("agents")
        if agents is not None and (
            not isinstance(agents, list) or not all(isinstance(a, str) for a in agents)
        ):
            raise RecordError("the record's 'agents' must be a list of names")
        if agents is not None and len(agents) != obj["players"]:
            raise RecordError(
                f"the record's 'agents' names {len(agents)} players, but it is a game of "
                f"{obj['players']}"
            )
        result = obj.get("result")
        if result is not None:
            _check_result(result, obj["players"])
        chance = obj.get("chance")
        if chance is not None:
            if chance not in SCHEMES:
                raise RecordError(
                    f"the record's chance scheme {chance!r} is unknown; this engine knows "
                    f"{', '.join(SCHEMES)}"
                )
            if seed is None:
                raise RecordError(f"the record names its chance scheme {chance!r} but no seed")
        signature = obj.get("signature")
        if signature is not None and not isinstance(signature, dict):
            raise RecordError("the record's 'signature' must be an object")
        components = obj.get("components")
        if components is not None and not (
            isinstance(components, dict) and isinstance(components.get("path"), str)
        ):
            raise RecordError("the record's 'components' must be an object with a 'path'")
        return cls(
            game=obj["game"],
            players=obj["players"],
            actions=list(actions),
            game_version=obj["game_version"],
            options=dict(options),
            seed=seed,
            agents=agents,
            result=result,
            components=components,
            chance=chance,
            signature=signature,
        )

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            obj = parse_json(text)
        except JSONProblem as e:
            raise RecordError(f"not valid JSON: {e}") from None
        return cls.from_json(obj)


def _check_result(result: Any, players: int) -> None:
    """A finished game's result: a score and a place per player (and their breakdown)."""
    if not isinstance(result, dict):
        raise RecordError("the record's 'result' must be an object, or null for a game not over")
    for key in ("scores", "ranks"):
        if key not in result:
            raise RecordError(
                f"the record's result has no {key!r}; a finished game's result holds "
                "'scores' and 'ranks' (null for a game not over)"
            )
        value = result[key]
        if (
            not isinstance(value, list)
            or len(value) != players
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
        ):
            raise RecordError(
                f"the record's result {key!r} must be a list of {players} numbers, "
                f"one per player, not {value!r}"
            )
    breakdown = result.get("breakdown")
    if breakdown is not None and not (
        isinstance(breakdown, list)
        and len(breakdown) == players
        and all(isinstance(b, dict) for b in breakdown)
    ):
        raise RecordError(
            f"the record's result 'breakdown' must be a list of {players} objects, one per player"
        )


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def result_of(state: State) -> dict[str, JSON]:
    scores = state.scores()
    return {
        "scores": [s["total"] for s in scores],
        "ranks": state.ranks(),
        "breakdown": scores,
    }


def record_of(
    state: State,
    *,
    seed: int | None = None,
    agents: Sequence[str] | None = None,
    chance: str | None = None,
) -> Record:
    """The record of the game that led to ``state`` (a result only if it is over);
    ``chance``: the scheme its chance was drawn by from ``seed`` (meeple.core.chance)."""
    game = state.game
    names = []
    replay = game.new_initial_state()
    for a in state.history:
        names.append(replay.action_to_string(a))
        replay.apply_action(a)
    components = None
    if game.components_path is not None:
        # Absolute, so the record replays from any folder.
        path = game.components_path.resolve()
        components = {"path": str(path), "sha256": file_digest(path)}
    return Record(
        game=game.info.id,
        players=game.players,
        actions=names,
        game_version=game.info.version,
        options=dict(game.options),
        seed=seed,
        agents=list(agents) if agents is not None else None,
        result=result_of(state) if state.is_terminal() else None,
        components=components,
        chance=chance,
    )


def game_of(record: Record) -> Game:
    """The game a record was played with; refuses a record this engine cannot replay."""
    from meeple.core.registry import game_class

    try:
        cls = game_class(record.game)
    except MeepleError as e:
        raise RecordError(str(e)) from None
    if record.game_version != cls.info.version:
        raise RecordError(
            f"this record was made with {cls.info.name} version {record.game_version}; "
            f"this engine plays version {cls.info.version} and cannot replay it exactly"
        )
    components = None
    if record.components is not None:
        components = _component_file(record)
    try:
        return load_setup(record.game, record.players, components, record.options)
    except MeepleError as e:
        raise RecordError(f"the record's setup is refused: {e}") from None


def _component_file(record: Record) -> Path:
    """The record's component file: at its recorded path, or else, for a record read from
    a file, at that path taken from the record's folder, or by its name in that folder.

    The file found must have the recorded SHA-256, if the record gives one.
    """
    assert record.components is not None
    recorded = Path(record.components["path"])
    places = [recorded]
    also = ""
    if record.source is not None:
        folder = record.source.parent
        places += [folder / recorded, folder / recorded.name]
        also = f", nor in the record's folder {folder.resolve()}"
    found = [p for p in dict.fromkeys(places) if p.is_file()]
    if not found:
        raise RecordError(f"the record's component file {recorded} is not there{also}")
    want = record.components.get("sha256")
    if not want:
        return found[0]
    for path in found:
        try:
            if file_digest(path) == want:
                return path
        except OSError as e:
            raise RecordError(f"cannot read the component file {path}: {e.strerror}") from None
    raise RecordError(
        f"the component file {found[0]} has changed since the record was made "
        "(its SHA-256 differs from the record's)"
    )


def replay(
    record: Record,
    *,
    upto: int | None = None,
    before_each: Callable[[State, int], None] | None = None,
) -> State:
    """Replay a record, checking every action; returns the final (or ``upto``-th) state.

    ``before_each(state, action)``, if given, sees each checked action and the state it is
    about to be applied to (for tools that measure a game as it is replayed).

    A record that names its chance scheme and seed has every chance outcome checked
    against the scheme's draw there (a record without one: legality only).

    Raises :class:`RecordError` naming the index of the first bad action and why,
    or saying how the result differs from the one recorded.
    """
    if upto is not None and not 0 <= upto <= len(record.actions):
        raise RecordError(
            f"there is no step {upto} in this record: its steps run from 0 to {len(record.actions)}"
        )
    game = game_of(record)
    state = game.new_initial_state()
    actions = record.actions if upto is None else record.actions[:upto]
    draw = None
    if record.chance is not None and record.seed is not None:
        draw = drawer(record.chance, record.seed)
    for i, text in enumerate(actions):
        try:
            action = state.string_to_action(text)
            if draw is not None and state.current_player() == CHANCE:
                _check_drawn(state, draw, action, i, text, record)
            if before_each is not None:
                before_each(state, action)
            state.apply_action(action)
        except MeepleError as e:
            raise RecordError(f"action {i} ({text!r}) is refused: {e}", index=i) from None
    if upto is not None:
        return state
    if record.result is None:
        if state.is_terminal():
            raise RecordError(
                f"the game is over after {len(record.actions)} actions but the record has no result"
            )
        return state
    if not state.is_terminal():
        raise RecordError(
            f"the record claims a result but the game is not over after "
            f"{len(record.actions)} actions"
        )
    _check_result(record.result, record.players)
    got = result_of(state)
    for key in ("scores", "ranks"):
        if record.result[key] != got[key]:
            raise RecordError(
                f"the recorded {key} {record.result[key]} differ from the replayed {got[key]}"
            )
    breakdown = record.result.get("breakdown")
    if breakdown is not None and breakdown != got["breakdown"]:
        p = next(
            p for p, (a, b) in enumerate(zip(breakdown, got["breakdown"], strict=True)) if a != b
        )
        raise RecordError(
            f"the recorded score breakdown of player {p + 1} {breakdown[p]} differs from "
            f"the replayed {got['breakdown'][p]}"
        )
    return state


def _check_drawn(
    state: State, draw: Drawer, action: int, i: int, text: str, record: Record
) -> None:
    """The recorded chance outcome must be the scheme's draw at this point."""
    if action not in state.legal_actions():
        return  # apply_action refuses it, saying why
    drawn = draw(state)
    if action != drawn:
        raise RecordError(
            f"action {i} ({text!r}) is not the chance outcome the record's seed gives there: "
            f"{record.chance} with seed {record.seed} draws {state.action_to_string(drawn)!r}",
            index=i,
        )


def read_records(path: Path | str) -> Iterator[tuple[int, Record]]:
    """Records in a file: one JSON object, or JSONL with one per line (line numbers from 1).

    Every :class:`RecordError` raised here names the file (and the line of a JSONL file),
    so a caller shows it as it is. Each record's ``source`` is ``path``. A UTF-8 byte-order
    mark, which some editors write, is allowed.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not UTF-8 text") from None
    stripped = text.strip()
    if not stripped:
        raise RecordError(f"{path} is empty")

    def parsed(obj: Any, where: str) -> Record:
        try:
            record = Record.from_json(obj)
        except RecordError as e:
            raise RecordError(f"{where}: {e}", index=e.index) from None
        record.source = path
        return record

    lines = text.splitlines()
    first = next(n for n, ln in enumerate(lines, start=1) if ln.strip())
    if len([ln for ln in lines if ln.strip()]) == 1 or not stripped.startswith("{"):
        try:
            obj = parse_json(text)
        except JSONProblem as e:
            raise RecordError(f"{path}: not valid JSON: {e}") from None
        yield first, parsed(obj, str(path))
        return
    # A pretty-printed single record spans lines but parses whole.
    whole_problem = None
    try:
        whole = parse_json(text)
    except JSONProblem as e:
        whole, whole_problem = None, e
    if whole is not None:
        yield first, parsed(whole, str(path))
        return
    for n, line in enumerate(lines, start=1):
        if line.strip():
            where = f"{path}, line {n}"
            try:
                obj = parse_json(line, line=False)
            except JSONProblem as e:
                if n == first and _several_values(text):
                    raise RecordError(
                        f"{path} holds several records written over many lines; a file holds "
                        "one record, or one record per line (JSONL, as --out writes)"
                    ) from None
                if n == first:
                    # Not JSONL from its first line on: one record over many lines, broken
                    # where the whole text says.
                    raise RecordError(f"{path}: not valid JSON: {whole_problem}") from None
                raise RecordError(f"{where}: not valid JSON: {e}") from None
            yield n, parsed(obj, where)


def _several_values(text: str) -> bool:
    """Whether ``text`` is a JSON value followed by more (pretty-printed records one after
    another), rather than one broken value."""
    try:
        _, end = json.JSONDecoder().raw_decode(text.lstrip())
    except (ValueError, RecursionError):
        return False
    return bool(text.lstrip()[end:].strip())


def write_records(path: Path, records: Sequence[Record]) -> None:
    with path.open("w", encoding="utf-8") as f:
        for r in records:
            f.write(r.dumps() + "\n")
