"""Input/output serializers of the scenario and library API (one set per operation).

The Scenario and Library documents are parsed and checked by the rules engine through
``scenarios.services`` (every fault with its JSON path); here they are only described, by the
OpenAPI components made from their JSON Schemas (``upfront.api.openapi``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any

from django.conf import settings
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import ISO_8601, serializers
from rest_framework.settings import api_settings

from scenarios.access import scenario_visibility, scenario_visibility_of
from scenarios.api.play_serializers import BalanceSerializer
from scenarios.community.presenters import rating_data
from scenarios.list_rows import ScenarioListRow, scenario_list_rows
from scenarios.models import VISIBILITY_CHOICES, Library, Scenario, stored_codes
from scenarios.plays.presenters import balance_data
from scenarios.plays.selectors import stored_balance
from upfront.api.openapi import SCENARIO_REF
from upfront.api.strict import StrictSerializer
from upfront.rules.scenario import DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH
from upfront.text import validate_optional_public_text, validate_public_text


class RatingSerializer(serializers.Serializer):
    average = serializers.FloatField(allow_null=True, help_text="To one decimal; null: none")
    count = serializers.IntegerField()


@extend_schema_field(SCENARIO_REF)
class ScenarioDocumentField(serializers.JSONField):
    """A Scenario document; parsed and checked by the rules engine, described by its schema."""


def _visibility(**kwargs: Any) -> serializers.ChoiceField:
    return serializers.ChoiceField(
        choices=VISIBILITY_CHOICES,
        help_text="`private` (you and the library's collaborators), `unlisted` (anyone with "
        "the link) or `public` (listed, searched, in the feeds)",
        **kwargs,
    )


def _library_id(**kwargs: Any) -> serializers.UUIDField:
    return serializers.UUIDField(
        allow_null=True, help_text="The `id` of a library you may edit, or null", **kwargs
    )


# --- Scenarios ------------------------------------------------------------------------------


class ScenarioOutputSerializer(serializers.Serializer):
    """A scenario in a list: what it is, without its document."""

    id = serializers.UUIDField(source="public_id", help_text="Stable id: the share link's")
    title = serializers.CharField()
    description = serializers.CharField()
    language = serializers.CharField()
    based_on = serializers.SerializerMethodField(
        help_text="Letter of the published scenario (A-X) it adapts"
    )
    owner = serializers.CharField(source="owner.username", help_text="The owner's username")
    library = serializers.UUIDField(source="library.public_id", allow_null=True)
    visibility = _visibility()
    effective_visibility = serializers.SerializerMethodField(
        help_text="Who may see it: the wider of its own `visibility` and its library's (a "
        "scenario in a public library is public)"
    )
    period = serializers.CharField()
    theatre = serializers.CharField()
    terrain_deck = serializers.CharField()
    nationalities = serializers.ListField(source="nationality_codes", child=serializers.CharField())
    weather = serializers.ListField(source="weather_codes", child=serializers.CharField())
    expansions = serializers.ListField(
        source="expansion_codes",
        child=serializers.CharField(),
        help_text="What is needed beyond the base game (expansion codes)",
    )
    size_points = serializers.IntegerField(help_text="DYO points of both sides together")
    valid = serializers.BooleanField(help_text="Both forces pass the DYO rules")
    forked_from = serializers.UUIDField(
        source="forked_from.public_id",
        allow_null=True,
        help_text="The scenario this one was copied from, while it exists",
    )
    forked_from_title = serializers.CharField(help_text="Its title, kept after it is deleted")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    plays = serializers.SerializerMethodField(
        help_text="Its recorded plays and balance (one record per player and day counts)"
    )
    rating = serializers.SerializerMethodField(
        help_text="Its players' ratings: the plain `average` of their stars (null with none) "
        "and their `count`"
    )

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_based_on(self, scenario: Scenario) -> str | None:
        return scenario.based_on or None

    @extend_schema_field(serializers.ChoiceField(choices=VISIBILITY_CHOICES))
    def get_effective_visibility(self, scenario: Scenario) -> str:
        return scenario_visibility(scenario)

    @extend_schema_field(BalanceSerializer)
    def get_plays(self, scenario: Scenario) -> dict[str, Any]:
        return balance_data(stored_balance(scenario), records=scenario.plays_counted)

    @extend_schema_field(RatingSerializer)
    def get_rating(self, scenario: Scenario) -> dict[str, Any]:
        return rating_data(scenario.rating_count, scenario.rating_sum)


_DATETIME = serializers.DateTimeField()


def datetime_writer() -> Callable[[datetime], Any]:
    """``DateTimeField().to_representation`` with the current timezone looked up once for a
    list rather than for each of its forty dates; anything but an aware datetime in ISO 8601
    goes through DRF's own."""
    zone = timezone.get_current_timezone() if settings.USE_TZ else None
    iso = str(api_settings.DATETIME_FORMAT).lower() == ISO_8601
    if zone is None or not iso:
        return _DATETIME.to_representation

    def write(value: datetime) -> Any:
        if value is None or value.utcoffset() is None:
            return _DATETIME.to_representation(value)
        text = value.astimezone(zone).isoformat()
        return text[:-6] + "Z" if text.endswith("+00:00") else text

    return write


