"""What a version of a scenario changed, as plain, language-neutral data.

The engine compares two documents (``upfront.rules.scenario_diff``); this adds what the
scenario's row holds beside its document (visibility, library) and the cards the change names,
so ``scenarios.versions.presenters`` only puts it into words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from upfront.reference.fetch import catalogue_current
from upfront.rules.catalogue import CardInfo
from upfront.rules.scenario_diff import ScenarioDiff, scenario_diff


@dataclass(frozen=True)
class VersionChange:
    """A version in the history, with the parts it changed from the one before it."""

    row: Any  # the history row
    parts: tuple[str, ...]  # ScenarioDiff.parts, then "visibility", "library"
    first: bool  # the version that created the scenario


@dataclass(frozen=True)
class VersionDiff:
    """Two versions (history rows or scenarios) compared."""

    diff: ScenarioDiff
    visibility: tuple[str, str] | None  # (before, after) when it changed
    nationalities_before: Mapping[str, str]  # role -> nationality code
    nationalities_after: Mapping[str, str]
    # The cards a side bought or gave up, by (nationality, number): a card given up is read in
    # the side's nationality before the change, a card bought in its nationality after it.
    cards: Mapping[tuple[str, int], CardInfo]

    @property
    def changed(self) -> bool:
        return bool(self.diff) or self.visibility is not None


def _parts(before: Any, after: Any) -> tuple[str, ...]:
    parts = list(scenario_diff(before.document, after.document).parts())
    if before.visibility != after.visibility:
        parts.append("visibility")
    if before.library_id != after.library_id:
        parts.append("library")
    return tuple(parts)


def version_changes(rows: Sequence[Any]) -> list[VersionChange]:
    """``rows`` (the newest first), each with what it changed from the one after it."""
    found = []
    for index, row in enumerate(rows):
        before = rows[index + 1] if index + 1 < len(rows) else None
        parts = () if before is None else _parts(before, row)
        found.append(VersionChange(row=row, parts=parts, first=before is None))
    return found


def _nationalities(document: Any) -> dict[str, str]:
    """Each side's nationality in a stored document: role -> code."""
    body = document.get("scenario") if isinstance(document, dict) else None
    sides = body.get("sides") if isinstance(body, dict) else None
    return {
        str(side.get("role")): str((side.get("force") or {}).get("nationality", ""))
        for side in sides or ()
        if isinstance(side, dict)
    }


def version_diff(before: Any, after: Any) -> VersionDiff:
    """What changed from ``before`` to ``after`` (history rows or scenarios)."""
    diff = scenario_diff(before.document, after.document)
    old, new = _nationalities(before.document), _nationalities(after.document)
    wanted = {
        ((new if change.added else old).get(side.role, ""), change.card)
        for side in diff.sides
        for change in side.cards
    }
    known = catalogue_current().cards if wanted else {}
    visibility = None
    if before.visibility != after.visibility:
        visibility = (before.visibility, after.visibility)
    return VersionDiff(
        diff=diff,
        visibility=visibility,
        nationalities_before=old,
        nationalities_after=new,
        cards={key: known[key] for key in wanted if key in known},
    )
