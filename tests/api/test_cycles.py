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
    # As the test client does, the handler's signals must not close the test's database
    # connection (its transaction is the test's): on PostgreSQL the next query would fail.
    status: list[str] = []
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        answer = WSGIHandler()(environ, lambda line, headers, exc_info=None: status.append(line))
        b"".join(answer)
        answer.close()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
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
