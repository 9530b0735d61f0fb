"""The FastAPI application: ``create_app`` puts together the routers (meeple.web.routes:
accounts, games, tables, play, live, records, ratings, pages), the static client, the
security middleware, the error handlers and the hub's lifespan."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel
from sqlalchemy.exc import DataError
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from meeple.web import hints
from meeple.web.db import DatabaseUnavailable, make_engine, migrate
from meeple.web.errors import Refused
from meeple.web.hub import Hub, Settings
from meeple.web.routes import API_ROUTERS, accounts, pages
from meeple.web.routes.deps import OUT_OF_RANGE, refusals, same_origin
from meeple.web.routes.live import MAX_WS_MESSAGE, SLOW_DOWN, WS_BURST, WS_RATE, WS_STRIKES
from meeple.web.routes.pages import STATIC
from meeple.web.routes.records import agent_name

# Names this module has always offered (tests read the WebSocket limits here).
__all__ = [
    "MAX_WS_MESSAGE",
    "SLOW_DOWN",
    "STATIC",
    "WS_BURST",
    "WS_RATE",
    "WS_STRIKES",
    "SecurityMiddleware",
    "agent_name",
    "create_app",
    "same_origin",
]

MAX_BODY = 64 * 1024  # bytes of a request body: the largest legitimate one is a few hundred

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'"
)


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


# -- the app ----------------------------------------------------------------------------


def create_app(settings: Settings | None = None) -> FastAPI:
    app = FastAPI(
        title="meeple",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        responses=ERROR_RESPONSES,
        exception_handlers=EXCEPTION_HANDLERS,
    )
    app.state.settings = settings or Settings()
    # What the routes share besides the hub (which the lifespan makes): the limits on
    # log-ins and new accounts, and the hints being worked out.
    accounts.keep_limits(app.state)
    app.state.hints = hints.Hints()
    app.add_middleware(SecurityMiddleware)
    # Outermost first: a trusted proxy's X-Forwarded-For sets the client's address for
    # everything inside (the log-in limits, the socket cap), then the Host is checked.
    app.add_middleware(
        TrustedHostMiddleware,
        allowed_hosts=list(app.state.settings.allowed_hosts),
        www_redirect=False,
    )
    if app.state.settings.trusted_proxies:
        app.add_middleware(
            ProxyHeadersMiddleware, trusted_hosts=list(app.state.settings.trusted_proxies)
        )
    app.state.sockets = collections.Counter()  # open WebSockets per client address
    for router in API_ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(pages.router)
    return app


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    settings: Settings = app.state.settings
    engine = make_engine(settings.db_url)
    await asyncio.to_thread(migrate, engine)
    hub = Hub(engine, settings)
    app.state.hub = hub
    await hub.records_key()  # made on the first run, kept in the database after
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


# -- error handlers: every refusal in the API's shape, {"error", "code"} ---------------------


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


async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    # Starlette's and FastAPI's own refusals (an unparsable body, an unknown path) in the
    # API's error shape, like every other refusal.
    return JSONResponse(
        {"error": str(exc.detail), "code": HTTP_CODES.get(exc.status_code)},
        status_code=exc.status_code,
        headers=exc.headers,
    )


async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
    # A body that is not JSON is bad input (400); JSON that does not fit the schema is
    # 422. Either way the API's error shape, without echoing the input back.
    errors = exc.errors()
    if any(e.get("type") == "json_invalid" for e in errors):
        body = {"error": "the request body is not valid JSON", "code": "bad_json"}
        status = 400
    else:
        body, status = {"error": validation_message(exc), "code": "invalid"}, 422
    refusals.info("refused %s %s: %s %s", request.method, request.url.path, status, body["code"])
    return JSONResponse(body, status_code=status)


async def db_unavailable(conn: Request, exc: DatabaseUnavailable) -> JSONResponse:
    # The database is unreachable or locked (Hub.db raises this): 503 and "try again",
    # for HTTP requests and for WebSocket handshakes (denied with this response) alike.
    return JSONResponse(
        {"error": exc.message, "code": exc.code},
        status_code=exc.status,
        headers={"Retry-After": "5"},
    )


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


async def out_of_range(request: Request, exc: OverflowError) -> JSONResponse:
    # An id beyond what the database can hold names nothing that exists.
    return JSONResponse(
        {"error": OUT_OF_RANGE, "code": "not_found"},
        status_code=404,
    )


EXCEPTION_HANDLERS: dict[
    int | type[Exception], Callable[[Request, Any], Coroutine[Any, Any, Response]]
] = {
    Refused: refused,
    StarletteHTTPException: http_error,
    RequestValidationError: invalid,
    DatabaseUnavailable: db_unavailable,
    DataError: unfit_value,
    OverflowError: out_of_range,
}


# -- the security middleware ----------------------------------------------------------------

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
