"""Reads of user content and the rights over it: the only way in to scenarios and libraries.

Every page, API endpoint, feed, export, search and job goes through these functions, so what
a requester may see and do is decided once. A door asks ``scenario_for`` / ``library_for``
(or ``scenarios.jobs.selectors.job_for``): the object if the requester may see it (else
``Http404``: its existence is not revealed), with a small frozen rights value it checks before
acting.

Kept whole: the rights are stated once, as prose here and as code below; split, the two
querysets and the two rights values that must agree would sit in different files.

Who may see (``can_view``):

* the owner sees everything of theirs;
* a library's owner and collaborators see the library and every scenario in it;
* anyone (signed in or not) sees unlisted and public ones by their id or link;
* only public ones are listed, searched and put in feeds.

A scenario's effective visibility is the wider of its own and its library's: a scenario in a
public library is public (listed, searched, in feeds), in an unlisted library reachable by
its link. The rule is ``models.wider_visibility``; the scenario's column
``effective_visibility`` holds its result (kept by the models' ``save``), which
``_scenario_shared`` (queries) reads, and ``scenario_visibility`` (a row) computes it from the
row and its library. A scenario that leaves a library keeps its own visibility.

What one may do with a scenario (``ScenarioRights``):

* edit its document: its owner, the owner of its library and the library's collaborators;
* delete it, move it to another library or out of one, change its visibility: its owner and
  the owner of the library holding it (the library's owner curates the library: a
  collaborator's scenario in it is theirs to publish, move out or remove). Collaborators edit
  other users' scenarios in a library but do not delete, move or share them;
* copy it, start a job on it (validation, simulation, setup sheet), record a play of it:
  anyone signed in who sees it; export it, read its versions and play records: anyone who
  sees it; restore one of its versions: whoever may edit it. Changing or deleting a play
  record is its player's alone (``scenarios.plays.selectors``).

What one may do with a library (``LibraryRights``):

* edit its title and description, put scenarios in it: its owner and its collaborators;
* delete it, change its visibility, add and remove collaborators: its owner only;
* copy it, start its setup sheets: anyone signed in who sees it; export it: anyone who
  sees it. A copy, an export and a setup sheet hold the scenarios of it the requester sees,
  in the order they were put in it (``library_scenarios_in_order``).

A job is seen only by who asked for it, and only while they still see its scenario or
library (``scenarios.jobs.selectors.jobs_visible_to``).

A door refuses a right the rights value denies: pages answer 404 (they never say "exists
but not yours"), the API 403 to someone who sees the object and 404 to anyone else. A
right that needs an account answers the page's login redirect or the API's 401 to an
anonymous requester. Doors refuse through ``require_page`` and ``require_api`` only, and
templates learn what to offer from the rights value only (``rights.can_delete``…).

The module stays whole although long: the visibility rules, the rights values and the
refusals are one specification, read together (this docstring states it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, IntegerField, OuterRef, Q, QuerySet, Value
from django.http import Http404

from scenarios.models import VISIBILITY_ORDER, Library, Scenario, wider_visibility
from upfront.reference.selectors import is_staff_member

SHARED = ("unlisted", "public")


def user_id(user: Any) -> int | None:
    """The requester's id, or None for an anonymous one: the one spelling every right uses."""
    return user.pk if user is not None and getattr(user, "is_authenticated", False) else None


# --- A scenario's visibility: read here only ----------------------------------------------
# A scenario's effective visibility (the wider of its own and its library's): decided here.


def _scenario_shared(levels: tuple[str, ...]) -> Q:
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


def scenarios_widened_by(library: Library, visibility: str) -> QuerySet[Scenario]:
    """The scenarios of ``library`` that would be seen more widely if the library became
    ``visibility``: what its owner is asked to confirm first."""
    now = VISIBILITY_ORDER.index(library.visibility)
    after = VISIBILITY_ORDER.index(visibility)
    if after <= now:
        return Scenario.objects.none()
    narrower = VISIBILITY_ORDER[:after]
    return Scenario.objects.filter(library=library, visibility__in=narrower).order_by("title")


def _scenario_member(uid: int, library_ids: list[int] | None = None) -> Q:
    """The scenarios ``uid`` sees and edits as owner, library owner or collaborator.

    The libraries are subqueries, not joins: a join repeats a scenario per collaborator
    (and its ``DISTINCT`` compares whole rows) and keeps the scenario's own indexes unused.
    ``library_ids``, when given, are those libraries already read (``_member_library_ids``)."""
    if library_ids is not None:
        return Q(owner_id=uid) | Q(library_id__in=library_ids)
    owning = Library.objects.filter(owner_id=uid)
    collaborating = Library.collaborators.through.objects.filter(user_id=uid)
    return (
        Q(owner_id=uid)
        | Q(library_id__in=owning.values("id"))
        | Q(library_id__in=collaborating.values("library_id"))
    )


def _member_library_ids(uid: int) -> list[int]:
    """The ids of the libraries ``uid`` owns or collaborates on, read now (one query)."""
    return list(
        Library.objects.filter(Q(owner_id=uid) | Q(collaborators__id=uid))
        .values_list("id", flat=True)
        .distinct()
    )


