"""Who may see a library and what they may do with it (the rules: ``scenarios.access``).

What one may do with a library (``LibraryRights``):

* edit its title and description, put scenarios in it: its owner and its collaborators;
* delete it, change its visibility, add and remove collaborators: its owner only;
* copy it ("Copy to my account"): anyone signed in who sees it but its owner, whose it
  already is; start its setup sheets: anyone signed in who sees it; export it: anyone who
  sees it;
* follow it: anyone signed in but its owner, while it is public (listed): an unlisted
  library is reached by its link only, so nobody is told of its changes;
* read its collaborators' names: its owner and collaborators, and anyone while it is public
  (its page names who made it).

A copy, an export and a setup sheet hold the scenarios of it the requester sees, in the
order they were put in it (``selectors.library_scenarios_in_order``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db.models import Exists, IntegerField, OuterRef, Q, QuerySet, Value
from django.http import Http404

from scenarios.access.requester import user_id
from scenarios.models import Library

SHARED = ("unlisted", "public")


@dataclass(frozen=True)
class LibraryRights:
    """What a requester may do with one library they see."""

    can_view: bool = False
    can_edit: bool = False
    can_delete: bool = False
    can_share: bool = False
    can_manage_collaborators: bool = False
    can_copy: bool = False
    can_export: bool = False
    can_start_job: bool = False
    # Reads the list of collaborators: its members, and anyone while it is public.
    can_see_collaborators: bool = False
    can_follow: bool = False
    # Puts scenarios in it (its owner and collaborators, as ``library_to_hold``): one of their
    # own from its page, or a new one made in it.
    can_add_scenarios: bool = False


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


def member_library_ids(uid: int, *, with_public: bool = True) -> list[int]:
    """The ids of the libraries ``uid`` owns or collaborates on, read now (one query);
    without the public ones if not ``with_public``: a signed-in list reads those in its
    public part, and a designer may own hundreds (the bench's owns 200 of 10,000), each one
    more value for the database to look up in the member part's ``IN`` list.

    Two indexed reads in a ``UNION`` (the owner's index, the collaborations' by user): "owner
    or joined collaborator" as one condition had the database read every library and join
    each to its collaborators, the 10,000 public ones too (docs/performance.md, "A signed-in
    list read in two parts")."""
    owned = Library.objects.filter(owner_id=uid)
    shared = Library.objects.filter(collaborators__id=uid)
    if not with_public:
        owned, shared = owned.exclude(visibility="public"), shared.exclude(visibility="public")
    ids = owned.order_by().values_list("id", flat=True)
    return list(ids.union(shared.order_by().values_list("id", flat=True)))


def with_requester(found: QuerySet[Any], uid: int | None, library_id: str) -> QuerySet[Any]:
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


def is_collaborator(row: Any, library: Library | None, uid: int | None) -> bool:
    """Does ``uid`` collaborate on ``library``? Read from ``row`` when ``with_requester``
    annotated it, else asked (one query)."""
    if library is None or uid is None:
        return False
    if getattr(row, "rights_uid", None) == uid:
        return bool(row.rights_collaborates)
    return library.collaborators.filter(pk=uid).exists()


def library_rights(library: Library, user: Any) -> LibraryRights:
    """The rights of ``user`` over ``library`` (which they may or may not see)."""
    uid = user_id(user)
    owner = uid is not None and uid == library.owner_id
    return library_rights_of(
        owner_id=library.owner_id,
        visibility=library.visibility,
        uid=uid,
        collaborates=not owner and is_collaborator(library, library, uid),
    )


def library_rights_of(
    *, owner_id: int, visibility: str, uid: int | None, collaborates: bool
) -> LibraryRights:
    """The rights of the requester ``uid`` over a library known by its owner, its visibility
    and whether ``uid`` collaborates on it: ``library_rights``' rule, for a list that reads
    its rows as values (``shelf.shelf_rows``) rather than as models."""
    owner = uid is not None and uid == owner_id
    editor = owner or collaborates
    viewer = editor or visibility in SHARED
    signed_in = uid is not None
    listed = visibility == "public"
    return LibraryRights(
        can_view=viewer,
        can_edit=editor,
        can_delete=owner,
        can_share=owner,
        can_manage_collaborators=owner,
        can_copy=viewer and signed_in and not owner,
        can_export=viewer,
        can_start_job=viewer and signed_in,
        can_see_collaborators=editor or listed,
        can_follow=signed_in and listed and not owner,
        can_add_scenarios=editor,
    )


def library_for(
    user: Any, public_id: UUID | str, *, related: tuple[str, ...] = ()
) -> tuple[Library, LibraryRights]:
    """The library ``public_id`` if ``user`` may see it, with their rights over it.

    Raises ``Http404`` if it does not exist or ``user`` may not see it.
    """
    found = libraries_visible_to(user).select_related("owner", *related)
    found = with_requester(found, user_id(user), "pk")
    library = found.filter(public_id=public_id).first()
    if library is None:
        raise Http404("No library matches the given query.")
    return library, library_rights(library, user)
