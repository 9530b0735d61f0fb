"""What a person sees: measurements of a page in a real browser, shared by the screen tests
and the script that takes the docs' screenshots.

``MEASURE`` reads, in one script, what makes a screen hard to use: anything wider than the
window (the page scrolls sideways), the smallest text in the board's picture in CSS pixels
as drawn, pairs of text boxes in the picture drawn over each other, and text running out of
the box it is written in.

Run as a script to photograph every game at both sizes::

    python -m tests.web.screens docs/img
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
GAMES = ["queensland", "farland", "azul_queens_garden", "piepmatz", "croa", "quedlinburg_dash"]
SIZES = [(1280, 800), (390, 844)]
# The smallest board text a person reads without effort (CSS pixels): on a laptop, and on
# a phone held close, where the picture is drawn in its narrow layout (parts stacked).
MIN_TEXT = {1280: 11.0, 390: 9.0}

MEASURE = r"""() => {
  const vw = document.documentElement.clientWidth;
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  // Parts that reach past the window's right edge, unless a scrolling box of the page
  // holds them (a zoomed board scrolls inside its panel, not the page).
  const clipped = (e) => {
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') {
        const r = p.getBoundingClientRect();
        if (r.right <= vw + 0.5) return true;
      }
    }
    return false;
  };
  const wide = [];
  for (const e of document.querySelectorAll('body *')) {
    if (!shown(e) || e.closest('svg') && e.tagName.toLowerCase() !== 'svg') continue;
    const r = e.getBoundingClientRect();
    if (r.right > vw + 0.5 && getComputedStyle(e).position !== 'fixed' && !clipped(e))
      wide.push(`${e.tagName.toLowerCase()}#${e.id || ''} right=${Math.round(r.right)}`);
  }
  const svg = document.querySelector('#board svg');
  const texts = [];
  if (svg) {
    for (const t of svg.querySelectorAll('text')) {
      const words = (t.textContent || '').trim();
      if (!words || !shown(t) || t.closest('.cycled-out, [display="none"]')) continue;
      const m = t.getScreenCTM();
      if (!m) continue;
      const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      const r = t.getBoundingClientRect();
      texts.push({ words, size, box: [r.left, r.top, r.right, r.bottom], node: t });
    }
  }
  const small = texts.map((t) => ({ words: t.words, size: Math.round(t.size * 10) / 10 }))
    .sort((a, b) => a.size - b.size);
  // Two texts drawn over each other: their boxes cross by more than a third of the
  // smaller one's height and width (lines set close above each other touch, no more).
  const overlaps = [];
  for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
    const a = texts[i].box, b = texts[j].box;
    const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
    const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
    const mw = Math.min(a[2] - a[0], b[2] - b[0]), mh = Math.min(a[3] - a[1], b[3] - b[1]);
    if (w > mw / 3 && h > mh / 3) overlaps.push(`${texts[i].words} / ${texts[j].words}`);
  }
  // A text that starts inside a box drawn for it (a rect in the same group) and runs out of it.
  const overflows = [];
  for (const t of texts) {
    const g = t.node.parentElement;
    if (!g) continue;
    const [x0, y0, x1, y1] = t.box;
    const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    let best = null;
    for (const r of g.querySelectorAll(':scope > rect')) {
      if (!shown(r)) continue;
      const b = r.getBoundingClientRect();
      if (b.width < 4 || b.height < 4) continue;
      const inside = cx >= b.left && cx <= b.right && cy >= b.top && cy <= b.bottom;
      if (inside && (!best || b.width * b.height < best.width * best.height)) best = b;
    }
    if (best && (x0 < best.left - 1.5 || x1 > best.right + 1.5))
      overflows.push(`${t.words} (${Math.round(x1 - x0)} px in ${Math.round(best.width)})`);
  }
  const boardBox = svg ? svg.getBoundingClientRect() : null;
  return {
    viewport: vw,
    pageWidth: document.documentElement.scrollWidth,
    wide: wide.slice(0, 12),
    minText: small.length ? small[0].size : null,
    smallest: small.slice(0, 8),
    overlaps: overlaps.slice(0, 12),
    overflows: overflows.slice(0, 12),
    board: boardBox ? [Math.round(boardBox.width), Math.round(boardBox.height)] : null,
  };
}"""


def measure(page: Any) -> dict[str, Any]:
    """The page's measurements (see ``MEASURE``)."""
    result: dict[str, Any] = page.evaluate(MEASURE)
    return result


