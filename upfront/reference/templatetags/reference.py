"""Template filters and tags of the reference pages.

* ``{{ obj|tr:"name" }}`` — the one way a template picks a localised field (``name_it`` in
  Italian when it is filled in, else ``name_en``);
* ``{{ obj|data_text:"value" }}`` — a text the reference CSVs give in English (``value``) in the
  reader's language (``value_it``), the English marked as such when no Italian is stored;
* ``{{ code|label:"dyo_table" }}`` — the translated label of a data code (never the code);
* ``{{ value|or_unknown }}`` / ``{{ value|or_na }}`` — a value, or the marker for a value the game
  has but no source gives ("unknown") / a value that does not apply ("—");
* ``{% provenance obj %}`` — the rule number, with the source one click away.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from upfront import labels
from upfront.reference import phrasing
from upfront.reference.models import Bilingual, is_english_fallback, localized

register = template.Library()


@register.filter
def tr(obj: Any, field: str) -> str:
    """The field in the active language, English when the Italian text is missing."""
    if obj is None:
        return ""
    return Bilingual.tr(obj, field)


@register.filter
def label(code: Any, kind: str) -> str:
    """The label of a code (``upfront.labels``), as written: ``|capfirst`` it on its own."""
    return labels.label(kind, str(code)) if code not in (None, "") else ""


@register.simple_tag
def code_choices(kind: str) -> list[tuple[Any, str]]:
    """``[(code, label), ...]`` of one table of ``upfront.labels``, each label on its own."""
    return [(code, labels.standalone(kind, code)) for code in labels.TABLES[kind]]


@register.filter
def signed(value: Any) -> str:
    if value is None:
        return ""
    return phrasing.signed(value) if isinstance(value, int) else str(value)


@register.simple_tag
def unknown() -> SafeString:
    return format_html(
        '<span class="unknown" title="{}">{}</span>',
        _("The game has this value, but none of our sources gives it."),
        pgettext("value", "unknown"),
    )


@register.simple_tag
def not_applicable() -> SafeString:
    return format_html(
        '<span class="na" title="{title}"><span aria-hidden="true">—</span>'
        '<span class="visually-hidden">{title}</span></span>',
        title=_("does not apply"),
    )


@register.filter
def or_unknown(value: Any) -> SafeString:
    if value is None or value == "":
        return unknown()
    return conditional_escape(value)


@register.filter
def or_na(value: Any) -> SafeString:
    if value is None or value == "":
        return not_applicable()
    return conditional_escape(value)


@register.filter
def en_only(text: Any) -> SafeString:
    """Data text the sources give only in English: marked as English on a page in another
    language, and without the file references it cites (they are in the provenance)."""
    if not text:
        return SafeString("")
    text = phrasing.strip_sources(str(text))
    if (get_language() or "en")[:2] == "en":
        return conditional_escape(text)
    return format_html('<span lang="en">{}</span>', text)


@register.filter
def data_text(obj: Any, field: str) -> SafeString:
    """A text of the reference CSVs in the reader's language, without the file references it
    cites (they are in the provenance): the Italian twin (``<field>_it``) when there is one, else
    the English, marked ``lang="en"`` on a page in another language when it needs translating."""
    text = localized(obj, field) if obj is not None else ""
    if not text:
        return SafeString("")
    text = phrasing.strip_sources(text)
    if is_english_fallback(obj, field):
        return format_html('<span lang="en">{}</span>', text)
    return conditional_escape(text)


@register.inclusion_tag("reference/_provenance.html")
def provenance(obj: Any, *notes: str) -> dict[str, Any]:
    """The rule a record comes from, with its source, confidence and notes behind a click.

    ``notes``: further notes of the record (a TEM note, a replaced-card note) that explain a
    value but are not what a player reads first. A note on how a source was read (an OCR
    remark) is left out: it is for the admin and docs/data.md.
    """
    rule = obj.rule
    note = getattr(obj, "note", "")
    return {
        "rule": labels.label("rule_word", rule) or rule,
        "notes": [text for text in notes if text and not phrasing.is_transcription_remark(text)],
        "source": getattr(obj, "source", ""),
        "confidence": getattr(obj, "confidence", ""),
        "confidence_label": obj.get_confidence_display() if getattr(obj, "confidence", "") else "",
        "note": "" if phrasing.is_transcription_remark(note) else note,
    }
