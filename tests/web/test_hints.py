"""Hints: the hard bot's suggestion for a seat's decision, at unrated tables only, a few per
game, logged for everyone, and worked out from the seat's own view (never the true hidden
state). The tiny game has hidden hands, so what the bot is given matters there."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from meeple.agents import Agent, register_agent
from meeple.core.api import State
from meeple.web import create_app, hints
from tests.tinygame import TinyState
from tests.web.conftest import guest, make_settings, new_client, wait_for
from tests.web.inprocess import log_in_guest, served

KEEP, SWAP, BET1, BET2 = 0, 1, 2, 3


class Recorder(Agent):
    """A stand-in for the hard bot: remembers every state it is given; suggests the last
    legal action."""

    name = "recorder"
    seen: list[State] = []  # noqa: RUF012 (shared on purpose: the tests read it)

    def step(self, state: State) -> int:
        Recorder.seen.append(state)
        return state.legal_actions()[-1]


register_agent("recorder", Recorder)
RECORDING = {"easy": "random", "hard": "recorder"}


@pytest.fixture
def client(db_path):
    Recorder.seen.clear()
    # The recorder lives in this process: bots in threads here, not in worker processes.
    settings = make_settings(db_path, bot_specs=RECORDING, bot_workers=0)
    with TestClient(create_app(settings)) as c:
        yield c


def new_table(alice, bob, rated: bool) -> int:
    """A started two-player tiny table of alice (seat 0) and bob (seat 1)."""
    body = {
        "game": "tiny",
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "user", "name": "bob"}],
        "rated": rated,
    }
    r = alice.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    tid = r.json()["id"]
    assert r.json()["rated"] is rated
    assert bob.post(f"/api/tables/{tid}/join").status_code == 200
    assert alice.post(f"/api/tables/{tid}/start").status_code == 200
    return tid


@pytest.fixture
def people(client):
    alice, bob, watcher = client, new_client(client), new_client(client)
    guest(alice, "alice")
    guest(bob, "bob")
    guest(watcher, "watcher")
    return alice, bob, watcher


def alice_to_move(alice, tid):
    return wait_for(
        lambda: (v := alice.get(f"/api/tables/{tid}/view").json()["view"])["legal"] and v
    )


def logs(people, tid):
    return [p.get(f"/api/tables/{tid}/view").json()["view"]["log"] for p in people]


def live_of(client, tid):
    return client.app.state.hub.tables[tid]


def test_hints_are_refused_at_a_rated_table(people):
    alice, bob, _watcher = people
    tid = new_table(alice, bob, True)
    view = alice_to_move(alice, tid)
    before = logs(people, tid)
    r = alice.post(f"/api/tables/{tid}/hint", json={"seen": view["history_len"]})
    assert r.status_code == 409
    assert r.json() == {
        "error": "no hints at a rated table: they are for unrated (training) tables",
        "code": "rated_table",
    }
    assert logs(people, tid) == before and Recorder.seen == []
    s = alice.get(f"/api/tables/{tid}/hint").json()
    assert s["allowed"] is False and s["code"] == "rated_table" and s["rated"] is True


def test_a_table_without_the_rated_flag_counts_as_rated():
    assert hints.is_rated({}) is True
    assert hints.is_rated({"rated": True}) is True
    assert hints.is_rated({"rated": False}) is False


def test_a_hint_is_given_counted_and_logged_for_everyone(people):
    alice, bob, _watcher = people
    tid = new_table(alice, bob, False)
    view = alice_to_move(alice, tid)
    assert alice.get(f"/api/tables/{tid}/hint").json() == {
        "per_game": hints.HINTS_PER_GAME,
        "rated": False,
        "allowed": True,
        "hints_left": 3,
        "code": None,
        "reason": None,
    }
    r = alice.post(f"/api/tables/{tid}/hint", json={"seen": view["history_len"]})
    assert r.status_code == 200, r.text
    got = r.json()
    # The suggestion is one of the seat's legal choices, with the clicks that make it.
    assert got["action"] in view["legal"]
    assert got["action"] == {
        "id": SWAP,
        "text": "swap",
        "target": "button:1",
        "targets": ["button:1"],
    }
    assert got["hints_left"] == 2 and "swap" in got["text"]
    # Everyone's log says so, the spectator's too.
    for log in logs(people, tid):
        assert any(e.get("note") and e["text"] == "alice took a hint (2 left)" for e in log)
    # Counted per seat per game: three, then refused, and the refusal changes nothing.
    for left in (1, 0):
        r = alice.post(f"/api/tables/{tid}/hint", json={"seen": view["history_len"]})
        assert r.status_code == 200 and r.json()["hints_left"] == left
    before = logs(people, tid)
    r = alice.post(f"/api/tables/{tid}/hint", json={"seen": view["history_len"]})
    assert r.status_code == 409 and r.json()["code"] == "no_hints_left"
    assert logs(people, tid) == before and len(Recorder.seen) == 3
    s = alice.get(f"/api/tables/{tid}/hint").json()
    assert s["allowed"] is False and s["hints_left"] == 0 and s["code"] == "no_hints_left"
    # Bob's own hints are his: still three.
    assert bob.get(f"/api/tables/{tid}/hint").json()["hints_left"] == 3


def test_hints_taken_stay_counted_and_logged_after_a_restart(db_path):
    """The hints a seat took are stored with the table: a restarted server (or another
    process) gives none back, and its log, and the replay's, still say they were taken."""
    # The recorder lives in this process: bots in threads here, not in worker processes.
    settings = make_settings(db_path, bot_specs=RECORDING, bot_workers=0)
    with TestClient(create_app(settings)) as alice:
        bob = new_client(alice)
        guest(alice, "alice")
        guest(bob, "bob")
        tid = new_table(alice, bob, False)
        view = alice_to_move(alice, tid)
        for _ in range(2):
            r = alice.post(f"/api/tables/{tid}/hint", json={"seen": view["history_len"]})
            assert r.status_code == 200, r.text
        cookies = dict(alice.cookies), dict(bob.cookies)
    with TestClient(create_app(settings)) as again:
        again.cookies.update(cookies[0])
        assert again.get(f"/api/tables/{tid}/hint").json()["hints_left"] == 1
        log = again.get(f"/api/tables/{tid}/view").json()["view"]["log"]
        notes = [e["text"] for e in log if e.get("note")]
        assert notes == ["alice took a hint (2 left)", "alice took a hint (1 left)"]
        # Play it out (random moves for both), then the replay keeps the notes too.
        other = new_client(again)
        other.cookies.update(cookies[1])
        for _ in range(200):
            v = again.get(f"/api/tables/{tid}/view").json()["view"]
            if v["terminal"]:
                break
            for who in (again, other):
                w = who.get(f"/api/tables/{tid}/view").json()["view"]
                if w["legal"]:
                    who.post(
                        f"/api/tables/{tid}/move",
                        json={"action": w["legal"][0]["id"], "seen": w["history_len"]},
                    )
        replayed = again.get(f"/api/tables/{tid}/replay?step=0").json()["view"]["log"]
        assert [e["text"] for e in replayed if e.get("note")] == notes


