"""How long the browser takes to show an update: parse the new picture, patch the board in
place and wire its clickable parts (``board.update`` in ``meeple/web/static/js/board.js``).

Starts the web app in this process on 127.0.0.1, and per game plays in Debian's Chromium
(headless, 1280x800) as a person would, against an easy bot: clicks on the board, Confirm
at the end of each turn. The page times every update of the board with the User Timing API
(``meeple-board-update``); this reads them back. Server time is in draft_latency.py.

    python benchmarks/board_update.py            # all six games, 60 clicks each
    python benchmarks/board_update.py --clicks 200 farland
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from meeple.web import Settings
from tests.web.inprocess import log_in_guest, served, start_against_bot

GAMES = ["croa", "quedlinburg_dash", "piepmatz", "azul_queens_garden", "queensland", "farland"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def measure(url: str, game: str, clicks: int, page) -> list[float]:
    log_in_guest(page, url, f"bench {game[:10]}")
    start_against_bot(page, game)
    rng = random.Random(game)
    done = 0
    for _ in range(20 * clicks):
        if done >= clicks or page.is_visible("#result"):
            break
        page.wait_for_selector("#board .clickable, #confirm.ready, #result:not([hidden])")
        time.sleep(0.15)
        if page.is_visible("#confirm.ready:not([disabled])"):
            page.click("#confirm")
            continue
        parts = [e for e in page.query_selector_all("#board .clickable") if e.bounding_box()]
        if not parts:
            continue
        box = rng.choice(parts).bounding_box()
        if box:
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            done += 1
    return page.evaluate(
        "() => performance.getEntriesByName('meeple-board-update').map((e) => e.duration)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="*")
    parser.add_argument("--clicks", type=int, default=60)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    db = Path(tempfile.mkdtemp(prefix="meeple-board-bench-")) / "bench.db"
    settings = Settings(db_url=f"sqlite:///{db}", bot_delay=0.0)
    print(f"{'game':20} {'updates':>7} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}")
    with served(settings) as url, sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            headless=True,
            args=["--no-sandbox", "--disable-gpu"],
        )
        for game in args.game or GAMES:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            times = measure(url, game, args.clicks, page)
            page.close()
            print(
                f"{game:20} {len(times):>7} {percentile(times, 50):>7.1f} "
                f"{percentile(times, 99):>7.1f} {max(times):>7.1f}"
            )
        browser.close()


if __name__ == "__main__":
    main()
