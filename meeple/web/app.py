"""The FastAPI application: accounts, lobby, tables, play, replays, ratings, static client."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from fastapi import Depends, FastAPI, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import DataError
from sqlalchemy.orm import Session as DBSession
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meeple.core.api import JSON, Layout
from meeple.core.components import JSONProblem, parse_json
from meeple.core.record import Record, result_of
from meeple.web import auth, hints, rules, store
from meeple.web.db import DatabaseUnavailable, make_engine, migrate
from meeple.web.errors import Refused
from meeple.web.hub import Conn, Hub, LiveTable, Settings, build_view, turn_marks
from meeple.web.models import User
from meeple.web.store import SeatInfo
from meeple.web.throttle import TokenBucket

STATIC = Path(__file__).parent / "static"
refusals = logging.getLogger("meeple.web.refused")
"""Every refused request and WebSocket message is logged here (at INFO), with who and why."""
log = logging.getLogger("meeple.web")
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
MAX_ID = 2**31 - 1  # ids are INTEGER columns: PostgreSQL holds no larger one
OUT_OF_RANGE = "no such item: a number in the request is out of range"
MAX_BODY = 64 * 1024  # bytes of a request body: the largest legitimate one is a few hundred
LOGIN_FAILURES = 10  # failed log-ins for one name from one client address ...
LOGIN_WINDOW = 600.0  # ... within this many seconds, then 429 until they age out
LOGIN_ADDRESS_FAILURES = 50  # failed log-ins from one client address, whatever the names

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'"
)


# -- request bodies -------------------------------------------------------------------


class Credentials(BaseModel):
    name: str = Field(max_length=64)
    password: str = Field(max_length=256)


class GuestBody(BaseModel):
    name: str = Field(max_length=64)


# Strict models: JSON types as they are (no "2" for 2, no true for 1), as the WebSocket
# path (Hub.play) takes them.
STRICT = ConfigDict(strict=True)


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


class ErrorBody(BaseModel):
    """Every refusal: a message for people and a short code for programs."""

    error: str
    code: str | None = None


# The refusals any route may answer with, so the OpenAPI schema describes them.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": why}
    for status, why in [
        (400, "refused: bad input or an illegal move"),
        (401, "log in first, or wrong name or password"),
        (403, "not yours, or a cross-site request"),
        (404, "no such item"),
        (409, "not now: the table's state does not allow it"),
        (413, "the request body is too large"),
        (422, "the request does not fit the schema: a missing or mistyped field"),
        (429, "too many failed log-ins, or new accounts from one address"),
        (503, "the database is unavailable for a moment: try again"),
    ]
}


HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
}


def validation_message(exc: RequestValidationError) -> str:
    """Where and what is wrong with a request, from the schema alone: never the input's
    values (which may be large, or someone's password)."""
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(x) for x in err.get("loc", ()) if x != "body") or "body"
        parts.append(f"{where}: {err.get('msg', 'invalid')}"[:200])
    return "; ".join(parts) or "invalid request"


def hub_of(request: Request) -> Hub:
    hub = request.app.state.hub
    assert isinstance(hub, Hub)
    return hub


HubDep = Annotated[Hub, Depends(hub_of)]


async def current_user(request: Request, hub: HubDep) -> User | None:
    token = request.cookies.get(auth.COOKIE)
    if not token:
        return None
    return await hub.db(lambda db: auth.user_of(db, token))


async def required_user(user: Annotated[User | None, Depends(current_user)]) -> User:
    if user is None:
        raise Refused("log in or play as a guest first", 401, "login")
    return user


async def release_finished(table_id: int, hub: HubDep) -> AsyncIterator[None]:
    """After a request that may have loaded a finished table into memory (``Hub.live``),
    forget it again unless someone watches it (``Hub.release``), as ``/view`` does."""
    try:
        yield
    finally:
        hub.release(table_id)


