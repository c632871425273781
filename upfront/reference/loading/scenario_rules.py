"""The mountain rules, the special rules and the published scenarios (A-X) with their adaptations.

``mountain.yaml`` (topography, environments, mountain troops, its rule summaries and each
published scenario's mountain adaptation), ``special_rules.yaml``, ``scenarios.csv``.
"""

from __future__ import annotations

from upfront.reference import models
from upfront.reference.loading.base import (
    BaseLoader,
    ReferenceDataError,
    _int,
    _records,
    _sourced,
    _text,
)


class ScenarioRuleData(BaseLoader):
    """Topography, environments, mountain troops, special rules, published scenarios."""

    def load_mountain_and_scenarios(self) -> None:
        data = self.yaml("mountain.yaml")
        topographies: dict[str, models.Topography] = {}
        for order, rec in enumerate(data["topography"]):
            topographies[rec["code"]] = self.put(
                models.Topography,
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
                models.EnvironmentalCondition,
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
                models.MountainTroopAvailability,
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
                models.SpecialRule,
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
                models.MountainAdaptation,
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

    def load_published_scenarios(self) -> dict[str, models.PublishedScenario]:
        scenarios = {}
        for line, row in enumerate(self.csv("scenarios.csv"), start=2):
            limit = row["time_limit_decks"]
            scenarios[row["letter"]] = self.put(
                models.PublishedScenario,
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
                **self._scenario_card_italian(row, limit),
                **_sourced(row, rule="scenario card"),
            )
        return scenarios

    def _scenario_card_italian(self, row: dict[str, str], limit: str) -> dict[str, str]:
        """The Italian of a scenario card's texts (italian.yaml), by model field."""
        columns = {
            "name": "name",
            "first_player": "first_player",
            "deck_removals": "deck_removals",
            "cower_cards": "cower_cards",
            "card_allocations": "card_allocations",
            "victory_summary": "victory_summary",
            "dyo_defender_text": "dyo_defender",
            "dyo_attacker_text": "dyo_attacker",
            "special_notes": "special_notes",
        }
        italian = {
            f"{field}_it": self.italian("scenarios.csv", column, row[column])
            for field, column in columns.items()
        }
        text = "" if limit.isdigit() else limit
        italian["time_limit_text_it"] = self.italian("scenarios.csv", "time_limit_decks", text)
        return italian
