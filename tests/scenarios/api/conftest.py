"""API clients for the scenario API tests: the owner, a collaborator, a stranger, anonymous."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from scenarios.models import Library, Scenario
from tests.factories import make_library, make_scenario, scenario_document

__all__ = ["make_library", "make_scenario"]


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
    return scenario_document(title=title)


def library_document(*titles: str, title: str = "Club favourites") -> dict[str, Any]:
    return {
        "format": "upfront-library",
        "version": 1,
        "title": title,
        "description": "Evenings at the club.",
        "scenarios": [document(t) for t in titles],
    }


def counts() -> tuple[int, int]:
    """How many libraries and scenarios exist: an import that fails must change neither."""
    return Library.objects.count(), Scenario.objects.count()
