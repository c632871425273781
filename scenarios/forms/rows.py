"""The designer's repeated rows: deck changes and special rules (each a form in a formset).

A special rule's parameters become fields as the catalogue describes them
(``SpecialRule.parameters``: ``a|b`` one of the listed values, ``int``, a card type, ``?``
optional); every choice offered reads in words (``upfront.labels``), never as a code.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scenarios.forms.options import DesignerOptions, blank, rule_choice_label
from upfront import labels
from upfront.rules.scenario import (
    DECK_CHANGE_ACTIONS,
    DECK_CHANGE_WHICH,
    MAX_DECK_CHANGES,
    MAX_SPECIAL_RULES,
    RULE_TEXT_MAX_LENGTH,
)


class DeckChangeForm(forms.Form):
    action = forms.ChoiceField(
        label=_("Change"),
        choices=labels.choices(DECK_CHANGE_ACTIONS, labels.DECK_CHANGE_ACTION),
        required=False,
    )
    card_type = forms.ChoiceField(label=_("Card"), required=False)
    count = forms.IntegerField(label=_("How many"), required=False, min_value=1, max_value=60)
    which = forms.ChoiceField(
        label=_("Which"),
        choices=labels.choices(DECK_CHANGE_WHICH, labels.DECK_CHANGE_WHICH),
        required=False,
    )

    def __init__(self, *args: Any, options: DesignerOptions, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["card_type"].choices = blank() + options.card_types  # type: ignore[attr-defined]

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


# Parameters naming card types (SpecialRule.parameters): offered as the card types' names.
_CARD_TYPE_PARAMS = frozenset({"card_type", "card_types"})


def _param_field(name: str, spec: Any, options: DesignerOptions) -> forms.Field:
    """A form field for one parameter as the catalogue describes it (``a|b``, ``int``, ``?``)."""
    text = str(spec).strip()
    optional = text.endswith("?")
    text = text.rstrip("?").strip()
    help_text = ""
    if found := re.fullmatch(r"(.*?)\s*\((.*)\)", text):
        text, help_text = found.group(1), found.group(2)
    if name in _CARD_TYPE_PARAMS:
        # The catalogue's note ("terrain card type code") is for the data, not for players.
        if text.startswith("list"):
            return forms.MultipleChoiceField(
                required=not optional,
                choices=options.rule_card_types,
                widget=forms.CheckboxSelectMultiple,
            )
        return forms.ChoiceField(required=not optional, choices=blank() + options.rule_card_types)
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
        choices = [(v, labels.label("ssr_value", v) or v) for v in values]
        return forms.ChoiceField(required=not optional, choices=blank() + choices)
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
    # The rule reference a document gave this entry ("scenario card", "43.35-43.36") and the
    # code it was given for: kept through the designer while the code stays the same, so that
    # editing an imported or rolled scenario loses nothing the form does not show as a field.
    source_rule = forms.CharField(required=False, max_length=60, widget=forms.HiddenInput)
    source_code = forms.CharField(required=False, max_length=60, widget=forms.HiddenInput)

    def __init__(self, *args: Any, options: DesignerOptions, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.catalogue = options.special_rules
        self.fields["code"].choices = blank() + [  # type: ignore[attr-defined]
            (code, rule_choice_label(rule)) for code, rule in self.catalogue.items()
        ]
        code = self.data.get(self.add_prefix("code")) if self.is_bound else self.initial.get("code")
        self.rule = self.catalogue.get(code or "")
        self.param_names: list[str] = []
        for name, spec in ((self.rule.parameters or {}) if self.rule else {}).items():
            if name == "text":
                continue  # the text field
            self.fields[f"p_{name}"] = _param_field(name, spec, options)
            self.fields[f"p_{name}"].label = labels.label("ssr_parameter", name) or name
            self.param_names.append(name)

    @property
    def param_fields(self) -> list[forms.BoundField]:
        return [self[f"p_{name}"] for name in self.param_names]

    @property
    def kept_rule(self) -> str:
        """The document's own rule reference for this entry, while its code is unchanged."""
        code = str(self["code"].value() or "")
        rule = str(self["source_rule"].value() or "").strip()
        if not rule or not code or code != str(self["source_code"].value() or ""):
            return ""
        return "" if self.rule is not None and rule == self.rule.rule else rule

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
            if isinstance(value, list):
                pass  # a multiple choice
            elif spec.startswith("list"):
                value = [v.strip() for v in str(value).split(",") if v.strip()]
            elif isinstance(value, str) and value.isdigit():
                value = int(value)
            params[name] = value
        entry: dict[str, Any] = {"code": code}
        if self.kept_rule:
            entry["rule"] = self.kept_rule
        elif self.rule is not None and self.rule.rule:
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
