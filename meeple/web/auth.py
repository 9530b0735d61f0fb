"""Accounts: argon2 password hashes, guest names, and database-backed sessions.

The session cookie holds 32 random bytes (URL-safe); the database keeps only their
SHA-256, so a leaked database does not log anyone in.

New accounts (sign-ups and guests) are rate-limited per client address (:class:`RateLimit`).
"""

from __future__ import annotations

import contextlib
import functools
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
from confusable_homoglyphs.confusables import confusables_data
from precis_i18n import get_profile
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
_BOT_LEVELS = ("easy", "medium", "hard")
BOT_NAMES = frozenset(f"bot ({level})" for level in _BOT_LEVELS)
MIN_PASSWORD = 8

_hasher = PasswordHasher()

# New accounts (sign-ups and guests together) from one client address ...
NEW_ACCOUNTS = 20
NEW_ACCOUNTS_WINDOW = 600.0  # ... within this many seconds; then 429 until the oldest ages out
NEW_ACCOUNTS_ENV = "MEEPLE_NEW_ACCOUNTS_PER_ADDRESS"  # overrides NEW_ACCOUNTS; 0: no limit


class AuthError(Exception):
    """A sign-up or log-in refused, with a message for the person."""


# Names follow the PRECIS UsernameCaseMapped profile (RFC 8265, from precis-i18n), applied
# to each space-separated word as RFC 8265 allows, plus this project's narrower rules.
# Checked on new names only: stored names, whatever they hold, still log in.
_PROFILE = get_profile("UsernameCaseMapped")
_AS_TYPED = get_profile("UsernameCasePreserved")  # the same checks without the case mapping
# Characters nobody sees (or that show as a blank): refused with their own message.
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")


def _invisible(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Cf") or ch in _INVISIBLE


# Control characters have no names in the Unicode data: the ones people paste by mistake.
_CONTROL_NAMES = {"\t": "a tab", "\n": "a newline", "\r": "a carriage return"}


def _describe(ch: str) -> str:
    if ch in _CONTROL_NAMES:
        return f"U+{ord(ch):04X} ({_CONTROL_NAMES[ch]})"
    return f"U+{ord(ch):04X} ({unicodedata.name(ch, 'unnamed')})"


def _refuse_character(ch: str) -> None:
    """A message for the characters people are most often fooled by (or type by mistake)."""
    category = unicodedata.category(ch)
    if category == "Cc":
        raise AuthError(
            f"a name has no control characters such as newlines or tabs; {_describe(ch)} is one"
        )
    if category in ("Cs", "Co", "Cn"):
        raise AuthError(f"a name may not contain {_describe(ch)}: unassigned or private-use")
    if _invisible(ch):
        raise AuthError(f"a name has no invisible or formatting characters; {_describe(ch)} is one")
    if ch != " " and (category.startswith("Z") or ch.isspace()):
        raise AuthError(
            f"a name has only plain spaces between its words; {_describe(ch)} is another space"
        )


# precis-i18n's reasons for refusing (after "DISALLOWED/"), in words; others name the
# character only.
_PROFILE_REASONS = {
    "controls": "a name has no control characters such as newlines or tabs",
    "precis_ignorable_properties": "a name has no invisible or formatting characters",
    "zero_width_joiner": "a name has no invisible or formatting characters",
    "zero_width_nonjoiner": "a name has no invisible or formatting characters",
    "has_compat": "a name has no compatibility characters (ligatures, superscripts, ...)",
}


def _check_word(word: str) -> None:
    """One space-separated word (NFC) against the profile: refused if the profile refuses it
    or would change it other than by case (full-width letters, for example)."""
    try:
        _PROFILE.enforce(word)
        as_typed = _AS_TYPED.enforce(word)
    except UnicodeEncodeError as e:
        reason = e.reason.rpartition("/")[2]
        if reason == "bidi_rule":  # a whole word's fault, not one character's
            raise AuthError(
                f"a word of a name does not mix right-to-left and left-to-right writing "
                f"({word!r} does)"
            ) from None
        bad = _describe(e.object[e.start]) if e.start < len(e.object) else repr(word)
        if reason in _PROFILE_REASONS:
            raise AuthError(f"{_PROFILE_REASONS[reason]}; {bad} is one") from None
        raise AuthError(f"a name may not contain {bad}") from None
    except UnicodeError:
        raise AuthError(f"a name may not contain {word!r}") from None
    if as_typed != word:
        raise AuthError(
            f"a name has no full-width or half-width forms: type {as_typed!r} for {word!r}"
        )


def normal_name(name: str) -> str:
    """A name as it is looked up: NFKC (composed, and compatibility forms such as full-width
    letters folded into the plain ones), with runs of white space made one space. Lenient,
    for lookups (log-in, a named seat) and for names stored before the profile was used."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def name_key(name: str) -> str:
    """The key a name is looked up (and kept unique) under: case-folded normal form. For a
    name :func:`check_name` accepts, this is what the profile's case mapping gives, with
    full case folding (so "Straße" and "STRASSE" are one name, as they always were here)."""
    return normal_name(name).casefold()


def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype (TR39), from confusable_homoglyphs' data.

    The library keeps each pair of the Unicode table both ways round, without saying which
    side is the prototype. A character mapped to a sequence, or to a character that several
    others are mapped to, has that as its prototype; a character confusable with a single
    other one only is an isolated pair, and both are mapped to the smaller of the two, which
    compares the same."""

    # Right-to-left characters are wrapped in left-to-right marks in the data, for display.
    def plain(s: str) -> str:
        return s.replace("\u200e", "")

    pairs: dict[str, set[str]] = {}
    for key, entries in confusables_data.items():
        pairs.setdefault(plain(key), set()).update(plain(e["c"]) for e in entries)
    prototypes: dict[str, str] = {}
    for ch, others in pairs.items():
        if len(ch) != 1 or len(others) != 1:
            continue  # a sequence, or a prototype of several: mapped to itself
        (other,) = others
        if len(other) > 1 or len(pairs.get(other, ())) > 1 or other < ch:
            prototypes[ch] = other

    def mapped(text: str) -> str:
        decomposed = unicodedata.normalize("NFD", text)
        return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in decomposed))

    # An isolated pair's smaller character may not be the table's prototype ("日" and the
    # Kangxi radical "⽇"), which then appears in sequences ("(日)"): map those sequences on
    # too, so that a skeleton's skeleton is itself.
    for ch, target in prototypes.items():
        for _ in range(4):
            target, before = mapped(target), target
            if target == before:
                break
        prototypes[ch] = target
    return prototypes


