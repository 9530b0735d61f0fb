"""A finished game afterwards: its replay (any point, as one viewer saw it) and its record
(the JSON file ``meeple replay`` reads)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Response

from meeple.core.api import JSON, Layout
from meeple.core.chance import STEP
from meeple.core.record import Record, result_of
from meeple.core.signature import public_pem, sign
from meeple.web import store
from meeple.web.errors import Refused
from meeple.web.hub import Hub, LiveTable, build_view, turn_marks
from meeple.web.routes.deps import HubDep, table_or_404
from meeple.web.store import SeatInfo

router = APIRouter()


async def finished(hub: Hub, table_id: int) -> tuple[Any, list[Any], list[str]]:
    row, seats, notations = await hub.db(lambda db: store.moves_of(db, table_id))
    if row.status != "finished":
        raise Refused("replays and records are for finished games", 409, "not_finished")
    return row, seats, notations


def replay_moves(db: Any, table_id: int) -> tuple[Any, list[Any], list[Any], list[Any], list[Any]]:
    found = store.load_table(db, table_id)
    if found is None:
        raise Refused(f"there is no table {table_id}", 404, "no_table")
    row, seats, moves = found
    if row.status != "finished":
        raise Refused("replays and records are for finished games", 409, "not_finished")
    return row, seats, moves, store.mover_names(db, moves), store.notes_of(db, table_id)


def agent_name(seat: SeatInfo) -> str:
    """Who played a seat, for a record: a person who left it is named before the bot."""
    if seat.kind != "bot":
        return f"human:{seat.name}"
    if seat.left_by is not None:
        return f"human:{seat.left_by}, then bot:{seat.level}"
    return f"bot:{seat.level}"


@router.get("/api/tables/{table_id}/replay")
async def replay(
    table_id: int,
    hub: HubDep,
    step: int = -1,
    turn: int | None = None,
    seat: int | None = None,
    layout: Layout = "wide",
) -> dict[str, JSON]:
    """A finished game at one point: ``step`` moves in, or the end of turn ``turn``
    (0 is the set-up). The view is what that viewer saw then; the log, as after any
    finished game, tells everything (hidden choices too). ``turns`` lists where each
    turn ends, for the page's slider; ``summary`` is the final result."""
    row, seats, moves, names, notes = await hub.db(lambda db: replay_moves(db, table_id))
    info = await table_or_404(hub, table_id)
    live = LiveTable(row, seats, strict_render=hub.settings.strict_render)
    if seat is not None and not 0 <= seat < live.n:
        raise Refused(f"there is no seat index {seat}", 404, "no_seat")
    marks = turn_marks([m.actor for m in moves])
    total = len(moves)
    if turn is not None:
        if not 0 <= turn < len(marks):
            raise Refused(f"this game has turns 0 to {len(marks) - 1}, not {turn}", 404, "no_turn")
        step = marks[turn]
    step = total if step < 0 or step > total else step
    # Each move under its maker's name, a leaver's own moves included. The whole game
    # is played through for its log (the page shows every turn, to jump to any), and
    # the position at ``step`` kept for the picture.
    live.play_stored(moves[:step], names[:step], [n for n in notes if n.move_index < step])
    at = live.state.clone()
    live.play_stored(moves[step:], names[step:], [n for n in notes if n.move_index >= step])
    # What that viewer could see at that moment: the observation, never more.
    out = build_view(live, at, seat, layout)
    out["log"] = live.full
    out["legal"] = []
    out["step"], out["steps"] = step, total
    out["turn"] = next((k for k, end in enumerate(marks) if end >= step), len(marks) - 1)
    out["turns"] = marks
    out["summary"] = json.loads(row.result_json) if row.result_json else None
    return {"table": info, "view": out}


@router.get("/api/tables/{table_id}/record")
async def record(table_id: int, hub: HubDep) -> Response:
    row, seats, notations = await finished(hub, table_id)
    live = LiveTable(row, seats)
    for text in notations:
        live.state.apply_action(live.state.string_to_action(text))
    rec = Record(
        game=row.game_id,
        players=row.players,
        actions=notations,
        game_version=row.game_version,
        options=json.loads(row.options_json),
        seed=int(row.seed),
        agents=[agent_name(s) for s in live.seats],
        result=result_of(live.state),
        chance=STEP,
    )
    rec.signature = sign(rec.to_json(), await hub.records_key())
    return Response(
        rec.dumps() + "\n",
        media_type="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="meeple-{row.game_id}-{row.id}.json"'
        },
    )


PEM = "application/x-pem-file"


@router.get(
    "/api/records/key",
    response_class=Response,
    responses={200: {"content": {PEM: {"schema": {"type": "string"}}}, "description": "PEM"}},
)
async def records_key(hub: HubDep) -> Response:
    """The public key the server signs its records with (PEM), for
    ``meeple replay --verify KEY``."""
    key = await hub.records_key()
    return Response(public_pem(key.public_key()), media_type=PEM)
