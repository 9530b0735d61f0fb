"""Several server processes on one PostgreSQL database: announcing changes, and who drives.

Every transaction of a server that changes a table (its row, its seats or its moves) also
runs ``pg_notify('meeple_tables', '<origin> <table id>')``. PostgreSQL delivers a
notification only when (and if) its transaction commits, in commit order, so a listener
never hears of a move that is not stored. Each process listens on a connection of its own
(an asyncio task, reconnecting with backoff after a failure) and reads the new moves of the
tables it holds in memory or that somebody watches through it (``Hub._sync``). After every
(re)connection it re-reads all those tables, since notifications sent while it was away are
lost.

Chance and bots for a table are driven by one process at a time: the one holding the
PostgreSQL advisory lock ``(LOCK_SPACE, table id)`` on its lock connection. A session-level
advisory lock is released by the server when that connection ends, so when a process dies
or loses the database another one takes the table over (the others try again every few
seconds while it is a bot's or chance's turn). The lock only saves double work: the unique
``(table_id, move_index)`` of the moves stays what guarantees one move per index, whoever
writes (a process whose lock connection broke unnoticed loses at that index and reloads).

SQLite (one machine, normally one process) gets :class:`Notifier`, which does nothing: a
second process on the same file stays safe through the unique index and learns of the
other's moves when it reloads a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, event, text
from sqlalchemy.orm import Session as DBSession

from meeple.web.db import ADVISORY_SPACE, PG_CONNECT_ARGS, DatabaseUnavailable
from meeple.web.models import Move, Seat, Table

if TYPE_CHECKING:
    import psycopg

log = logging.getLogger("meeple.web")

CHANNEL = "meeple_tables"
LOCK_SPACE = ADVISORY_SPACE  # a table's driver holds (LOCK_SPACE, table id)
RETRY_FIRST = 0.2  # seconds before the listener reconnects the first time ...
RETRY_MAX = 5.0  # ... doubling up to this


def _first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


class Notifier:
    """One process alone on its database (SQLite): nothing to announce, every table is ours."""

    def watch(self, db: DBSession) -> set[int] | None:
        """Start collecting the tables a transaction changes (``None``: not needed here)."""
        return None

    def announce(self, db: DBSession, table_ids: set[int]) -> None:
        """Inside the transaction: tell the other processes, on commit, what changed."""

    def start(self, on_change: Callable[[int], None], on_connect: Callable[[], None]) -> None:
        """Listen for the other processes' changes (from the event loop)."""

    async def stop(self) -> None:
        pass

    async def try_drive(self, table_id: int) -> bool:
        """May this process play chance and bots at this table now?"""
        return True

    async def release(self, table_id: int) -> None:
        """This process no longer drives the table (finished, or given up)."""

    async def reset(self) -> None:
        """The database failed under us: forget which tables we drive; ask again later."""


class PgNotifier(Notifier):
    """PostgreSQL: ``NOTIFY`` in every changing transaction, ``LISTEN`` on a connection of its
    own, and one advisory lock per driven table on another (both psycopg 3, asyncio)."""

    def __init__(self, engine: Engine) -> None:
        url = engine.url.set(drivername="postgresql")
        self.conninfo = url.render_as_string(hide_password=False)
        self.origin = secrets.token_hex(8)  # this process: its own notifications are skipped
        self.held: set[int] = set()
        self.listening = False
        self.connects = 0  # how often the listener has (re)connected
        self._have_psycopg = find_spec("psycopg") is not None
        self._listener: asyncio.Task[None] | None = None
        self._lock_conn: psycopg.AsyncConnection[Any] | None = None
        self._lock_guard: asyncio.Lock | None = None

    # -- announcing --------------------------------------------------------------------

    def watch(self, db: DBSession) -> set[int] | None:
        changed: set[int] = set()

        def collect(session: DBSession, _context: Any) -> None:
            for obj in (*session.new, *session.dirty, *session.deleted):
                if isinstance(obj, Table):
                    changed.add(obj.id)
                elif isinstance(obj, (Seat, Move)):
                    changed.add(obj.table_id)

        event.listen(db, "after_flush", collect)
        return changed

    def announce(self, db: DBSession, table_ids: set[int]) -> None:
        for table_id in sorted(table_ids):
            db.execute(
                text("select pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"{self.origin} {table_id}"},
            )

    # -- listening -----------------------------------------------------------------------

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        import psycopg

        return await psycopg.AsyncConnection.connect(
            self.conninfo, autocommit=True, **PG_CONNECT_ARGS
        )

    def start(self, on_change: Callable[[int], None], on_connect: Callable[[], None]) -> None:
        if not self._have_psycopg:
            log.warning(
                "psycopg 3 is not installed: this process does not hear of other processes' "
                "moves until it reloads a table (pip install 'psycopg[binary]')"
            )
            return
        self._listener = asyncio.get_running_loop().create_task(
            self._listen(on_change, on_connect), name="meeple-listen"
        )

    async def _listen(
        self, on_change: Callable[[int], None], on_connect: Callable[[], None]
    ) -> None:
        delay = RETRY_FIRST
        while True:
            try:
                async with await self._connect() as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening = True
                    self.connects += 1
                    if self.connects > 1:
                        log.warning("listening to the other processes again")
                    delay = RETRY_FIRST
                    on_connect()  # what was announced while we were away is lost: re-read
                    async for note in conn.notifies():
                        origin, _, table = note.payload.partition(" ")
                        if origin != self.origin and table.isdigit():
                            on_change(int(table))
            except Exception as e:  # the connection failed or broke: listen again later
                log.warning(
                    "not listening to the other processes (%s); trying again in %.1f s",
                    _first_line(e),
                    delay,
                )
            finally:
                self.listening = False
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MAX)

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
            self._listener = None
        await self.reset()

    # -- driving -------------------------------------------------------------------------

    def _guard(self) -> asyncio.Lock:
        if self._lock_guard is None:
            self._lock_guard = asyncio.Lock()
        return self._lock_guard

    async def try_drive(self, table_id: int) -> bool:
        if table_id in self.held or not self._have_psycopg:
            return True
        async with self._guard():
            try:
                if self._lock_conn is None or self._lock_conn.closed:
                    self.held.clear()  # a new session holds none of the old one's locks
                    self._lock_conn = await self._connect()
                cur = await self._lock_conn.execute(
                    "select pg_try_advisory_lock(%s, %s)", (LOCK_SPACE, table_id)
                )
                row = await cur.fetchone()
            except Exception as e:
                log.warning("table %s: cannot ask who drives it (%s)", table_id, _first_line(e))
                await self._drop()
                raise DatabaseUnavailable() from None
        if row is not None and row[0]:
            self.held.add(table_id)
            return True
        return False

    async def release(self, table_id: int) -> None:
        if table_id not in self.held:
            return
        self.held.discard(table_id)
        async with self._guard():
            if self._lock_conn is None or self._lock_conn.closed:
                return
            try:
                await self._lock_conn.execute(
                    "select pg_advisory_unlock(%s, %s)", (LOCK_SPACE, table_id)
                )
            except Exception:
                await self._drop()

    async def _drop(self) -> None:
        self.held.clear()
        conn, self._lock_conn = self._lock_conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                await conn.close()

    async def reset(self) -> None:
        async with self._guard():
            await self._drop()


def make_notifier(engine: Engine) -> Notifier:
    if engine.url.get_backend_name() == "postgresql":
        return PgNotifier(engine)
    return Notifier()
