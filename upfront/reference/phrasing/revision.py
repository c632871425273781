"""The reference data's revision as a player reads it: "Rules data of 27 November 2026
(revision 95)", for the setup sheet, the roster and every page's footer. The raw label
("r95-5738638f") is for the verify page, which names it."""

from __future__ import annotations

from datetime import date

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import pgettext

from upfront import labels


def revision_words(number: int | None, made: date | None) -> str:
    """The revision ``number`` made on ``made`` in the active language ("not loaded" when
    there is none)."""
    if number is None or made is None:
        return str(pgettext("setup sheet", "Rules data not loaded"))
    day = date_format(made, "j E Y")
    if labels.is_italian():
        # Italian writes a month lower-case mid-sentence, whatever the date format's case.
        day = day.lower()
    return pgettext("setup sheet", "Rules data of %(date)s (revision %(number)s)") % {
        "date": day,
        "number": number,
    }


def current_revision_words(revision: object | None) -> str:
    """``revision_words`` of a ``DataRevision`` row (or None)."""
    if revision is None:
        return revision_words(None, None)
    made = timezone.localdate(revision.created_at)  # type: ignore[attr-defined]
    return revision_words(revision.pk, made)  # type: ignore[attr-defined]
