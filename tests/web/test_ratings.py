"""Ratings on the web platform: OpenSkill (Plackett-Luce) conservative ratings, forfeits,
training (unrated) tables, the ratings beside seats, and the migration that rates every stored
game again."""

from __future__ import annotations

import json
import sqlite3

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from sqlalchemy.orm import Session

from meeple.arena.stats import INITIAL_RATING, NEW, Skill, conservative, rate, rate_players
from meeple.web import create_app
from meeple.web.store import recompute_ratings
from tests.web.conftest import guest, make_settings, new_client, wait_for
from tests.web.test_api import create_tiny, play_out, view


def people(client: TestClient, *names: str) -> list[TestClient]:
    """A logged-in client for each name (the first is ``client`` itself)."""
    out = []
    for i, name in enumerate(names):
        c = client if i == 0 else new_client(client)
        guest(c, name)
        out.append(c)
    return out


def table(client: TestClient, tid: int) -> dict:
    r = client.get(f"/api/tables/{tid}")
    assert r.status_code == 200, r.text
    return r.json()


def board(client: TestClient, game: str = "tiny") -> dict[str, dict]:
    return {r["name"]: r for r in client.get(f"/api/leaderboard/{game}").json()}


def two_people_game(alice: TestClient, bob: TestClient, **extra) -> int:
    r = alice.post(
        "/api/tables",
        json={
            "game": "tiny",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "user", "name": "bob"}],
            **extra,
        },
    )
    assert r.status_code == 200, r.text
    tid = r.json()["id"]
    assert bob.post(f"/api/tables/{tid}/join").status_code == 200
    assert alice.post(f"/api/tables/{tid}/start").status_code == 200
    return tid


def play_all(clients: list[TestClient], tid: int, limit: int = 100) -> None:
    """Play a table to its end: whoever of ``clients`` is to move takes their first move."""

    def someone_to_move():
        for c in clients:
            v = view(c, tid)
            if v["terminal"] or v["legal"]:
                return c, v
        return None

    for _ in range(limit):
        c, v = wait_for(someone_to_move)
        if v["terminal"]:
            return
        r = c.post(
            f"/api/tables/{tid}/move",
            json={"action": v["legal"][0]["id"], "seen": v["history_len"]},
        )
        assert r.status_code in (200, 409), r.text  # 409: a stale view, looked at again
    raise AssertionError("the game did not end")


# -- the model ----------------------------------------------------------------------------


def test_a_rated_game_moves_ratings_as_openskill_says(client):
    alice, bob = people(client, "alice", "bob")
    tid = two_people_game(alice, bob)
    play_all([alice, bob], tid)
    info = table(alice, tid)
    places = [s["place"] for s in info["seats"]]
    expected = rate([NEW, NEW], places)  # both new: mu 25, sigma 25/3
    for seat, skill in zip(info["seats"], expected, strict=True):
        assert seat["rating_before"] == INITIAL_RATING == 750.0
        assert seat["rating_after"] == pytest.approx(skill.rating, abs=0.05)
    if places[0] < places[1]:
        assert info["seats"][0]["rating_after"] > 750 > info["seats"][1]["rating_after"]
    elif places[0] == places[1]:
        # A tie is a tie for the model: equal new players stay equal.
        assert info["seats"][0]["rating_after"] == info["seats"][1]["rating_after"]
    rows = board(alice)
    for name, skill in zip(("alice", "bob"), expected, strict=True):
        row = rows[name]
        assert row["games"] == 1
        assert row["rating"] == pytest.approx(skill.rating, abs=0.05)
        # mu and sigma on the display scale: 1500 + 30 (mu - 25) and 30 sigma.
        assert row["mu"] == pytest.approx(1500 + 30 * (skill.mu - 25), abs=0.05)
        assert row["sigma"] == pytest.approx(30 * skill.sigma, abs=0.05)
        assert row["rating"] == pytest.approx(row["mu"] - 3 * row["sigma"], abs=0.2)
        assert row["sigma"] < 250  # a game made the estimate surer
        mine = alice.get(f"/api/players/{name}").json()
        [r] = mine["ratings"]
        assert {k: r[k] for k in ("rating", "mu", "sigma", "games")} == {
            k: row[k] for k in ("rating", "mu", "sigma", "games")
        }
        assert mine["history"][0]["rated"] is True
    # The next table shows each person's rating now beside their seat.
    tid2 = create_tiny(alice, [{"kind": "me"}, {"kind": "user", "name": "bob"}])
    seats = table(alice, tid2)["seats"]
    assert [s["rating"] for s in seats] == [rows["alice"]["rating"], rows["bob"]["rating"]]


