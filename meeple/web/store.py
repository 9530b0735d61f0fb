"""Database operations of the lobby, the tables, results and ratings.

Every function takes an open SQLAlchemy session inside a transaction (see
``Hub.db``) and raises :class:`Refused` with a message for the person.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session as DBSession

import meeple
from meeple.arena.stats import (
    INITIAL_RATING,
    MU,
    SIGMA,
    Skill,
    rate_players,
    shown_mu,
    shown_sigma,
)
from meeple.core.api import JSON
from meeple.core.errors import MeepleError
from meeple.core.registry import game_class, load_setup
from meeple.core.svg import PLAYER_COLOURS
from meeple.web.auth import bot_user, name_key, normal_name
from meeple.web.db import insert_absent
from meeple.web.errors import Refused
from meeple.web.models import Move, Note, Rating, Seat, ServerKey, Table, User, utcnow

BOT_LEVELS = ("easy", "medium", "hard")
STATUSES = ("open", "running", "finished", "cancelled")
# One person's tables at a time (so one guest cannot flood the lobby or the bots' threads):
MAX_OPEN_TABLES = 10  # tables they created that wait to start ...
MAX_RUNNING_TABLES = 10  # ... and games they created that are running
LIST_LIMIT = 50  # tables in one lobby list, by default (at most LIST_MAX)
LIST_MAX = 100
# A row lock for the transaction that changes a table or a user's tables (PostgreSQL; SQLite
# has one writer at a time anyway and ignores it). NO KEY UPDATE: it orders changes to the
# row, but does not hold up rows that merely refer to it (seats, moves, sessions).
ROW_LOCK = {"key_share": True}


@dataclass
class SeatInfo:
    """A seat as it is played now: ``user_id`` and ``name`` are whoever moves for it (a bot's
    user once a person has left it); ``left_by`` names that person."""

    kind: str  # "human" | "bot" | "open"
    user_id: int | None
    name: str | None
    level: str | None
    left_by: str | None = None


def _iso(t: datetime | None) -> str | None:
    return t.isoformat() + "Z" if t is not None else None


def _table(db: DBSession, table_id: int, lock: bool = False) -> Table:
    """The table's row; with ``lock``, locked until the transaction ends, so that joining,
    leaving, starting and handing seats to bots on one table happen one after the other
    (each sees what the one before it committed)."""
    row = db.get(Table, table_id, with_for_update=ROW_LOCK if lock else None)
    if row is None:
        raise Refused(f"there is no table {table_id}", 404, "no_table")
    return row


def _seats(db: DBSession, table_id: int) -> list[Seat]:
    return list(db.scalars(select(Seat).where(Seat.table_id == table_id).order_by(Seat.seat)))


# A seat's row keeps the person who held it when the game started: a person who leaves a
# running game (or whose seat is handed over while away) hands the play to a bot, but the seat
# stays theirs, for the rating at the end and in their history. Such a seat is a bot's
# (``kind == "bot"``, ``bot_level``) with a person's ``user_id``; the bot user playing it is the
# one of that level.


@dataclass
class _People:
    users: dict[int, User]  # by id: the seats' users (and any others asked for)
    bots: dict[str, User]  # by level: the bot users that may play left seats
    # (user id, game id): the conservative rating now, of the people asked for (see rating_of)
    ratings: dict[tuple[int, str], float] = field(default_factory=dict)

    def name(self, user_id: int | None) -> str | None:
        u = self.users.get(user_id) if user_id is not None else None
        return u.name if u is not None else None

    def left_by(self, s: Seat) -> User | None:
        """The person who left this seat to a bot, if one did."""
        u = self.users.get(s.user_id) if s.user_id is not None else None
        return u if s.kind == "bot" and u is not None and not u.is_bot else None

    def playing(self, s: Seat) -> tuple[int | None, str | None]:
        """The user who plays the seat now, and their name."""
        if self.left_by(s) is not None:
            bot = self.bots.get(s.bot_level or "medium")
            return (bot.id, bot.name) if bot is not None else (None, f"Bot ({s.bot_level})")
        return s.user_id, self.name(s.user_id)

    def person(self, s: Seat) -> User | None:
        """The person whose seat it is (a player, one invited, or one who left it), not a bot."""
        u = self.users.get(s.user_id) if s.user_id is not None else None
        return u if u is not None and not u.is_bot else None

    def rating_of(self, s: Seat, game_id: str) -> float | None:
        """The seat's person's conservative rating in the game now (a new player's if they
        have none yet); ``None`` for a bot's seat or an open one."""
        u = self.person(s)
        if u is None:
            return None
        return round(self.ratings.get((u.id, game_id), INITIAL_RATING), 1)


