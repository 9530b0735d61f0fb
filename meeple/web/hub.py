"""Live tables: the game states in memory, moves, bots, chance and broadcasting.

Each running table is a :class:`LiveTable` rebuilt from the database by replaying
its stored actions, so a restarted server resumes every game exactly. A move is
checked and stored (committed) under the table's lock before it is applied in
memory and broadcast; the database's unique ``(table_id, move_index)`` makes a
second writer of the same move fail even across processes.

Chance outcomes are sampled from an RNG derived from the table's seed and the
move index, and a bot's RNG from the seed, its seat and the move index: the seed
and the stored actions determine everything, before and after a restart. Bots think in
worker processes (:class:`BotPool`), each move given its agent spec, position and seed string.

With several processes on one PostgreSQL database, every committed change of a table is
announced (``NOTIFY``) and the other processes read the new moves (see ``meeple.web.notify``);
one process at a time drives a table's chance and bots. When the database is unreachable (or
a SQLite file locked), a request gets ``503 db_unavailable`` and nothing changes in memory;
drivers retry with backoff until it is back.

What goes to a browser is built only from ``state.observation(viewer)``, the legal
actions of the viewer's own decision, and ``action_seen_by`` texts for that viewer.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import multiprocessing
import os
import pickle
import random
import signal
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import CancelledError as FutureCancelled
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from typing import Any, TypeVar

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DBSession

from meeple.agents import make_agent
from meeple.core.api import CHANCE, JSON, Game, Layout, State
from meeple.core.chance import step_outcome
from meeple.core.errors import MeepleError
from meeple.core.record import result_of
from meeple.core.registry import load_setup
from meeple.core.signature import load_private_pem
from meeple.web import store
from meeple.web.db import DatabaseUnavailable, is_unavailable
from meeple.web.errors import Refused
from meeple.web.models import Move, Note, Seat, Table
from meeple.web.notify import make_notifier
from meeple.web.store import SeatInfo

# The layout a connection's picture is drawn in, or None for no picture (a program).
Picture = Layout | None
# A table as stored: its row, seats and moves, the moves' makers, its notes.
Stored = tuple[tuple[Table, list[SeatInfo], list[Move]], list[str | None], list[Note]]

log = logging.getLogger("meeple.web")

T = TypeVar("T")
LOG_MAX = 200
COALESCE_AT = 32
SLOW_DB = 0.1  # seconds: a transaction slower than this is logged
MAX_BATCH = 1000  # chance outcomes stored with one move, at most
DRIVER_RETRIES = 5  # a table's driver retries a failed step this often, a second apart
# While the database is unavailable a driver never gives up: it waits this long, doubling ...
OUTAGE_FIRST = 0.25
OUTAGE_MAX = 2.0  # ... up to this, then tries again
INFO_RETRIES = 20  # a finished table's information that could not be read: tries to read it
TAKEOVER_SECONDS = 2.0  # a table another process drives: ask again this often (has it gone?)
BOT_LEVELS = ("easy", "medium", "hard")
MAX_DRAFT = 500  # staged steps in one draft, at most
REVEAL_SAMPLES = 8  # re-deals of what a seat cannot see, to tell whether a step reveals it
WARM_HOLD = 0.1  # seconds a warming no-op keeps its worker busy (see _warm)
WARM_ROUNDS = 5  # rounds of warming no-ops, at most
RETIRE_POLL = 0.05  # seconds between looks at a replaced pool's last moves
STOP_GRACE = 1.0  # seconds a closing pool's workers get to leave before they are terminated
# What a bot worker needs: imported once by the forkserver, before it forks any worker.
WORKER_MODULES = ["meeple.web.hub", "meeple.web.hints"]


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity, where the system says), at least 1."""
    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        n = os.cpu_count() or 1
    return max(1, n)


@dataclass
class Settings:
    """How the server runs; the defaults suit people playing in a browser."""

    db_url: str = "sqlite:///meeple.db"
    bot_delay: float = 0.3  # seconds a bot waits before moving, so people can follow
    bot_seconds: float = 10.0  # a bot's time budget for one move
    bot_specs: dict[str, str] = field(default_factory=dict)  # level -> agent spec override
    secure_cookies: bool = False
    # Bot moves and hints run in this many worker processes (default: the CPUs this process
    # may use), so that bots thinking at once each get a core and the server's own process
    # stays free; 0 runs them in ``bot_threads`` threads of the server process instead (tests
    # whose agents live in the test process do that). See BotPool.
    bot_workers: int = field(default_factory=usable_cpus)
    bot_threads: int = 2
    inline_sqlite: bool = True  # SQLite work on the event loop (see Hub.db)
    # Another player may hand an absent player's seat to a bot once it has been that
    # seat's turn for this long (seconds) with nobody connected to it.
    absent_seconds: float = 600.0
    # A picture that fails (``render_svg`` raising anything but NotImplementedError) is
    # logged and the position sent as text instead; strict, the failure is raised (the
    # request fails), so that tests cannot pass over a broken renderer. Tests set it.
    strict_render: bool = False
    # Host names the server answers to (the Host header, without its port; "*" for any,
    # "*.example.org" for a domain's names): anything else is refused with 400, so a page
    # of another site cannot reach it through a name that points here (DNS rebinding).
    # ``meeple serve`` adds the host it listens on.
    allowed_hosts: tuple[str, ...] = ("localhost", "127.0.0.1", "[::1]")
    # Proxies (addresses or networks) whose X-Forwarded-For and X-Forwarded-Proto are
    # believed; none by default, so no client can choose its apparent address.
    trusted_proxies: tuple[str, ...] = ()
    # Open WebSockets allowed from one address; one more is closed with code 4429.
    sockets_per_address: int = 32


@functools.lru_cache(maxsize=256)
def load_game(game_id: str, players: int, options_json: str) -> Game:
    """A game is immutable and shared by its states, so tables with one setup share one."""
    return load_setup(game_id, players, None, json.loads(options_json))


@dataclass
class Draft:
    """A seat's turn in progress: decisions staged on copies of the position, not stored.

    ``states[i]`` is the position after the first ``i + 1`` staged actions. Nobody but
    the seat's own player sees any of it; it is committed by ``Hub.confirm`` in one
    transaction, or dropped (``stale``) as soon as the committed position moves on.
    """

    base: int  # the committed history length the draft starts from
    actions: list[int] = field(default_factory=list)
    states: list[State] = field(default_factory=list)
    stale: bool = False
    # The last step's outcome may show what the seat cannot know (see Hub.stage): it is
    # kept, but the seat is shown the position before it, and nothing more can be staged.
    sealed: bool = False
    views: dict[Picture, dict[str, JSON]] = field(default_factory=dict)

    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def length(self) -> int:
        """The history length of the drafted position (what a next step must have seen)."""
        return self.base + len(self.actions)


