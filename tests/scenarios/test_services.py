"""scenarios.services: documents are checked whole before anything is written."""

from __future__ import annotations

from typing import Any

import pytest

from scenarios import services
from scenarios.models import Library, Scenario

pytestmark = pytest.mark.django_db


def test_a_scenario_is_stored_with_the_columns_lists_filter_on(owner, scenario_document) -> None:
    scenario = services.scenario_create(owner=owner, data=scenario_document)
    assert (scenario.title, scenario.period, scenario.theatre) == ("Crossroads", "1943b", "ETO")
    assert scenario.nationality_codes == ["american", "german"]
    assert scenario.weather_codes == ["clear"]
    assert scenario.expansion_codes == ["weather"]  # 99.x: weather is the weather article's
    # American 1+2+3+4 = 47+36+44+16 = 143; German 51+41+54+15 = 161; both budgets 200.
    assert scenario.size_points == 400
    assert scenario.valid is True
    assert scenario.visibility == "private"
    assert scenario.data_revision is not None
    assert scenario.document["data_revision"] == scenario.data_revision.label


def test_a_scenario_with_an_error_finding_is_stored_as_not_valid(owner, scenario_document) -> None:
    # Drifts without snow on the ground (99.84): the document is readable, the scenario is not
    # playable as it stands; lists may filter it out.
    scenario_document["scenario"]["weather"] = ["drifts"]
    scenario = services.scenario_create(owner=owner, data=scenario_document)
    assert scenario.valid is False
    scenario_document["scenario"]["weather"] = ["ground_snow", "drifts"]
    assert services.scenario_update(scenario=scenario, data=scenario_document).valid is True


def test_a_document_with_faults_writes_nothing_and_names_every_path(
    owner, scenario_document
) -> None:
    body = scenario_document["scenario"]
    body["weather"] = ["clear", "monsoon"]
    body["sides"][0]["force"]["groups"][0]["cards"][0]["card"] = 99
    body["special_rules"] = [{"code": "no_such_rule"}]
    with pytest.raises(services.ScenarioInputError) as error:
        services.scenario_create(owner=owner, data=scenario_document)
    paths = {e["path"] for e in error.value.errors}
    assert paths == {
        "scenario.weather[1]",
        "scenario.special_rules[0].code",
        "scenario.sides[0].force.groups[0].cards[0].card",
    }
    assert Scenario.objects.count() == 0


def test_a_library_import_is_all_or_nothing(owner, scenario_document) -> None:
    broken: dict[str, Any] = {**scenario_document, "scenario": {**scenario_document["scenario"]}}
    broken["scenario"]["period"] = "1950a"
    document = {
        "format": "upfront-library",
        "version": 1,
        "title": "Club favourites",
        "scenarios": [scenario_document, broken],
    }
    with pytest.raises(services.ScenarioInputError) as error:
        services.library_import(owner=owner, data=document)
    assert [e["path"] for e in error.value.errors] == ["scenarios[1].scenario.period"]
    assert (Library.objects.count(), Scenario.objects.count()) == (0, 0)
    document["scenarios"] = [scenario_document, scenario_document]
    library = services.library_import(owner=owner, data=document)
    assert library.scenarios.count() == 2


def test_a_fork_is_private_and_credits_its_origin(owner, stranger, scenario_document) -> None:
    original = services.scenario_create(owner=owner, data=scenario_document, visibility="public")
    copy = services.scenario_fork(scenario=original, user=stranger)
    assert (copy.owner, copy.visibility, copy.forked_from, copy.forked_from_title) == (
        stranger,
        "private",
        original,
        "Crossroads",
    )
    original.delete()
    copy.refresh_from_db()
    assert (copy.forked_from, copy.forked_from_title) == (None, "Crossroads")


def test_export_then_import_then_export_is_equal(owner, scenario_document) -> None:
    first = services.scenario_export(
        scenario=services.scenario_create(owner=owner, data=scenario_document)
    )
    second = services.scenario_export(scenario=services.scenario_import(owner=owner, data=first))
    assert first == second


def test_a_nul_character_in_a_text_is_a_fault(owner, scenario_document) -> None:
    scenario_document["scenario"]["description"] = "bad\u0000text"
    with pytest.raises(services.ScenarioInputError) as error:
        services.scenario_create(owner=owner, data=scenario_document)
    assert [e["path"] for e in error.value.errors] == ["scenario.description"]
    assert Scenario.objects.count() == 0


def test_a_scenario_is_never_saved_into_a_library_deleted_since_it_was_chosen(
    owner: Any, collaborator: Any, scenario_document: dict[str, Any]
) -> None:
    from scenarios.access import scenario_rights

    library = services.library_create(owner=owner, title="Club", visibility="public")
    services.library_collaborator_add(library=library, user=collaborator)
    mine = services.scenario_create(owner=collaborator, data=scenario_document)
    chosen = Library.objects.get(pk=library.pk)  # read by the request, before the deletion
    services.library_delete(library=library)
    rights = scenario_rights(mine, collaborator)
    with pytest.raises(services.LibraryGone) as raised:
        services.scenario_put_in_library(
            scenario=mine, library=chosen, user=collaborator, rights=rights
        )
    assert raised.value.errors == [
        {"path": "library", "message": "No library with this id that you may edit."}
    ]
    with pytest.raises(services.LibraryGone):
        services.scenario_create(owner=collaborator, data=scenario_document, library=chosen)
    mine.refresh_from_db()
    assert mine.library_id is None and mine.version == 1
    assert Scenario.everything.filter(owner=collaborator).count() == 1


def test_add_to_library_of_a_library_deleted_meanwhile_is_a_404(
    client: Any, owner: Any, collaborator: Any, scenario_document: dict[str, Any], monkeypatch: Any
) -> None:
    from scenarios import access
    from tests.factories import password_for

    library = services.library_create(owner=owner, title="Club", visibility="public")
    services.library_collaborator_add(library=library, user=collaborator)
    mine = services.scenario_create(owner=collaborator, data=scenario_document)
    chosen = access.library_to_hold

    def deleted_meanwhile(user: Any, public_id: Any) -> Any:
        found = chosen(user, public_id)
        services.library_delete(library=Library.objects.get(pk=library.pk))
        return found  # as the request read it, a moment before the owner deleted it

    monkeypatch.setattr(access, "library_to_hold", deleted_meanwhile)
    client.login(username="collaborator", password=password_for("collaborator"))
    url = f"/scenarios/{mine.public_id}/library/"
    assert client.post(url, {"library": str(library.public_id)}).status_code == 404
    mine.refresh_from_db()
    assert mine.library_id is None
