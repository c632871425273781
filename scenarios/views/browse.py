"""/scenarios/: the public scenarios, filtered, searched and paginated.

Only public scenarios are listed (``selectors.scenarios_listed``). A page costs the same
number of queries whatever its length: the count, then the page's rows with their owner and
library (``listing.listed_rows``); the names shown come from per-revision caches.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scenarios import filters, links, listing, selectors

PAGE_SIZE = 20


@require_GET
def scenario_list(request: HttpRequest) -> HttpResponse:
    filterset = filters.ScenarioFilter(request.GET or None, queryset=selectors.scenarios_listed())
    paginator = Paginator(listing.listed_rows(filterset.qs), PAGE_SIZE)
    page = paginator.get_page(request.GET.get("page"))
    # Links to the other pages keep every filter.
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "scenarios/browse/list.html",
        {
            "form": filterset.form,
            "page": page,
            "rows": listing.scenario_rows(page.object_list),
            "filtered": filterset.active_filters(),
            "query": query.urlencode(),
            "feeds": links.all_scenarios_feeds(),
        },
    )
