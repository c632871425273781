"""``GET /api/v1/scenarios/`` answers byte for byte what a plain DRF list view of the documented
serializer answers: the same items, count, links and refusals, for every requester.

The endpoint is written for speed (ids paged first, items written out, the list cache for
anonymous requesters: docs/performance.md, issue 15 §7); the reference below is the generic
way (``ScenarioOutputSerializer`` over ``selectors.scenarios_listed_for``, DRF's pagination
and filter backend), so a faster endpoint cannot drift from what the schema describes.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.db.models import QuerySet
from django.utils import timezone
from rest_framework.test import APIRequestFactory

from scenarios import member_list, selectors, services
from scenarios.api import serializers as s
from scenarios.api.common import ListBase
from scenarios.api.filters import ScenarioFilter
from scenarios.listing_cache import listing_changed
from scenarios.models import Scenario
from tests.scenarios.api.answers import api_answer, assert_every_answer, reference_answer
from tests.scenarios.api.conftest import client_for, make_library, make_scenario

pytestmark = pytest.mark.django_db

LIST = "/api/v1/scenarios/"


class ReferenceList(ListBase):
    """The list as DRF's generic view writes it from the documented serializer."""

    filterset_class = ScenarioFilter
    serializer_class = s.ScenarioOutputSerializer

    def get_queryset(self) -> QuerySet[Scenario]:
        return selectors.scenarios_listed_for(self.request.user).select_related(
            "owner", "library", "forked_from"
        )

    def get(self, request: Any) -> Any:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(self.get_serializer(page, many=True).data)


@pytest.fixture
def listed(owner: Any, collaborator: Any, stranger: Any) -> None:
    """Scenarios that take every branch of an item and of the rights: in a public, an
    unlisted, a private (shared) library or none; every visibility; a copy whose original
    exists and one whose original is gone; plays and a published scenario adapted; filter
    columns that differ; text JSON escapes; two rows changed at the same instant."""
    public = make_library(owner, "public")
    unlisted = make_library(stranger, "unlisted")
    shared = make_library(owner, "private", collaborators=(collaborator,))
    theirs = make_library(stranger, "private")
    made = {
        "In public, private": make_scenario(owner, "private", public),
        "In unlisted, public": make_scenario(stranger, "public", unlisted),
        "In unlisted, unlisted": make_scenario(stranger, "unlisted", unlisted),
        "Shared, private": make_scenario(owner, "private", shared),
        "Shared, the collaborator's": make_scenario(collaborator, "private", shared),
        "Theirs, private": make_scenario(stranger, "private", theirs),
        "Loose, public": make_scenario(stranger, "public"),
        "Loose, unlisted": make_scenario(stranger, "unlisted"),
        "Loose, private": make_scenario(owner, "private"),
        "Collaborator's own": make_scenario(collaborator, "public"),
    }
    for title, scenario in made.items():
        Scenario.objects.filter(pk=scenario.pk).update(title=title)
    gone = make_scenario(stranger, "public", title="Gone soon")
    services.scenario_fork(scenario=gone, user=owner, library=None)
    services.scenario_fork(scenario=made["Loose, public"], user=collaborator, library=shared)
    services.scenario_delete(scenario=gone)
    copies = Scenario.objects.filter(forked_from_title__in=["Gone soon", "Loose, public"])
    copies.update(visibility="public", effective_visibility="public")
    Scenario.objects.filter(pk=made["Loose, public"].pk).update(
        based_on="C",
        description='Quotes " and \\, a line\nbreak, é, \u2028 and \u2029, </script>',
        plays_attacker=7,
        plays_defender=2,
        plays_draw=1,
        plays_counted=10,
        balance_verdict="favours_attacker",
        nationalities="|british|italian|",
        theatre="PTO",
        period="1942a",
        terrain_deck="desert",
        weather="",
        expansions="|ba|",
    )
    Scenario.objects.filter(pk=made["In unlisted, public"].pk).update(
        plays_attacker=1, plays_defender=1, plays_counted=2, balance_verdict="too_few_plays"
    )
    instant = timezone.now() - datetime.timedelta(days=3)
    Scenario.objects.filter(
        pk__in=[made["Loose, unlisted"].pk, made["Collaborator's own"].pk]
    ).update(updated_at=instant)
    listing_changed()  # the updates above send no signals


