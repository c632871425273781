"""Writes of scenarios and libraries (keyword-only, atomic, all-or-nothing).

Every write of a scenario goes through :func:`_checked`: the document is parsed by the rules
engine (shape, then the codes only the reference data knows), both forces are validated, and
only then is anything written. A document with any fault raises ``ScenarioInputError`` listing
every fault with its JSON path, rendered in the active language, and nothing is written.

Each piece of work is done once per write: the codes are checked once per scenario, each force
is validated once (the scenario checks hand their force results on, whence the size), and the
revision stamped on the scenario is the one its checks ran against (``reference_current``).
"""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scenarios import access, selectors
from scenarios.analysis.document_check import (
    CheckedScenario,
    checked_of,
    document_check,
    scenario_checked,
)
from scenarios.bin import selectors as bin_selectors
from scenarios.bin import services as bin_services
from scenarios.models import Library, Scenario
from upfront.reference.fetch import Reference, reference_current
from upfront.reference.rendering import render
from upfront.rules.force import FormatError
from upfront.rules.results import ValidationResult
from upfront.rules.scenario import (
    LibraryDocument,
    ScenarioDocument,
    ScenarioFormatError,
    library_document_from_dict,
    library_document_to_dict,
    scenario_document_to_dict,
    scenario_expansions,
    scenario_reference_faults,
)

logger = logging.getLogger(__name__)


@dataclass
class ScenarioInputError(ValueError):
    """A scenario or library document with faults; ``errors`` lists each with its path."""

    errors: list[dict[str, str]] = field(default_factory=list)

    def __str__(self) -> str:
        return "; ".join(f"{e['path']}: {e['message']}" for e in self.errors)


# The one answer for a library a scenario cannot be put in (the API's `library` fault).
NO_LIBRARY_TO_HOLD = gettext_lazy("No library with this id that you may edit.")


class LibraryGone(ScenarioInputError):
    """The library a scenario was to be kept in was deleted in the meantime (``errors`` names
    ``library``, not a place in the document)."""


def _library_held(scenario: Scenario) -> None:
    """Lock the library ``scenario`` is to be saved in and check again that it is live.

    A library's deletion locks the same row before it reads what the library holds
    (``bin_services.library_bin``): a scenario saved into it at the same moment is either in
    before (and handed back to its owner with the others) or finds it deleted after (refused,
    nothing written), never left in a deleted library."""
    if scenario.library_id is None:
        return
    live = Library.objects.select_for_update().filter(pk=scenario.library_id)
    if not list(live.values_list("pk", flat=True)):
        raise LibraryGone(errors=[{"path": "library", "message": str(NO_LIBRARY_TO_HOLD)}])


def _rendered(faults: list[FormatError]) -> ScenarioInputError:
    return ScenarioInputError(
        errors=[{"path": f.path, "message": render(f.message)} for f in faults]
    )


def _checked(
    document: ScenarioDocument, reference: Reference, *, path: str = "scenario"
) -> CheckedScenario:
    return scenario_checked(document, reference, path=path)


def scenario_check(*, data: Any) -> CheckedScenario:
    """Parse and check a scenario document; raise ``ScenarioInputError`` with every fault."""
    check = document_check(data)
    if check.faults:
        raise _rendered(list(check.faults))
    return checked_of(check)


def library_check(*, data: Any) -> tuple[LibraryDocument, list[CheckedScenario]]:
    """Parse and check a library document: every scenario, every fault, or nothing."""
    try:
        library = library_document_from_dict(data)
    except ScenarioFormatError as exc:
        raise _rendered(exc.errors) from exc
    checked, faults = [], []
    reference = reference_current()
    for index, document in enumerate(library.scenarios):
        path = f"scenarios[{index}].scenario"
        found = scenario_reference_faults(document.scenario, reference.catalogue, path=path)
        faults.extend(found)
        if not found:
            checked.append(_checked(document, reference, path=path))
    if faults:
        raise _rendered(faults)
    return library, checked


