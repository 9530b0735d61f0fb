"""The games on offer and each game's rules page."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter

from meeple.core.api import JSON
from meeple.web import rules, store
from meeple.web.errors import Refused

router = APIRouter()


@router.get("/api/games")
async def games() -> list[dict[str, JSON]]:
    return store.games_json()


@router.get("/api/games/{game_id}/rules")
async def game_rules(game_id: str) -> dict[str, Any]:
    """The game's rules page (docs/games/<id>.md) as HTML, with its headings."""
    names = {str(g["id"]): str(g["name"]) for g in store.games_json()}
    if game_id not in names:
        raise Refused(f"there is no game {game_id!r}", 404, "no_game")
    return await asyncio.to_thread(rules.page, game_id, names[game_id], set(names))
