"""A fresh PostgreSQL database per test, on the server named by MEEPLE_TEST_POSTGRES.

`.ci/run` starts a throwaway cluster and exports that URL (its role may create databases);
without it the tests that use `pg_url` skip with the reason. Each test gets a database of
its own, so tests can run in parallel (`pytest -n 2`) and never see each other's tables.
"""

from __future__ import annotations

import os
import time
import uuid
import warnings
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from meeple.web.db import normalise_url

BASE_URL = os.environ.get("MEEPLE_TEST_POSTGRES")
needs_postgres = pytest.mark.skipif(
    not BASE_URL, reason="set MEEPLE_TEST_POSTGRES to a PostgreSQL URL"
)


def _admin_engine():  # type: ignore[no-untyped-def]
    assert BASE_URL is not None
    url = make_url(normalise_url(BASE_URL)).set(database="postgres")
    return create_engine(url, isolation_level="AUTOCOMMIT")


@pytest.fixture
def pg_url() -> Iterator[str]:
    """The URL of a new, empty database; dropped (with its connections) afterwards."""
    if not BASE_URL:
        pytest.skip("set MEEPLE_TEST_POSTGRES to a PostgreSQL URL")
    name = f"meeple_t_{uuid.uuid4().hex[:12]}"
    admin = _admin_engine()
    with admin.connect() as conn:
        conn.execute(text(f'create database "{name}"'))
    try:
        yield (
            make_url(normalise_url(BASE_URL))
            .set(database=name)
            .render_as_string(hide_password=False)
        )
    finally:
        _drop(admin, name)
        admin.dispose()


def _drop(admin, name: str) -> None:  # type: ignore[no-untyped-def]
    """Drop the test's database. ``with (force)`` ends the test's own connections, but not
    an autovacuum worker's (only a superuser may), so try again a few times; a database
    left behind on the throwaway cluster harms nothing, so the last failure only warns."""
    for attempt in range(10):
        try:
            with admin.connect() as conn:
                conn.execute(text(f'drop database if exists "{name}" with (force)'))
            return
        except DBAPIError as e:
            if attempt == 9:
                warnings.warn(f"could not drop the test database {name}: {e}", stacklevel=2)
                return
            time.sleep(0.2 * (attempt + 1))
