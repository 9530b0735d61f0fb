"""Every screen at a laptop's size (1280x800) and a phone's (390x844), in Debian's Chromium.

For each game, after a few turns against a bot: nothing is wider than the window (the
page never scrolls sideways), no text of the board's picture is smaller than the minimum
for that screen (11 CSS px on the laptop; 9 on the phone, where the picture is drawn in
its narrow layout), no two texts of the picture are drawn over each other, and no text
runs out of the box it is written in. Then the other pages (lobby, leaderboard, a
player's page, a replay) at both sizes: nothing wider than the window.
"""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.web import Settings
from tests.web.inprocess import log_in_guest, served, start_against_bot
from tests.web.screens import CHROMIUM, GAMES, MIN_TEXT, SIZES, measure, play_some

pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
    ),
    pytest.mark.slow,
]

FAST_BOTS = {"easy": "random", "medium": "random", "hard": "random"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("screens") / "screens.db"
    with served(
        Settings(db_url=f"sqlite:///{db}", bot_delay=0.0, bot_specs=FAST_BOTS, strict_render=True)
    ) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        yield b
        b.close()


CASES = [(g, size) for g in GAMES for size in SIZES]


@pytest.mark.parametrize(("game_id", "size"), CASES, ids=[f"{g}-{w}" for g, (w, _) in CASES])
def test_a_game_is_legible_on_the_screen(server, browser, game_id, size):
    if game_id not in {g.id for g in meeple.games()}:
        pytest.skip(f"{game_id} is not registered")
    width, height = size
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.set_default_timeout(20_000)
        log_in_guest(page, server, f"S {game_id[:10]} {width}")
        start_against_bot(page, game_id)
        page.wait_for_selector("#board svg")
        play_some(page, random.Random(game_id), 4)
        page.wait_for_timeout(300)
        m = measure(page)
        # The log, by turn: numbered in order, a turn of several steps a line for each.
        turns = page.eval_on_selector_all(
            "#log li[data-turn]",
            "els => els.map((e) => [+e.dataset.turn, e.querySelectorAll('.step').length])",
        )
    finally:
        page.close()
    numbers = [t for t, _ in turns]
    assert len(numbers) >= 3 and numbers == sorted(set(numbers)), numbers
    assert max(steps for _, steps in turns) >= 2, turns
    assert not errors, errors
    assert m["pageWidth"] <= width and not m["wide"], f"wider than the window: {m['wide']}"
    assert m["board"] is not None and m["board"][0] <= width
    assert m["minText"] is not None and m["minText"] >= MIN_TEXT[width], (
        f"board text under {MIN_TEXT[width]} px: {m['smallest']}"
    )
    assert not m["overlaps"], f"texts drawn over each other: {m['overlaps']}"
    assert not m["overflows"], f"texts out of their box: {m['overflows']}"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_other_page_fits_the_window(server, browser, size):
    """Lobby, leaderboard, a player's page, a finished game's replay: no sideways scroll."""
    width, height = size
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        page.set_default_timeout(20_000)
        name = f"Wanderer {width}"
        log_in_guest(page, server, name)
        # A finished game to replay: the tiny game against a bot, played by the bot's
        # own moves through the API until the end.
        tid = page.evaluate(
            """async () => {
                const post = (u, b) => fetch(u, {method: 'POST',
                    headers: {'Content-Type': 'application/json'}, body: JSON.stringify(b || {})});
                const r = await post('/api/tables', {game: 'croa', players: 2,
                    seats: [{kind: 'me'}, {kind: 'bot', level: 'easy'}]});
                const id = (await r.json()).id;
                await post(`/api/tables/${id}/start`);
                await post(`/api/tables/${id}/leave`);
                return id;
            }"""
        )
        for _ in range(200):  # the bot finishes the game its player left to it
            status = page.evaluate(
                f"async () => (await (await fetch('/api/tables/{tid}')).json()).status"
            )
            if status == "finished":
                break
            page.wait_for_timeout(100)
        assert status == "finished"
        for path in ["/#/", "/#/leaderboard/croa", f"/#/player/{name}", f"/#/replay/{tid}"]:
            page.goto(server + path)
            page.wait_for_timeout(400)
            if path.startswith("/#/replay"):
                page.wait_for_selector("#replay-slider")
                page.wait_for_selector("#board svg")
            m = measure(page)
            assert m["pageWidth"] <= width and not m["wide"], f"{path}: {m['wide']}"
    finally:
        page.close()
