"""Read-only API of the reference data (``/api/v1/``)."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_view
from rest_framework import viewsets
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from upfront.api.strict import ListedValuesOnly, WholeNumberFilter
from upfront.reference import models, selectors
from upfront.reference.api import serializers
from upfront.reference.fetch import ReferenceDataNotLoaded


class CodeFilter(django_filters.CharFilter):
    """Filter a foreign key to a coded record by its code (``?nationality=german``)."""


class UnitTypeFilter(ListedValuesOnly):
    theatre = django_filters.ChoiceFilter(choices=models.THEATRES)
    nationality = CodeFilter(field_name="nationality__code")
    period = CodeFilter(field_name="period__code")
    troop_type = django_filters.ChoiceFilter(choices=models.TROOP_TYPES)

    class Meta:
        model = models.UnitTypeRow
        fields = ["theatre", "nationality", "period", "troop_type"]


class NationalityCodeFilter(ListedValuesOnly):
    nationality = CodeFilter(field_name="nationality__code")


class RandomReinforcementFilter(NationalityCodeFilter):
    rn = WholeNumberFilter()

    class Meta:
        model = models.RandomReinforcementRow
        fields = ["nationality", "rn"]


class PersonalityCardFilter(NationalityCodeFilter):
    weapon = CodeFilter(field_name="weapon__code")
    unit_kind = django_filters.CharFilter()
    leader_role = django_filters.CharFilter()
    card = WholeNumberFilter(field_name="card_no")

    class Meta:
        model = models.PersonalityCard
        fields = ["nationality", "weapon", "unit_kind", "leader_role", "card"]


class DYOPriceFilter(NationalityCodeFilter):
    item = django_filters.ChoiceFilter(choices=models.DYOPrice.ITEMS)

    class Meta:
        model = models.DYOPrice
        fields = ["item", "nationality"]


class DYOTableFilter(ListedValuesOnly):
    table = django_filters.CharFilter()

    class Meta:
        model = models.DYOTableRow
        fields = ["table"]


class ReadOnly(viewsets.ReadOnlyModelViewSet):
    # Public data: credentials are not read, so they cannot be refused either.
    authentication_classes: list = []
    permission_classes = [AllowAny]
    pagination_class = None


@extend_schema_view(
    list=extend_schema(
        summary="Nationalities and their characteristics",
        description="Hand size, discards, split cards, squad break threshold, troop types "
        "with national names, Marines/partisans variants and numbered special rules.",
    )
)
class NationalityViewSet(ReadOnly):
    serializer_class = serializers.NationalitySerializer
    lookup_field = "code"

    def get_queryset(self) -> QuerySet[models.Nationality]:
        return models.Nationality.objects.prefetch_related(
            "troop_types", "rules", "variants__available_from", "variants__nationality"
        )


@extend_schema_view(
    list=extend_schema(
        summary="Unit type tables (43 ETO, 45.9 PTO)",
        description="One row per theatre × nationality × period × troop type; RPN column 10, "
        "a printed 0 is 10. Rows printed '-' have null ranges (not available).",
        examples=[
            OpenApiExample(
                "PTO British 1943b line",
                value=[
                    {
                        "theatre": "PTO",
                        "nationality": "british",
                        "period": "1943b",
                        "troop_type": "line",
                        "printed": "2-7",
                        "rpn_low": 2,
                        "rpn_high": 7,
                        "rule": "45.9",
                    }
                ],
                response_only=True,
            )
        ],
    )
)
class UnitTypeViewSet(ReadOnly):
    serializer_class = serializers.UnitTypeRowSerializer
    filterset_class = UnitTypeFilter
    queryset = models.UnitTypeRow.objects.select_related("nationality", "period")


@extend_schema_view(list=extend_schema(summary="Random reinforcement tables (48.3, 53.2)"))
class RandomReinforcementViewSet(ReadOnly):
    serializer_class = serializers.RandomReinforcementSerializer
    filterset_class = RandomReinforcementFilter
    queryset = models.RandomReinforcementRow.objects.select_related("nationality")

    def get_serializer_context(self) -> dict[str, Any]:
        # The card numbers each nationality has, read once for every row's missing_cards.
        return {**super().get_serializer_context(), "known_cards": selectors.card_numbers()}


@extend_schema_view(list=extend_schema(summary="Personality cards with DYO points"))
class PersonalityCardViewSet(ReadOnly):
    serializer_class = serializers.PersonalityCardSerializer
    filterset_class = PersonalityCardFilter
    queryset = models.PersonalityCard.objects.select_related(
        "nationality", "weapon", "available_from", "available_to"
    )


@extend_schema_view(list=extend_schema(summary="Weapons and their classes"))
class WeaponViewSet(ReadOnly):
    serializer_class = serializers.WeaponSerializer
    queryset = models.Weapon.objects.all()
    lookup_field = "code"


@extend_schema_view(
    list=extend_schema(summary="DYO price list (43.4-43.7, 44.8, 45.7, 48.1, 50.8, 51.5)")
)
class DYOPriceViewSet(ReadOnly):
    serializer_class = serializers.DYOPriceSerializer
    filterset_class = DYOPriceFilter
    queryset = models.DYOPrice.objects.select_related("nationality", "available_from")


@extend_schema_view(list=extend_schema(summary="Secondary weapons by nationality (31.1, 45.7)"))
class SecondaryWeaponPermissionViewSet(ReadOnly):
    serializer_class = serializers.SecondaryWeaponPermissionSerializer
    filterset_class = NationalityCodeFilter
    queryset = models.SecondaryWeaponPermission.objects.select_related("nationality")


@extend_schema_view(list=extend_schema(summary="Rule 43 tables and other DYO facts"))
class DYOTableViewSet(ReadOnly):
    serializer_class = serializers.DYOTableRowSerializer
    filterset_class = DYOTableFilter
    queryset = models.DYOTableRow.objects.all()


@extend_schema_view(list=extend_schema(summary="Terrain deck variants and substitutions"))
class TerrainDeckViewSet(ReadOnly):
    serializer_class = serializers.TerrainDeckSerializer
    lookup_field = "code"

    def get_queryset(self) -> QuerySet[models.TerrainDeck]:
        return models.TerrainDeck.objects.prefetch_related("deck_rules", "substitutions__replaces")


@extend_schema_view(list=extend_schema(summary="Terrain card types of the standard deck"))
class TerrainCardTypeViewSet(ReadOnly):
    serializer_class = serializers.TerrainCardTypeSerializer
    queryset = models.TerrainCardType.objects.all()
    lookup_field = "code"


@extend_schema_view(list=extend_schema(summary="Fire ignition table (alternative terrain)"))
class FireIgnitionViewSet(ReadOnly):
    serializer_class = serializers.FireIgnitionSerializer
    queryset = models.FireIgnitionEntry.objects.all()


@extend_schema_view(list=extend_schema(summary="Fire rules and the Burning card"))
class FireRuleViewSet(ReadOnly):
    serializer_class = serializers.FireRuleSerializer
    queryset = models.FireRule.objects.all()


@extend_schema_view(list=extend_schema(summary="Weather conditions 99.1-99.93"))
class WeatherViewSet(ReadOnly):
    serializer_class = serializers.WeatherConditionSerializer
    lookup_field = "code"

    def get_queryset(self) -> QuerySet[models.WeatherCondition]:
        return models.WeatherCondition.objects.prefetch_related(
            "requires", "requires_any", "implies", "excludes"
        )


@extend_schema_view(list=extend_schema(summary="Mountain topography (M9)"))
class TopographyViewSet(ReadOnly):
    serializer_class = serializers.TopographySerializer
    queryset = models.Topography.objects.all()
    lookup_field = "code"


@extend_schema_view(list=extend_schema(summary="Environmental conditions (M10)"))
class EnvironmentViewSet(ReadOnly):
    serializer_class = serializers.EnvironmentSerializer
    queryset = models.EnvironmentalCondition.objects.all()
    lookup_field = "code"


@extend_schema_view(list=extend_schema(summary="Mountain troop availability (M12.1)"))
class MountainTroopViewSet(ReadOnly):
    serializer_class = serializers.MountainTroopSerializer
    queryset = models.MountainTroopAvailability.objects.select_related(
        "nationality", "available_from"
    )


@extend_schema_view(list=extend_schema(summary="Published scenarios A-X with mountain adaptation"))
class PublishedScenarioViewSet(ReadOnly):
    serializer_class = serializers.PublishedScenarioSerializer
    lookup_field = "letter"
    queryset = models.PublishedScenario.objects.select_related(
        "mountain_adaptation__topography_required"
    )


@extend_schema_view(list=extend_schema(summary="Scenario special rules catalogue (SSR / RSS)"))
class SpecialRuleViewSet(ReadOnly):
    serializer_class = serializers.SpecialRuleSerializer
    queryset = models.SpecialRule.objects.all()
    lookup_field = "code"


@extend_schema_view(list=extend_schema(summary="Valid historical match-ups (Q&A 3.1)"))
class ValidMatchupViewSet(ReadOnly):
    serializer_class = serializers.ValidMatchupSerializer
    queryset = models.ValidMatchup.objects.select_related("nation_a", "nation_b")


class DataRevisionApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    needs_reference_data = ("GET",)

    @extend_schema(
        responses=serializers.DataRevisionSerializer,
        summary="Current reference data revision",
    )
    def get(self, request: Request) -> Response:
        revision = models.DataRevision.current()
        if revision is None:
            raise ReferenceDataNotLoaded
        return Response(serializers.DataRevisionSerializer(revision).data)