def libraries_visible_to(user: Any) -> QuerySet[Library]:
    """Libraries ``user`` may open (by id or link)."""
    uid = user_id(user)
    condition = Q(visibility__in=SHARED)
    if uid is not None:
        condition |= Q(owner_id=uid) | Q(collaborators__id=uid)
    return Library.objects.filter(condition).distinct()


def libraries_editable_by(user: Any) -> QuerySet[Library]:
    """Libraries ``user`` may edit and put scenarios in (owner or collaborator)."""
    uid = user_id(user)
    if uid is None:
        return Library.objects.none()
    return Library.objects.filter(Q(owner_id=uid) | Q(collaborators__id=uid)).distinct()


def library_to_hold(user: Any, public_id: UUID | str) -> Library | None:
    """The library ``public_id`` if ``user`` may put scenarios in it (its owner and its
    collaborators: create, import, move or copy into it), else ``None``."""
    return libraries_editable_by(user).filter(public_id=public_id).first()


def libraries_listed() -> QuerySet[Library]:
    """Public libraries: the ones lists, search and feeds show."""
    return Library.objects.filter(visibility="public")


def library_is_listed(library: Library) -> bool:
    """Is ``library`` listed (public)? The row-level twin of ``libraries_listed``: only a
    listed library has feeds."""
    return library.visibility == "public"


def scenarios_visible_to(user: Any) -> QuerySet[Scenario]:
    """Scenarios ``user`` may open (by id or link)."""
    uid = user_id(user)
    condition = _scenario_shared(SHARED)
    if uid is not None:
        condition |= _scenario_member(uid)
    return Scenario.objects.filter(condition)


def scenarios_editable_by(user: Any) -> QuerySet[Scenario]:
    """Scenarios whose document ``user`` may edit."""
    uid = user_id(user)
    if uid is None:
        return Scenario.objects.none()
    return Scenario.objects.filter(_scenario_member(uid))


def scenarios_listed() -> QuerySet[Scenario]:
    """Public scenarios: the ones /scenarios/, search and feeds show."""
    return Scenario.objects.filter(_scenario_shared(("public",)))


def scenarios_of_library(library: Library, user: Any) -> QuerySet[Scenario]:
    """The scenarios of a library that ``user`` may see (in no set order: for output, use
    ``library_scenarios_in_order``)."""
    return scenarios_visible_to(user).filter(library=library)


def library_scenarios_in_order(library: Library, user: Any) -> QuerySet[Scenario]:
    """The scenarios of a library that ``user`` may see, in the order they were put in it.

    The one order of a library's contents wherever they are output: its page, its export
    (page and API: export -> import -> export gives the same document), its copy and its
    book of setup sheets.
    """
    return scenarios_of_library(library, user).order_by("pk")


def scenarios_listed_in_library(library: Library) -> QuerySet[Scenario]:
    """The public scenarios of a library: what its feeds publish."""
    return scenarios_listed().filter(library=library)


# --- What a list shows its requester (the API's list endpoints) -----------------------------
# Unlike *_visible_to, another user's unlisted scenario or library is not listed: the link is
# the only way to it.


def libraries_listed_for(user: Any) -> QuerySet[Library]:
    """The libraries a list shows ``user``: theirs, those shared with them, and public ones,
    each read with what ``library_rights`` needs (no query of its own per library)."""
    uid = user_id(user)
    condition = Q(visibility="public")
    if uid is not None:
        condition |= Q(owner_id=uid) | Q(collaborators__id=uid)
    return _with_requester(Library.objects.filter(condition).distinct(), uid, "pk")


def scenarios_listed_for(user: Any) -> QuerySet[Scenario]:
    """The scenarios a list shows ``user``: theirs, those of libraries shared with them (or
    theirs), and public ones."""
    uid = user_id(user)
    condition = _scenario_shared(("public",))
    if uid is not None:
        condition |= _scenario_member(uid)
    return Scenario.objects.filter(condition)


def scenarios_listed_apart_for(user: Any) -> tuple[QuerySet[Scenario], QuerySet[Scenario]]:
    """``scenarios_listed_for(user)`` as two lists with no scenario in both: the public ones
    (the same for everyone: read from the public list's index) and the user's others (their
    own and their libraries' that are not public). Anonymous: the second is empty."""
    uid = user_id(user)
    public = scenarios_listed()
    if uid is None:
        return public, Scenario.objects.none()
    # The libraries' ids read first (a list, not subqueries): PostgreSQL then reads the
    # scenarios of the owner and of those libraries from their indexes, where "owner or in
    # a subquery" had it read every row of the table (docs/performance.md).
    member = _scenario_member(uid, _member_library_ids(uid))
    return public, Scenario.objects.filter(member).exclude(_scenario_shared(("public",)))


# --- Rights -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScenarioRights:
    """What a requester may do with one scenario they see (see the module's docstring)."""

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


