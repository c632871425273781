"""Forms of the library pages: a library, its collaborators, filing a scenario in one, and the
public libraries' search."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scenarios.filters import expansion_choices, playable_choices
from scenarios.models import VISIBILITY_CHOICES
from scenarios.shelf import LIBRARY_SORTS, MAX_SEARCH_LENGTH
from upfront import labels
from upfront.rules import codes
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


class AddScenarioForm(forms.Form):
    """A library page's "Add a scenario": one of the requester's own scenarios not in it."""

    scenario = forms.ChoiceField(label=_("Scenario"))

    def __init__(self, *args: Any, scenarios: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["scenario"].choices = [(str(s.public_id), s.title) for s in scenarios]  # type: ignore[attr-defined]


class AddToLibraryForm(forms.Form):
    library = forms.ChoiceField(label=_("Library"))

    def __init__(self, *args: Any, libraries: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["library"].choices = [(str(x.public_id), x.title) for x in libraries]  # type: ignore[attr-defined]


def _theatre_choices() -> list[tuple[str, Any]]:
    return [("", _("Any theatre")), *labels.choices(codes.THEATRES, labels.THEATRE)]


def _expansion_choices() -> list[tuple[str, Any]]:
    return [("", _("Any expansions")), *expansion_choices()]


def _sort_choices() -> list[tuple[str, Any]]:
    return [(key, SHELF_SORT_LABELS[key]) for key in LIBRARY_SORTS]


SHELF_SORT_LABELS = {
    "recent": _("Recently updated"),
    "most_scenarios": _("Most scenarios"),
    "most_played": _("Most played"),
    "most_followed": _("Most followed"),
    "best_rated": _("Best rated"),
}


class ShelfForm(forms.Form):
    """The public libraries' search, filters and sort (all optional; a value not offered is
    an invalid form, and the page then shows the list unfiltered with the error)."""

    q = forms.CharField(label=_("Search"), required=False, max_length=MAX_SEARCH_LENGTH)
    theatre = forms.ChoiceField(label=_("Theatre"), required=False, choices=_theatre_choices)
    expansion = forms.ChoiceField(
        label=_("Expansions needed"), required=False, choices=_expansion_choices
    )
    # Offered only to a player who has said what they own (scenarios/views/shelf.py), on
    # unless the address says otherwise, as on /scenarios/.
    playable = forms.ChoiceField(
        label=_("Playable with what I own"), required=False, choices=playable_choices
    )
    sort = forms.ChoiceField(label=_("Sort"), required=False, choices=_sort_choices)

    def __init__(self, *args: Any, owned: frozenset[str] | None = None, **kwargs: Any) -> None:
        """``owned``: what the player owns (``account.selectors.owned_products``); None (not
        said, or nobody signed in) leaves "playable with what I own" out of the form."""
        super().__init__(*args, **kwargs)
        if owned is None:
            del self.fields["playable"]
