"""The account pages' forms: leaving asks the password again; what the player owns."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from upfront import labels
from upfront.rules import codes


class AccountDeleteForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("This is not your password."))
        return password


class OwnedProductsForm(forms.Form):
    """What the player owns beyond the base game: a box per product of codes.EXPANSIONS."""

    products = forms.MultipleChoiceField(
        label=_("What you own besides the base game"),
        choices=labels.choices(codes.EXPANSIONS, labels.EXPANSION),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