ReleaseFinished = Depends(release_finished)
MaybeUser = Annotated[User | None, Depends(current_user)]
UserDep = Annotated[User, Depends(required_user)]


def user_json(user: User | None) -> dict[str, JSON] | None:
    if user is None:
        return None
    return {"id": user.id, "name": user.name, "guest": user.is_guest}


# -- the app ----------------------------------------------------------------------------


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.db_url)
        await asyncio.to_thread(migrate, engine)
        hub = Hub(engine, settings)
        app.state.hub = hub
        await hub.resume_all()
        # What is loaded by now (modules, game data, resumed tables) lives as long as the
        # server: keep it out of the garbage collector's full passes, which are long.
        gc.collect()
        gc.freeze()
        try:
            yield
        finally:
            await hub.close()
            engine.dispose()

    app = FastAPI(
        title="meeple",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        responses=ERROR_RESPONSES,
    )

    app.add_middleware(SecurityMiddleware)

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> JSONResponse:
        refusals.info(
            "refused %s %s: %s %s (%s)",
            request.method,
            request.url.path,
            exc.status,
            exc.code,
            exc.message,
        )
        return JSONResponse({"error": exc.message, "code": exc.code}, status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # Starlette's and FastAPI's own refusals (an unparsable body, an unknown path) in the
        # API's error shape, like every other refusal.
        return JSONResponse(
            {"error": str(exc.detail), "code": HTTP_CODES.get(exc.status_code)},
            status_code=exc.status_code,
            headers=exc.headers,
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        # A body that is not JSON is bad input (400); JSON that does not fit the schema is
        # 422. Either way the API's error shape, without echoing the input back.
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            body = {"error": "the request body is not valid JSON", "code": "bad_json"}
            status = 400
        else:
            body, status = {"error": validation_message(exc), "code": "invalid"}, 422
        refusals.info(
            "refused %s %s: %s %s", request.method, request.url.path, status, body["code"]
        )
        return JSONResponse(body, status_code=status)

    @app.exception_handler(DatabaseUnavailable)
    async def db_unavailable(conn: Request, exc: DatabaseUnavailable) -> JSONResponse:
        # The database is unreachable or locked (Hub.db raises this): 503 and "try again",
        # for HTTP requests and for WebSocket handshakes (denied with this response) alike.
        return JSONResponse(
            {"error": exc.message, "code": exc.code},
            status_code=exc.status,
            headers={"Retry-After": "5"},
        )

    @app.exception_handler(DataError)
    async def unfit_value(request: Request, exc: DataError) -> JSONResponse:
        # A value the database cannot hold (PostgreSQL checks what SQLite lets through):
        # an id past INTEGER's range names nothing that exists; text with a NUL character
        # is bad input. Either way nothing was written (the transaction rolled back).
        if type(exc.orig).__name__ == "NumericValueOutOfRange":
            body, status = {"error": OUT_OF_RANGE, "code": "not_found"}, 404
        elif "NUL" in str(exc.orig):
            body = {"error": "text in a request may not hold NUL characters", "code": "bad_request"}
            status = 400
        else:
            body = {"error": "a value in the request does not fit", "code": "bad_request"}
            status = 400
        method = getattr(request, "method", "WEBSOCKET")
        refusals.info("refused %s %s: %s %s", method, request.url.path, status, body)
        return JSONResponse(body, status_code=status)

    @app.exception_handler(OverflowError)
    async def out_of_range(request: Request, exc: OverflowError) -> JSONResponse:
        # An id beyond what the database can hold names nothing that exists.
        return JSONResponse(
            {"error": OUT_OF_RANGE, "code": "not_found"},
            status_code=404,
        )

    def set_cookie(response: Response, token: str, secure: bool) -> None:
        response.set_cookie(
            auth.COOKIE,
            token,
            max_age=auth.SESSION_DAYS * 86400,
            httponly=True,
            samesite="lax",
            secure=secure,
            path="/",
        )

    async def login_as(
        hub: Hub, response: Response, fn: Callable[[DBSession], User]
    ) -> dict[str, JSON]:
        def run(db: DBSession) -> tuple[User, str]:
            try:
                user = fn(db)
            except auth.AuthError as e:
                raise Refused(str(e), 400, "auth") from None
            return user, auth.new_session(db, user)

        user, token = await hub.db(run)
        set_cookie(response, token, hub.settings.secure_cookies)
        return {"user": user_json(user)}

    # -- accounts -------------------------------------------------------------------------

    # New accounts (sign-ups and guests) per client address; tests swap the limit's clock.
    new_accounts = auth.new_account_limit()
    app.state.new_accounts = new_accounts

    def too_many_accounts(request: Request) -> JSONResponse | None:
        """A 429 with Retry-After if this address has made too many accounts lately;
        otherwise None, and this attempt counts (whether or not the name is free)."""
        key = auth.address_key(request.client.host if request.client else None)
        wait = new_accounts.retry_after(key)
        if wait is None:
            new_accounts.hit(key)
            return None
        message = f"too many new accounts from your address; try again in {wait} s"
        refusals.info(
            "refused %s %s: 429 rate_limited (%s) from %s",
            request.method,
            request.url.path,
            message,
            key,
        )
        return JSONResponse(
            {"error": message, "code": "rate_limited"},
            status_code=429,
            headers={"Retry-After": str(wait)},
        )

    # response_model: the schema documents the account, not the 429 returned as a Response.
    @app.post("/api/signup", response_model=dict[str, JSON])
    async def signup(
        body: Credentials, request: Request, response: Response, hub: HubDep
    ) -> dict[str, JSON] | Response:
        try:
            auth.check_name(body.name)
            auth.check_password(body.password)
        except auth.AuthError as e:
            raise Refused(str(e), 400, "auth") from None
        if (refusal := too_many_accounts(request)) is not None:
            return refusal
        hashed = await asyncio.to_thread(auth.hash_password, body.password)
        return await login_as(hub, response, lambda db: auth.sign_up(db, body.name, hashed))

    # Failed log-ins per (client address, name) and per client address (bounded, aged out);
    # tests swap their clocks.
    failed_logins = auth.RateLimit(LOGIN_FAILURES, LOGIN_WINDOW)
    failed_by_address = auth.RateLimit(LOGIN_ADDRESS_FAILURES, LOGIN_WINDOW)
    app.state.failed_logins = failed_logins
    app.state.failed_logins_by_address = failed_by_address

    @app.post("/api/login")
    async def login(
        body: Credentials, request: Request, response: Response, hub: HubDep
    ) -> dict[str, JSON]:
        # Failures count per (name, client address): an attacker guessing one name is slowed
        # down, but cannot lock its owner out, who logs in from another address. Per address
        # alone too, so that guessing across many names is slowed down as well.
        address = auth.address_key(request.client.host if request.client else None)
        key = f"{address} {auth.name_key(body.name)}"
        if failed_logins.retry_after(key) is not None:
            raise Refused(
                "too many failed log-ins for this name from your address; try again later",
                429,
                "auth",
            )
        if failed_by_address.retry_after(address) is not None:
            raise Refused("too many failed log-ins from your address; try again later", 429, "auth")
        # The attempt counts as a failure from now until it has succeeded: attempts sent at
        # once are counted before any of them is checked (the check awaits the hash), so they
        # cannot all slip under the limit together.
        stamp, address_stamp = failed_logins.hit(key), failed_by_address.hit(address)
        try:
            user_id, stored = await hub.db(lambda db: auth.stored_hash(db, body.name))
            new_hash = await asyncio.to_thread(auth.check_login, user_id, stored, body.password)
        except auth.AuthError as e:
            raise Refused(str(e), 401, "auth") from None
        except BaseException:
            failed_logins.undo(key, stamp)  # not a failed log-in: the database failed
            failed_by_address.undo(address, address_stamp)
            raise
        failed_logins.forget(key)
        failed_by_address.undo(address, address_stamp)
        assert user_id is not None
        return await login_as(hub, response, lambda db: auth.logged_in(db, user_id, new_hash))

    @app.post("/api/guest", response_model=dict[str, JSON])
    async def guest(
        body: GuestBody, request: Request, response: Response, hub: HubDep
    ) -> dict[str, JSON] | Response:
        try:
            auth.check_name(body.name)
        except auth.AuthError as e:
            raise Refused(str(e), 400, "auth") from None
        if (refusal := too_many_accounts(request)) is not None:
            return refusal
        return await login_as(hub, response, lambda db: auth.guest(db, body.name))

    @app.post("/api/logout")
    async def logout(request: Request, response: Response, hub: HubDep) -> dict[str, JSON]:
        token = request.cookies.get(auth.COOKIE)
        await hub.db(lambda db: auth.end_session(db, token))
        response.delete_cookie(auth.COOKIE, path="/")
        return {"user": None}

    @app.get("/api/me")
    async def me(user: MaybeUser) -> dict[str, JSON]:
        return {"user": user_json(user)}

    # -- games, lobby ---------------------------------------------------------------------

    @app.get("/api/games")
    async def games() -> list[dict[str, JSON]]:
        return store.games_json()

    @app.get("/api/games/{game_id}/rules")
    async def game_rules(game_id: str) -> dict[str, Any]:
        """The game's rules page (docs/games/<id>.md) as HTML, with its headings."""
        names = {str(g["id"]): str(g["name"]) for g in store.games_json()}
        if game_id not in names:
            raise Refused(f"there is no game {game_id!r}", 404, "no_game")
        return await asyncio.to_thread(rules.page, game_id, names[game_id], set(names))

    @app.get("/api/tables")
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
        rows = await hub.db(
            lambda db: store.list_tables(db, status, limit, user_id=uid, offset=offset)
        )
        for row in rows:
            # Whose move it is, in a game this process holds: the page marks "your turn".
            live = hub.tables.get(row["id"]) if row["status"] == "running" else None
            cp = live.state.current_player() if live is not None else -1
            row["to_move"] = cp if cp >= 0 else None
        return rows

    @app.post("/api/tables")
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

    async def table_or_404(hub: Hub, table_id: int) -> dict[str, JSON]:
        info = await hub.info(table_id)
        if info is None:
            raise Refused(f"there is no table {table_id}", 404, "no_table")
        return info

    @app.get("/api/tables/{table_id}")
    async def table(table_id: int, hub: HubDep) -> dict[str, JSON]:
        return await table_or_404(hub, table_id)

    @app.post("/api/tables/{table_id}/join")
    async def join(
        table_id: int, user: UserDep, hub: HubDep, body: JoinBody | None = None
    ) -> dict[str, JSON]:
        # The body is optional (`{seat?}`): none takes the first open seat, or the one kept
        # for the caller.
        seat = body.seat if body is not None else None
        await hub.db(lambda db: store.join(db, table_id, user, seat))
        await hub.publish(table_id)
        return await table_or_404(hub, table_id)

    @app.post("/api/tables/{table_id}/leave", dependencies=[ReleaseFinished])
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

    @app.post("/api/tables/{table_id}/start")
    async def start(table_id: int, user: UserDep, hub: HubDep) -> dict[str, JSON]:
        await hub.db(lambda db: store.start(db, table_id, user))
        await hub.info(table_id, fresh=True)
        live = await hub.live(table_id)
        if live is not None:
            hub.kick(live)
        await hub.publish(table_id)
        return await table_or_404(hub, table_id)

    @app.post("/api/tables/{table_id}/bot", dependencies=[ReleaseFinished])
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

    # -- play -------------------------------------------------------------------------

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

    @app.get("/api/tables/{table_id}/view", dependencies=[ReleaseFinished])
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

    @app.post("/api/tables/{table_id}/move", dependencies=[ReleaseFinished])
    async def move(table_id: int, body: MoveBody, user: UserDep, hub: HubDep) -> dict[str, JSON]:
        live = await hub.play(table_id, user.id, body.action, body.seen, body.seat)
        seat = body.seat if body.seat is not None else live.seats_of(user.id)[0]
        return await seat_answer(hub, live, seat)

    # A turn draft: decisions staged for the seat alone, then confirmed together.

    @app.post("/api/tables/{table_id}/draft")
    async def draft(table_id: int, body: DraftBody, user: UserDep, hub: HubDep) -> dict[str, JSON]:
        live, seat = await hub.stage(table_id, user.id, body.action, body.seen, body.seat)
        return await seat_answer(hub, live, seat)

    @app.post("/api/tables/{table_id}/undo")
    async def undo(table_id: int, body: UndoBody, user: UserDep, hub: HubDep) -> dict[str, JSON]:
        live, seat = await hub.undo(table_id, user.id, body.seat, body.all, body.seen)
        return await seat_answer(hub, live, seat)

    @app.post("/api/tables/{table_id}/confirm", dependencies=[ReleaseFinished])
    async def confirm(
        table_id: int, body: ConfirmBody, user: UserDep, hub: HubDep
    ) -> dict[str, JSON]:
        live, seat = await hub.confirm(table_id, user.id, body.seat, body.seen)
        return await seat_answer(hub, live, seat)

    # Hints: the hard bot's suggestion at unrated tables, a few per game (meeple.web.hints).
    hint_book = app.state.hints = hints.Hints()

    @app.get("/api/tables/{table_id}/hint", dependencies=[ReleaseFinished])
    async def hint_status(
        table_id: int, user: MaybeUser, hub: HubDep, seat: int | None = None
    ) -> dict[str, JSON]:
        info = await table_or_404(hub, table_id)
        live = await hub.live(table_id)
        mine = viewer_seat(live, user, seat) if live is not None else None
        return await hints.status(hub, hint_book, live, info, mine)

    @app.post("/api/tables/{table_id}/hint")
    async def hint(table_id: int, body: HintBody, user: UserDep, hub: HubDep) -> dict[str, JSON]:
        return await hints.take_hint(hub, hint_book, table_id, user.id, body.seat, body.seen)

    @app.websocket("/ws/tables/{table_id}")
    async def ws_table(
        websocket: WebSocket,
        table_id: int,
        seat: int | None = None,
        svg: int = 1,
        layout: Layout = "wide",
    ) -> None:
        hub: Hub = websocket.app.state.hub
        if not same_origin(websocket.headers.get("origin"), websocket.headers.get("host")):
            # Accepted, then closed at once with 4403 (nothing read, nothing sent): a browser
            # sees the close code, where a refused handshake is only a bare failure (1006).
            refusals.info("refused websocket on table %s: cross-site", table_id)
            await websocket.accept()
            await websocket.close(code=4403, reason="cross-site request refused")
            return
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
                        refusals.info(
                            "closed a flooding websocket on table %s, user %s", table_id, uid
                        )
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

    # -- replays and records ---------------------------------------------------------

    async def finished(hub: Hub, table_id: int) -> tuple[Any, list[Any], list[str]]:
        row, seats, notations = await hub.db(lambda db: store.moves_of(db, table_id))
        if row.status != "finished":
            raise Refused("replays and records are for finished games", 409, "not_finished")
        return row, seats, notations

    @app.get("/api/tables/{table_id}/replay")
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
        live = LiveTable(row, seats)
        if seat is not None and not 0 <= seat < live.n:
            raise Refused(f"there is no seat index {seat}", 404, "no_seat")
        marks = turn_marks([m.actor for m in moves])
        total = len(moves)
        if turn is not None:
            if not 0 <= turn < len(marks):
                raise Refused(
                    f"this game has turns 0 to {len(marks) - 1}, not {turn}", 404, "no_turn"
                )
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

    def replay_moves(
        db: Any, table_id: int
    ) -> tuple[Any, list[Any], list[Any], list[Any], list[Any]]:
        found = store.load_table(db, table_id)
        if found is None:
            raise Refused(f"there is no table {table_id}", 404, "no_table")
        row, seats, moves = found
        if row.status != "finished":
            raise Refused("replays and records are for finished games", 409, "not_finished")
        return row, seats, moves, store.mover_names(db, moves), store.notes_of(db, table_id)

    @app.get("/api/tables/{table_id}/record")
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
        )
        return Response(
            rec.dumps() + "\n",
            media_type="application/json",
            headers={
                "Content-Disposition": f'attachment; filename="meeple-{row.game_id}-{row.id}.json"'
            },
        )

    # -- ratings -----------------------------------------------------------------------

    @app.get("/api/leaderboard/{game_id}")
    async def leaderboard(game_id: str, hub: HubDep) -> list[dict[str, JSON]]:
        return await hub.db(lambda db: store.leaderboard(db, game_id))

    @app.get("/api/players/{name}")
    async def player(name: str, hub: HubDep) -> dict[str, JSON]:
        return await hub.db(lambda db: store.player(db, name))

    # -- the browser client ------------------------------------------------------------

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/docs/img/{name}", include_in_schema=False)
    async def docs_image(name: str) -> FileResponse:
        """The pictures the rules pages show (docs/img/, in a checkout)."""
        path = rules.image_path(name)
        if path is None:
            raise Refused(f"there is no picture {name!r}", 404, "not_found")
        return FileResponse(path, headers={"Cache-Control": "max-age=3600"})

    return app


SECURITY_HEADERS = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
)


