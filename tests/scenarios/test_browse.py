"""/scenarios/: public scenarios only, filters, search, pages, empty states, bounded queries."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client

from scenarios import filters, selectors, services
from scenarios.listing_cache import listing_changed
from scenarios.models import Scenario
from scenarios.search import search_words
from scenarios.views import browse
from tests.factories import make_scenario
from tests.scenarios.support.listing_data import VARIANTS, clone_public

pytestmark = pytest.mark.django_db

URL = "/scenarios/"


def titles(response: Any) -> list[str]:
    """The titles of the listed scenarios, in the page's order."""
    html = response.content.decode()
    return [
        unescape(t) for t in re.findall(r'<h2><a href="/scenarios/[0-9a-f-]+/">(.*?)</a>', html)
    ]


@pytest.fixture
def variants(owner) -> dict[str, Scenario]:  # type: ignore[no-untyped-def]
    return {name: make_scenario(owner, **changes) for name, changes in VARIANTS.items()}


def test_only_public_scenarios_are_listed(client: Client, owner, stranger) -> None:
    make_scenario(owner, title="Public patrol")
    make_scenario(owner, title="Secret draft", visibility="private")
    make_scenario(owner, title="Link only", visibility="unlisted")
    make_scenario(stranger, title="Another public one")
    client.force_login(owner)  # even the owner's own private work is not listed here
    response = client.get(URL)
    assert response.status_code == 200
    assert sorted(titles(response)) == ["Another public one", "Public patrol"]
    body = response.content.decode()
    assert "Secret draft" not in body and "Link only" not in body
    assert "2 scenarios" in body


def test_a_row_shows_what_a_player_chooses_by(client: Client, owner) -> None:
    library = services.library_create(owner=owner, title="Club nights", visibility="public")
    scenario = make_scenario(owner, library=library, **VARIANTS["jungle"])
    body = client.get(URL).content.decode()
    item = body[body.index('<li class="scenario-item">') :]
    item = item[: item.index("</li>")]
    assert f'<a href="/scenarios/{scenario.public_id}/">Kohima ridge</a>' in item
    assert "British · Japanese" in item
    assert "1944, January-June" in item
    assert "Pacific theatre" in item
    assert "Jungle" in item  # the deck's name from the reference data, not its code
    assert "Overcast, Rain" in item
    assert re.findall(r'<span class="badge">(.*?)</span>', item) == [
        "Banzai",
        "Weather article",
        "Alternative terrain article",
    ]
    assert "600 points" in item  # two budgets of 300
    assert "by owner" in item
    assert f'<a href="/libraries/{library.public_id}/">Club nights</a>' in item
    assert "A night attack up a jungle ridge." in item


