"""Pages and API answers are gzipped for a client that accepts it (a phone on a slow
connection pays for every byte: bench/phone.py), text only: a PDF or a download is left as
it is (upfront/compression.py)."""

from __future__ import annotations

import gzip
import json

import pytest
from django.http import HttpResponse
from django.test import Client, RequestFactory

from upfront.compression import TextGZipMiddleware

pytestmark = pytest.mark.django_db


def test_a_page_is_gzipped_for_a_browser_that_accepts_it() -> None:
    client = Client()
    plain = client.get("/reference/")
    zipped = client.get("/reference/", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "Content-Encoding" not in plain
    assert zipped["Content-Encoding"] == "gzip" and "Accept-Encoding" in zipped["Vary"]
    html = gzip.decompress(zipped.content).decode()
    # The same page (its CSRF token masked anew), in well under half the bytes even for this
    # small page, padding against BREACH included.
    assert html.startswith("<!DOCTYPE html>") and "Reference" in html
    assert len(zipped.content) < len(plain.content) / 2


def test_an_api_answer_is_gzipped_and_reads_the_same() -> None:
    client = Client()
    url = "/api/v1/personality-cards/"
    zipped = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert zipped.status_code == 200 and zipped["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(zipped.content)) == client.get(url).json()


def test_a_pdf_is_not_compressed_again() -> None:
    request = RequestFactory().get("/x", HTTP_ACCEPT_ENCODING="gzip")
    pdf = HttpResponse(b"%PDF-1.7 " + b"0" * 5000, content_type="application/pdf")
    answer = TextGZipMiddleware(lambda _request: pdf)(request)
    assert "Content-Encoding" not in answer and answer.content.startswith(b"%PDF")
