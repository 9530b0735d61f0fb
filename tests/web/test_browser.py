"""End to end in a real browser: Debian's Chromium, driven by Playwright, against a real
server on loopback. Signs up, creates tables against bots for two different games, plays
each whole game by clicking, and checks the final score page; takes a screenshot of a game
in progress (the README's picture, with MEEPLE_UPDATE_SCREENSHOT=1).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import meeple
from meeple.web import Settings
from tests.web.inprocess import log_in_guest, served, start_against_bot

CHROMIUM = Path("/usr/bin/chromium")
# Shorter games first, so the test stays quick; whichever are registered at run time.
PREFERRED = ["croa", "quedlinburg_dash", "piepmatz", "azul_queens_garden", "queensland", "farland"]

# The page waits for the person: a choice to make, a drafted turn to confirm, or the end.
READY = (
    "#actions button.action:not([disabled]), #confirm.ready:not([disabled]), #result:not([hidden])"
)

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
)


def browser_games() -> list[str]:
    """Two registered real games with an SVG picture (the tiny test game if fewer)."""
    registered = {g.id for g in meeple.games()}
    chosen = []
    for gid in PREFERRED:
        if gid not in registered:
            continue
        try:
            game = meeple.load(gid, players=2)
            game.render_svg(game.new_initial_state().observation(0))
        except Exception:
            continue
        chosen.append(gid)
        if len(chosen) == 2:
            return chosen
    return [*chosen, "tiny"][:2]


@pytest.fixture
def server(tmp_path):
    with served(
        Settings(db_url=f"sqlite:///{tmp_path / 'e2e.db'}", bot_delay=0.0, strict_render=True)
    ) as url:
        yield url


def test_sign_up_and_play_whole_games_against_bots(server, tmp_path):
    shot_path = tmp_path / "screenshot.png"  # (the docs' pictures: tests/web/screens.py)
    playwright = pytest.importorskip("playwright.sync_api")
    games = browser_games()
    rng = random.Random(5)
    errors: list[str] = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        try:
            page = browser.new_page(viewport={"width": 1360, "height": 900})
            page.set_default_timeout(20_000)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(server + "/#/login")
            page.fill("#name", "Ada")
            page.fill("#password", "a long secret")
            page.click("#signup")
            page.wait_for_selector("#create-table")
            assert page.inner_text("#me") == "Ada"

            shot = False
            for game_id in games:
                page.goto(server + "/#/")
                page.wait_for_selector("#create-table")
                page.select_option("#new-game", game_id)
                page.select_option("#new-players", "2")
                page.select_option("#seat-0", "me")
                page.select_option("#seat-1", "bot:easy")
                page.click("#create-table")
                page.click("#start:not([disabled])")
                limit = meeple.load(game_id, players=2).max_game_length()
                clicks = 0
                for _ in range(2 * limit):
                    page.wait_for_selector(READY)
                    if page.is_visible("#result"):
                        break
                    if page.is_visible("#confirm.ready") and not page.is_visible(
                        "#actions button.action"
                    ):
                        # The turn is drafted to its end: commit it.
                        page.click("#confirm.ready:not([disabled])", timeout=5_000)
                        continue
                    targets = [
                        e for e in page.query_selector_all("#board .clickable") if e.is_visible()
                    ]
                    buttons = page.query_selector_all("#actions button.action:not([disabled])")
                    choice = rng.choice(targets) if targets and clicks % 2 else None
                    if choice is None and buttons:
                        choice = rng.choice(buttons)
                    if choice is None:
                        continue
                    try:
                        choice.click(timeout=5_000)
                    except playwright.Error:
                        continue  # re-drawn under the pointer by an update; look again
                    clicks += 1
                    if clicks == 2 and game_id == games[0]:
                        # Leave the table for the lobby and come back through "Your games".
                        page.wait_for_selector(READY)
                        if not page.is_visible("#result"):
                            url = page.url
                            page.goto(server + "/#/")
                            page.click("#your-games a")
                            page.wait_for_url(url)
                    if not shot and clicks >= 3:
                        # The README's picture: a game in progress, the player to move.
                        page.wait_for_selector(READY)
                        if not page.is_visible("#result"):
                            if page.is_visible("#message"):
                                page.click("#message")  # dismiss the welcome
                            shot_path.parent.mkdir(parents=True, exist_ok=True)
                            page.screenshot(path=str(shot_path))
                            shot = True
                else:
                    raise AssertionError(f"{game_id}: the game did not end")
                assert clicks > 0
                # The final score page: a row per player with the breakdown and the total.
                result = page.inner_text("#result")
                assert "Final scores" in result
                rows = page.query_selector_all("#score-table tr[data-seat]")
                assert len(rows) == 2
                assert "Ada" in result and "Bot (easy)" in result
                assert page.inner_text("#turn") == "Game over"
                # Replay it from the start as a spectator.
                page.click("#replay-link")
                step = page.locator("#replay-step")
                playwright.expect(step).to_have_text(re.compile(r"^set-up · turn 0 of \d+"))
                page.click("#replay-next")
                playwright.expect(step).to_have_text(re.compile(r"^turn 1 of \d+"))
                assert page.query_selector("#board svg, #board pre") is not None

            page.goto(server + f"/#/leaderboard/{games[0]}")
            page.wait_for_selector("#leaderboard")
            assert "Ada" in page.inner_text("#leaderboard")
            page.goto(server + "/#/player/Ada")
            page.wait_for_selector("#history")
            assert len(page.query_selector_all("#history tr")) == len(games) + 1
        finally:
            browser.close()
    assert not errors, errors
    assert shot and shot_path.read_bytes().startswith(b"\x89PNG")


def clickable_tiny():
    """The tiny test game with a picture whose choices carry ``data-action`` (test only)."""
    from tests.tinygame import GameInfo, TinyGame

    class ClickableTiny(TinyGame):
        info = GameInfo(
            id="tiny_click",
            name="Tiny (clickable)",
            min_players=2,
            max_players=3,
            version=1,
            options=TinyGame.info.options,
        )

        def render_svg(self, observation, layout="wide"):
            spots = "".join(
                f'<g data-action="{a}"><rect x="{10 + 60 * a}" y="30" width="50" height="30" '
                f'fill="#cde"/><text x="{12 + 60 * a}" y="50">{self.action_name(a)}</text></g>'
                for a in range(4)
            )
            return (
                "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 260 70'>"
                f"<text x='10' y='20'>{self.render_text(observation)}</text>{spots}</svg>"
            )

    return ClickableTiny


def test_the_pictures_legal_targets_are_clickable(server):
    playwright = pytest.importorskip("playwright.sync_api")
    from meeple.core.registry import register, unregister

    register(clickable_tiny())
    try:
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox", "--disable-gpu"]
            )
            try:
                page = browser.new_page()
                page.set_default_timeout(20_000)
                page.goto(server + "/#/login")
                page.fill("#guest-name", "Clicker")
                page.click("#guest")
                page.wait_for_selector("#create-table")
                page.select_option("#new-game", "tiny_click")
                page.select_option("#seat-1", "bot:easy")
                page.click("#create-table")
                page.click("#start:not([disabled])")
                clicks = 0
                for _ in range(40):
                    page.wait_for_selector(
                        "#board .clickable, #confirm.ready:not([disabled]), #result:not([hidden])"
                    )
                    if page.is_visible("#result"):
                        break
                    if page.is_visible("#confirm.ready") and not page.query_selector(
                        "#board .clickable"
                    ):
                        page.click("#confirm.ready:not([disabled])", timeout=5_000)
                        continue
                    # Exactly the legal actions are clickable on the picture. Both lists are
                    # read in one script, so a view arriving in between cannot split them.
                    on_picture, on_buttons = page.evaluate(
                        """() => [
                            [...document.querySelectorAll('#board .clickable')]
                                .map((e) => e.getAttribute('data-action')),
                            [...document.querySelectorAll('#actions button.action')]
                                .map((b) => b.getAttribute('data-action')),
                        ]"""
                    )
                    assert sorted(on_picture) == sorted(on_buttons)
                    spots = page.query_selector_all("#board .clickable")
                    if not spots:
                        continue
                    try:
                        spots[0].click(timeout=5_000)
                    except playwright.Error:
                        continue
                    clicks += 1
                assert clicks >= 2 and "Final scores" in page.inner_text("#result")
            finally:
                browser.close()
    finally:
        unregister("tiny_click")


# Whether any of the parts ``selector`` finds lies in the window, below the sticky status bar.
IN_SIGHT = """(selector) => {
  const top = document.getElementById('status-bar').getBoundingClientRect().bottom;
  return [...document.querySelectorAll(selector)].some((e) => {
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.bottom > top && r.top < window.innerHeight;
  });
}"""
PARTS, LISTED = "#board .clickable", "#actions button.action"


def test_a_new_choice_out_of_sight_is_brought_into_view_on_a_phone(server):
    """On a phone the supply lies a screen above the player's farm: a new choice whose
    every part is out of sight is scrolled into view, so the player need not hunt for it;
    a choice with a part, or the list of choices, in sight is left where the player
    scrolled it."""
    if "farland" not in {g.id for g in meeple.games()}:
        pytest.skip("farland is not registered")
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.set_default_timeout(20_000)
            log_in_guest(page, server, "Phone player")
            start_against_bot(page, "farland")
            # Farland begins with two starting improvements to choose from the supply.
            page.wait_for_selector('#board[data-decision="start"][data-steps="0"]:not([data-busy])')
            # Scrolled down past the supply to the farm: neither the supply nor the list of
            # choices (at the page's foot) is in sight.
            page.evaluate(
                """(sel) => window.scrollBy(0, Math.max(...[...document.querySelectorAll(sel)]
                    .map((e) => e.getBoundingClientRect().bottom)) + 10)""",
                PARTS,
            )
            assert not page.evaluate(IN_SIGHT, PARTS) and not page.evaluate(IN_SIGHT, LISTED)
            # The first is taken (from the list, without scrolling to it): the second
            # choice's parts, the supply again, come into view.
            page.evaluate("(sel) => document.querySelector(sel).click()", LISTED)
            page.wait_for_selector('#board[data-decision="start"][data-steps="1"]:not([data-busy])')
            assert page.evaluate(IN_SIGHT, PARTS)
            # With the supply at the window's bottom edge, still in sight, Undo's choice
            # leaves the page where it is (not scrolled to the middle).
            first = f"document.querySelector('{PARTS}')"
            page.evaluate(
                f"() => window.scrollBy(0, {first}.getBoundingClientRect().top"
                " - window.innerHeight + 40)"
            )
            page.get_by_role("button", name="Undo", exact=True).click()
            page.wait_for_selector('#board[data-decision="start"][data-steps="0"]:not([data-busy])')
            top = page.evaluate(f"() => {first}.getBoundingClientRect().top")
            assert top > 844 - 150, top
            # At the page's foot, with the list of choices in sight, a choice taken there
            # leaves the page at the list.
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            assert page.evaluate(IN_SIGHT, LISTED) and not page.evaluate(IN_SIGHT, PARTS)
            page.locator(LISTED).first.click()
            page.wait_for_selector('#board[data-decision="start"][data-steps="1"]:not([data-busy])')
            assert page.evaluate(IN_SIGHT, LISTED) and not page.evaluate(IN_SIGHT, PARTS)
        finally:
            browser.close()


def test_the_table_page_offers_only_what_one_may_do(server):
    """A creator without a seat may cancel the table; an invited player is offered only the
    seat kept for them (or to decline it), never an open seat they could not take."""
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            host, bob = browser.new_page(), browser.new_context().new_page()
            for page, name in ((bob, "Bob"), (host, "Host")):
                page.set_default_timeout(20_000)
                log_in_guest(page, server, name)
            tid = host.evaluate(
                """async () => {
                    const r = await fetch('/api/tables', {method: 'POST',
                        headers: {'Content-Type': 'application/json'},
                        body: JSON.stringify({game: 'tiny', players: 2,
                            seats: [{kind: 'user', name: 'Bob'}, {kind: 'open'}]})});
                    return (await r.json()).id;
                }"""
            )
            for page in (host, bob):
                page.goto(server + f"/#/table/{tid}")
            bob.wait_for_selector("ul.seats button.decline")
            assert bob.locator("ul.seats li[data-seat='0'] button.join").count() == 1
            assert bob.locator("ul.seats li[data-seat='1'] button.join").count() == 0
            playwright.expect(host.locator("#leave")).to_have_text("Cancel table")
            host.click("#leave")
            playwright.expect(bob.locator("#main")).to_contain_text("This table was cancelled.")
        finally:
            browser.close()


def test_a_bot_is_offered_only_for_a_player_away_past_the_limit(tmp_path):
    """ "Let a bot play on" is offered for another player only once their page is closed and
    the game has waited for their move past the limit (here none), never while they are at
    the table; taken, it hands the seat to a bot and the game goes on."""
    playwright = pytest.importorskip("playwright.sync_api")
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'away.db'}",
        bot_delay=0.0,
        absent_seconds=0.0,
        strict_render=True,
    )
    with served(settings) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            alice, bob = browser.new_page(), browser.new_context().new_page()
            for page, name in ((alice, "Alice"), (bob, "Bob")):
                page.set_default_timeout(20_000)
                log_in_guest(page, url, name)
            tid = alice.evaluate(
                """async () => {
                    const r = await fetch('/api/tables', {method: 'POST',
                        headers: {'Content-Type': 'application/json'},
                        body: JSON.stringify({game: 'tiny', players: 2,
                            seats: [{kind: 'me'}, {kind: 'user', name: 'Bob'}]})});
                    return (await r.json()).id;
                }"""
            )
            bob.evaluate(f"fetch('/api/tables/{tid}/join', {{method: 'POST'}})")
            playwright.expect(bob.locator("#main")).to_contain_text("Seat 2")
            alice.evaluate(f"fetch('/api/tables/{tid}/start', {{method: 'POST'}})")
            for page in (alice, bob):
                page.goto(url + f"/#/table/{tid}")
            # Alice's turn, both at the table: nobody is offered to anybody.
            alice.click('#board [data-target="button:0"].clickable')  # keep
            alice.click('#board [data-target="button:2"].clickable')  # bet 1
            alice.click("#confirm.ready:not([disabled])")
            playwright.expect(alice.locator("#turn")).to_contain_text("Waiting for Bob")
            alice.wait_for_timeout(1_000)
            assert alice.locator(".seats button.replace").count() == 0
            # Bob closes his page: once the page looks again, he is away.
            bob.close()
            offer = alice.locator(".seats button.replace")
            playwright.expect(offer).to_contain_text("let a bot play on", timeout=40_000)
            offer.click()
            playwright.expect(alice.locator("#result")).to_contain_text("Final scores")
            assert "Bob (left; Bot (medium) played on)" in alice.inner_text("#result")
            # The log, by turn, says what happened to the seat, and keeps Bob's own turn.
            turns = alice.locator("#log li[data-turn]")
            assert turns.count() >= 2
            log = alice.inner_text("#log")
            assert "Bob left the game; Bot (medium) plays on for them" in log
            # The lobby's finished list keeps his name too.
            alice.goto(url + "/#/")
            playwright.expect(alice.locator("#main")).to_contain_text("Bob")
            # The replay: his name in "View as", turn by turn with the keys and the log.
            alice.goto(url + f"/#/replay/{tid}")
            step = alice.locator("#replay-step")
            playwright.expect(step).to_contain_text("turn 0 of")
            assert "Bob" in alice.inner_text("#replay-seat")
            assert "Bob left the game; Bot (medium) plays on for them" in alice.inner_text("#log")
            alice.keyboard.press("ArrowRight")
            playwright.expect(step).to_contain_text("turn 1 of")
            alice.keyboard.press("End")
            last = alice.locator("#log li[data-turn]").last.get_attribute("data-turn")
            playwright.expect(step).to_contain_text(f"turn {last} of {last}")
            alice.locator('#log li[data-turn="1"]').click()
            playwright.expect(step).to_contain_text("turn 1 of")
            playwright.expect(alice.locator('#log li[data-turn="1"]')).to_have_class(
                re.compile("current")
            )
            assert alice.locator("#replay-slider").input_value() == "1"
            assert alice.locator("#summary #score-table tr[data-seat]").count() == 2
            assert alice.locator("#score-chart .chart-row").count() == 2
        finally:
            browser.close()