@dataclass(frozen=True)
class LibraryRights:
    """What a requester may do with one library they see (see the module's docstring)."""

    can_view: bool = False
    can_edit: bool = False
    can_delete: bool = False
    can_share: bool = False
    can_manage_collaborators: bool = False
    can_copy: bool = False
    can_export: bool = False
    can_start_job: bool = False
    # Reads the list of collaborators: its owner and its collaborators.
    can_see_collaborators: bool = False


def _with_requester(found: QuerySet[Any], uid: int | None, library_id: str) -> QuerySet[Any]:
    """``found`` with, on each row, whether ``uid`` collaborates on the library
    ``library_id`` names: the rights then cost no query of their own."""
    if uid is None:
        return found
    through = Library.collaborators.through
    return found.annotate(
        rights_uid=Value(uid, output_field=IntegerField()),
        rights_collaborates=Exists(
            through.objects.filter(library_id=OuterRef(library_id), user_id=uid)
        ),
    )


def _is_collaborator(row: Any, library: Library | None, uid: int | None) -> bool:
    if library is None or uid is None:
        return False
    if getattr(row, "rights_uid", None) == uid:  # read with the row (_with_requester)
        return bool(row.rights_collaborates)
    return library.collaborators.filter(pk=uid).exists()


def scenario_rights(scenario: Scenario, user: Any) -> ScenarioRights:
    """The rights of ``user`` over ``scenario`` (which they may or may not see)."""
    uid = user_id(user)
    library = scenario.library
    curator = uid is not None and uid in (
        scenario.owner_id,
        library.owner_id if library is not None else None,
    )
    editor = curator or _is_collaborator(scenario, library, uid)
    viewer = editor or scenario_visibility(scenario) in SHARED
    signed_in = uid is not None
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
    )


def library_rights(library: Library, user: Any) -> LibraryRights:
    """The rights of ``user`` over ``library`` (which they may or may not see)."""
    uid = user_id(user)
    owner = uid is not None and uid == library.owner_id
    editor = owner or _is_collaborator(library, library, uid)
    viewer = editor or library.visibility in SHARED
    signed_in = uid is not None
    return LibraryRights(
        can_view=viewer,
        can_edit=editor,
        can_delete=owner,
        can_share=owner,
        can_manage_collaborators=owner,
        can_copy=viewer and signed_in,
        can_export=viewer,
        can_start_job=viewer and signed_in,
        can_see_collaborators=editor,
    )


def scenario_for(
    user: Any, public_id: UUID | str, *, related: tuple[str, ...] = ()
) -> tuple[Scenario, ScenarioRights]:
    """The scenario ``public_id`` if ``user`` may see it, with their rights over it.

    Raises ``Http404`` if it does not exist or ``user`` may not see it. Related rows named
    in ``related`` are read with it (``select_related``).
    """
    found = scenarios_visible_to(user).select_related("owner", "library", *related)
    found = _with_requester(found, user_id(user), "library_id")
    scenario = found.filter(public_id=public_id).first()
    if scenario is None:
        raise Http404("No scenario matches the given query.")
    return scenario, scenario_rights(scenario, user)


def library_for(
    user: Any, public_id: UUID | str, *, related: tuple[str, ...] = ()
) -> tuple[Library, LibraryRights]:
    """The library ``public_id`` if ``user`` may see it, with their rights over it.

    Raises ``Http404`` if it does not exist or ``user`` may not see it.
    """
    found = libraries_visible_to(user).select_related("owner", *related)
    found = _with_requester(found, user_id(user), "pk")
    library = found.filter(public_id=public_id).first()
    if library is None:
        raise Http404("No library matches the given query.")
    return library, library_rights(library, user)


def require_page(rights: Any, *needed: str) -> None:
    """A page's refusal: 404 unless ``rights`` hold every right of ``needed`` (a page never
    says "exists but not yours")."""
    if not all(getattr(rights, right) for right in needed):
        raise Http404


def require_api(rights: Any, *needed: str, refused: str | None = None) -> None:
    """The API's refusal: 403 (with ``refused``, else the standard words) unless ``rights``
    hold every right of ``needed``; what the requester may not see is already a 404."""
    if not all(getattr(rights, right) for right in needed):
        raise PermissionDenied(*([refused] if refused else []))


# --- Collaborators ----------------------------------------------------------------------------


def active_user_named(username: str) -> Any | None:
    """The active account a player means by ``username``, or ``None``: the one rule for every
    name a player types (a library's new collaborator, a play record's opponent).

    The name is trimmed; an exact match wins, else a case-insensitive match if exactly one
    account has it ("Anna" finds "anna", but not when "anna" and "ANNA" both exist).
    Inactive accounts are never found.
    """
    name = username.strip()
    if not name:
        return None
    active = get_user_model().objects.filter(is_active=True)
    exact = active.filter(username=name).first()
    if exact is not None:
        return exact
    found = list(active.filter(username__iexact=name)[:2])
    return found[0] if len(found) == 1 else None


# --- Jobs -------------------------------------------------------------------------------------


def may_see_revalidations(user: Any) -> bool:
    """The bulk revalidation runs are the staff's: anyone else is told the page does not exist."""
    return is_staff_member(user)
