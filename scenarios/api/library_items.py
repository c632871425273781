"""The items of the API's list of libraries (``GET /api/v1/libraries/``), written out from a
shelf's rows (``shelf.ShelfRow``) as the scenarios' list writes its own
(``serializers.scenario_list_items``): what ``serializers.LibraryOutputSerializer`` describes,
with the requester's rights over each row from ``access.library_rights_of``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scenarios import access, selectors, shelf
from scenarios.access import LibraryRights
from scenarios.api.serializers import datetime_writer
from scenarios.community.presenters import rating_data
from scenarios.shelf import ShelfRow


def library_list_items(
    rows: Iterable[ShelfRow],
    rights: Mapping[int, LibraryRights],
    collaborators: Mapping[int, Sequence[tuple[int, str]]],
) -> list[dict[str, Any]]:
    """What ``LibraryOutputSerializer`` answers for each of ``rows`` (by id: the requester's
    ``rights`` over it, its ``collaborators``), written out, as ``scenario_list_items`` does:
    DRF's fields per row and value cost the fresh list more than its queries. Tests check the
    two agree (tests/scenarios/shelf/test_shelf_answers.py)."""
    written = datetime_writer()
    return [
        {
            "id": str(row.public_id),
            "title": row.title,
            "description": row.description,
            "owner": row.owner_username,
            "visibility": row.visibility,
            "collaborators": (
                sorted(name for _, name in collaborators.get(row.id, ()))
                if rights[row.id].can_see_collaborators
                else None
            ),
            "forked_from": (
                str(row.forked_from_public_id) if row.forked_from_public_id is not None else None
            ),
            "forked_from_title": row.forked_from_title,
            "created_at": written(row.created_at),
            "updated_at": written(row.updated_at),
            "scenario_count": row.scenario_count,
            "play_count": row.play_count,
            "follower_count": row.follower_count,
            "rating": rating_data(row.rating_count, row.rating_sum),
        }
        for row in rows
    ]


def library_list_items_for(
    rows: Sequence[ShelfRow], user: Any, *, recheck: bool = False
) -> list[dict[str, Any]]:
    """The list items of ``rows`` (a page of a list that ``user`` may see), in their order,
    with ``user``'s rights over each: their collaborators read in one query. ``recheck``: the
    rows were read by id (``shelf.shelf_rows_of_ids``), so each is checked again against what
    a list shows ``user`` (listed, or theirs to edit) and one that is not is left out: an id
    from a public head kept in another process's cache may name a library made private since.
    """
    collaborators = shelf.collaborators_of([row.id for row in rows])
    uid = access.user_id(user)
    rights = {
        row.id: access.library_rights_of(
            owner_id=row.owner_id,
            visibility=row.visibility,
            uid=uid,
            collaborates=any(member == uid for member, _ in collaborators.get(row.id, ())),
        )
        for row in rows
    }
    if recheck:
        rows = [row for row in rows if selectors.library_is_listed(row) or rights[row.id].can_edit]
    return library_list_items(rows, rights, collaborators)
