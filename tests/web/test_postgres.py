"""The same platform on PostgreSQL, when a database is given in MEEPLE_TEST_POSTGRES
(for example postgresql://meeple:meeple@127.0.0.1/meeple_test); skipped otherwise.
The database is emptied first."""

from __future__ import annotations

import asyncio
import os
import threading
import time

import httpx2
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, text
from sqlalchemy.orm import Session as DBSession

from meeple.web import Settings, auth, create_app, store
from meeple.web.db import make_engine, migrate
from meeple.web.errors import Refused
from meeple.web.models import Base, Rating, User
from tests.hosts import TEST_HOSTS
from tests.web.conftest import FAST_BOTS, guest
from tests.web.test_api import create_tiny, play_out, settle, view

URL = os.environ.get("MEEPLE_TEST_POSTGRES")
pytestmark = pytest.mark.skipif(not URL, reason="set MEEPLE_TEST_POSTGRES to a PostgreSQL URL")


@pytest.fixture
def pg_settings():
    assert URL is not None
    engine = make_engine(URL)
    with engine.begin() as conn:
        # Every table of the models (a leftover one would hold the last run's rows).
        for name in [t.name for t in reversed(Base.metadata.sorted_tables)] + ["alembic_version"]:
            conn.execute(text(f"drop table if exists {name} cascade"))
    engine.dispose()
    return Settings(
        db_url=URL,
        bot_delay=0.0,
        bot_specs=dict(FAST_BOTS),
        strict_render=True,
        allowed_hosts=TEST_HOSTS,
    )


def test_postgres_play_restart_and_one_move_per_index(pg_settings):
    with TestClient(create_app(pg_settings)) as client:
        guest(client, "alice")
        tid = create_tiny(client, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
        client.post(f"/api/tables/{tid}/start")
        v = settle(client, tid)
        n = v["history_len"]
        codes: list[int] = []
        barrier = threading.Barrier(2)

        def send(action: str) -> None:
            barrier.wait()
            move = {"action": action, "seen": n}
            codes.append(client.post(f"/api/tables/{tid}/move", json=move).status_code)

        threads = [threading.Thread(target=send, args=(a,)) for a in ("keep", "swap")]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        assert sorted(codes) == [200, 409]
        before = settle(client, tid)
        cookies = dict(client.cookies)
    with TestClient(create_app(pg_settings), cookies=cookies) as client:
        assert view(client, tid) == before
        final = play_out(client, tid)
        assert final["terminal"]
        board = client.get("/api/leaderboard/tiny").json()
        assert {r["name"] for r in board} == {"alice", "Bot (easy)"}
        assert client.get(f"/api/tables/{tid}/record").status_code == 200


# -- requests racing on PostgreSQL (each uses a fresh database: tests.pg's pg_url) ---------


@pytest.fixture
def engine(pg_url):
    engine = make_engine(pg_url)
    migrate(engine)
    yield engine
    engine.dispose()


def race(engine, first, second):
    """Run ``first`` in a transaction left open (its changes flushed, its locks held) while
    ``second`` runs in a transaction of its own in a thread; then commit the first. Returns
    what the first gave, and what the second gave: ``("ok", value)`` or ``("refused", the
    exception)``. Without locks the second does not wait for the first, and both commit what
    each saw as true."""
    outcome: list = []

    def run_second() -> None:
        try:
            with DBSession(engine, expire_on_commit=False) as db, db.begin():
                outcome.append(("ok", second(db)))
        except Exception as e:
            outcome.append(("refused", e))

    with DBSession(engine, expire_on_commit=False) as db, db.begin():
        value = first(db)
        db.flush()
        thread = threading.Thread(target=run_second)
        thread.start()
        # Commit only once the second waits for one of our locks (or has ended without
        # needing one), so the interleaving is the same however loaded the machine is.
        deadline = time.monotonic() + 30
        while thread.is_alive() and not _waiting_for_a_lock(engine):
            assert time.monotonic() < deadline, "the second transaction neither waited nor ended"
            time.sleep(0.01)
    thread.join(timeout=30)
    assert outcome, "the second transaction did not end"
    return value, outcome[0]


def _waiting_for_a_lock(engine) -> bool:
    with engine.connect() as c:
        waiting = c.execute(
            text(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE wait_event_type = 'Lock' AND datname = current_database()"
            )
        ).scalar()
    return bool(waiting)


def people(engine, *names):
    with DBSession(engine, expire_on_commit=False) as db, db.begin():
        return [auth.guest(db, name) for name in names]


def new_table(engine, creator, seats) -> int:
    with DBSession(engine, expire_on_commit=False) as db, db.begin():
        return store.create_table(db, creator, "tiny", len(seats), {}, seats)


def table_seats(engine, tid):
    with DBSession(engine) as db:
        info = store.table_info(db, tid)
        return info["status"], [(s["kind"], s["user"]) for s in info["seats"]]


def assert_refused(outcome, status: int, text: str) -> None:
    kind, error = outcome
    assert kind == "refused" and isinstance(error, Refused), outcome
    assert error.status == status and text in error.message, (error.status, error.message)


def test_one_seat_joined_by_two_people_at_once_goes_to_one(engine):
    host, bob, carol = people(engine, "host", "bob", "carol")
    tid = new_table(engine, host, [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}])
    _, outcome = race(
        engine,
        lambda db: store.join(db, tid, bob, 1),
        lambda db: store.join(db, tid, carol, 1),
    )
    assert_refused(outcome, 409, "is not open")
    assert table_seats(engine, tid)[1][1] == ("human", "bob")


