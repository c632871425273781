"""A player leaves: their account is deleted, and what other players depend on stays
(docs/deletion.md).

* their scenarios in other players' libraries stay there, credited to a former member (one
  shared, inactive account that cannot sign in: ``FORMER_MEMBER``);
* other players' scenarios in their libraries go back to those players, as when a library is
  deleted (``scenarios.bin.services``), and those players are told;
* their play records stay in the scenarios' balance, credited to the former member, and so do
  the games at the table they were recorded from (others see a recorded game's draws);
* their ratings, comments and reports of comments are deleted, and the scenarios they rated
  are counted again without them (``scenarios.community.services.member_leaves``);
* everything else they own (scenarios, libraries, bins, saved forces, games not recorded, jobs,
  tokens, e-mail addresses) is deleted for good, by the database's cascades from the account's
  row. A scenario deleted so takes with it its versions, play records and games, other
  players' included, as when it is deleted for good from the bin.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from scenarios import listing_cache
from scenarios.bin import selectors
from scenarios.bin.names import FORMER_MEMBER
from scenarios.bin.services import scenario_give_back
from scenarios.community.services import member_leaves
from scenarios.models import Game, Library, PlayRecord, Scenario


def former_member() -> Any:
    """The shared account of former members (made the first time it is needed)."""
    user, created = get_user_model().objects.get_or_create(
        username=FORMER_MEMBER, defaults={"is_active": False}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def is_former_member(user: Any) -> bool:
    return getattr(user, "username", None) == FORMER_MEMBER


@transaction.atomic
def account_delete(*, user: Any) -> None:
    """Delete ``user``'s account as the module's docstring says."""
    former = former_member()
    for library in Library.everything.filter(owner_id=user.pk).select_related("owner"):
        for scenarios in selectors.library_deletion_plan(library).returned.values():
            for scenario in scenarios:
                scenario_give_back(scenario, library)
    Scenario.objects.filter(owner_id=user.pk, library__isnull=False).exclude(
        library__owner_id=user.pk
    ).update(owner=former)
    PlayRecord.objects.filter(player_id=user.pk).update(player=former)
    Game.objects.filter(player_id=user.pk, record__isnull=False).update(player=former)
    # Their ratings, comments and reports go with them; what they rated is counted again.
    member_leaves(user=user)
    user.delete()
    listing_cache.listing_changed()
