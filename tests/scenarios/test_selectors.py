"""scenarios.selectors: who may see what (owner, collaborator, stranger, anonymous)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from scenarios import access, selectors, services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("visibility", "stranger_sees", "listed"),
    [("private", False, False), ("unlisted", True, False), ("public", True, True)],
)
def test_visibility(owner, stranger, scenario_document, visibility, stranger_sees, listed) -> None:
    scenario = services.scenario_create(owner=owner, data=scenario_document, visibility=visibility)
    assert access.scenarios_visible_to(owner).filter(pk=scenario.pk).exists()
    for user in (stranger, AnonymousUser()):
        assert access.scenarios_visible_to(user).filter(pk=scenario.pk).exists() is stranger_sees
        assert not access.scenarios_editable_by(user).filter(pk=scenario.pk).exists()
    assert selectors.scenarios_listed().filter(pk=scenario.pk).exists() is listed


def test_collaborators_see_and_edit_the_library_and_its_private_scenarios(
    owner, collaborator, stranger, scenario_document
) -> None:
    library = services.library_create(owner=owner, title="Club")
    scenario = services.scenario_create(owner=owner, data=scenario_document, library=library)
    services.library_collaborator_add(library=library, user=collaborator)
    assert access.libraries_editable_by(collaborator).filter(pk=library.pk).exists()
    assert access.scenarios_editable_by(collaborator).filter(pk=scenario.pk).exists()
    assert not access.libraries_visible_to(stranger).filter(pk=library.pk).exists()
    assert not access.scenarios_visible_to(stranger).filter(pk=scenario.pk).exists()
