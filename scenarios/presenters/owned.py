"""What a scenario needs that the player has not marked as owned, in words."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from upfront import labels


def products_missing_words(missing: Sequence[str]) -> str:
    """ "Needs Desert War, which you have not marked as owned." for ``missing`` (codes of
    codes.EXPANSIONS, ``account.selectors.products_missing``); "" when nothing is missing."""
    if not missing:
        return ""
    names = [str(labels.label("expansion", code)) for code in missing]
    listed = names[0]
    if len(names) > 1:
        listed = _("%(items)s and %(last)s") % {"items": ", ".join(names[:-1]), "last": names[-1]}
    return ngettext(
        "Needs %(products)s, which you have not marked as owned.",
        "Needs %(products)s, which you have not marked as owned.",
        len(names),
    ) % {"products": listed}
