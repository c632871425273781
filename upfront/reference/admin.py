"""Admin for the reference data: searchable, filterable, showing rule references.

Every change made here records a new :class:`DataRevision`, so scenarios can tell which
version of the data they were checked against.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from upfront.reference import models
from upfront.reference.services import data_revision_create


class RevisionAdmin(admin.ModelAdmin):
    """Base admin: records a data revision on every save or delete."""

    list_per_page = 100
    readonly_fields: tuple[str, ...] = ()

    def _revise(self, request: HttpRequest, obj: Model, verb: str) -> None:
        data_revision_create(
            reason=f"admin: {verb} {obj._meta.verbose_name} {obj}", user=request.user
        )

    def save_model(self, request: HttpRequest, obj: Model, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        self._revise(request, obj, "changed" if change else "added")

    def delete_model(self, request: HttpRequest, obj: Model) -> None:
        self._revise(request, obj, "deleted")
        super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        count = queryset.count()
        super().delete_queryset(request, queryset)
        data_revision_create(
            reason=f"admin: deleted {count} {queryset.model._meta.verbose_name_plural}",
            user=request.user,
        )


@admin.register(models.DataRevision)
class DataRevisionAdmin(admin.ModelAdmin):
    list_display = ("id", "created_at", "reason", "content_hash", "created_by")
    search_fields = ("reason",)
    readonly_fields = ("created_at", "reason", "content_hash", "created_by")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(models.Period)
class PeriodAdmin(RevisionAdmin):
    list_display = ("code", "year", "half", "order")


class TroopTypeInline(admin.TabularInline):
    model = models.TroopType
    extra = 0
    fields = ("troop_type", "national_name_en", "national_name_it", "rule")


class NationalityRuleInline(admin.TabularInline):
    model = models.NationalityRule
    extra = 0
    fields = ("rule", "applies_to", "topic", "summary_en")


@admin.register(models.Nationality)
class NationalityAdmin(RevisionAdmin):
    list_display = (
        "code",
        "name_en",
        "side",
        "hand_size",
        "max_discards",
        "split_cards",
        "squad_break_percent",
        "squad_break_inclusive",
        "squad_max_men",
        "at_secondary_limit",
        "rule",
    )
    list_filter = ("side", "split_cards")
    search_fields = ("code", "name_en", "name_it", "special_characteristics")
    inlines = [TroopTypeInline, NationalityRuleInline]


@admin.register(models.NationalityRule)
class NationalityRuleAdmin(RevisionAdmin):
    list_display = ("rule", "nationality", "applies_to", "topic", "summary_en")
    list_filter = ("nationality", "applies_to")
    search_fields = ("rule", "topic", "summary_en", "summary_it")


@admin.register(models.TroopType)
class TroopTypeAdmin(RevisionAdmin):
    list_display = ("nationality", "troop_type", "national_name_en", "national_name_it", "rule")
    list_filter = ("nationality", "troop_type")
    search_fields = ("national_name_en", "national_name_it", "effect_en")


@admin.register(models.ForceVariant)
class ForceVariantAdmin(RevisionAdmin):
    list_display = ("code", "nationality", "label_en", "available_from", "min_morale", "rule")
    list_filter = ("code", "nationality")


@admin.register(models.UnitTypeRow)
class UnitTypeRowAdmin(RevisionAdmin):
    list_display = (
        "theatre",
        "nationality",
        "period",
        "troop_type",
        "printed",
        "rpn_low",
        "rpn_high",
        "rule",
        "confidence",
    )
    list_filter = ("theatre", "nationality", "period", "troop_type")
    search_fields = ("source",)


@admin.register(models.Weapon)
class WeaponAdmin(RevisionAdmin):
    list_display = (
        "code",
        "full_name",
        "weapon_class",
        "is_secondary",
        "counts_toward_at_limit",
        "dyo_cost",
        "available",
    )
    list_filter = ("is_secondary", "counts_toward_at_limit")
    search_fields = ("code", "full_name", "aliases")


@admin.register(models.PersonalityCard)
class PersonalityCardAdmin(RevisionAdmin):
    list_display = (
        "nationality",
        "card_no",
        "name",
        "rank",
        "leader_role",
        "weapon",
        "unit_kind",
        "dyo_points",
        "morale",
        "panic",
        "available",
        "confidence",
    )
    list_filter = ("nationality", "unit_kind", "leader_role", "weapon", "confidence")
    search_fields = ("name", "name_variants", "vehicle_type", "=card_no")
    list_editable = ("dyo_points", "morale", "panic", "available")


@admin.register(models.DYOPrice)
class DYOPriceAdmin(RevisionAdmin):
    list_display = (
        "item",
        "nationality",
        "troop_types",
        "fire_strength",
        "after_deck",
        "points",
        "multiplier",
        "available_from",
        "rule",
    )
    list_filter = ("item", "nationality")
    search_fields = ("price_rule", "rule")


@admin.register(models.SecondaryWeaponPermission)
class SecondaryWeaponPermissionAdmin(RevisionAdmin):
    list_display = ("weapon", "nationality", "allowed", "rule", "note")
    list_filter = ("weapon", "nationality", "allowed")


@admin.register(models.RandomReinforcementRow)
class RandomReinforcementRowAdmin(RevisionAdmin):
    list_display = ("nationality", "rn", "printed", "sniper", "free_choice", "rule")
    list_filter = ("nationality", "rn", "rule")


@admin.register(models.DYOTableRow)
class DYOTableRowAdmin(RevisionAdmin):
    list_display = ("table", "key", "value", "rule", "confidence")
    list_filter = ("table", "confidence")
    search_fields = ("table", "key", "key_it", "value", "value_it", "detail", "detail_it", "rule")


@admin.register(models.ValidMatchup)
class ValidMatchupAdmin(RevisionAdmin):
    list_display = ("nation_a", "nation_b", "valid_historical", "rule")
    list_filter = ("valid_historical",)


@admin.register(models.ActionDeckFact)
class ActionDeckFactAdmin(RevisionAdmin):
    list_display = ("card_no", "card_type", "fact", "confidence")
    search_fields = ("card_no", "card_type", "fact")


@admin.register(models.AFVCostDerivation)
class AFVCostDerivationAdmin(RevisionAdmin):
    list_display = ("nationality", "card_no", "implied_dyo_points", "confidence")
    list_filter = ("nationality", "confidence")


@admin.register(models.TerrainCardType)
class TerrainCardTypeAdmin(RevisionAdmin):
    list_display = ("code", "name_en", "name_it", "tem", "rule")
    search_fields = ("code", "name_en", "name_it")


class TerrainSubstitutionInline(admin.StackedInline):
    model = models.TerrainSubstitution
    fk_name = "deck"
    extra = 0


class TerrainDeckRuleInline(admin.TabularInline):
    model = models.TerrainDeckRule
    extra = 0
    fields = ("rule", "topic", "summary_en")


@admin.register(models.TerrainDeck)
class TerrainDeckAdmin(RevisionAdmin):
    list_display = ("code", "name_en", "name_it", "rule")
    inlines = [TerrainDeckRuleInline, TerrainSubstitutionInline]


@admin.register(models.TerrainSubstitution)
class TerrainSubstitutionAdmin(RevisionAdmin):
    list_display = (
        "deck",
        "replacement_en",
        "replaces",
        "card_number",
        "elevation_level",
        "tem",
        "cower",
        "rule",
    )
    list_filter = ("deck", "replaces", "cower")
    search_fields = ("replacement_en", "replacement_it", "effects_en", "rule")


@admin.register(models.FireIgnitionEntry)
class FireIgnitionEntryAdmin(RevisionAdmin):
    list_display = ("weapon_group", "terrain_group", "result", "rule")


@admin.register(models.FireRule)
class FireRuleAdmin(RevisionAdmin):
    list_display = ("rule", "topic", "summary_en")


@admin.register(models.WeatherCondition)
class WeatherConditionAdmin(RevisionAdmin):
    list_display = ("code", "rule", "kind", "name_en", "name_it", "only_by_ssr")
    list_filter = ("kind", "only_by_ssr")
    search_fields = ("code", "name_en", "name_it", "summary_en")
    filter_horizontal = ("requires", "requires_any", "implies", "excludes")


@admin.register(models.Topography)
class TopographyAdmin(RevisionAdmin):
    list_display = ("code", "name_en", "theatre", "cower_cards", "entrenchment_rn", "rule")


@admin.register(models.EnvironmentalCondition)
class EnvironmentalConditionAdmin(RevisionAdmin):
    list_display = (
        "code",
        "name_en",
        "fire_modifier",
        "to_hit_modifier",
        "malfunction_modifier",
        "repair_modifier",
        "rule",
    )


@admin.register(models.MountainTroopAvailability)
class MountainTroopAvailabilityAdmin(RevisionAdmin):
    list_display = ("nation_en", "nationality", "available_from", "rule")


@admin.register(models.RuleSummary)
class RuleSummaryAdmin(RevisionAdmin):
    list_display = ("group", "rule", "topic", "summary_en")
    list_filter = ("group",)
    search_fields = ("rule", "topic", "summary_en", "summary_it")


@admin.register(models.SpecialRule)
class SpecialRuleAdmin(RevisionAdmin):
    list_display = ("code", "category", "rule", "text_en")
    list_filter = ("category",)
    search_fields = ("code", "text_en", "text_it", "rule")


class MountainAdaptationInline(admin.StackedInline):
    model = models.MountainAdaptation
    extra = 0


@admin.register(models.PublishedScenario)
class PublishedScenarioAdmin(RevisionAdmin):
    list_display = (
        "letter",
        "name",
        "name_it",
        "expansion",
        "time_limit_decks",
        "dyo_attacker",
        "dyo_defender",
        "confidence",
    )
    list_filter = ("expansion", "confidence")
    search_fields = ("letter", "name", "name_it", "victory_summary", "victory_summary_it")
    inlines = [MountainAdaptationInline]


@admin.register(models.MountainAdaptation)
class MountainAdaptationAdmin(RevisionAdmin):
    list_display = ("scenario", "excluded", "topography_required", "rule")
    list_filter = ("excluded",)


class RandomNumberFrequencyInline(admin.TabularInline):
    model = models.RandomNumberFrequency
    extra = 0
    fields = ("number", "colour", "cards", "weight", "confidence", "source", "note", "note_it")


@admin.register(models.RandomNumberDistribution)
class RandomNumberDistributionAdmin(RevisionAdmin):
    """The RN distribution the simulation uses.

    Saving the page records a revision (``RevisionAdmin.save_model``); the catalogue is rebuilt
    when the transaction commits, after the inline frequencies are saved too.
    """

    list_display = ("code", "is_assumption", "confidence", "rule", "source")
    fields = (
        "code",
        "is_assumption",
        "assumption_en",
        "assumption_it",
        "rule",
        "source",
        "confidence",
        "note",
        "note_it",
    )
    inlines = [RandomNumberFrequencyInline]


@admin.register(models.RandomNumberFrequency)
class RandomNumberFrequencyAdmin(RevisionAdmin):
    list_display = ("distribution", "number", "colour", "cards", "weight", "confidence")
    list_filter = ("distribution", "colour", "confidence")
