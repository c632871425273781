"""Feeds: valid RSS 2.0 and Atom, public content only, newest first, user text escaped."""

from __future__ import annotations

import uuid
import xml.etree.ElementTree as ET
from datetime import timedelta
from email.utils import parsedate_to_datetime
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from scenarios import links, services
from scenarios.listing_cache import listing_changed
from scenarios.models import Scenario
from tests.factories import make_scenario
from tests.scenarios.support.listing_data import VARIANTS, clone_public

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"
ALL_RSS = "/feeds/scenarios/rss/"
ALL_ATOM = "/feeds/scenarios/atom/"


def rss(client: Client, url: str, **headers: Any) -> ET.Element:
    """The RSS 2.0 channel, after checking the elements the specification requires."""
    response = client.get(url, **headers)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/rss+xml; charset=utf-8"
    root = ET.fromstring(response.content)
    assert (root.tag, root.get("version")) == ("rss", "2.0")
    channel = root.find("channel")
    assert channel is not None
    for name in ("title", "link", "description"):  # required channel elements
        assert (channel.findtext(name) or "").strip(), name
    for item in channel.findall("item"):
        # An item needs a title or a description; ours have both, a link, a guid and a date.
        for name in ("title", "link", "description", "guid", "pubDate"):
            assert item.findtext(name), name
        parsedate_to_datetime(item.findtext("pubDate"))  # RFC 822 date
    return channel


def atom(client: Client, url: str) -> ET.Element:
    """The Atom feed, after checking the elements RFC 4287 requires."""
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/atom+xml; charset=utf-8"
    feed = ET.fromstring(response.content)
    assert feed.tag == f"{ATOM}feed"
    for name in ("id", "title", "updated"):
        assert feed.findtext(f"{ATOM}{name}"), name
    assert feed.find(f"{ATOM}link[@rel='self']") is not None
    for entry in feed.findall(f"{ATOM}entry"):
        for name in ("id", "title", "updated", "published"):
            assert entry.findtext(f"{ATOM}{name}"), name
        assert entry.find(f"{ATOM}link[@rel='alternate']") is not None
        # Every entry has an author, so the feed needs none of its own (RFC 4287 4.1.1).
        assert entry.findtext(f"{ATOM}author/{ATOM}name")
        assert entry.find(f"{ATOM}summary").get("type") == "html"
    return feed


def rss_links(channel: ET.Element) -> list[str]:
    return [item.findtext("link") for item in channel.findall("item")]  # type: ignore[misc]


def atom_links(feed: ET.Element) -> list[str]:
    return [
        entry.find(f"{ATOM}link[@rel='alternate']").get("href")  # type: ignore[union-attr]
        for entry in feed.findall(f"{ATOM}entry")
    ]


def share_link(scenario: Scenario) -> str:
    return f"http://testserver/scenarios/{scenario.public_id}/"


def _age(scenario: Scenario, days: int) -> None:
    """Pretend ``scenario`` was created and last changed ``days`` ago."""
    when = timezone.now() - timedelta(days=days)
    Scenario.objects.filter(pk=scenario.pk).update(created_at=when, updated_at=when)


def test_the_public_feeds_hold_public_scenarios_newest_first(
    client: Client, owner, stranger
) -> None:
    oldest = make_scenario(owner, **VARIANTS["winter"])
    newest = make_scenario(stranger, **VARIANTS["jungle"])
    middle = make_scenario(owner, **VARIANTS["desert"])
    _age(oldest, 3)
    _age(middle, 1)
    make_scenario(owner, title="Secret draft", visibility="private")
    make_scenario(owner, title="Link only", visibility="unlisted")
    expected = [share_link(s) for s in (newest, middle, oldest)]

    channel = rss(client, ALL_RSS)
    assert rss_links(channel) == expected
    assert [i.findtext("title") for i in channel.findall("item")] == [
        "Kohima ridge",
        "Tobruk perimeter",
        "Frozen village",
    ]
    assert channel.findtext("link") == "http://testserver/scenarios/"
    item = channel.find("item")
    assert item is not None
    assert item.findtext("guid") == f"urn:uuid:{newest.public_id}"
    assert item.findtext("{http://purl.org/dc/elements/1.1/}creator") == "stranger"
    description = item.findtext("description") or ""
    assert "A night attack up a jungle ridge." in description
    assert "Inglese" not in description and "British, Japanese" in description
    assert "Expansions needed: Banzai, Weather article, Alternative terrain article" in description
    assert [c.text for c in item.findall("category")] == [
        "British",
        "Japanese",
        "Pacific theatre",
        "Banzai",
        "Weather article",
        "Alternative terrain article",
    ]

    feed = atom(client, ALL_ATOM)
    assert atom_links(feed) == expected
    body = (client.get(ALL_RSS).content + client.get(ALL_ATOM).content).decode()
    assert "Secret draft" not in body and "Link only" not in body