class LiveTable:
    """A started table in memory: its state, seats, move log and subscribers."""

    def __init__(self, row: Table, seats: list[SeatInfo], strict_render: bool = False) -> None:
        self.id = row.id
        self.strict_render = strict_render  # a renderer's failure raises (Settings.strict_render)
        self.seed = int(row.seed)  # text in the database (see models.Table.seed)
        self.status = row.status
        self.game = load_game(row.game_id, row.players, row.options_json)
        if self.game.info.version != row.game_version:
            raise Refused(
                f"table {row.id} was played with version {row.game_version} of "
                f"{self.game.info.name}; this server plays version {self.game.info.version} "
                "and cannot replay it exactly",
                409,
                "game_version",
            )
        self.state: State = self.game.new_initial_state()
        self.seats = seats
        # Per viewer (seats, then the spectator): the log entries that viewer may see.
        self.visible: list[list[dict[str, JSON]]] = [[] for _ in range(self.game.players + 1)]
        self.full: list[dict[str, JSON]] = []  # every entry as it was, shown after the end
        self.turn = 0  # turns so far (chance before the first decision is turn 0: set-up)
        self.turn_seat: int | None = None
        self.movers: dict[int, str] = {}  # per seat, who made its last move
        # Per bot seat, its turn so far: decisions taken, seconds they took (see Hub._think).
        self.bot_turns: dict[int, tuple[int, float]] = {}
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.driver: asyncio.Task[None] | None = None
        self._views: dict[tuple[int | None, Picture], dict[str, JSON]] = {}
        self.changed_at = time.monotonic()  # when the position last changed
        self.changed_wall = time.time()  # the same, as a date (for the pages' "away" timers)
        # A store failed for want of the database: had the commit gone through after all,
        # the moves are in the database but not here, so read them before the next move.
        self.unsure = False
        self.recheck: asyncio.TimerHandle | None = None  # next look at who drives the table
        # Per seat, its turn draft (in this process's memory only; see Hub.stage).
        self.drafts: dict[int, Draft] = {}

    @property
    def n(self) -> int:
        return self.game.players

    def name_of(self, actor: int) -> str:
        if actor == CHANCE:
            return "chance"
        return self.seats[actor].name or f"player {actor + 1}"

    def apply(self, actor: int, action: int, who: str | None = None) -> None:
        """Apply a checked action and log how each viewer may see it."""
        nxt = self.state.clone()
        nxt.apply_action(action)
        self.advance(nxt, actor, action, who)

    def advance(self, nxt: State, actor: int, action: int, who: str | None = None) -> None:
        """Make ``nxt`` (the state after ``action``) current and log the action per viewer.

        ``who`` names the mover (a stored move's own user): by default whoever holds the
        seat now, which for an old move of a seat a bot has since taken is not its maker.

        Each entry carries its turn: a turn starts when a player other than the last one
        decides, and the chance outcomes that follow a player's decisions are that turn's
        (what the turn caused). The entry's ``words`` (the action as a player says it) go
        only to a viewer who may see the action's full notation."""
        before = self.state
        hidden_choice = before.is_simultaneous_hidden()
        # What the action clicked, for the page to mark the last turn on the board.
        targets = list(before.action_targets(action)) if actor != CHANCE else []
        notation = before.action_to_string(action)
        try:
            words = before.action_words(action)
        except Exception:
            # A fault in a game's words must not cost the move (it is already stored): the
            # notation stands in, and the fault is logged. The conformance suite asks every
            # game for the words of its actions, so such a fault fails the tests first.
            log.exception("%s: no words for %s", self.game.info.id, notation)
            words = notation
        who = who if who is not None and actor != CHANCE else self.name_of(actor)
        self.turn, self.turn_seat = next_turn(self.turn, self.turn_seat, actor)
        if actor != CHANCE:
            # Who moved for the seat before (or left it before moving at all).
            previous = self.movers.get(actor, self.seats[actor].left_by)
            if previous is not None and previous != who:
                # A seat that changed hands, seen from its moves (so a reload says it too).
                self.note(f"{previous} left the game; {who} plays on for them")
            self.movers[actor] = who
        self.state = nxt
        self.drop_drafts()
        self.changed_at = time.monotonic()
        self.changed_wall = time.time()
        texts: list[str | None] = []
        for viewer in [*range(self.n), None]:
            text = nxt.action_seen_by(viewer, actor, action)
            if hidden_choice and viewer != actor and text is not None:
                # A simultaneous hidden choice: the others learn only that it was made
                # (the log names who before the text: "Alice: has chosen").
                text = "has chosen"
            texts.append(text)
        index = len(nxt.history) - 1
        seat = actor if actor != CHANCE else None

        def entry_of(text: str) -> dict[str, JSON]:
            entry: dict[str, JSON] = {
                "i": index,
                "turn": self.turn,
                "seat": seat,
                "who": who,
                "text": text,
            }
            # The words say all the action did: only for a viewer who sees all of it (in a
            # game with nothing hidden, whatever form the game gives the log's text).
            if text == notation or self.game.info.perfect_information:
                entry["words"] = words
            if text == notation and targets:
                entry["targets"] = list(targets)
            return entry

        for slot, text in enumerate(texts):
            if text is not None:
                self.visible[slot].append(entry_of(text))
        # The whole story, for everyone once the game is over (hidden choices and hands).
        self.full.append(entry_of(notation))
        self._views.clear()

    def play_stored(self, moves: list[Move], names: list[str | None], notes: list[Note]) -> None:
        """Apply a table's stored moves under their makers' names, with its stored notes
        in the log where they were written."""
        waiting = sorted(notes, key=lambda n: (n.move_index, n.id))
        k = 0
        for m, who in zip(moves, names, strict=True):
            while k < len(waiting) and waiting[k].move_index <= len(self.state.history):
                self.note(waiting[k].text)
                k += 1
            self.apply(m.actor, self.state.string_to_action(m.notation), who)
        for n in waiting[k:]:
            self.note(n.text)

    def note(self, text: str, seats: set[int] | None = None) -> None:
        """A line in the log that is no move: a seat changing hands, a hint taken. Shown to
        ``seats`` only (and no spectator), or to everyone; it belongs to the turn in play."""
        entry: dict[str, JSON] = {
            "i": len(self.state.history) - 1,
            "turn": self.turn,
            "note": True,
            "text": text,
        }
        for slot in range(self.n + 1):
            if seats is None or slot in seats:
                self.visible[slot].append(entry)
        if seats is None:
            self.full.append(entry)
        self._views.clear()

    def drop_drafts(self, seats: set[int] | None = None) -> None:
        """The committed position moved on (or a seat changed hands): its drafts are void.

        They are kept, marked stale, until their player next acts on them, so that a
        Confirm sent meanwhile is told why it failed rather than finding nothing."""
        for seat, draft in self.drafts.items():
            if seats is None or seat in seats:
                draft.stale = True

    def set_seats(self, seats: list[SeatInfo]) -> None:
        """New seat facts (a bot took a seat over): a seat that changed hands loses its draft."""
        changed = {i for i, (a, b) in enumerate(zip(self.seats, seats, strict=False)) if a != b}
        old = self.seats
        self.seats = seats
        for seat in changed:
            self.drafts.pop(seat, None)  # its player no longer holds the seat
            leaver, taker = old[seat].name, seats[seat].name
            if leaver and taker and leaver != taker and old[seat].kind == "human":
                self.note(f"{leaver} left the game; {taker} plays on for them")
                self.movers[seat] = taker
        self._views.clear()

    def seats_of(self, user_id: int) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human" and s.user_id == user_id]

    def view(self, viewer: int | None, picture: Picture = "wide") -> dict[str, JSON]:
        """Everything a viewer (a seat, or ``None`` for a spectator) is sent about the game.

        ``picture`` is the screen the SVG picture is drawn for (its layout), or ``None`` to
        leave it out (for programs such as bots).
        """
        draft = self.drafts.get(viewer) if viewer is not None else None
        if draft is not None and not draft.stale:
            cached = draft.views.get(picture)
            if cached is None:
                cached = draft.views[picture] = build_draft_view(self, draft, viewer, picture)
            return cached
        key = (viewer, picture)
        cached = self._views.get(key)
        if cached is not None:
            return cached
        out = build_view(self, self.state, viewer, picture)
        self._views[key] = out
        return out