def _people(
    db: DBSession,
    seats: list[Seat],
    extra: set[int] | None = None,
    games: set[str] | None = None,
) -> _People:
    """The users of ``seats`` (and of ``extra``); with ``games``, the ratings in those games
    of the seats' people too."""
    ids = {s.user_id for s in seats if s.user_id is not None} | (extra or set())
    users = {u.id: u for u in db.scalars(select(User).where(User.id.in_(ids)))} if ids else {}
    levels = {s.bot_level or "medium" for s in seats if s.kind == "bot"}
    bots: dict[str, User] = {}
    if levels:
        keys = {f"bot ({level})": level for level in levels}
        for u in db.scalars(select(User).where(User.name_key.in_(keys), User.is_bot)):
            bots[keys[u.name_key]] = u
    ratings: dict[tuple[int, str], float] = {}
    people = {s.user_id for s in seats if s.user_id in users and not users[s.user_id].is_bot}
    if games and people:
        for uid, game_id, rating in db.execute(
            select(Rating.user_id, Rating.game_id, Rating.rating).where(
                Rating.user_id.in_(people), Rating.game_id.in_(games)
            )
        ):
            ratings[(uid, game_id)] = rating
    return _People(users, bots, ratings)


def seat_infos(db: DBSession, seats: list[Seat]) -> list[SeatInfo]:
    people = _people(db, seats)
    out = []
    for s in seats:
        user_id, name = people.playing(s)
        left = people.left_by(s)
        out.append(SeatInfo(s.kind, user_id, name, s.bot_level, left.name if left else None))
    return out


def mover_names(db: DBSession, moves: list[Move]) -> list[str | None]:
    """Per move, the name of whoever made it (a person, or a bot level's user; ``None`` for
    chance): a person who later left their seat keeps their own moves in the log."""
    ids = {m.user_id for m in moves if m.user_id is not None}
    rows = db.execute(select(User.id, User.name).where(User.id.in_(ids))).all()
    names: dict[int, str] = {uid: name for uid, name in rows}
    return [names.get(m.user_id) if m.user_id is not None else None for m in moves]


def movers_of(db: DBSession, table_id: int) -> list[str | None]:
    """``mover_names`` of a table's stored moves, in order."""
    moves = list(
        db.scalars(select(Move).where(Move.table_id == table_id).order_by(Move.move_index))
    )
    return mover_names(db, moves)


def add_note(
    db: DBSession,
    table_id: int,
    move_index: int,
    kind: str,
    seat: int,
    user_id: int | None,
    text: str,
) -> None:
    """Store a log line that is no move (a hint taken), after ``move_index`` moves."""
    db.add(
        Note(
            table_id=table_id,
            move_index=move_index,
            kind=kind,
            seat=seat,
            user_id=user_id,
            text=text,
        )
    )


def notes_of(db: DBSession, table_id: int) -> list[Note]:
    """A table's stored notes, in the order they were written."""
    return list(db.scalars(select(Note).where(Note.table_id == table_id).order_by(Note.id)))


def count_notes(db: DBSession, table_id: int, seat: int, kind: str) -> int:
    return int(
        db.scalar(
            select(func.count(Note.id)).where(
                Note.table_id == table_id, Note.seat == seat, Note.kind == kind
            )
        )
        or 0
    )


def load_table(db: DBSession, table_id: int) -> tuple[Table, list[SeatInfo], list[Move]] | None:
    row = db.get(Table, table_id)
    if row is None:
        return None
    moves = list(
        db.scalars(select(Move).where(Move.table_id == table_id).order_by(Move.move_index))
    )
    return row, seat_infos(db, _seats(db, table_id)), moves


