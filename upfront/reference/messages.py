"""Render the rules engine's answers for people, in the active language.

The engine (``upfront.rules``) answers with message ids and parameters; their English source
strings live once in ``upfront.rules.messages`` and their translations in
``locale/<lang>/LC_MESSAGES/django.po``. Everything here uses gettext in whatever language is
active: the request's (``LocaleMiddleware``: session, cookie or ``Accept-Language``) or one set
with ``translation.override(lang)``, e.g. in a Celery task. Game codes in the parameters become
names: nationalities from the reference data, the rest from their own messages.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.translation import get_language, gettext

from upfront.reference import selectors
from upfront.rules.draws import DrawResult
from upfront.rules.force import ForceFormatError
from upfront.rules.messages import CODE_PARAMS, MESSAGES, NATIONALITY_PARAM, Message, Param
from upfront.rules.results import ValidationResult

_NAMED = CODE_PARAMS | {NATIONALITY_PARAM}  # parameters shown as names, not as they are


@lru_cache(maxsize=2048)
def _translated(language: str | None, template: str) -> str:
    # Called with the active language: a miss in Django's catalogues (any English text) walks
    # every app's catalogue, ~8 µs; a 40-card answer says ~50 things (docs/performance.md).
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
        self.language = get_language()
        self._names: Mapping[str, str] | None = None

    def _param(self, name: str, value: Param) -> Param:
        if name == NATIONALITY_PARAM:
            if self._names is None:
                self._names = selectors.nationality_names()
            return self._names.get(str(value), value)
        if name in CODE_PARAMS:
            template = MESSAGES.get(f"{name}.{value}")
            return _translated(self.language, template) if template is not None else value
        return value

    def __call__(self, message: Message) -> str:
        params = message.params
        if not _NAMED.isdisjoint(params):
            params = {name: self._param(name, value) for name, value in params.items()}
        return _translated(self.language, MESSAGES[message.id]) % params


def render(message: Message) -> str:
    """One message in the active language."""
    return _Renderer()(message)


def render_validation(result: ValidationResult) -> dict[str, Any]:
    """A validation result as the API and the builder panel show it, with rule summaries."""
    summaries = selectors.dyo_rule_summaries()
    say = _Renderer()
    return {
        "valid": result.valid,
        "total_points": result.total_points,
        "budget": result.budget,
        "remaining": result.remaining,
        "breakdown": [
            {
                "item": say(line.item),
                "points": line.points,
                "rule": line.rule,
                **({"detail": line.detail} if line.detail else {}),
                "summary": summaries.get(line.rule, ""),
            }
            for line in result.breakdown
        ],
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
    say = _Renderer()
    return [{"path": e.path, "message": say(e.message)} for e in error.errors]


def render_draw(result: DrawResult) -> dict[str, Any]:
    """A draw as the API shows it: ``value`` in words, ``detail`` in the active language."""
    say = _Renderer()
    data: dict[str, Any] = {
        "table": result.table,
        "column": result.column,
        "rpn": result.rpn,
        "value": say(result.label) if result.label else result.value,
        "detail": say(result.detail) if isinstance(result.detail, Message) else result.detail,
        "rule": result.rule,
    }
    if result.colour:
        data["colour"] = result.colour
    return data
