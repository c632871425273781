"""What a printed roster shows: one force on one page, its cards by group with their numbers,
points, morale and panic, and the rule notes that apply to it (docs/setup-sheets.md, "Rosters").

A roster is a saved force of the builder or one side of a scenario. Like the setup sheet, this
module only renders: the card catalogue, the nationalities' names, the period, the force's
check (``builder.services.force_validate``, rendered in the roster's language) and the rules
data are read by the caller (``scenarios.display.roster_reads``) and handed in as
:class:`RosterReads`. The PDF is ``scenarios.jobs.sheets.pdf.render_roster_pdf``'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scenarios.presenters.sheet import (
    DEFAULT_SHEET,
    RevisionFacts,
    SheetOptions,
    force_rows,
    print_document,
)
from upfront import labels
from upfront.reference import models as ref


@dataclass(frozen=True)
class RosterReads:
    """What a roster shows of the reference data, read by the caller in its language."""

    cards: Mapping[tuple[str, int], Any]  # the catalogue's printed values, as a sheet's
    nationalities: Mapping[str, str]  # code -> name
    period: ref.Period | None
    # The force's check as the builder shows it (total, budget, breakdown, violations);
    # None when the force is not a document the check reads.
    check: Mapping[str, Any] | None
    revision: RevisionFacts | None


def _notes(check: Mapping[str, Any]) -> list[dict[str, str]]:
    """The rules the force's points rest on, each once, in the order the check cites them."""
    seen: dict[str, str] = {}
    for line in check.get("breakdown") or []:
        rule, summary = line.get("rule") or "", line.get("summary") or ""
        if rule and summary and rule not in seen:
            seen[rule] = summary
    return [{"rule": rule, "text": text} for rule, text in seen.items()]


def _extras(check: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What the force buys besides its cards (secondary weapons, radios, snipers), with their
    points: the check's breakdown lines that name no card (a card's line has its name)."""
    return [
        {"item": line.get("item") or "", "points": line.get("points"), "rule": line.get("rule")}
        for line in check.get("breakdown") or []
        if not line.get("detail")
    ]


def _status(check: Mapping[str, Any] | None) -> str:
    if check is None:
        return str(pgettext("roster", "not checked"))
    return str(_("Legal force") if check.get("valid") else _("Not legal"))


def roster_context(
    force: Mapping[str, Any], reads: RosterReads, *, title: str, heading: str = ""
) -> dict[str, Any]:
    """Everything the roster template reads, in the active language. ``title``: the force's
    name or the scenario's title; ``heading``: which side of it ("Attacker"), if any."""
    check = reads.check
    nationality = force.get("nationality") or ""
    return {
        "title": title,
        "heading": heading,
        "nationality": reads.nationalities.get(nationality, ""),
        "troop_type": labels.standalone("troop_type", force.get("troop_type")),
        "period": force.get("period") or "",
        "period_row": reads.period,
        "theatre": labels.standalone("theatre", force["theatre"]) if force.get("theatre") else "",
        "budget": force.get("budget"),
        "total_points": check.get("total_points") if check else None,
        "status": _status(check),
        "valid": bool(check and check.get("valid")),
        **force_rows(force, reads.cards),
        "notes": _notes(check) if check else [],
        "extras": _extras(check) if check else [],
        "faults": [
            {
                "severity": labels.standalone("severity", v.get("severity")),
                "rule": v.get("rule") or "",
                "message": v.get("message") or "",
            }
            for v in (check.get("violations") or [] if check else [])
        ],
    }


def roster_html(
    force: Mapping[str, Any],
    reads: RosterReads,
    options: SheetOptions = DEFAULT_SHEET,
    *,
    title: str,
    heading: str = "",
) -> str:
    """The print HTML of one force's roster (one page)."""
    with translation.override(options.language):
        context = {"roster": roster_context(force, reads, title=title, heading=heading)}
        return print_document("scenarios/print/roster.html", context, options, reads.revision)
