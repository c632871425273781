"""What a setup sheet shows: the print HTML of a scenario's sheet and of a library book's
cover, in the active language, rendered from results it is handed (docs/setup-sheets.md).

How a sheet is printed (paper, language, ink saving) is one :class:`SheetOptions` value for
every function that renders, keys or stores a sheet; what a sheet shows of the reference data
(the rows its scenario names, the card catalogue, its period) is read by the caller
(``scenarios.display.sheet_reads``) and handed in as :class:`SheetReads`: this module reads
nothing.

No WeasyPrint here: the PDF, the book binding and the stored files are background work
(``scenarios.jobs.sheets``); this module is what the bench hands Chromium and what the
tests read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import date
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scenarios.models import Library, Scenario
from scenarios.presenters.display import scenario_display
from scenarios.presenters.simulation import SimulationReads, simulation_context
from scenarios.presenters.validation import ValidationReads, validation_context
from upfront import labels
from upfront.reference import models as ref
from upfront.reference.phrasing import card_name
from upfront.reference.phrasing import revision as phrasing_revision
from upfront.reference.selectors import ScenarioReferenceRows
from upfront.rules.codes import LANGUAGES

UNKNOWN = "—"  # how a value no source gives is printed


class SetupSheetError(ValueError):
    """An option the renderer does not know (paper size, language)."""


def sheet_options_check(paper: str, language: str) -> None:
    if paper not in labels.PAPER:
        raise SetupSheetError(f"unknown paper size {paper!r}; expected one of {list(labels.PAPER)}")
    if language not in LANGUAGES:
        raise SetupSheetError(f"unknown language {language!r}; expected one of {LANGUAGES}")


@dataclass(frozen=True)
class SheetOptions:
    """How a sheet or a book is printed: checked when made (``SetupSheetError``)."""

    paper: str = "A4"
    language: str = "en"
    ink_saving: bool = False

    def __post_init__(self) -> None:
        sheet_options_check(self.paper, self.language)

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> SheetOptions:
        """The sheet's options among a job's (which hold others too)."""
        return cls(
            paper=options["paper"],
            language=options["language"],
            ink_saving=bool(options["ink_saving"]),
        )

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


# A sheet on A4, in English, in colour.
DEFAULT_SHEET = SheetOptions()


@dataclass(frozen=True)
class RevisionFacts:
    """The reference data a sheet is printed against, as the caller read it: its number and
    the day it was made (what a player reads), and its label (what a verifier compares)."""

    number: int
    made: date
    label: str


def revision_words(revision: RevisionFacts | None) -> str:
    """The reference data in a player's words (``upfront.reference.phrasing.revision``)."""
    if revision is None:
        return phrasing_revision.revision_words(None, None)
    return phrasing_revision.revision_words(revision.number, revision.made)


@dataclass(frozen=True)
class SheetReads:
    """What a scenario's sheet shows of the reference data, read by the caller: the rows its
    scenario names, the card catalogue (each card's printed values) and its period's row."""

    rows: ScenarioReferenceRows
    cards: Mapping[tuple[str, int], Any]
    period: ref.Period | None
    simulation: SimulationReads  # what the printed simulation names
    validation: ValidationReads | None = None  # what the printed validation names, if any
    revision: RevisionFacts | None = None  # the reference data printed against


def _known(value: Any) -> Any:
    return UNKNOWN if value is None or value == "" else value


def force_card_rows(force: Mapping[str, Any], cards: Mapping[tuple[str, int], Any]) -> list[Any]:
    """The force's groups (and reinforcements) with each card's printed values."""
    nationality = force.get("nationality", "")

    def row(item: Mapping[str, Any]) -> dict[str, Any]:
        info = cards.get((nationality, item.get("card")))  # type: ignore[arg-type]
        return {
            "number": item.get("card"),
            "known": info is not None,
            # The printed name, without the data's transcription remarks (docs/data.md);
            # "unknown" for a card the data holds but no source names.
            "name": (card_name(info.name)[0] or pgettext("value", "unknown"))
            if info
            else _("unknown card"),
            "role": labels.standalone("leader_role", info.leader_role) if info else "",
            "weapon": _known(info.weapon if info else None),
            "morale": _known(info.morale if info else None),
            "panic": _known(info.panic if info else None),
            "points": _known(info.dyo_points if info else None),
            "secondary": [
                labels.standalone("secondary_weapon", w) or w for w in item.get("secondary") or []
            ],
        }

    groups = [
        {"label": group.get("label", ""), "cards": [row(i) for i in group.get("cards") or []]}
        for group in force.get("groups") or []
    ]
    reinforcements = [
        {
            "label": pgettext("setup sheet", "Reinforcements after deck %(deck)s")
            % {"deck": r.get("after_deck")},
            "cards": [row(i) for i in r.get("cards") or []],
        }
        for r in force.get("reinforcements") or []
    ]
    return groups + reinforcements


def _side(
    side: Mapping[str, Any],
    cards: Mapping[tuple[str, int], Any],
    checked: Mapping[str, Any] | None,
) -> dict[str, Any]:
    return {
        **side,
        **force_rows(side["force"], cards),
        # The points the validation found the force buys (none printed when not validated).
        "check": {"total_points": checked["total_points"]} if checked else None,
    }


