"""Fixtures of the account tests: a player whose address is confirmed, and links read from mail."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail

from tests.factories import make_user

PASSWORD = "afrika-1941-korps"


def link_in(message: mail.EmailMessage) -> str:
    """The one link of an allauth e-mail, as a path the test client can open."""
    urls = re.findall(r"https?://[^/\s]+(/\S+)", message.body)
    assert len(urls) == 1, message.body
    return urls[0]


@pytest.fixture
def production_password_hashers(settings):  # type: ignore[no-untyped-def]
    """The hashers production uses (upfront.settings, else Django's default), instead of the
    fast one every other test has (the root conftest)."""
    from django.conf import global_settings

    import upfront.settings as production

    settings.PASSWORD_HASHERS = getattr(
        production, "PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS
    )
    return settings.PASSWORD_HASHERS


@pytest.fixture
def player(db: None) -> Any:
    from allauth.account.models import EmailAddress

    user = make_user("rommel", password=PASSWORD)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user
