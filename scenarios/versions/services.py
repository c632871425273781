"""Restoring a version: its document becomes the scenario's again, as a new version (nothing
is lost: the versions in between stay). Who may see it and where it is kept stay as they are
now — those are sharing decisions, not content."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from scenarios import services
from scenarios.models import Scenario
from scenarios.versions.selectors import version_of


@transaction.atomic
def scenario_version_restore(*, scenario: Scenario, number: int, author: Any) -> Scenario:
    """Make version ``number``'s document current again (checked against today's reference
    data like any save; a document that has become faulty raises ScenarioInputError)."""
    row = version_of(scenario, number)
    return services.scenario_update(
        scenario=scenario, data=row.document, author=author, restored_from=number
    )
