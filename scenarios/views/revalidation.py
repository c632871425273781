"""The staff page of the bulk revalidation runs: each run's progress (n of N), failures and
timing. Anyone who is not staff gets 404 (``access.may_see_revalidations``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scenarios import access
from scenarios.jobs.revalidation import presenters
from scenarios.jobs.revalidation import selectors as runs

# While a run goes on, the page reloads itself this often (seconds).
REFRESH_SECONDS = 5


def revalidation_list(request: HttpRequest) -> HttpResponse:
    access.require_page(access.may_see_revalidations(request.user))
    rows = presenters.run_rows(runs.revalidations_recent())
    refresh = REFRESH_SECONDS if any(row.running for row in rows) else None
    return render(request, "scenarios/revalidations.html", {"rows": rows, "refresh": refresh})
