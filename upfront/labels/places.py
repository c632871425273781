"""Where in a scenario a finding points, in words: the one place a JSON path becomes text.

The engine names the parts of a document by JSON path (``scenario.sides[0].force.groups[0]
.cards[2]``); the API keeps those paths for programs. A player reads the part as the designer
and the builder name it: "Attacker's force, group A, card 3" / "Forza dell'attaccante, gruppo
A, carta 3" (a side by its role, a group by its label, a card, a special rule or a deck change
by its position, counted from 1). The quick checks, the scenario page, the validation report,
the setup sheet and the API's ``fields`` all take their words from :func:`where`.

A path this module cannot name gives ``None``: it is left out, never shown as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from upfront.labels.game import FORCE_FIELD, SCENARIO_FIELD

# One step of a path: a name, and an index when it is a list's item ("groups[0]").
_STEP = re.compile(r"(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?:\[(?P<index>\d+)\])?")
# A library document's scenario: "scenarios[2].scenario.…".
_LIBRARY = re.compile(r"^scenarios\[(?P<index>\d+)\]\.(?P<rest>.*)$")

Step = tuple[str, int | None]


@dataclass(frozen=True)
class Places:
    """What naming a scenario's parts needs beyond the path: each side's role and the labels of
    its force's groups, in the sides' order."""

    roles: tuple[str, ...] = ()
    groups: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def of(cls, body: Any) -> Places:
        """From a scenario body as plain data (a document's ``scenario``); whatever it lacks is
        named by position."""
        sides = body.get("sides") if isinstance(body, Mapping) else None
        if not isinstance(sides, list):
            return cls()
        roles: list[str] = []
        groups: list[tuple[str, ...]] = []
        for item in sides:
            side: Mapping[str, Any] = item if isinstance(item, Mapping) else {}
            roles.append(str(side.get("role") or ""))
            raw = side.get("force")
            force: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
            listed = force.get("groups")
            found: list[Any] = listed if isinstance(listed, list) else []
            groups.append(
                tuple(str(g.get("label") or "") if isinstance(g, Mapping) else "" for g in found)
            )
        return cls(roles=tuple(roles), groups=tuple(groups))

    @classmethod
    def of_force(cls, force: Any) -> Places:
        """From a Force document as plain data (the builder's): its groups are the only side's."""
        return cls.of({"sides": [{"role": "", "force": force}]})

    def group(self, side: int | None, index: int) -> str:
        labels = self.groups[side] if side is not None and side < len(self.groups) else ()
        found = labels[index] if index < len(labels) else ""
        # The Force format's own default (upfront.rules.force): A, B, C… by position.
        return found or chr(ord("A") + index)


def _steps(path: str) -> list[Step] | None:
    steps: list[Step] = []
    for part in path.split("."):
        match = _STEP.fullmatch(part)
        if match is None:
            return None
        index = match["index"]
        steps.append((match["name"], int(index) if index is not None else None))
    return steps


def _force_words(steps: Sequence[Step], places: Places, side: int | None) -> list[str] | None:
    """The parts of a force (relative to the force), mid-sentence."""
    if not steps:
        return []
    (name, index), rest = steps[0], steps[1:]
    if name in ("groups", "reinforcements") and index is not None:
        if name == "groups":
            words = [_("group %(label)s") % {"label": places.group(side, index)}]
        else:
            words = [_("reinforcement %(number)s") % {"number": index + 1}]
        if rest and rest[0][0] == "cards" and rest[0][1] is not None:
            words.append(_("card %(number)s") % {"number": rest[0][1] + 1})
            more = rest[1:]
            if more and more[0][0] == "secondary" and more[0][1] is not None:
                words.append(_("secondary weapon %(number)s") % {"number": more[0][1] + 1})
        return words
    if name == "radios" and index is not None:
        return [_("radio %(number)s") % {"number": index + 1}]
    if name == "groups":
        return [_("groups")]
    if name == "reinforcements":
        return [_("reinforcements")]
    label = FORCE_FIELD.get(name)
    if label is None:
        return None
    text = str(label)
    return [text[:1].lower() + text[1:]]


def _scenario_words(steps: Sequence[Step], places: Places) -> list[str] | None:
    if not steps:
        return None
    (name, index), rest = steps[0], steps[1:]
    if name == "sides":
        if index is None:
            return [_("Sides")]
        role = places.roles[index] if index < len(places.roles) else ""
        side_label = SCENARIO_FIELD.get(f"{role}.force")
        side_words = str(side_label) if side_label else _("Side %(number)s") % {"number": index + 1}
        if rest and rest[0][0] == "force":
            found = _force_words(rest[1:], places, index)
            return None if found is None else [side_words, *found]
        return [side_words]
    if name == "special_rules":
        if index is None:
            return [str(SCENARIO_FIELD["special_rules"])]
        return [_("Special rule %(number)s") % {"number": index + 1}]
    if name == "deck_changes":
        if index is None:
            return [str(SCENARIO_FIELD["deck_changes"])]
        return [_("Deck change %(number)s") % {"number": index + 1}]
    if name == "victory_conditions":
        # The designer's fields: a row of 43.33, or a text.
        sub = rest[0][0] if rest else ""
        key = {"rpn": "victory_rpn", "text": "victory_text"}.get(sub, "victory_conditions")
        return [str(SCENARIO_FIELD[key])]
    label = SCENARIO_FIELD.get(name)
    return [str(label)] if label is not None else None


def where(path: str, places: Places | None = None) -> str | None:
    """The part of a scenario (or of a force) ``path`` points at, in the active language;
    ``None`` when it cannot be named (then nothing is shown)."""
    places = places or Places()
    prefix: list[str] = []
    library = _LIBRARY.match(path)
    if library is not None:
        prefix = [_("Scenario %(number)s") % {"number": int(library["index"]) + 1}]
        path = library["rest"]
    steps = _steps(path)
    if not steps:
        return None
    if steps[0] == ("scenario", None):
        words = _scenario_words(steps[1:], places)
    else:  # a Force document's own path (the builder's; Places.of_force)
        words = _force_words(steps, places, 0)
    if not words:
        return None
    return str(capfirst(", ".join([*prefix, *words])))


def where_all(paths: Iterable[str], places: Places | None = None) -> list[str]:
    """Each path's words, once each, in order; the paths that cannot be named left out."""
    found = (where(path, places) for path in paths)
    return list(dict.fromkeys(text for text in found if text))


def located(message: str, path: str, places: Places | None = None) -> str:
    """A fault's message followed by where it is, for a one-line notice: "… (Weather)"."""
    found = where(path, places)
    return f"{message} ({found})" if found else message
