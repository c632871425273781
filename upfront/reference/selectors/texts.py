"""Words read once per data revision (``upfront.reference.fetch``): rule summaries and the
names of codes, in the active language."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

from upfront import labels
from upfront.reference import models
from upfront.reference.fetch import ReferenceDataNotLoaded, texts_current


def rule_summaries(prefix: str) -> list[tuple[str, list[models.RuleSummary]]]:
    """Rule summaries whose group starts with ``prefix``, grouped by group."""
    grouped: OrderedDict[str, list[models.RuleSummary]] = OrderedDict()
    for row in models.RuleSummary.objects.filter(group__startswith=prefix):
        grouped.setdefault(row.group, []).append(row)
    return list(grouped.items())


def dyo_rule_summaries() -> Mapping[str, str]:
    """One line on each rule the DYO engine cites, by rule, in the active language.

    From the reference data (``rule_summaries.yaml``), cached per data revision: no query.
    """
    texts = texts_current()
    return texts.rule_summaries_it if labels.is_italian() else texts.rule_summaries_en


def scenario_rule_summaries() -> Mapping[str, str]:
    """One line on each rule the scenario checks cite, by rule, in the active language.

    From the reference data (``rule_summaries.yaml``, ``scenario_rules``), cached per data
    revision: no query. A force's own violations use :func:`dyo_rule_summaries`.
    """
    texts = texts_current()
    return (
        texts.scenario_rule_summaries_it
        if labels.is_italian()
        else texts.scenario_rule_summaries_en
    )


def code_names(kind: str) -> Mapping[str, str]:
    """Names of the reference data's codes of one kind (``weather``, ``topography``,
    ``terrain_deck``; ``special_rule``: its text), in the active language (cached)."""
    texts = texts_current()
    names = texts.code_names_it if labels.is_italian() else texts.code_names_en
    return names.get(kind, {})


def nationality_names() -> Mapping[str, str]:
    """Every nationality's name by code, in the active language (cached per data revision)."""
    texts = texts_current()
    return texts.nationality_names_it if labels.is_italian() else texts.nationality_names_en


@dataclass(frozen=True)
class ReferenceNames:
    """The reference data's names by code, in the active language, for whatever shows a
    scenario's codes as words (lists, filters, version comparisons). Read from the texts cached
    per data revision: no query."""

    nationalities: Mapping[str, str]
    weather: Mapping[str, str]
    terrain_decks: Mapping[str, str]
    topographies: Mapping[str, str]
    environments: Mapping[str, str]
    card_types: Mapping[str, str]
    special_rules: Mapping[str, str]  # a special rule's text
    special_rule_refs: Mapping[str, str]  # its rule reference


def reference_names() -> ReferenceNames:
    """Every name by code in the data's order; all empty when no reference data is loaded."""
    try:
        texts = texts_current()
    except ReferenceDataNotLoaded:
        return ReferenceNames({}, {}, {}, {}, {}, {}, {}, {})
    italian = labels.is_italian()
    names = texts.code_names_it if italian else texts.code_names_en
    return ReferenceNames(
        nationalities=texts.nationality_names_it if italian else texts.nationality_names_en,
        weather=names.get("weather", {}),
        terrain_decks=names.get("terrain_deck", {}),
        topographies=names.get("topography", {}),
        environments=names.get("environment", {}),
        card_types=names.get("card_type", {}),
        special_rules=names.get("special_rule", {}),
        special_rule_refs=texts.special_rule_refs,
    )