def test_a_public_library_feed_holds_what_it_holds_and_nothing_else(client: Client, owner) -> None:
    library = services.library_create(
        owner=owner, title="Club nights", description="Tuesday games.", visibility="public"
    )
    other = services.library_create(owner=owner, title="Other", visibility="public")
    shown = make_scenario(owner, library=library, title="Tuesday opener")
    # A public library shares what it holds: its private and unlisted scenarios are public.
    draft = make_scenario(owner, library=library, title="Draft", visibility="private")
    by_link = make_scenario(owner, library=library, title="Only by link", visibility="unlisted")
    make_scenario(owner, library=other, title="Elsewhere")
    make_scenario(owner, title="In no library")

    channel = rss(client, f"/feeds/libraries/{library.public_id}/rss/")
    assert channel.findtext("title") == "Club nights: scenarios"
    assert channel.findtext("description") == "Tuesday games."
    assert channel.findtext("link") == f"http://testserver/libraries/{library.public_id}/"
    expected = [share_link(s) for s in (by_link, draft, shown)]  # the newest change first
    assert rss_links(channel) == expected

    feed = atom(client, f"/feeds/libraries/{library.public_id}/atom/")
    assert feed.findtext(f"{ATOM}title") == "Club nights: scenarios"
    assert feed.findtext(f"{ATOM}author/{ATOM}name") == "owner"
    assert atom_links(feed) == expected


@pytest.mark.parametrize("visibility", ["private", "unlisted"])
def test_a_library_that_is_not_public_has_no_feed(client: Client, owner, visibility: str) -> None:
    library = services.library_create(owner=owner, title="Not published", visibility=visibility)
    make_scenario(owner, library=library, title="Public inside")
    client.force_login(owner)  # not even for its owner: a feed is a publication
    for kind in ("rss", "atom"):
        response = client.get(f"/feeds/libraries/{library.public_id}/{kind}/")
        assert response.status_code == 404
        assert b"Not published" not in response.content
    # Its public scenario is still in the feed of all public scenarios.
    assert "Public inside" in client.get(ALL_RSS).content.decode()


def test_the_library_page_links_are_its_feeds(client: Client, owner) -> None:
    library = services.library_create(owner=owner, title="Club nights", visibility="public")
    feeds = links.library_feeds(library.public_id, library.title)
    assert [(f.format, f.mime_type) for f in feeds] == [
        ("RSS", "application/rss+xml"),
        ("Atom", "application/atom+xml"),
    ]
    assert rss(client, feeds[0].url).findtext("title") == "Club nights: scenarios"
    assert atom(client, feeds[1].url).findtext(f"{ATOM}title") == "Club nights: scenarios"


def test_an_unknown_library_has_no_feed(client: Client) -> None:
    assert client.get(f"/feeds/libraries/{uuid.uuid4()}/rss/").status_code == 404
    assert client.get("/feeds/libraries/not-a-uuid/rss/").status_code == 404


def test_html_in_titles_and_descriptions_is_escaped(client: Client, owner) -> None:
    title = "<b>Bold</b> & <script>alert(1)</script>"
    library = services.library_create(owner=owner, title="<i>Club</i>", visibility="public")
    make_scenario(owner, library=library, title=title, description="<img src=x onerror=alert(2)>")
    raw = client.get(ALL_RSS).content.decode()
    assert "<script>" not in raw and "<img" not in raw and "<b>" not in raw

    # RSS: readers may treat a title as HTML, so the text is escaped once more (Django's
    # convention): as HTML it reads as the literal title.
    item = rss(client, ALL_RSS).find("item")
    assert item is not None
    assert (
        item.findtext("title")
        == "&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;"
    )
    description = item.findtext("description") or ""
    assert "<p>&lt;img src=x onerror=alert(2)&gt;</p>" in description
    assert (
        f'<a href="http://testserver/libraries/{library.public_id}/">&lt;i&gt;Club&lt;/i&gt;</a>'
        in description
    )
    library_rss = rss(client, f"/feeds/libraries/{library.public_id}/rss/")
    assert library_rss.findtext("title") == "&lt;i&gt;Club&lt;/i&gt;: scenarios"

    # Atom: titles are plain text (no type="html"), so the title is the title.
    entry = atom(client, ALL_ATOM).find(f"{ATOM}entry")
    assert entry is not None
    assert entry.find(f"{ATOM}title").get("type") is None  # type: ignore[union-attr]
    assert entry.findtext(f"{ATOM}title") == title
    assert "<p>&lt;img src=x onerror=alert(2)&gt;</p>" in (entry.findtext(f"{ATOM}summary") or "")


