"""What a DYO force is bought from: weapons and prices, cards, unit types, the DYO tables.

From the CSVs (weapons, personality cards, unit type table, DYO tables, valid match-ups,
action deck facts, AFV cost derivations) and the seed's ``dyo_facts.yaml`` and
``random_reinforcements.yaml``.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from upfront.reference import models
from upfront.reference.loading.base import (
    BaseLoader,
    ReferenceDataError,
    _int,
    _records,
    _rule_from_note,
    _sourced,
    _text,
)

# How unit_type_table.csv spells troop types (parsing only; the facts are in the data files).
TROOP_LETTER = {"S": "second_line", "L": "line", "E": "elite"}


class ForceData(BaseLoader):
    """Weapons, prices, cards, unit types, DYO tables, match-ups and reinforcements."""

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
                models.Weapon,
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
            models.DYOPrice,
            origin,
            item="radio",
            nationality=self.nationality(code),
            troop_types=troop_types,
            fire_strength=int(row["code"][-1]),
            points=_int(row["dyo_cost"]),
            price_rule=row["note"].split(";")[0],
            price_rule_it=self.italian("weapons.csv", "note", row["note"].split(";")[0]),
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
                    models.SecondaryWeaponPermission,
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
        weapons = {w.code: w for w in models.Weapon.objects.all()}
        for line, row in enumerate(self.csv("personality_cards.csv"), start=2):
            weapon_code = row["weapon_norm"].split(":")[0]
            weapon = weapons.get(weapon_code)
            if weapon is None:
                raise ReferenceDataError(
                    f"personality_cards.csv: {row['nationality']} #{row['card_no']}: "
                    f"unknown weapon {weapon_code!r}"
                )
            self.put(
                models.PersonalityCard,
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
                models.UnitTypeRow,
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
                models.UnitTypeRow,
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
                models.DYOTableRow,
                origin,
                table=row["table"],
                key=row["key"],
                rpn=int(rpn_match.group(1)) if rpn_match else None,
                value=row["value"],
                detail=row["detail"],
                deck_removal=row["deck_removal"],
                cower_cards=row["cower_cards"],
                **{
                    f"{column}_it": self.italian("dyo_tables.csv", column, row[column])
                    for column in ("key", "value", "detail", "deck_removal", "cower_cards")
                },
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
        values: dict[str, Any] = {
            "item": item,
            "price_rule": row["detail"],
            "price_rule_it": self.italian("dyo_tables.csv", "detail", row["detail"]),
            **_sourced(row),
        }
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
            values["price_rule_it"] = self._italian_pair(row, "{} ({})")
        else:
            values["points"] = _int(row["value"])
            values["available_from"] = self.period(purchase.get("available_from"))
            if item == "random_reinforcements":
                values["price_rule"] = f"{row['value']}; {row['detail']}"
                values["price_rule_it"] = self._italian_pair(row, "{}; {}")
        self.put(models.DYOPrice, origin, **values)

    def _italian_pair(self, row: dict[str, str], form: str) -> str:
        """A price rule written from a row's value and detail, in Italian when both have it."""
        value = self.italian("dyo_tables.csv", "value", row["value"])
        detail = self.italian("dyo_tables.csv", "detail", row["detail"])
        return form.format(value, detail) if value and detail else ""

    def load_matchups_and_facts(self) -> None:
        for line, row in enumerate(self.csv("valid_matchups.csv"), start=2):
            self.put(
                models.ValidMatchup,
                f"valid_matchups.csv:{line}",
                nation_a=self.nationality(row["nation_a"]),
                nation_b=self.nationality(row["nation_b"]),
                valid_historical=row["valid_historical"] == "yes",
                **_sourced(row, rule="Q&A 3.1"),
            )
        for line, row in enumerate(self.csv("action_deck.csv"), start=2):
            self.put(
                models.ActionDeckFact,
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
                models.AFVCostDerivation,
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

    def load_random_reinforcements(self) -> None:
        for rec in _records(self.yaml("random_reinforcements.yaml"), "rows"):
            self.put(
                models.RandomReinforcementRow,
                f"random_reinforcements.yaml: {rec['nationality']} RN {rec['rn']}",
                nationality=self.nationality(rec["nationality"]),
                rn=rec["rn"],
                printed=_text(rec.get("printed")),
                cards=list(rec.get("cards") or []),
                sniper=bool(rec.get("sniper")),
                free_choice=bool(rec.get("free_choice")),
                **_sourced(rec),
            )
