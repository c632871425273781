"""Read-only serializers of the reference data (codes as in the v1 interchange format).

Kept whole: one serializer per reference model, each a field list; nothing here computes.

Localised fields (``name``, ``summary``, ``text``) follow the request's language
(``Accept-Language: it``); the ``*_en``/``*_it`` originals are included as well.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from upfront.reference import models, selectors

PROVENANCE = ("rule", "source", "confidence", "note", "note_it")


class DataTextField(serializers.CharField):
    """A text the reference CSVs give in English (``value``), in the request's language: its
    Italian twin (``value_it``) when there is one. The serializers list the originals too."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(read_only=True, **kwargs)  # type: ignore[arg-type]

    def get_attribute(self, instance: object) -> str:
        return models.localized(instance, self.source)


def _data_texts(*names: str) -> tuple[str, ...]:
    """The field names of localised data texts: each, its English and its Italian original."""
    return tuple(name for field in names for name in (field, f"{field}_en", f"{field}_it"))


def _english(field: str) -> serializers.CharField:
    return serializers.CharField(source=field, read_only=True)


class NationalityRuleSerializer(serializers.ModelSerializer):
    summary = serializers.CharField(read_only=True)

    class Meta:
        model = models.NationalityRule
        fields = ("rule", "applies_to", "topic", "summary", "summary_en", "summary_it", "params")


class TroopTypeSerializer(serializers.ModelSerializer):
    code = serializers.CharField(source="troop_type")
    national_name = serializers.SerializerMethodField()
    effect = serializers.SerializerMethodField()

    class Meta:
        model = models.TroopType
        fields = (
            "code",
            "national_name",
            "national_name_en",
            "national_name_it",
            "effect",
            "params",
            *PROVENANCE,
        )

    def get_national_name(self, obj: models.TroopType) -> str:
        return obj.tr("national_name")

    def get_effect(self, obj: models.TroopType) -> str:
        return obj.tr("effect")


class ForceVariantSerializer(serializers.ModelSerializer):
    nationality = serializers.CharField(source="nationality.code")
    available_from = serializers.CharField(source="available_from.code", allow_null=True)
    label = serializers.SerializerMethodField()
    summary = serializers.CharField(read_only=True)

    class Meta:
        model = models.ForceVariant
        fields = (
            "code",
            "nationality",
            "label",
            "available_from",
            "min_morale",
            "dyo_percent",
            "summary",
            *PROVENANCE,
        )

    def get_label(self, obj: models.ForceVariant) -> str:
        return obj.tr("label")


class NationalitySerializer(serializers.ModelSerializer):
    name = serializers.CharField(read_only=True)
    discard_condition = DataTextField()
    discard_condition_en = _english("discard_condition")
    split_cards_note = DataTextField()
    split_cards_note_en = _english("split_cards_note")
    squad_break_rule = DataTextField()
    squad_break_rule_en = _english("squad_break_rule")
    partisans = DataTextField()
    partisans_en = _english("partisans")
    special_characteristics = DataTextField()
    special_characteristics_en = _english("special_characteristics")
    troop_types = TroopTypeSerializer(many=True, read_only=True)
    rules = NationalityRuleSerializer(many=True, read_only=True)
    variants = ForceVariantSerializer(many=True, read_only=True)

    class Meta:
        model = models.Nationality
        fields = (
            "code",
            "name",
            "name_en",
            "name_it",
            "side",
            "hand_size",
            "max_discards",
            "discards_unlimited",
            *_data_texts("discard_condition"),
            "split_cards",
            *_data_texts("split_cards_note"),
            "squad_break_percent",
            "squad_break_inclusive",
            *_data_texts("squad_break_rule"),
            "squad_max_men",
            "at_secondary_limit",
            *_data_texts("partisans", "special_characteristics"),
            "troop_types",
            "variants",
            "rules",
            *PROVENANCE,
        )