def test_refusals_change_nothing(people):
    alice, bob, watcher = people
    tid = new_table(alice, bob, False)
    view = alice_to_move(alice, tid)
    before = logs(people, tid)
    cases = [
        (bob, {"seen": view["history_len"]}, 409, "not_your_turn"),
        (watcher, {"seen": view["history_len"]}, 403, "not_seated"),
        (alice, {"seen": view["history_len"] - 1}, 409, "stale"),
        (alice, {"seen": view["history_len"], "seat": 1}, 403, "not_your_seat"),
    ]
    for person, body, status, code in cases:
        r = person.post(f"/api/tables/{tid}/hint", json=body)
        assert (r.status_code, r.json()["code"]) == (status, code), (body, r.text)
    anonymous = TestClient(alice.app)
    assert anonymous.post(f"/api/tables/{tid}/hint", json={}).status_code == 401
    assert alice.post("/api/tables/9999/hint", json={}).status_code == 404
    assert logs(people, tid) == before and Recorder.seen == []
    assert alice.get(f"/api/tables/{tid}/hint").json()["hints_left"] == 3


def test_the_bot_sees_only_the_seats_own_view(people, monkeypatch):
    """The agent is handed a re-dealt position (determinize from the seat's view), never the
    table's true state, whose hidden hands it could otherwise read."""
    alice, bob, _watcher = people
    tid = new_table(alice, bob, False)
    view = alice_to_move(alice, tid)
    dealt: list[tuple[int, State]] = []
    real = TinyState.determinize

    def recording(self, player, rng):
        out = real(self, player, rng)
        dealt.append((player, out))
        return out

    monkeypatch.setattr(TinyState, "determinize", recording)
    live = live_of(alice, tid)
    truth = live.state
    assert (
        alice.post(f"/api/tables/{tid}/hint", json={"seen": view["history_len"]}).status_code == 200
    )
    (given,) = Recorder.seen
    assert given is not truth
    assert any(p == 0 and s is given for p, s in dealt), "not a determinization for seat 0"
    # The same view for alice, and the hidden card re-dealt from what she cannot see.
    assert given.observation(0) == truth.observation(0)
    assert len(given.history) == len(truth.history)


