"""The words shown next to the engine's answers, per data revision, in English and Italian."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from upfront.reference import models
from upfront.reference.fetch.rows import DYO_SUMMARY_GROUP, SCENARIO_SUMMARY_GROUP
from upfront.rules.scenario import ANY_BUILDINGS


@dataclass(frozen=True)
class ReferenceTexts:
    """Words the edge shows next to the engine's answers, per data revision, in en and it.

    Kept out of the engine's dataclasses: the engine works on codes, and these are for people.
    """

    # Per language, built once per revision (an answer looks them up for every line); the
    # Italian mappings hold the English text where no Italian one is given.
    nationality_names_en: Mapping[str, str]  # code -> name
    nationality_names_it: Mapping[str, str]
    rule_summaries_en: Mapping[str, str]  # rule -> one line on it (RuleSummary, group "dyo")
    rule_summaries_it: Mapping[str, str]
    # The same for the rules the scenario checks cite (group "scenario").
    scenario_rule_summaries_en: Mapping[str, str]
    scenario_rule_summaries_it: Mapping[str, str]
    # Names of the scenario codes a finding may name, by kind ("weather", "topography",
    # "terrain_deck", "special_rule": a special rule's text, "card_type", "environment") and
    # code.
    code_names_en: Mapping[str, Mapping[str, str]]
    code_names_it: Mapping[str, Mapping[str, str]]
    # Each special rule's reference ("scenario card", "52.4"): the same in every language.
    special_rule_refs: Mapping[str, str]


def build_texts() -> ReferenceTexts:
    summaries = models.RuleSummary.objects.filter(
        group__in=(DYO_SUMMARY_GROUP, SCENARIO_SUMMARY_GROUP)
    ).values_list("group", "rule", "summary_en", "summary_it")
    dyo = [(rule, en, it) for group, rule, en, it in summaries if group == DYO_SUMMARY_GROUP]
    scenario = [
        (rule, en, it) for group, rule, en, it in summaries if group == SCENARIO_SUMMARY_GROUP
    ]
    names = models.Nationality.objects.values_list("code", "name_en", "name_it")
    code_names = {
        "weather": models.WeatherCondition.objects.values_list("code", "name_en", "name_it"),
        "topography": models.Topography.objects.values_list("code", "name_en", "name_it"),
        "terrain_deck": models.TerrainDeck.objects.values_list("code", "name_en", "name_it"),
        "special_rule": models.SpecialRule.objects.values_list("code", "text_en", "text_it"),
        "card_type": models.TerrainCardType.objects.values_list("code", "name_en", "name_it"),
        "environment": models.EnvironmentalCondition.objects.values_list(
            "code", "name_en", "name_it"
        ),
    }
    rows = {kind: list(values) for kind, values in code_names.items()}
    # The published cards' "Buildings" of either value (ANY_BUILDINGS): both cards' names.
    buildings = [row for row in rows["card_type"] if row[0] in ("buildings_2", "buildings_3")]
    if buildings:
        rows["card_type"].append(
            (
                ANY_BUILDINGS,
                " / ".join(en for _c, en, _it in buildings),
                " / ".join(it or en for _c, en, it in buildings),
            )
        )
    return ReferenceTexts(
        nationality_names_en={code: en for code, en, _it in names},
        nationality_names_it={code: it or en for code, en, it in names},
        rule_summaries_en={rule: en for rule, en, _it in dyo},
        rule_summaries_it={rule: it or en for rule, en, it in dyo},
        scenario_rule_summaries_en={rule: en for rule, en, _it in scenario},
        scenario_rule_summaries_it={rule: it or en for rule, en, it in scenario},
        code_names_en={kind: {c: en for c, en, _it in found} for kind, found in rows.items()},
        code_names_it={kind: {c: it or en for c, en, it in found} for kind, found in rows.items()},
        special_rule_refs=dict(models.SpecialRule.objects.values_list("code", "rule")),
    )
