"""The periods and the nationalities: nationalities.csv with the names and rules of the seed.

``nationalities.csv`` gives each nationality's hand, discards, squad break and split cards;
``nationalities.yaml`` their names and order; ``nationality_rules.yaml`` the seed's rules
for each (the weapons they name checked against weapons.csv).
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
    _sourced,
    _text,
)

# How nationalities.csv spells split_card_side (parsing only; the facts are in the files).
SPLIT_SIDE = [
    ("either the american or the german", "american_or_german"),
    ("none", "none"),
    ("german side", "german"),
    ("american side", "american"),
    ("russian side", "russian"),
]


class NationalityData(BaseLoader):
    """Periods, nationalities and each nationality's rules."""

    # -- periods and nationalities -----------------------------------------------------------
    def load_periods(self) -> None:
        for order, code in enumerate(models.PERIOD_CODES, start=1):
            self.periods[code] = self.put(
                models.Period,
                "PERIOD_CODES",
                code=code,
                year=int(code[:4]),
                half=code[4],
                order=order,
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
                models.Nationality,
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
                discard_condition_it=self.italian(
                    "nationalities.csv", "discard_condition", row["discard_condition"]
                ),
                split_cards=split,
                split_cards_note=row["split_card_side"],
                split_cards_note_it=self.italian(
                    "nationalities.csv", "split_card_side", row["split_card_side"]
                ),
                squad_break_percent=int(fraction * 100) if fraction is not None else None,
                squad_break_inclusive=row["squad_break_comparison"].strip() == "at least",
                squad_break_rule=row["squad_break_rule"],
                squad_break_rule_it=self.italian(
                    "nationalities.csv", "squad_break_rule", row["squad_break_rule"]
                ),
                partisans=row["partisans"],
                partisans_it=self.italian("nationalities.csv", "partisans", row["partisans"]),
                squad_max_men=_int(row["squad_max_men_for_at_limit"]),
                squad_rule=squad_rules[code],
                at_secondary_limit=_int(row["at_secondary_limit_per_squad"]),
                radio_cards_in_deck=row["radio_cards_in_deck"],
                radio_cards_in_deck_it=self.italian(
                    "nationalities.csv", "radio_cards_in_deck", row["radio_cards_in_deck"]
                ),
                special_characteristics=row["special_notes"],
                special_characteristics_it=self.italian(
                    "nationalities.csv", "special_notes", row["special_notes"]
                ),
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
                models.NationalityRule,
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
                models.TroopType,
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
                models.ForceVariant,
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
