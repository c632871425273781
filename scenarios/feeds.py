"""RSS 2.0 and Atom feeds of public scenarios and libraries (Django's syndication framework).

* ``/feeds/scenarios/rss/`` and ``/atom/``: every public scenario, the most recently changed
  first (the newest ``FEED_LENGTH``);
* ``/feeds/libraries/<id>/rss/`` and ``/atom/``: the public scenarios of one public library;
* ``/feeds/libraries/<id>/plays/rss/`` and ``/atom/``: the newest play records of them.

Feeds publish: only what is listed (``selectors.scenarios_listed``, ``libraries_listed``) goes
in. A private library's feed answers 404 like its page does for a stranger, and so does an
unlisted one's: "anyone with the link" is for people who were given the page, not for a feed
that any aggregator may crawl and republish. Making the library public starts its feeds.

User text is escaped. Item descriptions are HTML (RSS ``description``, Atom ``summary
type="html"``) rendered by a template with autoescaping, so a title or description holding
markup shows as text in a reader; their links are absolute. Titles follow each format: RSS
titles are escaped once more (Django's convention, since many readers treat RSS titles as
HTML), Atom titles are plain text; a channel's description (a library's own description, or
its title in the plays feed's) likewise: escaped in RSS, plain in Atom's subtitle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.syndication.views import Feed
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.feedgenerator import Atom1Feed, Rss201rev2Feed
from django.utils.html import escape
from django.utils.translation import gettext as _

from scenarios import links, listing, listing_cache, selectors
from scenarios.listing import ScenarioRow
from scenarios.models import Library
from scenarios.plays.models import PlayRecord
from scenarios.plays.selectors import plays_listed_in_library

FEED_LENGTH = 50


def _cached_feed(request: HttpRequest, render: Callable[[], HttpResponse]) -> HttpResponse:
    """Readers poll: a feed's document is kept until the listed data changes (listing_cache);
    a new play record counts as such a change. 404s are not kept."""
    key = listing_cache.cache_key("feed", request)
    cached = cache.get(key)
    if cached is None:
        response = render()
        cached = (response.content, response["Content-Type"], response.get("Last-Modified"))
        cache.set(key, cached, listing_cache.entry_seconds())
    content, content_type, last_modified = cached
    response = HttpResponse(content, content_type=content_type)
    if last_modified:
        response["Last-Modified"] = last_modified
    return response


def _rss_text(text: str) -> str:
    """A channel's description as RSS readers take it: many render it as HTML, so user text
    in it is escaped once more, as RSS titles are (Atom's subtitle is plain text as it is)."""
    return escape(text)


class _ScenarioFeed(Feed):
    """What both feeds share: the items are listing rows, newest first."""

    feed_type: type[Rss201rev2Feed] | type[Atom1Feed] = Rss201rev2Feed
    # The item's HTML: its description, then what the list shows ("obj" is the item, a
    # listing row; "site" and "request" make the links absolute).
    description_template = "scenarios/feeds/item_description.html"

    def __call__(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return _cached_feed(
            request, lambda: super(_ScenarioFeed, self).__call__(request, *args, **kwargs)
        )

    def _rows(self, queryset: Any) -> list[ScenarioRow]:
        rows = listing.listed_rows(queryset).order_by("-updated_at", "-id")[:FEED_LENGTH]
        return listing.scenario_rows(rows)

    def item_title(self, item: ScenarioRow) -> str:
        return item.title if self.feed_type is Atom1Feed else escape(item.title)

    def item_link(self, item: ScenarioRow) -> str:
        return item.url

    def item_guid(self, item: ScenarioRow) -> str:
        # Stable whatever the host the feed was fetched from.
        return f"urn:uuid:{item.public_id}"

    item_guid_is_permalink = False

    def item_author_name(self, item: ScenarioRow) -> str:
        return item.owner

    def item_pubdate(self, item: ScenarioRow) -> Any:
        return item.created_at

    def item_updateddate(self, item: ScenarioRow) -> Any:
        return item.updated_at

    def item_categories(self, item: ScenarioRow) -> list[str]:
        return [*item.nationalities, item.theatre, *item.expansions]


class PublicScenariosRss(_ScenarioFeed):
    def title(self) -> str:
        return _("Up Front Builder: public scenarios")

    def description(self) -> str:
        return _("Scenarios for Up Front shared by their designers, the latest first.")

    subtitle = description

    def link(self) -> str:
        return "/scenarios/"

    def items(self) -> list[ScenarioRow]:
        return self._rows(selectors.scenarios_listed())


class PublicScenariosAtom(PublicScenariosRss):
    feed_type = Atom1Feed


class LibraryRss(_ScenarioFeed):
    def get_object(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Library:
        # Only a public library has feeds (see the module's docstring): others are 404.
        return get_object_or_404(
            selectors.libraries_listed().select_related("owner"), public_id=kwargs["public_id"]
        )

    def title(self, obj: Library) -> str:
        text = _("%(title)s: scenarios") % {"title": obj.title}
        return text if self.feed_type is Atom1Feed else escape(text)

    def subtitle(self, obj: Library) -> str:
        return obj.description or _("The public scenarios of a library on Up Front Builder.")

    def description(self, obj: Library) -> str:
        return _rss_text(self.subtitle(obj))

    def link(self, obj: Library) -> str:
        return links.library_path(obj.public_id)

    def author_name(self, obj: Library) -> str:
        return str(obj.owner.get_username())

    def items(self, obj: Library) -> list[ScenarioRow]:
        return self._rows(selectors.scenarios_listed_in_library(obj))


class LibraryAtom(LibraryRss):
    feed_type = Atom1Feed


# --- Play records of a public library --------------------------------------------------------


class LibraryPlaysRss(Feed):
    """``/feeds/libraries/<id>/plays/rss/`` and ``/atom/``: the newest play records of a public
    library's listed scenarios (docs/plays.md). Only a public library has feeds."""

    feed_type: type[Rss201rev2Feed] | type[Atom1Feed] = Rss201rev2Feed
    description_template = "scenarios/feeds/play_description.html"

    def __call__(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return _cached_feed(
            request, lambda: super(LibraryPlaysRss, self).__call__(request, *args, **kwargs)
        )

    def get_object(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Library:
        return get_object_or_404(
            selectors.libraries_listed().select_related("owner"), public_id=kwargs["public_id"]
        )

    def title(self, obj: Library) -> str:
        text = _("%(title)s: plays") % {"title": obj.title}
        return text if self.feed_type is Atom1Feed else escape(text)

    def subtitle(self, obj: Library) -> str:
        return _("Games played of the scenarios of “%(title)s”, as players recorded them.") % {
            "title": obj.title
        }

    def description(self, obj: Library) -> str:
        return _rss_text(self.subtitle(obj))

    def link(self, obj: Library) -> str:
        return links.library_path(obj.public_id)

    def items(self, obj: Library) -> list[PlayRecord]:
        return plays_listed_in_library(obj, limit=FEED_LENGTH)

    def item_title(self, item: PlayRecord) -> str:
        text = _("%(scenario)s: %(winner)s") % {
            "scenario": item.scenario.title,
            "winner": item.get_winner_display(),
        }
        return text if self.feed_type is Atom1Feed else escape(text)

    def item_link(self, item: PlayRecord) -> str:
        return f"{links.scenario_path(item.scenario.public_id)}#plays"

    def item_guid(self, item: PlayRecord) -> str:
        return f"urn:uuid:{item.public_id}"

    item_guid_is_permalink = False

    def item_author_name(self, item: PlayRecord) -> str:
        return str(item.player.get_username())

    def item_pubdate(self, item: PlayRecord) -> Any:
        return item.created_at

    def item_updateddate(self, item: PlayRecord) -> Any:
        return item.updated_at


class LibraryPlaysAtom(LibraryPlaysRss):
    feed_type = Atom1Feed
