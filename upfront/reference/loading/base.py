"""What every part of the load shares: the files, the rows by natural key, the report.

:class:`BaseLoader` reads the data files and writes rows by their natural key
(``natural_key_fields`` on each model), counting what it created and updated; the concept
modules beside this one (nationalities, forces, battlefield, scenario rules, rule summaries,
random numbers) each add the ``load_*`` steps of one part of the data.
"""

from __future__ import annotations

import csv
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import yaml
from django.db.models import JSONField, Model, ProtectedError, RestrictedError

from upfront.reference import models
from upfront.reference.provenance import player_note

K = TypeVar("K", bound=models.Keyed)

CSV_FILES = [
    "nationalities.csv",
    "weapons.csv",
    "personality_cards.csv",
    "unit_type_table.csv",
    "dyo_tables.csv",
    "scenarios.csv",
    "valid_matchups.csv",
    "action_deck.csv",
    "afv_cost_derivations.csv",
]
YAML_FILES = [
    "nationalities.yaml",
    "dyo_facts.yaml",
    "unit_types_pto.yaml",
    "random_reinforcements.yaml",
    "nationality_rules.yaml",
    "troop_types.yaml",
    "force_variants.yaml",
    "terrain.yaml",
    "weather.yaml",
    "mountain.yaml",
    "special_rules.yaml",
    "rule_summaries.yaml",
    "random_numbers.yaml",
    "italian.yaml",
    "notes_it.yaml",
]

# Every reference model with the label the report uses, parents before children: rows gone
# from the files are deleted in the reverse order, so no protected row is deleted before the
# rows that point at it.
MODELS: tuple[tuple[str, type[models.Keyed]], ...] = (
    ("periods", models.Period),
    ("nationalities", models.Nationality),
    ("weapons", models.Weapon),
    ("dyo_prices", models.DYOPrice),
    ("secondary_weapon_permissions", models.SecondaryWeaponPermission),
    ("personality_cards", models.PersonalityCard),
    ("unit_type_rows", models.UnitTypeRow),
    ("dyo_table_rows", models.DYOTableRow),
    ("valid_matchups", models.ValidMatchup),
    ("action_deck_facts", models.ActionDeckFact),
    ("afv_cost_derivations", models.AFVCostDerivation),
    ("nationality_rules", models.NationalityRule),
    ("troop_types", models.TroopType),
    ("force_variants", models.ForceVariant),
    ("random_reinforcement_rows", models.RandomReinforcementRow),
    ("terrain_card_types", models.TerrainCardType),
    ("terrain_decks", models.TerrainDeck),
    ("terrain_deck_rules", models.TerrainDeckRule),
    ("terrain_substitutions", models.TerrainSubstitution),
    ("fire_ignition_entries", models.FireIgnitionEntry),
    ("fire_rules", models.FireRule),
    ("weather_conditions", models.WeatherCondition),
    ("topographies", models.Topography),
    ("environments", models.EnvironmentalCondition),
    ("mountain_troops", models.MountainTroopAvailability),
    ("rule_summaries", models.RuleSummary),
    ("special_rules", models.SpecialRule),
    ("published_scenarios", models.PublishedScenario),
    ("mountain_adaptations", models.MountainAdaptation),
    ("random_number_distributions", models.RandomNumberDistribution),
    ("random_number_frequencies", models.RandomNumberFrequency),
)
LABELS: dict[type[Model], str] = {model: label for label, model in MODELS}
# The notes a reference page's provenance pop-over reads, each with an Italian twin.
NOTE_FIELDS = ("note", "tem_note", "replaces_note", "dyo_note")


class ReferenceDataError(Exception):
    """A data file is missing or inconsistent; names the file and the record."""


@dataclass
class LoadReport:
    """What a load did, per model label: rows in the files, and rows created, updated, removed.

    ``removed_keys`` names the natural key of every row deleted because it is gone from the files.
    """

    revision: models.DataRevision | None
    skipped: bool
    counts: dict[str, int] = field(default_factory=dict)
    created: dict[str, int] = field(default_factory=dict)
    updated: dict[str, int] = field(default_factory=dict)
    removed: dict[str, int] = field(default_factory=dict)
    removed_keys: dict[str, list[tuple[Any, ...]]] = field(default_factory=dict)


def _int(value: Any) -> int | None:
    """The leading integer of a cell ('12 (as US; …)' → 12); None when there is none."""
    if value is None:
        return None
    if isinstance(value, int):
        return value
    match = re.match(r"\s*\+?(\d+)", str(value))  # "+15" (double sniper) is 15
    return int(match.group(1)) if match else None


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()


def _sourced(row: dict[str, Any], rule: str | None = None) -> dict[str, str]:
    return {
        "rule": _text(rule if rule is not None else row.get("rule")),
        "source": _text(row.get("source")),
        "confidence": _text(row.get("confidence")),
        "note": _text(row.get("note")),
    }


