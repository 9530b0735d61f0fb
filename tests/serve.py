"""A real `meeple serve` process for the tests that need one (kill -9, several processes):
started on a free port of 127.0.0.1, waited for, killed with SIGKILL or stopped, its output
kept in a log file."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import httpx2

T = TypeVar("T")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def poll(
    predicate: Callable[[], T],
    timeout: float,
    what: str,
    proc: subprocess.Popen[bytes] | None = None,
    every: float = 0.05,
) -> T:
    """The first truthy value of ``predicate()``, asked every ``every`` seconds; an
    AssertionError naming ``what`` after ``timeout`` seconds, or as soon as ``proc`` exits."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"the server exited ({proc.returncode}) while {what}")
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out: {what}")
        time.sleep(every)


class Server:
    """`python -m meeple.cli.main serve` on ``db``, with quick bots (0.05 s between moves)."""

    def __init__(self, db: str, log: Path, wait: bool = True, bot_delay: str = "0.05") -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log
        self.log = log.open("ab")
        self.proc = subprocess.Popen(
            [
                *(sys.executable, "-m", "meeple.cli.main", "serve", "--host", "127.0.0.1"),
                *("--port", str(self.port), "--db", db),
                *("--bot-delay", bot_delay, "--bot-seconds", "2", "--log-level", "warning"),
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        if wait:
            self.wait_up()

    def wait_up(self) -> None:
        def up() -> bool:
            try:
                with httpx2.Client(trust_env=False, timeout=2) as c:
                    return c.get(f"{self.url}/api/games").status_code == 200
            except httpx2.HTTPError:
                return False

        try:
            poll(up, 30, "starting", self.proc)
        except AssertionError as e:
            self.stop()
            raise AssertionError(f"{e}; its log: {self.log_text()[-2000:]}") from None
        except BaseException:
            self.stop()
            raise

    def client(self, cookies: httpx2.Cookies | None = None) -> httpx2.Client:
        return httpx2.Client(base_url=self.url, cookies=cookies, timeout=15, trust_env=False)

    def kill(self) -> None:
        """SIGKILL: the process gets no chance to tidy up."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.log.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.log.close()

    def log_text(self) -> str:
        if not self.log.closed:
            self.log.flush()
        return self.log_path.read_text(errors="replace")
