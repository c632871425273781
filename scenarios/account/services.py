"""Writes of the account room: the former member, and a player leaving (docs/deletion.md).

Leaving takes nothing from other players:

* their scenarios that another player depends on (kept in another's library, recorded, played
  at the table or copied by someone else: ``selectors.scenarios_others_depend_on``) stay, with
  those players' play records and games, credited to the former member;
* other players' scenarios in their libraries go back to those players, as when a library is
  deleted (``scenarios.bin.services``), and those players are told;
* their play records stay in the scenarios' balance, credited to the former member one by one
  (each keeps its recorder's old id, so the count per recorder and day does not change), and
  so do the games at the table they were recorded from (others see a recorded game's draws);
  the records that name them as the other side's player name the former member there, and
  the scenarios touched are counted again;
* their ratings, comments and reports of comments are deleted, and the scenarios they rated
  are counted again without them (``scenarios.community.services.member_leaves``);
* everything else they own (the scenarios nobody else touched, libraries, bins, saved forces,
  games not recorded, jobs, tokens, e-mail addresses) is deleted for good, by the database's
  cascades from the account's row.

The former member is one account made by a migration (``scenarios/migrations``), found by its
flag row (``FormerMember``), with no usable password and inactive: nobody can sign in as it.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from scenarios import listing_cache
from scenarios.account import selectors
from scenarios.account.models import FormerMember, OwnedProducts
from scenarios.account.usernames import RESERVED
from scenarios.bin import selectors as bin_selectors
from scenarios.bin.services import scenario_give_back
from scenarios.community.services import member_leaves
from scenarios.models import Game, Library, PlayRecord, Scenario
from scenarios.plays.services import scenario_balance_update
from upfront.rules import codes

# The name the former member is made with when the first reserved name is someone's already
# (a site where a player took it before it was reserved): a space, which no sign-up allows.
FALLBACK_USERNAME = "former member"


@transaction.atomic
def former_member() -> Any:
    """The former member's account (made here only where the migration's row is gone, as
    after a test database is flushed)."""
    row = selectors.former_member_row()
    if row is None:
        users = get_user_model().objects
        name = RESERVED[0] if not users.filter(username=RESERVED[0]).exists() else FALLBACK_USERNAME
        user = users.create(username=name, is_active=False)
        user.set_unusable_password()
        user.save(update_fields=["password"])
        row = FormerMember.objects.create(user=user)
    selectors.remember_former_member(row.user.get_username())
    return row.user


@transaction.atomic
def account_delete(*, user: Any) -> None:
    """Delete ``user``'s account as the module's docstring says; all or nothing."""
    if selectors.is_former_member(user):
        raise ValueError("The former member's account is never deleted.")
    former = former_member()
    for library in Library.everything.filter(owner_id=user.pk).select_related("owner"):
        for scenarios in bin_selectors.library_deletion_plan(library).returned.values():
            for scenario in scenarios:
                scenario_give_back(scenario, library)
    kept = selectors.scenarios_others_depend_on(user)
    # One kept in the leaver's own library leaves it (the library goes with its owner), and
    # its visibility is its own again.
    for scenario in kept.filter(library__owner_id=user.pk):
        scenario.library, scenario.owner = None, former
        scenario.save_without_historical_record(  # type: ignore[attr-defined]
            update_fields=["library", "owner"]
        )
    kept.update(owner=former)
    _records_pass_to_former_member(user, former)
    # Their ratings, comments and reports go with them; what they rated is counted again.
    member_leaves(user=user)
    user.delete()
    listing_cache.listing_changed()


def _records_pass_to_former_member(user: Any, former: Any) -> None:
    """``user``'s play records, as either side, pass to the former member: a departed player
    is "a former member" on their side of a record, never gone (a game against them does not
    become a solo game). A record keeps its recorder's old id (``departed_player_key``) so
    that the balance counts it as it did (one per recorder and day: two departed players'
    records of one day stay two); one still awaiting the leaver's answer never gets it, so it
    is the recorder's word alone. The scenarios touched are counted again."""
    mine = PlayRecord.objects.filter(player_id=user.pk)
    against = PlayRecord.objects.filter(opponent_id=user.pk)
    touched = set(mine.values_list("scenario_id", flat=True)) | set(
        against.values_list("scenario_id", flat=True)
    )
    mine.filter(departed_player_key__isnull=True).update(departed_player_key=user.pk)
    mine.update(player=former)
    against.filter(confirmation=codes.AWAITING).update(confirmation=codes.UNCONFIRMED)
    against.update(opponent=former)
    Game.objects.filter(player_id=user.pk, record__isnull=False).update(player=former)
    Game.objects.filter(opponent_id=user.pk, record__isnull=False).update(opponent=former)
    for scenario in Scenario.everything.filter(pk__in=touched):
        scenario_balance_update(scenario=scenario)


def owned_products_set(*, user: Any, products: Any) -> frozenset[str]:
    """Store which products beyond the base game ``user`` owns (codes of ``codes.EXPANSIONS``;
    an unknown code is a ValueError: the forms and the API offer only these). From now on
    browsing and the roll leave out what they do not own, by default."""
    chosen = set(products)
    unknown = chosen - set(codes.EXPANSIONS)
    if unknown:
        raise ValueError(f"unknown products: {sorted(unknown)}")
    ordered = [code for code in codes.EXPANSIONS if code in chosen]
    OwnedProducts.objects.update_or_create(user_id=user.pk, defaults={"products": ordered})
    selectors.forget_owned_products(user)
    return frozenset(ordered)


def owned_products_clear(*, user: Any) -> None:
    """Forget what ``user`` said they own: browsing and the roll offer everything again."""
    OwnedProducts.objects.filter(user_id=user.pk).delete()
    selectors.forget_owned_products(user)