def build_draft_view(
    live: LiveTable, draft: Draft, viewer: int | None, picture: Picture
) -> dict[str, JSON]:
    """A seat's own view of its draft: the position after the staged steps, its next
    choices, and the steps themselves. The turn stays the seat's until it confirms, so a
    draft that ends the turn (or the game) shows no one else to move and no result."""
    st = draft.state
    shown = (draft.states[-2] if len(draft.states) > 1 else live.state) if draft.sealed else st
    out = build_view(live, shown, viewer, picture)
    steps: list[JSON] = []
    prev = live.state
    for action, after in zip(draft.actions, draft.states, strict=True):
        steps.append(prev.action_to_string(action))
        prev = after
    complete = draft.sealed or st.is_terminal() or st.current_player() != viewer
    if complete:
        out["legal"] = []
        out["decision"] = None
    out.update(
        history_len=len(live.state.history),
        to_move=viewer,
        chance=False,
        terminal=False,
        result=None,
        draft={
            "steps": steps,
            "length": draft.length,
            "complete": complete,
            "sealed": draft.sealed,
        },
    )
    return out


def next_turn(turn: int, seat: int | None, actor: int) -> tuple[int, int | None]:
    """The turn an action by ``actor`` belongs to, after one of turn ``turn`` by ``seat``: a
    player other than the last one to decide starts a new turn; chance stays in its turn."""
    if actor in (CHANCE, seat):
        return turn, seat
    return turn + 1, actor


def turn_marks(actors: list[int]) -> list[int]:
    """Where a game's turns end, as move counts: first the set-up (the chance before the
    first decision), then each turn with the chance outcomes it caused."""
    marks: list[int] = []
    turn, seat = 0, None
    for index, actor in enumerate(actors):
        turn_after, seat = next_turn(turn, seat, actor)
        if turn_after != turn:
            marks.append(index)  # the moves before this one close the turn before
        turn = turn_after
    marks.append(len(actors))
    return marks


def build_view(
    live: LiveTable,
    st: State,
    viewer: int | None,
    picture: Picture = "wide",
) -> dict[str, JSON]:
    game = st.game
    obs = st.observation(viewer)
    svg: str | None = None
    text: str | None = None
    if picture is not None:
        try:
            svg = game.render_svg(obs, picture)
        except NotImplementedError:  # a game without an SVG renderer yet: text instead
            text = game.render_text(obs)
        except Exception:
            # A renderer's fault: the players still get the position (as text), and the
            # fault is in the server's log rather than hidden; under tests it is raised.
            if live.strict_render:
                raise
            log.exception("%s: the %s picture failed", game.info.id, picture)
            text = game.render_text(obs)
    cp = st.current_player()
    legal: list[dict[str, JSON]] = []
    if viewer is not None and cp == viewer and live.seats[viewer].kind == "human":
        legal = [st.action_to_json(a) for a in st.legal_actions()]
    decision = st.decision.kind if legal and st.decision is not None else None
    # Once the game is over everyone reads the whole story (the committed game's, not a
    # draft's: a draft that would end the game shows nothing before it is confirmed).
    story = (
        live.full
        if live.state.is_terminal()
        else live.visible[live.n if viewer is None else viewer]
    )
    shown = story[-LOG_MAX:]
    result: dict[str, JSON] | None = None
    if st.is_terminal():
        result = dict(result_of(st))
    return {
        "seat": viewer,
        "history_len": len(st.history),
        "to_move": cp if cp >= 0 else None,
        "chance": cp == CHANCE,
        "terminal": st.is_terminal(),
        "observation": obs,
        "svg": svg,
        "text": text,
        "legal": legal,
        "decision": decision,
        "draft": None,
        "log": shown,
        "result": result,
    }


class Conn:
    """A WebSocket subscriber. Messages wait in its own buffer, so a slow reader blocks
    nobody; when it falls behind, older board updates are dropped (each update carries
    the whole current view, so the newest one is enough)."""

    def __init__(
        self,
        send: Callable[[str], Any],
        user_id: int | None,
        want_seat: int | None,
        picture: Picture = "wide",
    ):
        self.send = send
        self.picture = picture
        self.user_id = user_id
        self.want_seat = want_seat
        self.seat: int | None = None
        self.pending: deque[tuple[bool, str]] = deque()
        self.ready = asyncio.Event()
        self.closed = False

    def push(self, message: str, update: bool = False) -> None:
        if self.closed:
            return
        if update and len(self.pending) >= COALESCE_AT:
            self.pending = deque(m for m in self.pending if not m[0])
        self.pending.append((update, message))
        self.ready.set()

    def close(self) -> None:
        self.closed = True
        self.ready.set()

    async def writer(self) -> None:
        while not self.closed:
            await self.ready.wait()
            self.ready.clear()
            while self.pending and not self.closed:
                _, message = self.pending.popleft()
                await self.send(message)


def bot_move(spec: str, state: State, seed: str) -> int:
    """A bot's move (in a bot worker): the agent ``spec`` with its RNG made from ``seed``, so
    that the seed determines the move wherever it is computed."""
    return make_agent(spec, random.Random(seed)).step(state)


def bot_timed_move(spec: str, state: State, seed: str, spent: float | None) -> tuple[int, float]:
    """``bot_move`` for a seat whose turn so far took ``spent`` seconds of its bot's
    thinking (None: not known), and how long this move took: a bot with a budget for the
    whole turn (hard) then gives this decision its share of what is left."""
    agent = make_agent(spec, random.Random(seed))
    if spent is not None and state.decisions_this_turn() > 0:
        agent.resume_turn(state, spent)
    started = time.perf_counter()
    action = agent.step(state)
    return action, time.perf_counter() - started


def _call(payload: bytes) -> Any:
    """In a worker: the function and arguments pickled by BotPool.run, called."""
    fn, args = pickle.loads(payload)
    return fn(*args)


_lifeline: tuple[Connection, Connection] | None = None  # in the server: see _lifeline_end


def _lifeline_end() -> Connection:
    """The reading end of a pipe whose writing end only this process holds, given to every
    worker: it reads end-of-file as soon as the server process is gone, however it ended (a
    worker of a killed server would otherwise wait for work forever)."""
    global _lifeline
    if _lifeline is None:
        _lifeline = multiprocessing.Pipe(duplex=False)
    return _lifeline[0]


def _worker_started(lifeline: Connection) -> None:
    """A worker ignores Ctrl-C (the server ends its workers itself when it closes) and ends
    when the server process does."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(
        target=_watch, args=(lifeline,), name="meeple-bot-lifeline", daemon=True
    ).start()


def _watch(lifeline: Connection) -> None:
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv()  # nothing is ever sent: this returns when the server is gone
    os._exit(0)


def _ready(hold: float) -> int:
    """The warming no-op: it keeps its worker busy a moment, so that the next one submitted
    starts another worker (a pool starts a new worker only when none is free)."""
    time.sleep(hold)
    return os.getpid()


def _mp_context() -> BaseContext:
    """The forkserver where there is one (a clean process that imports the bots' modules once
    and forks each worker from itself), else spawn; never fork, since the server has threads
    and an event loop."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(WORKER_MODULES)  # no effect once the server runs
        return context
    return multiprocessing.get_context("spawn")


