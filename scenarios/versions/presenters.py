"""Versions as a player reads them: the history list with one-line summaries, and a diff
between two versions in words (fields, deck changes, special rules, each side's cards).

Renders what ``scenarios.analysis.versions`` computed, with the reference names it is handed
(``upfront.reference.selectors.reference_names``): it reads nothing and runs no engine work.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.text import Truncator
from django.utils.translation import gettext as _

from scenarios.analysis.versions import VersionChange, VersionDiff
from scenarios.presenters.cards import card_words
from upfront import labels
from upfront.reference.selectors import ReferenceNames
from upfront.rules.catalogue import CardInfo
from upfront.rules.scenario_diff import CardChange, FieldChange

EMPTY = "—"


@dataclass(frozen=True)
class VersionRow:
    number: int
    created_at: Any
    author: str
    summary: str
    parts: tuple[str, ...]  # the part codes it changed (ScenarioDiff.parts, and sharing)
    row: Any  # the history row
    restored_from: int | None = None  # the version it made current again

    @property
    def restored(self) -> str:
        return restored_words(self.restored_from)


def restored_words(number: int | None) -> str:
    """ "restored from version 6" for a version that restored one, else "" (active language)."""
    if number is None:
        return ""
    return _("restored from version %(number)s") % {"number": number}


def summary_of(parts: Iterable[str], *, first: bool = False) -> str:
    """One line naming what a version changed, in the active language."""
    if first:
        return _("Created")
    names = [str(labels.SCENARIO_FIELD.get(part, part)) for part in parts]
    return ", ".join(names) if names else _("No visible change")


def version_rows(changes: Iterable[VersionChange]) -> list[VersionRow]:
    """Every version (``scenarios.analysis.versions.version_changes``) as the history lists
    it, with what it changed from the one before."""
    return [
        VersionRow(
            number=change.row.version,
            created_at=change.row.history_date,
            author=change.row.history_user.get_username() if change.row.history_user else EMPTY,
            summary=summary_of(change.parts, first=change.first),
            parts=change.parts,
            row=change.row,
            restored_from=getattr(change.row, "restored_from", None),
        )
        for change in changes
    ]


# --- The diff in words -------------------------------------------------------------------------


def _yes_no(value: Any) -> str:
    return _("yes") if value else _("no")


def _value(name: str, value: Any, names: ReferenceNames) -> str:
    if value is None or value == "" or value == []:
        return EMPTY
    if name == "period":
        return labels.period_label(value)
    if name == "theatre":
        return labels.standalone("theatre", value)
    if name == "terrain_deck":
        return names.terrain_decks.get(value, value)
    if name == "weather":
        return ", ".join(names.weather.get(code, code) for code in value)
    if name == "topography":
        return names.topographies.get(value, value)
    if name == "environment":
        return names.environments.get(value, value)
    if name in ("first_player",):
        return labels.label("scenario_role", value)
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


def _field(
    change: FieldChange, names: ReferenceNames, field_labels: Mapping[str, Any]
) -> dict[str, str]:
    return {
        "field": str(field_labels.get(change.field, change.field)),
        "before": _value(change.field, change.before, names),
        "after": _value(change.field, change.after, names),
    }


def _deck_change(item: Mapping[str, Any], names: ReferenceNames) -> str:
    card = names.card_types.get(item.get("card_type", ""), item.get("card_type", ""))
    action = labels.label("deck_change_action", item.get("action", ""))
    count = item.get("count")
    return f"{action}: {count} × {card}" if count else f"{action}: {card}"


def _rule(item: Mapping[str, Any], names: ReferenceNames) -> str:
    if item.get("code") == "custom":
        return item.get("text") or EMPTY
    code = item.get("code", "")
    if code not in names.special_rules:
        return code
    text = Truncator(names.special_rules[code]).chars(80)
    return f"{names.special_rule_refs.get(code, '')} {text}".strip()


def _where(where: str) -> str:
    if where.startswith("after_deck:"):
        return _("after deck %(deck)s") % {"deck": where.split(":", 1)[1]}
    return _("group %(label)s") % {"label": where}


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


def diff_view(compared: VersionDiff, *, names: ReferenceNames) -> dict[str, Any]:
    """Two versions compared (``scenarios.analysis.versions.version_diff``), for the template;
    ``names``: the reference names (``upfront.reference.selectors.reference_names``)."""
    diff = compared.diff
    sharing = []
    if compared.visibility is not None:
        before, after = compared.visibility
        sharing.append(
            {
                "field": str(labels.SCENARIO_FIELD["visibility"]),
                "before": labels.label("visibility", before),
                "after": labels.label("visibility", after),
            }
        )
    old_nations, new_nations = compared.nationalities_before, compared.nationalities_after
    return {
        "changed": compared.changed,
        "fields": [_field(c, names, labels.SCENARIO_FIELD) for c in diff.fields] + sharing,
        "deck_added": [_deck_change(i, names) for i in diff.deck_changes_added],
        "deck_removed": [_deck_change(i, names) for i in diff.deck_changes_removed],
        "rules_added": [_rule(i, names) for i in diff.special_rules_added],
        "rules_removed": [_rule(i, names) for i in diff.special_rules_removed],
        "sides": [
            {
                "role": labels.label("scenario_role", side.role),
                "fields": [_field(c, names, labels.FORCE_FIELD) for c in side.fields],
                "cards": [
                    _card(
                        c,
                        (new_nations if c.added else old_nations).get(side.role, ""),
                        compared.cards,
                    )
                    for c in side.cards
                ],
            }
            for side in diff.sides
        ],
    }
