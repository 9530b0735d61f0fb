"""User names (issue 28): the PRECIS UsernameCaseMapped profile, refused rather than changed,
and no look-alikes (TR39 skeletons) of existing people's, guests' or bots' names."""

from __future__ import annotations

import sqlite3

import pytest

from meeple.web import auth
from tests.web.conftest import guest, new_client

HANGUL_FILLER = "\u3164"


def refused(client, name: str, path: str = "/api/guest") -> str:
    body = {"name": name, "password": "correct horse"} if path == "/api/signup" else {"name": name}
    r = client.post(path, json=body)
    assert r.status_code == 400, (name, r.text)
    assert r.json()["code"] == "auth", r.text
    return str(r.json()["error"])


def why(name: str) -> str:
    with pytest.raises(auth.AuthError) as e:
        auth.check_name(name)
    return str(e.value)


# -- the characters: refused with a message naming them, never dropped or replaced ----------

REFUSED = [
    # (name, a part of the message)
    ("alice" + HANGUL_FILLER, "U+3164 (HANGUL FILLER)"),
    (HANGUL_FILLER * 2, "U+3164 (HANGUL FILLER)"),  # a blank name
    (HANGUL_FILLER + "alice", "invisible"),
    ("alice\uffa0", "U+FFA0"),  # the half-width filler
    ("alice\u1160", "U+1160"),  # the filler NFKC makes of U+3164
    ("ali\u115fce", "U+115F"),
    ("alice\u2800", "U+2800"),  # a blank braille pattern
    ("ali\u200bce", "U+200B (ZERO WIDTH SPACE)"),
    ("ali\u200dce", "U+200D (ZERO WIDTH JOINER)"),
    ("ali\u200cce", "U+200C (ZERO WIDTH NON-JOINER)"),
    ("ali\u2060ce", "U+2060 (WORD JOINER)"),
    ("alice\ufeff", "U+FEFF"),
    ("ali\u00adce", "U+00AD (SOFT HYPHEN)"),
    ("ali\u202ece", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
    ("ali\u200fce", "U+200F (RIGHT-TO-LEFT MARK)"),
    ("ali\nce", "U+000A (a newline)"),
    ("alice\n", "U+000A (a newline)"),
    ("ali\tce", "U+0009 (a tab)"),
    ("ali\rce", "U+000D (a carriage return)"),
    ("ali\x07ce", "control characters"),
    ("ali\u00a0ce", "U+00A0 (NO-BREAK SPACE)"),
    ("ali\u3000ce", "U+3000 (IDEOGRAPHIC SPACE)"),
    ("ali\u2009ce", "U+2009 (THIN SPACE)"),
    ("ali\u202fce", "U+202F (NARROW NO-BREAK SPACE)"),
    (" alice", "no space at its start or end"),
    ("alice ", "no space at its start or end"),
    ("ali  ce", "nor two spaces in a row"),
    ("\uff41\uff4c\uff49\uff43\uff45", "type 'alice'"),  # full-width "alice"
    ("Bob \uff2a", "type 'J'"),
    ("\uff76\uff80", "half-width"),  # half-width katakana
    ("\ufb01sh", "U+FB01 (LATIN SMALL LIGATURE FI)"),
    ("\u2460\u2461", "is not allowed"),  # circled digits are no letters or digits
    ("x\u00b2", "U+00B2 (SUPERSCRIPT TWO)"),
    ("a\u05d0", "right-to-left and left-to-right"),
    ("\u1100\u1100", "U+1100"),  # old Hangul jamo, which the profile disallows
    ("\u0430lice", "look-alike alphabets"),  # Cyrillic a, then Latin
    ("a", "2 to 24"),
    ("a" * 25, "2 to 24"),
    ("a" * 60, "2 to 24"),  # (the API refuses over 64 with a 422 before this)
    ("", "2 to 24"),
    (" ", "no space at its start or end"),
    ("-alice", "starts with a letter or digit"),
    ("alice<b>", "U+003C"),
    ("e\u0301\u0301\u0301\u0301", "two combining marks"),
    ("Bot (easy)", "kept for the bots"),
    ("bot (HARD)", "kept for the bots"),
]


@pytest.mark.parametrize(("name", "message"), REFUSED)
def test_check_name_refuses_with_a_message(name, message):
    assert message in why(name)


@pytest.mark.parametrize(("name", "message"), REFUSED)
def test_a_guest_name_outside_the_rules_is_refused_over_http(client, name, message):
    assert message in refused(client, name)
    assert client.get("/api/me").json()["user"] is None


@pytest.mark.parametrize(
    "name", ["alice" + HANGUL_FILLER, "ali\nce", "ali\u00a0ce", "ali\u200dce", " alice"]
)
def test_a_sign_up_outside_the_rules_is_refused_over_http(client, name):
    refused(client, name, "/api/signup")
    # Nothing was stored under the name it would have been changed to either.
    r = client.post("/api/login", json={"name": "alice", "password": "correct horse"})
    assert r.status_code == 401


# -- what is allowed, and stored as typed -------------------------------------------------

ACCEPTED = [
    "Zoë",
    "José",
    "Ñandú",
    "Ann-Marie O.",
    "d_j.k-9",
    "Владимир",
    "Σωκράτης",
    "李小龙",
    "さくら",
    "김민준",
    "عمر",
    "Straße",
    "Bot",
    "Bottle",
    "alıce",  # a Turkish name: fine while no "alice" exists
]


@pytest.mark.parametrize("name", ACCEPTED)
def test_check_name_keeps_an_allowed_name_as_typed(name):
    assert auth.check_name(name) == name


@pytest.mark.parametrize("name", ACCEPTED)
def test_an_allowed_name_is_shown_as_typed(client, name):
    assert guest(client, name)["name"] == name
    assert client.get("/api/me").json()["user"]["name"] == name


def test_a_very_long_name_is_refused_before_any_work_on_it():
    assert "2 to 24" in why("a" * 100_000)
    assert "2 to 24" in why("e" + "\u0301" * 100_000)


def test_a_decomposed_name_is_stored_composed_and_is_the_same_name(client):
    assert auth.check_name("Zoe\u0308") == "Zoë"
    assert guest(client, "Zoe\u0308")["name"] == "Zoë"
    assert "taken" in refused(new_client(client), "Zoë")


# -- taken, and look-alikes ------------------------------------------------------------------


@pytest.mark.parametrize("other", ["ALICE", "Alice", "aLiCe"])
def test_a_name_differing_only_by_case_is_taken(client, other):
    guest(client, "alice")
    assert f"the name {other!r} is taken" in refused(new_client(client), other)


@pytest.mark.parametrize(
    ("existing", "other"),
    [
        ("alice", "al\u0131ce"),  # dotless i
        ("alice", "Al\u0131ce"),
        ("alice", "a1ice"),  # digit one for l
        ("alice", "AIice"),  # capital i for l
        ("cope", "\u0441\u043e\u0440\u0435"),  # all Cyrillic: с о р е
        ("Cope", "\u0421\u041e\u0420\u0415"),  # all Cyrillic capitals
        ("bob", "b0b"),
        ("Bob Marley", "B0b Marley"),
        ("clint", "cIint"),
        ("morn", "rnorn"),
    ],
)
def test_a_look_alike_of_an_existing_name_is_refused_naming_it(client, existing, other):
    guest(client, existing)
    message = refused(new_client(client), other)
    assert f"looks like the existing name {existing!r}" in message
    assert other in message


def test_the_look_alike_check_goes_both_ways(client):
    guest(client, "al\u0131ce")  # dotless i first
    assert "looks like the existing name 'alıce'" in refused(new_client(client), "alice")


def test_a_look_alike_sign_up_is_refused_too(client):
    r = client.post("/api/signup", json={"name": "alice", "password": "correct horse"})
    assert r.status_code == 200, r.text
    other = new_client(client)
    assert "looks like" in refused(other, "al\u0131ce", "/api/signup")
    assert "looks like" in refused(other, "A1ice", "/api/signup")


def test_a_look_alike_of_a_bots_name_is_refused(client):
    # Unlike the people's names, the bots' do not need to exist yet. (The last is Cyrillic.)
    for name in ["B0t (easy)", "Bot (rnedium)", "BOT (HARD)", "\u0412\u043e\u0422 (easy)"]:
        assert "kept for the bots" in why(name)
        assert "kept for the bots" in refused(client, name)


def test_different_names_are_not_look_alikes(client):
    guest(client, "alice")
    for name in ["alicia", "Alina", "bob", "alice2", "ali ce", "李小龙"]:
        assert guest(new_client(client), name)["name"] == name


def test_lookalikes_of_the_functions():
    assert auth.lookalikes("alice") & auth.lookalikes("al\u0131ce")
    assert auth.lookalikes("alice") & auth.lookalikes("\u0430lice")
    assert auth.lookalikes("alice") & auth.lookalikes("AIice")
    assert auth.lookalikes("bob") & auth.lookalikes("b0b")
    assert not auth.lookalikes("alice") & auth.lookalikes("alicia")
    assert not auth.lookalikes("Zoë") & auth.lookalikes("Zoe")
    assert auth.skeleton("\u0430") == auth.skeleton("a")
    assert auth.skeleton("m") == auth.skeleton("rn")


# -- names stored before these rules -----------------------------------------------------


def store_legacy_user(db_path, name: str, password: str) -> None:
    """A user as an older server stored it, before the profile was used."""
    stored = auth.normal_name(name)
    with sqlite3.connect(db_path) as con:
        con.execute(
            "insert into users (name, name_key, password_hash, is_guest, is_bot, created_at) "
            "values (?, ?, ?, 0, 0, '2026-01-01')",
            (stored, auth.name_key(name), auth.hash_password(password)),
        )


def test_a_stored_name_outside_the_rules_still_logs_in(client, db_path):
    store_legacy_user(db_path, "alice" + HANGUL_FILLER, "old password")
    r = client.post(
        "/api/login", json={"name": "alice" + HANGUL_FILLER, "password": "old password"}
    )
    assert r.status_code == 200, r.text
    assert r.json()["user"]["name"] == auth.normal_name("alice" + HANGUL_FILLER)
    # ... and still counts: the real alice is told why she cannot have her name.
    assert "looks like the existing name" in refused(new_client(client), "alice")


def test_a_stored_full_width_name_still_logs_in(client, db_path):
    store_legacy_user(db_path, "\uff42\uff4f\uff42", "old password")  # stored as "bob"
    for typed in ["\uff42\uff4f\uff42", "bob", "BOB"]:
        r = new_client(client).post("/api/login", json={"name": typed, "password": "old password"})
        assert r.status_code == 200, (typed, r.text)


def test_a_skeletons_skeleton_is_itself():
    # The prototypes are read from a table kept both ways round: check the reading.
    for ch in auth._PROTOTYPES:
        once = auth.skeleton(ch)
        assert auth.skeleton(once) == once, (ch, once)
    assert auth.skeleton("\u2f47") == auth.skeleton("\u65e5")  # Kangxi radical sun, 日
    assert auth.skeleton("\u3230") == auth.skeleton("(\u65e5)")  # parenthesised 日
