"""Reads of the DYO builder."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from builder.models import SavedForce


def saved_forces_for(user: AbstractBaseUser | AnonymousUser) -> QuerySet[SavedForce]:
    """The forces ``user`` owns; nobody else's (owner-only access)."""
    if not user.is_authenticated:
        return SavedForce.objects.none()
    return SavedForce.objects.filter(owner=user)
