"""Reads of user content for lists, feeds and search, and of collaborators.

Who may see what, and what they may do with it, is decided in ``scenarios.access`` (its
docstring states the rules); the reads here build on its querysets. Only public scenarios and
libraries are listed, searched and put in feeds.
"""

from __future__ import annotations

from typing import Any, Protocol

from django.contrib.auth import get_user_model
from django.db.models import Exists, OuterRef, Q, QuerySet

from scenarios import access
from scenarios.models import VISIBILITY_ORDER, Library, Scenario


def scenarios_widened_by(library: Library, visibility: str) -> QuerySet[Scenario]:
    """The scenarios of ``library`` that would be seen more widely if the library became
    ``visibility``: what its owner is asked to confirm first."""
    now = VISIBILITY_ORDER.index(library.visibility)
    after = VISIBILITY_ORDER.index(visibility)
    if after <= now:
        return Scenario.objects.none()
    narrower = VISIBILITY_ORDER[:after]
    return Scenario.objects.filter(library=library, visibility__in=narrower).order_by("title")


def libraries_listed() -> QuerySet[Library]:
    """Public libraries: the ones lists, search and feeds show."""
    return Library.objects.filter(visibility="public")


class _Shown(Protocol):
    """A library as a model or as a shelf's row (``shelf.ShelfRow``): what its visibility is."""

    @property
    def visibility(self) -> str: ...


def library_is_listed(library: _Shown) -> bool:
    """Is ``library`` (a model, or a shelf's row) listed (public)? The row-level twin of
    ``libraries_listed``: only a listed library has feeds."""
    return library.visibility == "public"


def scenarios_listed() -> QuerySet[Scenario]:
    """Public scenarios: the ones /scenarios/, search and feeds show."""
    return Scenario.objects.filter(access.scenario_shared(("public",)))


def scenarios_of_library(library: Library, user: Any) -> QuerySet[Scenario]:
    """The scenarios of a library that ``user`` may see (in no set order: for output, use
    ``library_scenarios_in_order``)."""
    return access.scenarios_visible_to(user).filter(library=library)


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
    each read with what ``access.library_rights`` needs (no query of its own per library)."""
    uid = access.user_id(user)
    condition = Q(visibility="public")
    if uid is not None:
        # The collaboration as EXISTS, not a join: no row comes twice, so no DISTINCT, which
        # made the database sort all 10,000 public libraries before a page.
        through = Library.collaborators.through
        collaborates = Exists(through.objects.filter(library_id=OuterRef("pk"), user_id=uid))
        condition |= Q(owner_id=uid) | collaborates
    return access.with_requester(Library.objects.filter(condition), uid, "pk")


def libraries_listed_apart_for(user: Any) -> tuple[QuerySet[Library], QuerySet[Library]]:
    """``libraries_listed_for(user)``'s rows as two lists with no library in both: the public
    ones (the same for everyone: read from the shelf's indexes) and the user's others (their
    own and those shared with them that are not public). Anonymous: the second is empty.
    Bare rows, for their ids and order (scenarios.member_list); the page's libraries are then
    read by id as the shelf's rows (``shelf.shelf_rows_of_ids``)."""
    uid = access.user_id(user)
    public = libraries_listed()
    if uid is None:
        return public, Library.objects.none()
    # The ids read first, as for the scenarios below: each part then reads its own index.
    member = access.member_library_ids(uid, with_public=False)
    return public, Library.objects.filter(pk__in=member)


def scenarios_listed_for(user: Any) -> QuerySet[Scenario]:
    """The scenarios a list shows ``user``: theirs, those of libraries shared with them (or
    theirs), and public ones."""
    uid = access.user_id(user)
    condition = access.scenario_shared(("public",))
    if uid is not None:
        condition |= access.scenario_member(uid)
    return Scenario.objects.filter(condition)


def scenarios_listed_apart_for(user: Any) -> tuple[QuerySet[Scenario], QuerySet[Scenario]]:
    """``scenarios_listed_for(user)`` as two lists with no scenario in both: the public ones
    (the same for everyone: read from the public list's index) and the user's others (their
    own and their libraries' that are not public). Anonymous: the second is empty."""
    uid = access.user_id(user)
    public = scenarios_listed()
    if uid is None:
        return public, Scenario.objects.none()
    # The libraries' ids read first (a list, not subqueries): PostgreSQL then reads the
    # scenarios of the owner and of those libraries from their indexes, where "owner or in
    # a subquery" had it read every row of the table (docs/performance.md). A public
    # library's scenarios are all public (Scenario.effective_visibility): the public part's.
    member = access.scenario_member(uid, access.member_library_ids(uid, with_public=False))
    return public, Scenario.objects.filter(member).exclude(access.scenario_shared(("public",)))


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
