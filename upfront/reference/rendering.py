"""Render the rules engine's answers for people, in the active language.

The engine (``upfront.rules``) answers with message ids and parameters; their English source
strings live once in ``upfront.rules.messages`` and their translations in
``locale/<lang>/LC_MESSAGES/django.po``. Everything here uses gettext in whatever language is
active: the request's (``LocaleMiddleware``: session, cookie or ``Accept-Language``) or one set
with ``translation.override(lang)``, e.g. in a Celery task. Codes in the parameters become
names: the reference data's from the data, the game's by their labels (``upfront.labels``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.translation import gettext

from upfront import labels
from upfront.labels.places import Places, where, where_all
from upfront.reference import selectors
from upfront.rules.codes import SEVERITIES
from upfront.rules.draws import DrawResult
from upfront.rules.force import ForceFormatError, FormatError
from upfront.rules.messages import CODE_PARAMS, DATA_PARAMS, MESSAGES, Message, Param
from upfront.rules.results import ValidationResult
from upfront.rules.scenario_checks import MountainAdaptationApplied, ScenarioCheckResult

# Parameters shown as names, not as they are.
_NAMED = frozenset(CODE_PARAMS) | frozenset(DATA_PARAMS)


@lru_cache(maxsize=2048)
def _translated(language: str | None, template: str) -> str:
    # Keyed by the active language: a miss in Django's catalogues walks every app's catalogue.
    return gettext(template)


@receiver(setting_changed)
def _forget_translations(*, setting: str, **_: object) -> None:
    # Django reloads its catalogues when these change (tests): so must this cache.
    if setting in {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS"}:
        _translated.cache_clear()


class _Renderer:
    """Renders messages in the language active when it was made (looked up once: each lookup
    of the active language costs microseconds, and one answer renders dozens of messages)."""

    def __init__(self) -> None:
        self.language = labels.language()
        self._names: dict[str, Mapping[str, str]] = {}
        # Each message id's template in this language, looked up once per answer.
        self._templates: dict[str, str] = {}

    def names(self, kind: str) -> Mapping[str, str]:
        """Names of one kind of data code in the active language (looked up once)."""
        if kind not in self._names:
            self._names[kind] = (
                selectors.nationality_names()
                if kind == "nationality"
                else selectors.code_names(kind)
            )
        return self._names[kind]

    def _param(self, name: str, value: Param) -> Param:
        kind = DATA_PARAMS.get(name)
        if kind is not None:
            # One code or several joined by ",": each by its name, unknown ones as they are.
            names = self.names(kind)
            return ", ".join(names.get(code, code) for code in str(value).split(","))
        if name in CODE_PARAMS:
            return labels.label(CODE_PARAMS[name], value) or value
        return value

    def __call__(self, message: Message) -> str:
        params = message.params
        if not _NAMED.isdisjoint(params):
            params = {name: self._param(name, value) for name, value in params.items()}
        template = self._templates.get(message.id)
        if template is None:
            template = self._templates[message.id] = _translated(
                self.language, MESSAGES[message.id]
            )
        return template % params


def render(message: Message) -> str:
    """One message in the active language."""
    return _Renderer()(message)


def render_many(messages: Iterable[Message]) -> list[str]:
    """Several messages in the active language (the language looked up once)."""
    say = _Renderer()
    return [say(m) for m in messages]


def render_validation(result: ValidationResult) -> dict[str, Any]:
    """A validation result as the API and the builder panel show it, with rule summaries."""
    summaries = selectors.dyo_rule_summaries()
    say = _Renderer()
    # Built item by item rather than merging an optional part: a 40-card answer has about
    # forty lines, and the keys keep their order (item, points, rule, detail, summary).
    breakdown = []
    for line in result.breakdown:
        entry = {"item": say(line.item), "points": line.points, "rule": line.rule}
        if line.detail:
            entry["detail"] = line.detail
        entry["summary"] = summaries.get(line.rule, "")
        breakdown.append(entry)
    return {
        "valid": result.valid,
        "total_points": result.total_points,
        "budget": result.budget,
        "remaining": result.remaining,
        "breakdown": breakdown,
        "violations": [
            {
                "code": v.code,
                "severity": v.severity,
                "rule": v.rule,
                "message": say(v.message),
                "summary": summaries.get(v.rule, ""),
                "items": list(v.items),
            }
            for v in result.violations
        ],
    }


def render_format_errors(error: ForceFormatError) -> list[dict[str, str]]:
    """Every fault of a malformed Force document: ``[{"path", "message"}]``."""
    return render_faults(error.errors)


def render_faults(faults: list[FormatError], places: Places | None = None) -> list[dict[str, str]]:
    """Faults of a document (its shape or its codes): ``[{"path", "message"}]``; with
    ``places`` (a scenario's), also ``where``: the part in words (upfront.labels.places; empty
    when it has none)."""
    say = _Renderer()
    if places is None:
        return [{"path": f.path, "message": say(f.message)} for f in faults]
    return [
        {"path": f.path, "message": say(f.message), "where": where(f.path, places) or ""}
        for f in faults
    ]


def render_mountain_adaptation(
    adaptation: MountainAdaptationApplied, say: _Renderer | None = None
) -> dict[str, Any]:
    """The M11 adaptation that applies, with its texts in the active language."""
    say = say or _Renderer()
    published = adaptation.scenario
    italian = labels.is_italian()
    rules = say.names("special_rule")
    return {
        **adaptation.to_dict(),
        # The printed name stays beside a translated one, as on the reference pages.
        "name": f"{published.name_it} ({published.name})"
        if italian and published.name_it
        else published.name,
        "exclusion_reason": (published.mountain_exclusion_reason_it if italian else "")
        or published.mountain_exclusion_reason_en,
        "cards_removed": (published.mountain_cards_removed_it if italian else "")
        or published.mountain_cards_removed_en,
        "special_rules": [
            {"code": use.code, "params": dict(use.params), "text": rules.get(use.code, use.code)}
            for use in adaptation.special_rules
        ],
        "missing_special_rules": [
            {"code": code, "text": rules.get(code, code)}
            for code in adaptation.missing_special_rules
        ],
        "topography_name": (
            say.names("topography").get(published.mountain_topography, "")
            if published.mountain_topography
            else ""
        ),
    }


def render_scenario_check(
    result: ScenarioCheckResult, places: Places | None = None
) -> dict[str, Any]:
    """The scenario checks' answer as the designer shows it: each finding's message, the
    one-line summary of its rule and where it points (``where``: the parts in words, never
    the JSON paths, which stay in ``items``) in the active language, and the mountain
    adaptation."""
    say = _Renderer()
    scenario_summaries = selectors.scenario_rule_summaries()
    dyo_summaries = selectors.dyo_rule_summaries()

    def summary(rule: str, side: int | None) -> str:
        # A force's violations are the DYO engine's: their rules' DYO summaries.
        if side is not None:
            return dyo_summaries.get(rule, "")
        return scenario_summaries.get(rule) or dyo_summaries.get(rule, "")

    findings = [
        {
            "code": f.code,
            "severity": f.severity,
            "rule": f.rule,
            "message": say(f.message),
            "summary": summary(f.rule, f.side),
            "items": list(f.items),
            "where": where_all(f.items, places),
            "side": f.side,
        }
        for f in result.findings
    ]
    return {
        "valid": result.valid,
        "counts": {
            severity: sum(1 for f in result.findings if f.severity == severity)
            for severity in SEVERITIES
        },
        "findings": findings,
        "mountain_adaptation": (
            render_mountain_adaptation(result.mountain_adaptation, say)
            if result.mountain_adaptation
            else None
        ),
    }


def render_draw(result: DrawResult) -> dict[str, Any]:
    """A draw as the API shows it: ``value`` in words, ``detail`` in the active language."""
    say = _Renderer()
    value, detail = result.value, result.detail
    if result.label is None and isinstance(detail, str):
        # A row of a rule 43 table: the engine holds the data's English, the data its Italian.
        value, detail = selectors.dyo_table_texts(result.table, result.rpn, value, detail)
    data: dict[str, Any] = {
        "table": result.table,
        "column": result.column,
        "rpn": result.rpn,
        "value": say(result.label) if result.label else value,
        "detail": say(detail) if isinstance(detail, Message) else detail,
        "rule": result.rule,
    }
    if result.colour:
        data["colour"] = result.colour
    return data