def force_rows(force: Mapping[str, Any], cards: Mapping[tuple[str, int], Any]) -> dict[str, Any]:
    """What a sheet's side and a roster print of one force: its groups of cards, its variants,
    radios, snipers and random reinforcement decks (``templates/scenarios/print/_cards.html``)."""
    variants = [
        labels.standalone("force_variant", v) for v in ("partisans", "marines") if force.get(v)
    ]
    # M12.1: "mountain" is the article the force fights under; only the draw's black RN
    # (mountain_troops: true) makes its elites mountain troops.
    if force.get("mountain_troops") is True:
        variants.append(_("Mountain troops"))
    return {
        "groups": force_card_rows(force, cards),
        "variants": variants,
        "radios": [r.get("fire_strength") for r in force.get("radios") or []],
        "snipers": labels.standalone("sniper_option", force.get("snipers") or 0),
        "random_decks": force.get("random_reinforcement_decks") or [],
    }


def _status(validation: Mapping[str, Any] | None) -> str:
    return validation_status(None if validation is None else bool(validation.get("valid")))


def validation_status(valid: bool | None) -> str:
    """A sheet's validation status in words (``None``: not validated); its verify page says
    the same."""
    if valid is None:
        return str(pgettext("setup sheet", "not validated"))
    if valid:
        return str(pgettext("setup sheet", "valid"))
    return str(pgettext("setup sheet", "has errors"))


def sheet_context(
    scenario: Scenario,
    reads: SheetReads,
    validation: Mapping[str, Any] | None,
    simulation: Mapping[str, Any] | None,
    anchor: str,
) -> dict[str, Any]:
    """Everything the print templates read for one scenario, in the active language.

    It renders what it is handed and computes nothing: each side's points come from the
    validation (``forces``), so printing validates no force.
    """
    body = scenario.document["scenario"]
    shown = scenario_display(body, rows=reads.rows)
    cards = reads.cards
    sides = shown["sides"]
    forces: list[Mapping[str, Any] | None] = list((validation or {}).get("forces") or [])
    forces += [None] * (len(sides) - len(forces))  # not validated, or an older result
    context: dict[str, Any] = {
        "anchor": anchor,
        "scenario": scenario,
        "version": scenario.version,
        "p": shown,
        "sides": [_side(s, cards, checked) for s, checked in zip(sides, forces, strict=False)],
        "status": _status(validation),
        # "1943b" is how the sources name a half-year; the months are printed beside it.
        "period": reads.period,
        "validation": None,
        "simulation": None,
    }
    # The report partials' presenters build their own context.
    if validation is not None:
        if reads.validation is None:
            raise ValueError("a sheet printing a validation is handed what it names (reads)")
        context["validation"] = validation_context(dict(validation), reads.validation)
    if simulation is not None:
        context["simulation"] = simulation_context(dict(simulation), reads.simulation)
    return context


def _css_string(text: str) -> str:
    """A CSS string literal whose every non-alphanumeric character is escaped."""
    return '"' + "".join(c if c.isalnum() or c == " " else f"\\{ord(c):x} " for c in text) + '"'


def print_document(
    template: str,
    context: dict[str, Any],
    options: SheetOptions,
    revision: RevisionFacts | None,
) -> str:
    page_word, of_word = pgettext("setup sheet", "page"), pgettext("setup sheet", "of")
    page_css = (
        f"@page {{ size: {options.paper}; }}\n"
        f"@page {{ @bottom-right {{ content: {_css_string(page_word)} ' ' counter(page) ' ' "
        f"{_css_string(of_word)} ' ' counter(pages); }} }}"
    )
    return str(
        render_to_string(
            template,
            {
                **context,
                "page_css": page_css,
                "ink_saving": options.ink_saving,
                "language": labels.language(),
                "revision": revision_words(revision),
            },
        )
    )


def scenario_sheet_html(
    scenario: Scenario,
    reads: SheetReads,
    options: SheetOptions = DEFAULT_SHEET,
    *,
    validation: dict[str, Any] | None = None,
    simulation: dict[str, Any] | None = None,
    verify: Mapping[str, Any] | None = None,
) -> str:
    """The print HTML of one setup sheet (also what the bench gives Chromium); ``verify``:
    its verify address and QR code (``scenarios.presenters.verify.sheet_verify``)."""
    with translation.override(options.language):
        context = {"sheet": sheet_context(scenario, reads, validation, simulation, "scenario-1")}
        context["sheet"]["verify"] = verify
        return print_document("scenarios/print/sheet.html", context, options, reads.revision)


def book_front_html(
    library: Library,
    entries: Sequence[tuple[str, int]],
    options: SheetOptions = DEFAULT_SHEET,
    revision: RevisionFacts | None = None,
) -> str:
    """The print HTML of a book's cover and contents: ``entries`` are (title, the book's page
    the sheet starts on), in order; ``revision``: the reference data (read by the caller)."""
    with translation.override(options.language):
        context = {
            "library": library,
            "entries": [{"title": title, "page": page} for title, page in entries],
        }
        return print_document("scenarios/print/library.html", context, options, revision)
