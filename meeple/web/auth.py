"""Accounts: argon2 password hashes, guest names, and database-backed sessions.

The session cookie holds 32 random bytes (URL-safe); the database keeps only their
SHA-256, so a leaked database does not log anyone in.

New accounts (sign-ups and guests) are rate-limited per client address (:class:`RateLimit`).
"""

from __future__ import annotations

import contextlib
import hashlib
import ipaddress
import math
import os
import secrets
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Callable
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select
from sqlalchemy.orm import Session as DBSession

from meeple.web.db import insert_absent
from meeple.web.models import Session, User, utcnow

COOKIE = "meeple_session"
SESSION_DAYS = 30
NAME_PUNCTUATION = frozenset("_.- ")
NAME_LENGTH = (2, 24)
# Scripts with letters that look like each other's: a name may use one of them only (no
# Cyrillic "а" in a Latin "alice").
LOOKALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC"})
BOT_NAMES = frozenset(f"bot ({level})" for level in ("easy", "medium", "hard"))
MIN_PASSWORD = 8

_hasher = PasswordHasher()

# New accounts (sign-ups and guests together) from one client address ...
NEW_ACCOUNTS = 20
NEW_ACCOUNTS_WINDOW = 600.0  # ... within this many seconds; then 429 until the oldest ages out
NEW_ACCOUNTS_ENV = "MEEPLE_NEW_ACCOUNTS_PER_ADDRESS"  # overrides NEW_ACCOUNTS; 0: no limit


class AuthError(Exception):
    """A sign-up or log-in refused, with a message for the person."""


def normal_name(name: str) -> str:
    """A name as it is stored: NFKC (composed, and compatibility forms such as full-width
    letters folded into the plain ones), with runs of white space made one space."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def name_key(name: str) -> str:
    """The key a name is looked up (and kept unique) under: case-folded normal form."""
    return normal_name(name).casefold()


def check_name(name: str) -> str:
    """The name to store, or AuthError: 2 to 24 letters (of any script), digits, spaces, '.',
    '_' or '-', starting with a letter or digit; no control or format characters (such as
    zero-width or direction marks), no letters of two look-alike scripts, not a bot's name."""
    name = normal_name(name)
    if name.casefold() in BOT_NAMES:
        raise AuthError("that name is kept for the bots")
    low, high = NAME_LENGTH
    scripts: set[str] = set()
    marks = 0
    # The key (case-folded, which may lengthen it) must fit its column, String(40).
    ok = low <= len(name) <= high and len(name.casefold()) <= 40
    ok = ok and unicodedata.category(name[0])[0] in "LN"
    for ch in name if ok else "":
        category = unicodedata.category(ch)
        if category[0] == "L":
            scripts.add(unicodedata.name(ch, "?").split()[0])
            marks = 0
        elif category[0] == "M":  # a combining mark (some scripts need them): a few only
            marks += 1
            ok = ok and marks <= 2
        elif category == "Nd" or ch in NAME_PUNCTUATION:
            marks = 0
        else:
            ok = False
    if not ok:
        raise AuthError(
            "a name has 2 to 24 letters, digits, spaces, '.', '_' or '-', "
            "and starts with a letter or digit"
        )
    if len(scripts & LOOKALIKE_SCRIPTS) > 1:
        raise AuthError(
            "a name may not mix letters of look-alike alphabets (such as Latin and Cyrillic)"
        )
    return name


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def _taken(db: DBSession, name: str) -> bool:
    return db.scalar(select(User.id).where(User.name_key == name_key(name))) is not None


def check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise AuthError(f"a password has at least {MIN_PASSWORD} characters")
    if len(password) > 200:
        raise AuthError("that password is too long")


def insert_user(db: DBSession, name: str, **values: object) -> User | None:
    """Insert a user unless the name (its key) is taken: the new user, or ``None``.

    Two requests for one name at once never fail with a constraint violation (a 500): the
    second one's insert does nothing (``insert_absent``) and it finds the name taken.
    """
    if insert_absent(db, User, name=name, name_key=name_key(name), **values) != 1:
        return None
    return db.scalar(select(User).where(User.name_key == name_key(name)))


