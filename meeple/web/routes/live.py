"""A live table over a WebSocket: the board as it changes, and moves, draft steps, undo
and confirm sent the other way, each message rate-limited."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from meeple.core.api import JSON, Layout
from meeple.core.components import JSONProblem, parse_json
from meeple.web import auth
from meeple.web.errors import Refused
from meeple.web.hub import Conn, Hub
from meeple.web.models import User
from meeple.web.routes.deps import MAX_ID, log, refusals, same_origin
from meeple.web.throttle import TokenBucket

router = APIRouter()

MAX_WS_MESSAGE = 4096
# Per WebSocket: a burst of WS_BURST messages, then WS_RATE a second; a message over that
# is answered with SLOW_DOWN and not acted on; refusals owed (paid off at WS_RATE a second)
# past WS_STRIKES mean a flood, and the connection is closed.
WS_BURST, WS_RATE, WS_STRIKES = 60, 20.0, 200
SLOW_DOWN = {
    "type": "error",
    "code": "slow_down",
    "message": f"too many messages: at most {WS_RATE:g} a second; this one was not acted on",
}


@router.websocket("/ws/tables/{table_id}")
async def ws_table(
    websocket: WebSocket,
    table_id: int,
    seat: int | None = None,
    svg: int = 1,
    layout: Layout = "wide",
) -> None:
    if not same_origin(websocket.headers.get("origin"), websocket.headers.get("host")):
        # Accepted, then closed at once with 4403 (nothing read, nothing sent): a browser
        # sees the close code, where a refused handshake is only a bare failure (1006).
        refusals.info("refused websocket on table %s: cross-site", table_id)
        await websocket.accept()
        await websocket.close(code=4403, reason="cross-site request refused")
        return
    sockets: collections.Counter[str] = websocket.app.state.sockets
    cap = websocket.app.state.settings.sockets_per_address
    address = websocket.client.host if websocket.client is not None else "unknown"
    if sockets[address] >= cap:
        refusals.info("refused websocket on table %s: %s has %d open", table_id, address, cap)
        await websocket.accept()
        await websocket.close(
            code=4429, reason=f"too many connections from your address (at most {cap})"
        )
        return
    sockets[address] += 1
    try:
        await _serve_table(websocket, table_id, seat, svg, layout)
    finally:
        sockets[address] -= 1
        if not sockets[address]:
            del sockets[address]


async def _serve_table(
    websocket: WebSocket, table_id: int, seat: int | None, svg: int, layout: Layout
) -> None:
    hub: Hub = websocket.app.state.hub
    token = websocket.cookies.get(auth.COOKIE)
    user = await hub.db(lambda db: auth.user_of(db, token)) if token else None
    await websocket.accept()
    if not 0 < table_id <= MAX_ID:
        await websocket.send_text(json.dumps({"type": "error", "message": "no such table"}))
        await websocket.close(code=4404)
        return
    picture = layout if svg != 0 else None
    conn = Conn(websocket.send_text, user.id if user is not None else None, seat, picture)
    try:
        found = await hub.subscribe(table_id, conn)
    except Refused as e:
        await websocket.send_text(
            json.dumps({"type": "error", "code": e.code, "message": e.message})
        )
        await websocket.close(code=4409)
        return
    if not found:
        await websocket.send_text(json.dumps({"type": "error", "message": "no such table"}))
        await websocket.close(code=4404)
        return
    writer = asyncio.create_task(conn.writer())
    bucket = TokenBucket(WS_BURST, WS_RATE)
    try:
        while not conn.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if not bucket.take():
                uid = user.id if user is not None else None
                if bucket.debt > WS_STRIKES:
                    refusals.info("closed a flooding websocket on table %s, user %s", table_id, uid)
                    await websocket.close(code=1008, reason="too many messages")
                    break
                refusals.info(
                    "refused websocket message on table %s from user %s: slow_down",
                    table_id,
                    uid,
                )
                conn.push(json.dumps(SLOW_DOWN))
                continue
            try:
                reply = await handle_ws(hub, table_id, user, conn, raw)
            except Exception:
                # A fault of the server's, not of the message: say so, keep the connection.
                log.exception("table %s: a websocket message could not be handled", table_id)
                reply = {
                    "type": "error",
                    "code": "server_error",
                    "message": "the server failed to handle that message; it was not acted on",
                }
            if reply is not None:
                conn.push(json.dumps(reply))
    except WebSocketDisconnect:
        pass
    finally:
        hub.unsubscribe(table_id, conn)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


async def handle_ws(
    hub: Hub, table_id: int, user: User | None, conn: Conn, raw: str | None
) -> dict[str, JSON] | None:
    reply = await answer_ws(hub, table_id, user, conn, raw)
    if reply is not None and reply.get("type") == "error":
        refusals.info(
            "refused websocket message on table %s from user %s: %s (%s)",
            table_id,
            user.id if user is not None else None,
            reply.get("code"),
            reply.get("message"),
        )
    return reply


def bad_message(message: str) -> dict[str, JSON]:
    return {"type": "error", "code": "bad_message", "message": message}


async def answer_ws(
    hub: Hub, table_id: int, user: User | None, conn: Conn, raw: str | None
) -> dict[str, JSON] | None:
    if raw is None:
        return bad_message("messages are JSON text; a binary message is not read")
    if len(raw) > MAX_WS_MESSAGE:
        return bad_message("message too long")
    try:
        msg = parse_json(raw)
    except JSONProblem as e:
        return bad_message(f"not JSON: {e}")
    if not isinstance(msg, dict):
        return bad_message("a message is a JSON object")
    kind = msg.get("type")
    if kind == "ping":
        return {"type": "pong", "t": msg.get("t")}
    if kind not in ("move", "draft", "undo", "confirm"):
        return bad_message(f"unknown message type {kind!r}")
    if user is None:
        return {"type": "error", "code": "login", "message": "log in to play"}
    seen = msg.get("seen")
    try:
        if kind == "move":
            await hub.play(
                table_id,
                user.id,
                msg.get("action"),
                seen if isinstance(seen, int) else -1,
                conn.seat,
            )
        elif kind == "draft":
            await hub.stage(table_id, user.id, msg.get("action"), seen, conn.seat)
        elif kind == "undo":
            await hub.undo(table_id, user.id, conn.seat, msg.get("all") is True, seen)
        else:
            await hub.confirm(table_id, user.id, conn.seat, seen)
    except Refused as e:
        return {"type": "error", "code": e.code, "message": e.message, "req": msg.get("req")}
    return None
