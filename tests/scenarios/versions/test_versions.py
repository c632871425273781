"""Scenario versions: what records one, the pages (history, as it was, compare, restore), the
API, and a copy that knows its original changed."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scenarios import services
from scenarios.analysis.versions import version_changes, version_diff
from scenarios.bin.services import bin_purge
from scenarios.models import Scenario
from scenarios.versions import presenters
from scenarios.versions.selectors import versions_of
from tests.factories import make_library, make_scenario
from tests.scenarios.api.conftest import client_for
from upfront.reference import models as m
from upfront.reference.selectors import reference_names

pytestmark = pytest.mark.django_db


def renamed(scenario: Scenario, title: str) -> dict[str, Any]:
    data = copy.deepcopy(scenario.document)
    data["scenario"]["title"] = title
    return data


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_every_saved_change_is_a_version_and_nothing_else_is(owner: Any) -> None:
    scenario = make_scenario(owner, "private", title="Draft")
    assert scenario.version == 1
    services.scenario_update(scenario=scenario, data=renamed(scenario, "Second"), author=owner)
    services.scenario_update(scenario=scenario, visibility="public", author=owner)
    assert scenario.version == 3
    # A recheck, or a save that changes nothing, records no version.
    services.scenario_recheck(scenario=scenario)
    services.scenario_update(scenario=scenario, data=copy.deepcopy(scenario.document))
    scenario.refresh_from_db()
    assert scenario.version == 3
    history = list(scenario.history.order_by("version").values_list("version", "title"))
    assert history == [(1, "Draft"), (2, "Second"), (3, "Second")]


def test_the_history_page_says_who_changed_what(owner: Any, collaborator: Any) -> None:
    library = make_library(owner, "private", collaborators=(collaborator,))
    scenario = make_scenario(owner, "private", library=library, title="Draft")
    data = renamed(scenario, "Final")
    data["scenario"]["sides"][0]["force"]["groups"][0]["cards"].append({"card": 5})
    services.scenario_update(scenario=scenario, data=data, author=collaborator)
    url = reverse("scenarios:versions", kwargs={"public_id": scenario.public_id})
    body = signed_in(owner).get(url).content.decode()
    assert "Title, Attacker&#x27;s cards" in body or "Title, Attacker's cards" in body
    assert "collaborator" in body and "Created" in body
    assert signed_in(collaborator).get(url).status_code == 200


def test_a_version_as_it_was_and_the_compare_page(owner: Any) -> None:
    scenario = make_scenario(owner, "public", title="Draft")
    data = renamed(scenario, "Final")
    data["scenario"]["sides"][1]["force"]["groups"][1]["cards"].pop(0)
    data["scenario"]["weather"] = ["clear", "mist"]
    services.scenario_update(scenario=scenario, data=data, author=owner)
    first = reverse("scenarios:version", kwargs={"public_id": scenario.public_id, "number": 1})
    body = Client().get(first).content.decode()
    assert "<h1>Draft</h1>" in body and "The scenario is now at version 2." in body
    compare = reverse("scenarios:version_compare", kwargs={"public_id": scenario.public_id})
    body = Client().get(compare, {"from": 1, "to": 2}).content.decode()
    assert "Draft" in body and "Final" in body
    # The card as printed: the defender is German, their card 3 is Schussel.
    assert "card 3 Schussel given up (group B)" in body
    assert "Mist" in body  # a weather code shows as its name
    assert "mist" not in body.replace("Mist", "")


def test_restoring_a_version_is_a_new_version(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public", title="Draft")
    services.scenario_update(scenario=scenario, data=renamed(scenario, "Bad idea"), author=owner)
    restore = reverse(
        "scenarios:version_restore", kwargs={"public_id": scenario.public_id, "number": 1}
    )
    assert signed_in(stranger).post(restore).status_code == 404  # may see, may not edit
    assert signed_in(owner).post(restore).status_code == 302
    scenario.refresh_from_db()
    assert (scenario.version, scenario.title) == (3, "Draft")
    assert scenario.history.count() == 3  # "Bad idea" is still there


def test_a_private_scenarios_versions_are_404_to_strangers(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "private")
    for name, kwargs in (
        ("scenarios:versions", {}),
        ("scenarios:version", {"number": 1}),
        ("scenarios:version_compare", {}),
    ):
        url = reverse(name, kwargs={"public_id": scenario.public_id, **kwargs})
        assert signed_in(stranger).get(url).status_code == 404
        assert Client().get(url).status_code == 404


def test_a_copy_knows_when_its_original_changed(owner: Any, stranger: Any) -> None:
    original = make_scenario(owner, "public", title="Original")
    copy_ = services.scenario_fork(scenario=original, user=stranger)
    assert copy_.forked_from_version == 1
    page = reverse("scenarios:detail", kwargs={"public_id": copy_.public_id})
    assert "origin-changed" not in signed_in(stranger).get(page).content.decode()
    services.scenario_update(scenario=original, data=renamed(original, "Original v2"))
    body = signed_in(stranger).get(page).content.decode()
    assert "The original has changed since this copy was made" in body
    assert "?from=1&amp;to=2" in body
    detail = client_for(stranger).get(f"/api/v1/scenarios/{copy_.public_id}/").json()
    assert detail["origin"] == {
        "id": str(original.public_id),
        "version": 1,
        "current_version": 2,
        "changed_since_copy": True,
    }


# --- API ---------------------------------------------------------------------------------------


def test_the_versions_api(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public", title="Draft")
    api = client_for(owner)
    api.patch(
        f"/api/v1/scenarios/{scenario.public_id}/",
        {"document": renamed(scenario, "Final")},
        format="json",
    )
    listed = client_for(stranger).get(f"/api/v1/scenarios/{scenario.public_id}/versions/").json()
    assert [(v["number"], v["author"], v["summary"]) for v in listed["results"]] == [
        (2, "owner", "Title"),
        (1, "owner", "Created"),
    ]
    assert listed["results"][0]["parts"] == ["title"]
    first = client_for(stranger).get(f"/api/v1/scenarios/{scenario.public_id}/versions/1/")
    assert first.json()["scenario"]["title"] == "Draft"
    assert first.json()["scenario_version"] == 1
    # The detail and the export carry the current version.
    assert api.get(f"/api/v1/scenarios/{scenario.public_id}/").json()["version"] == 2
    exported = api.get(f"/api/v1/scenarios/{scenario.public_id}/export").json()
    assert exported["scenario_version"] == 2
    # An exported document imports as it is (the member is ignored).
    assert api.post("/api/v1/scenarios/import", exported, format="json").status_code == 201
    missing = client_for(stranger).get(f"/api/v1/scenarios/{scenario.public_id}/versions/9/")
    assert missing.status_code == 404


def test_restore_through_the_api(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public", title="Draft")
    services.scenario_update(scenario=scenario, data=renamed(scenario, "Final"))
    url = f"/api/v1/scenarios/{scenario.public_id}/versions/1/restore"
    assert client_for(stranger).post(url).status_code == 403
    assert client_for(None).post(url).status_code == 401
    restored = client_for(owner).post(url)
    assert restored.status_code == 200
    assert (restored.json()["version"], restored.json()["document"]["scenario"]["title"]) == (
        3,
        "Draft",
    )
    private = make_scenario(owner, "private")
    hidden = f"/api/v1/scenarios/{private.public_id}/versions/1/restore"
    assert client_for(stranger).post(hidden).status_code == 404


def test_a_play_names_the_version_it_was_played_from(owner: Any, stranger: Any) -> None:
    scenario = make_scenario(owner, "public")
    services.scenario_update(scenario=scenario, data=renamed(scenario, "v2"))
    response = client_for(stranger).post(
        f"/api/v1/scenarios/{scenario.public_id}/plays/",
        {"played_on": "2026-11-20", "winner": "draw", "ending": "time_limit"},
        format="json",
    )
    assert response.json()["scenario_version"] == 2


def test_deleting_a_scenario_for_good_deletes_its_versions(owner: Any) -> None:
    scenario = make_scenario(owner, "private")
    history = Scenario.history.model
    assert history.objects.filter(id=scenario.pk).count() == 1
    services.scenario_delete(scenario=scenario)
    # In the bin the versions are kept (they come back with it); emptied, they go.
    assert history.objects.filter(id=scenario.pk).count() == 1
    bin_purge(user=owner, public_id=scenario.public_id)
    assert history.objects.filter(id=scenario.pk).count() == 0


def test_the_comparison_is_computed_in_analysis_and_only_rendered_by_the_presenter(
    owner: Any, django_assert_num_queries: Any
) -> None:
    scenario = make_scenario(owner, "public", title="Draft")
    data = renamed(scenario, "Final")
    data["scenario"]["sides"][1]["force"]["groups"][1]["cards"].pop(0)
    data["scenario"]["special_rules"] = [{"code": "defender_entrenched"}]
    services.scenario_update(scenario=scenario, data=data, author=owner)
    services.scenario_update(scenario=scenario, visibility="unlisted", author=owner)
    rows = list(versions_of(scenario))
    changes = version_changes(rows)
    assert [(c.row.version, c.parts, c.first) for c in changes] == [
        (3, ("visibility",), False),
        (2, ("title", "special_rules", "defender.cards"), False),
        (1, (), True),
    ]
    compared = version_diff(rows[2], rows[0])
    assert compared.visibility == ("public", "unlisted") and compared.changed
    assert set(compared.cards) == {("german", 3)}  # only the card the change names
    with translation.override("it"):
        names = reference_names()
        with django_assert_num_queries(0):
            view = presenters.diff_view(compared, names=names)
            history = presenters.version_rows(changes)
    assert [row.summary for row in history][2] == "Creato"
    fields = {row["field"]: (row["before"], row["after"]) for row in view["fields"]}
    assert fields["Visibilità"] == ("Pubblico", "Non elencato (chiunque abbia il link)")
    entrenched = m.SpecialRule.objects.get(code="defender_entrenched")
    assert len(view["rules_added"]) == 1
    assert view["rules_added"][0].startswith(f"{entrenched.rule} {entrenched.text_it[:30]}")
    assert view["sides"][0]["cards"][0]["card"].startswith("3 ")


def test_a_restored_version_says_so_in_the_history_and_on_its_page(owner: Any) -> None:
    scenario = make_scenario(owner, "public", title="Draft")
    services.scenario_update(scenario=scenario, data=renamed(scenario, "Bad idea"), author=owner)
    client = signed_in(owner)
    restore = reverse(
        "scenarios:version_restore", kwargs={"public_id": scenario.public_id, "number": 1}
    )
    assert client.post(restore).status_code == 302
    rows = {row.version: row.restored_from for row in versions_of(scenario)}
    assert rows == {1: None, 2: None, 3: 1}  # stored with the version, not only a message
    history = client.get(reverse("scenarios:versions", kwargs={"public_id": scenario.public_id}))
    assert history.content.decode().count("restored from version 1") == 1
    page = client.get(
        reverse("scenarios:version", kwargs={"public_id": scenario.public_id, "number": 3})
    )
    assert "restored from version 1" in page.content.decode()
    api = client_for(owner).get(f"/api/v1/scenarios/{scenario.public_id}/versions/")
    assert [v["restored_from"] for v in api.json()["results"]] == [1, None, None]
    # A later ordinary save is not marked.
    services.scenario_update(scenario=scenario, data=renamed(scenario, "Again"), author=owner)
    assert versions_of(scenario).first().restored_from is None
    with translation.override("it"):
        assert "ripristinata dalla versione 1" in presenters.restored_words(1)