class UnitTypeRowSerializer(serializers.ModelSerializer):
    nationality = serializers.CharField(source="nationality.code")
    period = serializers.CharField(source="period.code")

    class Meta:
        model = models.UnitTypeRow
        fields = (
            "theatre",
            "nationality",
            "period",
            "troop_type",
            "printed",
            "printed_period",
            "rpn_low",
            "rpn_high",
            *PROVENANCE,
        )


class RandomReinforcementSerializer(serializers.ModelSerializer):
    nationality = serializers.CharField(source="nationality.code")
    cards = serializers.ListField(child=serializers.IntegerField())
    missing_cards = serializers.SerializerMethodField(
        help_text="The numbers in `cards` that no personality card of the reference data has "
        "(the table prints them, no source describes the card)"
    )

    class Meta:
        model = models.RandomReinforcementRow
        fields = (
            "nationality",
            "rn",
            "cards",
            "missing_cards",
            "sniper",
            "free_choice",
            "printed",
            *PROVENANCE,
        )

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_missing_cards(self, row: models.RandomReinforcementRow) -> list[int]:
        known = self.context.get("known_cards")
        if known is None:  # outside the view set: look them up
            known = selectors.card_numbers()
        return selectors.missing_cards(row, known)


class WeaponSerializer(serializers.ModelSerializer):
    class Meta:
        model = models.Weapon
        fields = (
            "code",
            "full_name",
            "aliases",
            "weapon_class",
            "nationalities",
            "is_secondary",
            "crew_served",
            "counts_toward_at_limit",
            "at_limit_note",
            "dyo_cost",
            "available",
            "cc_value",
            *PROVENANCE,
        )


class PersonalityCardSerializer(serializers.ModelSerializer):
    nationality = serializers.CharField(source="nationality.code")
    card = serializers.IntegerField(source="card_no", allow_null=True)
    weapon = serializers.CharField(source="weapon.code", allow_null=True)
    available_from = serializers.CharField(source="available_from.code", allow_null=True)
    available_to = serializers.CharField(source="available_to.code", allow_null=True)

    class Meta:
        model = models.PersonalityCard
        fields = (
            "nationality",
            "card",
            "name",
            "name_variants",
            "rank",
            "leader_role",
            "weapon",
            "weapon_printed",
            "unit_kind",
            "vehicle_type",
            "dyo_points",
            "dyo_points_roster",
            "kia_value",
            "morale",
            "panic",
            "available",
            "available_from",
            "available_to",
            *PROVENANCE,
        )


class DYOPriceSerializer(serializers.ModelSerializer):
    nationality = serializers.CharField(source="nationality.code", allow_null=True)
    available_from = serializers.CharField(source="available_from.code", allow_null=True)
    troop_types = serializers.SerializerMethodField()
    multiplier = serializers.DecimalField(
        max_digits=5, decimal_places=3, coerce_to_string=False, allow_null=True
    )
    price_rule = DataTextField()
    price_rule_en = _english("price_rule")

    class Meta:
        model = models.DYOPrice
        fields = (
            "item",
            "nationality",
            "troop_types",
            "fire_strength",
            "after_deck",
            "points",
            "multiplier",
            "available_from",
            *_data_texts("price_rule"),
            *PROVENANCE,
        )

    def get_troop_types(self, obj: models.DYOPrice) -> list[str]:
        return [t for t in obj.troop_types.split(",") if t]


class SecondaryWeaponPermissionSerializer(serializers.ModelSerializer):
    nationality = serializers.CharField(source="nationality.code")

    class Meta:
        model = models.SecondaryWeaponPermission
        fields = ("weapon", "nationality", "allowed", *PROVENANCE)


class DYOTableRowSerializer(serializers.ModelSerializer):
    # ``key`` identifies the row (the CSV's words); ``label`` is it in the request's language.
    label = DataTextField(source="key")
    value = DataTextField()
    value_en = _english("value")
    detail = DataTextField()
    detail_en = _english("detail")
    deck_removal = DataTextField()
    deck_removal_en = _english("deck_removal")
    cower_cards = DataTextField()
    cower_cards_en = _english("cower_cards")

    class Meta:
        model = models.DYOTableRow
        fields = (
            "table",
            "key",
            "label",
            "key_it",
            "rpn",
            *_data_texts("value", "detail", "deck_removal", "cower_cards"),
            *PROVENANCE,
        )


