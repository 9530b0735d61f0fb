"""The web app served by uvicorn in a thread of the test process, on a free loopback port
(for the browser tests)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

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
