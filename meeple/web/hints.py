"""Hints: the hard bot's suggestion for a seat's current decision, at training tables.

The policy (``docs/help.md`` gives the reasons):

- no hints at a rated table (``table["rated"]``, true when absent); only at unrated
  ("training") tables;
- at most :data:`HINTS_PER_GAME` per seat per game, counted from the table's stored notes
  (so a restart or another server process gives none back);
- every hint taken is written in the log for everyone ("alice took a hint"), and stored
  with the table, so the log says so after a restart and in the replay;
- the suggestion is for the position the seat is shown: the committed one, or the seat's
  own turn draft when it has one (the draft is that seat's alone), while it is still the
  seat's decision;
- it is computed from the seat's own view only: the position is re-dealt from the seat's
  observation (``determinize``) before the bot sees it, exactly as the table's bots are;
- the bot's time is bounded (:data:`HINT_SECONDS` of search, and a hard stop after
  :data:`HINT_TIMEOUT` once a bot worker takes it up: hints queue with the bots' moves in
  ``Hub.bots``, see :class:`meeple.web.hub.BotPool`).

A refusal changes nothing: no hint is counted, nothing is logged.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from typing import Any

from meeple.agents import make_agent, parse_spec
from meeple.agents.ismcts import ISMCTSAgent
from meeple.agents.levels import LEVELS, LevelAgent, level_spec
from meeple.core.api import JSON, State
from meeple.web import store
from meeple.web.errors import Refused
from meeple.web.hub import Hub, LiveTable

HINTS_PER_GAME = 3
HINT_LEVEL = "hard"
HINT_SECONDS = 1.0  # the search budget of one hint
HINT_TIMEOUT = 5.0  # past this the hint is given up (a bot without a time budget)
log = logging.getLogger("meeple.web")


def is_rated(info: dict[str, JSON]) -> bool:
    """Whether a table counts for the ratings: ``rated`` in its JSON, true when absent."""
    return info.get("rated", True) is not False


@dataclass
class Hints:
    """The hints being worked out in this process (one at a time per seat)."""

    per_game: int = HINTS_PER_GAME
    thinking: set[tuple[int, int]] = field(default_factory=set)

    def left(self, used: int) -> int:
        return max(0, self.per_game - used)


async def used_by(hub: Hub, table_id: int, seat: int) -> int:
    """Hints the seat has taken in this game (stored notes, whichever process took them)."""
    return await hub.db(lambda db: store.count_notes(db, table_id, seat, "hint"))


def hint_spec(hub: Hub, game_id: str) -> str:
    """The hard bot's agent spec for ``game_id``, its search held to HINT_SECONDS."""
    spec = hub.bot_spec(HINT_LEVEL)
    name, options = parse_spec(spec)
    if name in LEVELS and not options:
        spec = level_spec(name, game_id)
        name, options = parse_spec(spec)
    if name != "ismcts":
        return spec
    seconds = float(options.get("seconds", HINT_SECONDS))
    options["seconds"] = f"{min(seconds, HINT_SECONDS):g}"
    return name + ":" + ",".join(f"{k}={v}" for k, v in options.items())


async def status(
    hub: Hub, hints: Hints, live: LiveTable | None, info: dict[str, JSON], seat: int | None
) -> dict[str, JSON]:
    """What the page needs for its Hint button: allowed or why not, and how many are left."""
    out: dict[str, JSON] = {"per_game": hints.per_game, "rated": is_rated(info)}
    if is_rated(info):
        out.update(allowed=False, code="rated_table", reason=RATED)
    elif live is None or live.status != "running":
        out.update(allowed=False, code="not_running", reason="hints are for games in play")
    elif seat is None:
        out.update(allowed=False, code="not_seated", reason="hints are for the players")
    else:
        left = hints.left(await used_by(hub, live.id, seat))
        out.update(allowed=left > 0, hints_left=left)
        if left == 0:
            out.update(code="no_hints_left", reason=NONE_LEFT)
    out.setdefault("hints_left", 0)
    out.setdefault("code", None)
    out.setdefault("reason", None)
    return out


RATED = "no hints at a rated table: they are for unrated (training) tables"
NONE_LEFT = f"no hints left: {HINTS_PER_GAME} per player per game"