def scenario_columns(scenario: Scenario, checked: CheckedScenario) -> None:
    body = checked.document.scenario
    revision = checked.revision
    scenario.document = scenario_document_to_dict(
        ScenarioDocument(scenario=body, data_revision=revision.label)
    )
    scenario.title = body.title
    scenario.description = body.description
    scenario.language = body.language
    scenario.based_on = body.based_on or ""
    scenario.period = body.period
    scenario.theatre = body.theatre
    scenario.terrain_deck = body.terrain_deck
    scenario.nationalities = "|" + "|".join(sorted(set(body.nationalities))) + "|"
    scenario.weather = "|" + "|".join(body.weather) + "|" if body.weather else ""
    expansions = scenario_expansions(body)
    scenario.expansions = "|" + "|".join(expansions) + "|" if expansions else ""
    scenario.size_points = checked.size_points
    scenario.valid = checked.valid
    scenario.data_revision = revision
    scenario.checked_at = timezone.now()


def _versioned_state(scenario: Scenario) -> tuple[Any, ...]:
    """What a version shows: the document's scenario (not the reference data revision it was
    checked against), who may see it and where it is kept."""
    return (scenario.document.get("scenario"), scenario.visibility, scenario.library_id)


def _save(scenario: Scenario, checked: CheckedScenario, *, author: Any = None) -> Scenario:
    """Save a checked scenario; a change a version shows records a new version (docs/versions.md),
    anything else (a recheck against new reference data, a save that changed nothing) none."""
    before = None
    if scenario.pk is not None:
        stored = Scenario.objects.filter(pk=scenario.pk).only("document", "visibility", "library")
        before = next((_versioned_state(s) for s in stored), None)
    _library_held(scenario)
    scenario_columns(scenario, checked)
    scenario.full_clean(exclude=["owner", "library", "data_revision", "forked_from"])
    if author is not None:
        scenario._history_user = author  # type: ignore[attr-defined]
    if before is None:
        scenario.version = 1
    elif before != _versioned_state(scenario):
        scenario.version += 1
    else:
        scenario.save_without_historical_record()  # type: ignore[attr-defined]
        return scenario
    scenario.save()
    return scenario


@transaction.atomic
def scenario_create(
    *,
    owner: Any,
    data: Any,
    library: Library | None = None,
    visibility: str = "private",
) -> Scenario:
    """Save a new scenario from its document (all-or-nothing)."""
    checked = scenario_check(data=data)
    scenario = Scenario(owner=owner, library=library, visibility=visibility)
    return _save(scenario, checked, author=owner)


@transaction.atomic
def scenario_update(
    *,
    scenario: Scenario,
    data: Any = None,
    visibility: str | None = None,
    library: Library | bool | None = False,
    author: Any = None,
    restored_from: int | None = None,
) -> Scenario:
    """Replace a scenario's document and/or visibility and/or library (False: unchanged).

    ``restored_from``: the version whose document this is again; the new version records it.
    """
    checked = scenario_check(data=scenario.document if data is None else data)
    if visibility is not None:
        scenario.visibility = visibility
    if library is not False:
        scenario.library = library  # type: ignore[assignment]
    # Read by the history row this save writes (scenarios.models.scenario.version_mark) only.
    scenario._restored_from = restored_from  # type: ignore[attr-defined]
    try:
        return _save(scenario, checked, author=author)
    finally:
        del scenario._restored_from  # type: ignore[attr-defined]


@transaction.atomic
def scenario_side_save(
    *, scenario: Scenario, role: str, force: Any, author: Any = None
) -> ValidationResult | None:
    """Write ``force`` into the side ``role`` of ``scenario`` (the builder bound to a side).

    Saved even when the force breaks a DYO rule, as the designer saves any draft; the side's
    DYO validation, which the save's checks ran, is returned so the caller can say what is
    wrong (None when the checks did not reach the force).
    """
    data = copy.deepcopy(scenario.document)
    sides = data["scenario"]["sides"]
    index = next(i for i, side in enumerate(sides) if side["role"] == role)
    sides[index]["force"] = force
    checked = scenario_check(data=data)
    _save(scenario, checked, author=author)
    return checked.forces[index] if index < len(checked.forces) else None


@transaction.atomic
def scenario_recheck(*, scenario: Scenario) -> Scenario:
    """Check a scenario again against the current reference data."""
    return scenario_update(scenario=scenario)


def scenario_delete(*, scenario: Scenario, by: Any = None) -> None:
    """Move ``scenario`` to its owner's bin (``scenarios.bin``; ``by``: who deleted it)."""
    bin_services.scenario_bin(scenario=scenario, by=by)


@transaction.atomic
def scenario_fork(*, scenario: Scenario, user: Any, library: Library | None = None) -> Scenario:
    """Copy a scenario ``user`` may see into their own account, crediting its origin."""
    checked = scenario_check(data=scenario.document)
    copy = Scenario(
        owner=user,
        library=library,
        visibility="private",
        forked_from=scenario,
        forked_from_title=scenario.title,
        forked_from_version=scenario.version,
    )
    return _save(copy, checked, author=user)


