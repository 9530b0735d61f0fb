"""A person plays a whole game of each game in a real browser by clicking the board only.

Debian's Chromium driven by Playwright against a real server on loopback: every choice is
a click on an element of the game's picture (``data-target``), never the list of buttons;
each kind of decision the person meets is staged and then taken back at least once with
"Undo" (the board must then be exactly as before), and each turn is committed with
"Confirm". The finished game's record then replays.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

import meeple
from meeple.core.record import Record, replay
from meeple.web import Settings
from tests.web.inprocess import log_in_guest, served, start_against_bot
from tests.web.screens import click_a_target

CHROMIUM = Path("/usr/bin/chromium")
GAMES = ["croa", "quedlinburg_dash", "piepmatz", "azul_queens_garden", "queensland", "farland"]
FAST_BOTS = {"easy": "random", "medium": "random", "hard": "random"}

pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
    ),
    pytest.mark.slow,
]

# The page's state, read in one script so that an update arriving between reads cannot
# split it: the decision, staged steps, whether the draft is complete, the clickable keys.
READ = """() => {
  const b = document.getElementById('board');
  const visible = (e) => e.getClientRects().length > 0;
  // The picture as it stands, attributes in order (an update in place may reorder them).
  const canon = (n) => n.nodeType === 3 ? n.nodeValue : n.nodeType !== 1 ? '' :
      `<${n.nodeName}${[...n.attributes].map((a) => ` ${a.name}="${a.value}"`).sort().join('')}>` +
      [...n.childNodes].map(canon).join('') + `</${n.nodeName}>`;
  return {
    busy: b.hasAttribute('data-busy'),
    decision: b.getAttribute('data-decision'),
    steps: +(b.getAttribute('data-steps') || 0),
    history: +(b.getAttribute('data-history') || 0),
    path: +(b.getAttribute('data-path') || 0),
    ready: !!document.querySelector('#confirm.ready:not([hidden])'),
    over: !document.getElementById('result').hidden,
    targets: [...b.querySelectorAll('.clickable')].filter(visible).length,
    picture: (() => { const s = b.querySelector('svg'); return s ? canon(s) : ''; })(),
  };
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("e2e") / "play.db"
    settings = Settings(
        db_url=f"sqlite:///{db}", bot_delay=0.0, bot_specs=dict(FAST_BOTS), strict_render=True
    )
    with served(settings) as url:
        yield url


def settle(page, timeout: float = 20.0) -> dict:
    """Wait until the page awaits no reply and offers something to do (or the end)."""
    deadline = time.monotonic() + timeout
    while True:
        s = page.evaluate(READ)
        if not s["busy"] and (s["over"] or s["ready"] or s["targets"]):
            time.sleep(0.05)
            again = page.evaluate(READ)
            if again == s:
                return s
        assert time.monotonic() < deadline, f"the page did not settle: {s | {'picture': '…'}}"
        time.sleep(0.05)


def wait_change(page, before: dict, timeout: float = 20.0) -> dict | None:
    """The page once it has changed (a step staged or undone, a choice narrowed, the turn
    over); ``None`` if a click changed nothing (it met a part that was not clickable)."""
    deadline = time.monotonic() + timeout
    while True:
        s = page.evaluate(READ)
        changed = (s["steps"], s["history"], s["path"], s["over"]) != (
            before["steps"],
            before["history"],
            before["path"],
            before["over"],
        )
        if changed and not s["busy"]:
            return settle(page, timeout)
        if time.monotonic() > deadline:
            return None
        time.sleep(0.03)


# Every game on a laptop screen and on a phone (390x844: the picture's narrow layout,
# fitted to the width, where the parts to click are smallest).
SCREENS = [(g, (1280, 800)) for g in GAMES] + [(g, (390, 844)) for g in GAMES]


@pytest.mark.parametrize(
    ("game_id", "screen"), SCREENS, ids=[f"{g}-{w}x{h}" for g, (w, h) in SCREENS]
)
def test_a_whole_game_by_clicking_the_board(server, game_id, screen):
    if game_id not in {g.id for g in meeple.games()}:
        pytest.skip(f"{game_id} is not registered")
    playwright = pytest.importorskip("playwright.sync_api")
    rng = random.Random(game_id)
    errors: list[str] = []
    met: set[str] = set()
    undone: set[str] = set()
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_page(viewport={"width": screen[0], "height": screen[1]})
            page.set_default_timeout(20_000)
            page.on("pageerror", lambda e: errors.append(str(e)))
            log_in_guest(page, server, f"P {game_id[:12]} {screen[0]}")
            start_against_bot(page, game_id)
            table_id = int(page.url.rsplit("/", 1)[1])
            limit = meeple.load(game_id, players=2).max_game_length()
            recent: list[str] = []
            for _ in range(limit):
                s = settle(page, 60)
                recent = [*recent[-59:], f"{s['history']}:{s['decision']}:{s['steps']}:{s['path']}"]
                # Progress: the game or the turn's draft moves on within 60 looks (a turn
                # of many steps, Farland's improvements at the end, stays at one history).
                progress = {(r.split(":")[0], r.split(":")[2]) for r in recent}
                assert len(progress) > 1 or len(recent) < 60, recent
                if s["over"]:
                    break
                if s["ready"] and not s["targets"]:
                    page.get_by_role("button", name="Confirm", exact=True).click()
                    assert wait_change(page, s) is not None, "Confirm did nothing"
                    continue
                kind = s["decision"]
                if not click_a_target(page, rng):
                    continue
                after = wait_change(page, s, timeout=3.0)
                if after is None or after["steps"] != s["steps"] + 1:
                    continue  # a first click of two narrowed the choice; nothing staged yet
                met.add(kind)
                if kind not in undone:
                    # Take it back: the board is exactly as it was before the step.
                    page.get_by_role("button", name="Undo", exact=True).click()
                    back = wait_change(page, after)
                    assert back is not None, "Undo did nothing"
                    assert back["steps"] == s["steps"] and back["decision"] == kind
                    assert back["picture"] == s["picture"] or s["path"], game_id
                    undone.add(kind)
            else:
                raise AssertionError(f"{game_id}: the game did not end")
            assert "Final scores" in page.inner_text("#result")
            record_text = page.evaluate(
                "async (id) => (await fetch(`/api/tables/${id}/record`)).text()", table_id
            )
        finally:
            browser.close()
    assert not errors, errors
    assert met, "no decision was staged"
    assert undone == met, f"never undone: {sorted(met - undone)}"
    record = Record.loads(record_text)
    final = replay(record)
    assert final.is_terminal()
    assert json.loads(record_text)["game"] == game_id
