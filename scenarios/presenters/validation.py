"""A full-game validation as a reader sees it: the report pages, the setup sheet, the job page.

:func:`validation_context` renders a result of ``scenarios.analysis.validation`` in the active
language for the report templates (``templates/scenarios/reports/_validation.html``,
``_deck.html``, ``_digest.html``, each taking it as ``validation``): names instead of codes,
the parts in words instead of JSON paths (``upfront.labels.places``), rule summaries and the
rules digest's texts from the reference data.

A presenter only renders: it runs no engine work, imports no forms or views, takes every word
from the label modules and the reference data, and reads nothing itself: the reference data's
words a result names (rule summaries, names of codes, the digest's texts, the published
scenarios) are read by the caller (``scenarios.display.validation_reads``, a fixed number of
queries whatever the result holds) and handed in as :class:`ValidationReads`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, pgettext

from upfront import labels
from upfront.labels.places import Places, where_all
from upfront.reference.rendering import render_many, render_mountain_adaptation
from upfront.reference.selectors.digest import ValidationTexts
from upfront.rules.codes import SEVERITIES
from upfront.rules.deck import ELEVATION, REMOVED, REPLACED
from upfront.rules.digest import DIGEST_KINDS
from upfront.rules.messages import Message
from upfront.rules.scenario_checks import MountainAdaptationApplied


@dataclass(frozen=True)
class ValidationReads:
    """The reference data's words a validation report names, read by the caller in the
    report's language: the rules' summaries (the scenario's and DYO's), the names of card
    types, special rules and terrain decks, the digest's and the deck's texts, and the
    published scenarios a mountain adaptation names."""

    texts: ValidationTexts
    scenario_summaries: Mapping[str, str]
    dyo_summaries: Mapping[str, str]
    card_types: Mapping[str, str]
    special_rules: Mapping[str, str]
    terrain_decks: Mapping[str, str]
    published_scenarios: Mapping[str, Any]


def _rule(rule: str) -> str:
    """A rule reference as a player reads it ("scenario card" in words, numbers as they are)."""
    return labels.label("rule_word", rule) or rule


def _text(en: str, it: str) -> str:
    return labels.localized(en, it)


def places_of(result: Mapping[str, Any]) -> Places:
    """What naming the parts of a validated scenario needs, from its stored result."""
    return Places(
        roles=tuple(result.get("roles") or ()),
        groups=tuple(tuple(labels) for labels in result.get("groups") or ()),
    )


def _rendered_findings(
    result: Mapping[str, Any], places: Places, reads: ValidationReads
) -> list[dict[str, Any]]:
    findings = result.get("findings") or []
    messages = render_many([Message.from_dict(f["message"]) for f in findings])
    scenario_summaries = reads.scenario_summaries
    dyo_summaries = reads.dyo_summaries
    rendered = []
    for finding, text in zip(findings, messages, strict=True):
        rule = finding["rule"]
        if finding.get("side") is not None:
            summary = dyo_summaries.get(rule, "")  # a force's own DYO violation
        else:
            summary = scenario_summaries.get(rule) or dyo_summaries.get(rule, "")
        rendered.append(
            {
                "severity": finding["severity"],
                "severity_label": labels.label("severity", finding["severity"]),
                "rule": _rule(rule),
                "message": text,
                "summary": summary,
                "fields": where_all(finding.get("items") or [], places),
            }
        )
    return rendered


def _rendered_faults(result: Mapping[str, Any], places: Places) -> list[dict[str, Any]]:
    faults = result.get("faults") or []
    messages = render_many([Message.from_dict(f["message"]) for f in faults])
    return [
        {"message": text, "fields": where_all([fault["path"]], places)}
        for fault, text in zip(faults, messages, strict=True)
    ]


def _change_text(change: Mapping[str, Any], replacement: str, roles_by_code: Any) -> str:
    kind, count, number = change["kind"], change.get("count"), change.get("card_number")
    if change.get("source") == "weather":  # 99.821, 99.83, 99.85
        return gettext("read as Open Ground; still playable on an opposing group or at set-up")
    if kind == REPLACED:
        if number is not None:
            return gettext("card no. %(number)s replaced by %(replacement)s") % {
                "number": number,
                "replacement": replacement,
            }
        if count is not None:
            return gettext("%(count)s replaced by %(replacement)s") % {
                "count": count,
                "replacement": replacement,
            }
        return gettext("all replaced by %(replacement)s") % {"replacement": replacement}
    if kind == ELEVATION:
        return gettext("used as elevation cards of level %(level)s") % {
            "level": change.get("elevation_level")
        }
    if kind == REMOVED:
        if change.get("when_drawn"):
            text = gettext("the first %(count)s drawn are set aside") % {"count": count or 1}
        elif count is None:
            text = gettext("all removed")
        elif change.get("which") == "first":
            text = gettext("the first %(count)s removed") % {"count": count}
        else:
            text = gettext("%(count)s removed") % {"count": count}
    else:
        side = change.get("side")
        text = (
            gettext("cower cards for the %(side)s")
            % {"side": str(roles_by_code.get(side, side)).lower()}
            if side
            else gettext("cower cards")
        )
    if change.get("either_buildings") and count is not None:
        text = gettext("%(change)s (Buildings of either value)") % {"change": text}
    return text


def _count_change(value: Any) -> str:
    if value is None:
        return pgettext("number of cards", "unknown")
    if value == 0:
        return "0"
    return f"{value:+d}".replace("-", "\u2212")


def _rendered_deck(deck: Mapping[str, Any] | None, reads: ValidationReads) -> dict[str, Any] | None:
    if not deck:
        return None
    card_types = reads.card_types
    special_rules = reads.special_rules
    decks = reads.terrain_decks
    replacements = reads.texts.replacements

    def replacement(change: Mapping[str, Any]) -> str:
        key = (change.get("variant") or "", change.get("replacement") or "")
        return replacements.get(key) or gettext("another card")

    def change_row(change: Mapping[str, Any]) -> dict[str, Any]:
        overridden = change.get("overridden_by") or ""
        return {
            "text": _change_text(change, replacement(change), labels.SCENARIO_ROLE),
            "source": labels.label("deck_source", change["source"]),
            "rule": _rule(change.get("rule") or ""),
            "kind": change["kind"],
            "overridden": bool(overridden),
            "overridden_by": special_rules.get(overridden, "") if overridden else "",
        }

    entries = []
    for entry in deck.get("entries") or []:
        entries.append(
            {
                "card_type": card_types.get(entry["card_type"], ""),
                "state": entry["state"],
                "state_label": labels.label("deck_state", entry["state"]),
                "usable": entry.get("usable", True),
                "count_change": _count_change(entry.get("count_change")),
                "changes": [change_row(c) for c in entry.get("changes") or []],
            }
        )
    return {
        "variant": decks.get(deck.get("variant") or "", ""),
        "variant_rule": deck.get("variant_rule") or "",
        "entries": entries,
        "changed": [e for e in entries if e["state"] != "kept"],
        "kept": [e["card_type"] for e in entries if e["state"] == "kept"],
        "additions": [
            {
                "name": replacements.get((a["variant"], a["replacement"]), ""),
                "rule": a["rule"],
            }
            for a in deck.get("additions") or []
        ],
        "conflicts": [
            {
                "card_type": card_types.get(c["card_type"], ""),
                "kept": change_row(c["kept"]),
                "dropped": change_row(c["dropped"]),
            }
            for c in deck.get("conflicts") or []
        ],
    }


def _rendered_digest(
    entries: list[Mapping[str, Any]], texts: ValidationTexts
) -> list[dict[str, Any]]:
    groups: dict[str, list[dict[str, str]]] = {}
    for entry in entries:
        found = texts.digest.get((entry["kind"], entry["code"], entry["rule"]))
        if found is None or not found[1]:
            continue  # no text in the data: nothing to show (never the code)
        title, summary = found
        groups.setdefault(entry["kind"], []).append(
            {"rule": _rule(entry["rule"]), "title": title, "summary": summary}
        )
    return [
        {"kind": kind, "label": labels.label("digest_kind", kind), "entries": groups[kind]}
        for kind in DIGEST_KINDS
        if kind in groups
    ]


def _rendered_adaptation(
    adaptation: Mapping[str, Any] | None, reads: ValidationReads
) -> dict[str, Any] | None:
    if not adaptation:
        return None
    published = reads.published_scenarios.get(adaptation.get("letter") or "")
    if published is None:
        return None
    return render_mountain_adaptation(
        MountainAdaptationApplied(
            scenario=published,
            missing_special_rules=tuple(adaptation.get("missing_special_rules") or ()),
            topography_matches=adaptation.get("topography_matches"),
        )
    )


def validation_context(result: dict[str, Any], reads: ValidationReads) -> dict[str, Any]:
    """A :func:`full_validation` result rendered in the active language, for the templates.

    ``{"valid", "status", "data_revision", "counts": [{"severity", "label", "count"}],
    "faults": [{"message", "fields"}], "findings": [{"severity", "severity_label", "rule",
    "message", "summary", "fields"}], "deck": {"variant", "variant_rule", "entries",
    "changed", "kept", "additions", "conflicts"} | None, "digest": [{"kind", "label",
    "entries": [{"rule", "title", "summary"}]}], "mountain_adaptation": {...} | None}``

    ``reads``: the reference data's words the result names, read by the caller
    (``scenarios.display.validation_reads``).
    """
    places = places_of(result)
    counts = result.get("counts") or {}
    return {
        "valid": bool(result.get("valid")),
        "status": (
            gettext("No fault found.")
            if result.get("valid")
            else gettext("The scenario has faults.")
        ),
        "data_revision": result.get("data_revision") or "",
        "counts": [
            {
                "severity": severity,
                "label": labels.label("severity", severity),
                "count": int(counts.get(severity) or 0),
            }
            for severity in SEVERITIES
        ],
        "faults": _rendered_faults(result, places),
        "findings": _rendered_findings(result, places, reads),
        "deck": _rendered_deck(result.get("deck"), reads),
        "digest": _rendered_digest(list(result.get("digest") or []), reads.texts),
        "mountain_adaptation": _rendered_adaptation(result.get("mountain_adaptation"), reads),
    }