def test_the_hint_is_for_the_seats_own_draft(people):
    alice, bob, _watcher = people
    tid = new_table(alice, bob, False)
    view = alice_to_move(alice, tid)
    r = alice.post(f"/api/tables/{tid}/draft", json={"action": KEEP, "seen": view["history_len"]})
    drafted = r.json()["view"]
    assert drafted["draft"]["length"] == view["history_len"] + 1
    # Asked for the committed position while a draft is shown: stale.
    r = alice.post(f"/api/tables/{tid}/hint", json={"seen": view["history_len"]})
    assert r.status_code == 409 and r.json()["code"] == "stale"
    r = alice.post(f"/api/tables/{tid}/hint", json={"seen": drafted["draft"]["length"]})
    assert r.status_code == 200, r.text
    assert r.json()["action"]["id"] == BET2 and r.json()["seen"] == drafted["draft"]["length"]
    (given,) = Recorder.seen
    assert len(given.history) == drafted["draft"]["length"]  # the draft's position, re-dealt
    # The draft is untouched, and its own view now shows the note.
    again = alice.get(f"/api/tables/{tid}/view").json()["view"]
    assert again["draft"] == drafted["draft"]
    assert any(e.get("note") for e in again["log"])
    # A turn drafted to its end gets no hint (confirm it, or undo a step).
    r = alice.post(
        f"/api/tables/{tid}/draft", json={"action": BET1, "seen": drafted["draft"]["length"]}
    )
    done = r.json()["view"]["draft"]
    assert done["complete"]
    r = alice.post(f"/api/tables/{tid}/hint", json={"seen": done["length"]})
    assert r.status_code == 409 and r.json()["code"] == "draft_complete"
    assert alice.get(f"/api/tables/{tid}/hint").json()["hints_left"] == 2


def test_the_hard_bots_time_is_bounded(client):
    hub = client.app.state.hub
    hub.settings.bot_specs = {}
    assert hints.hint_spec(hub, "croa") == "ismcts:seconds=1,turn=1.8,rollout=10"
    hub.settings.bot_specs = {"hard": "ismcts:seconds=5,iterations=9000"}
    assert hints.hint_spec(hub, "croa") == "ismcts:seconds=1,iterations=9000"
    hub.settings.bot_specs = {"hard": "ismcts:iterations=50"}
    assert hints.hint_spec(hub, "croa") == "ismcts:iterations=50,seconds=1"
    hub.settings.bot_specs = {"hard": "random"}
    assert hints.hint_spec(hub, "croa") == "random"


# -- in the browser ----------------------------------------------------------------------

CHROMIUM = Path("/usr/bin/chromium")


