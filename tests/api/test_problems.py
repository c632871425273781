"""Every API error is one RFC 9457 problem document, in the request's language, as documented."""

from __future__ import annotations

import copy
import uuid
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from builder.api.views import DyoThrottle
from tests.builder.conftest import INTERCHANGE_EXAMPLE
from upfront.reference.models import DataRevision, Nationality

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"
URL = "/api/v1/dyo/validate"
MEMBERS = {"type", "title", "status", "detail", "code"}


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def example_force() -> dict[str, Any]:
    return copy.deepcopy(INTERCHANGE_EXAMPLE)


def problem_of(response: Any, status: int, code: str) -> dict[str, Any]:
    """The response's problem document, checked for what every problem has."""
    assert response.status_code == status, response.content
    assert response["Content-Type"] == PROBLEM
    body = response.json()
    assert set(body) >= MEMBERS
    assert body["type"] == "about:blank" and body["status"] == status and body["code"] == code
    assert body["title"] and body["detail"]
    return body


def test_malformed_document_names_every_fault(api: APIClient) -> None:
    body = problem_of(
        api.post("/api/v1/dyo/validate", {"nationality": "martian"}, format="json"), 400, "invalid"
    )
    assert body["title"] == "Bad Request"
    assert "nationality" in {e["path"] for e in body["errors"]}
    assert len(body["errors"]) >= 2  # the missing fields too
    assert str(len(body["errors"])) in body["detail"]


def test_a_bad_filter_is_a_400_naming_the_parameter(api: APIClient) -> None:
    body = problem_of(api.get("/api/v1/unit-type-table/", {"theatre": "MARS"}), 400, "invalid")
    (error,) = body["errors"]
    assert error["path"] == "theatre" and "MARS" in error["message"]


def test_draw_parameter_fault_has_its_path(api: APIClient) -> None:
    body = problem_of(
        api.post("/api/v1/dyo/draw", {"table": "time_frame", "rpn": 3}, format="json"),
        400,
        "invalid",
    )
    assert [e["path"] for e in body["errors"]] == ["opponent"]


def test_anonymous_on_saved_forces_is_a_401_naming_the_token_scheme(api: APIClient) -> None:
    # The API's defaults read a token first (settings.REST_FRAMEWORK): every door that needs
    # an account answers the same, the saved forces included.
    response = api.get("/api/v1/forces/")
    body = problem_of(response, 401, "not_authenticated")
    assert response["WWW-Authenticate"] == "Token"
    assert "errors" not in body


def test_unknown_object_and_unknown_path_are_404s(api: APIClient) -> None:
    problem_of(api.get("/api/v1/nationalities/martian/"), 404, "not_found")
    # No view matches: Django's own 404, rendered as a problem under /api/ ...
    problem_of(api.get("/api/v1/no-such-thing/"), 404, "not_found")
    problem_of(api.get("/api/v1/forces/not-a-number/"), 404, "not_found")
    # ... and as the site's HTML page elsewhere.
    page = Client().get("/no-such-page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")


def test_wrong_method_is_a_405(api: APIClient) -> None:
    body = problem_of(api.delete("/api/v1/dyo/validate"), 405, "method_not_allowed")
    assert "DELETE" in body["detail"]


def test_a_body_that_is_not_json_is_a_415(api: APIClient) -> None:
    response = api.post("/api/v1/dyo/validate", "nationality=german", content_type="text/plain")
    assert "text/plain" in problem_of(response, 415, "unsupported_media_type")["detail"]


def test_throttled_is_a_429_with_retry_after(api: APIClient, monkeypatch, example_force) -> None:  # type: ignore[no-untyped-def]
    from django.core.cache import cache

    monkeypatch.setattr(DyoThrottle, "THROTTLE_RATES", {"dyo_validate": "1/minute"})
    # A client address of its own: the count may live in a cache other runs share (Redis).
    client = f"203.0.113.{uuid.uuid4().int % 250}"
    cache.delete(f"throttle_dyo_validate_{client}")
    first = api.post(URL, example_force, format="json", REMOTE_ADDR=client)
    assert first.status_code == 200
    response = api.post(URL, example_force, format="json", REMOTE_ADDR=client)
    problem_of(response, 429, "throttled")
    assert int(response["Retry-After"]) > 0
    cache.delete(f"throttle_dyo_validate_{client}")


