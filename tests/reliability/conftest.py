"""The reliability tests run on both databases: SQLite always, PostgreSQL when
MEEPLE_TEST_POSTGRES names a server (a fresh database per test, from tests/pg.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from meeple.web import Settings, create_app
from meeple.web.db import normalise_url
from tests.hosts import TEST_HOSTS
from tests.pg import needs_postgres, pg_url
from tests.web.conftest import FAST_BOTS, db_path

__all__ = ["client", "db_path", "db_url", "peer", "pg_url", "query"]

BACKENDS = ["sqlite", pytest.param("postgresql", marks=needs_postgres)]


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path) -> str:
    """The database of one test: a new SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'meeple.db'}"
    url = request.getfixturevalue("pg_url")
    assert isinstance(url, str)
    return url


def settings_for(url: str, **kw: Any) -> Settings:
    kw.setdefault("bot_delay", 0.0)
    kw.setdefault("bot_specs", dict(FAST_BOTS))
    kw.setdefault("allowed_hosts", TEST_HOSTS)
    return Settings(db_url=url, **kw)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(db_url))) as c:
        yield c


def peer(client: TestClient, **kw: Any) -> TestClient:
    """Another person's client on the same running server: it shares the first client's
    event loop. (A TestClient of its own would run each request in a loop of its own, and
    what a request starts there, such as a table's driver or the PostgreSQL lock
    connection, would die with that loop: a harness artefact no real server has.)"""
    other = TestClient(client.app, **kw)
    other.portal = client.portal
    return other


def query(url: str, sql: str, **params: Any) -> list[tuple[Any, ...]]:
    """Rows straight from the database, beside the server (no pool left open: a PostgreSQL
    test database is dropped at the end, and SQLite's file may be written by a server)."""
    engine = create_engine(normalise_url(url), poolclass=NullPool)
    try:
        with engine.connect() as conn:
            return [tuple(r) for r in conn.execute(text(sql), params)]
    finally:
        engine.dispose()
