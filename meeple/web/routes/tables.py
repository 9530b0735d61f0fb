"""The lobby: the list of tables, making one, and a table's seats (join, leave, start, a
bot for a seat)."""

from __future__ import annotations

import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session as DBSession

from meeple.core.api import JSON
from meeple.web import store
from meeple.web.errors import Refused
from meeple.web.routes.deps import (
    MAX_ID,
    STRICT,
    HubDep,
    MaybeUser,
    ReleaseFinished,
    UserDep,
    table_or_404,
)

router = APIRouter()


class SeatSpec(BaseModel):
    model_config = STRICT
    kind: Literal["open", "me", "user", "bot"]
    name: str | None = Field(default=None, max_length=64)
    level: Literal["easy", "medium", "hard"] | None = None


class CreateTable(BaseModel):
    model_config = STRICT
    game: str = Field(max_length=64)
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = None
    rated: bool = True  # false: a training table, whose game changes no rating


class JoinBody(BaseModel):
    model_config = STRICT
    seat: int | None = None


class BotBody(BaseModel):
    model_config = STRICT
    seat: int | None = None
    level: Literal["easy", "medium", "hard"] = "medium"


@router.get("/api/tables")
async def tables(
    hub: HubDep,
    user: MaybeUser,
    status: Annotated[str, Query(max_length=12)] = "open",
    mine: bool = False,
    limit: Annotated[int, Query(ge=1, le=store.LIST_MAX)] = store.LIST_LIMIT,
    offset: Annotated[int, Query(ge=0, le=MAX_ID)] = 0,
) -> list[dict[str, JSON]]:
    # mine=1: the tables where the caller holds (or held) a seat or that they created,
    # however many other tables are newer. limit and offset: a page of the list.
    uid = user.id if (mine and user is not None) else None
    if mine and uid is None:
        return []
    rows = await hub.db(lambda db: store.list_tables(db, status, limit, user_id=uid, offset=offset))
    for row in rows:
        # Whose move it is, in a game this process holds: the page marks "your turn".
        live = hub.tables.get(row["id"]) if row["status"] == "running" else None
        cp = live.state.current_player() if live is not None else -1
        row["to_move"] = cp if cp >= 0 else None
    return rows


@router.post("/api/tables")
async def create(body: CreateTable, user: UserDep, hub: HubDep) -> dict[str, JSON]:
    seats = [s.model_dump() for s in body.seats] if body.seats is not None else None
    tid = await hub.db(
        lambda db: store.create_table(
            db, user, body.game, body.players, body.options, seats, rated=body.rated
        )
    )
    info = await hub.info(tid, fresh=True)
    assert info is not None
    return info


@router.get("/api/tables/{table_id}")
async def table(table_id: int, hub: HubDep) -> dict[str, JSON]:
    return await table_or_404(hub, table_id)


@router.post("/api/tables/{table_id}/join")
async def join(
    table_id: int, user: UserDep, hub: HubDep, body: JoinBody | None = None
) -> dict[str, JSON]:
    # The body is optional (`{seat?}`): none takes the first open seat, or the one kept
    # for the caller.
    seat = body.seat if body is not None else None
    await hub.db(lambda db: store.join(db, table_id, user, seat))
    await hub.publish(table_id)
    return await table_or_404(hub, table_id)


@router.post("/api/tables/{table_id}/leave", dependencies=[ReleaseFinished])
async def leave(table_id: int, user: UserDep, hub: HubDep) -> dict[str, JSON]:
    info = await hub.info(table_id, fresh=True)
    if info is not None and info["status"] == "running":
        # Leaving a running game hands the seat to a bot so the others can finish; the
        # seat stays the leaver's: rated as a forfeit (last), and in their history.
        live = await hub.live(table_id)
        mine = live.seats_of(user.id) if live is not None else []
        if not mine:
            raise Refused("you have no seat at this table", 409)

        def to_bots(db: DBSession) -> None:
            for s in mine:
                store.set_seat_bot(db, table_id, s, "medium")

        await hub.db(to_bots)
        await hub.seat_changed(table_id)
    else:
        await hub.db(lambda db: store.leave(db, table_id, user))
        await hub.publish(table_id)
    return await table_or_404(hub, table_id)


@router.post("/api/tables/{table_id}/start")
async def start(table_id: int, user: UserDep, hub: HubDep) -> dict[str, JSON]:
    await hub.db(lambda db: store.start(db, table_id, user))
    await hub.info(table_id, fresh=True)
    live = await hub.live(table_id)
    if live is not None:
        hub.kick(live)
    await hub.publish(table_id)
    return await table_or_404(hub, table_id)


@router.post("/api/tables/{table_id}/bot", dependencies=[ReleaseFinished])
async def to_bot(table_id: int, body: BotBody, user: UserDep, hub: HubDep) -> dict[str, JSON]:
    """Hand a seat to a bot: your own at any time, another's when they are away."""
    live = await hub.live(table_id)
    if live is None:
        await table_or_404(hub, table_id)  # 404 no_table if there is none at all
    if live is None or live.status != "running":
        raise Refused("only a running game's seats can be handed to a bot", 409)
    mine = live.seats_of(user.id)
    if not mine:
        raise Refused("you have no seat at this table", 403)
    seat = body.seat if body.seat is not None else mine[0]
    if not 0 <= seat < live.n:
        raise Refused(f"there is no seat index {seat}", 404, "no_seat")
    target = live.seats[seat]
    if target.kind != "human":
        raise Refused("that seat is not a person's", 409)
    if seat not in mine:
        if target.user_id in hub.connected_users(table_id):
            raise Refused(f"{target.name} is still at the table", 409)
        waited = time.monotonic() - live.changed_at
        if live.state.current_player() != seat or waited < hub.settings.absent_seconds:
            raise Refused(
                f"{target.name}'s seat can go to a bot once it has been their turn for "
                f"{hub.settings.absent_seconds:.0f} s without a move",
                409,
            )
    await hub.db(lambda db: store.set_seat_bot(db, table_id, seat, body.level))
    await hub.seat_changed(table_id)
    return await table_or_404(hub, table_id)
