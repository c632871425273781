"""Input/output serializers of the scenario and library API (one set per operation).

The Scenario and Library documents are parsed and checked by the rules engine through
``scenarios.services`` (every fault with its JSON path); here they are only described, by the
OpenAPI components made from their JSON Schemas (``upfront.api.openapi``).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scenarios.api.play_serializers import BalanceSerializer
from scenarios.models import VISIBILITY_CHOICES, Library, Scenario
from scenarios.plays.presenters import balance_data, scenario_balance_of_columns
from scenarios.selectors import scenario_visibility
from upfront.api.openapi import SCENARIO_REF
from upfront.rules.scenario import DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH


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

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_based_on(self, scenario: Scenario) -> str | None:
        return scenario.based_on or None

    @extend_schema_field(serializers.ChoiceField(choices=VISIBILITY_CHOICES))
    def get_effective_visibility(self, scenario: Scenario) -> str:
        return scenario_visibility(scenario)

    @extend_schema_field(BalanceSerializer)
    def get_plays(self, scenario: Scenario) -> dict[str, Any]:
        return balance_data(scenario_balance_of_columns(scenario))


_DATETIME = serializers.DateTimeField()


def scenario_list_item(scenario: Scenario) -> dict[str, Any]:
    """What ``ScenarioOutputSerializer`` answers for ``scenario`` (the schema's description of
    a list item), written out: DRF's machinery per field and row cost a fresh list page of
    20 rows about a fifth of its time (docs/performance.md, issue 15 §7). A test checks the
    two agree (tests/scenarios/api/test_list_cache.py)."""
    library, forked_from = scenario.library, scenario.forked_from
    return {
        "id": str(scenario.public_id),
        "title": scenario.title,
        "description": scenario.description,
        "language": scenario.language,
        "based_on": scenario.based_on or None,
        "owner": scenario.owner.username,
        "library": str(library.public_id) if library is not None else None,
        "visibility": scenario.visibility,
        "effective_visibility": scenario_visibility(scenario),
        "period": scenario.period,
        "theatre": scenario.theatre,
        "terrain_deck": scenario.terrain_deck,
        "nationalities": scenario.nationality_codes,
        "weather": scenario.weather_codes,
        "expansions": scenario.expansion_codes,
        "size_points": scenario.size_points,
        "valid": bool(scenario.valid),
        "forked_from": str(forked_from.public_id) if forked_from is not None else None,
        "forked_from_title": scenario.forked_from_title,
        "created_at": _DATETIME.to_representation(scenario.created_at),
        "updated_at": _DATETIME.to_representation(scenario.updated_at),
        "plays": balance_data(scenario_balance_of_columns(scenario)),
    }


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
        return bool(self.context.get("can_edit"))

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


class ScenarioCreateInputSerializer(serializers.Serializer):
    document = ScenarioDocumentField(help_text="The Scenario document (interchange format v1)")
    visibility = _visibility(default="private")
    library = _library_id(required=False, default=None)


class ScenarioUpdateInputSerializer(serializers.Serializer):
    document = ScenarioDocumentField()
    visibility = _visibility()
    library = _library_id()


class ScenarioPartialUpdateInputSerializer(serializers.Serializer):
    document = ScenarioDocumentField(required=False)
    visibility = _visibility(required=False)
    library = _library_id(required=False)


class ForkInputSerializer(serializers.Serializer):
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

    @extend_schema_field(serializers.ListField(child=serializers.CharField(), allow_null=True))
    def get_collaborators(self, library: Library) -> list[str] | None:
        # From the prefetched collaborators: no query per library.
        collaborators = library.collaborators.all()
        uid = self.context.get("user_id")
        if uid is None or (
            uid != library.owner_id and uid not in {user.pk for user in collaborators}
        ):
            return None
        return sorted(user.username for user in collaborators)


class LibraryDetailOutputSerializer(LibraryOutputSerializer):
    can_edit = serializers.SerializerMethodField()

    def get_can_edit(self, library: Library) -> bool:
        return bool(self.context.get("can_edit"))


class LibraryCreateInputSerializer(serializers.Serializer):
    title = serializers.CharField(max_length=TITLE_MAX_LENGTH)
    description = serializers.CharField(
        max_length=DESCRIPTION_MAX_LENGTH, allow_blank=True, default=""
    )
    visibility = _visibility(default="private")


class LibraryUpdateInputSerializer(serializers.Serializer):
    title = serializers.CharField(max_length=TITLE_MAX_LENGTH)
    description = serializers.CharField(max_length=DESCRIPTION_MAX_LENGTH, allow_blank=True)
    visibility = _visibility()


class LibraryPartialUpdateInputSerializer(serializers.Serializer):
    title = serializers.CharField(max_length=TITLE_MAX_LENGTH, required=False)
    description = serializers.CharField(
        max_length=DESCRIPTION_MAX_LENGTH, allow_blank=True, required=False
    )
    visibility = _visibility(required=False)


class CollaboratorInputSerializer(serializers.Serializer):
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