URLS = [
    "",
    "?page_size=3",
    "?page_size=3&page=2",
    "?page_size=3&page=last",
    "?page_size=100",
    "?page_size=1000",
    "?page_size=0",
    "?page_size=abc",
    "?page=1",
    "?page=2",
    "?page=99",
    "?page=0",
    "?page=-1",
    "?page=abc",
    "?page=1.0",
    "?page=%EF%BC%92",  # a full-width digit two
    "?sort=newest",
    "?sort=most_played",
    "?sort=most_played&page_size=2&page=2",
    "?sort=bogus",
    "?visibility=public",
    "?visibility=private",
    "?visibility=unlisted&page_size=1",
    "?visibility=bogus",
    "?owner=me",
    "?owner=stranger",
    "?owner=nobody",
    "?nationality=british",
    "?nationality=american&sort=most_played",
    "?nationality=martian",
    "?theatre=PTO",
    "?theatre=ETO&period=1943b",
    "?period=1942a",
    "?terrain_deck=desert",
    "?balance=favours_attacker",
    "?balance=too_few_plays&visibility=public",
    "?unknown=1",
    "?page_size=2&sort=most_played&visibility=public&owner=stranger",
]


@pytest.mark.usefixtures("listed")
@pytest.mark.parametrize("who", [None, "owner", "collaborator", "stranger"])
def test_every_answer_is_the_reference_byte_for_byte(who: str | None, request: Any) -> None:
    user = None if who is None else request.getfixturevalue(who)
    assert_every_answer(ReferenceList, user, [LIST + query for query in URLS])


@pytest.mark.usefixtures("listed")
@pytest.mark.parametrize("who", ["owner", "collaborator"])
def test_a_deep_page_read_as_one_query_is_the_reference_too(
    who: str, request: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A signed-in list merges its public part and the requester's others up to MERGED_ROWS
    # rows, and reads a deeper page as one query: with the limit at 2 rows, both ways answer
    # the queries above.
    monkeypatch.setattr(member_list, "MERGED_ROWS", 2)
    user = request.getfixturevalue(who)
    for query in URLS:
        url = LIST + query
        assert api_answer(user, url) == reference_answer(ReferenceList, user, url), url


def test_a_signed_in_list_follows_a_new_public_scenario(
    owner: Any, stranger: Any, django_assert_num_queries: Any
) -> None:
    # The public part's count and first rows are kept in the list cache (everyone's, until
    # anything listed changes); the requester's own part is read on every request.
    make_scenario(stranger, "public")
    make_scenario(owner, "private")
    api = client_for(owner)
    assert api.get(LIST).json()["count"] == 2
    with django_assert_num_queries(3):  # the public count and page from the cache
        assert api.get(LIST).json()["count"] == 2
    make_scenario(stranger, "public", title="Newest public")
    make_scenario(stranger, "private")  # not the owner's to see
    answer = api.get(LIST).json()
    assert answer["count"] == 3
    assert answer["results"][0]["title"] == "Newest public"
    make_scenario(owner, "unlisted", title="Newest mine")
    answer = api.get(LIST).json()
    assert answer["count"] == 4
    assert [item["title"] for item in answer["results"][:2]] == ["Newest mine", "Newest public"]


def test_each_api_filterset_has_filters_and_fields_of_its_own(owner: Any, stranger: Any) -> None:
    """The API's ScenarioFilter copies its filters shallowly (filters.OwnFiltersFilterSet):
    two requests share no filter, field or widget, and a filter's method runs on its own
    filterset (with its own request)."""
    from django.http import QueryDict

    make_scenario(owner, "public", title="Mine")
    make_scenario(stranger, "public", title="Theirs")
    factory = APIRequestFactory()
    mine, theirs = factory.get(LIST), factory.get(LIST)
    mine.user, theirs.user = owner, stranger
    listed = selectors.scenarios_listed()
    first = ScenarioFilter(QueryDict("owner=me"), queryset=listed, request=mine)
    second = ScenarioFilter(QueryDict("owner=me"), queryset=listed, request=theirs)
    for name, base in ScenarioFilter.base_filters.items():
        one, other = first.filters[name], second.filters[name]
        assert one is not other and base not in (one, other)
        assert one.parent is first and other.parent is second
        if one.method is not None:
            assert one.filter.f is one and other.filter.f is other
        assert first.form.fields[name] is not second.form.fields[name]
        assert first.form.fields[name].widget is not second.form.fields[name].widget
        # The class's own filter may hold a field (the OpenAPI description reads them): no
        # request uses it.
        assert base.__dict__.get("_field") not in (
            first.form.fields[name],
            second.form.fields[name],
        )
    assert [s.title for s in first.qs] == ["Mine"]
    assert [s.title for s in second.qs] == ["Theirs"]
