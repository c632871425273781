"""Versions as a player reads them: the history list with one-line summaries, and a diff
between two versions in words (fields, deck changes, special rules, each side's cards).

Renders the engine's diff (``upfront.rules.scenario_diff``); a constant number of queries
whatever the number of versions or changes (names are read once per call).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.text import Truncator
from django.utils.translation import gettext as _

from scenarios import filters
from scenarios.models import Scenario
from scenarios.presenters.cards import card_words
from scenarios.versions.selectors import versions_of
from upfront import labels
from upfront.reference import models as ref
from upfront.reference.fetch import catalogue_current
from upfront.rules.catalogue import CardInfo
from upfront.rules.scenario_diff import CardChange, FieldChange, ScenarioDiff, scenario_diff

EMPTY = "—"


@dataclass(frozen=True)
class VersionRow:
    number: int
    created_at: Any
    author: str
    summary: str
    parts: tuple[str, ...]  # the part codes it changed (ScenarioDiff.parts, and sharing)
    row: Any  # the history row


def _parts(before: Any | None, after: Any) -> tuple[str, ...]:
    if before is None:
        return ()
    parts = list(scenario_diff(before.document, after.document).parts())
    if before.visibility != after.visibility:
        parts.append("visibility")
    if before.library_id != after.library_id:
        parts.append("library")
    return tuple(parts)


def summary_of(parts: Iterable[str], *, first: bool = False) -> str:
    """One line naming what a version changed, in the active language."""
    if first:
        return _("Created")
    names = [str(labels.SCENARIO_FIELD.get(part, part)) for part in parts]
    return ", ".join(names) if names else _("No visible change")


def version_rows(scenario: Scenario) -> list[VersionRow]:
    """Every version, the newest first, each with what it changed from the one before."""
    rows = list(versions_of(scenario))
    found = []
    for index, row in enumerate(rows):
        before = rows[index + 1] if index + 1 < len(rows) else None
        parts = _parts(before, row)
        found.append(
            VersionRow(
                number=row.version,
                created_at=row.history_date,
                author=row.history_user.get_username() if row.history_user else EMPTY,
                summary=summary_of(parts, first=before is None),
                parts=parts,
                row=row,
            )
        )
    return found


# --- The diff in words -------------------------------------------------------------------------


@dataclass(frozen=True)
class Names:
    """The reference names a diff's values need, read once."""

    nationalities: Mapping[str, str]
    weather: Mapping[str, str]
    decks: Mapping[str, str]
    topographies: Mapping[str, str]
    environments: Mapping[str, str]
    card_types: Mapping[str, str]
    rules: Mapping[str, str]

    @classmethod
    def read(cls) -> Names:
        return cls(
            nationalities=filters.nationality_names(),
            weather=filters.weather_names(),
            decks=filters.terrain_deck_names(),
            topographies={t.code: t.name for t in ref.Topography.objects.all()},
            environments={e.code: e.name for e in ref.EnvironmentalCondition.objects.all()},
            card_types={c.code: c.name for c in ref.TerrainCardType.objects.all()},
            rules={
                r.code: f"{r.rule} {Truncator(r.text).chars(80)}".strip()
                for r in ref.SpecialRule.objects.all()
            },
        )


def _yes_no(value: Any) -> str:
    return _("yes") if value else _("no")


