"""What changed between two versions of a scenario document (interchange format v1).

Pure: two stored document dicts in, a language-neutral list of changes out (codes, card
numbers, field names); the Django side renders it in the reader's language (the version
pages, the API's version summaries, a copy's "the original has changed" notice).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

# The scenario's own fields, in the order a reader meets them on the scenario page.
SCENARIO_FIELDS: Final = (
    "title",
    "description",
    "language",
    "based_on",
    "period",
    "theatre",
    "terrain_deck",
    "mountain",
    "topography",
    "environment",
    "weather",
    "time_limit_decks",
    "altitude_limit",
    "first_player",
    "victory_conditions",
)
# A side's force fields (its cards are compared apart, card by card).
FORCE_FIELDS: Final = (
    "nationality",
    "period",
    "theatre",
    "troop_type",
    "partisans",
    "marines",
    "mountain",
    "budget",
    "radios",
    "snipers",
    "random_reinforcement_decks",
    "replay",
)


@dataclass(frozen=True)
class FieldChange:
    field: str
    before: Any
    after: Any


@dataclass(frozen=True)
class CardChange:
    """A card bought (``added``) or given up, with where: a group's label or a reinforcement."""

    where: str  # a group's label ("A"), or "after_deck:2" for the reinforcement after deck 2
    card: int
    added: bool


@dataclass(frozen=True)
class SideDiff:
    role: str
    fields: tuple[FieldChange, ...]
    cards: tuple[CardChange, ...]

    def __bool__(self) -> bool:
        return bool(self.fields or self.cards)


@dataclass(frozen=True)
class ScenarioDiff:
    fields: tuple[FieldChange, ...]
    deck_changes_added: tuple[Mapping[str, Any], ...]
    deck_changes_removed: tuple[Mapping[str, Any], ...]
    special_rules_added: tuple[Mapping[str, Any], ...]
    special_rules_removed: tuple[Mapping[str, Any], ...]
    sides: tuple[SideDiff, ...]

    def __bool__(self) -> bool:
        return bool(
            self.fields
            or self.deck_changes_added
            or self.deck_changes_removed
            or self.special_rules_added
            or self.special_rules_removed
            or any(self.sides)
        )

    def parts(self) -> tuple[str, ...]:
        """What changed, as part codes for a one-line summary: a field's name,
        ``deck_changes``, ``special_rules``, ``<role>.force`` or ``<role>.cards``."""
        found = [change.field for change in self.fields]
        if self.deck_changes_added or self.deck_changes_removed:
            found.append("deck_changes")
        if self.special_rules_added or self.special_rules_removed:
            found.append("special_rules")
        for side in self.sides:
            if side.fields:
                found.append(f"{side.role}.force")
            if side.cards:
                found.append(f"{side.role}.cards")
        return tuple(found)


def _body(document: Mapping[str, Any]) -> Mapping[str, Any]:
    body = document.get("scenario")
    return body if isinstance(body, Mapping) else {}


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _multiset_difference(
    before: Iterable[Mapping[str, Any]], after: Iterable[Mapping[str, Any]]
) -> tuple[tuple[Mapping[str, Any], ...], tuple[Mapping[str, Any], ...]]:
    """(added, removed) between two lists whose order does not matter; duplicates count."""
    old = {_key(item): item for item in before}
    new = {_key(item): item for item in after}
    old_count = Counter(_key(item) for item in before)
    new_count = Counter(_key(item) for item in after)
    added = [new[key] for key in new_count for _ in range(new_count[key] - old_count[key])]
    removed = [old[key] for key in old_count for _ in range(old_count[key] - new_count[key])]
    return tuple(added), tuple(removed)


def _cards(force: Mapping[str, Any]) -> Counter[tuple[str, int]]:
    found: Counter[tuple[str, int]] = Counter()
    for group in force.get("groups") or ():
        for purchase in group.get("cards") or ():
            found[(str(group.get("label", "")), int(purchase.get("card", 0)))] += 1
    for reinforcement in force.get("reinforcements") or ():
        for purchase in reinforcement.get("cards") or ():
            where = f"after_deck:{reinforcement.get('after_deck')}"
            found[(where, int(purchase.get("card", 0)))] += 1
    return found


def _side_diff(role: str, before: Mapping[str, Any], after: Mapping[str, Any]) -> SideDiff:
    fields = tuple(
        FieldChange(name, before.get(name), after.get(name))
        for name in FORCE_FIELDS
        if _key(before.get(name)) != _key(after.get(name))
    )
    old, new = _cards(before), _cards(after)
    cards = [
        CardChange(where, card, True)
        for (where, card), n in sorted((new - old).items())
        for _ in range(n)
    ] + [
        CardChange(where, card, False)
        for (where, card), n in sorted((old - new).items())
        for _ in range(n)
    ]
    return SideDiff(role, fields, tuple(cards))


def scenario_diff(before: Mapping[str, Any], after: Mapping[str, Any]) -> ScenarioDiff:
    """What changed from the document ``before`` to the document ``after``."""
    old, new = _body(before), _body(after)
    fields = tuple(
        FieldChange(name, old.get(name), new.get(name))
        for name in SCENARIO_FIELDS
        if _key(old.get(name)) != _key(new.get(name))
    )
    deck_added, deck_removed = _multiset_difference(
        old.get("deck_changes") or (), new.get("deck_changes") or ()
    )
    rules_added, rules_removed = _multiset_difference(
        old.get("special_rules") or (), new.get("special_rules") or ()
    )
    old_sides = {s.get("role"): s.get("force") or {} for s in old.get("sides") or ()}
    new_sides = {s.get("role"): s.get("force") or {} for s in new.get("sides") or ()}
    roles = [r for r in ("attacker", "defender") if r in old_sides or r in new_sides]
    sides = tuple(
        diff
        for role in roles
        if (diff := _side_diff(role, old_sides.get(role, {}), new_sides.get(role, {})))
    )
    return ScenarioDiff(fields, deck_added, deck_removed, rules_added, rules_removed, sides)
