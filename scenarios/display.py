"""A scenario document as a player reads it: names instead of codes, cards with their values.

Used by the scenario page and the designer's preview. Reads reference data only (names,
cards); user content arrives already selected (``scenarios.selectors``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from builder import services as builder_services
from upfront import labels
from upfront.reference import models as ref


def _names(model: Any) -> dict[str, str]:
    return {row.code: row.name for row in model.objects.all()}


# Special rule parameters whose values are card types (named by the data or upfront.labels).
_CARD_TYPE_PARAMS = frozenset({"card_type", "card_types"})


def _value(name: str, value: Any, card_types: dict[str, str]) -> str:
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


def _params(params: dict[str, Any], card_types: dict[str, str]) -> list[tuple[str, str]]:
    ordered = sorted(params.items(), key=lambda item: (PARAMETER_ORDER.get(item[0], 99), item[0]))
    return [
        (labels.label("ssr_parameter", name) or name, _value(name, value, card_types))
        for name, value in ordered
    ]


def _cards(force: dict[str, Any]) -> list[dict[str, Any]]:
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
    numbers = {item.get("card") for _group, item in bought}
    known = {
        card.card_no: card
        for card in ref.PersonalityCard.objects.filter(
            nationality__code=force.get("nationality"), card_no__in=numbers
        ).select_related("weapon")
    }
    rows = []
    for group, item in bought:
        card = known.get(item.get("card"))
        rows.append(
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
    return rows


def _check(force: dict[str, Any]) -> dict[str, Any] | None:
    try:
        return builder_services.force_validate(data=force)
    except builder_services.ForceInputError:
        return None


def scenario_display(body: dict[str, Any], *, check_forces: bool = True) -> dict[str, Any]:
    """The scenario body ``document["scenario"]`` as the preview template shows it.

    ``check_forces=False`` leaves each side's ``check`` empty: a caller holding the scenario's
    validation already (the setup sheet) does not validate the forces again.
    """
    card_types = {code: labels.standalone("card_type", code) for code in labels.CARD_TYPE} | _names(
        ref.TerrainCardType
    )
    weather = {w.code: w for w in ref.WeatherCondition.objects.all()}
    rules = {r.code: r for r in ref.SpecialRule.objects.all()}
    letter = body.get("based_on")
    published = ref.PublishedScenario.objects.filter(letter=letter).first() if letter else None
    victory = body.get("victory_conditions") or {}
    row = None
    if victory.get("rpn"):
        row = ref.DYOTableRow.objects.filter(table="victory_conditions", rpn=victory["rpn"]).first()
    nationalities = {n.code: n for n in ref.Nationality.objects.all()}
    sides = []
    for side in body.get("sides") or []:
        force = side.get("force") or {}
        sides.append(
            {
                "role": side.get("role"),
                "role_label": labels.standalone("scenario_role", side.get("role")),
                "nationality": nationalities.get(force.get("nationality", "")),
                "troop_type": labels.standalone("troop_type", force.get("troop_type")),
                "force": force,
                "cards": _cards(force),
                "check": _check(force) if check_forces else None,
            }
        )
    return {
        "body": body,
        "published": published,
        "terrain_deck": _names(ref.TerrainDeck).get(body.get("terrain_deck") or "standard"),
        "topography": _names(ref.Topography).get(body.get("topography") or ""),
        "environment": _names(ref.EnvironmentalCondition).get(body.get("environment") or ""),
        "weather": [weather[c] for c in body.get("weather") or [] if c in weather],
        "first_player": labels.standalone("scenario_role", body.get("first_player")),
        "deck_changes": [
            {
                "action": labels.standalone("deck_change_action", c.get("action")),
                "card": card_types.get(c.get("card_type", ""), c.get("card_type")),
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
                "params": _params(r.get("params") or {}, card_types),
                "text": r.get("text") or "",
            }
            for r in body.get("special_rules") or []
        ],
        "victory_text": victory.get("text") or "",
        "victory_row": row,
        "sides": sides,
    }