def scenario_list_items(rows: Iterable[ScenarioListRow]) -> list[dict[str, Any]]:
    """What ``ScenarioOutputSerializer`` answers for each of ``rows`` (the schema's description
    of a list item), written out: DRF's machinery per field and row is slow for a whole page.
    Tests check the two agree
    (tests/scenarios/api/test_list_cache.py, test_list_answers.py)."""
    written = datetime_writer()
    return [
        {
            "id": str(row.public_id),
            "title": row.title,
            "description": row.description,
            "language": row.language,
            "based_on": row.based_on or None,
            "owner": row.owner,
            "library": str(row.library_public_id) if row.library_public_id is not None else None,
            "visibility": row.visibility,
            "effective_visibility": scenario_visibility_of(row.visibility, row.library_visibility),
            "period": row.period,
            "theatre": row.theatre,
            "terrain_deck": row.terrain_deck,
            "nationalities": stored_codes(row.nationalities),
            "weather": stored_codes(row.weather),
            "expansions": stored_codes(row.expansions),
            "size_points": row.size_points,
            "valid": bool(row.valid),
            "forked_from": (
                str(row.forked_from_public_id) if row.forked_from_public_id is not None else None
            ),
            "forked_from_title": row.forked_from_title,
            "created_at": written(row.created_at),
            "updated_at": written(row.updated_at),
            "plays": balance_data(stored_balance(row), records=row.plays_counted),
            "rating": rating_data(row.rating_count, row.rating_sum),
        }
        for row in rows
    ]


def scenario_list_items_of_ids(ids: Sequence[int]) -> list[dict[str, Any]]:
    """The list items of the scenarios ``ids`` (a page of a list), in that order."""
    return scenario_list_items(scenario_list_rows(ids))


class OriginSerializer(serializers.Serializer):
    id = serializers.UUIDField(help_text="The original's `id`")
    version = serializers.IntegerField(
        allow_null=True, help_text="Its version when copied (null for copies made before versions)"
    )
    current_version = serializers.IntegerField(help_text="Its version now")
    changed_since_copy = serializers.BooleanField(
        help_text="The original has been changed since the copy was made"
    )


class ScenarioDetailOutputSerializer(ScenarioOutputSerializer):
    """One scenario: its document and what the requester may do with it."""

    document = ScenarioDocumentField(help_text="The Scenario document (interchange format v1)")
    data_revision = serializers.CharField(
        source="data_revision.label",
        allow_null=True,
        help_text="The reference data revision it was last checked against",
    )
    checked_at = serializers.DateTimeField(allow_null=True)
    version = serializers.IntegerField(
        help_text="Its current version (1 when created, one more for each saved change)"
    )
    origin = serializers.SerializerMethodField(
        help_text="For a copy: the scenario it was copied from (while it exists), the version "
        "copied, and whether the original has changed since; null otherwise"
    )
    outdated = serializers.SerializerMethodField(
        help_text="The reference data changed since the last check: PATCH `{}` checks again"
    )
    can_edit = serializers.SerializerMethodField()

    def get_outdated(self, scenario: Scenario) -> bool:
        current = self.context.get("data_revision_id")
        return current is not None and scenario.data_revision_id != current

    def get_can_edit(self, scenario: Scenario) -> bool:
        return bool(self.context["rights"].can_edit)

    @extend_schema_field(OriginSerializer(allow_null=True))
    def get_origin(self, scenario: Scenario) -> dict[str, Any] | None:
        original = scenario.forked_from
        if original is None:
            return None
        return {
            "id": original.public_id,
            "version": scenario.forked_from_version,
            "current_version": original.version,
            "changed_since_copy": scenario.forked_from_version is not None
            and original.version > scenario.forked_from_version,
        }


