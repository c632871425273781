"""The site's home page: the current reference data and the most played public scenarios.

A door of scenarios (it reads their listing), routed by the project's ``upfront/urls.py``: the
project package imports no app otherwise.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scenarios import listing, selectors
from upfront.reference.fetch import data_revision_current

# How many of the most played public scenarios the home page lists.
MOST_PLAYED = 5


def home(request: HttpRequest) -> HttpResponse:
    played = selectors.scenarios_listed().filter(plays_counted__gt=0)
    rows = listing.listed_rows(played).order_by("-plays_counted", "-updated_at", "-id")
    context = {
        "revision": data_revision_current(),
        "most_played": listing.scenario_rows(rows[:MOST_PLAYED]),
    }
    return render(request, "home.html", context)