def test_a_seat_shows_its_persons_rating_and_none_for_bots_or_open_seats(client):
    (alice,) = people(client, "alice")
    tid = create_tiny(alice, [{"kind": "me"}, {"kind": "open"}, {"kind": "bot"}], players=3)
    seats = table(alice, tid)["seats"]
    # Before any game: a new player's rating.
    assert [s["rating"] for s in seats] == [750.0, None, None]
    listed = next(t for t in alice.get("/api/tables?status=open").json() if t["id"] == tid)
    assert [s["rating"] for s in listed["seats"]] == [750.0, None, None]


def test_bots_are_rated_and_a_person_who_leaves_is_placed_last(client):
    alice, bob = people(client, "alice", "bob")
    tid = two_people_game(alice, bob)
    assert bob.post(f"/api/tables/{tid}/leave").status_code == 200
    play_out(alice, tid)
    info = table(alice, tid)
    # Whatever the bot made of bob's seat, bob is last: alice won.
    assert [s["place"] for s in info["seats"]] == [1, 2]
    win, loss = rate([NEW, NEW], [1, 2])
    assert info["seats"][0]["rating_after"] == pytest.approx(win.rating, abs=0.05)
    assert info["seats"][1]["rating_after"] == pytest.approx(loss.rating, abs=0.05)
    # The seat's rating is bob's (he left it), not the bot's.
    assert info["seats"][1]["rating"] == pytest.approx(loss.rating, abs=0.05)
    assert info["forfeits"] == ["bob"]
    # The finished list names the leaver: "forfeit: bob left".
    [row] = [t for t in alice.get("/api/tables?status=finished").json() if t["id"] == tid]
    assert row["forfeits"] == ["bob"]
    assert row["seats"][1]["left_by"] == "bob"
    rows = board(alice)
    assert set(rows) == {"alice", "bob"}  # the bot that played on for bob is not rated
    # A bot that has a seat from the start is rated like anyone (it is on the board).
    tid2 = create_tiny(alice, [{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    alice.post(f"/api/tables/{tid2}/start")
    play_out(alice, tid2)
    assert board(alice)["Bot (easy)"]["games"] == 1
    assert table(alice, tid2)["forfeits"] == []


def test_two_who_leave_tie_for_last(client):
    alice, bob, carol = people(client, "alice", "bob", "carol")
    tid = create_tiny(
        alice,
        [{"kind": "me"}, {"kind": "user", "name": "bob"}, {"kind": "user", "name": "carol"}],
        players=3,
    )
    for c in (bob, carol):
        assert c.post(f"/api/tables/{tid}/join").status_code == 200
    assert alice.post(f"/api/tables/{tid}/start").status_code == 200
    for c in (bob, carol):
        assert c.post(f"/api/tables/{tid}/leave").status_code == 200
    play_out(alice, tid)
    info = table(alice, tid)
    assert [s["place"] for s in info["seats"]] == [1, 2, 2]
    expected = rate([NEW, NEW, NEW], [1, 2, 2])
    after = [s["rating_after"] for s in info["seats"]]
    assert after[1] == after[2] == pytest.approx(expected[1].rating, abs=0.05)
    assert after[0] == pytest.approx(expected[0].rating, abs=0.05)
    assert sorted(info["forfeits"]) == ["bob", "carol"]


# -- training tables ----------------------------------------------------------------------


def test_a_table_is_rated_unless_asked_otherwise(client):
    (alice,) = people(client, "alice")
    tid = create_tiny(alice)
    assert table(alice, tid)["rated"] is True
    r = alice.post("/api/tables", json={"game": "tiny", "players": 2, "rated": "no"})
    assert r.status_code == 422  # a boolean, not a word


def test_an_unrated_game_changes_no_rating(client):
    alice, bob = people(client, "alice", "bob")
    tid = two_people_game(alice, bob, rated=False)
    info = table(alice, tid)
    assert info["rated"] is False
    listed = next(t for t in alice.get("/api/tables?status=running").json() if t["id"] == tid)
    assert listed["rated"] is False
    play_all([alice, bob], tid)
    info = table(alice, tid)
    assert info["status"] == "finished"
    assert all(s["place"] is not None for s in info["seats"])
    assert all(s["rating_before"] is None and s["rating_after"] is None for s in info["seats"])
    assert board(alice) == {}
    history = alice.get("/api/players/alice").json()
    assert history["ratings"] == [] and history["history"][0]["rated"] is False
    finished = alice.get("/api/tables?status=finished").json()
    assert next(t for t in finished if t["id"] == tid)["rated"] is False
    # A rated game afterwards starts from a new player's rating: the training game is not in it.
    tid2 = two_people_game(alice, bob)
    play_all([alice, bob], tid2)
    seats = table(alice, tid2)["seats"]
    assert [s["rating_before"] for s in seats] == [750.0, 750.0]
    assert {r["games"] for r in board(alice).values()} == {1}


def test_leaving_an_unrated_game_costs_nothing(client):
    alice, bob = people(client, "alice", "bob")
    tid = two_people_game(alice, bob, rated=False)
    assert bob.post(f"/api/tables/{tid}/leave").status_code == 200
    play_out(alice, tid)
    info = table(alice, tid)
    assert info["forfeits"] == ["bob"] and info["seats"][1]["place"] == 2
    assert board(alice) == {}


# -- the migration ------------------------------------------------------------------------

USERS = [(1, "alice", 0), (2, "bob", 0), (3, "carol", 0), (4, "Bot (easy)", 1), (5, "dan", 0)]
# (id, status, finished_at, seats as (kind, user id), ranks): rated in the order they finished.
TABLES = [
    (1, "finished", "2026-01-02 10:00:00", [("human", 1), ("human", 2)], [1, 2]),
    (2, "finished", "2026-01-01 10:00:00", [("human", 2), ("human", 3)], [1, 1]),  # a tie
    # bob left table 3: a bot played on and made it first, but bob is last.
    (3, "finished", "2026-01-03 10:00:00", [("human", 1), ("bot", 2), ("human", 3)], [2, 1, 3]),
    # One bot at two seats.
    (4, "finished", "2026-01-04 10:00:00", [("human", 1), ("bot", 4), ("bot", 4)], [3, 1, 2]),
    (5, "cancelled", None, [("human", 1), ("human", 5)], None),
]


def expected_ratings() -> tuple[dict[int, Skill], dict[tuple[int, int], tuple[float, float]]]:
    """The ratings, straight from OpenSkill, and each seat's rating before and after."""
    model = PlackettLuce()
    skills: dict[int, Skill] = {}
    seats: dict[tuple[int, int], tuple[float, float]] = {}

    def one(tid: int, ids: list[int], places: list[int]) -> None:
        old = {i: skills.get(i, NEW) for i in ids}
        if len(set(ids)) == len(ids):
            teams = [[model.rating(mu=old[i].mu, sigma=old[i].sigma)] for i in ids]
            out = model.rate(teams, ranks=places)
            new = {i: Skill(t[0].mu, t[0].sigma) for i, t in zip(ids, out, strict=True)}
        else:
            new = rate_players(old, ids, places)
        for seat, i in enumerate(ids):
            seats[(tid, seat)] = (old[i].rating, new[i].rating)
        skills.update(new)

    one(2, [2, 3], [1, 1])
    one(1, [1, 2], [1, 2])
    one(3, [1, 2, 3], [1, 3, 2])  # bob last; alice and carol keep their order
    one(4, [1, 4, 4], [3, 1, 2])
    return skills, seats


def old_database(db_path) -> None:
    """A database at revision 0002 (Elo ratings) holding the games of TABLES."""
    from alembic import command
    from alembic.config import Config

    from meeple.web.db import MIGRATIONS, make_engine

    engine = make_engine(f"sqlite:///{db_path}")
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
    engine.dispose()
    with sqlite3.connect(db_path) as con:
        for uid, name, bot in USERS:
            con.execute(
                "insert into users (id, name, name_key, is_guest, is_bot, created_at) "
                "values (?, ?, ?, ?, ?, '2026-01-01')",
                (uid, name, name.lower(), 1 - bot, bot),
            )
        for tid, status, finished, seats, ranks in TABLES:
            result = json.dumps({"scores": [0] * len(seats), "ranks": ranks}) if ranks else None
            con.execute(
                "insert into tables (id, game_id, game_version, players, options_json, seed, "
                "status, created_by, created_at, started_at, finished_at, result_json) "
                "values (?, 'tiny', 1, ?, '{}', '7', ?, 1, '2026-01-01', '2026-01-01', ?, ?)",
                (tid, len(seats), status, finished, result),
            )
            for i, (kind, uid) in enumerate(seats):
                level = "medium" if kind == "bot" else None
                # Elo's numbers, which the migration replaces.
                con.execute(
                    "insert into seats (table_id, seat, kind, user_id, bot_level, place, "
                    "rating_before, rating_after) values (?, ?, ?, ?, ?, ?, 1500, 1512)",
                    (tid, i, kind, uid, level, ranks[i] if ranks else None),
                )
            con.execute(
                "insert into moves (table_id, move_index, actor, notation, user_id, created_at) "
                "values (?, 0, -1, 'card 1', null, '2026-01-01')",
                (tid,),
            )
        for uid in (1, 2, 3, 4, 5):
            con.execute(
                "insert into ratings (user_id, game_id, rating, games) values (?, 'tiny', ?, ?)",
                (uid, 1500.0 + uid, 0 if uid == 5 else 2),
            )


def stored(db_path) -> tuple[dict, dict]:
    with sqlite3.connect(db_path) as con:
        ratings = {
            uid: (mu, sigma, rating, games)
            for uid, mu, sigma, rating, games in con.execute(
                "select user_id, mu, sigma, rating, games from ratings where game_id = 'tiny'"
            )
        }
        seats = {
            (tid, seat): (place, before, after)
            for tid, seat, place, before, after in con.execute(
                "select table_id, seat, place, rating_before, rating_after from seats"
            )
        }
    return ratings, seats


def test_the_migration_rates_every_stored_game_again_with_openskill(db_path):
    old_database(db_path)
    # The server migrates its database when it starts.
    with TestClient(create_app(make_settings(db_path))) as c:
        rows = board(c)
        info3 = table(c, 3)
    with sqlite3.connect(db_path) as con:
        (version,) = con.execute("select version_num from alembic_version").fetchone()
        rated = {tid: flag for tid, flag in con.execute("select id, rated from tables")}
        counts = (
            con.execute("select count(*) from seats").fetchone()[0],
            con.execute("select count(*) from moves").fetchone()[0],
        )
    assert version == "0005"
    assert rated == {t[0]: 1 for t in TABLES}  # every older table was rated
    assert counts == (sum(len(t[3]) for t in TABLES), len(TABLES))  # nothing lost

    skills, seat_ratings = expected_ratings()
    ratings, seats = stored(db_path)
    games = {1: 3, 2: 3, 3: 2, 4: 1, 5: 0}
    for uid, skill in skills.items():
        mu, sigma, rating, n = ratings[uid]
        assert mu == pytest.approx(skill.mu, rel=1e-12)
        assert sigma == pytest.approx(skill.sigma, rel=1e-12)
        assert rating == pytest.approx(skill.rating, abs=1e-6)
        assert n == games[uid]
    # dan played no finished game: a new player again (his Elo row is reset).
    assert ratings[5] == (pytest.approx(25.0), pytest.approx(25 / 3), 750.0, 0)
    for key, (before, after) in seat_ratings.items():
        assert seats[key][1:] == (round(before, 1), round(after, 1))
    assert [seats[(3, i)][0] for i in range(3)] == [1, 3, 2]  # bob forfeited: last
    assert seats[(5, 0)][1:] == (1500.0, 1512.0)  # a cancelled table is no game
    # The server shows the new numbers.
    assert rows["alice"]["rating"] == pytest.approx(skills[1].rating, abs=0.05)
    assert rows["Bot (easy)"]["games"] == 1 and "dan" not in rows
    assert info3["forfeits"] == ["bob"] and info3["rated"] is True
    assert info3["seats"][0]["rating"] == pytest.approx(skills[1].rating, abs=0.05)

    # The migration's recomputation, run again, finds the same.
    from meeple.web.db import make_engine

    engine = make_engine(f"sqlite:///{db_path}")
    with Session(engine) as db, db.begin():
        assert recompute_ratings(db) == 4
    engine.dispose()
    assert stored(db_path) == (ratings, seats)


def test_recomputing_gives_what_the_games_gave_live(db_path):
    with TestClient(create_app(make_settings(db_path))) as client:
        alice, bob, carol = people(client, "alice", "bob", "carol")
        for _ in range(2):
            play_all([alice, bob], two_people_game(alice, bob))
        tid = create_tiny(alice, [{"kind": "me"}, {"kind": "user", "name": "carol"}])
        carol.post(f"/api/tables/{tid}/join")
        alice.post(f"/api/tables/{tid}/start")
        carol.post(f"/api/tables/{tid}/leave")
        play_out(alice, tid)
        play_all([alice, bob], two_people_game(alice, bob, rated=False))
    live = stored(db_path)
    from meeple.web.db import make_engine

    engine = make_engine(f"sqlite:///{db_path}")
    with Session(engine) as db, db.begin():
        assert recompute_ratings(db) == 3
    engine.dispose()
    again = stored(db_path)
    assert again[1] == live[1]
    for uid, (mu, sigma, rating, games) in live[0].items():
        assert again[0][uid] == (
            pytest.approx(mu, rel=1e-12),
            pytest.approx(sigma, rel=1e-12),
            pytest.approx(rating, abs=1e-6),
            games,
        )
        assert rating == pytest.approx(conservative(mu, sigma), abs=1e-6)


def test_migrating_a_first_revision_database_keeps_every_seat_and_move(db_path):
    """Revision 0002 copies the tables table (SQLite alters a column that way): the seats and
    moves pointing at it must survive, as must everything after it (foreign keys held)."""
    from alembic import command
    from alembic.config import Config

    from meeple.web.db import MIGRATIONS, make_engine, migrate

    engine = make_engine(f"sqlite:///{db_path}")
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
    engine.dispose()
    with sqlite3.connect(db_path) as con:
        con.execute(
            "insert into users (id, name, name_key, is_guest, is_bot, created_at) "
            "values (1, 'alice', 'alice', 1, 0, '2026-01-01')"
        )
        con.execute(
            "insert into tables (id, game_id, game_version, players, options_json, seed, status, "
            "created_by, created_at) values (1, 'tiny', 1, 2, '{}', 7, 'running', 1, '2026-01-01')"
        )
        con.execute("insert into seats (table_id, seat, kind, user_id) values (1, 0, 'human', 1)")
        con.execute(
            "insert into moves (table_id, move_index, actor, notation, user_id, created_at) "
            "values (1, 0, -1, 'card 1', null, '2026-01-01')"
        )
    engine = make_engine(f"sqlite:///{db_path}")
    migrate(engine)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("select count(*) from seats").scalar() == 1
        assert conn.exec_driver_sql("select count(*) from moves").scalar() == 1
        assert conn.exec_driver_sql("select seed from tables").scalar() == "7"
        # Foreign keys are on again for the server's own work.
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    engine.dispose()