def _position(live: LiveTable, seat: int, seen: JSON) -> tuple[State, int]:
    """The position the seat is shown (its own draft if it has a live one) and its length,
    checked against ``seen``; nothing is changed (a stale draft is left for Hub to drop)."""
    draft = live.drafts.get(seat)
    committed = len(live.state.history)
    if draft is not None and not draft.stale and draft.base == committed and draft.actions:
        position, length = draft.state, draft.length
        if draft.sealed or position.is_terminal() or position.current_player() != seat:
            raise Refused(
                "this turn is drafted to its end: confirm it, or undo a step to ask for a hint",
                409,
                "draft_complete",
            )
    else:
        position, length = live.state, committed
    if seen is not None and (isinstance(seen, bool) or seen != length):
        raise Refused(
            f"that hint was asked for move {seen}, but the position you have is at move "
            f"{length}; look at the board again",
            409,
            "stale",
        )
    return position, length


def _think(spec: str, position: State, seat: int, seed: str) -> tuple[int, int | None]:
    """In a bot worker: the position re-dealt from the seat's own view, then the agent on it,
    both drawing on one RNG made from ``seed``; the action, and how many playouts it ran."""
    rng = random.Random(seed)
    # The seat's own view: everything it cannot see re-dealt, so the bot cannot use it.
    snapshot = position.determinize(seat, rng)
    agent = make_agent(spec, rng)
    action = agent.step(snapshot)
    inner: Any = agent.inner if isinstance(agent, LevelAgent) else agent
    playouts = inner.last_iterations if isinstance(inner, ISMCTSAgent) else None
    return action, playouts


async def take_hint(
    hub: Hub, hints: Hints, table_id: int, user_id: int, seat: int | None, seen: JSON
) -> dict[str, JSON]:
    """A hint for the seat's current decision, or a refusal (nothing changed)."""
    info = await hub.info(table_id)
    if info is None:
        raise Refused(f"there is no table {table_id}", 404, "no_table")
    if is_rated(info):
        raise Refused(RATED, 409, "rated_table")
    live = await hub.live(table_id)
    if live is None or live.status != "running":
        raise Refused("hints are for games in play", 409, "not_running")
    async with live.lock:
        seat = await hub._mover(live, user_id, seat)  # not_seated, not_your_turn ...
        key = (table_id, seat)
        if key in hints.thinking:
            raise Refused("a hint is being worked out for you already", 409, "hint_busy")
        used = await used_by(hub, table_id, seat)
        if hints.left(used) <= 0:
            raise Refused(NONE_LEFT, 409, "no_hints_left")
        position, length = _position(live, seat, seen)
        committed = len(live.state.history)
        seed = f"meeple-web-hint:{live.seed}:{seat}:{length}"
        spec = hint_spec(hub, live.game.info.id)
        hints.thinking.add(key)
    try:
        try:
            action, playouts = await hub.bots.run(HINT_TIMEOUT, _think, spec, position, seat, seed)
        except TimeoutError:
            raise Refused(
                "the bot took too long to find a hint; try again", 503, "hint_timeout"
            ) from None
        except Exception:
            log.exception("table %s: the hint bot failed", table_id)
            raise Refused("no hint could be found for this position", 500, "hint_failed") from None
        async with live.lock:
            # Still the position it was asked for (the seat may have moved meanwhile).
            now = live.drafts.get(seat)
            now_length = (
                now.length
                if now is not None and not now.stale and now.base == len(live.state.history)
                else len(live.state.history)
            )
            moved = len(live.state.history) != committed or now_length != length
            if moved or hub.tables.get(table_id) is not live or seat not in live.seats_of(user_id):
                raise Refused(
                    "the position changed while the hint was worked out; ask again",
                    409,
                    "stale",
                )
            if action not in position.legal_actions():
                raise Refused("no hint could be found for this position", 500, "hint_failed")
            who = live.seats[seat].name or f"player {seat + 1}"
            left = hints.left(used + 1)
            text = f"{who} took a hint ({left} left)"
            moves = len(live.state.history)
            await hub.db(
                lambda db: store.add_note(db, table_id, moves, "hint", seat, user_id, text)
            )
            live.note(text)
            for draft in live.drafts.values():
                draft.views.clear()  # the note is in every seat's log, drafts included
    finally:
        hints.thinking.discard(key)
    hub.broadcast(table_id)
    move = position.action_to_json(action)
    about = f" ({playouts} playouts from what you can see)" if playouts else ""
    return {
        "action": move,
        "text": f"The hard bot suggests: {move['text']}{about}",
        "hints_left": left,
        "seen": length,
        "seat": seat,
    }
