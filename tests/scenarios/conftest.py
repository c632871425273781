"""Users and documents for the scenario tests: an owner, a collaborator, a stranger."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.factories import SCENARIO_DOCUMENT, make_user

__all__ = ["SCENARIO_DOCUMENT"]


@pytest.fixture
def scenario_document() -> dict[str, Any]:
    return copy.deepcopy(SCENARIO_DOCUMENT)


@pytest.fixture
def owner(db: None) -> Any:
    return make_user("owner")


@pytest.fixture
def collaborator(db: None) -> Any:
    return make_user("collaborator")


@pytest.fixture
def stranger(db: None) -> Any:
    return make_user("stranger")
