"""Accounts: sign up, log in and out, guests, who am I; the session cookie and the limits
on failed log-ins and on new accounts per client address."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session as DBSession
from starlette.datastructures import State

from meeple.core.api import JSON
from meeple.web import auth
from meeple.web.errors import Refused
from meeple.web.hub import Hub
from meeple.web.models import User
from meeple.web.routes.deps import HubDep, MaybeUser, refusals, state_of, user_json

router = APIRouter()

LOGIN_FAILURES = 10  # failed log-ins for one name from one client address ...
LOGIN_WINDOW = 600.0  # ... within this many seconds, then 429 until they age out
LOGIN_ADDRESS_FAILURES = 50  # failed log-ins from one client address, whatever the names


class Credentials(BaseModel):
    name: str = Field(max_length=64)
    password: str = Field(max_length=256)


class GuestBody(BaseModel):
    name: str = Field(max_length=64)


def keep_limits(state: State) -> None:
    """Put the app's limits on ``app.state``, where these routes read them (tests swap their
    clocks): new accounts (sign-ups and guests) per client address, and failed log-ins per
    (client address, name) and per client address (bounded, aged out)."""
    state.new_accounts = auth.new_account_limit()
    state.failed_logins = auth.RateLimit(LOGIN_FAILURES, LOGIN_WINDOW)
    state.failed_logins_by_address = auth.RateLimit(LOGIN_ADDRESS_FAILURES, LOGIN_WINDOW)


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


def too_many_accounts(request: Request) -> JSONResponse | None:
    """A 429 with Retry-After if this address has made too many accounts lately;
    otherwise None, and this attempt counts (whether or not the name is free)."""
    new_accounts = state_of(request, "new_accounts", auth.RateLimit)
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
@router.post("/api/signup", response_model=dict[str, JSON])
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


@router.post("/api/login")
async def login(
    body: Credentials, request: Request, response: Response, hub: HubDep
) -> dict[str, JSON]:
    failed_logins = state_of(request, "failed_logins", auth.RateLimit)
    failed_by_address = state_of(request, "failed_logins_by_address", auth.RateLimit)
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


@router.post("/api/guest", response_model=dict[str, JSON])
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


@router.post("/api/logout")
async def logout(request: Request, response: Response, hub: HubDep) -> dict[str, JSON]:
    token = request.cookies.get(auth.COOKIE)
    await hub.db(lambda db: auth.end_session(db, token))
    response.delete_cookie(auth.COOKIE, path="/")
    return {"user": None}


@router.get("/api/me")
async def me(user: MaybeUser) -> dict[str, JSON]:
    return {"user": user_json(user)}
