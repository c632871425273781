"""The name pages show for an account: a deleted account's scenarios are credited to the shared
former-member account, shown as "a former member" in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext

# The username of the shared account that keeps what deleted accounts left to other players.
FORMER_MEMBER = "former-member"


def member_name(username: str) -> str:
    return gettext("a former member") if username == FORMER_MEMBER else username
