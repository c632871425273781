"""Load the reference data files into the database (service: ``reference_data_load``).

Two kinds of files feed the models:

* ``data/reference/*.csv`` — the base-game facts of ``../shared/reference`` (vendored copy,
  checked byte for byte by a test), each row with its source and confidence;
* ``data/seed/*.yaml`` — our transcription of the five seed documents, and the facts the CSVs
  state only in words (``nationalities.yaml``, ``dyo_facts.yaml``).

Every reference row is known by its natural key (``natural_key_fields`` on each model: the
codes the sources use). Loading updates the rows whose values changed, creates the new ones and
deletes only the rows that are gone from the files, reporting each group, so a row keeps its
primary key across reloads and other tables can point at it.

Loading is all-or-nothing (one transaction) and makes a new :class:`DataRevision` whose
``content_hash`` is the SHA-256 of every file read. It skips work when the newest revision
already has that hash, unless ``force`` is given, so admin corrections survive a restart.
"""

from __future__ import annotations

import csv
import hashlib
import json
import re
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, TypeVar

import yaml
from django.conf import settings
from django.db import models, transaction

from upfront.reference import models as m
from upfront.reference.fetch import (
    DYO_SUMMARY_GROUP,
    SCENARIO_SUMMARY_GROUP,
    VICTORY_SUMMARY_GROUP,
)
from upfront.reference.services import data_revision_create

K = TypeVar("K", bound=m.Keyed)

# How the CSVs spell things (parsing only; the facts are in the data files).
TROOP_LETTER = {"S": "second_line", "L": "line", "E": "elite"}  # unit_type_table.csv
SPLIT_SIDE = [  # nationalities.csv split_card_side
    ("either the american or the german", "american_or_german"),
    ("none", "none"),
    ("german side", "german"),
    ("american side", "american"),
    ("russian side", "russian"),
]
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
]

# Every reference model with the label the report uses, parents before children: rows gone
# from the files are deleted in the reverse order, so no protected row is deleted before the
# rows that point at it.
MODELS: tuple[tuple[str, type[m.Keyed]], ...] = (
    ("periods", m.Period),
    ("nationalities", m.Nationality),
    ("weapons", m.Weapon),
    ("dyo_prices", m.DYOPrice),
    ("secondary_weapon_permissions", m.SecondaryWeaponPermission),
    ("personality_cards", m.PersonalityCard),
    ("unit_type_rows", m.UnitTypeRow),
    ("dyo_table_rows", m.DYOTableRow),
    ("valid_matchups", m.ValidMatchup),
    ("action_deck_facts", m.ActionDeckFact),
    ("afv_cost_derivations", m.AFVCostDerivation),
    ("nationality_rules", m.NationalityRule),
    ("troop_types", m.TroopType),
    ("force_variants", m.ForceVariant),
    ("random_reinforcement_rows", m.RandomReinforcementRow),
    ("terrain_card_types", m.TerrainCardType),
    ("terrain_decks", m.TerrainDeck),
    ("terrain_deck_rules", m.TerrainDeckRule),
    ("terrain_substitutions", m.TerrainSubstitution),
    ("fire_ignition_entries", m.FireIgnitionEntry),
    ("fire_rules", m.FireRule),
    ("weather_conditions", m.WeatherCondition),
    ("topographies", m.Topography),
    ("environments", m.EnvironmentalCondition),
    ("mountain_troops", m.MountainTroopAvailability),
    ("rule_summaries", m.RuleSummary),
    ("special_rules", m.SpecialRule),
    ("published_scenarios", m.PublishedScenario),
    ("mountain_adaptations", m.MountainAdaptation),
    ("random_number_distributions", m.RandomNumberDistribution),
    ("random_number_frequencies", m.RandomNumberFrequency),
)
LABELS: dict[type[models.Model], str] = {model: label for label, model in MODELS}


class ReferenceDataError(Exception):
    """A data file is missing or inconsistent; names the file and the record."""


@dataclass
class LoadReport:
    """What a load did, per model label: rows in the files, and rows created, updated, removed.

    ``removed_keys`` names the natural key of every row deleted because it is gone from the files.
    """

    revision: m.DataRevision | None
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

    def __init__(self, model: type[m.Keyed]) -> None:
        related = [f.name for f in model._meta.concrete_fields if f.is_relation]
        self.existing: dict[tuple[Any, ...], m.Keyed] = {}
        self.duplicates: list[m.Keyed] = []
        for row in model.objects.select_related(*related).order_by("pk"):
            key = row.natural_key()
            if key in self.existing:  # only possible without the database constraint
                self.duplicates.append(row)
            else:
                self.existing[key] = row
        self.seen: dict[tuple[Any, ...], str] = {}  # key -> where in the files
        self.created = 0
        self.updated: set[tuple[Any, ...]] = set()


def _assign(row: models.Model, values: dict[str, Any]) -> list[str]:
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
            new_id = value.pk if isinstance(value, models.Model) else value
            if getattr(row, f.attname) != new_id:
                setattr(row, f.name, value)
                changed.append(f.name)
        else:
            value = f.to_python(value)
            if getattr(row, f.attname) != value:
                setattr(row, f.attname, value)
                changed.append(f.name)
    return changed


