"""Play at a table over HTTP: a seat's or a spectator's view, moves, turn drafts (staged,
undone, confirmed) and hints."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel

from meeple.core.api import JSON, Layout
from meeple.web import hints
from meeple.web.errors import Refused
from meeple.web.hub import Hub, LiveTable
from meeple.web.models import User
from meeple.web.routes.deps import (
    STRICT,
    HubDep,
    MaybeUser,
    ReleaseFinished,
    UserDep,
    state_of,
    table_or_404,
)

router = APIRouter()


class MoveBody(BaseModel):
    model_config = STRICT
    action: int | str | dict[str, Any]
    seen: int
    seat: int | None = None


class DraftBody(BaseModel):
    model_config = STRICT
    action: int | str | dict[str, Any]
    seen: int
    seat: int | None = None


class UndoBody(BaseModel):
    model_config = STRICT
    seat: int | None = None
    all: bool = False
    seen: int | None = None  # the drafted position's length the page was shown


class ConfirmBody(BaseModel):
    model_config = STRICT
    seat: int | None = None
    seen: int | None = None


class HintBody(BaseModel):
    model_config = STRICT
    seat: int | None = None
    seen: int | None = None  # the (drafted) position's length the page was shown


async def hint_book(request: Request) -> hints.Hints:
    """The hints being worked out in this process (``app.state.hints``)."""
    return state_of(request, "hints", hints.Hints)


HintsDep = Annotated[hints.Hints, Depends(hint_book)]


def viewer_seat(live: LiveTable, user: User | None, seat: int | None) -> int | None:
    mine = live.seats_of(user.id) if user is not None else []
    if seat is not None:
        if seat not in mine:
            raise Refused(f"seat index {seat} is not yours", 403, "not_your_seat")
        return seat
    return mine[0] if mine else None


async def seat_answer(hub: Hub, live: LiveTable, seat: int) -> dict[str, JSON]:
    """A move's or a draft step's answer: the table, the seat's view, who is there."""
    info = await table_or_404(hub, live.id)
    return {"table": info, "view": live.view(seat), "presence": hub.presence(live.id)}


@router.get("/api/tables/{table_id}/view", dependencies=[ReleaseFinished])
async def view(
    table_id: int,
    user: MaybeUser,
    hub: HubDep,
    seat: int | None = None,
    layout: Layout = "wide",
) -> dict[str, JSON]:
    info = await table_or_404(hub, table_id)
    live = await hub.live(table_id)
    if live is None:
        return {"table": info, "view": None}
    view = live.view(viewer_seat(live, user, seat), layout)
    return {"table": info, "view": view, "presence": hub.presence(table_id)}


@router.post("/api/tables/{table_id}/move", dependencies=[ReleaseFinished])
async def move(table_id: int, body: MoveBody, user: UserDep, hub: HubDep) -> dict[str, JSON]:
    live = await hub.play(table_id, user.id, body.action, body.seen, body.seat)
    seat = body.seat if body.seat is not None else live.seats_of(user.id)[0]
    return await seat_answer(hub, live, seat)


# A turn draft: decisions staged for the seat alone, then confirmed together.


@router.post("/api/tables/{table_id}/draft")
async def draft(table_id: int, body: DraftBody, user: UserDep, hub: HubDep) -> dict[str, JSON]:
    live, seat = await hub.stage(table_id, user.id, body.action, body.seen, body.seat)
    return await seat_answer(hub, live, seat)


@router.post("/api/tables/{table_id}/undo")
async def undo(table_id: int, body: UndoBody, user: UserDep, hub: HubDep) -> dict[str, JSON]:
    live, seat = await hub.undo(table_id, user.id, body.seat, body.all, body.seen)
    return await seat_answer(hub, live, seat)


@router.post("/api/tables/{table_id}/confirm", dependencies=[ReleaseFinished])
async def confirm(table_id: int, body: ConfirmBody, user: UserDep, hub: HubDep) -> dict[str, JSON]:
    live, seat = await hub.confirm(table_id, user.id, body.seat, body.seen)
    return await seat_answer(hub, live, seat)


# Hints: the hard bot's suggestion at unrated tables, a few per game (meeple.web.hints).


@router.get("/api/tables/{table_id}/hint", dependencies=[ReleaseFinished])
async def hint_status(
    table_id: int, user: MaybeUser, hub: HubDep, book: HintsDep, seat: int | None = None
) -> dict[str, JSON]:
    info = await table_or_404(hub, table_id)
    live = await hub.live(table_id)
    mine = viewer_seat(live, user, seat) if live is not None else None
    return await hints.status(hub, book, live, info, mine)


@router.post("/api/tables/{table_id}/hint")
async def hint(
    table_id: int, body: HintBody, user: UserDep, hub: HubDep, book: HintsDep
) -> dict[str, JSON]:
    return await hints.take_hint(hub, book, table_id, user.id, body.seat, body.seen)
