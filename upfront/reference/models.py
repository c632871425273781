"""The game's reference data.

Kept whole: one schema of the game's facts (35 models on the shared ``Keyed``/``Sourced``/
``Bilingual`` bases); split by area it would only scatter the bases and their relations.

Every record carries its rule reference (``rule``: ``43.7``, ``99.7``, ``M12.1``, ``T4.2``) and
where it comes from (``source``: a file and line range of the seeds or of the reference CSVs).
Unknown values are stored as NULL and shown as unknown; nothing is guessed. Rule summaries are
our own words, in English and Italian (``*_en`` / ``*_it``). Texts the reference CSVs give only
in English keep their column's name (``value``, ``victory_summary``) and get an Italian twin
(``value_it``), our own wording from ``seed/italian.yaml`` (docs/data.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.db.models import F, Q, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

from upfront import labels
from upfront.rules import codes

PERIOD_CODES = list(codes.PERIODS)
THEATRES = labels.choices(codes.THEATRES, labels.THEATRE)
TROOP_TYPES = labels.choices(codes.TROOP_TYPES, labels.TROOP_TYPE)
# Mid-sentence labels as they are (the migrations hold them so), not capitalised choices.
CONFIDENCE = [(code, labels.CONFIDENCE[code]) for code in ("high", "medium", "low")]


class DataRevision(models.Model):
    """One version of the reference data.

    Loading the data files makes a revision; every edit in the admin makes a new one, so a
    scenario can record which revision it was checked against (roadmap: stale warnings).
    """

    created_at = models.DateTimeField(auto_now_add=True)
    reason = models.CharField(max_length=300)
    content_hash = models.CharField(max_length=64, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"r{self.pk}: {self.reason}"

    @property
    def label(self) -> str:
        return f"r{self.pk}-{self.content_hash[:8]}" if self.content_hash else f"r{self.pk}"

    @classmethod
    def current(cls) -> DataRevision | None:
        return cls.objects.order_by("-id").first()


class NaturalKeyManager(models.Manager[Any]):
    def get_by_natural_key(self, *key: Any) -> Any:
        return self.get(**self.model.natural_key_lookup(key))


class Keyed(models.Model):
    """A reference row known by a natural key: the codes the sources use, not the primary key.

    ``natural_key_fields`` are field paths (``nationality__code``) whose values identify the row
    in the data files. The loader updates the row with the same key in place, so a row keeps its
    primary key across reloads and other tables may point at it. Each model also declares a
    database constraint on the same fields; nullable parts are compared as values there
    (``Coalesce``), as they are here.
    """

    natural_key_fields: ClassVar[tuple[str, ...]] = ()
    objects = NaturalKeyManager()

    class Meta:
        abstract = True

    def natural_key(self) -> tuple[Any, ...]:
        return tuple(_follow(self, path) for path in self.natural_key_fields)

    @classmethod
    def natural_key_lookup(cls, key: Sequence[Any]) -> dict[str, Any]:
        """ORM filter arguments that find the row with this natural key."""
        return {
            path if value is not None else f"{path}__isnull": value if value is not None else True
            for path, value in zip(cls.natural_key_fields, key, strict=True)
        }


def _follow(obj: Any, path: str) -> Any:
    for part in path.split("__"):
        if obj is None:
            return None
        obj = getattr(obj, part)
    return tuple(obj) if isinstance(obj, list) else obj  # JSON lists: hashable


def _null_as(field: str, value: Any) -> Coalesce:
    """A unique constraint part that treats NULL as one value (SQL treats NULLs as distinct)."""
    return Coalesce(F(field), Value(value))


class Sourced(Keyed):
    """Provenance shared by every reference record."""

    rule = models.CharField(
        _("rule"), max_length=120, blank=True, help_text=_("Rule reference, e.g. 43.7, M12.1")
    )
    source = models.TextField(_("source"), blank=True, help_text=_("File and lines"))
    confidence = models.CharField(_("confidence"), max_length=6, blank=True, choices=CONFIDENCE)
    note = models.TextField(_("note"), blank=True)
    # Our Italian of what a player reads of the note (data/seed/notes_it.yaml).
    note_it = models.TextField(_("note (Italian)"), blank=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self._meta.verbose_name} {self.pk} ({self.rule})"


# Words a text may hold and still read the same in Italian: the nationality codes (shown as
# names), the game's abbreviations for random numbers and weapons.
_NEUTRAL_WORDS = re.compile(
    r"\b(?:" + "|".join([*codes.NATIONALITIES, "RPN", "RNC", "ATMM", r"FS\d"]) + r")\b"
)


def is_language_neutral(text: str) -> bool:
    """True when ``text`` has no word to translate: numbers, periods, codes (``8,9``, ``x0.8``,
    ``1945a``, ``RPN 3``, ``RNC 2 / british``)."""
    return not re.search(r"[A-Za-z]{2,}", _NEUTRAL_WORDS.sub("", text))


def localized(obj: Any, field: str) -> str:
    """``<field>_it`` when the active language is Italian and it is filled in; else the English,
    ``<field>_en`` or, for a text the reference CSVs give in English only, ``<field>``."""
    if labels.is_italian():
        value = getattr(obj, f"{field}_it", "")
        if value:
            return str(value)
    english = getattr(obj, f"{field}_en", None)
    return str(getattr(obj, field, "") if english is None else english)


def is_english_fallback(obj: Any, field: str) -> bool:
    """True when ``localized`` gives the English of a text that needs translating: a page marks
    it ``lang="en"``."""
    if labels.language() == "en" or getattr(obj, f"{field}_it", ""):
        return False
    return not is_language_neutral(localized(obj, field))


class Bilingual:
    """Pick ``<field>_it`` when the active language is Italian and it is filled in."""

    def tr(self, field: str) -> str:
        return localized(self, field)

    @property
    def name(self) -> str:
        return self.tr("name")

    @property
    def summary(self) -> str:
        return self.tr("summary")


class Period(Keyed):
    """Half-year periods 1941a … 1945b (a = January–June, b = July–December)."""

    natural_key_fields = ("code",)

    code = models.CharField(max_length=5, unique=True)
    year = models.PositiveSmallIntegerField()
    # As written mid-sentence ("1943b (July-December 1943)"), as the migrations hold them.
    half = models.CharField(max_length=1, choices=list(labels.PERIOD_HALF.items()))
    order = models.PositiveSmallIntegerField(unique=True)

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.code


class Nationality(Bilingual, Sourced):
    natural_key_fields = ("code",)

    code = models.CharField(max_length=12, unique=True)
    name_en = models.CharField(max_length=40)
    name_it = models.CharField(max_length=40)
    side = models.CharField(max_length=10, choices=labels.choices(("axis", "allied"), labels.SIDE))
    hand_size = models.PositiveSmallIntegerField(null=True, blank=True)
    max_discards = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Empty with 'any number' when there is no limit")
    )
    discards_unlimited = models.BooleanField(default=False)
    discard_condition = models.TextField(blank=True)
    discard_condition_it = models.TextField(blank=True)
    split_cards = models.CharField(
        max_length=20,
        blank=True,
        choices=list(labels.SPLIT_CARDS.items()),
    )
    split_cards_note = models.TextField(blank=True)
    split_cards_note_it = models.TextField(blank=True)
    squad_break_percent = models.PositiveSmallIntegerField(null=True, blank=True)
    squad_break_inclusive = models.BooleanField(
        null=True, help_text=_("True: reaching the threshold breaks; False: passing it")
    )
    squad_break_rule = models.TextField(blank=True)
    squad_break_rule_it = models.TextField(blank=True)
    firepower_bonus = models.TextField(blank=True)
    rout_rule = models.TextField(blank=True)
    partisans = models.TextField(blank=True)
    partisans_it = models.TextField(blank=True)
    squad_max_men = models.PositiveSmallIntegerField(null=True, blank=True)
    squad_rule = models.CharField(max_length=60, blank=True)
    at_secondary_limit = models.PositiveSmallIntegerField(null=True, blank=True)
    radio_cards_in_deck = models.TextField(blank=True)
    radio_cards_in_deck_it = models.TextField(blank=True)
    special_characteristics = models.TextField(blank=True)
    special_characteristics_it = models.TextField(blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order", "code"]
        verbose_name_plural = "nationalities"

    def __str__(self) -> str:
        return self.code


class NationalityRule(Bilingual, Sourced):
    """A numbered special characteristic (44.3 British fire-power bonus, 45.31 Bushido...)."""

    natural_key_fields = ("rule", "topic")

    nationality = models.ForeignKey(
        Nationality, null=True, blank=True, on_delete=models.CASCADE, related_name="rules"
    )
    applies_to = models.CharField(max_length=40, blank=True)
    topic = models.CharField(max_length=60)
    summary_en = models.TextField()
    summary_it = models.TextField(blank=True)
    params = models.JSONField(default=dict, blank=True)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(fields=["rule", "topic"], name="uniq_nationality_rule")
        ]

    def __str__(self) -> str:
        return f"{self.rule} {self.topic}"


class TroopType(Bilingual, Sourced):
    natural_key_fields = ("nationality__code", "troop_type")

    nationality = models.ForeignKey(
        Nationality, on_delete=models.CASCADE, related_name="troop_types"
    )
    troop_type = models.CharField(max_length=12, choices=TROOP_TYPES)
    national_name_en = models.CharField(max_length=60)
    national_name_it = models.CharField(max_length=60, blank=True)
    effect_en = models.TextField(blank=True)
    effect_it = models.TextField(blank=True)
    params = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["nationality__order", "troop_type"]
        constraints = [
            models.UniqueConstraint(fields=["nationality", "troop_type"], name="uniq_troop_type")
        ]

    def __str__(self) -> str:
        return f"{self.nationality.code} {self.troop_type} ({self.national_name_en})"


class ForceVariant(Bilingual, Sourced):
    """Special forces of a nationality: US Marines (46), partisans (37, 50.9, 51.3)."""

    natural_key_fields = ("code", "nationality__code")

    code = models.CharField(
        max_length=20, choices=labels.choices(codes.FORCE_VARIANTS, labels.FORCE_VARIANT)
    )
    nationality = models.ForeignKey(Nationality, on_delete=models.CASCADE, related_name="variants")
    label_en = models.CharField(max_length=60)
    label_it = models.CharField(max_length=60, blank=True)
    available_from = models.ForeignKey(
        Period, null=True, blank=True, on_delete=models.PROTECT, help_text=_("Empty: any time")
    )
    min_morale = models.PositiveSmallIntegerField(null=True, blank=True)
    dyo_percent = models.SmallIntegerField(null=True, blank=True)
    summary_en = models.TextField(blank=True)
    summary_it = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["code", "nationality"], name="uniq_force_variant")
        ]

    def __str__(self) -> str:
        return f"{self.nationality.code} {self.code}"


class UnitTypeRow(Sourced):
    """One cell of a unit type table: RPN range (column 10; a printed 0 is 10)."""

    natural_key_fields = ("theatre", "nationality__code", "period__code", "troop_type")

    theatre = models.CharField(max_length=3, choices=THEATRES)
    nationality = models.ForeignKey(Nationality, on_delete=models.CASCADE)
    period = models.ForeignKey(Period, on_delete=models.PROTECT)
    troop_type = models.CharField(max_length=12, choices=TROOP_TYPES)
    printed = models.CharField(max_length=10, help_text=_("Cell as printed; '-' = not available"))
    printed_period = models.CharField(max_length=8, blank=True)
    rpn_low = models.PositiveSmallIntegerField(null=True, blank=True)
    rpn_high = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["theatre", "nationality__order", "period__order", "troop_type"]
        constraints = [
            models.UniqueConstraint(
                fields=["theatre", "nationality", "period", "troop_type"], name="uniq_unit_type"
            )
        ]

    def __str__(self) -> str:
        return f"{self.theatre} {self.nationality.code} {self.period.code} {self.troop_type}"


class Weapon(Sourced):
    natural_key_fields = ("code",)

    code = models.CharField(max_length=10, unique=True)
    aliases = models.CharField(max_length=200, blank=True)
    full_name = models.CharField(max_length=200)
    weapon_class = models.CharField(max_length=120, blank=True)
    nationalities = models.CharField(max_length=200, blank=True)
    is_secondary = models.BooleanField(null=True)
    crew_served = models.CharField(max_length=200, blank=True)
    counts_toward_at_limit = models.BooleanField(
        null=True, help_text=_("Counts toward the anti-tank secondary weapon limit (21.11, 53.1)")
    )
    at_limit_note = models.CharField(max_length=200, blank=True)
    dyo_cost = models.CharField(max_length=60, blank=True)
    available = models.CharField(max_length=200, blank=True)
    cc_value = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ["code"]

    def __str__(self) -> str:
        return self.code


class PersonalityCard(Sourced):
    """A personality card, known by nationality and card number (43.2).

    A few cards (AFVs named in the rules) have no number in any source: they are known by
    nationality and name instead.
    """

    nationality = models.ForeignKey(Nationality, on_delete=models.CASCADE, related_name="cards")
    card_no = models.PositiveSmallIntegerField(null=True, blank=True)
    name = models.CharField(max_length=200)
    name_variants = models.CharField(max_length=300, blank=True)
    rank = models.CharField(max_length=20, blank=True)
    leader_role = models.CharField(max_length=40, blank=True)
    weapon = models.ForeignKey(Weapon, null=True, blank=True, on_delete=models.PROTECT)
    weapon_printed = models.CharField(max_length=20, blank=True)
    unit_kind = models.CharField(
        max_length=10,
        choices=labels.choices(codes.UNIT_KINDS, labels.UNIT_KIND),
    )
    vehicle_type = models.CharField(max_length=100, blank=True)
    dyo_points = models.PositiveIntegerField(null=True, blank=True)
    dyo_points_roster = models.PositiveIntegerField(null=True, blank=True)
    kia_value = models.PositiveSmallIntegerField(null=True, blank=True)
    morale = models.PositiveSmallIntegerField(null=True, blank=True)
    panic = models.PositiveSmallIntegerField(null=True, blank=True)
    available = models.CharField(
        max_length=40, blank=True, help_text=_("As printed on the card back; unknown when empty")
    )
    available_from = models.ForeignKey(
        Period, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    available_to = models.ForeignKey(
        Period, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    crosscheck = models.TextField(blank=True)

    class Meta:
        ordering = ["nationality__order", "unit_kind", "card_no", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["nationality", "card_no"],
                condition=Q(card_no__isnull=False),
                name="uniq_card_number",
            ),
            models.UniqueConstraint(
                fields=["nationality", "name"],
                condition=Q(card_no__isnull=True),
                name="uniq_unnumbered_card_name",
            ),
        ]

    def __str__(self) -> str:
        number = f"#{self.card_no}" if self.card_no is not None else "(no number)"
        return f"{self.nationality.code} {number} {self.name}"

    @property
    def printed_name(self) -> str:
        """The name as printed on the card, what a player reads: ``name`` without the
        transcription remarks it may carry (kept for the admin); empty when no source gives it."""
        from upfront.reference.phrasing import card_name  # phrasing reads labels, not models

        return card_name(self.name)[0] or ""

    def natural_key(self) -> tuple[Any, ...]:
        if self.card_no is not None:
            return (self.nationality.code, self.card_no)
        return (self.nationality.code, None, self.name)

    @classmethod
    def natural_key_lookup(cls, key: Sequence[Any]) -> dict[str, Any]:
        if len(key) == 2:
            return {"nationality__code": key[0], "card_no": key[1]}
        return {"nationality__code": key[0], "card_no__isnull": True, "name": key[2]}


class DYOPrice(Sourced):
    """A DYO purchase that is not a personality card (43.4-43.7, 44.8, 45.7, 48.1, 50.8, 51.5)."""

    natural_key_fields = (
        "item",
        "nationality__code",
        "troop_types",
        "fire_strength",
        "after_deck",
    )

    ITEMS = [
        ("atmm", "ATMM"),
        ("panzerfaust", "Panzerfaust"),
        ("demolition_charge", "Demolition charge"),
        ("at_mine", "Japanese AT mine"),
        ("radio", "Radio"),
        ("sniper", "Sniper capability"),
        ("double_sniper", "Double sniper"),
        ("random_reinforcements", "Random reinforcement capability (per deck)"),
        ("reinforcement_multiplier", "Reinforcement multiplier"),
        ("troop_type_modifier", "Troop type modifier"),
    ]
    item = models.CharField(max_length=30, choices=ITEMS)
    nationality = models.ForeignKey(Nationality, null=True, blank=True, on_delete=models.CASCADE)
    troop_types = models.CharField(
        max_length=60, blank=True, help_text=_("Comma-separated troop types; empty = all")
    )
    fire_strength = models.PositiveSmallIntegerField(null=True, blank=True)
    after_deck = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.PositiveIntegerField(null=True, blank=True)
    multiplier = models.DecimalField(max_digits=5, decimal_places=3, null=True, blank=True)
    available_from = models.ForeignKey(Period, null=True, blank=True, on_delete=models.PROTECT)
    price_rule = models.CharField(max_length=200, blank=True)
    price_rule_it = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["item", "nationality__order", "fire_strength", "after_deck"]
        verbose_name = "DYO price"
        constraints = [
            models.UniqueConstraint(
                F("item"),
                _null_as("nationality", 0),
                F("troop_types"),
                _null_as("fire_strength", 0),
                _null_as("after_deck", 0),
                name="uniq_dyo_price",
            )
        ]

    def __str__(self) -> str:
        return f"{self.item} {self.nationality_id or ''} {self.fire_strength or ''}".strip()


class SecondaryWeaponPermission(Sourced):
    """Whether a nationality may carry a secondary weapon (31.1 …); NULL allowed = unknown."""

    natural_key_fields = ("weapon", "nationality__code")

    weapon = models.CharField(max_length=30)
    nationality = models.ForeignKey(Nationality, on_delete=models.CASCADE)
    allowed = models.BooleanField(null=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["weapon", "nationality"], name="uniq_secondary_perm")
        ]


class RandomReinforcementRow(Sourced):
    natural_key_fields = ("nationality__code", "rn")

    nationality = models.ForeignKey(Nationality, on_delete=models.CASCADE)
    rn = models.PositiveSmallIntegerField()
    printed = models.CharField(max_length=60)
    cards = models.JSONField(default=list)
    sniper = models.BooleanField(default=False)
    free_choice = models.BooleanField(default=False)

    class Meta:
        ordering = ["nationality__order", "rn"]
        constraints = [models.UniqueConstraint(fields=["nationality", "rn"], name="uniq_rr_row")]


class DYOTableRow(Sourced):
    """Rows of the rule 43 tables and other DYO facts (time frame, tactical position...)."""

    natural_key_fields = ("table", "key")

    table = models.CharField(max_length=60, db_index=True)
    key = models.CharField(max_length=200)
    key_it = models.CharField(max_length=300, blank=True)
    rpn = models.PositiveSmallIntegerField(null=True, blank=True)
    value = models.TextField(blank=True)
    value_it = models.TextField(blank=True)
    detail = models.TextField(blank=True)
    detail_it = models.TextField(blank=True)
    deck_removal = models.CharField(max_length=200, blank=True)
    deck_removal_it = models.CharField(max_length=300, blank=True)
    cower_cards = models.CharField(max_length=200, blank=True)
    cower_cards_it = models.CharField(max_length=300, blank=True)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["table", "order"]
        verbose_name = "DYO table row"
        constraints = [models.UniqueConstraint(fields=["table", "key"], name="uniq_dyo_table_row")]


class ValidMatchup(Sourced):
    natural_key_fields = ("nation_a__code", "nation_b__code")

    nation_a = models.ForeignKey(Nationality, on_delete=models.CASCADE, related_name="+")
    nation_b = models.ForeignKey(Nationality, on_delete=models.CASCADE, related_name="+")
    valid_historical = models.BooleanField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["nation_a", "nation_b"], name="uniq_valid_matchup")
        ]


class ActionDeckFact(Sourced):
    """A fact about Action cards; several facts may concern the same cards, so the fact is part
    of its key."""

    natural_key_fields = ("card_no", "fact")

    card_no = models.CharField(max_length=60)
    card_type = models.CharField(max_length=100, blank=True)
    usable_by = models.CharField(max_length=100, blank=True)
    random_number_colour = models.CharField(max_length=40, blank=True)
    fact = models.TextField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["card_no", "fact"], name="uniq_action_deck_fact")
        ]


class AFVCostDerivation(Sourced):
    """Fan-derived AFV/IG costs (low confidence): shown, never used for pricing."""

    natural_key_fields = ("nationality__code", "card_no")

    nationality = models.ForeignKey(Nationality, on_delete=models.CASCADE)
    card_no = models.PositiveSmallIntegerField(null=True, blank=True)
    implied_dyo_points = models.IntegerField(null=True, blank=True)
    derivation = models.TextField(blank=True)
    agreement = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                F("nationality"), _null_as("card_no", 0), name="uniq_afv_cost_derivation"
            )
        ]


class TerrainCardType(Bilingual, Sourced):
    natural_key_fields = ("code",)

    code = models.CharField(max_length=30, unique=True)
    name_en = models.CharField(max_length=60)
    name_it = models.CharField(max_length=60, blank=True)
    tem = models.CharField(max_length=20, blank=True, help_text=_("Empty = not given by sources"))
    tem_note = models.TextField(blank=True)
    tem_note_it = models.TextField(blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.code


class TerrainDeck(Bilingual, Sourced):
    natural_key_fields = ("code",)

    code = models.CharField(max_length=30, unique=True)
    name_en = models.CharField(max_length=60)
    name_it = models.CharField(max_length=60, blank=True)
    summary_en = models.TextField(blank=True)
    summary_it = models.TextField(blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.code


class TerrainDeckRule(Bilingual, Sourced):
    natural_key_fields = ("deck__code", "topic")

    deck = models.ForeignKey(TerrainDeck, on_delete=models.CASCADE, related_name="deck_rules")
    topic = models.CharField(max_length=60, blank=True)
    summary_en = models.TextField()
    summary_it = models.TextField(blank=True)
    params = models.JSONField(default=dict, blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["deck__order", "order"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "topic"], name="uniq_terrain_deck_rule")
        ]


class TerrainSubstitution(Bilingual, Sourced):
    """A card of a terrain deck replacing a standard card; one replacement card may stand in for
    several standard cards (a Hill for both Buildings -2 and -3), so what it replaces is part of
    its key."""

    natural_key_fields = ("deck__code", "replacement_code", "replaces__code")

    deck = models.ForeignKey(TerrainDeck, on_delete=models.CASCADE, related_name="substitutions")
    replacement_code = models.CharField(max_length=40)
    replacement_en = models.CharField(max_length=80)
    replacement_it = models.CharField(max_length=80, blank=True)
    replaces = models.ForeignKey(
        TerrainCardType, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    replaces_note = models.TextField(blank=True)
    replaces_note_it = models.TextField(blank=True)
    card_number = models.PositiveSmallIntegerField(null=True, blank=True)
    count = models.PositiveSmallIntegerField(null=True, blank=True)
    elevation_level = models.PositiveSmallIntegerField(null=True, blank=True)
    tem = models.CharField(max_length=20, blank=True)
    table_tem = models.CharField(max_length=20, blank=True)
    tem_note = models.TextField(blank=True)
    tem_note_it = models.TextField(blank=True)
    refusable = models.BooleanField(null=True)
    entrenchment = models.CharField(max_length=120, blank=True)
    infiltration = models.TextField(blank=True)
    vehicles = models.TextField(blank=True)
    effects_en = models.TextField(blank=True)
    effects_it = models.TextField(blank=True)
    cower = models.BooleanField(default=False)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["deck__order", "order"]
        constraints = [
            models.UniqueConstraint(
                F("deck"),
                F("replacement_code"),
                _null_as("replaces", 0),
                name="uniq_terrain_substitution",
            )
        ]

    def __str__(self) -> str:
        return f"{self.deck.code}: {self.replacement_en}"


class FireIgnitionEntry(Sourced):
    """One cell of the fire ignition table (T4): a weapon group against a group of terrain."""

    natural_key_fields = ("weapon_group", "terrain_group")

    weapon_group = models.CharField(max_length=60)
    terrain_group = models.JSONField(default=list)
    result = models.CharField(max_length=40)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]
        verbose_name_plural = "fire ignition entries"
        constraints = [
            models.UniqueConstraint(
                fields=["weapon_group", "terrain_group"], name="uniq_fire_ignition_entry"
            )
        ]


class FireRule(Bilingual, Sourced):
    natural_key_fields = ("topic",)

    topic = models.CharField(max_length=60, unique=True)
    summary_en = models.TextField()
    summary_it = models.TextField(blank=True)
    params = models.JSONField(default=dict, blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]


class WeatherCondition(Bilingual, Sourced):
    natural_key_fields = ("code",)

    code = models.CharField(max_length=30, unique=True)
    kind = models.CharField(
        max_length=20,
        choices=list(labels.WEATHER_KIND.items()),
    )
    name_en = models.CharField(max_length=60)
    name_it = models.CharField(max_length=60, blank=True)
    summary_en = models.TextField(blank=True)
    summary_it = models.TextField(blank=True)
    effects = models.JSONField(default=list, blank=True)
    requires = models.ManyToManyField("self", symmetrical=False, blank=True, related_name="+")
    requires_any = models.ManyToManyField("self", symmetrical=False, blank=True, related_name="+")
    implies = models.ManyToManyField("self", symmetrical=False, blank=True, related_name="+")
    excludes = models.ManyToManyField("self", symmetrical=False, blank=True, related_name="+")
    deck_check = models.JSONField(null=True, blank=True)
    enables = models.JSONField(default=list, blank=True)
    only_by_ssr = models.BooleanField(default=False)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.code


class Topography(Bilingual, Sourced):
    natural_key_fields = ("code",)

    code = models.CharField(max_length=20, unique=True)
    name_en = models.CharField(max_length=60)
    name_it = models.CharField(max_length=60, blank=True)
    theatre = models.CharField(max_length=3, blank=True, choices=THEATRES)
    cower_cards = models.JSONField(default=list, blank=True)
    entrenchment_rn = models.CharField(max_length=60, blank=True)
    summary_en = models.TextField(blank=True)
    summary_it = models.TextField(blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]
        verbose_name_plural = "topographies"

    def __str__(self) -> str:
        return self.code


class EnvironmentalCondition(Bilingual, Sourced):
    natural_key_fields = ("code",)

    code = models.CharField(max_length=20, unique=True)
    name_en = models.CharField(max_length=60)
    name_it = models.CharField(max_length=60, blank=True)
    fire_modifier = models.SmallIntegerField(null=True, blank=True)
    to_hit_modifier = models.SmallIntegerField(null=True, blank=True)
    malfunction_modifier = models.SmallIntegerField(null=True, blank=True)
    repair_modifier = models.SmallIntegerField(null=True, blank=True)
    entrenchment = models.JSONField(null=True, blank=True)
    movement_rule_en = models.TextField(blank=True)
    movement_rule_it = models.TextField(blank=True)
    deck_end_check = models.JSONField(null=True, blank=True)
    cold_war_rules = models.BooleanField(default=False)
    summary_en = models.TextField(blank=True)
    summary_it = models.TextField(blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.code


class MountainTroopAvailability(Sourced):
    natural_key_fields = ("nation_en",)

    nation_en = models.CharField(max_length=80, unique=True)
    nation_it = models.CharField(max_length=80, blank=True)
    nationality = models.ForeignKey(Nationality, null=True, blank=True, on_delete=models.CASCADE)
    available_from = models.ForeignKey(
        Period, null=True, blank=True, on_delete=models.PROTECT, help_text=_("Empty: all war")
    )
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]
        verbose_name_plural = "mountain troop availability"


class RuleSummary(Bilingual, Sourced):
    """Short rule summaries for the rules digest: mountain elevation rules, M12 troops..."""

    natural_key_fields = ("group", "rule", "topic")

    group = models.CharField(max_length=40, db_index=True)
    topic = models.CharField(max_length=80, blank=True)
    summary_en = models.TextField()
    summary_it = models.TextField(blank=True)
    params = models.JSONField(default=dict, blank=True)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["group", "order"]
        verbose_name_plural = "rule summaries"
        constraints = [
            models.UniqueConstraint(fields=["group", "rule", "topic"], name="uniq_rule_summary")
        ]


class SpecialRule(Bilingual, Sourced):
    """Catalogue of structured scenario special rules (SSR; Italian RSS)."""

    natural_key_fields = ("code",)

    code = models.CharField(max_length=60, unique=True)
    category = models.CharField(max_length=20)
    parameters = models.JSONField(default=dict, blank=True)
    text_en = models.TextField()
    text_it = models.TextField(blank=True)

    class Meta:
        ordering = ["category", "code"]

    def __str__(self) -> str:
        return self.code

    @property
    def text(self) -> str:
        return self.tr("text")


class PublishedScenario(Sourced):
    natural_key_fields = ("letter",)

    letter = models.CharField(max_length=1, unique=True)
    name = models.CharField(max_length=80)  # as printed, in English
    name_it = models.CharField(max_length=120, blank=True)
    expansion = models.CharField(max_length=40)
    scenario_type = models.CharField(max_length=60)
    nationalities_with_oob = models.TextField(blank=True)
    attacker_options = models.TextField(blank=True)
    defender_options = models.TextField(blank=True)
    first_player = models.TextField(blank=True)
    first_player_it = models.TextField(blank=True)
    time_limit_decks = models.PositiveSmallIntegerField(null=True, blank=True)
    time_limit_text = models.CharField(max_length=120, blank=True)
    time_limit_text_it = models.CharField(max_length=200, blank=True)
    deck_removals = models.TextField(blank=True)
    deck_removals_it = models.TextField(blank=True)
    cower_cards = models.TextField(blank=True)
    cower_cards_it = models.TextField(blank=True)
    card_allocations = models.TextField(blank=True)
    card_allocations_it = models.TextField(blank=True)
    victory_summary = models.TextField(blank=True)
    victory_summary_it = models.TextField(blank=True)
    dyo_defender = models.PositiveIntegerField(null=True, blank=True)
    dyo_attacker = models.PositiveIntegerField(null=True, blank=True)
    dyo_defender_text = models.CharField(max_length=120, blank=True)
    dyo_defender_text_it = models.CharField(max_length=200, blank=True)
    dyo_attacker_text = models.CharField(max_length=120, blank=True)
    dyo_attacker_text_it = models.CharField(max_length=200, blank=True)
    dyo_note = models.TextField(blank=True)
    dyo_note_it = models.TextField(blank=True)
    special_notes = models.TextField(blank=True)
    special_notes_it = models.TextField(blank=True)

    class Meta:
        ordering = ["letter"]

    def __str__(self) -> str:
        return f"{self.letter} {self.name}"


class MountainAdaptation(Sourced):
    """How a published scenario is played under the mountain article (M11)."""

    natural_key_fields = ("scenario__letter",)

    scenario = models.OneToOneField(
        PublishedScenario, on_delete=models.CASCADE, related_name="mountain_adaptation"
    )
    excluded = models.BooleanField(default=False)
    exclusion_reason_en = models.TextField(blank=True)
    exclusion_reason_it = models.TextField(blank=True)
    cards_removed_en = models.TextField(blank=True)
    cards_removed_it = models.TextField(blank=True)
    special_rules = models.JSONField(default=list, blank=True)
    topography_required = models.ForeignKey(
        Topography, null=True, blank=True, on_delete=models.PROTECT
    )


# The Random Number printed on every action card (0-6, red or black). No source gives how many
# cards carry each number and colour (action_deck.csv), so the simulation of a scenario's random
# procedures (docs/simulation.md) runs on a distribution that is data, editable here, and says
# when it is an assumption rather than the game's own counts.
RN_COLOURS = list(labels.RN_COLOUR.items())
RN_CONFIDENCE = [*CONFIDENCE, ("assumption", labels.CONFIDENCE["assumption"])]


class RandomNumberDistribution(Sourced):
    """The distribution of the action deck's Random Numbers, with its standing as a fact.

    ``is_assumption`` is true while the per-card counts are not known from a source; every page
    that shows a figure computed from it shows ``assumption_en``/``assumption_it``.
    """

    natural_key_fields = ("code",)

    code = models.CharField(max_length=30, unique=True)
    is_assumption = models.BooleanField(
        _("assumption"),
        default=True,
        help_text=_("Checked while the counts are an assumption rather than known card counts"),
    )
    assumption_en = models.TextField(blank=True)
    assumption_it = models.TextField(blank=True)
    confidence = models.CharField(_("confidence"), max_length=10, blank=True, choices=RN_CONFIDENCE)

    class Meta:
        ordering = ["code"]

    def __str__(self) -> str:
        return self.code


class RandomNumberFrequency(Sourced):
    """How often one Random Number (number and colour) comes up in the action deck.

    ``cards`` is the number of cards carrying it when a source gives it (NULL: unknown);
    ``weight`` is the relative weight the simulation uses, equal to ``cards`` when known.
    """

    natural_key_fields = ("distribution__code", "number", "colour")

    distribution = models.ForeignKey(
        RandomNumberDistribution, on_delete=models.CASCADE, related_name="frequencies"
    )
    number = models.PositiveSmallIntegerField()
    colour = models.CharField(max_length=5, choices=RN_COLOURS)
    cards = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Empty: no source gives the count")
    )
    weight = models.DecimalField(max_digits=8, decimal_places=3)
    confidence = models.CharField(_("confidence"), max_length=10, blank=True, choices=RN_CONFIDENCE)

    class Meta:
        ordering = ["distribution__code", "colour", "number"]
        verbose_name_plural = "random number frequencies"
        constraints = [
            models.UniqueConstraint(
                fields=["distribution", "number", "colour"], name="uniq_rn_frequency"
            ),
            models.CheckConstraint(condition=Q(number__lte=6), name="rn_frequency_number_0_6"),
            models.CheckConstraint(condition=Q(weight__gte=0), name="rn_frequency_weight_ge_0"),
        ]

    def __str__(self) -> str:
        return f"{self.colour} {self.number}"
