"""Schemathesis against the app's own OpenAPI schema: no input it generates makes a 5xx, and
every response conforms to the schema (status codes, content types, bodies).

Run on SQLite with the full budget, and on PostgreSQL (when MEEPLE_TEST_POSTGRES is set,
a fresh database per operation) with a smaller one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from meeple.web import create_app
from tests.reliability.conftest import settings_for
from tests.web.conftest import make_settings

schemathesis = pytest.importorskip("schemathesis")

EXAMPLES = 25  # per operation, on SQLite
PG_EXAMPLES = 10  # per operation, on PostgreSQL (each operation gets a database of its own)

# What the server promises: no server error, documented status codes, content types and
# bodies. (Not "every schema-valid body is accepted": names, game options and seats have rules
# the schema does not spell out, and a 400 for them is right.)
CHECKS = [
    schemathesis.checks.not_a_server_error,
    schemathesis.checks.status_code_conformance,
    schemathesis.checks.content_type_conformance,
    schemathesis.checks.response_schema_conformance,
]

APP = create_app(make_settings(":memory:"))
schema = schemathesis.openapi.from_dict(APP.openapi())


def _prepared(client: TestClient) -> TestClient:
    client.post("/api/guest", json={"name": "fuzzer"})
    r = client.post("/api/tables", json={"game": "tiny", "players": 2})
    assert r.status_code == 200, r.text
    return client


@pytest.fixture(scope="module")
def api(tmp_path_factory) -> Iterator[TestClient]:
    app = create_app(make_settings(tmp_path_factory.mktemp("schema") / "s.db"))
    with TestClient(app, base_url="http://testserver") as client:
        yield _prepared(client)


@pytest.fixture
def pg_api(pg_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(pg_url)), base_url="http://testserver") as client:
        yield _prepared(client)


def check(case, client: TestClient) -> None:
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    kwargs.pop("timeout", None)
    kwargs.pop("allow_redirects", None)
    kwargs.pop("verify", None)
    # The schema has no cookie parameters, so these are always empty; an empty per-request
    # jar is what httpx2 deprecates. Raw bodies go as content=, the name httpx2 wants.
    if not kwargs.get("cookies"):
        kwargs.pop("cookies", None)
    if isinstance(kwargs.get("data"), (bytes, str)):
        kwargs["content"] = kwargs.pop("data")
    response = client.request(**kwargs)
    assert response.status_code < 500, (case.method, case.formatted_path, response.text[:300])
    for leak in ("Traceback", 'File "'):
        assert leak not in response.text
    case.validate_response(response, checks=CHECKS)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)
def test_api_conforms_to_its_schema(case, api):
    check(case, api)


@schema.parametrize()
@settings(
    max_examples=PG_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)
def test_api_conforms_to_its_schema_on_postgresql(case, pg_api):
    check(case, pg_api)
