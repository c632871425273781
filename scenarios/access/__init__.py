"""Access: who may see what, and what they may do with it. The one room of rights.

Every page, API endpoint, feed, export, search and job asks these functions, so what a
requester may see and do is decided once. One module per object (``scenarios``,
``libraries``, ``plays``, ``games``, ``community``, ``bin``, ``staff``, ``players``), each
holding the rights value, the function that computes it, the ``*_for(user, id) -> (object,
rights)`` read and the querysets "what may this user see" that must agree with it. Nothing
outside this package builds a rights value (tests/project/test_access.py holds it).

Who may see (``can_view``):

* the owner sees everything of theirs;
* a library's owner and collaborators see the library and every scenario in it;
* anyone (signed in or not) sees unlisted and public ones by their id or link;
* only public ones are listed, searched and put in feeds (``scenarios.selectors``).

What one may do: ``scenarios.ScenarioRights``, ``libraries.LibraryRights``,
``plays.PlayRights``, ``games.GameRights``, ``community.CommunityRights`` and
``community.CommentRights`` (each module's docstring states its rules). A job
is seen only by who asked for it, and only while they still see its scenario or library
(``scenarios.jobs.selectors.jobs_visible_to``, built on these).

A door reads the object with its ``*_for`` (404 when the requester may not see it: its
existence is not revealed), then hands the right it needs, a bool, to its door kind's one
refusal helper: ``require_page(rights.can_edit)`` (404: a page never says "exists but not
yours") or ``require_api(rights.can_edit, words)`` (403 in words). A right that needs an
account answers the page's login redirect or the API's 401 to an anonymous requester (the
doors' ``login_required`` and DRF's ``IsAuthenticated``, the API's default). Templates learn
what to offer from the rights value only (``rights.can_delete``…).

A new right is a field of its object's rights value, set where the value is computed; the
rights matrix (tests/scenarios/test_rights_parity.py) then asks for a row of it.
"""

from __future__ import annotations

from scenarios.access.bin import bin_item_for, binned_libraries_of, binned_scenarios_of, in_bin
from scenarios.access.community import (
    CommentRights,
    CommunityRights,
    comment_for,
    comment_rights,
    community_for,
    community_rights,
    moderation_rights,
)
from scenarios.access.games import (
    GameRights,
    game_for,
    game_poll_etag,
    games_visible_to,
    live_games,
    new_game_for,
)
from scenarios.access.libraries import (
    SHARED,
    LibraryRights,
    libraries_editable_by,
    libraries_visible_to,
    library_for,
    library_rights,
    library_rights_of,
    library_to_hold,
    member_library_ids,
    with_requester,
)
from scenarios.access.players import has_player_page, player_for, players_shown
from scenarios.access.plays import PlayRights, play_for, play_rights, plays_visible_to
from scenarios.access.refusals import require_api, require_page
from scenarios.access.requester import signed_in, user_id
from scenarios.access.scenarios import (
    ScenarioRights,
    new_scenario_rights,
    scenario_for,
    scenario_member,
    scenario_rights,
    scenario_shared,
    scenario_visibility,
    scenario_visibility_of,
    scenarios_editable_by,
    scenarios_visible_to,
)
from scenarios.access.staff import is_staff_member, may_see_revalidations

# The rights values, for whoever enumerates them (the rights matrix).
RIGHTS = (
    ScenarioRights,
    LibraryRights,
    PlayRights,
    GameRights,
    CommunityRights,
    CommentRights,
)

__all__ = [
    "RIGHTS",
    "SHARED",
    "CommentRights",
    "CommunityRights",
    "GameRights",
    "LibraryRights",
    "PlayRights",
    "ScenarioRights",
    "bin_item_for",
    "binned_libraries_of",
    "binned_scenarios_of",
    "comment_for",
    "comment_rights",
    "community_for",
    "community_rights",
    "game_for",
    "game_poll_etag",
    "games_visible_to",
    "has_player_page",
    "in_bin",
    "is_staff_member",
    "libraries_editable_by",
    "libraries_visible_to",
    "library_for",
    "library_rights",
    "library_rights_of",
    "library_to_hold",
    "live_games",
    "may_see_revalidations",
    "member_library_ids",
    "moderation_rights",
    "new_game_for",
    "new_scenario_rights",
    "play_for",
    "play_rights",
    "player_for",
    "players_shown",
    "plays_visible_to",
    "require_api",
    "require_page",
    "scenario_for",
    "scenario_member",
    "scenario_rights",
    "scenario_shared",
    "scenario_visibility",
    "scenario_visibility_of",
    "scenarios_editable_by",
    "scenarios_visible_to",
    "signed_in",
    "user_id",
    "with_requester",
]
