"""The web server's routes, one router per concern (``deps`` holds what they share).

``create_app`` (meeple.web.app) includes the API's routers in this order, which is the
order of the paths in the OpenAPI schema, then mounts ``/static`` and includes ``pages``."""

from fastapi import APIRouter

from meeple.web.routes import accounts, games, live, pages, play, ratings, records, tables

API_ROUTERS: list[APIRouter] = [
    accounts.router,  # /api/signup, login, guest, logout, me
    games.router,  # /api/games, /api/games/{id}/rules
    tables.router,  # the lobby: /api/tables, a table's seats: join, leave, start, bot
    play.router,  # a table's view, move, draft, undo, confirm, hint
    live.router,  # /ws/tables/{id}
    records.router,  # a finished table's replay and record
    ratings.router,  # /api/leaderboard/{game}, /api/players/{name}
]

__all__ = [
    "API_ROUTERS",
    "accounts",
    "games",
    "live",
    "pages",
    "play",
    "ratings",
    "records",
    "tables",
]