def test_a_library_description_and_title_are_escaped_in_the_channels(client: Client, owner) -> None:
    hostile = '<script>alert(1)</script><img src=x onerror="alert(2)">'
    library = services.library_create(
        owner=owner, title="<img src=y onerror=alert(3)>", description=hostile, visibility="public"
    )
    for url in (
        f"/feeds/libraries/{library.public_id}/rss/",
        f"/feeds/libraries/{library.public_id}/plays/rss/",
    ):
        raw = client.get(url).content.decode()
        assert "<script" not in raw and "<img" not in raw, url
    # As HTML, each description reads as the literal text: nothing in it is active.
    scenarios = rss(client, f"/feeds/libraries/{library.public_id}/rss/")
    assert scenarios.findtext("description") == (
        "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;"
    )
    plays = rss(client, f"/feeds/libraries/{library.public_id}/plays/rss/")
    assert plays.findtext("description") == (
        "Games played of the scenarios of “&lt;img src=y onerror=alert(3)&gt;”, "
        "as players recorded them."
    )
    # Atom's subtitle is plain text: the description as it is, escaped only by the XML.
    feed = atom(client, f"/feeds/libraries/{library.public_id}/atom/")
    assert feed.findtext(f"{ATOM}subtitle") == hostile
    assert feed.find(f"{ATOM}subtitle").get("type") is None  # type: ignore[union-attr]


def test_feeds_follow_the_language(client: Client, owner) -> None:
    make_scenario(owner, **VARIANTS["jungle"])
    channel = rss(client, ALL_RSS, HTTP_ACCEPT_LANGUAGE="it")
    assert channel.findtext("language") == "it"
    assert channel.findtext("title") == "Up Front Builder: scenari pubblici"
    description = channel.find("item").findtext("description")  # type: ignore[union-attr]
    assert "Inglese, Giapponese · 1944, gennaio-giugno · Teatro del Pacifico · Jungla" in (
        description or ""
    )


def test_a_feed_holds_the_newest_fifty(client: Client, owner) -> None:
    clone_public(make_scenario(owner, visibility="private"), 55)
    assert len(rss(client, ALL_RSS).findall("item")) == 50


@pytest.mark.parametrize("count", [5, 50])
def test_feed_queries_do_not_grow_with_the_items(
    client: Client, owner, django_assert_max_num_queries, count: int
) -> None:
    clone_public(make_scenario(owner, visibility="private"), count)
    library = services.library_create(owner=owner, title="All of them", visibility="public")
    Scenario.objects.filter(visibility="public").update(library=library)
    client.get(ALL_RSS)  # the reference names are cached per data revision, once per process
    listing_changed()  # measure feeds made afresh, not from the list cache
    with django_assert_max_num_queries(1):  # the items with their owners and libraries
        assert len(rss(client, ALL_RSS).findall("item")) == count
    with django_assert_max_num_queries(2):  # the library with its owner, then the items
        feed = atom(client, f"/feeds/libraries/{library.public_id}/atom/")
        assert len(feed.findall(f"{ATOM}entry")) == count


def test_a_feed_is_served_from_the_cache_until_the_data_changes(
    client: Client, owner, django_assert_num_queries
) -> None:
    make_scenario(owner, title="First patrol")
    client.get(ALL_RSS)
    with django_assert_num_queries(0):
        assert len(rss(client, ALL_RSS).findall("item")) == 1
    make_scenario(owner, title="Second patrol")
    assert len(rss(client, ALL_RSS).findall("item")) == 2
    assert len(atom(client, ALL_ATOM).findall(f"{ATOM}entry")) == 2
