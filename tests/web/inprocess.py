"""The web app served by uvicorn in a thread of the test process, on a free loopback port,
and the steps every browser test and benchmark takes there first."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from meeple.web import Settings, create_app
from tests.serve import free_port


@contextmanager
def served(settings: Settings) -> Iterator[str]:
    """The base URL of a running server with ``settings``; stopped on exit."""
    import uvicorn

    app = create_app(settings)
    port = free_port()
    srv = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=15)


def log_in_guest(page: Any, url: str, name: str) -> None:
    """Log ``page`` in as a guest called ``name`` and wait for the lobby."""
    page.goto(url + "/#/login")
    page.fill("#guest-name", name)
    page.click("#guest")
    page.wait_for_selector("#create-table")


def start_against_bot(page: Any, game: str) -> None:
    """From the lobby: a two-player table of ``game``, the page's player against an easy bot,
    started."""
    page.select_option("#new-game", game)
    page.select_option("#new-players", "2")
    page.select_option("#seat-1", "bot:easy")
    page.click("#create-table")
    page.click("#start:not([disabled])")