def test_the_list_speaks_italian(client: Client, owner) -> None:
    make_scenario(owner, **VARIANTS["jungle"])
    make_scenario(owner, **VARIANTS["winter"])
    body = client.get(URL, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert '<html lang="it">' in body
    assert "Inglese · Giapponese" in body
    assert "Teatro del Pacifico" in body
    assert "1944, gennaio-giugno" in body
    assert "Jungla" in body
    assert "Solo il gioco base" in body
    assert "2 scenari" in body
    # The filters' choices too: nationality and weather names of the reference data.
    assert '<option value="japanese">Giapponese</option>' in body
    assert '<option value="rain">Pioggia</option>' in body


def test_a_public_scenario_in_a_private_or_unlisted_library_does_not_reveal_it(
    client: Client, owner
) -> None:
    hidden = services.library_create(owner=owner, title="Hidden shelf", visibility="private")
    link_only = services.library_create(owner=owner, title="Link shelf", visibility="unlisted")
    make_scenario(owner, title="Out in the open", library=hidden)
    make_scenario(owner, title="Also open", library=link_only)
    body = client.get(URL).content.decode()
    assert sorted(titles(client.get(URL))) == ["Also open", "Out in the open"]
    assert "Hidden shelf" not in body and str(hidden.public_id) not in body
    assert "Link shelf" not in body and str(link_only.public_id) not in body


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ({"nationality": "japanese"}, {"Kohima ridge"}),
        ({"nationality": "german"}, {"Crossroads", "Frozen village"}),
        ({"theatre": "PTO"}, {"Kohima ridge"}),
        ({"theatre": "ETO"}, {"Crossroads", "Frozen village", "Tobruk perimeter"}),
        ({"period": "1942a"}, {"Frozen village"}),
        ({"terrain_deck": "desert"}, {"Tobruk perimeter"}),
        ({"terrain_deck": "standard"}, {"Crossroads", "Frozen village"}),
        ({"weather": "rain"}, {"Kohima ridge"}),
        ({"weather": "clear"}, {"Crossroads"}),
        ({"expansion": "none"}, {"Frozen village"}),
        ({"expansion": "desert_war"}, {"Tobruk perimeter"}),
        ({"expansion": "banzai"}, {"Kohima ridge", "Tobruk perimeter"}),
        ({"expansion": "weather"}, {"Crossroads", "Kohima ridge"}),
        ({"expansion": "terrain"}, {"Kohima ridge", "Tobruk perimeter"}),
        ({"expansion": "mountain"}, set()),
        # Sizes: Crossroads 400, Frozen village 311, Kohima ridge 600, Tobruk perimeter 500.
        ({"size_min": "450"}, {"Kohima ridge", "Tobruk perimeter"}),
        ({"size_max": "400"}, {"Crossroads", "Frozen village"}),
        ({"size_min": "400", "size_max": "500"}, {"Crossroads", "Tobruk perimeter"}),
        ({"nationality": "british", "theatre": "ETO"}, {"Tobruk perimeter"}),
        # Text search: every word, in the title or the description.
        ({"q": "ridge"}, {"Kohima ridge"}),
        ({"q": "CROSSROADS"}, {"Crossroads"}),
        ({"q": "wire dawn"}, {"Tobruk perimeter"}),
        ({"q": "wire jungle"}, set()),
        ({"q": "village", "nationality": "russian"}, {"Frozen village"}),
        ({"q": "village", "nationality": "american"}, set()),
        # Only punctuation: no words, no filter.
        ({"q": "&|!"}, {"Crossroads", "Frozen village", "Kohima ridge", "Tobruk perimeter"}),
    ],
)
def test_filters_and_search(client: Client, variants, query, expected) -> None:  # type: ignore[no-untyped-def]
    response = client.get(URL, query)
    assert response.status_code == 200
    assert set(titles(response)) == expected


def test_sort_orders(client: Client, variants) -> None:  # type: ignore[no-untyped-def]
    # Default: the most recently changed first.
    assert titles(client.get(URL)) == [
        "Tobruk perimeter",
        "Kohima ridge",
        "Frozen village",
        "Crossroads",
    ]
    services.scenario_update(scenario=variants["crossroads"], visibility="public")
    assert titles(client.get(URL))[0] == "Crossroads"
    assert titles(client.get(URL, {"sort": "title"})) == [
        "Crossroads",
        "Frozen village",
        "Kohima ridge",
        "Tobruk perimeter",
    ]
    assert titles(client.get(URL, {"sort": "largest"})) == [
        "Kohima ridge",
        "Tobruk perimeter",
        "Crossroads",
        "Frozen village",
    ]
    assert titles(client.get(URL, {"sort": "smallest"}))[0] == "Frozen village"


def test_filters_keep_their_values(client: Client, variants) -> None:  # type: ignore[no-untyped-def]
    query = {
        "q": "ridge",
        "nationality": "japanese",
        "theatre": "PTO",
        "period": "1944a",
        "terrain_deck": "jungle",
        "weather": "rain",
        "expansion": "banzai",
        "size_min": "100",
        "size_max": "900",
        "sort": "title",
    }
    body = client.get(URL, query).content.decode()
    assert 'name="q" value="ridge"' in body
    for name, value in query.items():
        if name in {"q", "size_min", "size_max"}:
            assert re.search(rf'name="{name}" value="{value}"', body), name
        else:
            select = re.search(rf'<select name="{name}".*?</select>', body, re.S)
            assert select, name
            assert f'<option value="{value}" selected>' in select.group(0), name
    assert "Clear the filters" in body


def test_a_wrong_value_is_reported_and_the_other_filters_still_apply(
    client: Client, variants
) -> None:  # type: ignore[no-untyped-def]
    response = client.get(URL, {"nationality": "martian", "theatre": "PTO", "size_min": "-5"})
    body = response.content.decode()
    assert response.status_code == 200
    assert "Select a valid choice. martian is not one of the available choices." in body
    assert "Ensure this value is greater than or equal to 0." in body
    assert titles(response) == ["Kohima ridge"]


