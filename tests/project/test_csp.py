"""The Content-Security-Policy (django-csp): sent on every page, no inline script anywhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db

ROOT = Path(settings.BASE_DIR)
SCRIPT_TAG = re.compile(r"<script\b([^>]*)>", re.IGNORECASE)
# Event-handler attributes (onclick=...) and htmx's hx-on are inline script too.
INLINE_HANDLER = re.compile(r"""\s(on[a-z]+|hx-on[:\w-]*)\s*=\s*["']""", re.IGNORECASE)


def _directives(header: str) -> dict[str, list[str]]:
    parts = (part.strip().split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in parts}


@pytest.mark.parametrize(
    "url", ["/", "/builder/", "/reference/", "/reference/weather/", "/accounts/login/"]
)
def test_pages_send_a_policy_without_inline_script(url: str) -> None:
    response = Client().get(url)
    assert response.status_code == 200
    policy = _directives(response["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert "'unsafe-inline'" not in policy.get("style-src", [])
    assert "'unsafe-eval'" not in policy["script-src"]


def test_signed_in_pages_send_the_policy(django_user_model) -> None:
    client = Client()
    client.force_login(django_user_model.objects.create_user("csp", "csp@example.org", "pw"))
    for url in ("/scenarios/new/", "/scenarios/mine/", "/libraries/"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert _directives(response["Content-Security-Policy"])["script-src"] == ["'self'"]


@pytest.mark.parametrize("url", ["/api/docs/", "/api/redoc/"])
def test_api_docs_have_their_own_policy_and_still_no_inline_script(url: str) -> None:
    response = Client().get(url)
    assert response.status_code == 200
    policy = _directives(response["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"]
    assert "'unsafe-inline'" in policy["style-src"]  # Swagger UI and ReDoc style inline
    for attrs in SCRIPT_TAG.findall(response.content.decode()):
        assert "src=" in attrs, f"{url} has an inline <script{attrs}>"


def _templates() -> list[Path]:
    return sorted(p for p in (ROOT / "templates").rglob("*.html")) + sorted(
        p for app in ("builder", "scenarios", "upfront") for p in (ROOT / app).rglob("*.html")
    )


def test_no_template_has_inline_script() -> None:
    """Every <script> loads a file, except JSON data blocks (json_script, type=application/json)."""
    templates = _templates()
    assert len(templates) > 20
    for path in templates:
        text = path.read_text()
        for attrs in SCRIPT_TAG.findall(text):
            assert "src=" in attrs or "application/json" in attrs, f"{path}: <script{attrs}>"
        assert not INLINE_HANDLER.search(text), f"{path}: inline event handler"
