"""Forms of the scenario designer and of the library pages.

The designer is one scenario form, a form per side and two formsets (deck changes, special
rules). :class:`Designer` holds them together and turns them into the scenario document of
interchange format v1 (``upfront.rules.scenario``); the services check and save it. Every
choice offered comes from the code sets and the reference data (:func:`designer_options`).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scenarios.models import VISIBILITY_CHOICES
from upfront import labels
from upfront.reference import models as ref
from upfront.rules import codes
from upfront.rules.examples import empty_force
from upfront.rules.scenario import (
    ANY_BUILDINGS,
    DESCRIPTION_MAX_LENGTH,
    FORMAT_VERSION,
    MAX_DECK_CHANGES,
    MAX_SPECIAL_RULES,
    MAX_TIME_LIMIT_DECKS,
    RULE_TEXT_MAX_LENGTH,
    SCENARIO_FORMAT,
    SCENARIO_ROLES,
    TITLE_MAX_LENGTH,
)

ROLE_LABELS = labels.ROLE
LANGUAGE_CHOICES = [("en", "English"), ("it", "Italiano")]
DECK_ACTION_LABELS = {
    "remove": _("Remove from the deck"),
    "cower": _("Cower cards (kept in the deck, cannot be used)"),
}
WHICH_LABELS = {"first": _("the first ones found"), "any": _("any of them")}

# Names of the special rules' parameters and of their coded values (docs/interchange-format.md).
PARAM_LABELS = {
    "side": pgettext_lazy("attacker or defender", "Side"),
    "count": _("How many"),
    "card_type": _("Card"),
    "card_types": _("Cards"),
    "which": _("Which"),
    "target": _("Where"),
    "when": _("When"),
    "draw_if_none": _("If none in hand"),
    "decks": _("Decks"),
    "sets_up_first": _("Sets up first"),
    "moves_first": _("Moves first"),
    "after_deck": _("After deck"),
    "placed_on_group": _("Placed on group"),
}
PARAM_VALUE_LABELS = {
    "attacker": _("attacker"),
    "defender": _("defender"),
    "both": _("both sides"),
    "axis": _("the Axis"),
    "german": _("the German"),
    "card_order": _("as the card shows"),
    "first": _("the first ones"),
    "all": _("all"),
    "all_except_occupied": _("all but those occupied"),
    "any_group": _("any group"),
    "own_groups": _("own groups"),
    "own_group_b": _("own group B"),
    "one": pgettext_lazy("how many", "one"),
    "one_or_more": _("one or more"),
    "any": _("any number"),
    "start": _("at the start"),
    "second_segment": _("at the second segment"),
    "first_found": _("the first one found"),
    "as_needed": _("as many as needed"),
    "alternately": _("alternately"),
}


@dataclass
class DesignerOptions:
    """Every choice the designer offers, read once per request."""

    published: list[tuple[str, str]]
    nationalities: list[tuple[str, str]]
    terrain_decks: list[tuple[str, str]]
    topographies: list[tuple[str, str]]
    environments: list[tuple[str, str]]
    weather: list[tuple[str, str]]
    weather_rules: dict[str, ref.WeatherCondition]
    card_types: list[tuple[str, str]]
    special_rules: dict[str, ref.SpecialRule]
    victory_rows: list[tuple[int, str]]
    libraries: list[tuple[str, str]] = field(default_factory=list)


def _rule_choice_label(rule: ref.SpecialRule) -> str:
    """A special rule as a player picks it: its text in the active language, cut to a line,
    and its rule reference (the catalogue has no names, and its codes are not for players)."""
    text = " ".join(rule.text.split())
    first = text.split(". ")[0].rstrip(".")
    if len(first) > 90:
        first = first[:88].rsplit(" ", 1)[0] + "…"
    return f"{first} ({rule.rule})" if rule.rule else first


def designer_options(*, libraries: Any = ()) -> DesignerOptions:
    """The choices of the designer from the reference data; ``libraries``: the user's."""
    weather = list(
        ref.WeatherCondition.objects.prefetch_related("requires", "implies").order_by("order")
    )
    return DesignerOptions(
        published=[
            (p.letter, f"{p.letter} · {p.name}") for p in ref.PublishedScenario.objects.all()
        ],
        nationalities=[(n.code, n.name) for n in ref.Nationality.objects.all()],
        terrain_decks=[(d.code, d.name) for d in ref.TerrainDeck.objects.all()],
        topographies=[(t.code, t.name) for t in ref.Topography.objects.all()],
        environments=[(e.code, e.name) for e in ref.EnvironmentalCondition.objects.all()],
        weather=[(w.code, f"{w.name} ({w.rule})") for w in weather],
        weather_rules={w.code: w for w in weather},
        card_types=[(ANY_BUILDINGS, str(_("Buildings (either value)")))]
        + [(t.code, t.name) for t in ref.TerrainCardType.objects.all()],
        special_rules={r.code: r for r in ref.SpecialRule.objects.all()},
        victory_rows=[
            (row.rpn, f"{row.rpn}: {row.value}")
            for row in ref.DYOTableRow.objects.filter(
                table="victory_conditions", rpn__isnull=False
            ).order_by("rpn")
        ],
        libraries=[(str(lib.public_id), lib.title) for lib in libraries],
    )


