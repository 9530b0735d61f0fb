"""The database: engine, schema migrations on startup, and a session helper."""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

MIGRATIONS = Path(__file__).parent / "migrations"


def default_url() -> str:
    return "sqlite:///meeple.db"


def normalise_url(url: str) -> str:
    """Accept a bare file path for SQLite, and ``postgres://`` for PostgreSQL; a PostgreSQL
    URL without a driver uses psycopg2 if it is installed, else psycopg 3."""
    if "://" not in url:
        return f"sqlite:///{url}"
    for plain in ("postgres://", "postgresql://"):
        if url.startswith(plain):
            rest = url[len(plain) :]
            if find_spec("psycopg2") is None and find_spec("psycopg") is not None:
                return "postgresql+psycopg://" + rest
            return "postgresql://" + rest
    return url


def make_engine(url: str) -> Engine:
    url = normalise_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        if database in ("", ":memory:"):
            raise ValueError("the web platform needs a SQLite file, not an in-memory database")
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30}, pool_size=8
        )

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest Alembic revision."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