def _seat_json(s: Seat, people: _People, game_id: str) -> dict[str, JSON]:
    user_id, name = people.playing(s)
    left = people.left_by(s)
    return {
        "seat": s.seat,
        "kind": s.kind,
        "user_id": user_id,
        "user": name,
        "level": s.bot_level,
        # The person who left the seat to the bot: the seat's place and rating are theirs.
        "left_by_id": left.id if left is not None else None,
        "left_by": left.name if left is not None else None,
        # The seat's colour, the one every game's picture gives it.
        "colour": PLAYER_COLOURS[s.seat % len(PLAYER_COLOURS)],
        "place": s.place,
        # Conservative ratings (see meeple.arena.stats): the seat's person's now (null for a
        # bot's seat or an open one), and before and after this game (a rated one, once over).
        "rating": people.rating_of(s, game_id),
        "rating_before": s.rating_before,
        "rating_after": s.rating_after,
    }


def _info(row: Table, seats: list[Seat], people: _People) -> dict[str, JSON]:
    try:
        game_name = game_class(row.game_id).info.name
    except MeepleError:
        game_name = row.game_id
    return {
        "id": row.id,
        "game": row.game_id,
        "game_name": game_name,
        "players": row.players,
        "options": json.loads(row.options_json),
        "status": row.status,
        "created_by": people.name(row.created_by),
        "created_by_id": row.created_by,
        "created_at": _iso(row.created_at),
        "started_at": _iso(row.started_at),
        "finished_at": _iso(row.finished_at),
        # False: a training game, which changes no rating.
        "rated": row.rated,
        # The people who left the game to a bot (a forfeit: rated as last), by name.
        "forfeits": [u.name for s in seats if (u := people.left_by(s)) is not None],
        "seats": [_seat_json(s, people, row.game_id) for s in seats],
    }


def table_info(db: DBSession, table_id: int) -> dict[str, JSON] | None:
    row = db.get(Table, table_id)
    if row is None:
        return None
    seats = _seats(db, table_id)
    return _info(row, seats, _people(db, seats, {row.created_by}, {row.game_id}))


def list_tables(
    db: DBSession,
    status: str,
    limit: int = LIST_LIMIT,
    user_id: int | None = None,
    offset: int = 0,
) -> list[dict[str, JSON]]:
    """Tables of one status, newest first (finished: last finished first). Open and running
    tables of the lobby come each creator's newest first, then each one's second newest, and
    so on: one person's many tables cannot push everyone else's out of the list."""
    if status not in STATUSES:
        raise Refused(f"status is one of {', '.join(STATUSES)}")
    limit = max(1, min(limit, LIST_MAX))
    query = select(Table).where(Table.status == status)
    if user_id is not None:
        seated = select(Seat.table_id).where(Seat.user_id == user_id)
        query = query.where((Table.id.in_(seated)) | (Table.created_by == user_id))
    if status in ("open", "running") and user_id is None:
        turn = (
            func.row_number()
            .over(partition_by=Table.created_by, order_by=Table.id.desc())
            .label("turn")
        )
        ranked = select(Table.id, turn).where(Table.status == status).subquery()
        ids = list(
            db.scalars(
                select(ranked.c.id)
                .order_by(ranked.c.turn, ranked.c.id.desc())
                .offset(offset)
                .limit(limit)
            )
        )
        by_id = {r.id: r for r in db.scalars(select(Table).where(Table.id.in_(ids)))}
        rows = [by_id[i] for i in ids if i in by_id]
    else:
        order = Table.finished_at.desc() if status == "finished" else Table.id.desc()
        rows = list(db.scalars(query.order_by(order, Table.id.desc()).offset(offset).limit(limit)))
    if not rows:
        return []
    seats_by: dict[int, list[Seat]] = {r.id: [] for r in rows}
    for s in db.scalars(
        select(Seat).where(Seat.table_id.in_(seats_by)).order_by(Seat.table_id, Seat.seat)
    ):
        seats_by[s.table_id].append(s)
    every = [s for ss in seats_by.values() for s in ss]
    people = _people(db, every, {r.created_by for r in rows}, {r.game_id for r in rows})
    return [_info(r, seats_by[r.id], people) for r in rows]


def games_json() -> list[dict[str, JSON]]:
    return [g.as_json() for g in meeple.games()]