def _warm(executor: ProcessPoolExecutor, workers: int) -> None:
    """Start every worker of a new pool (in a thread of its own: starting takes a while)."""
    started = time.perf_counter()
    try:
        for _ in range(WARM_ROUNDS):
            futures = [executor.submit(_ready, WARM_HOLD) for _ in range(workers)]
            for f in futures:
                f.result(timeout=120)
            if len(_processes_of(executor)) >= workers:
                break
    except (Exception, FutureCancelled) as e:  # closed meanwhile, or a worker did not start
        log.info("bot workers: warming stopped (%s)", _first_line(e))
        return
    log.info(
        "bot workers: %d processes ready in %.2f s",
        len(_processes_of(executor)),
        time.perf_counter() - started,
    )


def _processes_of(executor: Executor) -> list[Any]:
    """A process pool's worker processes (its manager thread may change them meanwhile)."""
    for _ in range(10):
        try:
            return list((getattr(executor, "_processes", None) or {}).values())
        except RuntimeError:  # changed while copied
            continue
    return []


def _stop(executor: Executor, grace: float = 0.0) -> None:
    """Shut a pool down: queued work cancelled, and its processes ended, those still busy
    after ``grace`` seconds terminated (a running task cannot be cancelled otherwise)."""
    processes = _processes_of(executor)
    executor.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + grace
    for p in processes:
        p.join(max(0.0, deadline - time.monotonic()))
        if p.is_alive():
            p.terminate()
    for p in processes:
        p.join(5)
        if p.is_alive():
            p.kill()


def _stop_all(executors: list[Executor], grace: float) -> None:
    for executor in executors:
        _stop(executor, grace)


@dataclass(eq=False)
class _Job:
    future: Future[Any]
    deadline: float  # past this, nobody waits for its answer


