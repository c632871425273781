"""The community's pages: the public libraries anyone can browse (``/libraries/``), a
player's own libraries (``/libraries/mine/``), following a library and the Following page,
and a player's page (``/players/<username>/``).

Rights come from ``scenarios.access`` (``library_for``, ``player_for``); the reads from
``shelf``, ``following`` and ``players``.
"""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scenarios import access, following, listing_cache, players, selectors, shelf
from scenarios.account.selectors import owned_products
from scenarios.filters import PLAYABLE_ON, everything_url, playable_by_default
from scenarios.forms import ShelfForm

PAGE_SIZE = 20


def library_browse(request: HttpRequest) -> HttpResponse:
    """The public libraries, to everyone (signed out too), searched, filtered and sorted.

    As /scenarios/ (``views.browse``): the list's body is kept in the list cache (the same
    for every requester who owns the same products, dropped on any change:
    ``listing_cache``), the filter form's HTML apart (it changes only with the address, the
    reference data and whether the player has said what they own). A player who has said
    what they own sees by default only the libraries holding a scenario they can play with
    it, unless the address says ``playable=no``."""
    owned = owned_products(request.user)
    key = listing_cache.cache_key("shelf", request, owned=listing_cache.owned_key(owned))
    body = cache.get(key)
    if body is None:
        body = _shelf_body(request, owned)
        cache.set(key, body, listing_cache.entry_seconds())
    context = {"filters": _shelf_filters(request, owned), "body": mark_safe(body)}
    return render(request, "scenarios/library_browse.html", context)


def _shelf_body(request: HttpRequest, owned: frozenset[str] | None) -> str:
    form = ShelfForm(playable_by_default(request.GET, owned), owned=owned)
    asked = form.cleaned_data if form.is_valid() else {}
    playable = owned is not None and asked.get("playable") == PLAYABLE_ON
    found = shelf.libraries_matching(
        selectors.libraries_listed(),
        query=asked.get("q", ""),
        theatre=asked.get("theatre", ""),
        expansion=asked.get("expansion", ""),
        playable_with=owned if playable else None,
    )
    found = shelf.libraries_sorted(found, asked.get("sort", ""))
    # The page's rows as values, the whole shelf's count from the list cache (ShelfList).
    page = Paginator(shelf.ShelfList(found), PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "page": page,
        "rows_html": shelf.shelf_rows_html(page.object_list),
        "query": query,
        # "Only what you can play with what you own", with the address of everything.
        "playable_only": playable,
        "everything_url": everything_url(request.GET) if playable else "",
    }
    return render_to_string("scenarios/shelf/_body.html", context)


def _shelf_filters(request: HttpRequest, owned: frozenset[str] | None) -> str:
    # Our template's output, escaped when it was rendered. A player who has said what they
    # own has one more field (whatever they own).
    key = listing_cache.filters_key(request, owned="owned" if owned is not None else "")
    html = cache.get(key)
    if html is None:
        form = ShelfForm(playable_by_default(request.GET, owned), owned=owned)
        html = render_to_string("scenarios/shelf/_filters.html", {"form": form})
        cache.set(key, html, listing_cache.entry_seconds())
    return mark_safe(html)


@login_required
def library_mine(request: HttpRequest) -> HttpResponse:
    libraries = access.libraries_editable_by(request.user).select_related("owner")
    return render(request, "scenarios/library_list.html", {"libraries": libraries})


@login_required
@require_POST
def library_follow(request: HttpRequest, public_id: UUID) -> HttpResponse:
    library, rights = access.library_for(request.user, public_id)
    access.require_page(rights.can_follow)
    following.library_follow(library=library, user=request.user)
    messages.success(request, _("You follow this library: its changes are on your Following page."))
    return redirect("scenarios:library", public_id=library.public_id)


@login_required
@require_POST
def library_unfollow(request: HttpRequest, public_id: UUID) -> HttpResponse:
    # Also for a library no longer shared: one stops following what one cannot see.
    following.library_unfollow(public_id=public_id, user=request.user)
    messages.success(request, _("You no longer follow this library."))
    return redirect("scenarios:following")


@login_required
def following_page(request: HttpRequest) -> HttpResponse:
    """What changed in the libraries the player follows; looking marks it seen."""
    followed = following.follows_of(request.user)
    response = render(request, "scenarios/following.html", {"followed": followed})
    following.follows_seen(user=request.user)
    return response


def player_page(request: HttpRequest, username: str) -> HttpResponse:
    profile = players.player_profile(access.player_for(username))
    return render(request, "scenarios/player.html", {"profile": profile})
