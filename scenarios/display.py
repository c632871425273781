"""A scenario's preview for the doors that ask for it in one call (``scenario_preview``).

Reads the reference rows the body names once (``upfront.reference.selectors``), checks the
forces when asked (``scenarios.analysis.forces``) and hands both to the presenter
(``scenarios.presenters.display``). A door that already holds the rows or the checks calls the
presenter, ``scenarios.presenters.display.scenario_display``, itself: the two have different
names because one reads and checks and the other only renders.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import timezone, translation

from builder import services as builder_services
from scenarios.analysis.forces import side_checks
from scenarios.models import Scenario
from scenarios.presenters import display
from scenarios.presenters.roster import RosterReads
from scenarios.presenters.sheet import DEFAULT_SHEET, RevisionFacts, SheetOptions, SheetReads
from scenarios.presenters.simulation import SimulationReads
from scenarios.presenters.validation import ValidationReads
from upfront import labels
from upfront.reference import models as ref
from upfront.reference import selectors
from upfront.reference.fetch import catalogue_current, data_revision_current
from upfront.reference.selectors import nationality_names, scenario_reference_rows


def scenario_preview(body: dict[str, Any], *, check_forces: bool = True) -> dict[str, Any]:
    """The scenario body ``document["scenario"]`` as the preview template shows it.

    ``check_forces=False`` leaves each side's ``check`` empty: a caller holding the scenario's
    validation already (the setup sheet) does not validate the forces again.
    """
    return display.scenario_display(
        body,
        rows=scenario_reference_rows(body),
        checks=side_checks(body) if check_forces else None,
    )


def sheet_reads(
    scenario: Scenario,
    options: SheetOptions = DEFAULT_SHEET,
    validation: Mapping[str, Any] | None = None,
) -> SheetReads:
    """What a scenario's setup sheet shows of the reference data, read for the presenter
    (``scenarios.presenters.sheet``): the rows its body names (their names in the sheet's
    language), the card catalogue of the current data and its period's row (the sheet prints
    the half-year's months), and what the printed ``validation`` names."""
    body = scenario.document["scenario"]
    with translation.override(options.language):
        rows = scenario_reference_rows(body)
        simulation = simulation_reads()
        checked = validation_reads(validation) if validation is not None else None
    return SheetReads(
        rows=rows,
        cards=simulation.cards,
        period=ref.Period.objects.filter(code=body.get("period") or "").first(),
        simulation=simulation,
        validation=checked,
        revision=revision_facts(),
    )


def revision_label() -> str:
    """The label of the reference data a sheet is printed against ("r95-5738638f"): what its
    key and its verify record hold, never what the sheet prints (``revision_facts``)."""
    revision = data_revision_current()
    return revision.label if revision else "—"


def revision_facts() -> RevisionFacts | None:
    """The current reference data as a sheet prints it (its number and day), and its label."""
    revision = data_revision_current()
    if revision is None:
        return None
    return RevisionFacts(
        number=revision.pk, made=timezone.localdate(revision.created_at), label=revision.label
    )


def simulation_reads() -> SimulationReads:
    """What a simulation report names, in the active language (cached per data revision)."""
    return SimulationReads(nationalities=nationality_names(), cards=catalogue_current().cards)


def validation_reads(result: Mapping[str, Any]) -> ValidationReads:
    """The reference data's words a validation ``result`` names, in the active language
    (a fixed number of queries whatever it holds; most cached per data revision)."""
    return ValidationReads(
        texts=selectors.validation_texts(result),
        scenario_summaries=selectors.scenario_rule_summaries(),
        dyo_summaries=selectors.dyo_rule_summaries(),
        card_types=selectors.code_names("card_type"),
        special_rules=selectors.code_names("special_rule"),
        terrain_decks=selectors.code_names("terrain_deck"),
        published_scenarios=catalogue_current().scenario_reference.published_scenarios,
    )


def import_preview_display(bodies: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    """Each scenario an import would create, as the import page lists it: its title, period,
    theatre and each side's nationality and number of cards (``scenarios.importing``)."""
    shown = []
    for body in bodies:
        preview = display.scenario_display(body, rows=scenario_reference_rows(body), checks=None)
        shown.append(
            {
                "title": body.get("title") or "",
                "period": labels.period_label(body.get("period") or ""),
                "theatre": body.get("theatre"),
                "sides": [
                    {
                        "role": side["role_label"],
                        "nationality": getattr(side["nationality"], "name", ""),
                        "cards": len(side["cards"]),
                    }
                    for side in preview["sides"]
                ],
            }
        )
    return shown


def roster_reads(force: Mapping[str, Any], options: SheetOptions = DEFAULT_SHEET) -> RosterReads:
    """What a force's roster shows of the reference data, and the force's check as the
    builder shows it (``builder.services.force_validate``), in the roster's language."""
    with translation.override(options.language):
        try:
            check: Mapping[str, Any] | None = builder_services.force_validate(data=force)
        except builder_services.ForceInputError:
            check = None  # not a force document the check reads: printed "not checked"
        names = nationality_names()
    period = force.get("period")
    return RosterReads(
        cards=catalogue_current().cards,
        nationalities=names,
        period=ref.Period.objects.filter(code=period).first() if isinstance(period, str) else None,
        check=check,
        revision=revision_facts(),
    )