_PROTOTYPES = _prototypes()


def skeleton(text: str) -> str:
    """The TR39 skeleton: two strings that look alike have the same one."""
    decomposed = unicodedata.normalize("NFD", text)
    mapped = "".join(_PROTOTYPES.get(ch, ch) for ch in decomposed)
    return unicodedata.normalize("NFD", mapped)


@functools.lru_cache(maxsize=100_000)
def _lookalike(text: str) -> str:
    # Invisible characters are left out: new names have none, but a name stored before they
    # were refused ("alice" and a Hangul filler) still looks like "alice".
    text = "".join(ch for ch in text if not _invisible(ch))
    # Skeletons are not case-insensitive: case-folding between two passes makes '0' (whose
    # prototype is 'O') meet 'o'.
    return skeleton(skeleton(text).casefold())


def _lookalikes(name: str, key: str) -> frozenset[str]:
    # The name as shown and its key: "AIice" (a capital i) looks like "Alice", which only
    # the shown name's skeleton tells, its key having a small i.
    return frozenset({_lookalike(name), _lookalike(key)})


def lookalikes(name: str) -> frozenset[str]:
    """What look-alike names share (one of): skeletons of the name and of its key."""
    return _lookalikes(normal_name(name), name_key(name))


_BOT_LOOKALIKES = frozenset().union(*(lookalikes(f"Bot ({level})") for level in _BOT_LEVELS))


def check_name(name: str) -> str:
    """The name to store (as typed, NFC), or AuthError saying what is wrong.

    Each space-separated word is a PRECIS UsernameCaseMapped username, unchanged by the
    profile other than by case; words are separated by single plain spaces; and the whole is
    2 to 24 letters (of any script), digits, spaces, '.', '_' or '-', starting with a letter
    or digit, with at most two combining marks in a row, no letters of two look-alike
    scripts, and not a bot's name or a look-alike of one. (Look-alikes of other users' names
    need the database: :func:`sign_up` and :func:`guest` check them.)"""
    low, high = NAME_LENGTH
    shape = (
        f"a name has {low} to {high} letters, digits, spaces, '.', '_' or '-', "
        "and starts with a letter or digit"
    )
    if len(name) > 4 * high:  # before any work on it (combining marks make NFD longer)
        raise AuthError(shape)
    if lookalikes(name) & _BOT_LOOKALIKES:
        raise AuthError("that name is kept for the bots")
    for ch in name:
        _refuse_character(ch)
    if name.startswith(" ") or name.endswith(" ") or "  " in name:
        raise AuthError("a name has no space at its start or end, nor two spaces in a row")
    # Canonically equivalent spellings (an 'e' and a combining diaeresis, or 'ë') are the
    # same text, shown the same: the composed one is stored.
    name = unicodedata.normalize("NFC", name)
    # The key (case-folded, which may lengthen it) must fit its column, String(40).
    if not (low <= len(name) <= high and len(name_key(name)) <= 40):
        raise AuthError(shape)
    if unicodedata.category(name[0])[0] not in "LN":
        raise AuthError(shape)
    scripts: set[str] = set()
    marks = 0
    for ch in name:
        category = unicodedata.category(ch)
        if category[0] == "L":
            scripts.add(unicodedata.name(ch, "?").split()[0])
            marks = 0
        elif category[0] == "M":  # a combining mark (some scripts need them): a few only
            marks += 1
            if marks > 2:
                raise AuthError(f"{shape}, with at most two combining marks in a row")
        elif category == "Nd" or ch in NAME_PUNCTUATION:
            marks = 0
        else:
            raise AuthError(f"{shape}; {_describe(ch)} is not allowed")
    for word in name.split(" "):
        _check_word(word)
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


def _check_free(db: DBSession, name: str, taken: str) -> None:
    """AuthError (``taken``) if the name's key is taken, or if it looks like an existing name
    (the same TR39 skeleton), bots' and guests' included.

    Every user's name is compared, each time: fine for the thousands of users a server like
    this has (the skeletons are cached); a column of skeletons, indexed, is the way
    when there are millions. Two look-alikes signing up at the same moment may both pass."""
    key = name_key(name)
    if db.scalar(select(User.id).where(User.name_key == key)) is not None:
        raise AuthError(taken)
    mine = lookalikes(name)
    for other, other_key in db.execute(select(User.name, User.name_key)):
        if mine & _lookalikes(other, other_key):
            raise AuthError(f"{name!r} looks like the existing name {other!r}; choose another")


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
    taken = f"the name {name!r} is taken"
    _check_free(db, name, taken)
    user = insert_user(db, name, password_hash=password_hash)
    if user is None:  # taken a moment ago
        raise AuthError(taken)
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
    taken = f"the name {name!r} is taken; choose another"
    _check_free(db, name, taken)
    user = insert_user(db, name, password_hash=None, is_guest=True)
    if user is None:  # taken a moment ago
        raise AuthError(taken)
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
