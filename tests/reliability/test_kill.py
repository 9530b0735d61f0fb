"""Kill -9 and resume: a real `meeple serve` playing several bots' games is killed with SIGKILL
in the middle of them and restarted on the same database. Every move committed before the
kill is still there, in order; the games play on to the end; each finished game's record
replays with the engine. On SQLite (six tables, three kills) and on PostgreSQL (a fresh
database; four tables, two kills, to keep CI's time down)."""

from __future__ import annotations

import httpx2
import pytest

from meeple.core.record import Record, replay
from tests.reliability.conftest import query
from tests.serve import Server, poll

GAME = "quedlinburg_dash"  # about 110 actions a game: long enough to be killed in the middle
MOVES_BEFORE_KILL = 5  # moves every running table makes between two kills
BUDGET = {"sqlite": (6, 3), "postgresql": (4, 2)}  # tables, kills


def stored(db: str) -> dict[int, list[tuple[int, str]]]:
    out: dict[int, list[tuple[int, str]]] = {}
    for tid, index, notation in query(
        db, "select table_id, move_index, notation from moves order by table_id, move_index"
    ):
        out.setdefault(tid, []).append((index, notation))
    return out


def statuses(db: str) -> dict[int, str]:
    return {tid: status for tid, status in query(db, "select id, status from tables")}


def create_tables(url: str, tables: int) -> list[int]:
    with httpx2.Client(base_url=url, timeout=10) as c:
        assert c.post("/api/guest", json={"name": "host"}).status_code == 200
        tids = []
        for _ in range(tables):
            seats = [{"kind": "bot", "level": "easy"}] * 2
            r = c.post("/api/tables", json={"game": GAME, "players": 2, "seats": seats})
            assert r.status_code == 200, r.text
            tid = r.json()["id"]
            assert c.post(f"/api/tables/{tid}/start").status_code == 200
            tids.append(tid)
    return tids


def check_prefix(before: dict[int, list], now: dict[int, list], tids: list[int]) -> None:
    for t in tids:
        assert now[t][: len(before.get(t, []))] == before.get(t, []), t
        assert [i for i, _ in now[t]] == list(range(len(now[t]))), t


@pytest.mark.slow
def test_sigkill_in_the_middle_of_games_then_resume(db_url, tmp_path):
    db = db_url
    backend = db.split(":")[0].split("+")[0]
    tables, kills = BUDGET[backend]
    log = tmp_path / "server.log"
    server = Server(db, log)
    before: dict[int, list] = {}
    killed_running = []
    try:
        tids = create_tables(server.url, tables)
        for _kill in range(kills):
            # Wait until every game still going has made progress since the last kill.
            def progressed(before=before) -> bool:
                now, st = stored(db), statuses(db)
                return all(
                    st[t] == "finished"
                    or len(now.get(t, [])) >= len(before.get(t, [])) + MOVES_BEFORE_KILL
                    for t in tids
                )

            poll(progressed, 30, "the bots playing", server.proc)
            server.kill()
            # What was committed when the server died (read after the kill: nothing can be
            # added any more); it must hold everything committed before.
            now = stored(db)
            check_prefix(before, now, tids)
            before = now
            st = statuses(db)
            killed_running.append(sum(st[t] == "running" for t in tids))
            server = Server(db, log)
        poll(
            lambda: all(statuses(db)[t] == "finished" for t in tids),
            45,
            "the games finishing after the restarts",
            server.proc,
        )
        after = stored(db)
        check_prefix(before, after, tids)
        with httpx2.Client(base_url=server.url, timeout=10) as c:
            for t in tids:
                rec = Record.loads(c.get(f"/api/tables/{t}/record").text)
                assert rec.actions == [n for _, n in after[t]]
                assert replay(rec).is_terminal()
                assert rec.result is not None
    finally:
        server.stop()
    # Games were running at each kill (else the test tested nothing).
    assert all(n > 0 for n in killed_running), killed_running
    assert killed_running[0] == tables, killed_running
    text = log.read_text(errors="replace")
    assert "Traceback" not in text, text[-3000:]
    print(
        f"kill -9 on {backend}: {tables} tables, {kills} kills, "
        f"running at each kill {killed_running}, "
        f"moves {sum(len(m) for m in after.values())} "
        f"(at the last kill {sum(len(m) for m in before.values())})"
    )
