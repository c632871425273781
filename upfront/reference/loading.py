"""Load the reference data files into the database (service: ``reference_data_load``).

Two kinds of files feed the models:

* ``data/reference/*.csv`` — the base-game facts of ``../shared/reference`` (vendored copy,
  checked byte for byte by a test), each row with its source and confidence;
* ``data/seed/*.yaml`` — our transcription of the five seed documents.

Loading is all-or-nothing (one transaction) and makes a new :class:`DataRevision` whose
``content_hash`` is the SHA-256 of every file read. It skips work when the newest revision
already has that hash, unless ``force`` is given, so admin corrections survive a restart.
"""

from __future__ import annotations

import csv
import hashlib
import re
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import yaml
from django.conf import settings
from django.db import transaction

from upfront.reference import models as m
from upfront.reference.fetch import DYO_SUMMARY_GROUP

NATIONALITY_NAMES = {
    # code: (English, Italian, display order)
    "german": ("German", "Tedesco", 1),
    "american": ("American", "Americano", 2),
    "russian": ("Russian", "Russo", 3),
    "british": ("British", "Inglese", 4),
    "japanese": ("Japanese", "Giapponese", 5),
    "italian": ("Italian", "Italiano", 6),
    "french": ("French", "Francese", 7),
}
TROOP_LETTER = {"S": "second_line", "L": "line", "E": "elite"}
SPLIT_SIDE = [
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
]


class ReferenceDataError(Exception):
    """A data file is missing or inconsistent; names the file and the record."""


@dataclass
class LoadReport:
    revision: m.DataRevision | None
    skipped: bool
    counts: dict[str, int] = field(default_factory=dict)


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