def test_empty_states(client: Client, owner) -> None:
    body = client.get(URL).content.decode()
    assert "No public scenarios yet." in body
    assert "0 scenarios" in body
    make_scenario(owner, title="Only private", visibility="private")
    assert "No public scenarios yet." in client.get(URL).content.decode()
    make_scenario(owner)
    body = client.get(URL, {"nationality": "japanese"}).content.decode()
    assert "No public scenario matches these filters." in body
    assert "No public scenarios yet." not in body
    assert f'<a href="{URL}">Show every public scenario</a>' in body


def test_pages_keep_the_filters_and_never_overlap(client: Client, owner, variants) -> None:  # type: ignore[no-untyped-def]
    clone_public(variants["crossroads"], 2 * browse.PAGE_SIZE + 1, prefix="Patrol")
    query = {"nationality": "american", "q": "patrol"}
    first = client.get(URL, query)
    body = first.content.decode()
    assert f"{2 * browse.PAGE_SIZE + 1} scenarios · page 1 of 3" in body
    assert 'href="?nationality=american&amp;q=patrol&amp;page=2" rel="next"' in body
    seen = titles(first)
    for number in (2, 3):
        seen += titles(client.get(URL, {**query, "page": number}))
    assert len(seen) == len(set(seen)) == 2 * browse.PAGE_SIZE + 1
    # Past the end: the last page rather than an error.
    assert titles(client.get(URL, {**query, "page": 99})) == titles(
        client.get(URL, {**query, "page": 3})
    )


def test_user_text_is_escaped(client: Client, owner) -> None:
    make_scenario(
        owner,
        title='<script>alert("t")</script>',
        description="<img src=x onerror=alert(1)> & more",
    )
    body = client.get(URL).content.decode()
    assert "<script>alert" not in body and "<img src=x" not in body
    assert "&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;" in body
    assert "&lt;img src=x onerror=alert(1)&gt; &amp; more" in body


def test_the_page_links_its_feeds_and_has_no_inline_script(client: Client) -> None:
    body = client.get(URL).content.decode()
    head = body[: body.index("</head>")]
    assert (
        '<link rel="alternate" type="application/rss+xml" '
        'title="Public scenarios (RSS)" href="/feeds/scenarios/rss/">'
    ) in head
    assert (
        '<link rel="alternate" type="application/atom+xml" '
        'title="Public scenarios (Atom)" href="/feeds/scenarios/atom/">'
    ) in head
    assert '<a href="/feeds/scenarios/rss/" type="application/rss+xml"' in body
    assert '<a href="/feeds/scenarios/atom/" type="application/atom+xml"' in body
    # A Content-Security-Policy without 'unsafe-inline' must be able to run the page.
    for tag in re.findall(r"<script\b[^>]*>", body):
        assert "src=" in tag, tag
    assert not re.search(r"\son[a-z]+=", body)  # no inline event handlers
    assert " style=" not in body


