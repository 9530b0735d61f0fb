from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from meeple.web import Settings, create_app
from tests.hosts import TEST_HOSTS

FAST_BOTS = {"easy": "random", "medium": "random", "hard": "random"}


def make_settings(db_path, **kw) -> Settings:
    kw.setdefault("bot_delay", 0.0)
    kw.setdefault("bot_specs", dict(FAST_BOTS))
    kw.setdefault("strict_render", True)  # a renderer's failure fails the test
    kw.setdefault("allowed_hosts", TEST_HOSTS)
    return Settings(db_url=f"sqlite:///{db_path}", **kw)


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "meeple.db"


@pytest.fixture
def client(db_path) -> Iterator[TestClient]:
    with TestClient(create_app(make_settings(db_path))) as c:
        yield c


def new_client(app_or_client) -> TestClient:
    return TestClient(app_or_client.app if isinstance(app_or_client, TestClient) else app_or_client)


def guest(client: TestClient, name: str) -> dict:
    r = client.post("/api/guest", json={"name": name})
    assert r.status_code == 200, r.text
    return r.json()["user"]


def wait_for(predicate, timeout: float = 30.0, interval: float = 0.02):
    """Poll until predicate() is truthy (bounded)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(interval)


def two_person_table(alice: TestClient, bob: TestClient, game: str) -> int:
    """A started two-player table of ``game``: alice's seat and one kept for bob, who joins.
    Both must be logged in already (bob as "bob")."""
    tid: int = alice.post(
        "/api/tables",
        json={
            "game": game,
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "user", "name": "bob"}],
        },
    ).json()["id"]
    assert bob.post(f"/api/tables/{tid}/join").status_code == 200
    assert alice.post(f"/api/tables/{tid}/start").status_code == 200
    return tid
