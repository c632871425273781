"""The bin's words on My scenarios: what each binned row is, and what each notice says.

The bin's selectors hand language-neutral rows (a kind, a count, titles and names kept as they
were); the sentence each kind reads as is chosen here, once, so the templates
(``_bin.html``, ``_bin_notices.html``) lay the rows out and decide nothing
(tests/project/test_templates_decide_nothing.py).
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scenarios.account.selectors import member_name
from scenarios.bin.models import BinNotice
from scenarios.bin.selectors import BinItem


def bin_item_what(item: BinItem) -> str:
    """ "library, with 3 scenarios" or "scenario": what a binned row is."""
    if item.kind == "library":
        return ngettext(
            "library, with %(n)s scenario", "library, with %(n)s scenarios", item.held
        ) % {"n": item.held}
    return _("scenario")


def bin_notice_text(notice: BinNotice) -> str:
    """What a notice tells a player about their scenario that another's deletion touched."""
    names = {
        "title": notice.scenario_title,
        "library": notice.library_title,
        "name": notice.by_name,
    }
    if notice.kind == BinNotice.Kind.RETURNED:
        return (
            _(
                "%(name)s deleted the library “%(library)s”: your scenario “%(title)s” is back "
                "among your own scenarios, as it was."
            )
            % names
        )
    return (
        _(
            "%(name)s deleted your scenario “%(title)s” from the library “%(library)s”: it is in "
            "your bin, and you may restore it."
        )
        % names
    )


def bin_display(context: dict[str, Any]) -> dict[str, Any]:
    """``bin.selectors.bin_context`` with each row's and notice's words beside it."""
    return {
        **context,
        "bin_items": [
            {
                **asdict(item),
                "what": bin_item_what(item),
                # Who deleted it may have left since: "a former member", never the sentinel's name.
                "deleted_by": member_name(item.deleted_by) if item.deleted_by else "",
            }
            for item in context["bin_items"]
        ],
        "bin_notices": [
            {"text": bin_notice_text(n), "created_at": n.created_at} for n in context["bin_notices"]
        ],
    }
