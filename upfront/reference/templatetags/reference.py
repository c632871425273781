"""Template filters and tags of the reference pages.

* ``{{ obj|tr:"name" }}`` — the one way a template picks a localised field (``name_it`` in
  Italian when it is filled in, else ``name_en``);
* ``{{ obj|data_text:"value" }}`` — a text the reference CSVs give in English (``value``) in the
  reader's language (``value_it``), the English marked as such when no Italian is stored;
* ``{{ obj|data_value:"radio_cards_in_deck" }}`` — the same for a value that carries remarks
  on its sources, without them;
* ``{{ code|label:"dyo_table" }}`` — the translated label of a data code (never the code);
* ``{{ value|or_unknown }}`` / ``{{ value|or_na }}`` — a value, or the marker for a value the game
  has but no source gives ("unknown") / a value that does not apply ("—");
* ``{% provenance obj "tem_note" %}`` — the rule number, with the source documents, the
  confidence and the notes a player may read one click away (and the record as stored, for
  staff).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from upfront import labels
from upfront.reference import phrasing
from upfront.reference import provenance as provenance_words
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
    if labels.language() == "en":
        return conditional_escape(text)
    return format_html('<span lang="en">{}</span>', text)


@register.filter
def data_text(obj: Any, field: str) -> SafeString:
    """A text of the reference CSVs in the reader's language, without the file references it
    cites (they are in the provenance): the Italian twin (``<field>_it``) when there is one, else
    the English, marked ``lang="en"`` on a page in another language when it needs translating."""
    return _data_text(obj, field, phrasing.strip_sources)


@register.filter
def data_value(obj: Any, field: str) -> SafeString:
    """``data_text`` of a value that carries remarks on its sources (``6 (General 26/5 British
    roster sheet; OCR shaky) - low confidence``): the value alone, ``6``; how sure the sources
    are is the provenance's to say."""
    return _data_text(obj, field, provenance_words.without_remarks)


def _data_text(obj: Any, field: str, clean: Callable[[str], str]) -> SafeString:
    text = localized(obj, field) if obj is not None else ""
    if not text:
        return SafeString("")
    text = clean(text)
    if is_english_fallback(obj, field):
        return format_html('<span lang="en">{}</span>', text)
    return conditional_escape(text)


@register.inclusion_tag("reference/_provenance.html", takes_context=True)
def provenance(context: template.Context, obj: Any, *note_fields: str) -> dict[str, Any]:
    """The rule a record comes from, with its source, confidence and notes behind a click.

    ``note_fields``: the record's further notes by field name (``"tem_note"``, a replaced
    card's ``"replaces_note"``) that explain a value but are not what a player reads first.
    A player reads the source documents' names in their language and the notes that are
    neither remarks on how the sources were read nor missing in their language
    (``upfront.reference.provenance``); staff read the record as stored as well, marked
    as theirs, so the admin audience loses nothing.
    """
    fields = ["note", *note_fields]
    # Who counts as staff is the apps' decision (``scenarios.access.staff``), handed to every
    # template by its context processor: the reference data imports no app.
    staff = bool(context.get("staff_member"))
    source = getattr(obj, "source", "") or ""
    confidence = getattr(obj, "confidence", "")
    return {
        "rule": labels.label("rule_word", obj.rule) or obj.rule,
        "documents": provenance_words.document_names(source),
        "confidence": confidence,
        "confidence_label": obj.get_confidence_display() if confidence else "",
        # A note the data has only in English is not shown on a page in another language:
        # there is nothing to show in its place.
        "notes": provenance_words.player_notes(
            localized(obj, field) for field in fields if not is_english_fallback(obj, field)
        ),
        "staff": staff,
        "recorded_source": source if staff else "",
        "recorded_notes": [getattr(obj, f, "") for f in fields if getattr(obj, f, "")]
        if staff
        else [],
    }


@register.filter
def published_name(scenario: Any) -> SafeString:
    """A published scenario's name in the reader's language, the printed English beside it."""
    name = localized(scenario, "name")
    if name == scenario.name:
        return conditional_escape(name)
    return format_html('{} <span class="printed-name" lang="en">({})</span>', name, scenario.name)
