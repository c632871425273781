"""Forms of the library pages: a library, its collaborators, filing a scenario in one."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scenarios.models import VISIBILITY_CHOICES
from upfront.rules.scenario import DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH
from upfront.text import validate_optional_public_text, validate_public_text


class LibraryForm(forms.Form):
    title = forms.CharField(
        label=_("Title"), max_length=TITLE_MAX_LENGTH, validators=[validate_public_text]
    )
    description = forms.CharField(
        label=_("Description"),
        required=False,
        max_length=DESCRIPTION_MAX_LENGTH,
        validators=[validate_optional_public_text],
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    visibility = forms.ChoiceField(label=_("Visibility"), choices=VISIBILITY_CHOICES)

    def __init__(self, *args: Any, owner: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not owner:
            del self.fields["visibility"]


class CollaboratorForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)


class AddToLibraryForm(forms.Form):
    library = forms.ChoiceField(label=_("Library"))

    def __init__(self, *args: Any, libraries: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["library"].choices = [(str(x.public_id), x.title) for x in libraries]  # type: ignore[attr-defined]
