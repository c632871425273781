"""Words read once per data revision (``upfront.reference.fetch``): rule summaries and the
names of codes, in the active language."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping

from upfront import labels
from upfront.reference import models as m
from upfront.reference.fetch import texts_current


def rule_summaries(prefix: str) -> list[tuple[str, list[m.RuleSummary]]]:
    """Rule summaries whose group starts with ``prefix``, grouped by group."""
    grouped: OrderedDict[str, list[m.RuleSummary]] = OrderedDict()
    for row in m.RuleSummary.objects.filter(group__startswith=prefix):
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
