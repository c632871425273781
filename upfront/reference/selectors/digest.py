"""The reference data's words a full-game validation names: the rules digest's titles and
summaries, and the deck's replacement cards, in the active language.

Each table is read once, whole (they hold tens of rows), whatever the result holds: the same
queries for every validation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from upfront import labels
from upfront.reference import models as ref
from upfront.reference.fetch import VICTORY_SUMMARY_GROUP
from upfront.reference.selectors.texts import (
    nationality_names,
    scenario_rule_summaries,
)

_text = labels.localized


@dataclass(frozen=True)
class ValidationTexts:
    # (kind, code, rule) -> (title, summary) of each digest entry the data has words for
    digest: Mapping[tuple[str, str, str], tuple[str, str]]
    # (deck variant, replacement code) -> the replacement card's name
    replacements: Mapping[tuple[str, str], str]


def validation_texts(result: Mapping[str, Any]) -> ValidationTexts:
    """The words of a ``full_validation`` result's digest and deck."""
    replacements = {}
    if result.get("deck"):
        replacements = {
            (deck_code, code): _text(en, it)
            for deck_code, code, en, it in ref.TerrainSubstitution.objects.values_list(
                "deck__code", "replacement_code", "replacement_en", "replacement_it"
            )
        }
    return ValidationTexts(
        digest=_digest_texts(list(result.get("digest") or [])), replacements=replacements
    )


def _split(code: str) -> tuple[str, str]:
    first, _sep, second = code.partition(":")
    return first, second


def _digest_texts(entries: list[Mapping[str, Any]]) -> dict[tuple[str, str, str], tuple[str, str]]:
    """``(kind, code, rule) -> (title, summary)`` for every entry, from the reference data.

    Each table is read once, whole (they hold tens of rows), whatever kinds and however many
    entries the digest has: the same queries for every digest.
    """
    by_kind: dict[str, list[Mapping[str, Any]]] = {}
    for entry in entries:
        by_kind.setdefault(entry["kind"], []).append(entry)
    texts: dict[tuple[str, str, str], tuple[str, str]] = {}
    nationalities = nationality_names()

    def put(kind: str, code: str, rule: str, title: str, summary: str) -> None:
        texts[(kind, code, rule)] = (title, summary)

    topics = {e["code"] for e in by_kind.get("nationality_rule", [])}
    for row in ref.NationalityRule.objects.select_related("nationality"):
        if row.topic in topics:
            title = (
                nationalities.get(row.nationality.code, "")
                if row.nationality
                else labels.label("digest_applies_to", row.applies_to)
            )
            put(
                "nationality_rule",
                row.topic,
                row.rule,
                title,
                _text(row.summary_en, row.summary_it),
            )
    troop_types = {
        (row.nationality.code, row.troop_type): row
        for row in ref.TroopType.objects.select_related("nationality")
    }
    for entry in by_kind.get("troop_type", []):
        nationality, troop_type = _split(entry["code"])
        row = troop_types.get((nationality, troop_type))
        if row is not None:
            name = _text(row.national_name_en, row.national_name_it)
            title = f"{nationalities.get(nationality, '')}: {name}"
            put(
                "troop_type",
                entry["code"],
                entry["rule"],
                title,
                _text(row.effect_en, row.effect_it),
            )
    variants = {
        (row.code, row.nationality.code if row.nationality else None): row
        for row in ref.ForceVariant.objects.select_related("nationality")
    }
    for entry in by_kind.get("force_variant", []):
        code, nationality = _split(entry["code"])
        variant = variants.get((code, nationality))
        if variant is not None:
            title = _text(variant.label_en, variant.label_it)
            summary = _text(variant.summary_en, variant.summary_it)
            put("force_variant", entry["code"], entry["rule"], title, summary)
    summaries = {
        (group, rule, topic): _text(en, it)
        for group, rule, topic, en, it in ref.RuleSummary.objects.values_list(
            "group", "rule", "topic", "summary_en", "summary_it"
        )
    }
    scenario_summaries = scenario_rule_summaries()
    for entry in by_kind.get("matchup_rule", []):
        title = labels.label("digest_kind", "matchup_rule")
        put(
            "matchup_rule",
            entry["code"],
            entry["rule"],
            title,
            scenario_summaries.get(entry["rule"], ""),
        )
    for entry in by_kind.get("mountain_rule", []):
        group, topic = _split(entry["code"])
        summary = summaries.get((group, entry["rule"], topic), "")
        put(
            "mountain_rule",
            entry["code"],
            entry["rule"],
            labels.label("digest_kind", "mountain_rule"),
            summary,
        )
    for entry in by_kind.get("victory_conditions", []):
        summary = summaries.get((VICTORY_SUMMARY_GROUP, entry["rule"], entry["code"]), "")
        put("victory_conditions", entry["code"], entry["rule"], "", summary)
    decks = {d.code: d for d in ref.TerrainDeck.objects.all()}
    for entry in by_kind.get("terrain_deck", []):
        deck = decks.get(entry["code"])
        if deck is not None:
            put(
                "terrain_deck",
                deck.code,
                entry["rule"],
                _text(deck.name_en, deck.name_it),
                _text(deck.summary_en, deck.summary_it),
            )
    for row in ref.TerrainDeckRule.objects.select_related("deck"):
        key = f"{row.deck.code}:{row.topic}"
        title = _text(row.deck.name_en, row.deck.name_it)
        put("deck_rule", key, row.rule, title, _text(row.summary_en, row.summary_it))
    named: list[tuple[str, Any]] = [
        ("weather", ref.WeatherCondition),
        ("topography", ref.Topography),
        ("environment", ref.EnvironmentalCondition),
    ]
    for kind, model in named:
        codes = {e["code"] for e in by_kind.get(kind, [])}
        for row in model.objects.all():
            if row.code not in codes:
                continue
            put(
                kind,
                row.code,
                row.rule,
                _text(row.name_en, row.name_it),
                _text(row.summary_en, row.summary_it),
            )
    codes = {e["code"] for e in by_kind.get("special_rule", [])}
    for row in ref.SpecialRule.objects.all():
        if row.code in codes:
            put("special_rule", row.code, row.rule, "", _text(row.text_en, row.text_it))
    return texts