def _value(name: str, value: Any, names: Names) -> str:
    if value is None or value == "" or value == []:
        return EMPTY
    if name == "period":
        return filters.period_label(value)
    if name == "theatre":
        return labels.standalone("theatre", value) or str(value)
    if name == "terrain_deck":
        return names.decks.get(value, value)
    if name == "weather":
        return ", ".join(names.weather.get(code, code) for code in value)
    if name == "topography":
        return names.topographies.get(value, value)
    if name == "environment":
        return names.environments.get(value, value)
    if name in ("first_player",):
        return str(labels.SCENARIO_ROLE.get(value, value))
    if name == "nationality":
        return names.nationalities.get(value, value)
    if name == "troop_type":
        return labels.standalone("troop_type", value) or str(value)
    if name == "victory_conditions":
        if value.get("rpn"):
            return _("row %(rpn)s of the victory conditions table (43.33)") % {"rpn": value["rpn"]}
        return value.get("text") or EMPTY
    if isinstance(value, bool):
        return _yes_no(value)
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _field(change: FieldChange, names: Names, field_labels: Mapping[str, Any]) -> dict[str, str]:
    return {
        "field": str(field_labels.get(change.field, change.field)),
        "before": _value(change.field, change.before, names),
        "after": _value(change.field, change.after, names),
    }


def _deck_change(item: Mapping[str, Any], names: Names) -> str:
    card = names.card_types.get(item.get("card_type", ""), item.get("card_type", ""))
    action = labels.DECK_CHANGE_ACTION.get(item.get("action", ""), item.get("action", ""))
    count = item.get("count")
    return f"{action}: {count} × {card}" if count else f"{action}: {card}"


def _rule(item: Mapping[str, Any], names: Names) -> str:
    if item.get("code") == "custom":
        return item.get("text") or EMPTY
    return names.rules.get(item.get("code", ""), item.get("code", ""))


def _where(where: str) -> str:
    if where.startswith("after_deck:"):
        return _("after deck %(deck)s") % {"deck": where.split(":", 1)[1]}
    return _("group %(label)s") % {"label": where}


def _nationalities(document: Any) -> dict[str, str]:
    """Each side's nationality in a stored document: role → code."""
    body = document.get("scenario") if isinstance(document, dict) else None
    sides = body.get("sides") if isinstance(body, dict) else None
    return {
        str(side.get("role")): str((side.get("force") or {}).get("nationality", ""))
        for side in sides or ()
        if isinstance(side, dict)
    }


def _card(
    change: CardChange, nationality: str, cards: Mapping[tuple[str, int], CardInfo]
) -> dict[str, Any]:
    """A card bought or given up, named as printed ("8 Smith"): a card given up is read in the
    side's nationality before the change, a card bought in its nationality after it."""
    return {
        "card": card_words(change.card, cards.get((nationality, change.card))),
        "where": _where(change.where),
        "added": change.added,
    }


def diff_view(before: Any, after: Any) -> dict[str, Any]:
    """Two history rows (or scenarios) compared, ready for the template."""
    diff: ScenarioDiff = scenario_diff(before.document, after.document)
    names = Names.read()
    old_nations, new_nations = _nationalities(before.document), _nationalities(after.document)
    cards = catalogue_current().cards if any(side.cards for side in diff.sides) else {}
    sharing = []
    if before.visibility != after.visibility:
        sharing.append(
            {
                "field": str(labels.SCENARIO_FIELD["visibility"]),
                "before": str(labels.VISIBILITY.get(before.visibility, before.visibility)),
                "after": str(labels.VISIBILITY.get(after.visibility, after.visibility)),
            }
        )
    return {
        "changed": bool(diff) or bool(sharing),
        "fields": [_field(c, names, labels.SCENARIO_FIELD) for c in diff.fields] + sharing,
        "deck_added": [_deck_change(i, names) for i in diff.deck_changes_added],
        "deck_removed": [_deck_change(i, names) for i in diff.deck_changes_removed],
        "rules_added": [_rule(i, names) for i in diff.special_rules_added],
        "rules_removed": [_rule(i, names) for i in diff.special_rules_removed],
        "sides": [
            {
                "role": str(labels.SCENARIO_ROLE.get(side.role, side.role)),
                "fields": [_field(c, names, labels.FORCE_FIELD) for c in side.fields],
                "cards": [
                    _card(
                        c,
                        (new_nations if c.added else old_nations).get(side.role, ""),
                        cards,
                    )
                    for c in side.cards
                ],
            }
            for side in diff.sides
        ],
    }
