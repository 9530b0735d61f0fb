"""What the routers share: the hub and the caller as FastAPI dependencies, a table's 404,
the refusals' log and the same-origin check."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import Annotated, TypeVar
from urllib.parse import urlsplit

from fastapi import Depends, Request
from pydantic import ConfigDict

from meeple.core.api import JSON
from meeple.web import auth
from meeple.web.errors import Refused
from meeple.web.hub import Hub
from meeple.web.models import User

T = TypeVar("T")

refusals = logging.getLogger("meeple.web.refused")
"""Every refused request and WebSocket message is logged here (at INFO), with who and why."""
log = logging.getLogger("meeple.web")

MAX_ID = 2**31 - 1  # ids are INTEGER columns: PostgreSQL holds no larger one
OUT_OF_RANGE = "no such item: a number in the request is out of range"

# Strict models: JSON types as they are (no "2" for 2, no true for 1), as the WebSocket
# path (Hub.play) takes them.
STRICT = ConfigDict(strict=True)


def state_of(request: Request, name: str, kind: type[T]) -> T:
    """What ``create_app`` keeps on ``app.state`` under ``name`` (the hub, the limits)."""
    value = getattr(request.app.state, name)
    assert isinstance(value, kind)
    return value


def hub_of(request: Request) -> Hub:
    return state_of(request, "hub", Hub)


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


async def table_or_404(hub: Hub, table_id: int) -> dict[str, JSON]:
    info = await hub.info(table_id)
    if info is None:
        raise Refused(f"there is no table {table_id}", 404, "no_table")
    return info


def same_origin(origin: str | None, host: str | None) -> bool:
    """A request without Origin (same-origin GET, curl) passes; otherwise hosts must match."""
    if origin is None:
        return True
    if origin == "null" or host is None:
        return False
    return urlsplit(origin).netloc.lower() == host.lower()
