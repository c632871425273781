"""/api/docs/ (Swagger UI) and /api/redoc/ (ReDoc) work with no internet: all from our static."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

pytestmark = pytest.mark.django_db

# Every URL a page loads or points at: attributes and string literals in its inline scripts.
URL_IN_ATTRIBUTE = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']""")
URL_IN_SCRIPT = re.compile(r"""["']((?:https?:)?//[^"']+|/[^"'\s]*)["']""")


def _urls(html: str) -> set[str]:
    return set(URL_IN_ATTRIBUTE.findall(html)) | set(URL_IN_SCRIPT.findall(html))


@pytest.mark.parametrize(
    ("page", "needed"),
    [
        ("/api/docs/", ["swagger-ui-bundle.js", "swagger-ui.css"]),
        ("/api/redoc/", ["redoc.standalone.js"]),
    ],
)
def test_api_docs_load_only_local_static_files(page: str, needed: list[str]) -> None:
    response = Client().get(page)
    assert response.status_code == 200
    html = response.content.decode()
    urls = _urls(html)
    static_prefix = "/" + settings.STATIC_URL.lstrip("/")
    remote = sorted(u for u in urls if u.startswith(("http:", "https:", "//")))
    assert not remote, f"{page} loads from the network: {remote}"
    static = [u for u in urls if u.startswith(static_prefix)]
    for name in needed:
        assert any(u.endswith(name) for u in static), (name, static)
    for url in static:
        path = url[len(static_prefix) :].split("?")[0]
        assert finders.find(path), f"{url} is not one of our static files"
    # The other local URLs: the schema the page renders and, for Swagger UI, its set-up
    # script, served as a file so the Content-Security-Policy needs no inline script.
    if page == "/api/docs/":
        assert "/api/docs/?script=" in urls
        script = Client().get("/api/docs/?script=")
        assert script["Content-Type"].startswith("application/javascript")
        assert "/api/schema/" in script.content.decode()
    else:
        assert "/api/schema/" in urls
    # And the bar's link back to the app ("/"), a link, not a load.
    others = set(urls) - set(static)
    assert others <= {"/api/schema/", "/api/docs/?script=", "/"}, others
    assert 'id="api-docs-bar"' in html
