"""Who may see a scenario and what they may do with it (the rules: ``scenarios.access``).

A scenario's effective visibility is the wider of its own and its library's: a scenario in a
public library is public (listed, searched, in feeds), in an unlisted library reachable by
its link. The rule is ``models.wider_visibility``; the scenario's column
``effective_visibility`` holds its result (kept by the models' ``save``), which
``scenario_shared`` (queries) reads, and ``scenario_visibility`` (a row) computes it from the
row and its library. A scenario that leaves a library keeps its own visibility.

What one may do with a scenario (``ScenarioRights``):

* edit its document: its owner, the owner of its library and the library's collaborators;
* delete it, move it to another library or out of one, change its visibility: its owner and
  the owner of the library holding it (the library's owner curates the library: a
  collaborator's scenario in it is theirs to publish, move out or remove). Collaborators edit
  other users' scenarios in a library but do not delete, move or share them;
* copy it, start a job on it (validation, simulation, setup sheet), record a play of it:
  anyone signed in who sees it; export it, read its versions and play records: anyone who
  sees it; restore one of its versions: whoever may edit it;
* open its library: whoever may see that library (``libraries.libraries_visible_to``). The
  scenario's own owner may no longer, once removed from another player's private library.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db.models import Q, QuerySet
from django.http import Http404

from scenarios.access.libraries import SHARED, is_collaborator, with_requester
from scenarios.access.requester import user_id
from scenarios.models import Library, Scenario, wider_visibility


@dataclass(frozen=True)
class ScenarioRights:
    """What a requester may do with one scenario they see."""

    can_view: bool = False
    can_edit: bool = False
    can_delete: bool = False
    can_move: bool = False
    can_share: bool = False
    can_copy: bool = False
    can_export: bool = False
    can_start_job: bool = False
    can_record_play: bool = False
    can_restore_version: bool = False
    # Shown the visibility and library fields: may both share and move it.
    can_publish: bool = False
    # Linked to the library holding it: may see that library.
    can_open_library: bool = False


def scenario_shared(levels: tuple[str, ...]) -> Q:
    """The scenarios whose effective visibility is one of ``levels`` (an upward-closed set:
    "unlisted or public", "public"): its own is, or its library's is. A shared folder shares
    what it holds. The column ``effective_visibility`` holds it (kept by the models' save,
    ``wider_visibility``) so that the public lists are read from their index."""
    return Q(effective_visibility__in=levels)


def scenario_visibility(scenario: Scenario) -> str:
    """The effective visibility of ``scenario``: the wider of its own and its library's."""
    library = scenario.library
    return scenario_visibility_of(scenario.visibility, library.visibility if library else None)


def scenario_visibility_of(visibility: str, library_visibility: str | None) -> str:
    """The effective visibility of a scenario read as values: its own ``visibility`` and its
    library's (None: in no library)."""
    return wider_visibility(visibility, library_visibility)


def scenario_member(uid: int, library_ids: list[int] | None = None) -> Q:
    """The scenarios ``uid`` sees and edits as owner, library owner or collaborator.

    The libraries are subqueries, not joins: a join repeats a scenario per collaborator
    (and its ``DISTINCT`` compares whole rows) and keeps the scenario's own indexes unused.
    ``library_ids``, when given, are those libraries already read
    (``libraries.member_library_ids``)."""
    if library_ids is not None:
        return Q(owner_id=uid) | Q(library_id__in=library_ids)
    owning = Library.objects.filter(owner_id=uid)
    collaborating = Library.collaborators.through.objects.filter(user_id=uid)
    return (
        Q(owner_id=uid)
        | Q(library_id__in=owning.values("id"))
        | Q(library_id__in=collaborating.values("library_id"))
    )


def scenarios_visible_to(user: Any) -> QuerySet[Scenario]:
    """Scenarios ``user`` may open (by id or link)."""
    uid = user_id(user)
    condition = scenario_shared(SHARED)
    if uid is not None:
        condition |= scenario_member(uid)
    return Scenario.objects.filter(condition)


def scenarios_editable_by(user: Any) -> QuerySet[Scenario]:
    """Scenarios whose document ``user`` may edit."""
    uid = user_id(user)
    if uid is None:
        return Scenario.objects.none()
    return Scenario.objects.filter(scenario_member(uid))


def scenario_rights(scenario: Scenario, user: Any) -> ScenarioRights:
    """The rights of ``user`` over ``scenario`` (which they may or may not see)."""
    uid = user_id(user)
    library = scenario.library
    owns_library = uid is not None and library is not None and uid == library.owner_id
    curator = owns_library or (uid is not None and uid == scenario.owner_id)
    # Asked at most once (a query unless read with the row), and only when it decides.
    collaborates: bool | None = None
    if not curator or not (owns_library or library is None or library.visibility in SHARED):
        collaborates = is_collaborator(scenario, library, uid)
    editor = curator or bool(collaborates)
    viewer = editor or scenario_visibility(scenario) in SHARED
    signed_in = uid is not None
    opens_library = library is not None and (
        library.visibility in SHARED or owns_library or bool(collaborates)
    )
    return ScenarioRights(
        can_view=viewer,
        can_edit=editor,
        can_delete=curator,
        can_move=curator,
        can_share=curator,
        can_copy=viewer and signed_in,
        can_export=viewer,
        can_start_job=viewer and signed_in,
        can_record_play=viewer and signed_in,
        can_restore_version=editor,
        can_publish=curator,
        can_open_library=viewer and opens_library,
    )


def new_scenario_rights(user: Any) -> ScenarioRights:
    """What ``user`` may do with the scenario they are about to make in the designer: theirs,
    to edit, publish and put in a library. Nothing else exists of it yet (no versions to
    restore, nothing to delete, copy or export)."""
    signed_in = user_id(user) is not None
    return ScenarioRights(
        can_view=signed_in,
        can_edit=signed_in,
        can_move=signed_in,
        can_share=signed_in,
        can_publish=signed_in,
    )


def scenario_for(
    user: Any, public_id: UUID | str, *, related: tuple[str, ...] = ()
) -> tuple[Scenario, ScenarioRights]:
    """The scenario ``public_id`` if ``user`` may see it, with their rights over it.

    Raises ``Http404`` if it does not exist or ``user`` may not see it. Related rows named
    in ``related`` are read with it (``select_related``).
    """
    found = scenarios_visible_to(user).select_related("owner", "library", *related)
    found = with_requester(found, user_id(user), "library_id")
    scenario = found.filter(public_id=public_id).first()
    if scenario is None:
        raise Http404("No scenario matches the given query.")
    return scenario, scenario_rights(scenario, user)
