"""The host names test servers answer to: the local names, and the test client's name for
the server (Starlette's TestClient sends ``Host: testserver``)."""

from meeple.web import Settings

TEST_HOSTS = (*Settings.allowed_hosts, "testserver")