def sign_up(db: DBSession, name: str, password_hash: str) -> User:
    """A new account; the password is hashed beforehand (slow: off the event loop)."""
    name = check_name(name)
    user = None if _taken(db, name) else insert_user(db, name, password_hash=password_hash)
    if user is None:
        raise AuthError(f"the name {name!r} is taken")
    return user


def stored_hash(db: DBSession, name: str) -> tuple[int | None, str]:
    """The user id and password hash for a name (a dummy hash if there is none)."""
    user = db.scalar(select(User).where(User.name_key == name_key(name)))
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
    user = None if _taken(db, name) else insert_user(db, name, password_hash=None, is_guest=True)
    if user is None:
        raise AuthError(f"the name {name!r} is taken; choose another")
    return user


def bot_user(db: DBSession, level: str) -> User:
    """The user that stands for the bots of one level (for ratings and history); made the
    first time it is needed (by whichever of several requests at once comes first)."""
    name = f"Bot ({level})"
    user = db.scalar(select(User).where(User.name_key == name.lower()))
    if user is None:
        insert_user(db, name, is_bot=True)
        user = db.scalar(select(User).where(User.name_key == name.lower()))
        assert user is not None
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


class RateLimit:
    """At most ``limit`` events per key in any ``window`` seconds (a sliding window).

    In memory, per process: a server of several processes allows ``limit`` per process.
    ``clock`` is injectable so tests need not wait. Keys whose events have all aged out are
    dropped, and at most ``max_keys`` keys are kept (the least recently used go first), so a
    flood of addresses or names cannot grow it unbounded.
    """

    def __init__(
        self,
        limit: int,
        window: float,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 10_000,
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self.max_keys = max_keys
        self._hits: OrderedDict[str, deque[float]] = OrderedDict()

    def retry_after(self, key: str) -> int | None:
        """Whole seconds until ``key`` may act again, or ``None`` if it may now."""
        if self.limit <= 0:
            return None
        recent = self._hits.get(key)
        if recent is None:
            return None
        now = self.clock()
        while recent and now - recent[0] >= self.window:
            recent.popleft()
        if not recent:
            del self._hits[key]
            return None
        if len(recent) < self.limit:
            return None
        return max(1, math.ceil(recent[0] + self.window - now))

    def hit(self, key: str) -> float:
        """Count one event for ``key`` (after :meth:`retry_after` said it may act); returns
        its time, which :meth:`undo` takes to count it out again."""
        now = self.clock()
        if self.limit <= 0:
            return now
        recent = self._hits.setdefault(key, deque())
        self._hits.move_to_end(key)
        recent.append(now)
        # The least recently used keys come first: drop those whose events have all aged out,
        # then, if there are still too many, the least recently used ones.
        while self._hits:
            oldest = next(iter(self._hits.values()))
            if oldest and now - oldest[-1] < self.window:
                break
            self._hits.popitem(last=False)
        while len(self._hits) > self.max_keys:
            self._hits.popitem(last=False)
        return now

    def undo(self, key: str, stamp: float) -> None:
        """Count out an event :meth:`hit` counted (it turned out not to count)."""
        recent = self._hits.get(key)
        if recent is not None:
            with contextlib.suppress(ValueError):
                recent.remove(stamp)
            if not recent:
                del self._hits[key]

    def forget(self, key: str) -> None:
        """Forget every event of ``key``."""
        self._hits.pop(key, None)

    def __len__(self) -> int:
        """How many keys are kept."""
        return len(self._hits)


def new_account_limit(clock: Callable[[], float] = time.monotonic) -> RateLimit:
    """The limit on new accounts per client address (``MEEPLE_NEW_ACCOUNTS_PER_ADDRESS``
    overrides :data:`NEW_ACCOUNTS`, for example for a load test from one address)."""
    raw = os.environ.get(NEW_ACCOUNTS_ENV, "").strip()
    limit = int(raw) if raw.isdigit() else NEW_ACCOUNTS
    return RateLimit(limit, NEW_ACCOUNTS_WINDOW, clock)


def address_key(host: str | None) -> str:
    """The key a client address is limited under: IPv6 by its /64 (one customer's network
    usually has a whole /64 to pick addresses from), anything else as it is."""
    if not host:
        return "unknown"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


_DUMMY = _hasher.hash("not a real password")
