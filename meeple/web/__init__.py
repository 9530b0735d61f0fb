"""The web platform: ``meeple serve`` and a browser.

FastAPI on uvicorn, SQLAlchemy 2 (SQLite by default, PostgreSQL by URL) with Alembic
migrations, accounts and sessions, a lobby, live tables over WebSockets with bots
server-side, replays, records and OpenSkill ratings. See docs/web.md.
"""

from meeple.web.app import create_app
from meeple.web.hub import Settings

__all__ = ["Settings", "create_app"]
