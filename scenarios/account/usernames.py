"""The usernames nobody may take: the former member's and every name that reads like it.

A name is compared in its skeleton: Unicode-normalised (NFKC: fullwidth and compatibility
forms become plain letters), case-folded, the few letters of other scripts and digits that
look like Latin ones mapped to them, and every separator dropped. ``former-member``,
``Former_Member``, ``formermember``, the fullwidth ``ｆｏｒｍｅｒ－ｍｅｍｂｅｒ`` and
``fоrmer-member`` (a Cyrillic ``о``) share the skeleton ``formermember``.

Every form that sets a username asks :func:`validate_username`: allauth's sign-up
(``ACCOUNT_USERNAME_VALIDATORS`` in settings) and the admin's user forms
(``scenarios/admin.py``). The API sets no username.
"""

from __future__ import annotations

import re
import unicodedata

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from upfront.text import validate_public_text

# The name the former member was made with, and the other names a player could mistake for
# it. Compared by skeleton, so one spelling of each is enough.
RESERVED = ("former-member", "former member", "deleted", "deleted user")

# Letters of other scripts (Cyrillic, Greek) and digits that read as Latin letters in a
# username: the fraction of the confusables table a name of this site can hold.
_LOOKALIKES = str.maketrans(
    {
        "а": "a",
        "в": "b",
        "е": "e",
        "ё": "e",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "т": "t",
        "у": "y",
        "х": "x",
        "і": "i",
        "ј": "j",
        "ѕ": "s",
        "ԁ": "d",
        "ӏ": "l",
        "α": "a",
        "β": "b",
        "ε": "e",
        "ι": "i",
        "κ": "k",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        "0": "o",
        "1": "l",
        "3": "e",
        "5": "s",
        "ı": "i",
    }
)
_SEPARATORS = re.compile(r"[\W_]+")


def skeleton(name: str) -> str:
    """What ``name`` reads as, for comparing names (see the module's docstring)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return _SEPARATORS.sub("", folded.translate(_LOOKALIKES))


_RESERVED_SKELETONS = frozenset(skeleton(name) for name in RESERVED)


def is_reserved(name: str) -> bool:
    return skeleton(name) in _RESERVED_SKELETONS


def validate_username(name: str) -> None:
    """Refuse a reserved username (``ValidationError``)."""
    if is_reserved(name):
        raise ValidationError(_("This username is reserved."), code="reserved")


# allauth's sign-up runs these in place of the model field's validators (settings'
# ACCOUNT_USERNAME_VALIDATORS): the reserved names first (a fullwidth look-alike is told it is
# reserved, not that it holds a character no username may), then Django's character rule, then
# the rule for every public text (something visible, no bidirectional control: the Hangul
# filler U+3164 is a letter to Django's rule and a blank to every reader).
USERNAME_VALIDATORS = [validate_username, UnicodeUsernameValidator(), validate_public_text]