def test_no_reference_data_is_a_503_not_a_500(api: APIClient, example_force) -> None:  # type: ignore[no-untyped-def]
    # An empty reference database (rolled back after the test).
    Nationality.objects.all().delete()
    DataRevision.objects.all().delete()
    body = problem_of(
        api.post("/api/v1/dyo/validate", example_force, format="json"),
        503,
        "reference_data_not_loaded",
    )
    assert "load_reference" in body["detail"]
    problem_of(
        api.post("/api/v1/dyo/draw", {"table": "time_frame", "rpn": 3}, format="json"),
        503,
        "reference_data_not_loaded",
    )
    problem_of(api.get("/api/v1/data-revision/"), 503, "reference_data_not_loaded")
    it = api.post("/api/v1/dyo/validate", example_force, format="json", HTTP_ACCEPT_LANGUAGE="it")
    body_it = problem_of(it, 503, "reference_data_not_loaded")
    assert body_it["detail"] != body["detail"] and "load_reference" in body_it["detail"]
    assert body_it["title"] != body["title"]


def test_an_unexpected_error_is_a_500_problem(monkeypatch, example_force) -> None:  # type: ignore[no-untyped-def]
    from builder import services

    def broken(**_: object) -> None:
        raise RuntimeError("bug")

    monkeypatch.setattr(services, "force_validate", broken)
    client = APIClient(raise_request_exception=False)
    body = problem_of(
        client.post("/api/v1/dyo/validate", example_force, format="json"), 500, "server_error"
    )
    assert "bug" not in body["detail"]  # no internals leak


def test_problems_follow_accept_language(api: APIClient) -> None:
    en = problem_of(api.get("/api/v1/forces/"), 401, "not_authenticated")
    it = problem_of(api.get("/api/v1/forces/", HTTP_ACCEPT_LANGUAGE="it"), 401, "not_authenticated")
    assert (it["title"], it["detail"]) != (en["title"], en["detail"])
    assert it["title"] == "Non autenticato"
    body = problem_of(
        api.post(
            "/api/v1/dyo/validate", {"nationality": 1}, format="json", HTTP_ACCEPT_LANGUAGE="it"
        ),
        400,
        "invalid",
    )
    assert body["title"] == "Richiesta non valida"
    assert "errors" in body["detail"] or "errori" in body["detail"]


# --- the OpenAPI schema says all this, for every operation ------------------------------------


@pytest.fixture(scope="module")
def schema(django_db_blocker) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    return response.json()


def responses(schema: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    return schema["paths"][path][method]["responses"]


def test_every_error_response_is_the_problem_schema(schema: dict[str, Any]) -> None:
    errors = 0
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                if int(status) >= 400:
                    errors += 1
                    content = response["content"]
                    assert list(content) == [PROBLEM], (path, method, status)
                    ref = content[PROBLEM]["schema"]["$ref"]
                    assert ref == "#/components/schemas/Problem", (path, method, status)
    assert errors > 50
    problem = schema["components"]["schemas"]["Problem"]
    assert set(problem["required"]) == MEMBERS
    assert "errors" in problem["properties"]


@pytest.mark.parametrize(
    ("path", "method", "statuses"),
    [
        ("/api/v1/dyo/validate", "post", {"200", "400", "413", "415", "429", "503"}),
        ("/api/v1/dyo/draw", "post", {"200", "400", "413", "415", "429", "503"}),
        ("/api/v1/forces/", "get", {"200", "401", "403"}),
        ("/api/v1/forces/", "post", {"201", "400", "401", "403", "413", "415", "503"}),
        ("/api/v1/forces/{id}/", "get", {"200", "401", "403", "404"}),
        ("/api/v1/forces/{id}/", "patch", {"200", "400", "401", "403", "404", "413", "415", "503"}),
        ("/api/v1/forces/{id}/", "delete", {"204", "401", "403", "404", "503"}),
        ("/api/v1/unit-type-table/", "get", {"200", "400"}),
        ("/api/v1/nationalities/", "get", {"200"}),
        ("/api/v1/nationalities/{code}/", "get", {"200", "404"}),
        ("/api/v1/data-revision/", "get", {"200", "503"}),
        ("/api/v1/schemas/force.json", "get", {"200"}),
    ],
)
def test_each_operation_lists_the_statuses_it_answers(
    schema: dict[str, Any], path: str, method: str, statuses: set[str]
) -> None:
    assert set(responses(schema, path, method)) == statuses


def test_the_malformed_document_example_is_a_problem(schema: dict[str, Any]) -> None:
    content = responses(schema, "/api/v1/dyo/validate", "post")["400"]["content"][PROBLEM]
    example = next(iter(content["examples"].values()))["value"]
    assert example["code"] == "invalid" and example["errors"][0]["path"]