@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_in_the_browser_the_rules_open_beside_the_game_and_a_hint_is_taken(tmp_path):
    playwright = pytest.importorskip("playwright.sync_api")
    settings = make_settings(tmp_path / "help.db", bot_specs={"easy": "random"})
    with served(settings) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            context = browser.new_context()
            page = context.new_page()
            page.set_default_timeout(20_000)
            log_in_guest(page, url, "Alice")
            made = page.evaluate(
                """async () => {
                    const r = await fetch('/api/tables', {method: 'POST',
                        headers: {'Content-Type': 'application/json'},
                        body: JSON.stringify({game: 'croa', players: 2, rated: false,
                            seats: [{kind: 'me'}, {kind: 'bot', level: 'easy'}]})});
                    return [r.status, await r.json()];
                }"""
            )
            if made[0] != 200:
                pytest.skip(f"the server refused an unrated table ({made[0]}: {made[1]})")
            tid = made[1]["id"]
            if made[1].get("rated", True) is not False:
                pytest.skip("the server has no unrated tables (the table's rated flag)")
            page.evaluate(f"fetch('/api/tables/{tid}/start', {{method: 'POST'}})")
            page.goto(url + f"/#/table/{tid}")
            # The rules open in a new tab; the game stays where it is.
            link = page.locator("#rules-link")
            playwright.expect(link).to_have_attribute("href", "#/rules/croa")
            assert link.get_attribute("target") == "_blank"
            with context.expect_page() as opened:
                link.click()
            rules = opened.value
            rules.wait_for_selector("#rules h2")
            assert "Crôa!" in rules.inner_text("#rules h1")
            toc = rules.locator("#rules-toc a[href^='#/rules/croa/']")
            assert toc.count() >= 4
            # The contents' link to the second section takes the page there.
            heading = rules.locator("#rules h2").nth(1)
            slug = (heading.get_attribute("id") or "").removeprefix("rules-")
            rules.locator(f"#rules-toc a[href='#/rules/croa/{slug}']").click()
            playwright.expect(heading).to_be_in_viewport()
            assert rules.locator("#rules table").count() >= 1
            assert page.url.endswith(f"#/table/{tid}")
            # The hint: the hard bot's suggestion, in words and on the board.
            button = page.locator("#hint:not([disabled])")
            playwright.expect(button).to_have_text("Hint (3 left)")
            button.click()
            playwright.expect(page.locator("#hint-text")).to_contain_text("The hard bot suggests")
            assert page.locator("#board .hinted").count() >= 1
            playwright.expect(page.locator("#hint")).to_have_text("Hint (2 left)")
            playwright.expect(page.locator("#log")).to_contain_text("Alice took a hint")
            # Playing the suggestion clears it.
            page.click("#actions button.action.hinted")
            playwright.expect(page.locator("#hint-text")).to_have_text("")
        finally:
            browser.close()


def test_in_the_browser_hints_are_off_at_a_rated_table(tmp_path):
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's chromium at /usr/bin/chromium")
    playwright = pytest.importorskip("playwright.sync_api")
    settings = make_settings(tmp_path / "rated.db", bot_specs={"easy": "random"})
    with served(settings) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_page()
            page.set_default_timeout(20_000)
            log_in_guest(page, url, "Rita")
            tid = page.evaluate(
                """async () => {
                    const r = await fetch('/api/tables', {method: 'POST',
                        headers: {'Content-Type': 'application/json'},
                        body: JSON.stringify({game: 'tiny', players: 2,
                            seats: [{kind: 'me'}, {kind: 'bot', level: 'easy'}]})});
                    return (await r.json()).id;
                }"""
            )
            page.evaluate(f"fetch('/api/tables/{tid}/start', {{method: 'POST'}})")
            page.goto(url + f"/#/table/{tid}")
            page.wait_for_selector("#board .clickable")
            hint = page.locator("#hint")
            playwright.expect(hint).to_be_disabled()
            playwright.expect(hint).to_have_attribute("data-reason", "rated_table")
            assert "rated" in (hint.get_attribute("title") or "")
        finally:
            browser.close()