@transaction.atomic
def scenario_put_in_library(
    *, scenario: Scenario, library: Library, user: Any, rights: access.ScenarioRights
) -> Scenario:
    """Put ``scenario`` in ``library`` (one ``user`` may put scenarios in): moved there if
    ``rights`` allow moving it, else a copy of it goes there. Answers the scenario that is."""
    if rights.can_move:
        return scenario_update(scenario=scenario, library=library)
    return scenario_fork(scenario=scenario, user=user, library=library)


@transaction.atomic
def scenario_import(*, owner: Any, data: Any, library: Library | None = None) -> Scenario:
    """Import a scenario document (all-or-nothing); it starts private."""
    return scenario_create(owner=owner, data=data, library=library)


def scenario_export(*, scenario: Scenario) -> dict[str, Any]:
    """The scenario's interchange document, as stored (checked when it was last saved), with
    the version it is (``scenario_version``: an optional member, ignored by an import)."""
    return {**scenario.document, "scenario_version": scenario.version}


@transaction.atomic
def library_create(
    *, owner: Any, title: str, description: str = "", visibility: str = "private"
) -> Library:
    library = Library(owner=owner, title=title, description=description, visibility=visibility)
    library.full_clean(exclude=["owner", "forked_from"])
    library.save()
    return library


@transaction.atomic
def library_update(
    *,
    library: Library,
    title: str | None = None,
    description: str | None = None,
    visibility: str | None = None,
) -> Library:
    if title is not None:
        library.title = title
    if description is not None:
        library.description = description
    if visibility is not None:
        library.visibility = visibility
    library.full_clean(exclude=["owner", "forked_from"])
    library.save()
    return library


def library_delete(*, library: Library) -> bin_selectors.LibraryDeletionPlan:
    """Move ``library`` and its owner's scenarios to the bin; other players' scenarios in it
    go back to them (``scenarios.bin``)."""
    return bin_services.library_bin(library=library)


@transaction.atomic
def library_collaborator_add(*, library: Library, user: Any) -> None:
    if user.pk != library.owner_id:
        library.collaborators.add(user)


class CollaboratorInputError(ValueError):
    """A name that cannot be made a collaborator; the message (translated) says why."""


@transaction.atomic
def library_collaborator_add_named(*, library: Library, username: str) -> Any:
    """Make the account named ``username`` a collaborator of ``library``; return it.

    The one rule for both doors (the library page and the API): the name is resolved by
    ``selectors.active_user_named`` (active accounts; exact, else a unique
    case-insensitive match). Raises ``CollaboratorInputError`` with the same text for both.
    """
    user = selectors.active_user_named(username)
    if user is None:
        raise CollaboratorInputError(_("No user with this username."))
    if user.pk == library.owner_id:
        raise CollaboratorInputError(_("The owner cannot be a collaborator."))
    library.collaborators.add(user)
    return user


@transaction.atomic
def library_collaborator_remove(*, library: Library, user: Any) -> None:
    library.collaborators.remove(user)


@transaction.atomic
def library_import(*, owner: Any, data: Any) -> Library:
    """Import a library document and all its scenarios, or nothing at all."""
    document, checked = library_check(data=data)
    library = library_create(owner=owner, title=document.title, description=document.description)
    for item in checked:
        _save(Scenario(owner=owner, library=library), item, author=owner)
    return library


def library_export(*, library: Library, scenarios: Any) -> dict[str, Any]:
    """A library document holding ``scenarios`` (those the requester may see, from selectors)."""
    body = library_document_to_dict(
        LibraryDocument(title=library.title, description=library.description, scenarios=())
    )
    body["scenarios"] = [dict(s.document) for s in scenarios]
    return body


@transaction.atomic
def library_fork(*, library: Library, scenarios: Any, user: Any) -> Library:
    """Copy a library and the scenarios of it ``user`` may see; the copy credits its origin."""
    copy = Library(
        owner=user,
        title=library.title,
        description=library.description,
        visibility="private",
        forked_from=library,
        forked_from_title=library.title,
    )
    copy.full_clean(exclude=["owner", "forked_from"])
    copy.save()
    for scenario in scenarios:
        scenario_fork(scenario=scenario, user=user, library=copy)
    return copy
