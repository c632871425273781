"""``/v/<code>/``: what a printed setup sheet was printed from, for anyone holding it."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scenarios import verify
from scenarios.presenters.verify import verify_page_context


@require_safe
def sheet_verify(request: HttpRequest, code: str) -> HttpResponse:
    reading = verify.verification_reading(code, request.user)
    response = render(request, "scenarios/verify.html", verify_page_context(reading))
    # A sheet's page is for whoever holds the sheet, not for search results (robots.txt too).
    response["X-Robots-Tag"] = "noindex"
    return response