def test_one_person_joining_two_seats_at_once_gets_one(engine):
    host, bob = people(engine, "host", "bob")
    tid = new_table(engine, host, [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}])
    _, outcome = race(
        engine,
        lambda db: store.join(db, tid, bob, 1),
        lambda db: store.join(db, tid, bob, 2),
    )
    assert_refused(outcome, 409, "already have a seat")
    assert [who for _, who in table_seats(engine, tid)[1]] == ["host", "bob", None]


def test_leaving_while_the_game_starts_never_leaves_a_running_game_with_an_open_seat(engine):
    host, bob = people(engine, "host", "bob")
    tid = new_table(engine, host, [{"kind": "me"}, {"kind": "open"}])
    with DBSession(engine, expire_on_commit=False) as db, db.begin():
        store.join(db, tid, bob, None)
    _, outcome = race(
        engine,
        lambda db: store.start(db, tid, host),
        lambda db: store.leave(db, tid, bob),
    )
    assert_refused(outcome, 409, "already started")
    assert table_seats(engine, tid) == ("running", [("human", "host"), ("human", "bob")])
    # And the other way round: a start after a leave sees the open seat.
    tid = new_table(engine, host, [{"kind": "me"}, {"kind": "open"}])
    with DBSession(engine, expire_on_commit=False) as db, db.begin():
        store.join(db, tid, bob, None)
    _, outcome = race(
        engine,
        lambda db: store.leave(db, tid, bob),
        lambda db: store.start(db, tid, host),
    )
    assert_refused(outcome, 409, "every seat needs a player")
    assert table_seats(engine, tid) == ("open", [("human", "host"), ("open", None)])


def test_a_name_taken_at_the_same_moment_is_refused_not_a_server_error(engine):
    _, outcome = race(
        engine,
        lambda db: auth.sign_up(db, "samename", "hash"),
        lambda db: auth.guest(db, "SameName"),
    )
    kind, error = outcome
    assert kind == "refused" and isinstance(error, auth.AuthError), outcome
    assert "is taken" in str(error)


def test_bot_users_and_ratings_made_at_once_are_made_once(engine):
    # Two people, so that nothing of one person's (their row's lock) orders the two.
    ann, bob = people(engine, "ann", "bob")
    # The first tables ever with a hard bot, made at once: one bot user for both.
    hard = [{"kind": "me"}, {"kind": "bot", "level": "hard"}]
    tid1, (kind, tid2) = race(
        engine,
        lambda db: store.create_table(db, ann, "tiny", 2, {}, hard),
        lambda db: store.create_table(db, bob, "tiny", 2, {}, hard),
    )
    assert kind == "ok", tid2
    with DBSession(engine) as db:
        bots = db.scalars(select(User).where(User.is_bot)).all()
        assert [b.name for b in bots] == ["Bot (hard)"]
    # Two first games of tiny with the same bot, started at once: one rating row for it.
    _, (kind, error) = race(
        engine,
        lambda db: store.start(db, tid1, ann),
        lambda db: store.start(db, tid2, bob),
    )
    assert kind == "ok", error
    with DBSession(engine) as db:
        rows = db.scalars(select(Rating.user_id).where(Rating.game_id == "tiny")).all()
        assert sorted(rows) == sorted([ann.id, bob.id, bots[0].id])


def test_rating_rows_are_made_in_the_order_of_user_ids(engine, monkeypatch):
    # Two tables of the same people in opposite seats, started at once, would otherwise
    # each lock one new row and wait for the other's: a deadlock, answered as a 503.
    ann, bob = people(engine, "ann", "bob")
    tid = new_table(engine, bob, [{"kind": "me"}, {"kind": "open"}])
    with DBSession(engine, expire_on_commit=False) as db, db.begin():
        store.join(db, tid, ann, None)
    made: list[int] = []
    real = store.insert_absent

    def recording(db, model, **values):
        if model is Rating:
            made.append(values["user_id"])
        return real(db, model, **values)

    monkeypatch.setattr(store, "insert_absent", recording)
    with DBSession(engine, expire_on_commit=False) as db, db.begin():
        store.start(db, tid, bob)
    assert ann.id < bob.id and made == [ann.id, bob.id]


def test_two_sign_ups_of_one_name_at_once_over_http(pg_url):
    settings = Settings(
        db_url=pg_url,
        bot_delay=0.0,
        bot_specs=dict(FAST_BOTS),
        strict_render=True,
        allowed_hosts=(*TEST_HOSTS, "test"),
    )
    app = create_app(settings)

    async def main() -> list[httpx2.Response]:
        async with app.router.lifespan_context(app):
            clients = [
                httpx2.AsyncClient(
                    transport=httpx2.ASGITransport(app=app, client=(f"192.0.2.{i}", 1000)),
                    base_url="http://test",
                )
                for i in range(4)
            ]
            try:
                body = {"name": "samename", "password": "correct horse"}
                return list(
                    await asyncio.gather(*[c.post("/api/signup", json=body) for c in clients])
                )
            finally:
                for c in clients:
                    await c.aclose()

    answers = asyncio.run(main())
    codes = sorted(r.status_code for r in answers)
    assert codes == [200, 400, 400, 400], [r.text for r in answers]
    for r in answers:
        if r.status_code == 400:
            assert r.json() == {"error": "the name 'samename' is taken", "code": "auth"}