@pytest.mark.parametrize("count", [5, 50])
@pytest.mark.parametrize(
    "query",
    [{}, {"nationality": "german", "q": "copy", "sort": "largest"}],
    ids=["all", "filtered"],
)
def test_queries_do_not_grow_with_the_page(
    client: Client, owner, monkeypatch, django_assert_max_num_queries, count, query
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(browse, "PAGE_SIZE", 100)  # every scenario on one page
    clone_public(make_scenario(owner, visibility="private"), count)
    client.get(URL)  # the reference names are cached per data revision, once per process
    listing_changed()  # measure a page rendered afresh, not one from the list cache
    # The count, the page's ids, their rows (with owner and library); nothing per row.
    with django_assert_max_num_queries(3):
        response = client.get(URL, query)
    assert len(titles(response)) == count


def test_signed_in_queries_do_not_grow_either(
    client: Client, owner, monkeypatch, django_assert_max_num_queries
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(browse, "PAGE_SIZE", 100)
    clone_public(make_scenario(owner, visibility="private"), 50)
    client.force_login(owner)
    client.get(URL)
    listing_changed()
    # The session and the user, then the count, the ids and the rows.
    # One more than anonymous: what the player owns (account.selectors.owned_products).
    with django_assert_max_num_queries(6):
        assert len(titles(client.get(URL))) == 50


def test_search_words_cannot_inject_query_syntax() -> None:
    assert search_words("cross:* & !(road) | 'x' <-> y_z") == ["cross", "road", "x", "y", "z"]
    assert search_words("Città  città") == ["città"]
    assert len(search_words("a " * 100)) == 1
    assert len(search_words(" ".join(f"w{n}" for n in range(20)))) == 8


def test_a_page_seen_before_is_served_from_the_cache_until_the_data_changes(
    client: Client, owner, stranger, django_assert_num_queries
) -> None:
    library = services.library_create(owner=owner, title="Club nights", visibility="public")
    scenario = make_scenario(owner, library=library, title="First patrol")
    client.get(URL)
    with django_assert_num_queries(0):
        assert titles(client.get(URL)) == ["First patrol"]
    # Each change a list can show is there on the next request.
    draft = make_scenario(owner, title="Second patrol", visibility="private")
    assert titles(client.get(URL)) == ["First patrol"]
    services.scenario_update(scenario=draft, visibility="public")
    assert titles(client.get(URL)) == ["Second patrol", "First patrol"]
    services.library_update(library=library, title="Club evenings")
    assert "Club evenings" in client.get(URL).content.decode()
    owner.username = "renamed"
    owner.save()
    assert "by renamed" in client.get(URL).content.decode()
    services.scenario_delete(scenario=scenario)
    assert titles(client.get(URL)) == ["Second patrol"]
    # A log-in (last_login) changes nothing shown: the cached page stays.
    client.force_login(stranger)
    stranger.save(update_fields=["last_login"])
    # The session, the user and what they own (part of the key); the list from the cache.
    with django_assert_num_queries(3):
        client.get(URL)
    # Each language and each address has its own entry.
    assert "by renamed" in client.get(URL).content.decode()
    italian = client.get(URL, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert '<html lang="it">' in italian and "di renamed" in italian and "by renamed" not in italian
    assert titles(client.get(URL, {"q": "first"})) == []


def test_the_filter_form_is_kept_apart_from_the_list(client: Client, owner, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A change of the listed scenarios renders the list again, not the filter form (it shows
    the query and the reference data only); new reference data renders it again."""
    from scenarios import listing_cache

    make_scenario(owner, title="Kohima ridge", visibility="public")
    rendered: list[str] = []
    real = browse.render_to_string
    monkeypatch.setattr(
        browse,
        "render_to_string",
        lambda name, context: rendered.append(name) or real(name, context),
    )
    first = client.get("/scenarios/?q=ridge&size_min=abc")
    listing_changed()
    make_scenario(owner, title="Hill ridge", visibility="public")
    second = client.get("/scenarios/?q=ridge&size_min=abc")
    assert rendered.count("scenarios/browse/_filters.html") == 1
    assert rendered.count("scenarios/browse/_list_body.html") == 2
    assert titles(second) == ["Hill ridge", "Kohima ridge"]
    for page in (first, second):  # the form keeps the query's values and faults
        body = page.content.decode()
        assert 'value="ridge"' in body
        assert 'class="errorlist"' in body
    listing_cache.reference_changed()
    client.get("/scenarios/?q=ridge&size_min=abc")
    assert rendered.count("scenarios/browse/_filters.html") == 2


def test_each_filterset_has_filters_and_fields_of_its_own(owner, variants) -> None:  # type: ignore[no-untyped-def]
    """ScenarioFilter copies its filters shallowly (filters._own_filter) instead of
    django-filter's deep copy: two requests must still share no filter, field or widget, and a
    filter's method must run on its own filterset."""
    # With what a player owns said: every filter, "playable with what I own" too.
    owned = frozenset({"weather"})
    listed = selectors.scenarios_listed
    first = filters.ScenarioFilter(QueryDict("q=kohima"), queryset=listed(), owned=owned)
    second = filters.ScenarioFilter(QueryDict("q=tobruk"), queryset=listed(), owned=owned)
    for name in filters.ScenarioFilter.base_filters:
        one, other = first.filters[name], second.filters[name]
        assert one is not other and one is not filters.ScenarioFilter.base_filters[name]
        assert one.parent is first and other.parent is second
        if one.method is not None:
            assert one.filter.f is one and other.filter.f is other
        assert first.form.fields[name] is not second.form.fields[name]
        assert first.form.fields[name].widget is not second.form.fields[name].widget
        assert "_field" not in filters.ScenarioFilter.base_filters[name].__dict__
    first.form.fields["q"].widget.attrs["data-mark"] = "first"
    assert "data-mark" not in second.form.fields["q"].widget.attrs
    assert [s.title for s in first.qs] == ["Kohima ridge"]
    assert [s.title for s in second.qs] == ["Tobruk perimeter"]
    assert first.form.cleaned_data["q"] == "kohima"