class _Table:
    """The rows of one model during a load, by natural key."""

    def __init__(self, model: type[models.Keyed]) -> None:
        related = [f.name for f in model._meta.concrete_fields if f.is_relation]
        self.existing: dict[tuple[Any, ...], models.Keyed] = {}
        self.duplicates: list[models.Keyed] = []
        for row in model.objects.select_related(*related).order_by("pk"):
            key = row.natural_key()
            if key in self.existing:  # only possible without the database constraint
                self.duplicates.append(row)
            else:
                self.existing[key] = row
        self.seen: dict[tuple[Any, ...], str] = {}  # key -> where in the files
        self.created = 0
        self.updated: set[tuple[Any, ...]] = set()


def _assign(row: Model, values: dict[str, Any]) -> list[str]:
    """Give ``row`` exactly ``values`` (defaults for the fields not given); the changed fields.

    Fields the files do not set go back to their defaults, so a reloaded row equals a freshly
    loaded one.
    """
    changed = []
    for f in row._meta.concrete_fields:
        if f.primary_key:
            continue
        value = values[f.name] if f.name in values else f.get_default()
        if f.is_relation:
            new_id = value.pk if isinstance(value, Model) else value
            if getattr(row, f.attname) != new_id:
                setattr(row, f.name, value)
                changed.append(f.name)
        else:
            value = f.to_python(value)
            if getattr(row, f.attname) != value:
                setattr(row, f.attname, value)
                changed.append(f.name)
    return changed


