"""A Catalogue read straight from the vendored CSV/YAML data files, without Django.

The engine tests use the real numbers of ``../shared/reference`` and the seed transcriptions,
so a price changed in the data changes what the tests expect only where they read it here.
"""

from __future__ import annotations

import csv
import re
from decimal import Decimal
from functools import cache
from pathlib import Path

import yaml

from upfront.rules.catalogue import (
    CardInfo,
    Catalogue,
    ForceVariantInfo,
    NationalityInfo,
    Prices,
    RadioPrice,
    TableEntry,
    UnitTypeEntry,
)

DATA = Path(__file__).resolve().parents[2] / "upfront" / "reference" / "data"
PERIODS = tuple(f"{y}{h}" for y in range(1941, 1946) for h in "ab")
TROOP = {"S": "second_line", "L": "line", "E": "elite"}
NAMES = {
    "german": ("German", "Tedesco"),
    "american": ("American", "Americano"),
    "russian": ("Russian", "Russo"),
    "british": ("British", "Inglese"),
    "japanese": ("Japanese", "Giapponese"),
    "italian": ("Italian", "Italiano"),
    "french": ("French", "Francese"),
}


def _rows(name: str) -> list[dict[str, str]]:
    with (DATA / "reference" / name).open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _int(text: str) -> int | None:
    found = re.match(r"\s*\+?(\d+)", text or "")
    return int(found.group(1)) if found else None


def _radio_troops(nationality_cell: str) -> frozenset[str]:
    if "(" not in nationality_cell:
        return frozenset()
    qualifier = nationality_cell[nationality_cell.index("(") + 1 : nationality_cell.index(")")]
    if "reservists" in qualifier:
        return frozenset({"second_line"})
    if "line or second line" in qualifier:
        return frozenset({"line", "second_line"})
    if "line or elite" in qualifier:
        return frozenset({"line", "elite"})
    return frozenset({"elite"})


