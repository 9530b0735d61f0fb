"""The database: engine, schema migrations on startup, and a session helper."""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, Insert, create_engine, event, exc, insert, text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session as DBSession

from meeple.web.errors import Refused

MIGRATIONS = Path(__file__).parent / "migrations"
# How long a SQLite writer waits for another's lock before giving up ("database is locked"):
# long enough for any normal transaction of another process, short enough that a page
# answers 503 instead of hanging. A URL may say otherwise (sqlite:///f.db?timeout=20).
SQLITE_BUSY_SECONDS = 5.0
# PostgreSQL: a server that does not answer is given up on after this many seconds (libpq's
# connect_timeout), and a silent broken connection is noticed by TCP keepalives.
PG_CONNECT_SECONDS = 5
PG_CONNECT_ARGS: dict[str, Any] = {
    "connect_timeout": PG_CONNECT_SECONDS,
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 5,
    "keepalives_count": 3,
}
POOL_WAIT_SECONDS = 10.0  # waiting for a free pooled connection, then 503
# meeple's PostgreSQL advisory locks are (ADVISORY_SPACE, n): n = 0 while migrating, n = a
# table's id for the process that drives that table (meeple.web.notify).
ADVISORY_SPACE = 0x4D45


class DatabaseUnavailable(Refused):
    """The database cannot be reached (or is locked) now: a 503 that says to try again.
    Nothing was committed by the failed transaction (or, if the connection broke during the
    commit itself, the live table re-reads its moves before its next one)."""

    def __init__(self) -> None:
        super().__init__(
            "the database is unavailable at the moment; try again in a few seconds",
            503,
            "db_unavailable",
        )


def is_unavailable(error: BaseException) -> bool:
    """A failure of the connection or a lock, not of the request: worth trying again later.
    (Constraint violations such as a second move at one index are IntegrityErrors, not this.)"""
    if isinstance(error, (exc.OperationalError, exc.InterfaceError, exc.TimeoutError)):
        return True
    return isinstance(error, exc.DBAPIError) and error.connection_invalidated


def insert_absent(db: DBSession, model: type[Any], **values: Any) -> int:
    """``INSERT ... ON CONFLICT DO NOTHING`` (PostgreSQL and SQLite): 1 if the row was
    inserted, 0 if a row with one of its unique keys was there already (or was inserted by a
    concurrent transaction, which PostgreSQL waits for). Never a constraint violation, so
    requests racing to make one row (a rating, a bot's user, a name) cannot fail with a 500."""
    table = model.__table__
    dialect = db.get_bind().dialect.name
    if dialect == "postgresql":
        # The rows inserted, as RETURNING gives them (the driver's row count says -1 here).
        pg = postgresql.insert(table).values(**values).on_conflict_do_nothing()
        return len(db.connection().execute(pg.returning(*table.primary_key.columns)).all())
    if dialect == "sqlite":
        stmt: Insert = sqlite.insert(table).values(**values).on_conflict_do_nothing()
    else:
        stmt = insert(table).values(**values)
    return int(db.connection().execute(stmt).rowcount)


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
        given = parsed.query.get("timeout")
        busy = float(given if isinstance(given, str) else SQLITE_BUSY_SECONDS)
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": busy}, pool_size=8
        )

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    # libpq's parameters, for the drivers built on libpq (psycopg 3 and psycopg2).
    libpq = parsed.get_driver_name() in ("psycopg", "psycopg2")
    connect_args = dict(PG_CONNECT_ARGS) if libpq else {}
    return create_engine(
        url,
        pool_pre_ping=True,
        pool_size=10,
        max_overflow=20,
        pool_timeout=POOL_WAIT_SECONDS,
        connect_args=connect_args,
    )


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest Alembic revision."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False))
    sqlite = engine.url.get_backend_name() == "sqlite"
    with engine.connect() as conn:
        if sqlite:
            # A batch migration on SQLite copies a table and drops the old one; with foreign
            # keys on, that drop deletes every row pointing at it (ON DELETE CASCADE: every
            # seat and move of every table). Off while migrating (only outside a transaction
            # does SQLite take it), then checked and back on.
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            conn.commit()  # (SQLAlchemy's own begin; the driver sent no BEGIN for a PRAGMA)
        try:
            with conn.begin():
                if engine.url.get_backend_name() == "postgresql":
                    # Several servers starting at once on one database: one migrates, the
                    # others wait here (until its commit) and then find the schema up to date.
                    conn.execute(
                        text("select pg_advisory_xact_lock(:space, 0)"), {"space": ADVISORY_SPACE}
                    )
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
                if sqlite:
                    broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise RuntimeError(
                            f"the migration left rows pointing nowhere: {broken[:5]}"
                        )
        finally:
            if sqlite:
                conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                conn.commit()
