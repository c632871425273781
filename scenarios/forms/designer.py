"""The designer: its forms held together and turned into a scenario document (v1).

:class:`Designer` binds the scenario form, a form per side and the two formsets (deck changes,
special rules) to a POST or fills them from a scenario body, and turns them into the scenario
document of interchange format v1 (``upfront.rules.scenario``); the services check and save it.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from django.utils.translation import gettext_lazy as _

from scenarios.forms.options import DesignerOptions
from scenarios.forms.rows import DeckChangeFormSet, SpecialRuleFormSet
from scenarios.forms.scenario import ScenarioForm, SideForm
from upfront.labels.places import Places, where
from upfront.rules.codes import SIMPLIFIED_MOUNTAIN_DECK
from upfront.rules.examples import empty_force
from upfront.rules.scenario import FORMAT_VERSION, SCENARIO_FORMAT, SCENARIO_ROLES

_SIDE_PURCHASES = {
    "groups": [{"label": "A", "cards": []}],
    "reinforcements": [],
    "radios": [],
    "snipers": 0,
    "random_reinforcement_decks": [],
}


def _initial_params(entry: dict[str, Any]) -> dict[str, Any]:
    # A list (card types) stays a list: its field is a multiple choice.
    return {f"p_{name}": value for name, value in (entry.get("params") or {}).items()}


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
            {
                "code": r.get("code"),
                "text": r.get("text", ""),
                "source_rule": r.get("rule") or "",
                "source_code": r.get("code") or "",
                **_initial_params(r),
            }
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
            entry = {
                "code": row["code"].value(),
                "text": row["text"].value() or "",
                "rule": row.kept_rule,
            }
            rule_rows.append({**entry, "params": {k: v for k, v in params.items() if v}})
        return {
            **{k: v for k, v in raw.items() if k not in ("victory_text", "victory_rpn")},
            "mountain": bool(form["mountain"].value()),
            "weather": list(raw.get("weather") or []),
            "time_limit_decks": _int(raw.get("time_limit_decks")),
            "altitude_limit": _int(raw.get("altitude_limit")),
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
                    # One sentence per role: Italian articles agree with the role.
                    self.notes.append(
                        str(
                            _(
                                "The attacker's purchases were removed: "
                                "they were another nationality's cards."
                            )
                            if side.role == "attacker"
                            else _(
                                "The defender's purchases were removed: "
                                "they were another nationality's cards."
                            )
                        )
                    )
                force.update(copy.deepcopy(_SIDE_PURCHASES), troop_type="line")
                force.update(partisans=False, marines=False)
                force.pop("mountain_troops", None)  # M12.1: drawn for the other nation's elites
            if not data["mountain"]:
                # M12.1: the mountain troops draw exists only under the mountain article.
                force.pop("mountain_troops", None)
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
            # T5.0: a fixed Altitude Level limit belongs to the simplified mountain deck only.
            **(
                {"altitude_limit": data["altitude_limit"]}
                if data.get("altitude_limit") and data["terrain_deck"] == SIMPLIFIED_MOUNTAIN_DECK
                else {}
            ),
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
                # Shown above the form: where it is in words, never the JSON path.
                places = Places(roles=tuple(SCENARIO_ROLES))
                self.errors.append({**error, "where": where(path, places) or ""})


def _int(value: Any) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except (TypeError, ValueError):
        return None
