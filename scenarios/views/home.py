"""The site's home page: the current reference data, the most played public scenarios and
the community's front door (the public libraries most recently updated and most followed).

A door of scenarios (it reads their listing), routed by the project's ``upfront/urls.py``: the
project package imports no app otherwise.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scenarios import listing, selectors, shelf
from scenarios.forms.library import SHELF_SORT_LABELS
from upfront.reference.fetch import data_revision_current

# How many of the most played public scenarios the home page lists.
MOST_PLAYED = 5
# How many public libraries each of its shelves lists, and which shelves (their sorts).
SHELF_CARDS = 4
SHELVES = ("recent", "most_followed")


def home(request: HttpRequest) -> HttpResponse:
    played = selectors.scenarios_listed().filter(plays_counted__gt=0)
    rows = listing.listed_rows(played).order_by("-plays_counted", "-updated_at", "-id")
    context = {
        "revision": data_revision_current(),
        "most_played": listing.scenario_rows(rows[:MOST_PLAYED]),
        "shelves": [
            {
                "label": SHELF_SORT_LABELS[sort],
                "sort": sort,
                "rows_html": shelf.shelf_rows_html(
                    shelf.ShelfList(shelf.libraries_sorted(selectors.libraries_listed(), sort))[
                        :SHELF_CARDS
                    ]
                ),
            }
            for sort in SHELVES
        ],
    }
    return render(request, "home.html", context)
