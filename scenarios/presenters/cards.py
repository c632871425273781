"""A personality card as players name it, for every report that lists cards (the 48.3 rows of
a simulation, the cards bought or given up between two versions)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from upfront.reference import phrasing
from upfront.rules.catalogue import CardInfo


def card_words(number: int, card: CardInfo | None) -> str:
    """A personality card as players name it: its number and its printed name ("8 Smith");
    the name without the data's transcription remarks, "name unknown" when no source gives it."""
    if card is None:
        return str(number)
    printed, _note = phrasing.card_name(card.name)
    if not printed:
        return _("%(number)s (name unknown)") % {"number": number}
    return f"{number} {printed}"