def create_table(
    db: DBSession,
    user: User,
    game_id: str,
    players: int,
    options: dict[str, Any],
    seats: list[dict[str, Any]] | None,
    rated: bool = True,
) -> int:
    """A new open table; ``rated=False`` makes a training table, whose game changes no
    rating."""
    try:
        declared = [o.name for o in game_class(game_id).info.options]
    except MeepleError as e:
        raise Refused(str(e)) from None
    # Only the game's own options: meeple.load's other keywords (components: a file path;
    # players, game_id) are the server's to choose, never a request's.
    unknown = sorted(set(options) - set(declared))
    if unknown:
        allowed = ", ".join(declared) if declared else "none"
        raise Refused(
            f"{unknown[0]!r} is not an option of {game_id}; its options are: {allowed}",
            400,
            "bad_option",
        )
    try:
        game = load_setup(game_id, players, None, options)
    except MeepleError as e:
        raise Refused(str(e)) from None
    _check_cap(
        db,
        user,
        "open",
        MAX_OPEN_TABLES,
        f"you already have {MAX_OPEN_TABLES} tables waiting to start; "
        "start or cancel one of them first",
    )
    if seats is None:
        seats = [{"kind": "me"}] + [{"kind": "open"}] * (players - 1)
    if len(seats) != players:
        raise Refused(f"{players} players need {players} seats, not {len(seats)}")
    rows: list[Seat] = []
    seated: set[int] = set()
    for i, spec in enumerate(seats):
        kind = spec.get("kind")
        if kind == "open":
            rows.append(Seat(seat=i, kind="open"))
        elif kind == "me":
            if user.id in seated:
                raise Refused("you can take only one seat at a table")
            seated.add(user.id)
            rows.append(Seat(seat=i, kind="human", user_id=user.id))
        elif kind == "user":
            name = normal_name(str(spec.get("name") or ""))
            other = db.scalar(select(User).where(User.name_key == name_key(name)))
            if other is None or other.is_bot:
                raise Refused(f"seat {i + 1}: there is no player named {name!r}")
            if other.id in seated:
                raise Refused(f"{other.name} can take only one seat at a table")
            seated.add(other.id)
            # A reservation, not a seat: the game cannot start until they have joined it
            # (no one is put into a game without their consent), and they may decline it.
            rows.append(Seat(seat=i, kind="invited", user_id=other.id))
        elif kind == "bot":
            level = spec.get("level") or "medium"
            if level not in BOT_LEVELS:
                raise Refused(f"a bot is {', '.join(BOT_LEVELS)}, not {level!r}")
            rows.append(Seat(seat=i, kind="bot", user_id=bot_user(db, level).id, bot_level=level))
        else:
            raise Refused(f"seat {i + 1}: a seat is open, me, user or bot, not {kind!r}")
    table = Table(
        game_id=game.info.id,
        game_version=game.info.version,
        players=players,
        options_json=json.dumps(game.options, sort_keys=True),
        # 128 bits: too many to find from one's own draws; stored as text (see models).
        seed=str(secrets.randbits(128)),
        status="open",
        created_by=user.id,
        created_at=utcnow(),
        rated=bool(rated),
    )
    db.add(table)
    db.flush()
    for s in rows:
        s.table_id = table.id
        db.add(s)
    return table.id


def _check_cap(db: DBSession, user: User, status: str, cap: int, message: str) -> None:
    """Refuse when ``user`` created ``cap`` tables of ``status`` already. Their row is
    locked first, so that two requests of one person at once are counted in turn."""
    db.get(User, user.id, with_for_update=ROW_LOCK)
    count = db.scalar(
        select(func.count())
        .select_from(Table)
        .where(Table.created_by == user.id, Table.status == status)
    )
    if (count or 0) >= cap:
        raise Refused(message, 409, "too_many_tables")


def _open_table(db: DBSession, table_id: int) -> Table:
    """An open table's row, locked (see ``_table``), or the refusal that says why not."""
    row = _table(db, table_id, lock=True)
    if row.status == "cancelled":
        raise Refused("this table was cancelled", 409, "cancelled")
    if row.status == "finished":
        raise Refused("this game is over", 409, "finished")
    if row.status != "open":
        raise Refused("this table has already started", 409, "started")
    return row


def join(db: DBSession, table_id: int, user: User, seat: int | None) -> int:
    _open_table(db, table_id)
    seats = _seats(db, table_id)
    invited = [s for s in seats if s.kind == "invited" and s.user_id == user.id]
    if invited and seat in (None, invited[0].seat):
        invited[0].kind = "human"  # they accept the seat kept for them
        return invited[0].seat
    if any(s.user_id == user.id for s in seats):
        raise Refused("you already have a seat at this table", 409)
    free = [s for s in seats if s.kind == "open"]
    if seat is not None:
        free = [s for s in free if s.seat == seat]
    if not free:
        if seat is None:
            raise Refused("there is no open seat", 409)
        if not any(s.seat == seat for s in seats):
            raise Refused(f"there is no seat index {seat}", 404, "no_seat")
        # The page numbers seats from 1; the request's field is an index from 0.
        raise Refused(f"seat {seat + 1} (index {seat}) is not open", 409)
    free[0].kind = "human"
    free[0].user_id = user.id
    return free[0].seat


