"""JSONOnlyNegotiation chooses exactly what DRF's own negotiation chooses."""

from __future__ import annotations

import json

import pytest
from django.http import Http404
from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.test import APIClient, APIRequestFactory

from bench.validate import FORCE
from upfront.api.negotiation import JSONOnlyNegotiation
from upfront.api.renderers import PlainJSONRenderer

ACCEPTS = [
    None,
    "",
    "*/*",
    " */* ",
    "application/json",
    "application/json; indent=4",
    "application/*",
    "text/html",
    "text/html, */*;q=0.1",
    "application/xml",
    "application/json, text/plain",
]


def _choice(negotiator, accept, query="", renderers=None):  # type: ignore[no-untyped-def]
    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    request = Request(APIRequestFactory().get(f"/x{query}", **headers))
    renderers = renderers or [JSONRenderer()]
    try:
        renderer, media_type = negotiator.select_renderer(request, renderers)
    except NotAcceptable:
        return "406"
    except Http404:  # ?format= naming no renderer of the view
        return "404"
    return type(renderer).__name__, media_type


@pytest.mark.parametrize("accept", ACCEPTS)
@pytest.mark.parametrize("query", ["", "?format=json", "?format=api", "?x=1"])
def test_the_choice_is_drfs_own(accept, query) -> None:  # type: ignore[no-untyped-def]
    expected = _choice(DefaultContentNegotiation(), accept, query)
    assert _choice(JSONOnlyNegotiation(), accept, query) == expected


@pytest.mark.parametrize("accept", ACCEPTS)
def test_with_other_renderers_drf_decides(accept) -> None:  # type: ignore[no-untyped-def]
    renderers = [JSONRenderer(), BrowsableAPIRenderer()]
    expected = _choice(DefaultContentNegotiation(), accept, renderers=renderers)
    assert _choice(JSONOnlyNegotiation(), accept, renderers=renderers) == expected


@pytest.mark.parametrize("accept", ACCEPTS)
@pytest.mark.parametrize("query", ["", "?format=json", "?format=api"])
def test_a_subclass_of_drfs_json_renderer_too(accept, query) -> None:  # type: ignore[no-untyped-def]
    renderers = [PlainJSONRenderer()]
    expected = _choice(DefaultContentNegotiation(), accept, query, renderers=renderers)
    assert _choice(JSONOnlyNegotiation(), accept, query, renderers=renderers) == expected


@pytest.mark.django_db
def test_the_validation_still_refuses_what_it_cannot_render_and_honours_indent() -> None:
    client = APIClient()
    body = json.dumps(FORCE)
    refused = client.post(
        "/api/v1/dyo/validate", body, content_type="application/json", HTTP_ACCEPT="text/html"
    )
    assert refused.status_code == 406
    indented = client.post(
        "/api/v1/dyo/validate",
        body,
        content_type="application/json",
        HTTP_ACCEPT="application/json; indent=2",
    )
    assert indented.status_code == 200
    assert indented.content.startswith(b'{\n  "valid": false,')
    plain = client.post("/api/v1/dyo/validate", body, content_type="application/json")
    assert plain["Content-Type"] == "application/json"
    assert json.loads(plain.content) == json.loads(indented.content)
