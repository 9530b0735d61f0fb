"""Ratings: a game's leaderboard and a player's page."""

from __future__ import annotations

from fastapi import APIRouter

from meeple.core.api import JSON
from meeple.web import store
from meeple.web.routes.deps import HubDep

router = APIRouter()


@router.get("/api/leaderboard/{game_id}")
async def leaderboard(game_id: str, hub: HubDep) -> list[dict[str, JSON]]:
    return await hub.db(lambda db: store.leaderboard(db, game_id))


@router.get("/api/players/{name}")
async def player(name: str, hub: HubDep) -> dict[str, JSON]:
    return await hub.db(lambda db: store.player(db, name))
