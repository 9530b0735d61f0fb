"""New accounts per client address: sign-ups and guests share one sliding-window limit
(auth.NEW_ACCOUNTS per auth.NEW_ACCOUNTS_WINDOW seconds). Over it: 429 with Retry-After and
{error, code}, logged as a refusal, and nothing created. The limit's clock is swapped for a
fake one, so the window passes without waiting."""

from __future__ import annotations

import sqlite3

import pytest
from fastapi.testclient import TestClient

from meeple.web import auth, create_app
from tests.web.conftest import make_settings

LIMIT = auth.NEW_ACCOUNTS
WINDOW = auth.NEW_ACCOUNTS_WINDOW


@pytest.fixture(autouse=True)
def default_limit(monkeypatch) -> None:
    # Before the app is made: the tests are about the default limit, whatever the environment.
    monkeypatch.delenv(auth.NEW_ACCOUNTS_ENV, raising=False)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(client) -> Clock:
    fake = Clock()
    client.app.state.new_accounts.clock = fake
    return fake


def at(client: TestClient, host: str) -> TestClient:
    """A client of the same running app, from another address (same event loop)."""
    other = TestClient(client.app, client=(host, 50000))
    other.portal = client.portal
    return other


def users(db_path) -> list[str]:
    with sqlite3.connect(db_path) as con:
        return [name for (name,) in con.execute("select name from users order by id")]


def new_guest(client: TestClient, name: str):
    return client.post("/api/guest", json={"name": name})


def assert_refused(r, wait: int) -> None:
    assert r.status_code == 429, r.text
    assert r.json() == {
        "error": f"too many new accounts from your address; try again in {wait} s",
        "code": "rate_limited",
    }
    assert r.headers["retry-after"] == str(wait)
    assert "set-cookie" not in r.headers  # no session either


def test_a_burst_over_the_limit_is_refused_and_creates_nothing(client, clock, db_path, caplog):
    for i in range(LIMIT):
        r = new_guest(client, f"guest{i:02}")
        assert r.status_code == 200, (i, r.text)
    made = users(db_path)
    assert len(made) == LIMIT
    me = client.get("/api/me").json()
    with caplog.at_level("INFO", logger="meeple.web.refused"):
        for name in ("one too many", "two too many"):
            assert_refused(new_guest(client, name), int(WINDOW))
        # Signing up shares the budget (and is refused before the password is hashed).
        r = client.post("/api/signup", json={"name": "mallory", "password": "long enough"})
        assert_refused(r, int(WINDOW))
    assert users(db_path) == made
    assert client.get("/api/me").json() == me  # still the last guest, nothing else
    assert client.get("/api/players/mallory").status_code == 404
    logged = [rec.getMessage() for rec in caplog.records if rec.name == "meeple.web.refused"]
    assert len(logged) == 3, logged
    assert "POST /api/guest: 429 rate_limited" in logged[0]
    assert "POST /api/signup: 429 rate_limited" in logged[2]


def test_once_the_window_passes_accounts_are_allowed_again(client, clock, db_path):
    # One new account a second: the window slides, freeing one place a second.
    for i in range(LIMIT):
        assert new_guest(client, f"early{i:02}").status_code == 200
        clock.now += 1
    first = clock.now - LIMIT  # when the oldest was made
    assert_refused(new_guest(client, "late"), int(first + WINDOW - clock.now))
    clock.now = first + WINDOW - 0.5
    assert_refused(new_guest(client, "late"), 1)
    clock.now = first + WINDOW  # the oldest ages out: one place
    assert new_guest(client, "late").status_code == 200
    assert_refused(new_guest(client, "later"), 1)
    clock.now += 1
    r = client.post("/api/signup", json={"name": "later", "password": "long enough"})
    assert r.status_code == 200, r.text
    clock.now += WINDOW  # everything aged out
    for i in range(LIMIT):
        assert new_guest(client, f"next{i:02}").status_code == 200
    assert_refused(new_guest(client, "refused"), int(WINDOW))
    assert len(users(db_path)) == 2 * LIMIT + 2


def test_addresses_are_limited_independently(client, clock, db_path):
    a = at(client, "203.0.113.7")
    b = at(client, "203.0.113.8")
    for i in range(LIMIT):
        assert new_guest(a, f"a{i:02}").status_code == 200
    assert_refused(new_guest(a, "a more"), int(WINDOW))
    assert new_guest(b, "b first").status_code == 200
    assert new_guest(client, "local first").status_code == 200
    # IPv6: one /64 is one customer's network and shares a budget; another /64 has its own.
    v6 = [at(client, f"2001:db8:0:1::{i:x}") for i in range(1, LIMIT + 2)]
    for i, c in enumerate(v6[:LIMIT]):
        assert new_guest(c, f"six{i:02}").status_code == 200
    assert_refused(new_guest(v6[LIMIT], "six more"), int(WINDOW))
    assert new_guest(at(client, "2001:db8:0:2::1"), "other net").status_code == 200
    # An IPv4 address written as IPv6 (mapped) is that IPv4 address.
    assert_refused(new_guest(at(client, "::ffff:203.0.113.7"), "mapped"), int(WINDOW))
    assert "a more" not in users(db_path)


def test_bad_input_does_not_use_up_the_budget(client, clock, db_path):
    for i in range(LIMIT + 5):
        r = new_guest(client, f"bad<{i}>")  # not a name: refused
        assert r.status_code == 400 and r.json()["code"] == "auth", r.text
        r = client.post("/api/signup", json={"name": f"user{i}", "password": "short"})
        assert r.status_code == 400, r.text
    assert users(db_path) == []
    # A taken name is a real attempt, and counts.
    assert new_guest(client, "alice").status_code == 200
    assert new_guest(client, "alice").status_code == 400
    for i in range(LIMIT - 2):
        assert new_guest(client, f"guest{i:02}").status_code == 200
    assert_refused(new_guest(client, "one more"), int(WINDOW))


def test_the_limit_can_be_set_or_lifted(db_path, monkeypatch):
    monkeypatch.setenv(auth.NEW_ACCOUNTS_ENV, "2")
    with TestClient(create_app(make_settings(db_path))) as c:
        assert [new_guest(c, f"g{i}").status_code for i in range(3)] == [200, 200, 429]
    monkeypatch.setenv(auth.NEW_ACCOUNTS_ENV, "0")  # no limit (a load test from one address)
    with TestClient(create_app(make_settings(db_path))) as c:
        assert all(new_guest(c, f"h{i:02}").status_code == 200 for i in range(LIMIT + 5))


def test_the_limiter_forgets_the_least_recently_seen_addresses():
    t = Clock()
    limit = auth.RateLimit(1, 60.0, clock=t, max_keys=3)
    for key in ("a", "b", "c"):
        assert limit.retry_after(key) is None
        limit.hit(key)
    assert limit.retry_after("a") == 60
    limit.hit("d")  # four keys: "a", the least recently seen, is forgotten
    assert limit.retry_after("a") is None
    assert limit.retry_after("b") == 60 and limit.retry_after("d") == 60
    t.now += 59.5
    assert limit.retry_after("b") == 1
    t.now += 0.5
    assert limit.retry_after("b") is None
