"""django-allauth's forms as the site shows them (ACCOUNT_FORMS in settings).

Every field has a visible label (templates/allauth/elements/fields.html), so allauth's
placeholders, which repeat the label, are dropped: a placeholder that vanishes on typing is
not a label, and the repetition is noise on a phone screen.
"""

from __future__ import annotations

from typing import Any

from allauth.account import forms as allauth_forms
from django import forms
from django.utils.translation import gettext_lazy as _


def _drop_placeholders(form: forms.BaseForm) -> None:
    for field in form.fields.values():
        field.widget.attrs.pop("placeholder", None)


class LoginForm(allauth_forms.LoginForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # allauth calls it "Login"; say what it accepts (ACCOUNT_LOGIN_METHODS).
        self.fields["login"].label = _("Username or e-mail")
        # "username" lets password managers fill it whichever the player saved.
        self.fields["login"].widget.attrs["autocomplete"] = "username"
        _drop_placeholders(self)


class SignupForm(allauth_forms.SignupForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _drop_placeholders(self)


class ChangePasswordForm(allauth_forms.ChangePasswordForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _drop_placeholders(self)


class ResetPasswordForm(allauth_forms.ResetPasswordForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _drop_placeholders(self)


class ResetPasswordKeyForm(allauth_forms.ResetPasswordKeyForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _drop_placeholders(self)


class AddEmailForm(allauth_forms.AddEmailForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _drop_placeholders(self)