@cache
def reference_catalogue() -> Catalogue:
    cards = {}
    for row in _rows("personality_cards.csv"):
        if not row["card_no"]:
            continue
        weapon = row["weapon_norm"].split(":")[0]
        cards[(row["nationality"], int(row["card_no"]))] = CardInfo(
            nationality=row["nationality"],
            card_no=int(row["card_no"]),
            name=row["name"],
            rank=row["rank"],
            weapon=weapon,
            unit_kind=row["unit_kind"],
            dyo_points=_int(row["dyo_points"]),
            morale=_int(row["morale"]),
            at_weapon=weapon in {"BAZ", "PSK", "PIAT", "ATR"},
            leader_role="" if row["leader_role"] == "none" else row["leader_role"],
        )
    nationalities = {
        row["nationality"]: NationalityInfo(
            code=row["nationality"],
            # upfront/reference/loading.py NATIONALITY_NAMES
            name_en=NAMES[row["nationality"]][0],
            name_it=NAMES[row["nationality"]][1],
            side="axis" if row["axis_or_allied"].lower().startswith("axis") else "allied",
            at_secondary_limit=_int(row["at_secondary_limit_per_squad"]),
            squad_max_men=_int(row["squad_max_men_for_at_limit"]),
        )
        for row in _rows("nationalities.csv")
    }
    radios = tuple(
        RadioPrice(
            nationality=row["nationality"].split(" ")[0],
            fire_strength=int(row["code"][-1]),
            points=int(row["dyo_cost"]),
            troop_types=_radio_troops(row["nationality"]),
            rule="43.7",
        )
        for row in _rows("weapons.csv")
        if row["code"] in {"RADIO5", "RADIO6", "RADIO7"}
    )
    table = {(r["table"], r["key"]): r for r in _rows("dyo_tables.csv")}

    def price(key: str) -> int:
        value = _int(table[("secondary_weapon_cost", key)]["value"])
        assert value is not None
        return value

    def multiplier(key: str) -> Decimal:
        return Decimal(table[("reinforcement_discount", key)]["value"].lstrip("x"))

    def modifier(key: str) -> Decimal:
        percent = Decimal(re.match(r"([+-]\d+)%", table[("troop_type_modifier", key)]["value"])[1])  # type: ignore[index]
        return (100 + percent) / 100

    prices = Prices(
        atmm=price("ATMM"),
        atmm_from="1944a",  # dyo_tables.csv: "AVAILABLE 1944"
        panzerfaust=price("Panzerfaust"),
        panzerfaust_from="1943b",  # dyo_tables.csv: "AVAILABLE 7/43"
        demolition_charge=price("Demolition Charge"),
        at_mine=price("Japanese AT mine"),
        sniper=_int(table[("sniper", "sniper capability")]["value"]) or 0,
        double_sniper=_int(table[("sniper", "double sniper (second sniper)")]["value"]) or 0,
        random_reinforcements_per_deck=_int(table[("random_reinforcements", "cost")]["value"]) or 0,
        reinforcement_multipliers={
            1: multiplier("arrival after 1 deck"),
            2: multiplier("arrival after 2 decks"),
            3: multiplier("arrival after 3 decks"),
        },
        troop_type_multipliers={
            "elite": modifier("Elite"),
            "second_line": modifier("Second Line"),
            "partisans": modifier("Partisans"),
        },
    )
    # The loader's permission facts (upfront/reference/loading.py): 43.7 and 31.1.
    permissions: dict[tuple[str, str], bool | None] = {}
    for nationality in nationalities:
        permissions[("demolition_charge", nationality)] = True
        permissions[("atmm", nationality)] = {
            "german": True,
            "russian": True,
            "american": False,
        }.get(nationality)
        permissions[("panzerfaust", nationality)] = True if nationality == "german" else None
        permissions[("at_mine", nationality)] = True if nationality == "japanese" else None
    seed = DATA / "seed"
    variants = {}
    for rec in yaml.safe_load((seed / "force_variants.yaml").read_text())["variants"]:
        variants[(rec["code"], rec["nationality"])] = ForceVariantInfo(
            code=rec["code"],
            nationality=rec["nationality"],
            available_from=rec.get("available_from_period"),
            min_morale=rec.get("min_morale"),
            dyo_percent=rec.get("dyo_percent"),
            rule=str(rec["rule"]),
        )
    mountain = {
        rec["nationality"]: rec.get("available_from_period")
        for rec in yaml.safe_load((seed / "mountain.yaml").read_text())["mountain_troops"]
        if rec.get("nationality")
    }
    unit_types = [
        UnitTypeEntry(
            "ETO",
            r["nationality"],
            r["period"],
            TROOP[r["troop_type"]],
            _int(r["rpn_low"]),
            _int(r["rpn_high"]),
            "43",
        )
        for r in _rows("unit_type_table.csv")
    ]
    for r in yaml.safe_load((seed / "unit_types_pto.yaml").read_text())["rows"]:
        unit_types.append(
            UnitTypeEntry(
                "PTO",
                r["nationality"],
                r["period"],
                r["troop_type"],
                r.get("rpn_low"),
                r.get("rpn_high"),
                "45.9",
            )
        )
    tables = tuple(
        TableEntry(
            r["table"],
            r["key"],
            int(r["key"][4:]) if re.fullmatch(r"RPN \d+", r["key"]) else None,
            r["value"],
            r["detail"],
            r["rule"],
        )
        for r in _rows("dyo_tables.csv")
    )
    return Catalogue(
        data_revision="csv",
        periods=PERIODS,
        nationalities=nationalities,
        cards=cards,
        radios=radios,
        prices=prices,
        secondary_permissions=permissions,
        force_variants={f"{c}:{n}": v for (c, n), v in variants.items()},
        mountain_troops=mountain,
        unit_types=tuple(unit_types),
        tables=tables,
        variants_by_nationality=variants,
    )
