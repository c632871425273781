"""The API docs pages (ReDoc and Swagger UI) link back to the app, say the docs are English
only (in the site's language) and name a favicon that exists (no /favicon.ico 404)."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/api/redoc/", "/api/docs/"])
@pytest.mark.parametrize(
    ("language", "back", "english_only"),
    [
        ("en", "Back to Up Front Builder", "The API documentation is in English only."),
        ("it", "Torna a Up Front Builder", "è solo in inglese."),
    ],
)
def test_api_docs_link_back_and_say_english_only(
    path: str, language: str, back: str, english_only: str
) -> None:
    page = Client(headers={"accept-language": language}).get(path).content.decode()
    assert f'<a href="/">{back}</a>' in page
    assert english_only in page
    assert "fonts.googleapis.com" not in page
    icon = page.split('<link rel="icon" href="', 1)[1].split('"', 1)[0]
    assert icon.endswith("favicon-32x32.png")