def leave(db: DBSession, table_id: int, user: User) -> str:
    """Before the start: free the seat (the creator leaving cancels the table)."""
    row = _open_table(db, table_id)
    if row.created_by == user.id:
        row.status = "cancelled"
        return "cancelled"
    # A seat kept for them (an invitation) is declined the same way.
    mine = [
        s for s in _seats(db, table_id) if s.kind in ("human", "invited") and s.user_id == user.id
    ]
    if not mine:
        raise Refused("you have no seat at this table", 409)
    for s in mine:
        s.kind, s.user_id = "open", None
    return "left"


def start(db: DBSession, table_id: int, user: User) -> None:
    row = _open_table(db, table_id)
    if row.created_by != user.id:
        raise Refused("only the table's creator can start it", 403)
    seats = _seats(db, table_id)
    if any(s.kind == "open" for s in seats):
        raise Refused("every seat needs a player or a bot first", 409)
    waiting = [s for s in seats if s.kind == "invited"]
    if waiting:
        people = _people(db, waiting)
        names = ", ".join(people.name(s.user_id) or "?" for s in waiting)
        raise Refused(
            f"waiting for {names} to join: a named player's seat is theirs to take",
            409,
            "not_joined",
        )
    _check_cap(
        db,
        user,
        "running",
        MAX_RUNNING_TABLES,
        f"you already have {MAX_RUNNING_TABLES} games running that you started; "
        "wait for one of them to end",
    )
    row.status = "running"
    row.started_at = utcnow()
    ensure_ratings(db, row)


def ensure_ratings(db: DBSession, row: Table) -> None:
    """Every player of a rated table has a rating row before the game ends (made here,
    outside the transaction of the last move, so games ending at once only ever update rows).
    A training table's players need none."""
    if not row.rated:
        return
    # In the order of user ids, as finish_table does: two games of the same people (or the
    # same bots) starting at once then wait for each other instead of deadlocking.
    for user_id in sorted({s.user_id for s in _seats(db, row.id) if s.user_id is not None}):
        if db.get(Rating, (user_id, row.game_id)) is None:
            # Another game of theirs starting at once may make the same row: no conflict.
            insert_absent(db, Rating, **_new_rating(user_id, row.game_id))


def _new_rating(user_id: int, game_id: str) -> dict[str, Any]:
    """A rating row's values for a player who has not played the game yet."""
    return {
        "user_id": user_id,
        "game_id": game_id,
        "mu": MU,
        "sigma": SIGMA,
        "rating": INITIAL_RATING,
        "games": 0,
    }


def set_seat_bot(db: DBSession, table_id: int, seat: int, level: str) -> None:
    if level not in BOT_LEVELS:
        raise Refused(f"a bot is {', '.join(BOT_LEVELS)}, not {level!r}")
    row = _table(db, table_id, lock=True)
    if row.status != "running":
        raise Refused("only a running game's seats can be handed to a bot", 409)
    s = db.scalar(select(Seat).where(Seat.table_id == table_id, Seat.seat == seat))
    if s is None:
        raise Refused(f"there is no seat index {seat}", 404, "no_seat")
    bot = bot_user(db, level)  # made here if new: it plays the seat
    if s.kind != "human" or s.user_id is None:
        s.user_id = bot.id
    # A person's seat stays theirs (user_id): they are rated as its last (a forfeit), and the game
    # stays in their history; the bot of that level plays it.
    s.kind, s.bot_level = "bot", level
    db.flush()
    ensure_ratings(db, row)


