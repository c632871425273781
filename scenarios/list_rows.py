"""A listed scenario as a list reads it: the one read behind the list page, the feeds, the home
page and the API's list.

A list pages through ids first (``queryset.values_list("id")``, answered by the list's covering
index without reading a row), then reads only its page's rows, as values: the row's columns,
its owner's name, its library's and its original's ids. The document stays in the database.
What each list shows of a row (words on the page, JSON in the API) is its presenter's.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from django.db.models import QuerySet

from scenarios.models import Scenario

# The columns of a row, in ``ScenarioListRow``'s order.
LIST_ROW_FIELDS = (
    "public_id",
    "title",
    "description",
    "language",
    "based_on",
    "owner__username",
    "library__public_id",
    "library__title",
    "library__visibility",
    "visibility",
    "period",
    "theatre",
    "terrain_deck",
    "nationalities",
    "weather",
    "expansions",
    "size_points",
    "valid",
    "forked_from__public_id",
    "forked_from_title",
    "created_at",
    "updated_at",
    "plays_attacker",
    "plays_defender",
    "plays_draw",
    "plays_counted",
    "balance_verdict",
    "rating_count",
    "rating_sum",
)


@dataclass(frozen=True, slots=True)
class ScenarioListRow:
    """One listed scenario's ``LIST_ROW_FIELDS``, read as values (no model per row)."""

    public_id: UUID
    title: str
    description: str
    language: str
    based_on: str
    owner: str  # the owner's username
    library_public_id: UUID | None
    library_title: str | None
    library_visibility: str | None
    visibility: str
    period: str
    theatre: str
    terrain_deck: str
    nationalities: str  # "|a|b|", as stored (models.stored_codes)
    weather: str
    expansions: str
    size_points: int
    valid: bool
    forked_from_public_id: UUID | None
    forked_from_title: str
    created_at: datetime
    updated_at: datetime
    plays_attacker: int
    plays_defender: int
    plays_draw: int
    plays_counted: int
    balance_verdict: str
    rating_count: int
    rating_sum: int

    @classmethod
    def of(cls, scenario: Scenario) -> ScenarioListRow:
        """A scenario read as a model (with its owner, library and original)."""
        library, forked_from = scenario.library, scenario.forked_from
        return cls(
            public_id=scenario.public_id,
            title=scenario.title,
            description=scenario.description,
            language=scenario.language,
            based_on=scenario.based_on,
            owner=scenario.owner.get_username(),
            library_public_id=library.public_id if library is not None else None,
            library_title=library.title if library is not None else None,
            library_visibility=library.visibility if library is not None else None,
            visibility=scenario.visibility,
            period=scenario.period,
            theatre=scenario.theatre,
            terrain_deck=scenario.terrain_deck,
            nationalities=scenario.nationalities,
            weather=scenario.weather,
            expansions=scenario.expansions,
            size_points=scenario.size_points,
            valid=scenario.valid,
            forked_from_public_id=forked_from.public_id if forked_from is not None else None,
            forked_from_title=scenario.forked_from_title,
            created_at=scenario.created_at,
            updated_at=scenario.updated_at,
            plays_attacker=scenario.plays_attacker,
            plays_defender=scenario.plays_defender,
            plays_draw=scenario.plays_draw,
            plays_counted=scenario.plays_counted,
            balance_verdict=scenario.balance_verdict,
            rating_count=scenario.rating_count,
            rating_sum=scenario.rating_sum,
        )


def listed_rows(queryset: QuerySet[Scenario]) -> QuerySet[Scenario]:
    """``queryset`` with what a row needs, as models in one query (``ScenarioListRow.of``)."""
    return queryset.select_related("owner", "library", "forked_from").only(*LIST_ROW_FIELDS)


@functools.cache
def _row_values() -> QuerySet[Scenario]:
    """The query of rows but for the ids: made once per process, only its copies run (naming
    its columns and joins costs a fresh list as much as running it)."""
    return Scenario.objects.order_by().values_list(*LIST_ROW_FIELDS, "id")


def scenario_list_rows(ids: Sequence[int]) -> list[ScenarioListRow]:
    """The rows of the scenarios ``ids`` (a page of a list), in that order, in one query."""
    by_id = {
        values[-1]: ScenarioListRow(*values[:-1]) for values in _row_values().filter(pk__in=ids)
    }
    return [by_id[pk] for pk in ids if pk in by_id]
