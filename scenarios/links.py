"""Addresses of scenarios, libraries and their feeds, built in one place.

The share pages (``/scenarios/<id>/``, ``/libraries/<id>/``) belong to the designer
(``scenarios/urls_designer.py``); their paths are fixed by the issue and the interchange
format's share links, so lists and feeds build them here rather than depend on a route name.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote
from uuid import UUID

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


def scenario_path(public_id: UUID | str) -> str:
    """The share page of a scenario."""
    return f"/scenarios/{public_id}/"


# What ``reverse`` leaves unquoted in a path (RFC 3986's sub-delimiters and "/~:@").
URL_SAFE = "/~:@!$&'()*+,;="


def player_path(username: str) -> str:
    """A player's page (``scenarios:player``)."""
    return f"/players/{quote(username, safe=URL_SAFE)}/"


def library_path(public_id: UUID | str) -> str:
    """The share page of a library."""
    return f"/libraries/{public_id}/"


@dataclass(frozen=True)
class FeedLink:
    """A feed as a page links to it: ``<link rel="alternate">`` in the head and a visible link."""

    url: str
    mime_type: str
    format: str  # "RSS" or "Atom": names, not translated
    title: str | Promise


def all_scenarios_feeds() -> list[FeedLink]:
    title = _("Public scenarios")
    return [
        FeedLink(reverse("feed-scenarios-rss"), "application/rss+xml", "RSS", title),
        FeedLink(reverse("feed-scenarios-atom"), "application/atom+xml", "Atom", title),
    ]


def library_feeds(public_id: UUID | str, title: str) -> list[FeedLink]:
    """The feeds of a public library, for its page (only a public library has feeds)."""
    return [
        FeedLink(
            reverse("feed-library-rss", args=[public_id]), "application/rss+xml", "RSS", title
        ),
        FeedLink(
            reverse("feed-library-atom", args=[public_id]), "application/atom+xml", "Atom", title
        ),
    ]


def library_play_feeds(public_id: UUID | str, title: str) -> list[FeedLink]:
    """The feeds of a public library's new play records, for its page."""
    return [
        FeedLink(
            reverse("feed-library-plays-rss", args=[public_id]),
            "application/rss+xml",
            "RSS",
            title,
        ),
        FeedLink(
            reverse("feed-library-plays-atom", args=[public_id]),
            "application/atom+xml",
            "Atom",
            title,
        ),
    ]
