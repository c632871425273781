"""/scenarios/: the public scenarios, filtered, searched and paginated.

Only public scenarios are listed (``selectors.scenarios_listed``). A page costs the same
number of queries whatever its length: the count, the page's ids, then their rows with their
owner and library (``list_rows.scenario_list_rows``); the names shown come from per-revision
caches. What the
page shows of the data (the form, the count, the rows, the page links) is rendered once per
address, language and change of the listed data (``listing_cache``); the page around it, with
the visitor's name and CSRF token, is rendered on every request.

A player who has said what they own (``account.selectors.owned_products``) sees
by default only the scenarios they can play with it ("Playable with what I own", on unless the
address says ``playable=no``); what they own is then part of the cache's key.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from scenarios import filters, links, listing, listing_cache, selectors
from scenarios.account.selectors import owned_products
from scenarios.list_rows import scenario_list_rows

PAGE_SIZE = 20


def _body(request: HttpRequest, owned: frozenset[str] | None) -> tuple[str, int]:
    """The list's HTML and its page number."""
    data = filters.playable_by_default(request.GET, owned)
    filterset = filters.ScenarioFilter(data, queryset=selectors.scenarios_listed(), owned=owned)
    # The page's ids first, then its rows (list_rows.scenario_list_rows).
    paginator = Paginator(filterset.qs.values_list("id", flat=True), PAGE_SIZE)
    page = paginator.get_page(request.GET.get("page"))
    # Links to the other pages keep every filter.
    query = request.GET.copy()
    query.pop("page", None)
    filtered = filterset.active_filters()
    rows = listing.scenario_rows(scenario_list_rows(list(page.object_list)))
    playable = owned is not None and (data or {}).get("playable") == filters.PLAYABLE_ON
    context: dict[str, Any] = {
        "filters": _filters(request, filterset, filtered, owned),
        "page": page,
        "rows": rows,
        "rows_html": listing.rows_html(rows),
        "filtered": filtered,
        "query": query.urlencode(),
        "feeds": links.all_scenarios_feeds(),
        # "Only what you can play with what you own", with the address of everything.
        "playable_only": playable,
        "everything_url": filters.everything_url(request.GET) if playable else "",
    }
    return render_to_string("scenarios/browse/_list_body.html", context), page.number


def _filters(
    request: HttpRequest,
    filterset: filters.ScenarioFilter,
    filtered: Any,
    owned: frozenset[str] | None,
) -> str:
    """The filter form's HTML, kept apart from the list: it depends on the address (its
    values and faults), the language and the reference data (its choices), not on the
    listed scenarios, so a change of them does not render it again (docs/performance.md).
    The form itself is made only to be rendered: a list with no filters never makes it.
    A player who has said what they own has one more field (whatever they own)."""
    key = listing_cache.filters_key(request, owned="owned" if owned is not None else "")
    html = cache.get(key)
    if html is None:
        html = render_to_string(
            "scenarios/browse/_filters.html", {"form": filterset.form, "filtered": filtered}
        )
        cache.set(key, html, listing_cache.entry_seconds())
    return mark_safe(html)  # our template's output, escaped when it was rendered


@require_safe
def scenario_list(request: HttpRequest) -> HttpResponse:
    owned = owned_products(request.user)
    key = listing_cache.cache_key("list", request, owned=listing_cache.owned_key(owned))
    cached = cache.get(key)
    if cached is None:
        cached = _body(request, owned)
        cache.set(key, cached, listing_cache.entry_seconds())
    body, page_number = cached
    return render(
        request,
        "scenarios/browse/list.html",
        {"body": body, "page_number": page_number, "feeds": links.all_scenarios_feeds()},
    )