class BotPool:
    """Where bot moves and hints are computed: ``workers`` processes, or (``workers`` 0)
    ``threads`` threads of this process.

    A task waits for a free worker (first come, first served) and its timeout counts from
    then, so a move queued behind others still gets its whole time. A process-pool task cannot
    be cancelled once it runs: a task that overruns its timeout gets the pool replaced by a new
    one, and the old one's processes are terminated once its other tasks are done (or past
    their own deadlines). A worker that dies breaks its pool (``BrokenProcessPool`` for every
    task in it): the pool is replaced too. The caller decides what to do instead (a bot plays
    at random). A task whose arguments cannot be pickled (a game whose states do not) runs in
    a thread of this process.
    """

    def __init__(self, workers: int, threads: int) -> None:
        if workers < 0:
            raise ValueError(f"bot_workers must be 0 (threads) or more, not {workers}")
        self.processes = workers > 0
        self.size = workers if self.processes else max(1, threads)
        self.threads = max(1, threads)
        self._free = asyncio.Semaphore(self.size)
        self._jobs: dict[Executor, set[_Job]] = {}
        self._executor = self._new_executor()
        self._local: ThreadPoolExecutor | None = None  # for what cannot go to a process
        self._retiring: set[asyncio.Task[None]] = set()
        self._unpicklable: set[str] = set()
        self.replaced = 0  # pools replaced (after a timeout or a dead worker), for tests
        self.closed = False

    def _new_executor(self) -> Executor:
        executor: Executor
        if self.processes:
            context = _mp_context()
            executor = ProcessPoolExecutor(
                max_workers=self.size,
                mp_context=context,
                initializer=_worker_started,
                initargs=(_lifeline_end(),),
            )
            threading.Thread(
                target=_warm, args=(executor, self.size), name="meeple-bot-warm", daemon=True
            ).start()
        else:
            executor = ThreadPoolExecutor(max_workers=self.size, thread_name_prefix="meeple-bot")
        self._jobs[executor] = set()
        return executor

    def pids(self) -> list[int]:
        """The current pool's worker processes (none with threads)."""
        return [p.pid for p in _processes_of(self._executor) if p.pid is not None]

    async def run(self, timeout: float, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on a free worker, given ``timeout`` seconds from when it starts.

        Raises TimeoutError past the timeout, BrokenProcessPool if a worker died, or what
        ``fn`` raised. ``fn`` must be a module-level function (a worker imports it)."""
        if self.closed:
            raise RuntimeError("the bot pool is closed")
        payload: bytes | None = None
        if self.processes:
            try:
                payload = pickle.dumps((fn, args), protocol=pickle.HIGHEST_PROTOCOL)
            except Exception as e:
                return await self._run_here(timeout, fn, args, e)
        loop = asyncio.get_running_loop()
        await self._free.acquire()
        executor = self._executor
        try:
            if payload is not None:
                future = executor.submit(_call, payload)
            else:
                future = executor.submit(fn, *args)
        except BaseException as e:
            self._free.release()
            if isinstance(e, BrokenProcessPool):
                self._replace(executor, "a bot worker process died")
            raise
        job = _Job(future, time.monotonic() + timeout)
        jobs = self._jobs[executor]
        jobs.add(job)

        def finished(_: Future[Any]) -> None:
            with contextlib.suppress(RuntimeError):  # the event loop is closed already
                loop.call_soon_threadsafe(self._finished, jobs, job)

        future.add_done_callback(finished)
        try:
            result: T = await asyncio.wait_for(asyncio.wrap_future(future), timeout)
            return result
        except TimeoutError:
            if not future.done() and self.processes:
                self._replace(executor, f"a task overran its {timeout:g} s")
            raise
        except BrokenProcessPool:
            self._replace(executor, "a bot worker process died")
            raise

    def _finished(self, jobs: set[_Job], job: _Job) -> None:
        jobs.discard(job)
        self._free.release()

    async def _run_here(self, timeout: float, fn: Callable[..., T], args: Any, why: Exception) -> T:
        """A task that cannot be sent to a worker process: in a thread of this process."""
        what = getattr(fn, "__qualname__", repr(fn))
        if what not in self._unpicklable:
            self._unpicklable.add(what)
            log.warning(
                "%s: cannot be sent to a bot worker process (%s); it runs in a thread of the "
                "server instead",
                what,
                _first_line(why),
            )
        if self._local is None:
            self._local = ThreadPoolExecutor(self.threads, thread_name_prefix="meeple-bot-local")
        loop = asyncio.get_running_loop()
        return await asyncio.wait_for(loop.run_in_executor(self._local, fn, *args), timeout)

    def _replace(self, old: Executor, why: str) -> None:
        """Give new tasks a new pool, and end the old one once nobody waits for it."""
        if old is not self._executor or self.closed:
            return  # replaced already (every task of a broken pool fails at once)
        log.warning("bot workers: %s; a new pool takes over", why)
        self.replaced += 1
        self._executor = self._new_executor()
        task = asyncio.get_running_loop().create_task(self._retire(old))
        self._retiring.add(task)
        task.add_done_callback(self._retiring.discard)

    async def _retire(self, old: Executor) -> None:
        """Let the old pool's other tasks finish, each until its own deadline, then terminate
        its processes: the one that overran stops only so."""
        jobs = self._jobs[old]
        while any(not j.future.done() and time.monotonic() < j.deadline for j in jobs):
            await asyncio.sleep(RETIRE_POLL)
        await asyncio.to_thread(_stop, old)
        self._jobs.pop(old, None)

    async def close(self) -> None:
        """Cancel what waits, let idle workers leave, terminate busy ones (nobody waits for
        them any more: the tables' drivers are stopped first)."""
        self.closed = True
        for task in list(self._retiring):
            task.cancel()
        executors = list(self._jobs)
        if self._local is not None:
            executors.append(self._local)
        if self.processes:
            await asyncio.to_thread(_stop_all, executors, STOP_GRACE)
        else:
            for e in executors:
                e.shutdown(wait=False, cancel_futures=True)
        self._jobs.clear()


class Hub:
    """All live tables of this process, their subscribers, bots and the database."""

    def __init__(self, engine: Engine, settings: Settings) -> None:
        self.engine = engine
        self.settings = settings
        self.tables: dict[int, LiveTable] = {}
        self.infos: dict[int, dict[str, JSON]] = {}
        self.conns: dict[int, set[Conn]] = {}
        self._loading: dict[int, asyncio.Lock] = {}
        self._loaders: dict[int, int] = {}  # how many are in Hub.live for a table id
        # Bot moves and hints (see BotPool): worker processes, started now in the background.
        self.bots = BotPool(settings.bot_workers, settings.bot_threads)
        # SQLite takes one writer at a time, and a second one waits in sleeps of up to
        # 100 ms: one database thread serialises the work without those waits.
        sqlite = engine.url.get_backend_name() == "sqlite"
        self._db_executor = ThreadPoolExecutor(
            max_workers=1 if sqlite else 8, thread_name_prefix="meeple-db"
        )
        self.inline_db = sqlite and settings.inline_sqlite
        self.closing = False
        self.notifier = make_notifier(engine)
        self._syncing: dict[int, asyncio.Task[None]] = {}
        self._background: set[asyncio.Task[None]] = set()
        self._resync: set[int] = set()
        self._records_key: Ed25519PrivateKey | None = None

    # -- the database, off the event loop ------------------------------------------

    def run_sync(self, fn: Callable[[DBSession], T]) -> T:
        started = time.perf_counter()
        try:
            with DBSession(self.engine, expire_on_commit=False) as db, db.begin():
                changed = self.notifier.watch(db)
                out = fn(db)
                if changed is not None:
                    db.flush()
                    if changed:
                        self.notifier.announce(db, changed)  # sent by PostgreSQL on commit
                return out
        except Exception as e:
            if is_unavailable(e):
                log.warning("the database is unavailable: %s", _first_line(e))
                raise DatabaseUnavailable() from None
            raise
        finally:
            took = time.perf_counter() - started
            if took > SLOW_DB:
                log.warning("a database transaction took %.0f ms", took * 1000)

    async def db(self, fn: Callable[[DBSession], T]) -> T:
        if self.inline_db:
            return self.run_sync(fn)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db_executor, self.run_sync, fn)

    # -- loading and resuming ------------------------------------------------------

    async def resume_all(self) -> int:
        self.notifier.start(self._remote_change, self._resync_all)
        ids = await self.db(
            lambda db: list(db.scalars(select(Table.id).where(Table.status == "running")))
        )
        for tid in ids:
            try:
                live = await self.live(tid)
                if live is not None:
                    self.kick(live)
            except Exception:
                log.exception("table %s could not be resumed", tid)
        return len(ids)

    async def live(self, table_id: int) -> LiveTable | None:
        """The table in memory, loaded (replayed) from the database if it has started."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        self._loaders[table_id] = self._loaders.get(table_id, 0) + 1
        try:
            async with lock:
                live = self.tables.get(table_id)
                if live is not None:
                    return live

                def read(db: DBSession) -> Stored | None:
                    got = store.load_table(db, table_id)
                    if got is None:
                        return None
                    return got, store.mover_names(db, got[2]), store.notes_of(db, table_id)

                loaded = await self.db(read)
                if loaded is None:
                    return None
                (row, seats, moves), names, notes = loaded
                if row.status not in ("running", "finished"):
                    return None
                live = LiveTable(row, seats, strict_render=self.settings.strict_render)
                live.play_stored(moves, names, notes)
                self.tables[table_id] = live
                if live.status == "running":
                    live.driver = asyncio.create_task(self._drive(live))
                    if live.state.is_terminal():
                        await self._finish(live)
                return live
        finally:
            left = self._loaders.pop(table_id) - 1
            if left:
                self._loaders[table_id] = left
            elif table_id not in self.tables and self._loading.get(table_id) is lock:
                # Nothing was loaded (no such table, or not started) and nobody else waits:
                # keep no lock for it, so asking for missing tables cannot grow memory.
                del self._loading[table_id]

    async def reload(self, table_id: int) -> None:
        """Forget a table and load it again (another writer got there first)."""
        old = self.tables.pop(table_id, None)
        if old is not None and old.driver is not None:
            old.driver.cancel()
        live = await self.live(table_id)
        if live is not None:
            self.kick(live)
        await self.publish(table_id)

    # -- other processes' changes (PostgreSQL) -----------------------------------------------

    def _remote_change(self, table_id: int) -> None:
        """Another process committed a change to this table: read it if we hold or show it."""
        held = table_id in self.tables or table_id in self.conns or table_id in self._loading
        if not held:
            self.infos.pop(table_id, None)  # read afresh when next asked for
            return
        if table_id in self._syncing:
            self._resync.add(table_id)  # once more when the running read ends
            return
        self._syncing[table_id] = asyncio.create_task(self._sync_loop(table_id))

    def _resync_all(self) -> None:
        """Listening (again): whatever was announced before is lost; re-read every table."""
        for table_id in {*self.tables, *self.conns, *self._loading}:
            self._remote_change(table_id)

    async def _sync_loop(self, table_id: int) -> None:
        try:
            while True:
                self._resync.discard(table_id)
                try:
                    await self._sync(table_id)
                except DatabaseUnavailable:
                    pass  # read again when the listener reconnects (it will have failed too)
                except Exception:
                    log.exception("table %s: reading another process's change failed", table_id)
                    with contextlib.suppress(Exception):
                        await self.reload(table_id)
                if table_id not in self._resync or self.closing:
                    return
        finally:
            self._syncing.pop(table_id, None)

    async def _sync(self, table_id: int) -> None:
        loading = self._loading.get(table_id)
        if loading is not None:
            async with loading:  # a load under way might have read the table before the change
                pass
        live = self.tables.get(table_id)
        if live is None:
            if table_id in self.conns:  # watched before it started: it may have started now
                await self.info(table_id, fresh=True)
                live = await self.live(table_id)
                if live is not None:
                    self.kick(live)
                self.broadcast(table_id)
            else:
                self.infos.pop(table_id, None)
            return
        async with live.lock:
            moved = await self._catch_up(live)
        if live is self.tables.get(table_id):
            self.broadcast(table_id)
            if moved:
                self.kick(live)

    async def _catch_up(self, live: LiveTable) -> bool:
        """With the table's lock held: apply the moves stored since ours (by another process,
        or by a commit whose answer was lost) and take the seats and status as stored."""
        start = len(live.state.history)

        def read(
            db: DBSession,
        ) -> (
            tuple[str, list[SeatInfo], list[Move], list[str | None], dict[str, JSON] | None] | None
        ):
            row = db.get(Table, live.id)
            if row is None:
                return None
            moves = list(
                db.scalars(
                    select(Move)
                    .where(Move.table_id == live.id, Move.move_index >= start)
                    .order_by(Move.move_index)
                )
            )
            seats = list(
                db.scalars(select(Seat).where(Seat.table_id == live.id).order_by(Seat.seat))
            )
            names = store.mover_names(db, moves)
            return (
                row.status,
                store.seat_infos(db, seats),
                moves,
                names,
                store.table_info(db, live.id),
            )

        got = await self.db(read)
        if got is None:
            return False
        status, seats, moves, names, info = got
        if info is not None:
            self.infos[live.id] = info
        for m, who in zip(moves, names, strict=True):
            if m.move_index != len(live.state.history):
                raise RuntimeError(f"table {live.id}: stored move {m.move_index} out of order")
            live.apply(m.actor, live.state.string_to_action(m.notation), who)
        if seats != live.seats:
            live.set_seats(seats)
        if status == "finished" and live.status == "running":
            live.status = "finished"
            live._views.clear()
            live.wake.set()
        live.unsure = False
        return bool(moves)

    # -- subscribers -----------------------------------------------------------------

    async def info(self, table_id: int, fresh: bool = False) -> dict[str, JSON] | None:
        if fresh or table_id not in self.infos:
            info = await self.db(lambda db: store.table_info(db, table_id))
            if info is None:
                return None
            self.infos[table_id] = info
        return self.infos[table_id]

    def _seat_for(self, conn: Conn, info: dict[str, JSON]) -> int | None:
        if conn.user_id is None:
            return None
        seats = info["seats"]
        assert isinstance(seats, list)
        mine = [
            s["seat"]
            for s in seats
            if isinstance(s, dict) and s["kind"] == "human" and s["user_id"] == conn.user_id
        ]
        if conn.want_seat is not None and conn.want_seat in mine:
            return conn.want_seat
        seat = mine[0] if mine else None
        return seat if isinstance(seat, int) else None

    def presence(self, table_id: int) -> dict[str, JSON] | None:
        """Who is at a running table now, and since when it has waited for its move: the page
        offers to hand the seat to move to a bot only once its player has been away past
        ``absent_seconds`` (the server checks again when asked)."""
        live = self.tables.get(table_id)
        if live is None or live.status != "running":
            return None
        users = self.connected_users(table_id)
        here = [i for i, s in enumerate(live.seats) if s.kind == "human" and s.user_id in users]
        return {
            "connected": list(here),
            "since": round(live.changed_wall, 1),
            "away_after": self.settings.absent_seconds,
        }

    def message_for(self, table_id: int, seat: int | None, picture: Picture = "wide") -> str:
        info = self.infos.get(table_id)
        live = self.tables.get(table_id)
        view = live.view(seat, picture) if live is not None else None
        out = {"type": "update", "table": info, "view": view, "presence": self.presence(table_id)}
        return json.dumps(out, ensure_ascii=False)

    async def subscribe(self, table_id: int, conn: Conn) -> bool:
        info = await self.info(table_id)
        if info is None:
            return False
        await self.live(table_id)
        self.conns.setdefault(table_id, set()).add(conn)
        conn.seat = self._seat_for(conn, info)
        conn.push(self.message_for(table_id, conn.seat, conn.picture), update=True)
        return True

    def unsubscribe(self, table_id: int, conn: Conn) -> None:
        conns = self.conns.get(table_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.conns[table_id]
        self.release(table_id)
        conn.close()

    def release(self, table_id: int) -> None:
        """Forget a finished table nobody watches (it is replayed again when someone looks)."""
        live = self.tables.get(table_id)
        if live is not None and live.status == "finished" and not self.conns.get(table_id):
            self.tables.pop(table_id, None)
            self.infos.pop(table_id, None)
            self._loading.pop(table_id, None)

    def broadcast(self, table_id: int) -> None:
        info = self.infos.get(table_id)
        conns = self.conns.get(table_id)
        if not conns or info is None:
            return
        messages: dict[tuple[int | None, Picture], str] = {}
        for conn in list(conns):
            conn.seat = self._seat_for(conn, info)
            key = (conn.seat, conn.picture)
            if key not in messages:
                messages[key] = self.message_for(table_id, conn.seat, conn.picture)
            conn.push(messages[key], update=True)

    async def publish(self, table_id: int) -> None:
        """The table's setup changed (seats, status): tell everyone watching."""
        await self.info(table_id, fresh=True)
        self.broadcast(table_id)

    def connected_users(self, table_id: int) -> set[int]:
        return {c.user_id for c in self.conns.get(table_id, ()) if c.user_id is not None}

    # -- moves ---------------------------------------------------------------------

    async def _table_for_move(self, table_id: int) -> LiveTable:
        live = await self.live(table_id)
        if live is None:
            if await self.info(table_id) is None:
                raise Refused(f"there is no table {table_id}", 404, "no_table")
            raise Refused("this table has not started", 409, "not_started")
        return live

    async def _mover(self, live: LiveTable, user_id: int, seat: int | None) -> int:
        """With the table's lock held: the seat ``user_id`` acts for, checked to be theirs
        and to move now."""
        if live.unsure:
            await self._catch_up(live)
        st = live.state
        mine = live.seats_of(user_id)
        if not mine:
            raise Refused("you have no seat at this table", 403, "not_seated")
        if seat is None:
            cp = st.current_player()
            seat = cp if cp in mine else mine[0]
        elif seat not in mine:
            raise Refused(f"seat index {seat} is not yours", 403, "not_your_seat")
        if st.is_terminal():
            raise Refused("the game is over", 409, "game_over")
        if st.current_player() != seat:
            raise Refused("it is not your turn", 409, "not_your_turn")
        return seat

    @staticmethod
    def _check_seen(seen: JSON, length: int, what: str = "move") -> None:
        if isinstance(seen, bool) or not isinstance(seen, int) or seen != length:
            raise Refused(
                f"that {what} was sent for move {seen}, but the game is at move "
                f"{length}; look at the board again",
                409,
                "stale",
            )

    @staticmethod
    def _parse(st: State, action: JSON) -> int:
        """The legal action ``action`` names in ``st`` (an id, its text, or {id, text})."""
        try:
            if isinstance(action, int) and not isinstance(action, bool):
                a = st.json_to_action({"id": action})
            elif isinstance(action, dict):
                a = st.json_to_action(action)
            elif isinstance(action, str):
                a = st.string_to_action(action)
            else:
                raise Refused("a move is an action id, its text, or {id, text}")
            if a not in st.legal_actions():
                st.clone().apply_action(a)  # raises with the reason and the legal moves
        except MeepleError as e:
            raise Refused(str(e), 400, "illegal") from None
        return a

    async def play(
        self,
        table_id: int,
        user_id: int,
        action: JSON,
        seen: int,
        seat: int | None = None,
    ) -> LiveTable:
        """A person's move: checked, stored, applied and broadcast, or refused."""
        live = await self._table_for_move(table_id)
        async with live.lock:
            seat = await self._mover(live, user_id, seat)
            self._check_seen(seen, len(live.state.history))
            a = self._parse(live.state, action)
            await self._commit(live, seat, [a], user_id)
        self.kick(live)
        return live

    # -- turn drafts -------------------------------------------------------------------

    def _live_draft(self, live: LiveTable, seat: int, seen: JSON = None) -> Draft | None:
        """The seat's draft, refused (and dropped) if the position moved on under it.

        A client that has already seen the new position (``seen`` is its history length)
        simply starts afresh: the old draft is dropped without a word."""
        draft = live.drafts.get(seat)
        if draft is not None and (draft.stale or draft.base != len(live.state.history)):
            del live.drafts[seat]
            if seen == len(live.state.history) and not isinstance(seen, bool):
                return None
            raise Refused(
                "the game moved on since this turn was drafted, so the draft was dropped; "
                "look at the board again",
                409,
                "stale_draft",
            )
        return draft

    async def _staged(
        self, live: LiveTable, user_id: int, seat: int | None, seen: JSON, what: str, code: str
    ) -> tuple[int, Draft]:
        """With the table's lock held: the seat and its draft, for an undo or a confirm,
        which may say which drafted position it was sent for (``seen``)."""
        seat = await self._mover(live, user_id, seat)
        draft = self._live_draft(live, seat)
        if draft is None or not draft.actions:
            raise Refused(f"nothing is staged to {what}", 409, code)
        if seen is not None:
            self._check_seen(seen, draft.length, "request")
        return seat, draft

    @staticmethod
    def reveals(position: State, action: int, seat: int, after: State) -> bool:
        """Whether the outcome of ``action`` could show ``seat`` something it cannot see now.

        In a game with hidden information, a step may end the game (every hand shown) or
        complete something others chose in secret (Queensland's group answers, shown once
        all are in). Such a step is tried on positions re-dealt from the seat's own
        observation (``determinize``): if the seat would see anything different after it
        in any of them, or could not take it there, its outcome depends on what the seat
        does not know. A draft must not show that (Undo would let the seat try again)."""
        if position.game.info.perfect_information:
            return False
        if after.is_terminal():
            return True
        seen = after.observation(seat)
        for i in range(REVEAL_SAMPLES):
            twin = position.determinize(seat, random.Random(f"meeple-draft-check:{i}"))
            try:
                twin.apply_action(action)
            except MeepleError:
                return True
            if twin.observation(seat) != seen:
                return True
        return False

    async def stage(
        self, table_id: int, user_id: int, action: JSON, seen: JSON, seat: int | None = None
    ) -> tuple[LiveTable, int]:
        """Stage one of the seat's own decisions in its draft: nothing is stored or shown to
        anyone else. ``seen`` is the drafted position's history length the client was shown.

        A step is taken only while the drafted position is still this seat's decision:
        past that point (a chance outcome, another player's decision, the end) going on
        would reveal something, so the draft must be confirmed or undone first."""
        live = await self._table_for_move(table_id)
        async with live.lock:
            seat = await self._mover(live, user_id, seat)
            draft = self._live_draft(live, seat, seen)
            position = draft.state if draft is not None else live.state
            self._check_seen(seen, draft.length if draft is not None else len(live.state.history))
            if draft is not None and (draft.sealed or len(draft.actions) >= MAX_DRAFT):
                raise Refused(
                    "this turn is drafted as far as it can be without showing you something "
                    "new: confirm it, or undo a step",
                    409,
                    "draft_complete",
                )
            if position.is_terminal() or position.current_player() != seat:
                raise Refused(
                    "this turn is drafted to its end (what comes next would reveal something "
                    "or hand over the turn): confirm it, or undo a step",
                    409,
                    "draft_complete",
                )
            a = self._parse(position, action)
            after = position.clone()
            after.apply_action(a)
            if draft is None:
                draft = live.drafts[seat] = Draft(base=len(live.state.history))
            draft.actions.append(a)
            draft.states.append(after)
            draft.sealed = self.reveals(position, a, seat, after)
            draft.views.clear()
        self.send_to_seat(live, seat)
        return live, seat

    async def undo(
        self,
        table_id: int,
        user_id: int,
        seat: int | None = None,
        everything: bool = False,
        seen: JSON = None,
    ) -> tuple[LiveTable, int]:
        """Take back the last staged step of the seat's draft (or all of them)."""
        live = await self._table_for_move(table_id)
        async with live.lock:
            seat, draft = await self._staged(live, user_id, seat, seen, "undo", "nothing_to_undo")
            keep = 0 if everything else len(draft.actions) - 1
            del draft.actions[keep:], draft.states[keep:]
            draft.sealed = False  # only the last step can be sealed, and it is gone
            draft.views.clear()
            if not draft.actions:
                del live.drafts[seat]
        self.send_to_seat(live, seat)
        return live, seat

    async def confirm(
        self, table_id: int, user_id: int, seat: int | None = None, seen: JSON = None
    ) -> tuple[LiveTable, int]:
        """Commit the seat's staged steps, in order, with the chance that follows them, in
        one transaction: all of them or (refused, or the database failing) none."""
        live = await self._table_for_move(table_id)
        async with live.lock:
            seat, draft = await self._staged(live, user_id, seat, seen, "confirm", "no_draft")
            await self._commit(live, seat, list(draft.actions), user_id)
            live.drafts.pop(seat, None)
        self.kick(live)
        return live, seat

    def send_to_seat(self, live: LiveTable, seat: int) -> None:
        """A draft changed: only the seat's own connections hear of it."""
        for conn in list(self.conns.get(live.id, ())):
            if conn.seat == seat:
                conn.push(self.message_for(live.id, seat, conn.picture), update=True)

    async def _commit(
        self, live: LiveTable, actor: int, actions: list[int], user_id: int | None
    ) -> None:
        """Store the actions (one seat's, in order), with the chance outcomes that follow them
        at once (and the result if the game ends), in one transaction; then apply and
        broadcast them.

        Called with the table's lock held, for actions legal one after the other.
        """
        steps: list[tuple[int, int, str, int | None, State]] = []
        nxt = live.state
        for action in actions:
            notation = nxt.action_to_string(action)
            nxt = nxt.clone()
            nxt.apply_action(action)
            steps.append((actor, action, notation, user_id, nxt))
        while not nxt.is_terminal() and nxt.current_player() == CHANCE and len(steps) < MAX_BATCH:
            action = self.sample_chance(live, nxt)
            notation = nxt.action_to_string(action)
            nxt = nxt.clone()
            nxt.apply_action(action)
            steps.append((CHANCE, action, notation, None, nxt))
        first = len(live.state.history)
        result = result_of(nxt) if nxt.is_terminal() else None

        def store_moves(db: DBSession) -> None:
            for i, (who, _, text, uid, _) in enumerate(steps):
                db.add(
                    Move(
                        table_id=live.id,
                        move_index=first + i,
                        actor=who,
                        notation=text,
                        user_id=uid,
                    )
                )
            if result is not None:
                db.flush()
                store.finish_table(db, live.id, result)

        try:
            await self.db(store_moves)
        except DatabaseUnavailable:
            live.unsure = True
            raise
        except IntegrityError:
            # Another writer (another process) stored this move first.
            log.warning("table %s: move %d was stored by another writer first", live.id, first)
            asyncio.get_running_loop().call_soon(
                lambda: asyncio.ensure_future(self.reload(live.id))
            )
            raise Refused(
                "another move was stored first; look at the board again", 409, "stale"
            ) from None
        # Stored: apply in memory at once (no await before), so nothing that fails from here
        # on can leave the table behind its stored moves.
        for who, act, _, _, after in steps:
            live.advance(after, who, act)
        if result is not None:
            live.status = "finished"
            self._show_finished(live.id)  # before any await: no reader sees a running end
            live.wake.set()
            try:
                await self.info(live.id, fresh=True)  # finished, with places and ratings
            except DatabaseUnavailable:
                self._finished_unread(live.id)
        self.broadcast(live.id)

    def _show_finished(self, table_id: int) -> None:
        """Mark the table's cached facts finished, until they are read again with places and
        ratings: a reader between the last move and that read sees the end and a finished
        table together, never a finished game on a running table."""
        info = self.infos.get(table_id)
        if info is not None and info.get("status") != "finished":
            self.infos[table_id] = {**info, "status": "finished"}

    def _finished_unread(self, table_id: int) -> None:
        """The game ended (stored) but its table could not be read again: show it finished
        for now, and read it (places, ratings) once the database answers."""
        self._show_finished(table_id)

        async def read_later() -> None:
            delay = OUTAGE_FIRST
            for _ in range(INFO_RETRIES):
                await asyncio.sleep(delay)
                delay = min(OUTAGE_MAX, delay * 2)
                with contextlib.suppress(DatabaseUnavailable):
                    await self.publish(table_id)
                    return
            self.infos.pop(table_id, None)  # read when next asked for

        task = asyncio.get_running_loop().create_task(read_later())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def records_key(self) -> Ed25519PrivateKey:
        """The key that signs this server's records (made on first use, in the database)."""
        if self._records_key is None:
            pem = await self.db(store.records_key_pem)
            self._records_key = load_private_pem(pem)
        return self._records_key

    def sample_chance(self, live: LiveTable, state: State) -> int:
        """A chance outcome from the table's seed and the move index: resumes exactly
        (the ``meeple.seed-step/1`` scheme, which the table's record names)."""
        return step_outcome(live.seed, state)

    async def _finish(self, live: LiveTable) -> None:
        """A loaded table whose stored moves end the game, but not marked finished yet."""
        result = result_of(live.state)
        await self.db(lambda db: store.finish_table(db, live.id, result))
        live.status = "finished"
        self._show_finished(live.id)
        live._views.clear()
        await self.info(live.id, fresh=True)
        live.wake.set()

    # -- bots and chance -------------------------------------------------------------

    def kick(self, live: LiveTable) -> None:
        """Something changed: let the table's driver see whether chance or a bot moves."""
        live.wake.set()

    def bot_view(self, live: LiveTable, state: State, seat: int) -> State:
        """What a bot is given: the position with everything its seat cannot see re-dealt
        (``determinize``), so even a careless bot cannot use hidden information."""
        index = len(state.history)
        try:
            return state.determinize(seat, random.Random(f"meeple-web-view:{live.seed}:{index}"))
        except Exception:
            log.exception("table %s: determinize failed; the bot gets a copy", live.id)
            return state.clone()

    def bot_spec(self, level: str) -> str:
        return self.settings.bot_specs.get(level, level)

    async def _think(self, live: LiveTable, seat: int, level: str, state: State) -> int:
        """The bot's move, from a bot worker (``bot_move``); at random if it overruns
        ``bot_seconds``, fails, or its worker dies."""
        seed = f"meeple-web-bot:{live.seed}:{seat}:{len(state.history)}"
        spec = self.bot_spec(level)
        # The seat's turn so far, as its earlier moves in this process timed it (none after
        # a restart or a takeover in the middle of a turn: then the bot counts decisions).
        k = state.decisions_this_turn()
        known = live.bot_turns.pop(seat, None)
        spent = 0.0 if k == 0 else known[1] if known is not None and known[0] == k else None
        try:
            action, took = await self.bots.run(
                self.settings.bot_seconds, bot_timed_move, spec, state, seed, spent
            )
            if spent is not None:
                live.bot_turns[seat] = (k + 1, spent + took)
            return action
        except TimeoutError:
            log.warning("table %s: the %s bot ran out of time; it plays at random", live.id, level)
        except BrokenProcessPool:
            log.error(
                "table %s: the %s bot's worker process died; it plays at random", live.id, level
            )
        except Exception:
            log.exception("table %s: the %s bot failed; it plays at random", live.id, level)
        return random.Random(seed).choice(state.legal_actions())

    async def _drive(self, live: LiveTable) -> None:
        """The table's driver: plays chance and bot seats whenever it is their turn."""
        failures = 0
        outages = 0
        try:
            while live.status == "running" and not self.closing:
                await live.wake.wait()
                live.wake.clear()
                try:
                    await self._run_automatic(live)
                    failures = outages = 0
                except DatabaseUnavailable:
                    # Never give up for this: wait, more and more (capped), and try again.
                    delay = min(OUTAGE_MAX, OUTAGE_FIRST * 2**outages)
                    outages += 1
                    log.warning(
                        "table %s: the database is unavailable; trying again in %.2f s",
                        live.id,
                        delay,
                    )
                    # Our driving locks may have gone with the connection: ask again later.
                    await self.notifier.reset()
                    await asyncio.sleep(delay)
                    live.wake.set()
                except Refused:
                    return  # another writer got there first: the table is being reloaded
                except Exception:
                    failures += 1
                    log.exception("table %s: the driver failed (%d)", live.id, failures)
                    if failures >= DRIVER_RETRIES:
                        log.error("table %s: the driver gives up", live.id)
                        await self.notifier.release(live.id)
                        return
                    await asyncio.sleep(1.0)
                    live.wake.set()
        finally:
            if live.recheck is not None:
                live.recheck.cancel()
        if live.status == "finished":
            await self.notifier.release(live.id)

    async def _may_drive(self, live: LiveTable) -> bool:
        """Whether this process plays the table's chance and bots (PostgreSQL: whether it
        holds the table's advisory lock). If another does, look again in a while: should that
        process die, its lock goes with its connection and this one takes over."""
        if await self.notifier.try_drive(live.id):
            return True
        if live.recheck is not None:
            live.recheck.cancel()
        live.recheck = asyncio.get_running_loop().call_later(TAKEOVER_SECONDS, live.wake.set)
        return False

    async def _run_automatic(self, live: LiveTable) -> None:
        while live.status == "running" and not self.closing:
            async with live.lock:
                if live.unsure:
                    await self._catch_up(live)
                st = live.state
                if st.is_terminal():
                    return
                cp = st.current_player()
                if cp != CHANCE and live.seats[cp].kind != "bot":
                    return
                if not await self._may_drive(live):
                    return
                if cp == CHANCE:
                    await self._commit(live, CHANCE, [self.sample_chance(live, st)], None)
                    continue
                seat = live.seats[cp]
                level = seat.level or "medium"
                index = len(st.history)
                snapshot = self.bot_view(live, st, cp)
            if self.settings.bot_delay > 0:
                await asyncio.sleep(self.settings.bot_delay)
            action = await self._think(live, cp, level, snapshot)
            async with live.lock:
                st = live.state
                if len(st.history) != index or live.seats[cp].kind != "bot":
                    continue
                if action not in st.legal_actions():
                    log.warning("table %s: the bot chose an illegal move", live.id)
                    action = random.Random(index).choice(st.legal_actions())
                await self._commit(live, cp, [action], seat.user_id)

    async def seat_changed(self, table_id: int) -> None:
        """Seats of a running table changed (a bot took over): reload them and go on."""
        live = self.tables.get(table_id)
        if live is not None:
            async with live.lock:  # not in the middle of a move or a confirm
                loaded = await self.db(lambda db: store.load_table(db, table_id))
                if loaded is not None:
                    live.set_seats(loaded[1])
            self.kick(live)
        await self.publish(table_id)

    async def close(self) -> None:
        self.closing = True
        for task in list(self._background):
            task.cancel()
        syncing = list(self._syncing.values())
        for task in syncing:
            task.cancel()
        for task in syncing:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.notifier.stop()
        for live in self.tables.values():
            if live.driver is not None:
                live.driver.cancel()
        for live in self.tables.values():
            if live.driver is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await live.driver
        await self.bots.close()
        self._db_executor.shutdown(wait=True)


def _first_line(error: BaseException) -> str:
    """An error's first line, for a log line (psycopg's messages run over several)."""
    return (str(error).strip().splitlines() or [type(error).__name__])[0]