def finish_table(db: DBSession, table_id: int, result: dict[str, JSON]) -> None:
    """Record the result and, at a rated table, update the players' ratings, once."""
    row = _table(db, table_id, lock=True)
    if row.status != "running":
        return
    row.status = "finished"
    row.finished_at = utcnow()
    row.result_json = json.dumps(result)
    seats = _seats(db, table_id)
    ranks = result["ranks"]
    assert isinstance(ranks, list)
    ids = [s.user_id for s in seats]
    if any(i is None for i in ids):
        return
    places = rated_places([int(x) for x in ranks], forfeits(db, seats))
    if not row.rated:
        # A training game: places as a rated one would have them, no rating changes.
        for s, place in zip(seats, places, strict=True):
            s.place = place
        return
    ratings: dict[int, Rating] = {}
    # Rows locked in one order (PostgreSQL: two games ending at once for one player wait for
    # each other instead of losing an update or deadlocking; SQLite has one writer anyway).
    for uid in sorted({i for i in ids if i is not None}):
        r = db.get(Rating, (uid, row.game_id), with_for_update=True)
        if r is None:
            insert_absent(db, Rating, **_new_rating(uid, row.game_id))
            r = db.get(Rating, (uid, row.game_id), with_for_update=True)
            assert r is not None
        ratings[uid] = r
    _rate(seats, places, ratings)


def _rate(seats: list[Seat], places: list[int], ratings: dict[int, Rating]) -> None:
    """One rated game: OpenSkill's Plackett-Luce update of the seats' players (``ratings``,
    by user id) from their places; each seat keeps its player's rating before and after."""
    current = {uid: Skill(r.mu, r.sigma) for uid, r in ratings.items()}
    ids = [s.user_id for s in seats]
    assert all(i is not None for i in ids)
    keys = [int(i) for i in ids if i is not None]
    new = rate_players(current, keys, places)
    for s, uid, place in zip(seats, keys, places, strict=True):
        s.place = int(place)
        s.rating_before = round(current[uid].rating, 1)
        s.rating_after = round(new[uid].rating, 1)
    for uid, skill in new.items():
        r = ratings[uid]
        r.mu, r.sigma, r.rating = skill.mu, skill.sigma, skill.rating
        r.games += 1


def recompute_ratings(db: DBSession) -> int:
    """Every rating again from the stored games: all players start new, and every finished
    rated game (in the order they finished) is rated as ``finish_table`` rates it, its seats'
    places and ratings before and after written anew. Returns how many games were rated.

    The migration to OpenSkill (0003) runs this; it reads and writes only the tables users,
    tables, seats and ratings."""
    ratings = {(r.user_id, r.game_id): r for r in db.scalars(select(Rating))}
    for r in ratings.values():
        r.mu, r.sigma, r.rating, r.games = MU, SIGMA, INITIAL_RATING, 0
    is_bot = {uid: bot for uid, bot in db.execute(select(User.id, User.is_bot))}
    tables = list(
        db.scalars(
            select(Table)
            .where(Table.status == "finished", Table.rated.is_(True))
            .order_by(Table.finished_at, Table.id)
        )
    )
    seats_by: dict[int, list[Seat]] = {t.id: [] for t in tables}
    for s in db.scalars(select(Seat).order_by(Seat.table_id, Seat.seat)):
        if s.table_id in seats_by:
            seats_by[s.table_id].append(s)
    rated = 0
    for t in tables:
        seats = seats_by[t.id]
        result = json.loads(t.result_json) if t.result_json else None
        ranks = result.get("ranks") if isinstance(result, dict) else None
        if not isinstance(ranks, list) or len(ranks) != len(seats) or not seats:
            continue
        if any(s.user_id is None for s in seats):
            continue
        # As ``forfeits``: a person's seat that a bot played on.
        left = [s.kind == "bot" and not is_bot.get(s.user_id or 0, True) for s in seats]
        places = rated_places([int(x) for x in ranks], left)
        mine: dict[int, Rating] = {}
        for uid in sorted({s.user_id for s in seats if s.user_id is not None}):
            found = ratings.get((uid, t.game_id))
            if found is None:
                found = Rating(**_new_rating(uid, t.game_id))
                db.add(found)
                ratings[(uid, t.game_id)] = found
            mine[uid] = found
        _rate(seats, places, mine)
        rated += 1
    db.flush()
    return rated


def forfeits(db: DBSession, seats: list[Seat]) -> list[bool]:
    """Which seats a person left to a bot (by leaving, handing it over, or being replaced
    while away): a bot played it for part of the game, so its result is not theirs."""
    people = _people(db, seats)
    return [people.left_by(s) is not None for s in seats]