class ScenarioCreateInputSerializer(StrictSerializer):
    document = ScenarioDocumentField(help_text="The Scenario document (interchange format v1)")
    visibility = _visibility(default="private")
    library = _library_id(required=False, default=None)


class ScenarioUpdateInputSerializer(StrictSerializer):
    document = ScenarioDocumentField()
    visibility = _visibility()
    library = _library_id()


class ScenarioPartialUpdateInputSerializer(StrictSerializer):
    document = ScenarioDocumentField(required=False)
    visibility = _visibility(required=False)
    library = _library_id(required=False)


class ForkInputSerializer(StrictSerializer):
    library = _library_id(required=False, default=None)


# --- Libraries ------------------------------------------------------------------------------


class LibraryOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField(source="public_id", help_text="Stable id: the share link's")
    title = serializers.CharField()
    description = serializers.CharField()
    owner = serializers.CharField(source="owner.username", help_text="The owner's username")
    visibility = _visibility()
    collaborators = serializers.SerializerMethodField(
        help_text="Usernames of the collaborators; shown to the owner and the collaborators "
        "only (null for anyone else)"
    )
    forked_from = serializers.UUIDField(source="forked_from.public_id", allow_null=True)
    forked_from_title = serializers.CharField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    scenario_count = serializers.IntegerField(help_text="Its live scenarios")
    play_count = serializers.IntegerField(help_text="Its scenarios' counted plays")
    follower_count = serializers.IntegerField(help_text="Players who follow it")
    rating = serializers.SerializerMethodField(
        help_text="Its scenarios' ratings together: the plain `average` of all their stars "
        "(null with none) and their `count`"
    )

    @extend_schema_field(RatingSerializer)
    def get_rating(self, library: Library) -> dict[str, Any]:
        return rating_data(library.rating_count, library.rating_sum)

    @extend_schema_field(serializers.ListField(child=serializers.CharField(), allow_null=True))
    def get_collaborators(self, library: Library) -> list[str] | None:
        # The requester's rights over each library, by its pk (the view asked the selectors).
        rights = self.context["rights"][library.pk]
        if not rights.can_see_collaborators:
            return None
        return sorted(user.username for user in library.collaborators.all())


class LibraryDetailOutputSerializer(LibraryOutputSerializer):
    can_edit = serializers.SerializerMethodField()

    def get_can_edit(self, library: Library) -> bool:
        return bool(self.context["rights"][library.pk].can_edit)


class LibraryCreateInputSerializer(StrictSerializer):
    title = serializers.CharField(max_length=TITLE_MAX_LENGTH, validators=[validate_public_text])
    description = serializers.CharField(
        max_length=DESCRIPTION_MAX_LENGTH,
        allow_blank=True,
        default="",
        validators=[validate_optional_public_text],
    )
    visibility = _visibility(default="private")


class LibraryUpdateInputSerializer(StrictSerializer):
    title = serializers.CharField(max_length=TITLE_MAX_LENGTH, validators=[validate_public_text])
    description = serializers.CharField(
        max_length=DESCRIPTION_MAX_LENGTH,
        allow_blank=True,
        validators=[validate_optional_public_text],
    )
    visibility = _visibility()


class LibraryPartialUpdateInputSerializer(StrictSerializer):
    title = serializers.CharField(
        max_length=TITLE_MAX_LENGTH, required=False, validators=[validate_public_text]
    )
    description = serializers.CharField(
        max_length=DESCRIPTION_MAX_LENGTH,
        allow_blank=True,
        required=False,
        validators=[validate_optional_public_text],
    )
    visibility = _visibility(required=False)


class CollaboratorInputSerializer(StrictSerializer):
    # Usernames as the sign-up accepts them (Django's UnicodeUsernameValidator: letters,
    # digits and @.+-_), so that the schema does not promise names no account can have.
    username = serializers.RegexField(
        r"^[\w.@+-]+$", max_length=150, help_text="The username of the user to add"
    )


class CollaboratorsOutputSerializer(serializers.Serializer):
    collaborators = serializers.ListField(
        child=serializers.CharField(), help_text="Usernames, in alphabetical order"
    )


# The JSON Schemas are served as they are defined (JSON Schema 2020-12, not OpenAPI).
JSON_SCHEMA_RESPONSE = OpenApiTypes.OBJECT