def too_large() -> StarletteHTTPException:
    return StarletteHTTPException(413, f"the request body is over {MAX_BODY // 1024} KB")


class SecurityMiddleware:
    """Refuses cross-site state changes and bodies over MAX_BODY, and adds the security
    headers (plain ASGI)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if scope["method"] not in ("GET", "HEAD", "OPTIONS") and not same_origin(
            headers.get("origin"), headers.get("host")
        ):
            refusal = JSONResponse(
                {"error": "cross-site request refused", "code": "cross_site"}, status_code=403
            )
            await refusal(scope, receive, send)
            return
        # The body limit: a declared length over it is refused before anything is read; a
        # streamed (chunked) body is counted as it arrives, and refused once past it.
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            exc = too_large() if length.isdigit() else StarletteHTTPException(400)
            await JSONResponse(
                {"error": exc.detail, "code": HTTP_CODES[exc.status_code]},
                status_code=exc.status_code,
                headers={"Connection": "close"},
            )(scope, receive, send)
            return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > MAX_BODY:
                    # Raised inside the route's body reading: the app's handler answers it.
                    raise too_large()
            return message

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                out = MutableHeaders(scope=message)
                for key, value in SECURITY_HEADERS:
                    if key not in out:
                        out[key] = value
            await send(message)

        await self.app(scope, limited_receive, send_with_headers)


def agent_name(seat: SeatInfo) -> str:
    """Who played a seat, for a record: a person who left it is named before the bot."""
    if seat.kind != "bot":
        return f"human:{seat.name}"
    if seat.left_by is not None:
        return f"human:{seat.left_by}, then bot:{seat.level}"
    return f"bot:{seat.level}"


def same_origin(origin: str | None, host: str | None) -> bool:
    """A request without Origin (same-origin GET, curl) passes; otherwise hosts must match."""
    if origin is None:
        return True
    if origin == "null" or host is None:
        return False
    return urlsplit(origin).netloc.lower() == host.lower()