def rated_places(ranks: list[int], forfeited: list[bool]) -> list[int]:
    """The places the ratings use: a forfeited seat is last (tied with any other forfeited
    one), whatever the bot made of it; the others keep their order among themselves."""
    kept = [r for r, f in zip(ranks, forfeited, strict=True) if not f]
    last = len(kept) + 1
    return [
        last if f else 1 + sum(1 for k in kept if k < r)
        for r, f in zip(ranks, forfeited, strict=True)
    ]


def moves_of(db: DBSession, table_id: int) -> tuple[Table, list[SeatInfo], list[str]]:
    row = _table(db, table_id)
    notations = list(
        db.scalars(select(Move.notation).where(Move.table_id == table_id).order_by(Move.move_index))
    )
    return row, seat_infos(db, _seats(db, table_id)), notations


def leaderboard(db: DBSession, game_id: str, limit: int = 100) -> list[dict[str, JSON]]:
    try:
        game_class(game_id)
    except MeepleError:
        # A game no longer installed keeps its board, if it has one.
        if db.scalar(select(Rating.user_id).where(Rating.game_id == game_id).limit(1)) is None:
            raise Refused(f"there is no game {game_id!r}", 404, "no_game") from None
    rows = db.execute(
        select(
            User.name,
            User.is_bot,
            User.is_guest,
            Rating.rating,
            Rating.mu,
            Rating.sigma,
            Rating.games,
        )
        .join(Rating, Rating.user_id == User.id)
        .where(Rating.game_id == game_id, Rating.games > 0)
        .order_by(Rating.rating.desc(), User.name)
        .limit(limit)
    )
    return [
        {
            "rank": i + 1,
            "name": name,
            "bot": bot,
            "guest": guest,
            **_rating_json(rating, mu, sigma),
            "games": games,
        }
        for i, (name, bot, guest, rating, mu, sigma, games) in enumerate(rows)
    ]


def _rating_json(rating: float, mu: float, sigma: float) -> dict[str, JSON]:
    """The conservative ``rating`` people see, and the skill ``mu`` and its uncertainty
    ``sigma`` it comes from (rating = mu - 3 sigma), all on the display scale."""
    return {
        "rating": round(rating, 1),
        "mu": round(shown_mu(mu), 1),
        "sigma": round(shown_sigma(sigma), 1),
    }


def player(db: DBSession, name: str, limit: int = 50) -> dict[str, JSON]:
    user = db.scalar(select(User).where(User.name_key == name_key(name)))
    if user is None:
        raise Refused(f"there is no player named {name!r}", 404, "no_player")
    ratings = [
        {"game": r.game_id, **_rating_json(r.rating, r.mu, r.sigma), "games": r.games}
        for r in db.scalars(
            select(Rating)
            .where(Rating.user_id == user.id, Rating.games > 0)
            .order_by(Rating.game_id)
        )
    ]
    history = []
    rows = db.execute(
        select(Seat, Table)
        .join(Table, Table.id == Seat.table_id)
        .where(Seat.user_id == user.id)
        .order_by(Table.id.desc())
        .limit(limit)
    )
    for seat, table in rows:
        history.append(
            {
                "table": table.id,
                "game": table.game_id,
                "players": table.players,
                "status": table.status,
                "rated": table.rated,
                "seat": seat.seat,
                # They left the game (a bot played on); the seat's place and rating are theirs.
                "left": seat.kind == "bot" and not user.is_bot,
                "place": seat.place,
                "rating_before": seat.rating_before,
                "rating_after": seat.rating_after,
                "finished_at": _iso(table.finished_at),
            }
        )
    total = db.scalar(select(func.count()).select_from(Seat).where(Seat.user_id == user.id))
    return {
        "name": user.name,
        "guest": user.is_guest,
        "bot": user.is_bot,
        "ratings": ratings,
        "history": history,
        "games": total or 0,
    }


RECORDS_KEY = "records"


def records_key_pem(db: DBSession) -> str:
    """The private key (PEM) that signs this server's records: made on first use and kept
    in the database, so every process on it (and every restart) signs with the same key.
    Two processes making it at once: one insert wins and both read that one."""
    from meeple.core.signature import new_private_key, private_pem

    row = db.get(ServerKey, RECORDS_KEY)
    if row is None:
        insert_absent(
            db,
            ServerKey,
            name=RECORDS_KEY,
            private_pem=private_pem(new_private_key()),
            created_at=utcnow(),
        )
        row = db.get(ServerKey, RECORDS_KEY, populate_existing=True)
    assert row is not None
    return row.private_pem
