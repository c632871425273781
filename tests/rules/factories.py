"""Small hand-built catalogues and forces for the rules engine's unit tests.

The numbers here (points, morale, prices, multipliers, RPN ranges) are ARBITRARY: they are
chosen to be distinct and easy to add up by hand, so a test can show the engine's arithmetic
and rule logic on a catalogue it spells out. They are not the game's data and must never be
read as such. The real card values and prices are tested against the real catalogue, loaded
from the test database like the app loads it: ``tests/rules/data/test_dyo_cases.py``,
``tests/rules/data/test_draws_real.py`` (real tables) and ``tests/reference/test_fetch.py``.

The codes (nationalities, periods, troop types, weapons, unit kinds, leader roles) are the
real ones, because the engine and the Force format give them meaning.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from typing import Any

from upfront.rules.catalogue import (
    AdaptedRule,
    CardInfo,
    Catalogue,
    ForceVariantInfo,
    MarineRules,
    MatchupInfo,
    MatchupRule,
    NationalityInfo,
    Prices,
    PublishedScenarioInfo,
    RadioPrice,
    ScenarioReference,
    TableEntry,
    TheatreLimit,
    UnitTypeEntry,
    WeatherInfo,
)
from upfront.rules.force import CardPurchase, Force, Group, Reinforcement
from upfront.rules.pricing import Pricing, price_force
from upfront.rules.results import Violation
from upfront.rules.scenario import Scenario, Side, SpecialRuleUse

PERIODS = ("1941a", "1941b", "1942a", "1942b", "1943a", "1943b")


def card(
    number: int,
    points: int | None = 10,
    *,
    nationality: str = "german",
    morale: int | None = 3,
    unit_kind: str = "infantry",
    leader_role: str = "",
    available_from: str | None = None,
    panic: int | None = None,
    weapon: str = "",
) -> CardInfo:
    return CardInfo(
        nationality=nationality,
        card_no=number,
        name=f"{nationality} {number}",
        unit_kind=unit_kind,
        dyo_points=points,
        morale=morale,
        leader_role=leader_role,
        available_from=available_from,
        panic=panic,
        weapon=weapon,
    )


def nationality_info(
    code: str, *, at_secondary_limit: int | None = 2, squad_max_men: int | None = 4
) -> NationalityInfo:
    return NationalityInfo(
        code=code,
        name_en=code.title(),
        name_it=code.title(),
        at_secondary_limit=at_secondary_limit,
        squad_max_men=squad_max_men,
    )


# German: 1 SL 10 (morale 4), 2 ASL 8 (3), 3: 6 (2), 4: 5 (1), 5: 4 (5), 6: 3 (3),
# 7 unknown points (3), 8: 7 from 1943a, 9 LMG 12, 10 LMG 11, 11 MMG 9, 20 AFV 30, 21 IG 25.
# American: 1 SL 9 (2), 2 ASL 7 (2), 3: rifle 5 (morale 1, panic 2), 4: rifle 4 (3), 5 BAR 6,
# 6 BAR 5, 7 rifle with unknown points (morale 1), 42 Springfield rifle 3, 20 AFV 20 (morale 1).
# Russian: 1 Commissar 11 (3), 2 SL 9 (3), 3 ASL 6 (3), 4: 3 (2), 20 AFV 28.
CARDS: tuple[CardInfo, ...] = (
    card(1, 10, morale=4, leader_role="SL"),
    card(2, 8, leader_role="ASL"),
    card(3, 6, morale=2),
    card(4, 5, morale=1),
    card(5, 4, morale=5),
    card(6, 3),
    card(7, None),
    card(8, 7, available_from="1943a"),
    card(9, 12, weapon="LMG"),
    card(10, 11, weapon="LMG"),
    card(11, 9, weapon="MMG"),
    card(20, 30, unit_kind="AFV"),
    card(21, 25, unit_kind="IG"),
    card(1, 9, nationality="american", morale=2, leader_role="SL"),
    card(2, 7, nationality="american", morale=2, leader_role="ASL"),
    card(3, 5, nationality="american", morale=1, panic=2, weapon="R"),
    card(4, 4, nationality="american", weapon="R"),
    card(5, 6, nationality="american", weapon="BAR"),
    card(6, 5, nationality="american", weapon="BAR"),
    card(7, None, nationality="american", morale=1, weapon="R"),
    card(42, 3, nationality="american", weapon="R"),
    card(20, 20, nationality="american", morale=1, unit_kind="AFV"),
    card(1, 11, nationality="russian", leader_role="Commissar"),
    card(2, 9, nationality="russian", leader_role="SL"),
    card(3, 6, nationality="russian", leader_role="ASL"),
    card(4, 3, nationality="russian", morale=2),
    card(20, 28, nationality="russian", unit_kind="AFV"),
)

# Anti-tank secondary weapons a squad (53.1) and men a squad (21.11).
NATIONALITIES: tuple[NationalityInfo, ...] = (
    nationality_info("german", at_secondary_limit=2, squad_max_men=4),
    nationality_info("american", at_secondary_limit=1, squad_max_men=4),
    nationality_info("russian", at_secondary_limit=3, squad_max_men=4),
)

PRICES = Prices(
    atmm=3,
    atmm_from="1942b",
    panzerfaust=4,
    panzerfaust_from="1942a",
    demolition_charge=6,
    at_mine=2,
    sniper=20,
    double_sniper=8,
    random_reinforcements_per_deck=40,
    reinforcement_multipliers={1: Decimal("0.5"), 2: Decimal("0.25")},
    troop_type_multipliers={
        "elite": Decimal("1.5"),
        "second_line": Decimal("0.5"),
        "partisans": Decimal("0.9"),
    },
)

# German radios at any troop type; Russian FS 5 at one price for line and second line and
# another for elites (the shape of 50.8), no Russian FS 6 or 7; no American radio at all.
RADIOS: tuple[RadioPrice, ...] = (
    RadioPrice("german", 5, 12, frozenset(), "43.7"),
    RadioPrice("german", 6, 18, frozenset(), "43.7"),
    RadioPrice("russian", 5, 6, frozenset({"line", "second_line"}), "43.7"),
    RadioPrice("russian", 5, 13, frozenset({"elite"}), "43.7"),
)

# True: allowed; False: forbidden (31.1); None or absent: the sources say nothing.
PERMISSIONS: Mapping[tuple[str, str], bool | None] = {
    ("atmm", "german"): True,
    ("panzerfaust", "german"): True,
    ("demolition_charge", "german"): True,
    ("atmm", "american"): False,
    ("panzerfaust", "american"): None,
    ("demolition_charge", "american"): True,
    ("atmm", "russian"): True,
    ("demolition_charge", "russian"): True,
}

VARIANTS: tuple[ForceVariantInfo, ...] = (
    ForceVariantInfo("marines", "american", available_from=None, min_morale=2, rule="46.1"),
    ForceVariantInfo("partisans", "russian", available_from="1942a", min_morale=None, rule="37.1"),
)

MOUNTAIN_TROOPS: Mapping[str, str | None] = {"german": None, "american": "1942b"}

# 46.4: the weapons that count as LMGs.
LMG_CLASS_WEAPONS = frozenset({"LMG", "BAR"})

# 46.2 / 46.5 with arbitrary values: a Marine below morale 2 plays with 2 and panic 4; before
# 1942b Marine rifles cost 2 less; card 42 carries a Springfield.
MARINE_RULES = MarineRules(
    nationality="american",
    min_morale=2,
    raised_morale=2,
    raised_panic=4,
    morale_rule="46.2",
    bolt_action_weapon="R",
    bolt_action_discount=2,
    semi_automatic_from="1942b",
    springfield_cards=frozenset({42}),
    bolt_action_rule="46.5",
)

# German ETO 1942b: second line 1-2, line 3-8, elite 9-10; American PTO 1942b: line 1-10.
UNIT_TYPES: tuple[UnitTypeEntry, ...] = (
    UnitTypeEntry("ETO", "german", "1942b", "second_line", 1, 2, "43"),
    UnitTypeEntry("ETO", "german", "1942b", "line", 3, 8, "43"),
    UnitTypeEntry("ETO", "german", "1942b", "elite", 9, 10, "43"),
    UnitTypeEntry("PTO", "american", "1942b", "line", 1, 10, "45.9"),
)

# Every RPN of each column the draws read: time frame up to 9, tactical position 4, victory
# conditions 8. Values name their table and row so a test sees which row was read.
TABLES: tuple[TableEntry, ...] = tuple(
    TableEntry(table, rpn, f"{table} {rpn}", f"detail {rpn}")
    for table, rows in (("time_frame", 9), ("tactical_position", 4), ("victory_conditions", 8))
    for rpn in range(1, rows + 1)
)


def published(
    letter: str, *, excluded: bool = False, rules: Sequence[str] = (), topography: str | None = None
) -> PublishedScenarioInfo:
    return PublishedScenarioInfo(
        letter=letter,
        name=f"Scenario {letter}",
        time_limit_decks=3,
        dyo_attacker=None,
        dyo_defender=None,
        mountain_excluded=excluded,
        mountain_special_rules=tuple(rules),
        mountain_topography=topography,
        mountain_rule="M11",
        mountain_rule_uses=tuple(AdaptedRule(code) for code in rules),
    )


# The scenario checks' facts, shaped like the real ones but chosen for the tests: scenario B
# is excluded from the mountains, A has one adapted rule, M two and a required topography;
# rain needs overcast; drifts need one of two snows; ski troops bring winter camouflage; clear
# goes with nothing. The real facts are tested against the real catalogue
# (tests/rules/data/test_scenario_checks_real.py, ``reference_catalogue``).
SCENARIO_REFERENCE = ScenarioReference(
    published_scenarios={
        "A": published("A", rules=("minefields_cower",)),
        "B": published("B", excluded=True),
        "M": published("M", rules=("minefields_cower", "marsh_not_cower"), topography="rocky"),
    },
    weather={
        "clear": WeatherInfo("clear", excludes=frozenset({"overcast", "rain"}), rule="99.1"),
        "overcast": WeatherInfo("overcast", excludes=frozenset({"clear"}), rule="99.5"),
        "rain": WeatherInfo("rain", requires=frozenset({"overcast"}), rule="99.6"),
        "ground_snow": WeatherInfo("ground_snow", rule="99.82"),
        "deep_snow": WeatherInfo("deep_snow", rule="99.83"),
        "drifts": WeatherInfo(
            "drifts", requires_any=frozenset({"ground_snow", "deep_snow"}), rule="99.84"
        ),
        "winter_camouflage": WeatherInfo("winter_camouflage", rule="99.86"),
        "ski_troops": WeatherInfo(
            "ski_troops", implies=frozenset({"winter_camouflage"}), rule="99.9"
        ),
    },
    topographies={"rocky": "", "wooded": "ETO", "jungle": "PTO"},
    topography_rules={"rocky": "M9.1", "wooded": "M9.2", "jungle": "M9.3"},
    environments=frozenset({"dry"}),
    special_rules={
        "minefields_cower": "M11",
        "marsh_not_cower": "M11",
        "jungle_rules": "47",
        "desert_rules": "52",
        "americans_not_marines": "46.1",
        "custom": "scenario card",
    },
    matchups={
        frozenset({"american", "russian"}): MatchupInfo(
            frozenset({"american", "russian"}), False, "Q&A 3.1"
        ),
        frozenset({"american", "german"}): MatchupInfo(
            frozenset({"american", "german"}), True, "Q&A 3.1"
        ),
    },
    marines=MatchupRule("46.1", "american", frozenset({"japanese"})),
    jungle=MatchupRule("47.2", "japanese", frozenset({"british", "american"})),
    italians_vs_russians=MatchupRule(
        "50.42", "italian", frozenset({"russian"}), {"panic_modifier_vs_russian": 2}
    ),
    deck_theatres={"desert": TheatreLimit("ETO", "52.1")},
)


def prices(**changes: Any) -> Prices:
    return dataclasses.replace(PRICES, **changes)


def catalogue(
    *,
    cards: Iterable[CardInfo] = CARDS,
    nationalities: Iterable[NationalityInfo] = NATIONALITIES,
    radios: Iterable[RadioPrice] = RADIOS,
    prices: Prices = PRICES,
    permissions: Mapping[tuple[str, str], bool | None] = PERMISSIONS,
    variants: Iterable[ForceVariantInfo] = VARIANTS,
    mountain_troops: Mapping[str, str | None] = MOUNTAIN_TROOPS,
    unit_types: Iterable[UnitTypeEntry] = UNIT_TYPES,
    tables: Iterable[TableEntry] = TABLES,
    lmg_class_weapons: frozenset[str] = LMG_CLASS_WEAPONS,
    marine_rules: MarineRules | None = MARINE_RULES,
    scenario_reference: ScenarioReference = SCENARIO_REFERENCE,
) -> Catalogue:
    return Catalogue(
        data_revision="hand-built",
        periods=PERIODS,
        nationalities={n.code: n for n in nationalities},
        cards={(c.nationality, c.card_no): c for c in cards},
        radios=tuple(radios),
        prices=prices,
        secondary_permissions=dict(permissions),
        variants={(v.code, v.nationality): v for v in variants},
        mountain_troops=dict(mountain_troops),
        unit_types=tuple(unit_types),
        tables=tuple(tables),
        lmg_class_weapons=lmg_class_weapons,
        marine_rules=marine_rules,
        scenario_reference=scenario_reference,
    )


CATALOGUE = catalogue()

# A card in a group or reinforcement: its number, or (number, *secondary weapons).
Item = int | tuple[Any, ...]


def _purchases(items: Iterable[Item]) -> tuple[CardPurchase, ...]:
    return tuple(
        CardPurchase(item[0], tuple(item[1:])) if isinstance(item, tuple) else CardPurchase(item)
        for item in items
    )


def force(
    groups: Sequence[Sequence[Item]] = ((1, 2), (3, 4)),
    *,
    labels: str = "ABCDEFGH",
    reinforcements: Sequence[tuple[int, Sequence[Item]]] = (),
    nationality: str = "german",
    period: str = "1942b",
    theatre: str = "ETO",
    troop_type: str = "line",
    partisans: bool = False,
    marines: bool = False,
    mountain: bool = False,
    budget: int | None = None,
    radios: Sequence[int] = (),
    snipers: int = 0,
    random_reinforcement_decks: Sequence[int] = (),
    replay: str | None = None,
    mountain_troops: bool | None = None,
) -> Force:
    """A Force built directly (no JSON parsing): groups of cards, reinforcements by deck."""
    return Force(
        nationality=nationality,
        period=period,
        theatre=theatre,
        troop_type=troop_type,
        partisans=partisans,
        marines=marines,
        mountain=mountain,
        budget=budget,
        groups=tuple(Group(labels[i], _purchases(g)) for i, g in enumerate(groups)),
        reinforcements=tuple(Reinforcement(deck, _purchases(c)) for deck, c in reinforcements),
        radios=tuple(radios),
        snipers=snipers,
        random_reinforcement_decks=tuple(random_reinforcement_decks),
        replay=replay,
        mountain_troops=mountain_troops,
    )


Check = Callable[[Force, Catalogue, Pricing], Iterator[Violation]]


def run_check(check: Check, subject: Force, on: Catalogue = CATALOGUE) -> list[Violation]:
    """What one check of ``upfront.rules.constraints.CHECKS`` finds in a force."""
    return list(check(subject, on, price_force(subject, on)))


def codes(violations: Iterable[Violation]) -> list[str]:
    return [v.code for v in violations]


def scenario(
    attacker: Force | str = "american",
    defender: Force | str = "german",
    *,
    period: str = "1942b",
    theatre: str = "ETO",
    special_rules: Sequence[str | SpecialRuleUse] = (),
    weather: Sequence[str] = (),
    **fields: Any,
) -> Scenario:
    """A Scenario built directly: a side is a Force, or a nationality for a small line force
    of the scenario's period and theatre (cards 1-4 in two groups)."""

    def side(role: str, given: Force | str) -> Side:
        if isinstance(given, str):
            given = force(nationality=given, period=period, theatre=theatre)
        return Side(role, given)

    return Scenario(
        title="Test",
        period=period,
        theatre=theatre,
        sides=(side("attacker", attacker), side("defender", defender)),
        special_rules=tuple(
            SpecialRuleUse(rule) if isinstance(rule, str) else rule for rule in special_rules
        ),
        weather=tuple(weather),
        **fields,
    )