def _blank(label: Any = "—") -> list[tuple[str, Any]]:
    return [("", label)]


class ScenarioForm(forms.Form):
    title = forms.CharField(label=labels.SCENARIO_FIELD["title"], max_length=TITLE_MAX_LENGTH)
    description = forms.CharField(
        label=labels.SCENARIO_FIELD["description"],
        required=False,
        max_length=DESCRIPTION_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    language = forms.ChoiceField(label=labels.SCENARIO_FIELD["language"], choices=LANGUAGE_CHOICES)
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
    first_player = forms.ChoiceField(
        label=labels.SCENARIO_FIELD["first_player"],
        required=False,
        choices=_blank() + [(r, ROLE_LABELS[r]) for r in SCENARIO_ROLES],
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
        fields["based_on"].choices = _blank(_("none")) + options.published  # type: ignore[attr-defined]
        fields["terrain_deck"].choices = options.terrain_decks  # type: ignore[attr-defined]
        fields["topography"].choices = _blank(_("none")) + options.topographies  # type: ignore[attr-defined]
        fields["environment"].choices = _blank(_("none")) + options.environments  # type: ignore[attr-defined]
        fields["weather"].choices = options.weather  # type: ignore[attr-defined]
        fields["victory_rpn"].choices = _blank(_("none")) + options.victory_rows  # type: ignore[attr-defined]
        fields["library"].choices = _blank(_("none")) + options.libraries  # type: ignore[attr-defined]
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
        self.role_label = ROLE_LABELS[role]
        self.fields["nationality"].choices = options.nationalities  # type: ignore[attr-defined]


class DeckChangeForm(forms.Form):
    action = forms.ChoiceField(
        label=_("Change"), choices=list(DECK_ACTION_LABELS.items()), required=False
    )
    card_type = forms.ChoiceField(label=_("Card"), required=False)
    count = forms.IntegerField(label=_("How many"), required=False, min_value=1, max_value=60)
    which = forms.ChoiceField(label=_("Which"), choices=list(WHICH_LABELS.items()), required=False)

    def __init__(self, *args: Any, options: DesignerOptions, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["card_type"].choices = _blank() + options.card_types  # type: ignore[attr-defined]

    def change(self) -> dict[str, Any] | None:
        """The deck change of the document, or None for an empty or removed row."""
        data = self.cleaned_data
        if not data.get("card_type") or data.get("DELETE"):
            return None
        return {
            "action": data.get("action") or "remove",
            "card_type": data["card_type"],
            "count": data.get("count"),
            "which": data.get("which") or "first",
        }


def _param_field(spec: Any) -> forms.Field:
    """A form field for one parameter as the catalogue describes it (``a|b``, ``int``, ``?``)."""
    text = str(spec).strip()
    optional = text.endswith("?")
    text = text.rstrip("?").strip()
    help_text = ""
    if found := re.fullmatch(r"(.*?)\s*\((.*)\)", text):
        text, help_text = found.group(1), found.group(2)
    if text == "int":
        return forms.IntegerField(required=not optional, min_value=0, help_text=help_text)
    if "|" in text:
        values = text.split("|")
        if "int" in values:
            others = ", ".join(v for v in values if v != "int")
            return forms.CharField(
                required=not optional,
                max_length=20,
                help_text=str(_("a number or %(values)s") % {"values": others}),
            )
        choices = [(v, PARAM_VALUE_LABELS.get(v, v)) for v in values]
        return forms.ChoiceField(required=not optional, choices=_blank() + choices)
    if text.startswith("list"):
        return forms.CharField(
            required=not optional, max_length=200, help_text=_("codes separated by commas")
        )
    return forms.CharField(required=not optional, max_length=200, help_text=help_text)


class SpecialRuleForm(forms.Form):
    """A special rule of the catalogue with its parameters, or a custom rule (its text)."""

    code = forms.ChoiceField(label=_("Special rule"), required=False)
    text = forms.CharField(
        label=_("Text"),
        required=False,
        max_length=RULE_TEXT_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args: Any, options: DesignerOptions, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.catalogue = options.special_rules
        self.fields["code"].choices = _blank() + [  # type: ignore[attr-defined]
            (code, _rule_choice_label(rule)) for code, rule in self.catalogue.items()
        ]
        code = self.data.get(self.add_prefix("code")) if self.is_bound else self.initial.get("code")
        self.rule = self.catalogue.get(code or "")
        self.param_names: list[str] = []
        for name, spec in ((self.rule.parameters or {}) if self.rule else {}).items():
            if name == "text":
                continue  # the text field
            self.fields[f"p_{name}"] = _param_field(spec)
            self.fields[f"p_{name}"].label = PARAM_LABELS.get(name, name)
            self.param_names.append(name)

    @property
    def param_fields(self) -> list[forms.BoundField]:
        return [self[f"p_{name}"] for name in self.param_names]

    @property
    def wants_text(self) -> bool:
        return self.rule is None or "text" in (self.rule.parameters or {})

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        custom = data.get("code") == "custom" and not data.get("DELETE")
        if custom and not (data.get("text") or "").strip():
            self.add_error("text", _("Write the rule's text."))
        for name in self.param_names:
            value = data.get(f"p_{name}")
            spec = str((self.rule.parameters or {}).get(name, "")) if self.rule else ""
            words = spec.rstrip("?").split("|")
            if (
                isinstance(value, str)
                and "int" in words
                and value
                and not value.isdigit()
                and value not in words
            ):
                self.add_error(f"p_{name}", _("Give a number or one of the listed words."))
        return data

    def use(self) -> dict[str, Any] | None:
        """The special rule entry of the document, or None for an empty or removed row."""
        data = self.cleaned_data
        code = data.get("code")
        if not code or data.get("DELETE"):
            return None
        params: dict[str, Any] = {}
        for name in self.param_names:
            value = data.get(f"p_{name}")
            if value in (None, ""):
                continue
            spec = str((self.rule.parameters or {}).get(name, "")) if self.rule else ""
            if spec.startswith("list"):
                value = [v.strip() for v in str(value).split(",") if v.strip()]
            elif isinstance(value, str) and value.isdigit():
                value = int(value)
            params[name] = value
        entry: dict[str, Any] = {"code": code}
        if self.rule is not None and self.rule.rule:
            entry["rule"] = self.rule.rule
        if params:
            entry["params"] = params
        if (data.get("text") or "").strip():
            entry["text"] = data["text"].strip()
        return entry


class _RowFormSet(forms.BaseFormSet):
    def __init__(self, *args: Any, options: DesignerOptions, **kwargs: Any) -> None:
        kwargs.setdefault("form_kwargs", {})["options"] = options
        super().__init__(*args, **kwargs)


DeckChangeFormSet = forms.formset_factory(
    DeckChangeForm,
    formset=_RowFormSet,
    extra=0,
    can_delete=True,
    max_num=MAX_DECK_CHANGES,
    validate_max=True,
)
SpecialRuleFormSet = forms.formset_factory(
    SpecialRuleForm,
    formset=_RowFormSet,
    extra=0,
    can_delete=True,
    max_num=MAX_SPECIAL_RULES,
    validate_max=True,
)

_SIDE_PURCHASES = {
    "groups": [{"label": "A", "cards": []}],
    "reinforcements": [],
    "radios": [],
    "snipers": 0,
    "random_reinforcement_decks": [],
}


def _initial_params(entry: dict[str, Any]) -> dict[str, Any]:
    values = {}
    for name, value in (entry.get("params") or {}).items():
        values[f"p_{name}"] = ", ".join(map(str, value)) if isinstance(value, list) else value
    return values


class Designer:
    """The designer's forms, bound to a POST or filled from a scenario body."""

    def __init__(
        self,
        *,
        options: DesignerOptions,
        owner: bool,
        data: Any = None,
        body: dict[str, Any] | None = None,
        visibility: str = "private",
        library: str = "",
        extra_rows: tuple[int, int] = (0, 0),
    ) -> None:
        self.options = options
        self.notes: list[str] = []
        self.errors: list[dict[str, str]] = []
        if data is not None:
            self.scenario = ScenarioForm(data, options=options, owner=owner)
            self.sides = [SideForm(data, options=options, role=r) for r in SCENARIO_ROLES]
            self.deck_changes = DeckChangeFormSet(data, options=options, prefix="deck")
            self.special_rules = SpecialRuleFormSet(data, options=options, prefix="rule")
            return
        body = body or {}
        victory = body.get("victory_conditions") or {}
        self.scenario = ScenarioForm(
            options=options,
            owner=owner,
            initial={
                **{k: body.get(k) for k in ScenarioForm.base_fields if k in body},
                "topography": body.get("topography") or "",
                "environment": body.get("environment") or "",
                "based_on": body.get("based_on") or "",
                "first_player": body.get("first_player") or "",
                "victory_text": victory.get("text", ""),
                "victory_rpn": victory.get("rpn") or "",
                "visibility": visibility,
                "library": library,
            },
        )
        forces = {side["role"]: side["force"] for side in body.get("sides") or []}
        self.sides = [
            SideForm(
                options=options,
                role=role,
                initial={
                    "nationality": (forces.get(role) or {}).get("nationality"),
                    "budget": (forces.get(role) or {}).get("budget"),
                },
            )
            for role in SCENARIO_ROLES
        ]
        deck_rows = list(body.get("deck_changes") or []) + [{}] * extra_rows[0]
        rule_rows = [
            {"code": r.get("code"), "text": r.get("text", ""), **_initial_params(r)}
            for r in body.get("special_rules") or []
        ] + [{}] * extra_rows[1]
        self.deck_changes = DeckChangeFormSet(options=options, prefix="deck", initial=deck_rows)
        self.special_rules = SpecialRuleFormSet(options=options, prefix="rule", initial=rule_rows)

    def is_valid(self) -> bool:
        forms_ok = [self.scenario.is_valid(), *(side.is_valid() for side in self.sides)]
        return all(forms_ok) and self.deck_changes.is_valid() and self.special_rules.is_valid()

    def current(self) -> dict[str, Any]:
        """What the user has typed, as a scenario body (for refreshing the form; lenient)."""
        self.is_valid()
        form = self.scenario
        raw = {name: form[name].value() for name in form.fields}
        sides = [
            {
                "role": side.role,
                "force": {
                    "nationality": side["nationality"].value(),
                    "budget": _int(side["budget"].value()),
                },
            }
            for side in self.sides
        ]
        deck_rows = []
        for row in self.deck_changes.forms:
            values = {name: row[name].value() for name in ("action", "card_type", "count", "which")}
            if not row["DELETE"].value():
                deck_rows.append({**values, "count": _int(values["count"])})
        rule_rows = []
        for row in self.special_rules.forms:
            if row["DELETE"].value():
                continue
            params = {name: row[f"p_{name}"].value() for name in row.param_names}
            entry = {"code": row["code"].value(), "text": row["text"].value() or ""}
            rule_rows.append({**entry, "params": {k: v for k, v in params.items() if v}})
        return {
            **{k: v for k, v in raw.items() if k not in ("victory_text", "victory_rpn")},
            "mountain": bool(form["mountain"].value()),
            "weather": list(raw.get("weather") or []),
            "time_limit_decks": _int(raw.get("time_limit_decks")),
            "victory_conditions": {
                "text": raw.get("victory_text") or "",
                "rpn": _int(raw.get("victory_rpn")),
            },
            "sides": sides,
            "deck_changes": deck_rows,
            "special_rules": rule_rows,
        }

    def document(self, forces: dict[str, dict[str, Any]]) -> dict[str, Any]:
        """The scenario document (v1) of the valid forms; ``forces``: the sides' forces so far.

        A side whose nationality changed loses its purchases (card numbers count within a
        nationality); the scenario's period, theatre and mountain rules apply to both forces.
        """
        data = self.scenario.cleaned_data
        weather, self.notes = self.scenario.weather_with_needs()
        sides = []
        for side in self.sides:
            force = copy.deepcopy(forces.get(side.role)) or empty_force()
            nationality = side.cleaned_data["nationality"]
            if force.get("nationality") != nationality:
                if any(g.get("cards") for g in force.get("groups") or []) or force.get(
                    "reinforcements"
                ):
                    self.notes.append(
                        str(
                            _(
                                "The %(role)s's purchases were removed: "
                                "they were another nationality's cards."
                            )
                            % {"role": side.role_label.lower()}
                        )
                    )
                force.update(copy.deepcopy(_SIDE_PURCHASES), troop_type="line")
                force.update(partisans=False, marines=False)
            force.update(
                nationality=nationality,
                period=data["period"],
                theatre=data["theatre"],
                mountain=bool(data["mountain"]),
                budget=side.cleaned_data.get("budget"),
            )
            sides.append({"role": side.role, "force": force})
        body = {
            "title": data["title"].strip(),
            "description": data.get("description") or "",
            "language": data["language"],
            "based_on": data.get("based_on") or None,
            "period": data["period"],
            "theatre": data["theatre"],
            "terrain_deck": data["terrain_deck"],
            "mountain": bool(data["mountain"]),
            "topography": data.get("topography") or None,
            "environment": data.get("environment") or None,
            "weather": weather,
            "time_limit_decks": data.get("time_limit_decks"),
            "first_player": data.get("first_player") or None,
            "deck_changes": [c for f in self.deck_changes.forms if (c := f.change())],
            "special_rules": [u for f in self.special_rules.forms if (u := f.use())],
            "victory_conditions": {
                "text": data.get("victory_text") or "",
                **({"rpn": data["victory_rpn"]} if data.get("victory_rpn") else {}),
            },
            "sides": sides,
        }
        return {"format": SCENARIO_FORMAT, "version": FORMAT_VERSION, "scenario": body}

    def add_service_errors(self, errors: list[dict[str, str]]) -> None:
        """Put each fault the services found next to the field it names, or above the form."""
        rows = {
            "deck_changes": [f for f in self.deck_changes.forms if f.change()],
            "special_rules": [f for f in self.special_rules.forms if f.use()],
        }
        for error in errors:
            path, message = error["path"], error["message"]
            found = re.match(r"scenario\.(\w+)(?:\[(\d+)\])?", path)
            name, index = (found.group(1), found.group(2)) if found else ("", None)
            if name in self.scenario.fields and index is None:
                self.scenario.add_error(name, message)
            elif name in rows and index is not None and int(index) < len(rows[name]):
                rows[name][int(index)].add_error(None, message)
            elif name == "sides" and index is not None and int(index) < len(self.sides):
                self.sides[int(index)].add_error(None, message)
            else:
                self.errors.append(error)


def _int(value: Any) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except (TypeError, ValueError):
        return None


class LibraryForm(forms.Form):
    title = forms.CharField(label=_("Title"), max_length=TITLE_MAX_LENGTH)
    description = forms.CharField(
        label=_("Description"),
        required=False,
        max_length=DESCRIPTION_MAX_LENGTH,
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
