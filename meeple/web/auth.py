"""Accounts: argon2 password hashes, guest names, and database-backed sessions.

The session cookie holds 32 random bytes (URL-safe); the database keeps only their
SHA-256, so a leaked database does not log anyone in.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select
from sqlalchemy.orm import Session as DBSession

from meeple.web.models import Session, User, utcnow

COOKIE = "meeple_session"
SESSION_DAYS = 30
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\- ]{1,23}$")
MIN_PASSWORD = 8

_hasher = PasswordHasher()


class AuthError(Exception):
    """A sign-up or log-in refused, with a message for the person."""


def check_name(name: str) -> str:
    name = " ".join(name.split())
    if not NAME_RE.match(name):
        raise AuthError(
            "a name has 2 to 24 letters, digits, spaces, '.', '_' or '-', "
            "and starts with a letter or digit"
        )
    if name.lower().startswith("bot"):
        raise AuthError("names starting with 'bot' are kept for the bots")
    return name


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def _taken(db: DBSession, name: str) -> bool:
    return db.scalar(select(User.id).where(User.name_key == name.lower())) is not None


def check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise AuthError(f"a password has at least {MIN_PASSWORD} characters")
    if len(password) > 200:
        raise AuthError("that password is too long")


def sign_up(db: DBSession, name: str, password_hash: str) -> User:
    """A new account; the password is hashed beforehand (slow: off the event loop)."""
    name = check_name(name)
    if _taken(db, name):
        raise AuthError(f"the name {name!r} is taken")
    user = User(name=name, name_key=name.lower(), password_hash=password_hash)
    db.add(user)
    db.flush()
    return user


def stored_hash(db: DBSession, name: str) -> tuple[int | None, str]:
    """The user id and password hash for a name (a dummy hash if there is none)."""
    user = db.scalar(select(User).where(User.name_key == " ".join(name.split()).lower()))
    if user is None or user.password_hash is None:
        return None, _DUMMY  # verified anyway, so the time taken does not tell
    return user.id, user.password_hash


def check_login(user_id: int | None, stored: str, password: str) -> str | None:
    """Verify a password (slow, run in a thread); returns a new hash if it needs one."""
    if not verify_password(stored, password) or user_id is None:
        raise AuthError("wrong name or password")
    return hash_password(password) if _hasher.check_needs_rehash(stored) else None


def logged_in(db: DBSession, user_id: int, new_hash: str | None) -> User:
    user = db.get(User, user_id)
    if user is None:
        raise AuthError("wrong name or password")
    if new_hash is not None:
        user.password_hash = new_hash
    return user


def guest(db: DBSession, name: str) -> User:
    name = check_name(name)
    if _taken(db, name):
        raise AuthError(f"the name {name!r} is taken; choose another")
    user = User(name=name, name_key=name.lower(), password_hash=None, is_guest=True)
    db.add(user)
    db.flush()
    return user


def bot_user(db: DBSession, level: str) -> User:
    """The user that stands for the bots of one level (for ratings and history)."""
    name = f"Bot ({level})"
    user = db.scalar(select(User).where(User.name_key == name.lower()))
    if user is None:
        user = User(name=name, name_key=name.lower(), is_bot=True)
        db.add(user)
        db.flush()
    return user


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_session(db: DBSession, user: User) -> str:
    token = secrets.token_urlsafe(32)
    now = utcnow()
    db.add(
        Session(
            token_hash=_digest(token),
            user_id=user.id,
            created_at=now,
            expires_at=now + timedelta(days=SESSION_DAYS),
        )
    )
    return token


def user_of(db: DBSession, token: str | None) -> User | None:
    if not token or len(token) > 100:
        return None
    row = db.get(Session, _digest(token))
    if row is None or row.expires_at < utcnow():
        return None
    return db.get(User, row.user_id)


def end_session(db: DBSession, token: str | None) -> None:
    if token:
        db.execute(delete(Session).where(Session.token_hash == _digest(token)))


_DUMMY = _hasher.hash("not a real password")
