"""Schemathesis against the app's own OpenAPI schema: no input it generates makes a 5xx, and
every response conforms to the schema (status codes, content types, bodies)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from meeple.web import create_app
from tests.web.conftest import make_settings

schemathesis = pytest.importorskip("schemathesis")

EXAMPLES = 25  # per operation

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


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    app = create_app(make_settings(tmp_path_factory.mktemp("schema") / "s.db"))
    with TestClient(app, base_url="http://testserver") as client:
        client.post("/api/guest", json={"name": "fuzzer"})
        r = client.post("/api/tables", json={"game": "tiny", "players": 2})
        assert r.status_code == 200, r.text
        yield client


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)
def test_api_conforms_to_its_schema(case, api):
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    kwargs.pop("timeout", None)
    kwargs.pop("allow_redirects", None)
    kwargs.pop("verify", None)
    response = api.request(**kwargs)
    assert response.status_code < 500, (case.method, case.formatted_path, response.text[:300])
    for leak in ("Traceback", 'File "'):
        assert leak not in response.text
    case.validate_response(response, checks=CHECKS)
