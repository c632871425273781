"""The battlefield: terrain cards, decks and fire (``terrain.yaml``), weather (``weather.yaml``)."""

from __future__ import annotations

from upfront.reference import models
from upfront.reference.loading.base import (
    BaseLoader,
    ReferenceDataError,
    _records,
    _sourced,
    _text,
)


class BattlefieldData(BaseLoader):
    """Terrain card types, decks, substitutions, fire, and weather conditions."""

    def load_terrain(self) -> None:
        data = self.yaml("terrain.yaml")
        card_types: dict[str, models.TerrainCardType] = {}
        for order, rec in enumerate(data["card_types"]):
            card_types[rec["code"]] = self.put(
                models.TerrainCardType,
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
                models.TerrainDeck,
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
                    models.TerrainDeckRule,
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
                    models.TerrainSubstitution,
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
                models.FireIgnitionEntry,
                f"terrain.yaml: fire ignition_table entry {order + 1}",
                weapon_group=rec["weapon_group"],
                terrain_group=list(rec.get("terrain_group") or []),
                result=_text(rec.get("result")),
                order=order,
                **_sourced(rec, rule=rec.get("rule") or fire.get("rule", "")),
            )
        for order, rec in enumerate(fire.get("rules") or []):
            self.put(
                models.FireRule,
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
        conditions: dict[str, models.WeatherCondition] = {}
        records = _records(data, "conditions")
        for order, rec in enumerate(records):
            conditions[rec["code"]] = self.put(
                models.WeatherCondition,
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