class BaseLoader:
    """A load in progress: the files it reads and the rows it writes, by natural key."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.csv_dir = data_dir / "reference"
        self.seed_dir = data_dir / "seed"
        self.tables: dict[type[models.Keyed], _Table] = {}
        self.periods: dict[str, models.Period] = {}
        self.nationalities: dict[str, models.Nationality] = {}
        self._italian: dict[str, dict[str, dict[str, str]]] | None = None
        self._italian_used: set[tuple[str, str, str]] = set()
        self._notes_it: dict[str, str] | None = None
        self._notes_it_used: set[str] = set()

    # -- file access ---------------------------------------------------------------------
    def content_hash(self) -> str:
        digest = hashlib.sha256()
        for name in CSV_FILES:
            digest.update(name.encode())
            digest.update((self.csv_dir / name).read_bytes())
        for name in YAML_FILES:
            path = self.seed_dir / name
            digest.update(name.encode())
            digest.update(path.read_bytes() if path.exists() else b"")
        return digest.hexdigest()

    def csv(self, name: str) -> list[dict[str, str]]:
        path = self.csv_dir / name
        if not path.exists():
            raise ReferenceDataError(f"{path}: file missing")
        with path.open(newline="", encoding="utf-8") as handle:
            return list(csv.DictReader(handle))

    def yaml(self, name: str) -> Any:
        path = self.seed_dir / name
        if not path.exists():
            raise ReferenceDataError(f"{path}: file missing")
        with path.open(encoding="utf-8") as handle:
            return yaml.safe_load(handle)

    def italian(self, file: str, column: str, english: str) -> str:
        """Our Italian of a text ``file`` gives in English only (``italian.yaml``); empty when
        the text has none (a language-neutral text needs none)."""
        if self._italian is None:
            data = self.yaml("italian.yaml") or {}
            if not isinstance(data, dict):
                raise ReferenceDataError("italian.yaml: expected a mapping of files")
            self._italian = data
        text = english.strip()
        italian = (self._italian.get(file) or {}).get(column, {}).get(text)
        if italian is None:
            return ""
        self._italian_used.add((file, column, text))
        return str(italian).strip()

    def note_italian(self, english: str) -> str:
        """Our Italian of what a player reads of a note (``notes_it.yaml``, keyed by that
        reading); empty when a player reads nothing of it."""
        if self._notes_it is None:
            data = self.yaml("notes_it.yaml") or {}
            if not isinstance(data, dict):
                raise ReferenceDataError("notes_it.yaml: expected a mapping of notes")
            self._notes_it = {str(k): str(v).strip() for k, v in data.items()}
        shown = player_note(english)
        if not shown:
            return ""
        self._notes_it_used.add(shown)
        return self._notes_it.get(shown, "")

    def check_italian_used(self) -> None:
        """Every entry of italian.yaml translates a text the files hold: when the English is
        corrected, its stale Italian is refused rather than silently dropped."""
        stale = sorted(
            (file, column, text)
            for file, columns in (self._italian or {}).items()
            for column, texts in (columns or {}).items()
            for text in texts or {}
            if (file, column, text) not in self._italian_used
        )
        if stale:
            raise ReferenceDataError(f"italian.yaml: no row holds these English texts: {stale}")
        unused = sorted(set(self._notes_it or {}) - self._notes_it_used)
        if unused:
            raise ReferenceDataError(f"notes_it.yaml: no note reads as these texts: {unused}")

    def period(self, code: str | None) -> models.Period | None:
        if not code:
            return None
        try:
            return self.periods[str(code)]
        except KeyError as exc:
            raise ReferenceDataError(f"unknown period {code!r}") from exc

    def nationality(self, code: str | None) -> models.Nationality | None:
        if not code:
            return None
        try:
            return self.nationalities[code]
        except KeyError as exc:
            raise ReferenceDataError(f"unknown nationality {code!r}") from exc

    # -- writing by natural key ------------------------------------------------------------
    def table(self, model: type[models.Keyed]) -> _Table:
        if model not in self.tables:
            self.tables[model] = _Table(model)
        return self.tables[model]

    def put(self, model: type[K], origin: str, **values: Any) -> K:
        """Create or update the row of ``model`` whose natural key ``values`` give.

        ``origin`` (file and record) names the record in errors.
        """
        table = self.table(model)
        for name in NOTE_FIELDS:
            if name in values and hasattr(model, f"{name}_it"):
                values[f"{name}_it"] = self.note_italian(values[name])
        for name, value in values.items():
            is_json = isinstance(model._meta.get_field(name), JSONField)
            # YAML 1.1 reads an unquoted `on:` key as True, which JSON stores as "true".
            if is_json and value is not None and json.loads(json.dumps(value)) != value:
                raise ReferenceDataError(
                    f"{origin}: {name} changes when stored as JSON (quote its keys): {value}"
                )
        candidate = model(**values)
        key = candidate.natural_key()
        if key in table.seen:
            raise ReferenceDataError(
                f"{origin}: {LABELS[model]} {key} is given twice (also {table.seen[key]})"
            )
        table.seen[key] = origin
        row = table.existing.get(key)
        if row is None:
            candidate.save(force_insert=True)
            table.created += 1
            return candidate
        changed = _assign(row, values)
        if changed:
            row.save(update_fields=changed)
            table.updated.add(key)
        return row  # type: ignore[return-value]

    def put_related(self, row: models.Keyed, relation: str, targets: list[models.Keyed]) -> None:
        """Set a many-to-many relation by the targets' keys; a change counts as an update."""
        manager = getattr(row, relation)
        if {t.pk for t in targets} != set(manager.values_list("pk", flat=True)):
            manager.set(targets)
            table = self.table(type(row))
            key = row.natural_key()
            if key in table.existing:  # a row created in this load is not also "updated"
                table.updated.add(key)

    def remove_missing(self) -> dict[str, list[tuple[Any, ...]]]:
        """Delete the rows no file gives any more, children first; their keys by label."""
        removed: dict[str, list[tuple[Any, ...]]] = {}
        for label, model in reversed(MODELS):
            table = self.table(model)
            gone = [row for key, row in table.existing.items() if key not in table.seen]
            gone += table.duplicates
            if not gone:
                continue
            try:
                model.objects.filter(pk__in=[row.pk for row in gone]).delete()
            except (ProtectedError, RestrictedError) as exc:
                users = sorted({str(obj._meta.verbose_name) for obj in exc.args[1]})
                raise ReferenceDataError(
                    f"{label}: {[row.natural_key() for row in gone]} are gone from the data "
                    f"files but still used by {', '.join(users)}"
                ) from exc
            removed[label] = [row.natural_key() for row in gone]
        return removed

    def report(
        self, revision: models.DataRevision, removed_keys: dict[str, list[tuple[Any, ...]]]
    ) -> LoadReport:
        report = LoadReport(revision=revision, skipped=False, removed_keys=removed_keys)
        for label, model in MODELS:
            table = self.table(model)
            report.counts[label] = len(table.seen)
            report.created[label] = table.created
            report.updated[label] = len(table.updated)
            report.removed[label] = len(removed_keys.get(label, []))
        return report

    def load_rule_summaries(self, group: str, records: list[dict[str, Any]], origin: str) -> None:
        """Rule summaries of one group (known by group, rule and topic), in file order."""
        for order, rec in enumerate(records):
            self.put(
                models.RuleSummary,
                f"{origin}: {rec.get('rule')} {rec.get('topic')}",
                group=group,
                topic=_text(rec.get("topic")),
                summary_en=_text(rec.get("summary_en")),
                summary_it=_text(rec.get("summary_it")),
                params=rec.get("params") or {},
                order=order,
                **_sourced(rec),
            )


def _rule_from_note(row: dict[str, str]) -> str:
    found = re.findall(r"\(((?:Q&A )?\d+\.\d+[a-z]?)\)", row.get("note", ""))
    return "; ".join(dict.fromkeys(found))


def _records(data: Any, key: str) -> list[dict[str, Any]]:
    """Accept either a bare list or a mapping holding the list under ``key``."""
    if isinstance(data, list):
        return data
    if isinstance(data, dict) and isinstance(data.get(key), list):
        return data[key]
    raise ReferenceDataError(f"expected a list under {key!r}")