class TerrainSubstitutionSerializer(serializers.ModelSerializer):
    replacement = serializers.SerializerMethodField()
    replaces = serializers.CharField(source="replaces.code", allow_null=True)
    effects = serializers.SerializerMethodField()

    class Meta:
        model = models.TerrainSubstitution
        fields = (
            "replacement",
            "replacement_code",
            "replacement_en",
            "replacement_it",
            "replaces",
            "replaces_note",
            "card_number",
            "count",
            "elevation_level",
            "tem",
            "table_tem",
            "tem_note",
            "refusable",
            "entrenchment",
            "infiltration",
            "vehicles",
            "cower",
            "effects",
            "effects_en",
            "effects_it",
            *PROVENANCE,
        )

    def get_replacement(self, obj: models.TerrainSubstitution) -> str:
        return obj.tr("replacement")

    def get_effects(self, obj: models.TerrainSubstitution) -> str:
        return obj.tr("effects")


class TerrainDeckRuleSerializer(serializers.ModelSerializer):
    summary = serializers.CharField(read_only=True)

    class Meta:
        model = models.TerrainDeckRule
        fields = (
            "rule",
            "topic",
            "summary",
            "summary_en",
            "summary_it",
            "params",
            "source",
            "note",
        )


class TerrainDeckSerializer(serializers.ModelSerializer):
    name = serializers.CharField(read_only=True)
    summary = serializers.CharField(read_only=True)
    deck_rules = TerrainDeckRuleSerializer(many=True, read_only=True)
    substitutions = TerrainSubstitutionSerializer(many=True, read_only=True)

    class Meta:
        model = models.TerrainDeck
        fields = (
            "code",
            "name",
            "name_en",
            "name_it",
            "summary",
            "summary_en",
            "summary_it",
            "deck_rules",
            "substitutions",
            *PROVENANCE,
        )


class TerrainCardTypeSerializer(serializers.ModelSerializer):
    name = serializers.CharField(read_only=True)

    class Meta:
        model = models.TerrainCardType
        fields = ("code", "name", "name_en", "name_it", "tem", "tem_note", *PROVENANCE)


class FireIgnitionSerializer(serializers.ModelSerializer):
    class Meta:
        model = models.FireIgnitionEntry
        fields = ("weapon_group", "terrain_group", "result", *PROVENANCE)


class FireRuleSerializer(serializers.ModelSerializer):
    summary = serializers.CharField(read_only=True)

    class Meta:
        model = models.FireRule
        fields = ("topic", "summary", "params", *PROVENANCE)


class WeatherConditionSerializer(serializers.ModelSerializer):
    name = serializers.CharField(read_only=True)
    summary = serializers.CharField(read_only=True)
    requires = serializers.SerializerMethodField()
    requires_any = serializers.SerializerMethodField()
    implies = serializers.SerializerMethodField()
    excludes = serializers.SerializerMethodField()
    check = serializers.JSONField(source="deck_check")

    class Meta:
        model = models.WeatherCondition
        fields = (
            "code",
            "kind",
            "name",
            "summary",
            "effects",
            "requires",
            "requires_any",
            "implies",
            "excludes",
            "check",
            "enables",
            "only_by_ssr",
            *PROVENANCE,
        )

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_requires(self, obj: models.WeatherCondition) -> list[str]:
        return [c.code for c in obj.requires.all()]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_requires_any(self, obj: models.WeatherCondition) -> list[str]:
        return [c.code for c in obj.requires_any.all()]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_implies(self, obj: models.WeatherCondition) -> list[str]:
        return [c.code for c in obj.implies.all()]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_excludes(self, obj: models.WeatherCondition) -> list[str]:
        return [c.code for c in obj.excludes.all()]


