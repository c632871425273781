"""The scenario's own fields and its two sides (the designer's upper forms)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scenarios.forms.options import DesignerOptions, blank
from scenarios.models import VISIBILITY_CHOICES
from upfront import labels
from upfront.rules import codes
from upfront.rules.scenario import (
    DESCRIPTION_MAX_LENGTH,
    MAX_ALTITUDE,
    MAX_TIME_LIMIT_DECKS,
    RULE_TEXT_MAX_LENGTH,
    SCENARIO_ROLES,
    TITLE_MAX_LENGTH,
)
from upfront.text import validate_optional_public_text, validate_public_text


class ScenarioForm(forms.Form):
    title = forms.CharField(
        label=labels.SCENARIO_FIELD["title"],
        max_length=TITLE_MAX_LENGTH,
        validators=[validate_public_text],
    )
    description = forms.CharField(
        label=labels.SCENARIO_FIELD["description"],
        required=False,
        max_length=DESCRIPTION_MAX_LENGTH,
        validators=[validate_optional_public_text],
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    language = forms.ChoiceField(
        label=labels.SCENARIO_FIELD["language"],
        choices=labels.choices(codes.LANGUAGES, labels.LANGUAGE),
    )
    based_on = forms.ChoiceField(label=labels.SCENARIO_FIELD["based_on"], required=False)
    mountain = forms.BooleanField(label=labels.SCENARIO_FIELD["mountain"], required=False)
    period = forms.ChoiceField(
        label=labels.SCENARIO_FIELD["period"], choices=[(p, p) for p in codes.PERIODS]
    )
    theatre = forms.ChoiceField(
        label=labels.SCENARIO_FIELD["theatre"],
        choices=labels.choices(codes.THEATRES, labels.THEATRE),
    )
    terrain_deck = forms.ChoiceField(label=labels.SCENARIO_FIELD["terrain_deck"])
    topography = forms.ChoiceField(label=labels.SCENARIO_FIELD["topography"], required=False)
    environment = forms.ChoiceField(label=labels.SCENARIO_FIELD["environment"], required=False)
    weather = forms.MultipleChoiceField(
        label=labels.SCENARIO_FIELD["weather"], required=False, widget=forms.CheckboxSelectMultiple
    )
    time_limit_decks = forms.IntegerField(
        label=labels.SCENARIO_FIELD["time_limit_decks"],
        required=False,
        min_value=1,
        max_value=MAX_TIME_LIMIT_DECKS,
    )
    altitude_limit = forms.IntegerField(
        label=labels.SCENARIO_FIELD["altitude_limit"],
        help_text=_(
            "Simplified mountain deck only: 1 to 4. Left empty, it is drawn before play (an "
            "RPN on column 4)."
        ),
        required=False,
        min_value=1,
        max_value=MAX_ALTITUDE,
    )
    first_player = forms.ChoiceField(
        label=labels.SCENARIO_FIELD["first_player"],
        required=False,
        choices=blank() + labels.choices(SCENARIO_ROLES, labels.SCENARIO_ROLE),
    )
    victory_rpn = forms.TypedChoiceField(
        label=labels.SCENARIO_FIELD["victory_rpn"],
        required=False,
        coerce=int,
        empty_value=None,
    )
    victory_text = forms.CharField(
        label=labels.SCENARIO_FIELD["victory_text"],
        required=False,
        max_length=RULE_TEXT_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    visibility = forms.ChoiceField(
        label=labels.SCENARIO_FIELD["visibility"], choices=VISIBILITY_CHOICES
    )
    library = forms.ChoiceField(label=labels.SCENARIO_FIELD["library"], required=False)

    def __init__(self, *args: Any, options: DesignerOptions, owner: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.options = options
        fields = self.fields
        # "None" agrees with what it stands for: in Italian a scenario is masculine (nessuno).
        no_scenario = pgettext_lazy("no published scenario", "none")
        fields["based_on"].choices = blank(no_scenario) + options.published  # type: ignore[attr-defined]
        fields["terrain_deck"].choices = options.terrain_decks  # type: ignore[attr-defined]
        fields["topography"].choices = blank(_("none")) + options.topographies  # type: ignore[attr-defined]
        fields["environment"].choices = blank(_("none")) + options.environments  # type: ignore[attr-defined]
        fields["weather"].choices = options.weather  # type: ignore[attr-defined]
        fields["victory_rpn"].choices = blank(_("none")) + options.victory_rows  # type: ignore[attr-defined]
        fields["library"].choices = blank(_("none")) + options.libraries  # type: ignore[attr-defined]
        if not owner:
            # Who sees it and where it is filed are the owner's choices; collaborators edit.
            del fields["visibility"], fields["library"]

    def weather_with_needs(self) -> tuple[list[str], list[str]]:
        """The chosen weather plus what it needs and implies (99.x), and notes on each added."""
        chosen = list(self.cleaned_data.get("weather") or [])
        rules = self.options.weather_rules
        notes: list[str] = []
        queue = list(chosen)
        while queue:
            condition = rules.get(queue.pop(0))
            if condition is None:
                continue
            for needed in [*condition.requires.all(), *condition.implies.all()]:
                if needed.code not in chosen:
                    chosen.append(needed.code)
                    queue.append(needed.code)
                    notes.append(
                        str(
                            _("%(added)s added: %(condition)s needs it (%(rule)s).")
                            % {
                                "added": needed.name,
                                "condition": condition.name,
                                "rule": condition.rule,
                            }
                        )
                    )
        order = [code for code, _label in self.options.weather]
        return sorted(chosen, key=lambda c: order.index(c) if c in order else 99), notes


class SideForm(forms.Form):
    """One side: its nationality and DYO budget; its force is bought in the builder."""

    nationality = forms.ChoiceField(label=_("Nationality"))
    budget = forms.IntegerField(label=_("DYO budget (points)"), required=False, min_value=0)

    def __init__(self, *args: Any, options: DesignerOptions, role: str, **kwargs: Any) -> None:
        super().__init__(*args, prefix=role, **kwargs)
        self.role = role
        self.role_label = labels.SCENARIO_ROLE[role]
        self.fields["nationality"].choices = options.nationalities  # type: ignore[attr-defined]