class Loader:
    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.csv_dir = data_dir / "reference"
        self.seed_dir = data_dir / "seed"
        self.counts: dict[str, int] = {}
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

    def count(self, key: str, n: int = 1) -> None:
        self.counts[key] = self.counts.get(key, 0) + n

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

    # -- orchestration ---------------------------------------------------------------------
    def wipe(self) -> None:
        for model in [
            m.MountainAdaptation,
            m.PublishedScenario,
            m.SpecialRule,
            m.RuleSummary,
            m.MountainTroopAvailability,
            m.EnvironmentalCondition,
            m.Topography,
            m.WeatherCondition,
            m.FireRule,
            m.FireIgnitionEntry,
            m.TerrainSubstitution,
            m.TerrainDeckRule,
            m.TerrainDeck,
            m.TerrainCardType,
            m.AFVCostDerivation,
            m.ActionDeckFact,
            m.ValidMatchup,
            m.DYOTableRow,
            m.RandomReinforcementRow,
            m.SecondaryWeaponPermission,
            m.DYOPrice,
            m.PersonalityCard,
            m.Weapon,
            m.UnitTypeRow,
            m.ForceVariant,
            m.TroopType,
            m.NationalityRule,
            m.Nationality,
            m.Period,
        ]:
            model.objects.all().delete()

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
        self.load_rule_summaries()

    # -- periods and nationalities -----------------------------------------------------------
    def load_periods(self) -> None:
        for order, code in enumerate(m.PERIOD_CODES, start=1):
            self.periods[code] = m.Period.objects.create(
                code=code, year=int(code[:4]), half=code[4], order=order
            )
        self.count("periods", len(self.periods))

    def load_nationalities(self) -> None:
        for row in self.csv("nationalities.csv"):
            code = row["nationality"]
            name_en, name_it, order = NATIONALITY_NAMES[code]
            side_text = row["split_card_side"].lower()
            split = next((value for key, value in SPLIT_SIDE if side_text.startswith(key)), "")
            fraction = Decimal(row["squad_break_fraction"]) if row["squad_break_fraction"] else None
            discards = _int(row["discard_max"])
            self.nationalities[code] = m.Nationality.objects.create(
                code=code,
                name_en=name_en,
                name_it=name_it,
                order=order,
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
                squad_rule="21.11" if code in {"german", "american", "russian"} else "21.11 (DW)",
                at_secondary_limit=_int(row["at_secondary_limit_per_squad"]),
                radio_cards_in_deck=row["radio_cards_in_deck"],
                special_characteristics=row["special_notes"],
                **_sourced(row, rule=row["rules"]),
            )
        self.count("nationalities", len(self.nationalities))

    # -- weapons, prices, permissions ---------------------------------------------------------
    def load_weapons_and_prices(self) -> None:
        for row in self.csv("weapons.csv"):
            code = row["code"]
            if code.startswith("RADIO") and code != "RADIO":
                self._radio_price(row)
                continue
            if code == "SNIPER":
                continue  # a DYO purchase, loaded from dyo_tables.csv
            at_text = row["counts_toward_dyo_at_secondary_limit"].lower()
            m.Weapon.objects.create(
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
            self.count("weapons")
        self._secondary_permissions()

    def _radio_price(self, row: dict[str, str]) -> None:
        nat_text = row["nationality"]
        code = nat_text.split(" ")[0]
        troop_types = ""
        if "(" in nat_text:
            qualifier = nat_text[nat_text.index("(") + 1 : nat_text.index(")")].lower()
            if "elite" in qualifier and "line" not in qualifier:
                troop_types = "elite"
            elif "reservists" in qualifier:
                troop_types = "second_line"
            elif "line or second line" in qualifier:
                troop_types = "line,second_line"
            elif "line or elite" in qualifier:
                troop_types = "line,elite"
        rule = {
            "german": "43.7",
            "american": "43.7",
            "russian": "43.7",
            "british": "44.8",
            "japanese": "45.7",
            "italian": "50.8",
            "french": "51.5",
        }[code]
        m.DYOPrice.objects.create(
            item="radio",
            nationality=self.nationality(code),
            troop_types=troop_types,
            fire_strength=int(row["code"][-1]),
            points=_int(row["dyo_cost"]),
            price_rule=row["note"].split(";")[0],
            **_sourced(row, rule=rule),
        )
        self.count("dyo_prices")

    def _secondary_permissions(self) -> None:
        # Which nationality may carry which secondary weapon. True/False only where a source
        # says so; None (unknown) lets the engine warn instead of inventing a prohibition.
        facts: dict[str, dict[str, tuple[bool | None, str, str]]] = {
            "atmm": {
                "german": (True, "43.7", "ATMM listed for German and Russian forces"),
                "russian": (True, "43.7", "ATMM listed for German and Russian forces"),
                "american": (False, "31.1", "Americans may not use the ATMM"),
            },
            "at_mine": {"japanese": (True, "45.7", "Japanese AT mine priced as the ATMM")},
            "panzerfaust": {
                "german": (True, "43.7", "Panzerfaust appears in German orders of battle"),
            },
        }
        weapons_rows = {row["code"]: row for row in self.csv("weapons.csv")}
        for weapon, per_nat in facts.items():
            source = weapons_rows[{"atmm": "ATMM", "at_mine": "ATM", "panzerfaust": "PF"}[weapon]]
            for code, nat in self.nationalities.items():
                allowed, rule, note = per_nat.get(
                    code, (None, "43.7", "the sources neither allow nor forbid it")
                )
                m.SecondaryWeaponPermission.objects.create(
                    weapon=weapon,
                    nationality=nat,
                    allowed=allowed,
                    rule=rule,
                    note=note,
                    source=source["source"],
                    confidence=source["confidence"],
                )
        for nat in self.nationalities.values():
            m.SecondaryWeaponPermission.objects.create(
                weapon="demolition_charge",
                nationality=nat,
                allowed=True,
                rule="43.7",
                note="available to every nationality; at most one per squad (21.11, 53.1)",
                source=weapons_rows["DC"]["source"],
                confidence="high",
            )

    # -- personality cards ------------------------------------------------------------------
    def load_cards(self) -> None:
        weapons = {w.code: w for w in m.Weapon.objects.all()}
        for row in self.csv("personality_cards.csv"):
            weapon_code = row["weapon_norm"].split(":")[0]
            weapon = weapons.get(weapon_code)
            if weapon is None:
                raise ReferenceDataError(
                    f"personality_cards.csv: {row['nationality']} #{row['card_no']}: "
                    f"unknown weapon {weapon_code!r}"
                )
            m.PersonalityCard.objects.create(
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
            self.count("personality_cards")

    # -- unit type tables ---------------------------------------------------------------------
    def load_unit_types(self) -> None:
        for row in self.csv("unit_type_table.csv"):
            m.UnitTypeRow.objects.create(
                theatre="ETO",
                nationality=self.nationality(row["nationality"]),
                period=self.period(row["period"]),
                troop_type=TROOP_LETTER[row["troop_type"]],
                printed=row["rpn_range"],
                rpn_low=_int(row["rpn_low"]),
                rpn_high=_int(row["rpn_high"]),
                **_sourced(row, rule="43"),
            )
            self.count("unit_type_rows")
        pto = self.yaml("unit_types_pto.yaml")
        for row in pto["rows"]:
            m.UnitTypeRow.objects.create(
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
            self.count("unit_type_rows")

    # -- DYO tables and prices ----------------------------------------------------------------
    def load_dyo_tables(self) -> None:
        prices = {
            "ATMM": ("atmm", "1944a"),
            "Panzerfaust": ("panzerfaust", "1943b"),
            "Demolition Charge": ("demolition_charge", None),
            "Japanese AT mine": ("at_mine", None),
        }
        for order, row in enumerate(self.csv("dyo_tables.csv")):
            rpn_match = re.match(r"RPN (\d+)$", row["key"])
            m.DYOTableRow.objects.create(
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
            self.count("dyo_table_rows")
            table, key = row["table"], row["key"]
            if table == "secondary_weapon_cost" and key in prices:
                item, available = prices[key]
                m.DYOPrice.objects.create(
                    item=item,
                    points=_int(row["value"]),
                    available_from=self.period(available),
                    price_rule=row["detail"],
                    **_sourced(row),
                )
            elif table == "sniper" and key in {
                "sniper capability",
                "double sniper (second sniper)",
            }:
                m.DYOPrice.objects.create(
                    item="sniper" if key == "sniper capability" else "double_sniper",
                    points=_int(row["value"]),
                    price_rule=row["detail"],
                    **_sourced(row),
                )
            elif table == "random_reinforcements" and key == "cost":
                m.DYOPrice.objects.create(
                    item="random_reinforcements",
                    points=_int(row["value"]),
                    price_rule=f"{row['value']}; {row['detail']}",
                    **_sourced(row),
                )
            elif table == "reinforcement_discount":
                m.DYOPrice.objects.create(
                    item="reinforcement_multiplier",
                    after_deck=_int(key.replace("arrival after", "")),
                    multiplier=Decimal(row["value"].lstrip("x")),
                    price_rule=row["detail"],
                    **_sourced(row),
                )
            elif table == "troop_type_modifier":
                percent = Decimal(re.match(r"([+-]\d+)%", row["value"]).group(1))  # type: ignore[union-attr]
                m.DYOPrice.objects.create(
                    item="troop_type_modifier",
                    troop_types={"Elite": "elite", "Second Line": "second_line"}.get(
                        key, "partisans"
                    ),
                    multiplier=(Decimal(100) + percent) / Decimal(100),
                    price_rule=f"{row['value']} ({row['detail']})",
                    **_sourced(row),
                )
        self.count("dyo_prices", m.DYOPrice.objects.count() - self.counts.get("dyo_prices", 0))

    def load_matchups_and_facts(self) -> None:
        for row in self.csv("valid_matchups.csv"):
            m.ValidMatchup.objects.create(
                nation_a=self.nationality(row["nation_a"]),
                nation_b=self.nationality(row["nation_b"]),
                valid_historical=row["valid_historical"] == "yes",
                **_sourced(row, rule="Q&A 3.1"),
            )
            self.count("valid_matchups")
        for row in self.csv("action_deck.csv"):
            m.ActionDeckFact.objects.create(
                card_no=row["card_no"],
                card_type=row["card_type"],
                usable_by=row["usable_by"],
                random_number_colour=row["random_number_colour"],
                fact=row["fact"],
                **_sourced(row, rule=""),
            )
            self.count("action_deck_facts")
        for row in self.csv("afv_cost_derivations.csv"):
            m.AFVCostDerivation.objects.create(
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
            self.count("afv_cost_derivations")

    # -- seed transcriptions --------------------------------------------------------------------
    def load_seed_nationality_data(self) -> None:
        for order, rec in enumerate(_records(self.yaml("nationality_rules.yaml"), "rules")):
            m.NationalityRule.objects.create(
                nationality=self.nationality(rec.get("nationality")),
                applies_to=_text(rec.get("applies_to")),
                topic=_text(rec.get("topic")),
                summary_en=_text(rec.get("summary_en")),
                summary_it=_text(rec.get("summary_it")),
                params=rec.get("params") or {},
                order=order,
                **_sourced(rec),
            )
            self.count("nationality_rules")
        for rec in _records(self.yaml("troop_types.yaml"), "troop_types"):
            m.TroopType.objects.create(
                nationality=self.nationality(rec["nationality"]),
                troop_type=rec["troop_type"],
                national_name_en=_text(rec.get("national_name_en")),
                national_name_it=_text(rec.get("national_name_it")),
                effect_en=_text(rec.get("effect_en")),
                effect_it=_text(rec.get("effect_it")),
                params=rec.get("params") or {},
                **_sourced(rec),
            )
            self.count("troop_types")
        for rec in _records(self.yaml("force_variants.yaml"), "variants"):
            m.ForceVariant.objects.create(
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
            self.count("force_variants")

    def load_random_reinforcements(self) -> None:
        for rec in _records(self.yaml("random_reinforcements.yaml"), "rows"):
            m.RandomReinforcementRow.objects.create(
                nationality=self.nationality(rec["nationality"]),
                rn=rec["rn"],
                printed=_text(rec.get("printed")),
                cards=list(rec.get("cards") or []),
                sniper=bool(rec.get("sniper")),
                free_choice=bool(rec.get("free_choice")),
                **_sourced(rec),
            )
            self.count("random_reinforcement_rows")

    def load_terrain(self) -> None:
        data = self.yaml("terrain.yaml")
        card_types: dict[str, m.TerrainCardType] = {}
        for order, rec in enumerate(data["card_types"]):
            card_types[rec["code"]] = m.TerrainCardType.objects.create(
                code=rec["code"],
                name_en=_text(rec.get("name_en")),
                name_it=_text(rec.get("name_it")),
                tem=_text(rec.get("tem")),
                tem_note=_text(rec.get("tem_note")),
                order=order,
                **_sourced(rec),
            )
        self.count("terrain_card_types", len(card_types))
        for order, rec in enumerate(data["decks"]):
            deck = m.TerrainDeck.objects.create(
                code=rec["code"],
                name_en=_text(rec.get("name_en")),
                name_it=_text(rec.get("name_it")),
                summary_en=_text(rec.get("summary_en")),
                summary_it=_text(rec.get("summary_it")),
                order=order,
                **_sourced(rec),
            )
            self.count("terrain_decks")
            for r_order, rule in enumerate(rec.get("deck_rules") or []):
                m.TerrainDeckRule.objects.create(
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
                m.TerrainSubstitution.objects.create(
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
                self.count("terrain_substitutions")
        fire = data.get("fire") or {}
        for order, rec in enumerate(fire.get("ignition_table") or []):
            m.FireIgnitionEntry.objects.create(
                weapon_group=rec["weapon_group"],
                terrain_group=list(rec.get("terrain_group") or []),
                result=_text(rec.get("result")),
                order=order,
                **_sourced(rec, rule=rec.get("rule") or fire.get("rule", "")),
            )
            self.count("fire_ignition_entries")
        for order, rec in enumerate(fire.get("rules") or []):
            m.FireRule.objects.create(
                topic=_text(rec.get("topic")),
                summary_en=_text(rec.get("summary_en")),
                summary_it=_text(rec.get("summary_it")),
                params=rec.get("params") or {},
                order=order,
                **_sourced(rec),
            )
            self.count("fire_rules")

    def load_weather(self) -> None:
        data = self.yaml("weather.yaml")
        conditions: dict[str, m.WeatherCondition] = {}
        records = _records(data, "conditions")
        for order, rec in enumerate(records):
            conditions[rec["code"]] = m.WeatherCondition.objects.create(
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
                getattr(condition, relation).set([conditions[code] for code in codes])
        self.count("weather_conditions", len(conditions))

    def load_mountain_and_scenarios(self) -> None:
        data = self.yaml("mountain.yaml")
        topographies: dict[str, m.Topography] = {}
        for order, rec in enumerate(data["topography"]):
            topographies[rec["code"]] = m.Topography.objects.create(
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
        self.count("topographies", len(topographies))
        for order, rec in enumerate(data["environments"]):
            entrenchment = rec.get("entrenchment")
            m.EnvironmentalCondition.objects.create(
                code=rec["code"],
                name_en=_text(rec.get("name_en")),
                name_it=_text(rec.get("name_it")),
                fire_modifier=rec.get("fire_modifier"),
                to_hit_modifier=rec.get("to_hit_modifier"),
                malfunction_modifier=rec.get("malfunction_modifier"),
                repair_modifier=rec.get("repair_modifier"),
                entrenchment=entrenchment,
                movement_rule_en=_text(rec.get("movement_rule_en")),
                movement_rule_it=_text(rec.get("movement_rule_it")),
                deck_end_check=rec.get("deck_end_check"),
                cold_war_rules=bool(rec.get("cold_war_rules")),
                summary_en=_text(rec.get("summary_en")),
                summary_it=_text(rec.get("summary_it")),
                order=order,
                **_sourced(rec),
            )
            self.count("environments")
        for order, rec in enumerate(data["mountain_troops"]):
            m.MountainTroopAvailability.objects.create(
                nation_en=_text(rec.get("nation_en")),
                nation_it=_text(rec.get("nation_it")),
                nationality=self.nationality(rec.get("nationality")),
                available_from=self.period(rec.get("available_from_period")),
                order=order,
                **_sourced(rec),
            )
            self.count("mountain_troops")
        groups = {
            "mountain_troop_rules": "mountain_troops",
            "elevation_rules": "mountain_elevation",
            "general": "mountain_scenarios",
        }
        for key, group in groups.items():
            for order, rec in enumerate(data.get(key) or []):
                m.RuleSummary.objects.create(
                    group=group,
                    topic=_text(rec.get("topic")),
                    summary_en=_text(rec.get("summary_en")),
                    summary_it=_text(rec.get("summary_it")),
                    params=rec.get("params") or {},
                    order=order,
                    **_sourced(rec),
                )
                self.count("rule_summaries")
        ssr = self.yaml("special_rules.yaml")
        ssr_codes: set[str] = set()
        for rec in _records(ssr, "special_rules"):
            m.SpecialRule.objects.create(
                code=rec["code"],
                category=_text(rec.get("category")),
                parameters=rec.get("parameters") or {},
                text_en=_text(rec.get("text_en")),
                text_it=_text(rec.get("text_it")),
                **_sourced(rec),
            )
            ssr_codes.add(rec["code"])
        self.count("special_rules", len(ssr_codes))
        self.load_published_scenarios()
        scenarios = {s.letter: s for s in m.PublishedScenario.objects.all()}
        for rec in data["scenario_adaptations"]:
            rules = rec.get("special_rules") or []
            for item in rules:
                code = item["code"] if isinstance(item, dict) else item
                if code not in ssr_codes:
                    raise ReferenceDataError(
                        f"mountain.yaml: scenario {rec['scenario']}: unknown SSR {code!r}"
                    )
            topo = rec.get("topography_required")
            m.MountainAdaptation.objects.create(
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
            self.count("mountain_adaptations")

    def load_rule_summaries(self) -> None:
        """One line on each rule the DYO engine cites (shown by the builder panel and the API)."""
        seen: set[str] = set()
        for order, rec in enumerate(_records(self.yaml("rule_summaries.yaml"), "rules")):
            rule = _text(rec.get("rule"))
            if not rule or rule in seen or not _text(rec.get("summary_en")):
                raise ReferenceDataError(
                    f"rule_summaries.yaml: record {order}: a rule, once, with summary_en"
                )
            seen.add(rule)
            m.RuleSummary.objects.create(
                group=DYO_SUMMARY_GROUP,
                summary_en=_text(rec.get("summary_en")),
                summary_it=_text(rec.get("summary_it")),
                order=order,
                **_sourced(rec),
            )
            self.count("rule_summaries")

    def load_published_scenarios(self) -> None:
        for row in self.csv("scenarios.csv"):
            limit = row["time_limit_decks"]
            m.PublishedScenario.objects.create(
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
            self.count("published_scenarios")


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
    """Load every reference file; all-or-nothing. Returns what was loaded."""
    loader = Loader(Path(data_dir or settings.REFERENCE_DATA_DIR))
    digest = loader.content_hash()
    current = m.DataRevision.current()
    if not force and current and current.content_hash == digest and m.Nationality.objects.exists():
        return LoadReport(revision=current, skipped=True)
    with transaction.atomic():
        loader.wipe()
        loader.load_all()
        revision = m.DataRevision.objects.create(
            reason=reason or "loaded from data files",
            content_hash=digest,
            created_by=user if getattr(user, "pk", None) else None,
        )
    return LoadReport(revision=revision, skipped=False, counts=loader.counts)
