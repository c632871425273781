"""A DYO validation leaves no DRF object for the garbage collector (upfront.api.cycles)."""

from __future__ import annotations

import gc
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import RequestFactory
from django.urls import reverse
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bench.validate import FORCE_40

pytestmark = pytest.mark.django_db


def _garbage_after(request: Callable[[], str]) -> tuple[str, list[Any]]:
    """The request's answer status, and what the collector then finds unreachable."""
    gc.collect()
    gc.disable()
    try:
        status = request()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        return status, list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def _call(environ: dict[str, Any]) -> str:
    # Through the site's WSGI handler, as a server calls it: the test client keeps every
    # response (and builds cycles of its own around it).
    # A request's start and end would also close the database connection, which the test's
    # transaction holds on PostgreSQL: the test client leaves it open likewise.
    status: list[str] = []
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    try:
        answer = WSGIHandler()(environ, lambda line, headers, exc_info=None: status.append(line))
        b"".join(answer)
        answer.close()
    finally:
        for signal in (request_started, request_finished):
            signal.connect(close_old_connections)
    return status[0]


def _drf_objects(garbage: list[Any]) -> list[str]:
    # By type(), not isinstance(): that would evaluate the lazy objects found there.
    kinds = (APIView, Request, Response)
    return sorted(kind.__name__ for kind in map(type, garbage) if issubclass(kind, kinds))


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (json.dumps(FORCE_40).encode(), "200 OK"),
        (b'{"nationality": "german"}', "400 Bad Request"),  # an error answer
        (b"{", "400 Bad Request"),  # not JSON at all
    ],
)
def test_the_view_request_and_answer_are_freed_at_once(body: bytes, status: str) -> None:
    environ = RequestFactory().post("/api/v1/dyo/validate", body, "application/json").environ
    answered, garbage = _garbage_after(lambda: _call(environ))
    assert answered == status
    assert _drf_objects(garbage) == []


def test_a_plain_drf_view_leaves_them() -> None:
    # The test's own check: an API view without FreedOnReturn is found in the garbage.
    environ = RequestFactory().get(reverse("reference-api:weather-list")).environ
    answered, garbage = _garbage_after(lambda: _call(environ))
    assert answered == "200 OK"
    assert _drf_objects(garbage)


@pytest.mark.parametrize("signed_in", [False, True])
@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_the_scenario_list_is_freed_at_once(
    signed_in: bool, method: str, django_user_model: Any
) -> None:
    # A GET view also names itself (Django's View.setup keeps ``head = self.get``).
    from rest_framework.authtoken.models import Token

    from scenarios.listing_cache import listing_changed

    headers = {}
    if signed_in:
        player = django_user_model.objects.create_user("player", "p@example.org", "pw")
        headers["HTTP_AUTHORIZATION"] = f"Token {Token.objects.create(user=player).key}"
    environ = RequestFactory().generic(method, "/api/v1/scenarios/", **headers).environ
    listing_changed()  # built afresh
    answered, garbage = _garbage_after(lambda: _call(environ))
    assert answered == "200 OK"
    assert _drf_objects(garbage) == []