# Whether a click on the middle of a part of the board reaches that part (its target),
# rather than something drawn over it.
ON_TOP = """(n) => {
  const r = n.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  const part = hit && hit.closest('[data-target]');
  return !!part && part.getAttribute('data-target') === n.getAttribute('data-target');
}"""


def click_a_target(page: Any, rng: random.Random) -> bool:
    """Click the middle of a random clickable part of the board, as a person would."""
    if page.query_selector("#board [data-cycle].clickable") and rng.random() < 0.5:
        page.keyboard.press("r")
    boxes = []
    for e in page.query_selector_all("#board .clickable"):
        box = e.bounding_box()
        if box and (box["width"] or box["height"]):
            boxes.append((e, box))
    if not boxes:
        return False
    e, box = rng.choice(boxes)
    e.scroll_into_view_if_needed()
    if not e.evaluate(ON_TOP):
        # Scrolled just into view, a part at the window's top edge lies under the sticky
        # status bar: a person scrolls it clear of the bar first (here, to the middle).
        e.evaluate("(n) => n.scrollIntoView({block: 'center', inline: 'center'})")
    box = e.bounding_box() or box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return True


def play_some(page: Any, rng: random.Random, turns: int, timeout: float = 30.0) -> None:
    """Play about ``turns`` turns of the page's seat by clicking its board and confirming,
    so that a picture has pieces on it (the bot answers between)."""
    deadline = time.monotonic() + timeout
    done = 0
    while done < turns and time.monotonic() < deadline:
        if not page.is_hidden("#result"):
            return
        confirm = page.query_selector("#confirm.ready:not([hidden])")
        if confirm and not page.query_selector("#board [data-busy]"):
            confirm.click()
            done += 1
            time.sleep(0.3)
            continue
        if not page.query_selector("#board[data-busy]"):
            click_a_target(page, rng)
        time.sleep(0.15)


def photograph(
    base_url: str, out: Path, turns: int = 4, games: list[str] | None = None
) -> dict[str, dict[str, Any]]:
    """A screenshot of every game at both sizes after a few turns against a bot, in
    ``out/<game>-<width>.png``; the measurements of each."""
    from playwright.sync_api import sync_playwright

    from tests.web.inprocess import log_in_guest, start_against_bot

    found: dict[str, dict[str, Any]] = {}
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            for game in games or GAMES:
                for w, h in SIZES:
                    page = browser.new_page(viewport={"width": w, "height": h})
                    page.set_default_timeout(20_000)
                    log_in_guest(page, base_url, f"Ann {game[:8]} {w}")
                    start_against_bot(page, game)
                    page.wait_for_selector("#board svg")
                    rng = random.Random(game)
                    play_some(page, rng, turns)
                    # One step of the next turn drafted: the board shows it, Undo is on.
                    for _ in range(40):
                        if page.query_selector("#board .clickable") and not page.query_selector(
                            "#board[data-busy]"
                        ):
                            click_a_target(page, rng)
                            break
                        time.sleep(0.1)
                    time.sleep(0.8)
                    # The page as it opens: from the top, no message over it.
                    page.evaluate("document.getElementById('message').hidden = true")
                    page.evaluate("window.scrollTo(0, 0)")
                    time.sleep(0.3)
                    page.screenshot(path=str(out / f"{game}-{w}.png"), full_page=False)
                    found[f"{game}-{w}"] = measure(page)
                    page.close()
        finally:
            browser.close()
    return found


if __name__ == "__main__":
    import argparse
    import json
    import tempfile

    from meeple.web import Settings
    from tests.web.inprocess import served

    parser = argparse.ArgumentParser(description="Screenshots and measurements of every game.")
    parser.add_argument("out", nargs="?", default="docs/img", help="folder for the PNGs")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--turns", type=int, default=4, help="turns to play first")
    args = parser.parse_args()
    target = Path(args.out)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            db_url=f"sqlite:///{tmp}/screens.db",
            bot_delay=0.0,
            bot_specs={"easy": "random", "medium": "random", "hard": "random"},
            strict_render=True,
        )
        with served(settings) as url:
            results = photograph(url, target, args.turns, args.game)
    for key, m in results.items():
        limit = MIN_TEXT[int(key.rsplit("-", 1)[1])]
        verdict = "ok" if (m["minText"] or 99) >= limit and not m["wide"] else "TOO SMALL/WIDE"
        print(key, verdict, json.dumps(m))
