"""A scenario document as a player reads it: names instead of codes, cards with their values.

Renders the scenario page's and the designer's preview, a version's view and the setup sheet.
It is handed everything it shows: the body, the reference rows and names the body names (one
selector, ``upfront.reference.selectors.scenario_reference_rows``) and, when the caller has
them, each side's force check. It reads nothing and runs no engine work.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from upfront import labels
from upfront.reference.selectors import ScenarioReferenceRows

# Special rule parameters whose values are card types (named by the data or upfront.labels).
_CARD_TYPE_PARAMS = frozenset({"card_type", "card_types"})


def _value(name: str, value: Any, card_types: Mapping[str, str]) -> str:
    """A special rule parameter's value in words: a card type's name, a coded value's label, a
    number; what the author typed (a group letter) as typed."""
    if isinstance(value, list):
        return ", ".join(_value(name, v, card_types) for v in value)
    code = str(value)
    if name in _CARD_TYPE_PARAMS and code in card_types:
        return card_types[code]
    return labels.label("ssr_value", code) or code


def _rule(rule: str) -> str:
    """A rule reference as a player reads it ("scenario card" in words, numbers as they are)."""
    return labels.label("rule_word", rule) or rule


# The order a rule's parameters are read in: the parameters table's (a stored document's own
# order is not kept by every database: PostgreSQL's jsonb sorts the keys).
PARAMETER_ORDER = {name: index for index, name in enumerate(labels.SSR_PARAMETER)}


def _params(params: dict[str, Any], card_types: Mapping[str, str]) -> list[tuple[str, str]]:
    ordered = sorted(params.items(), key=lambda item: (PARAMETER_ORDER.get(item[0], 99), item[0]))
    return [
        (labels.label("ssr_parameter", name) or name, _value(name, value, card_types))
        for name, value in ordered
    ]


def _cards(force: dict[str, Any], rows: ScenarioReferenceRows) -> list[dict[str, Any]]:
    """Every card the force buys, in its group, with the values printed on it."""
    bought = [
        (group.get("label", ""), item)
        for group in force.get("groups") or []
        for item in group.get("cards") or []
    ] + [
        (_("after deck %(deck)s") % {"deck": r.get("after_deck")}, item)
        for r in force.get("reinforcements") or []
        for item in r.get("cards") or []
    ]
    nationality = force.get("nationality")
    shown = []
    for group, item in bought:
        card = rows.cards.get((nationality, item.get("card")))  # type: ignore[arg-type]
        shown.append(
            {
                "group": group,
                "number": item.get("card"),
                "card": card,
                "role": labels.standalone("leader_role", card.leader_role) if card else "",
                "secondary": [
                    labels.standalone("secondary_weapon", w) or w
                    for w in item.get("secondary") or []
                ],
            }
        )
    return shown


def scenario_display(
    body: dict[str, Any],
    *,
    rows: ScenarioReferenceRows,
    checks: Sequence[dict[str, Any] | None] | None = None,
) -> dict[str, Any]:
    """The scenario body ``document["scenario"]`` as the preview template shows it.

    ``checks``: each side's force check (``builder.services.force_validate``), in the sides'
    order; None leaves each side's ``check`` empty.
    """
    rules = rows.special_rules
    sides = []
    for index, side in enumerate(body.get("sides") or []):
        force = side.get("force") or {}
        sides.append(
            {
                "role": side.get("role"),
                "role_label": labels.standalone("scenario_role", side.get("role")),
                "nationality": rows.nationalities.get(force.get("nationality", "")),
                "troop_type": labels.standalone("troop_type", force.get("troop_type")),
                "force": force,
                "cards": _cards(force, rows),
                "check": checks[index] if checks is not None and index < len(checks) else None,
            }
        )
    victory = body.get("victory_conditions") or {}
    return {
        "body": body,
        "published": rows.published,
        "terrain_deck": rows.terrain_decks.get(body.get("terrain_deck") or "standard"),
        "topography": rows.topographies.get(body.get("topography") or ""),
        "environment": rows.environments.get(body.get("environment") or ""),
        "weather": [rows.weather[c] for c in body.get("weather") or [] if c in rows.weather],
        "first_player": labels.standalone("scenario_role", body.get("first_player")),
        "deck_changes": [
            {
                "action": labels.standalone("deck_change_action", c.get("action")),
                "card": rows.card_types.get(c.get("card_type", ""), c.get("card_type")),
                "count": c.get("count"),
                "which": labels.label("deck_change_which", c.get("which") or "first"),
            }
            for c in body.get("deck_changes") or []
        ],
        "special_rules": [
            {
                "code": r.get("code"),
                "rule": _rule(
                    r.get("rule") or (rules[r["code"]].rule if r.get("code") in rules else "")
                ),
                "summary": rules[r["code"]].text if r.get("code") in rules else "",
                "params": _params(r.get("params") or {}, rows.card_types),
                "text": r.get("text") or "",
            }
            for r in body.get("special_rules") or []
        ],
        "victory_text": victory.get("text") or "",
        "victory_row": rows.victory_row if victory.get("rpn") else None,
        "sides": sides,
    }