class Loader:
    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.csv_dir = data_dir / "reference"
        self.seed_dir = data_dir / "seed"
        self.tables: dict[type[m.Keyed], _Table] = {}
        self.periods: dict[str, m.Period] = {}
        self.nationalities: dict[str, m.Nationality] = {}

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

    def period(self, code: str | None) -> m.Period | None:
        if not code:
            return None
        try:
            return self.periods[str(code)]
        except KeyError as exc:
            raise ReferenceDataError(f"unknown period {code!r}") from exc

    def nationality(self, code: str | None) -> m.Nationality | None:
        if not code:
            return None
        try:
            return self.nationalities[code]
        except KeyError as exc:
            raise ReferenceDataError(f"unknown nationality {code!r}") from exc

    # -- writing by natural key ------------------------------------------------------------
    def table(self, model: type[m.Keyed]) -> _Table:
        if model not in self.tables:
            self.tables[model] = _Table(model)
        return self.tables[model]

    def put(self, model: type[K], origin: str, **values: Any) -> K:
        """Create or update the row of ``model`` whose natural key ``values`` give.

        ``origin`` (file and record) names the record in errors.
        """
        table = self.table(model)
        for name, value in values.items():
            is_json = isinstance(model._meta.get_field(name), models.JSONField)
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

    def put_related(self, row: m.Keyed, relation: str, targets: list[m.Keyed]) -> None:
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
            except (models.ProtectedError, models.RestrictedError) as exc:
                users = sorted({str(obj._meta.verbose_name) for obj in exc.args[1]})
                raise ReferenceDataError(
                    f"{label}: {[row.natural_key() for row in gone]} are gone from the data "
                    f"files but still used by {', '.join(users)}"
                ) from exc
            removed[label] = [row.natural_key() for row in gone]
        return removed

    def report(
        self, revision: m.DataRevision, removed_keys: dict[str, list[tuple[Any, ...]]]
    ) -> LoadReport:
        report = LoadReport(revision=revision, skipped=False, removed_keys=removed_keys)
        for label, model in MODELS:
            table = self.table(model)
            report.counts[label] = len(table.seen)
            report.created[label] = table.created
            report.updated[label] = len(table.updated)
            report.removed[label] = len(removed_keys.get(label, []))
        return report

    # -- orchestration ---------------------------------------------------------------------
    def load_all(self) -> None:
        self.load_periods()
        self.load_nationalities()
        self.load_weapons_and_prices()
        self.load_cards()
        self.load_unit_types()
        self.load_dyo_tables()
        self.load_matchups_and_facts()
        self.load_seed_nationality_data()
        self.load_random_reinforcements()
        self.load_terrain()
        self.load_weather()
        self.load_mountain_and_scenarios()
        self.load_engine_rule_summaries()
        self.load_random_numbers()

    # -- periods and nationalities -----------------------------------------------------------
    def load_periods(self) -> None:
        for order, code in enumerate(m.PERIOD_CODES, start=1):
            self.periods[code] = self.put(
                m.Period, "PERIOD_CODES", code=code, year=int(code[:4]), half=code[4], order=order
            )

    def load_nationalities(self) -> None:
        names = {
            rec["code"]: rec for rec in _records(self.yaml("nationalities.yaml"), "nationalities")
        }
        squad_rules = self._squad_rules()
        for line, row in enumerate(self.csv("nationalities.csv"), start=2):
            code = row["nationality"]
            origin = f"nationalities.csv:{line}"
            if code not in names:
                raise ReferenceDataError(f"{origin}: {code!r} has no names in nationalities.yaml")
            if code not in squad_rules:
                raise ReferenceDataError(
                    f"{origin}: no squad_definition row of dyo_tables.csv names {code!r}"
                )
            side_text = row["split_card_side"].lower()
            split = next((value for key, value in SPLIT_SIDE if side_text.startswith(key)), "")
            fraction = Decimal(row["squad_break_fraction"]) if row["squad_break_fraction"] else None
            discards = _int(row["discard_max"])
            self.nationalities[code] = self.put(
                m.Nationality,
                origin,
                code=code,
                name_en=_text(names[code]["name_en"]),
                name_it=_text(names[code]["name_it"]),
                order=names[code]["order"],
                side="axis" if row["axis_or_allied"].lower().startswith("axis") else "allied",
                hand_size=_int(row["hand_size"]),
                max_discards=discards,
                discards_unlimited=discards is None and "any" in row["discard_max"],
                discard_condition=row["discard_condition"],
                split_cards=split,
                split_cards_note=row["split_card_side"],
                squad_break_percent=int(fraction * 100) if fraction is not None else None,
                squad_break_inclusive=row["squad_break_comparison"].strip() == "at least",
                squad_break_rule=row["squad_break_rule"],
                partisans=row["partisans"],
                squad_max_men=_int(row["squad_max_men_for_at_limit"]),
                squad_rule=squad_rules[code],
                at_secondary_limit=_int(row["at_secondary_limit_per_squad"]),
                radio_cards_in_deck=row["radio_cards_in_deck"],
                special_characteristics=row["special_notes"],
                **_sourced(row, rule=row["rules"]),
            )
        unknown = set(names) - set(self.nationalities)
        if unknown:
            raise ReferenceDataError(f"nationalities.yaml: not in nationalities.csv: {unknown}")

    def _squad_rules(self) -> dict[str, str]:
        """21.11: the rule defining each nationality's squad (dyo_tables.csv squad_definition)."""
        rules: dict[str, str] = {}
        for row in self.csv("dyo_tables.csv"):
            if row["table"] == "squad_definition":
                for code in row["key"].split(","):
                    rules[code.strip()] = row["rule"]
        return rules

    # -- weapons, prices, permissions ---------------------------------------------------------
    def load_weapons_and_prices(self) -> None:
        facts = self.yaml("dyo_facts.yaml")
        radio_rules = {
            rec["nationality"]: rec["rule"] for rec in _records(facts, "radio_price_rules")
        }
        radio_troop_types = {
            (rec["nationality"], rec["printed"].lower()): ",".join(rec["troop_types"])
            for rec in _records(facts, "radio_troop_types")
        }
        for line, row in enumerate(self.csv("weapons.csv"), start=2):
            code = row["code"]
            origin = f"weapons.csv:{line}"
            if code.startswith("RADIO") and code != "RADIO":
                self._radio_price(row, origin, radio_rules, radio_troop_types)
                continue
            if code == "SNIPER":
                continue  # a DYO purchase, loaded from dyo_tables.csv
            at_text = row["counts_toward_dyo_at_secondary_limit"].lower()
            self.put(
                m.Weapon,
                origin,
                code=code,
                aliases=row["aliases"],
                full_name=row["full_name"],
                weapon_class=row["class"],
                nationalities=row["nationality"],
                is_secondary={"yes": True, "no": False}.get(row["is_secondary_weapon"]),
                crew_served=row["crew_served"],
                counts_toward_at_limit=at_text.startswith("yes")
                if at_text.startswith(("yes", "no"))
                else None,
                at_limit_note=row["counts_toward_dyo_at_secondary_limit"],
                dyo_cost=row["dyo_cost"],
                available=row["available"],
                cc_value=row["cc_value"],
                **_sourced(row, rule=_rule_from_note(row)),
            )
        self._secondary_permissions(_records(facts, "secondary_weapon_permissions"))

    def _radio_price(
        self,
        row: dict[str, str],
        origin: str,
        rules: dict[str, str],
        troop_types_by_qualifier: dict[tuple[str, str], str],
    ) -> None:
        nat_text = row["nationality"]  # "italian (line or second line)"
        code = nat_text.split(" ")[0]
        troop_types = ""
        if "(" in nat_text:
            qualifier = nat_text[nat_text.index("(") + 1 : nat_text.index(")")].lower()
            try:
                troop_types = troop_types_by_qualifier[(code, qualifier)]
            except KeyError as exc:
                raise ReferenceDataError(
                    f"{origin}: radio troop types {qualifier!r} of {code!r} are not in "
                    "dyo_facts.yaml radio_troop_types"
                ) from exc
        if code not in rules:
            raise ReferenceDataError(f"{origin}: no radio_price_rules entry for {code!r}")
        self.put(
            m.DYOPrice,
            origin,
            item="radio",
            nationality=self.nationality(code),
            troop_types=troop_types,
            fire_strength=int(row["code"][-1]),
            points=_int(row["dyo_cost"]),
            price_rule=row["note"].split(";")[0],
            **_sourced(row, rule=rules[code]),
        )

    def _secondary_permissions(self, weapons: list[dict[str, Any]]) -> None:
        # Which nationality may carry which secondary weapon (dyo_facts.yaml). True/False only
        # where a source says so; None (unknown) lets the engine warn instead of inventing a
        # prohibition.
        weapon_rows = {row["code"]: row for row in self.csv("weapons.csv")}
        for rec in weapons:
            origin = f"dyo_facts.yaml: secondary_weapon_permissions {rec['weapon']}"
            if rec["weapon_row"] not in weapon_rows:
                raise ReferenceDataError(f"{origin}: no weapons.csv row {rec['weapon_row']!r}")
            weapon_row = weapon_rows[rec["weapon_row"]]
            explicit = {fact["nationality"]: fact for fact in rec.get("nationalities") or []}
            unknown = set(explicit) - set(self.nationalities)
            if unknown:
                raise ReferenceDataError(f"{origin}: unknown nationalities {sorted(unknown)}")
            for code, nat in self.nationalities.items():
                fact = explicit.get(code, rec["default"])
                self.put(
                    m.SecondaryWeaponPermission,
                    origin,
                    weapon=rec["weapon"],
                    nationality=nat,
                    allowed=fact["allowed"],
                    rule=_text(fact["rule"]),
                    note=_text(fact.get("note")),
                    source=weapon_row["source"],
                    confidence=_text(fact.get("confidence")) or weapon_row["confidence"],
                )

    # -- personality cards ------------------------------------------------------------------
    def load_cards(self) -> None:
        weapons = {w.code: w for w in m.Weapon.objects.all()}
        for line, row in enumerate(self.csv("personality_cards.csv"), start=2):
            weapon_code = row["weapon_norm"].split(":")[0]
            weapon = weapons.get(weapon_code)
            if weapon is None:
                raise ReferenceDataError(
                    f"personality_cards.csv: {row['nationality']} #{row['card_no']}: "
                    f"unknown weapon {weapon_code!r}"
                )
            self.put(
                m.PersonalityCard,
                f"personality_cards.csv:{line}",
                nationality=self.nationality(row["nationality"]),
                card_no=_int(row["card_no"]),
                name=row["name"],
                name_variants=row["name_variants"],
                rank=row["rank"],
                leader_role=row["leader_role"],
                weapon=weapon,
                weapon_printed=row["weapon_code"],
                unit_kind=row["unit_kind"],
                vehicle_type=row["vehicle_type"],
                dyo_points=_int(row["dyo_points"]),
                dyo_points_roster=_int(row["dyo_points_roster"]),
                kia_value=_int(row["kia_value"]),
                morale=_int(row["morale"]),
                panic=_int(row["panic"]),
                available=row["available"],
                crosscheck=row["crosscheck"],
                **_sourced(row, rule="43.2"),
            )

    # -- unit type tables ---------------------------------------------------------------------
    def load_unit_types(self) -> None:
        for line, row in enumerate(self.csv("unit_type_table.csv"), start=2):
            self.put(
                m.UnitTypeRow,
                f"unit_type_table.csv:{line}",
                theatre="ETO",
                nationality=self.nationality(row["nationality"]),
                period=self.period(row["period"]),
                troop_type=TROOP_LETTER[row["troop_type"]],
                printed=row["rpn_range"],
                rpn_low=_int(row["rpn_low"]),
                rpn_high=_int(row["rpn_high"]),
                **_sourced(row, rule="43"),
            )
        pto = self.yaml("unit_types_pto.yaml")
        for row in pto["rows"]:
            self.put(
                m.UnitTypeRow,
                f"unit_types_pto.yaml: {row['nationality']} {row['period']} {row['troop_type']}",
                theatre=row.get("theatre", "PTO"),
                nationality=self.nationality(row["nationality"]),
                period=self.period(row["period"]),
                troop_type=row["troop_type"],
                printed=_text(row["printed"]),
                printed_period=_text(row.get("printed_period")),
                rpn_low=row.get("rpn_low"),
                rpn_high=row.get("rpn_high"),
                **_sourced(row, rule=row.get("rule") or pto.get("rule", "45.9")),
            )

    # -- DYO tables and prices ----------------------------------------------------------------
    def load_dyo_tables(self) -> None:
        purchases = {
            (rec["table"], rec["key"]): rec
            for rec in _records(self.yaml("dyo_facts.yaml"), "dyo_purchases")
        }
        found: set[tuple[str, str]] = set()
        for order, row in enumerate(self.csv("dyo_tables.csv")):
            origin = f"dyo_tables.csv:{order + 2}"
            rpn_match = re.match(r"RPN (\d+)$", row["key"])
            self.put(
                m.DYOTableRow,
                origin,
                table=row["table"],
                key=row["key"],
                rpn=int(rpn_match.group(1)) if rpn_match else None,
                value=row["value"],
                detail=row["detail"],
                deck_removal=row["deck_removal"],
                cower_cards=row["cower_cards"],
                order=order,
                **_sourced(row),
            )
            purchase = purchases.get((row["table"], row["key"]))
            if purchase is not None:
                found.add((row["table"], row["key"]))
                self._dyo_purchase(row, purchase, origin)
        missing = set(purchases) - found
        if missing:
            raise ReferenceDataError(
                f"dyo_facts.yaml: dyo_purchases name rows not in dyo_tables.csv: {sorted(missing)}"
            )

    def _dyo_purchase(self, row: dict[str, str], purchase: dict[str, Any], origin: str) -> None:
        """A DYO purchase priced by a row of dyo_tables.csv (dyo_facts.yaml dyo_purchases)."""
        item = purchase["item"]
        values: dict[str, Any] = {"item": item, "price_rule": row["detail"], **_sourced(row)}
        if item == "reinforcement_multiplier":  # "x0.8"
            values["after_deck"] = purchase["after_deck"]
            values["multiplier"] = Decimal(row["value"].lstrip("x"))
        elif item == "troop_type_modifier":  # "+15% of total DYO spend"
            percent = re.match(r"([+-]\d+)%", row["value"])
            if percent is None:
                raise ReferenceDataError(f"{origin}: no percentage in {row['value']!r}")
            values["troop_types"] = purchase["troop_types"]
            values["multiplier"] = (Decimal(100) + Decimal(percent.group(1))) / Decimal(100)
            values["price_rule"] = f"{row['value']} ({row['detail']})"
        else:
            values["points"] = _int(row["value"])
            values["available_from"] = self.period(purchase.get("available_from"))
            if item == "random_reinforcements":
                values["price_rule"] = f"{row['value']}; {row['detail']}"
        self.put(m.DYOPrice, origin, **values)

    def load_matchups_and_facts(self) -> None:
        for line, row in enumerate(self.csv("valid_matchups.csv"), start=2):
            self.put(
                m.ValidMatchup,
                f"valid_matchups.csv:{line}",
                nation_a=self.nationality(row["nation_a"]),
                nation_b=self.nationality(row["nation_b"]),
                valid_historical=row["valid_historical"] == "yes",
                **_sourced(row, rule="Q&A 3.1"),
            )
        for line, row in enumerate(self.csv("action_deck.csv"), start=2):
            self.put(
                m.ActionDeckFact,
                f"action_deck.csv:{line}",
                card_no=row["card_no"],
                card_type=row["card_type"],
                usable_by=row["usable_by"],
                random_number_colour=row["random_number_colour"],
                fact=row["fact"],
                **_sourced(row, rule=""),
            )
        for line, row in enumerate(self.csv("afv_cost_derivations.csv"), start=2):
            self.put(
                m.AFVCostDerivation,
                f"afv_cost_derivations.csv:{line}",
                nationality=self.nationality(row["nationality"]),
                card_no=_int(row["card_no"]),
                implied_dyo_points=_int(row["implied_dyo_points"]),
                derivation=row["derivation"],
                agreement=row["agreement"],
                rule="43.2",
                source=f"{row['fan_entry_source']}; {row['original_oob_source']}".strip("; "),
                confidence=row["confidence"],
                note=row["note"],
            )

    # -- seed transcriptions --------------------------------------------------------------------
    @staticmethod
    def _check_rule_weapons(rec: dict[str, Any], weapons: dict[str, dict[str, str]]) -> None:
        """Weapon codes a rule's params name must be rows of weapons.csv, read as it says."""
        params = rec.get("params") or {}
        origin = f"nationality_rules.yaml: {rec.get('rule')} {rec.get('topic')}"
        named = [*(params.get("lmg_class_weapons") or ()), *filter(None, [params.get("weapon")])]
        unknown = sorted(set(named) - set(weapons))
        if unknown:
            raise ReferenceDataError(f"{origin}: no weapons.csv rows {unknown}")
        if "lmg_class_weapons" in params:
            # 46.4: the LMG-class weapons are the weapon table's: its class "LMG", or a row
            # whose note says the rule applies (the BAR).
            listed = set(params["lmg_class_weapons"])
            table = {
                code
                for code, row in weapons.items()
                if row["class"] == "LMG" or re.search(r"(?<![\d.])46\.4(?!\d)", row["note"])
            }
            if listed != table:
                raise ReferenceDataError(
                    f"{origin}: lmg_class_weapons {sorted(listed)} differ from the weapons.csv "
                    f"rows of class LMG or citing 46.4 {sorted(table)}"
                )

    def load_seed_nationality_data(self) -> None:
        weapons = {row["code"]: row for row in self.csv("weapons.csv")}
        for order, rec in enumerate(_records(self.yaml("nationality_rules.yaml"), "rules")):
            self._check_rule_weapons(rec, weapons)
            self.put(
                m.NationalityRule,
                f"nationality_rules.yaml: {rec.get('rule')} {rec.get('topic')}",
                nationality=self.nationality(rec.get("nationality")),
                applies_to=_text(rec.get("applies_to")),
                topic=_text(rec.get("topic")),
                summary_en=_text(rec.get("summary_en")),
                summary_it=_text(rec.get("summary_it")),
                params=rec.get("params") or {},
                order=order,
                **_sourced(rec),
            )
        for rec in _records(self.yaml("troop_types.yaml"), "troop_types"):
            self.put(
                m.TroopType,
                f"troop_types.yaml: {rec['nationality']} {rec['troop_type']}",
                nationality=self.nationality(rec["nationality"]),
                troop_type=rec["troop_type"],
                national_name_en=_text(rec.get("national_name_en")),
                national_name_it=_text(rec.get("national_name_it")),
                effect_en=_text(rec.get("effect_en")),
                effect_it=_text(rec.get("effect_it")),
                params=rec.get("params") or {},
                **_sourced(rec),
            )
        for rec in _records(self.yaml("force_variants.yaml"), "variants"):
            self.put(
                m.ForceVariant,
                f"force_variants.yaml: {rec['nationality']} {rec['code']}",
                code=rec["code"],
                nationality=self.nationality(rec["nationality"]),
                label_en=_text(rec.get("label_en")),
                label_it=_text(rec.get("label_it")),
                available_from=self.period(rec.get("available_from_period")),
                min_morale=rec.get("min_morale"),
                dyo_percent=rec.get("dyo_percent"),
                summary_en=_text(rec.get("summary_en")),
                summary_it=_text(rec.get("summary_it")),
                **_sourced(rec),
            )

    def load_random_reinforcements(self) -> None:
        for rec in _records(self.yaml("random_reinforcements.yaml"), "rows"):
            self.put(
                m.RandomReinforcementRow,
                f"random_reinforcements.yaml: {rec['nationality']} RN {rec['rn']}",
                nationality=self.nationality(rec["nationality"]),
                rn=rec["rn"],
                printed=_text(rec.get("printed")),
                cards=list(rec.get("cards") or []),
                sniper=bool(rec.get("sniper")),
                free_choice=bool(rec.get("free_choice")),
                **_sourced(rec),
            )

    def load_terrain(self) -> None:
        data = self.yaml("terrain.yaml")
        card_types: dict[str, m.TerrainCardType] = {}
        for order, rec in enumerate(data["card_types"]):
            card_types[rec["code"]] = self.put(
                m.TerrainCardType,
                f"terrain.yaml: card type {rec['code']}",
                code=rec["code"],
                name_en=_text(rec.get("name_en")),
                name_it=_text(rec.get("name_it")),
                tem=_text(rec.get("tem")),
                tem_note=_text(rec.get("tem_note")),
                order=order,
                **_sourced(rec),
            )
        for order, rec in enumerate(data["decks"]):
            origin = f"terrain.yaml: deck {rec['code']}"
            deck = self.put(
                m.TerrainDeck,
                origin,
                code=rec["code"],
                name_en=_text(rec.get("name_en")),
                name_it=_text(rec.get("name_it")),
                summary_en=_text(rec.get("summary_en")),
                summary_it=_text(rec.get("summary_it")),
                order=order,
                **_sourced(rec),
            )
            for r_order, rule in enumerate(rec.get("deck_rules") or []):
                self.put(
                    m.TerrainDeckRule,
                    f"{origin}: rule {rule.get('topic')}",
                    deck=deck,
                    topic=_text(rule.get("topic")),
                    summary_en=_text(rule.get("summary_en")),
                    summary_it=_text(rule.get("summary_it")),
                    params=rule.get("params") or {},
                    order=r_order,
                    **_sourced(rule),
                )
            for s_order, sub in enumerate(rec.get("substitutions") or []):
                replaces = sub.get("replaces")
                if replaces and replaces not in card_types:
                    raise ReferenceDataError(
                        f"terrain.yaml: deck {rec['code']}: {sub.get('replacement_code')} "
                        f"replaces unknown card type {replaces!r}"
                    )
                self.put(
                    m.TerrainSubstitution,
                    f"{origin}: substitution {sub.get('replacement_code')}",
                    deck=deck,
                    replacement_code=_text(sub.get("replacement_code")),
                    replacement_en=_text(sub.get("replacement_en")),
                    replacement_it=_text(sub.get("replacement_it")),
                    replaces=card_types.get(replaces) if replaces else None,
                    replaces_note=_text(sub.get("replaces_note")),
                    card_number=sub.get("card_number"),
                    count=sub.get("count"),
                    elevation_level=sub.get("elevation_level"),
                    tem=_text(sub.get("tem")),
                    table_tem=_text(sub.get("table_tem")),
                    tem_note=_text(sub.get("tem_note")),
                    refusable=sub.get("refusable"),
                    entrenchment=_text(sub.get("entrenchment")),
                    infiltration=_text(sub.get("infiltration")),
                    vehicles=_text(sub.get("vehicles")),
                    effects_en=_text(sub.get("effects_en")),
                    effects_it=_text(sub.get("effects_it")),
                    cower=bool(sub.get("cower")),
                    order=s_order,
                    **_sourced(sub),
                )
        fire = data.get("fire") or {}
        for order, rec in enumerate(fire.get("ignition_table") or []):
            self.put(
                m.FireIgnitionEntry,
                f"terrain.yaml: fire ignition_table entry {order + 1}",
                weapon_group=rec["weapon_group"],
                terrain_group=list(rec.get("terrain_group") or []),
                result=_text(rec.get("result")),
                order=order,
                **_sourced(rec, rule=rec.get("rule") or fire.get("rule", "")),
            )
        for order, rec in enumerate(fire.get("rules") or []):
            self.put(
                m.FireRule,
                f"terrain.yaml: fire rule {rec.get('topic')}",
                topic=_text(rec.get("topic")),
                summary_en=_text(rec.get("summary_en")),
                summary_it=_text(rec.get("summary_it")),
                params=rec.get("params") or {},
                order=order,
                **_sourced(rec),
            )

    def load_weather(self) -> None:
        data = self.yaml("weather.yaml")
        conditions: dict[str, m.WeatherCondition] = {}
        records = _records(data, "conditions")
        for order, rec in enumerate(records):
            conditions[rec["code"]] = self.put(
                m.WeatherCondition,
                f"weather.yaml: {rec['code']}",
                code=rec["code"],
                kind=rec.get("kind") or "condition",
                name_en=_text(rec.get("name_en")),
                name_it=_text(rec.get("name_it")),
                summary_en=_text(rec.get("summary_en")),
                summary_it=_text(rec.get("summary_it")),
                effects=rec.get("effects") or [],
                deck_check=rec.get("check"),
                enables=rec.get("enables") or [],
                only_by_ssr=bool(rec.get("only_by_ssr")),
                order=order,
                **_sourced(rec),
            )
        for rec in records:
            condition = conditions[rec["code"]]
            for relation in ("requires", "requires_any", "implies", "excludes"):
                codes = rec.get(relation) or []
                unknown = [code for code in codes if code not in conditions]
                if unknown:
                    raise ReferenceDataError(
                        f"weather.yaml: {rec['code']}.{relation} names unknown {unknown}"
                    )
                self.put_related(condition, relation, [conditions[code] for code in codes])

    def load_mountain_and_scenarios(self) -> None:
        data = self.yaml("mountain.yaml")
        topographies: dict[str, m.Topography] = {}
        for order, rec in enumerate(data["topography"]):
            topographies[rec["code"]] = self.put(
                m.Topography,
                f"mountain.yaml: topography {rec['code']}",
                code=rec["code"],
                name_en=_text(rec.get("name_en")),
                name_it=_text(rec.get("name_it")),
                theatre=_text(rec.get("theatre")),
                cower_cards=rec.get("cower_cards") or [],
                entrenchment_rn=_text(rec.get("entrenchment_rn")),
                summary_en=_text(rec.get("summary_en")),
                summary_it=_text(rec.get("summary_it")),
                order=order,
                **_sourced(rec),
            )
        for order, rec in enumerate(data["environments"]):
            self.put(
                m.EnvironmentalCondition,
                f"mountain.yaml: environment {rec['code']}",
                code=rec["code"],
                name_en=_text(rec.get("name_en")),
                name_it=_text(rec.get("name_it")),
                fire_modifier=rec.get("fire_modifier"),
                to_hit_modifier=rec.get("to_hit_modifier"),
                malfunction_modifier=rec.get("malfunction_modifier"),
                repair_modifier=rec.get("repair_modifier"),
                entrenchment=rec.get("entrenchment"),
                movement_rule_en=_text(rec.get("movement_rule_en")),
                movement_rule_it=_text(rec.get("movement_rule_it")),
                deck_end_check=rec.get("deck_end_check"),
                cold_war_rules=bool(rec.get("cold_war_rules")),
                summary_en=_text(rec.get("summary_en")),
                summary_it=_text(rec.get("summary_it")),
                order=order,
                **_sourced(rec),
            )
        for order, rec in enumerate(data["mountain_troops"]):
            self.put(
                m.MountainTroopAvailability,
                f"mountain.yaml: mountain troops {rec.get('nation_en')}",
                nation_en=_text(rec.get("nation_en")),
                nation_it=_text(rec.get("nation_it")),
                nationality=self.nationality(rec.get("nationality")),
                available_from=self.period(rec.get("available_from_period")),
                order=order,
                **_sourced(rec),
            )
        groups = {
            "mountain_troop_rules": "mountain_troops",
            "elevation_rules": "mountain_elevation",
            "general": "mountain_scenarios",
        }
        for key, group in groups.items():
            self.load_rule_summaries(group, data.get(key) or [], f"mountain.yaml: {key}")
        ssr_codes: set[str] = set()
        for rec in _records(self.yaml("special_rules.yaml"), "special_rules"):
            self.put(
                m.SpecialRule,
                f"special_rules.yaml: {rec['code']}",
                code=rec["code"],
                category=_text(rec.get("category")),
                parameters=rec.get("parameters") or {},
                text_en=_text(rec.get("text_en")),
                text_it=_text(rec.get("text_it")),
                **_sourced(rec),
            )
            ssr_codes.add(rec["code"])
        scenarios = self.load_published_scenarios()
        for rec in data["scenario_adaptations"]:
            rules = rec.get("special_rules") or []
            for item in rules:
                code = item["code"] if isinstance(item, dict) else item
                if code not in ssr_codes:
                    raise ReferenceDataError(
                        f"mountain.yaml: scenario {rec['scenario']}: unknown SSR {code!r}"
                    )
            topo = rec.get("topography_required")
            self.put(
                m.MountainAdaptation,
                f"mountain.yaml: scenario {rec['scenario']}",
                scenario=scenarios[rec["scenario"]],
                excluded=bool(rec.get("excluded")),
                exclusion_reason_en=_text(rec.get("exclusion_reason_en")),
                exclusion_reason_it=_text(rec.get("exclusion_reason_it")),
                cards_removed_en=_text(rec.get("cards_removed_en")),
                cards_removed_it=_text(rec.get("cards_removed_it")),
                special_rules=[
                    item if isinstance(item, dict) else {"code": item} for item in rules
                ],
                topography_required=topographies[topo] if topo else None,
                **_sourced(rec, rule=rec.get("rule") or "M11"),
            )

    def load_engine_rule_summaries(self) -> None:
        """One line on each rule the engine cites: the DYO rules (``rules``, shown by the
        builder panel and the API) and the scenario checks' rules (``scenario_rules``)."""
        data = self.yaml("rule_summaries.yaml")
        for key, group in (
            ("rules", DYO_SUMMARY_GROUP),
            ("scenario_rules", SCENARIO_SUMMARY_GROUP),
        ):
            records = _records(data, key)
            seen: set[str] = set()
            for order, rec in enumerate(records):
                rule = _text(rec.get("rule"))
                if not rule or rule in seen or not _text(rec.get("summary_en")):
                    raise ReferenceDataError(
                        f"rule_summaries.yaml: {key} record {order}: a rule, once, with summary_en"
                    )
                seen.add(rule)
            self.load_rule_summaries(group, records, f"rule_summaries.yaml: {key}")
        # 43.33: what each victory conditions row needs from the deck (full-game validation).
        self.load_rule_summaries(
            VICTORY_SUMMARY_GROUP,
            data.get("victory_conditions") or [],
            "rule_summaries.yaml: victory_conditions",
        )

    def load_rule_summaries(self, group: str, records: list[dict[str, Any]], origin: str) -> None:
        """Rule summaries of one group (known by group, rule and topic), in file order."""
        for order, rec in enumerate(records):
            self.put(
                m.RuleSummary,
                f"{origin}: {rec.get('rule')} {rec.get('topic')}",
                group=group,
                topic=_text(rec.get("topic")),
                summary_en=_text(rec.get("summary_en")),
                summary_it=_text(rec.get("summary_it")),
                params=rec.get("params") or {},
                order=order,
                **_sourced(rec),
            )

    def load_published_scenarios(self) -> dict[str, m.PublishedScenario]:
        scenarios = {}
        for line, row in enumerate(self.csv("scenarios.csv"), start=2):
            limit = row["time_limit_decks"]
            scenarios[row["letter"]] = self.put(
                m.PublishedScenario,
                f"scenarios.csv:{line}",
                letter=row["letter"],
                name=row["name"],
                expansion=row["expansion"],
                scenario_type=row["type"],
                nationalities_with_oob=row["nationalities_with_oob"],
                attacker_options=row["attacker_options"],
                defender_options=row["defender_options"],
                first_player=row["first_player"],
                time_limit_decks=int(limit) if limit.isdigit() else None,
                time_limit_text="" if limit.isdigit() else limit,
                deck_removals=row["deck_removals"],
                cower_cards=row["cower_cards"],
                card_allocations=row["card_allocations"],
                victory_summary=row["victory_summary"],
                dyo_defender=_int(row["dyo_defender"]),
                dyo_attacker=_int(row["dyo_attacker"]),
                dyo_defender_text=row["dyo_defender"],
                dyo_attacker_text=row["dyo_attacker"],
                dyo_note=row["dyo_note"],
                special_notes=row["special_notes"],
                **_sourced(row, rule="scenario card"),
            )
        return scenarios

    def load_random_numbers(self) -> None:
        """The action deck's Random Number distribution (an assumption while counts are unknown)."""
        data = self.yaml("random_numbers.yaml")
        rec = data.get("distribution") if isinstance(data, dict) else None
        if not isinstance(rec, dict):
            raise ReferenceDataError("random_numbers.yaml: expected a 'distribution' record")
        distribution = self.put(
            m.RandomNumberDistribution,
            f"random_numbers.yaml: {rec.get('code')}",
            code=rec["code"],
            is_assumption=bool(rec.get("is_assumption")),
            assumption_en=_text(rec.get("assumption_en")),
            assumption_it=_text(rec.get("assumption_it")),
            **_sourced(rec),
        )
        if distribution.is_assumption and not distribution.assumption_en:
            raise ReferenceDataError("random_numbers.yaml: an assumption must say what it is")
        seen = set()
        for freq in _records(data, "frequencies"):
            origin = f"random_numbers.yaml: {freq.get('colour')} {freq.get('number')}"
            number, colour, cards = freq.get("number"), freq.get("colour"), freq.get("cards")
            if number not in range(7) or colour not in ("red", "black"):
                raise ReferenceDataError(f"{origin}: the Random Number is 0-6, red or black")
            weight = freq.get("weight", cards)
            if weight is None or Decimal(str(weight)) < 0:
                raise ReferenceDataError(f"{origin}: needs a weight of 0 or more")
            if cards is not None and Decimal(str(weight)) != cards:
                raise ReferenceDataError(f"{origin}: a known card count is its weight")
            seen.add((number, colour))
            self.put(
                m.RandomNumberFrequency,
                origin,
                distribution=distribution,
                number=number,
                colour=colour,
                cards=cards,
                weight=Decimal(str(weight)),
                **_sourced(freq),
            )
        if len(seen) != 14:
            raise ReferenceDataError(
                "random_numbers.yaml: every number 0-6 in red and black needs a frequency"
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


def reference_data_load(
    *, data_dir: Path | None = None, force: bool = False, reason: str = "", user: Any = None
) -> LoadReport:
    """Load every reference file by natural key; all-or-nothing. Returns what changed."""
    loader = Loader(Path(data_dir or settings.REFERENCE_DATA_DIR))
    digest = loader.content_hash()
    current = m.DataRevision.current()
    if not force and current and current.content_hash == digest and m.Nationality.objects.exists():
        return LoadReport(revision=current, skipped=True)
    with transaction.atomic():
        loader.load_all()
        removed_keys = loader.remove_missing()
        revision = data_revision_create(
            reason=reason or "loaded from data files", user=user, content_hash=digest
        )
    return loader.report(revision, removed_keys)
