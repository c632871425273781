"""API clients for the scenario API tests: the owner, a collaborator, a stranger, anonymous."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from rest_framework.test import APIClient

from scenarios import services
from scenarios.models import Library, Scenario
from tests.scenarios.conftest import SCENARIO_DOCUMENT


def client_for(user: Any | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def owner_api(owner: Any) -> APIClient:
    return client_for(owner)


@pytest.fixture
def collaborator_api(collaborator: Any) -> APIClient:
    return client_for(collaborator)


@pytest.fixture
def stranger_api(stranger: Any) -> APIClient:
    return client_for(stranger)


@pytest.fixture
def anonymous_api() -> APIClient:
    return APIClient()


def document(title: str = "Crossroads") -> dict[str, Any]:
    doc = copy.deepcopy(SCENARIO_DOCUMENT)
    doc["scenario"]["title"] = title
    return doc


def library_document(*titles: str, title: str = "Club favourites") -> dict[str, Any]:
    return {
        "format": "upfront-library",
        "version": 1,
        "title": title,
        "description": "Evenings at the club.",
        "scenarios": [document(t) for t in titles],
    }


def make_library(owner: Any, visibility: str, collaborators: tuple[Any, ...] = ()) -> Library:
    library = services.library_create(
        owner=owner, title=f"Library {visibility}", visibility=visibility
    )
    for user in collaborators:
        services.library_collaborator_add(library=library, user=user)
    return library


def make_scenario(
    owner: Any, visibility: str, library: Library | None = None, title: str | None = None
) -> Scenario:
    return services.scenario_create(
        owner=owner,
        data=document(title or f"Scenario {visibility}"),
        library=library,
        visibility=visibility,
    )


def counts() -> tuple[int, int]:
    """How many libraries and scenarios exist: an import that fails must change neither."""
    return Library.objects.count(), Scenario.objects.count()
