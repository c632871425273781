"""API tokens (``Authorization: Token <key>``): one per account, handed out only to a session.

A token is created or replaced (``api_token_rotate``) by a user who is signed in to the site,
from ``/accounts/api-token/`` or ``POST /api/v1/auth/token`` with the session. There is no way
to trade a password for a token: signing in goes through django-allauth, which refuses an
account whose e-mail address is not verified, so a token always belongs to a verified
account (README, Accounts).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from rest_framework.authtoken.models import Token


def api_token_of(user: Any) -> Token | None:
    return Token.objects.filter(user=user).first()


@transaction.atomic
def api_token_rotate(*, user: Any) -> Token:
    """A new token for ``user``; the old one, if any, stops working at once."""
    Token.objects.filter(user=user).delete()
    return Token.objects.create(user=user)


@transaction.atomic
def api_token_revoke(*, user: Any) -> None:
    Token.objects.filter(user=user).delete()
