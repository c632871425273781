"""The scenario list endpoint for anonymous requesters comes from the list cache, dropped on
every change a list could show; a signed-in requester's list is built on every request.
The effective visibility column every list reads follows each change of a scenario or of
its library (issue 15 §7)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scenarios import access, services
from scenarios.listing_cache import listing_changed
from scenarios.models import Scenario
from tests.scenarios.api.conftest import client_for, make_library, make_scenario

pytestmark = pytest.mark.django_db

LIST = "/api/v1/scenarios/"


def _titles(api: Any, url: str = LIST) -> list[str]:
    response = api.get(url)
    assert response.status_code == 200
    return [row["title"] for row in response.json()["results"]]


def test_an_anonymous_list_is_kept_until_the_data_changes(owner: Any) -> None:
    make_scenario(owner, "public", title="Crossroads")
    api = client_for(None)
    listing_changed()
    assert _titles(api) == ["Crossroads"]
    with CaptureQueriesContext(connection) as captured:
        assert _titles(api) == ["Crossroads"]
    assert len(captured) == 0  # from the cache
    make_scenario(owner, "public", title="Village")  # a save drops every cached list
    assert _titles(api) == ["Village", "Crossroads"]
    scenario = Scenario.objects.get(title="Village")
    services.scenario_delete(scenario=scenario)
    assert _titles(api) == ["Crossroads"]


def test_a_signed_in_list_is_never_shared(owner: Any, stranger: Any) -> None:
    make_scenario(owner, "public", title="Crossroads")
    make_scenario(owner, "private", title="Secret plan")
    listing_changed()
    assert sorted(_titles(client_for(owner))) == ["Crossroads", "Secret plan"]
    # Neither the anonymous list nor another user's sees what the owner's list held.
    assert _titles(client_for(None)) == ["Crossroads"]
    assert _titles(client_for(stranger)) == ["Crossroads"]
    assert sorted(_titles(client_for(owner))) == ["Crossroads", "Secret plan"]


def test_the_cached_links_name_the_requested_host(owner: Any, settings: Any) -> None:
    settings.ALLOWED_HOSTS = ["one.example", "two.example"]
    for n in range(3):
        make_scenario(owner, "public", title=f"S{n}")
    listing_changed()
    api = client_for(None)
    first = api.get(f"{LIST}?page_size=1", HTTP_HOST="one.example").json()
    second = api.get(f"{LIST}?page_size=1", HTTP_HOST="two.example").json()
    assert first["next"].startswith("http://one.example/")
    assert second["next"].startswith("http://two.example/")


def test_the_effective_visibility_column_follows_every_change(owner: Any) -> None:
    library = make_library(owner, "private")
    inside = make_scenario(owner, "private", library=library, title="Inside")
    unlisted = make_scenario(owner, "unlisted", library=library, title="Unlisted inside")
    outside = make_scenario(owner, "private", title="Outside")

    def column() -> dict[str, str]:
        rows = Scenario.objects.select_related("library")
        # The column agrees with the rule computed from the rows (selectors).
        for row in rows:
            assert row.effective_visibility == access.scenario_visibility(row), row.title
        return {row.title: row.effective_visibility for row in rows}

    assert column() == {"Inside": "private", "Unlisted inside": "unlisted", "Outside": "private"}
    services.library_update(library=library, visibility="public")
    assert column() == {"Inside": "public", "Unlisted inside": "public", "Outside": "private"}
    services.library_update(library=library, visibility="unlisted")
    assert column() == {"Inside": "unlisted", "Unlisted inside": "unlisted", "Outside": "private"}
    services.library_update(library=library, visibility="private")
    assert column() == {"Inside": "private", "Unlisted inside": "unlisted", "Outside": "private"}
    library.visibility = "public"
    library.save(update_fields=["visibility"])
    outside.library = library  # moved into the public library
    outside.save(update_fields=["library"])
    assert column() == {"Inside": "public", "Unlisted inside": "public", "Outside": "public"}
    inside.library = None  # moved out: its own visibility again
    inside.save()
    assert column()["Inside"] == "private"
    assert unlisted.pk and _titles(client_for(None)) == ["Outside", "Unlisted inside"]


def test_a_list_item_is_what_the_documented_serializer_gives(owner: Any, stranger: Any) -> None:
    from scenarios.api.serializers import (
        ScenarioOutputSerializer,
        scenario_list_items,
        scenario_list_items_of_ids,
    )
    from scenarios.list_rows import ScenarioListRow

    library = make_library(owner, "public")
    original = make_scenario(owner, "private", library=library, title="Original")
    make_scenario(stranger, "unlisted", title="Loose")
    services.scenario_fork(scenario=original, user=stranger, library=None)
    Scenario.objects.filter(title="Loose").update(
        based_on="A", plays_attacker=3, plays_defender=1, plays_counted=4
    )
    rows = list(Scenario.objects.select_related("owner", "library", "forked_from"))
    assert len(rows) == 3
    documented = [dict(ScenarioOutputSerializer(row).data) for row in rows]
    assert scenario_list_items(ScenarioListRow.of(row) for row in rows) == documented
    # Read as values, in the order asked.
    assert scenario_list_items_of_ids([row.pk for row in rows]) == documented
    assert scenario_list_items_of_ids([row.pk for row in reversed(rows)]) == documented[::-1]


def test_the_migration_fills_the_column_for_stored_scenarios(owner: Any) -> None:
    import importlib

    from django.apps import apps

    migration = importlib.import_module("scenarios.migrations.0008_effective_visibility")
    public = make_library(owner, "public")
    unlisted = make_library(owner, "unlisted")
    make_scenario(owner, "private", library=public, title="In public")
    make_scenario(owner, "private", library=unlisted, title="In unlisted")
    make_scenario(owner, "public", library=unlisted, title="Public in unlisted")
    make_scenario(owner, "unlisted", title="Alone")
    expected = {s.title: s.effective_visibility for s in Scenario.objects.all()}
    assert expected == {
        "In public": "public",
        "In unlisted": "unlisted",
        "Public in unlisted": "public",
        "Alone": "unlisted",
    }
    Scenario.objects.update(effective_visibility="private")  # as the new column starts
    migration.backfill(apps, None)
    assert {s.title: s.effective_visibility for s in Scenario.objects.all()} == expected
