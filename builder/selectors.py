"""Reads of the DYO builder."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from builder.models import SavedForce
from upfront.reference.models import DYOPrice, PersonalityCard, SecondaryWeaponPermission
from upfront.rules import codes


def saved_forces_for(user: AbstractBaseUser | AnonymousUser) -> QuerySet[SavedForce]:
    """The forces ``user`` owns; nobody else's (owner-only access)."""
    if not user.is_authenticated:
        return SavedForce.objects.none()
    return SavedForce.objects.filter(owner=user)


def picker_cards(nationality: str) -> list[PersonalityCard]:
    """The numbered personality cards of one nationality, in card order (the card picker)."""
    return list(
        PersonalityCard.objects.filter(nationality__code=nationality, card_no__isnull=False)
        .select_related("weapon", "available_from")
        .order_by("card_no")
    )


@dataclass(frozen=True)
class SecondaryWeaponRule:
    """Who may carry one secondary weapon and from when, with the rules that say so."""

    weapon: str
    # nationality -> (allowed: True / False / None = no source says, rule reference)
    permissions: dict[str, tuple[bool | None, str]]
    available_from: str | None  # period code; None: from the start of the war
    available_rule: str


def secondary_weapon_rules() -> list[SecondaryWeaponRule]:
    """The permission and date of each secondary weapon (31.1, 43.7, 45.7), in code order.

    The same reference rows the engine's catalogue reads (``upfront.reference.fetch``), with
    their rule references, so the builder offers exactly what the check accepts.
    """
    permissions: dict[str, dict[str, tuple[bool | None, str]]] = {}
    for row in SecondaryWeaponPermission.objects.select_related("nationality"):
        permissions.setdefault(row.weapon, {})[row.nationality.code] = (row.allowed, row.rule)
    prices = {
        p.item: p
        for p in DYOPrice.objects.filter(
            item__in=codes.SECONDARY_WEAPONS, nationality=None
        ).select_related("available_from")
    }
    result = []
    for weapon in codes.SECONDARY_WEAPONS:
        price = prices.get(weapon)
        result.append(
            SecondaryWeaponRule(
                weapon=weapon,
                permissions=permissions.get(weapon, {}),
                available_from=price.available_from.code
                if price and price.available_from
                else None,
                available_rule=price.rule if price else "",
            )
        )
    return result