class TopographySerializer(serializers.ModelSerializer):
    name = serializers.CharField(read_only=True)
    summary = serializers.CharField(read_only=True)

    class Meta:
        model = models.Topography
        fields = (
            "code",
            "name",
            "theatre",
            "cower_cards",
            "entrenchment_rn",
            "summary",
            *PROVENANCE,
        )


class EnvironmentSerializer(serializers.ModelSerializer):
    name = serializers.CharField(read_only=True)
    summary = serializers.CharField(read_only=True)

    class Meta:
        model = models.EnvironmentalCondition
        fields = (
            "code",
            "name",
            "fire_modifier",
            "to_hit_modifier",
            "malfunction_modifier",
            "repair_modifier",
            "entrenchment",
            "deck_end_check",
            "cold_war_rules",
            "summary",
            *PROVENANCE,
        )


class MountainTroopSerializer(serializers.ModelSerializer):
    nationality = serializers.CharField(source="nationality.code", allow_null=True)
    available_from = serializers.CharField(source="available_from.code", allow_null=True)

    class Meta:
        model = models.MountainTroopAvailability
        fields = ("nation_en", "nation_it", "nationality", "available_from", *PROVENANCE)


class SpecialRuleSerializer(serializers.ModelSerializer):
    text = serializers.CharField(read_only=True)

    class Meta:
        model = models.SpecialRule
        fields = ("code", "category", "parameters", "text", "text_en", "text_it", *PROVENANCE)


class MountainAdaptationSerializer(serializers.ModelSerializer):
    topography_required = serializers.CharField(source="topography_required.code", allow_null=True)

    class Meta:
        model = models.MountainAdaptation
        fields = (
            "excluded",
            "exclusion_reason_en",
            "exclusion_reason_it",
            "cards_removed_en",
            "cards_removed_it",
            "special_rules",
            "topography_required",
            *PROVENANCE,
        )


class PublishedScenarioSerializer(serializers.ModelSerializer):
    name = DataTextField()
    name_en = _english("name")
    type = serializers.CharField(source="scenario_type")
    first_player = DataTextField()
    first_player_en = _english("first_player")
    time_limit_text = DataTextField()
    time_limit_text_en = _english("time_limit_text")
    deck_removals = DataTextField()
    deck_removals_en = _english("deck_removals")
    cower_cards = DataTextField()
    cower_cards_en = _english("cower_cards")
    card_allocations = DataTextField()
    card_allocations_en = _english("card_allocations")
    victory_summary = DataTextField()
    victory_summary_en = _english("victory_summary")
    dyo_attacker_text = DataTextField()
    dyo_attacker_text_en = _english("dyo_attacker_text")
    dyo_defender_text = DataTextField()
    dyo_defender_text_en = _english("dyo_defender_text")
    special_notes = DataTextField()
    special_notes_en = _english("special_notes")
    mountain_adaptation = MountainAdaptationSerializer(read_only=True, allow_null=True)

    class Meta:
        model = models.PublishedScenario
        fields = (
            "letter",
            *_data_texts("name"),
            "expansion",
            "type",
            "nationalities_with_oob",
            "attacker_options",
            "defender_options",
            *_data_texts("first_player"),
            "time_limit_decks",
            *_data_texts("time_limit_text", "deck_removals", "cower_cards", "card_allocations"),
            *_data_texts("victory_summary"),
            "dyo_attacker",
            "dyo_defender",
            *_data_texts("dyo_attacker_text", "dyo_defender_text"),
            "dyo_note",
            *_data_texts("special_notes"),
            "mountain_adaptation",
            *PROVENANCE,
        )


class ValidMatchupSerializer(serializers.ModelSerializer):
    nation_a = serializers.CharField(source="nation_a.code")
    nation_b = serializers.CharField(source="nation_b.code")

    class Meta:
        model = models.ValidMatchup
        fields = ("nation_a", "nation_b", "valid_historical", *PROVENANCE)


class DataRevisionSerializer(serializers.ModelSerializer):
    label = serializers.CharField(read_only=True)

    class Meta:
        model = models.DataRevision
        fields = ("id", "label", "created_at", "reason", "content_hash")
