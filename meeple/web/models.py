"""The database schema (SQLAlchemy 2 declarative models).

The schema itself is made by the Alembic migrations in ``meeple/web/migrations``;
these classes must match them (a test compares the two).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from meeple.arena.stats import INITIAL_RATING, MU, SIGMA


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class User(Base):
    """A person (with a password, or a guest without one) or a server-side bot."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)  # lower-cased, for lookups
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    is_guest: Mapped[bool] = mapped_column(Boolean, default=False)
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class Session(Base):
    """A login: the cookie holds a random token, the database only its SHA-256."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime)


class Table(Base):
    """A game table: its setup, the seed of its chance RNG, its status and result."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(String(40), index=True)
    game_version: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)
    options_json: Mapped[str] = mapped_column(Text, default="{}")
    # 128 random bits in decimal (more than an INTEGER holds); older tables' 31-bit seeds too.
    seed: Mapped[str] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(String(12), index=True, default="open")
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    result_json: Mapped[str | None] = mapped_column(Text, nullable=True)
    # False: a training game (BGA's word), which changes no one's rating.
    rated: Mapped[bool] = mapped_column(Boolean, default=True)


class Seat(Base):
    """One seat of a table: open, a person's, or a bot's (with its level)."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "seat", name="uq_seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))  # "open" | "human" | "bot"
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True, index=True)
    bot_level: Mapped[str | None] = mapped_column(String(12), nullable=True)
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # The seat's person's conservative rating before and after the game (rated games only).
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)


class Move(Base):
    """One action of a table, in the game's notation; (table, index) is unique."""

    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("table_id", "move_index", name="uq_move_index"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    move_index: Mapped[int] = mapped_column(Integer)
    actor: Mapped[int] = mapped_column(Integer)  # a seat, or -1 for chance
    notation: Mapped[str] = mapped_column(String(200))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class Note(Base):
    """A line of a table's log that is no move (a hint taken), kept with the moves so that
    it is still there after a restart and in the replay, and counted across processes.
    ``move_index`` is the number of moves made when it was written."""

    __tablename__ = "notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    move_index: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(12))  # "hint"
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    text: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class Rating(Base):
    """A player's OpenSkill rating in one game (Plackett-Luce; see meeple.arena.stats):
    ``mu`` and ``sigma`` in OpenSkill's units, ``rating`` the conservative rating shown
    (mu - 3 sigma on the display scale, kept here so that boards sort by it)."""

    __tablename__ = "ratings"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    game_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    rating: Mapped[float] = mapped_column(Float, default=INITIAL_RATING)
    games: Mapped[int] = mapped_column(Integer, default=0)
    mu: Mapped[float] = mapped_column(Float, default=MU)
    sigma: Mapped[float] = mapped_column(Float, default=SIGMA)


class ServerKey(Base):
    """A key the server made for itself, kept with the games it vouches for: ``records``,
    the Ed25519 key that signs its game records (meeple.core.signature). Made on first use
    by whichever server process gets there first; every process on the database signs
    with the same one."""

    __tablename__ = "server_keys"

    name: Mapped[str] = mapped_column(String(20), primary_key=True)
    private_pem: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
