"""The rules digest: every rule that applies to a scenario, as language-neutral references.

An entry is ``(kind, code, rule)``: the kind of reference data it comes from and its key there,
and the rule reference a player looks up. The texts stay in the reference data (each kind's
``summary_en``/``summary_it``) and are rendered at the edge (``scenarios.presenters.validation``).
Entries come in the order of :data:`DIGEST_KINDS`, each kind in the order the scenario brings
them, and every entry once (``(kind, code, rule)`` is unique).

Keys by kind:

* ``nationality_rule``: the NationalityRule's topic (its key is ``(rule, topic)``);
* ``troop_type``: ``<nationality>:<troop type>``; ``force_variant``: ``<code>:<nationality>``;
* ``terrain_deck``, ``weather``, ``topography``, ``environment``, ``special_rule``: the code;
* ``deck_rule``: ``<deck>:<topic>`` (TerrainDeckRule);
* ``mountain_rule``: ``<group>:<topic>`` (RuleSummary of the mountain article);
* ``matchup_rule``: the rule (RuleSummary of group "scenario": 46.1, 47.2, 50.42);
* ``victory_conditions``: ``rpn_<n>`` (RuleSummary of group "victory_conditions", 43.33).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from upfront.rules.catalogue import Catalogue, MatchupRule
from upfront.rules.codes import (
    SSR_CUSTOM,
    SSR_DESERT_RULES,
    SSR_JUNGLE_RULES,
    SSR_RANDOM_REINFORCEMENTS,
)
from upfront.rules.deck import DESERT_DECK, JUNGLE, MOUNTAIN_ELEVATION_DECK
from upfront.rules.mountain import mountain_rules
from upfront.rules.scenario import Scenario

DIGEST_KINDS = (
    "nationality_rule",
    "troop_type",
    "force_variant",
    "matchup_rule",
    "terrain_deck",
    "deck_rule",
    "weather",
    "topography",
    "environment",
    "mountain_rule",
    "special_rule",
    "victory_conditions",
)
# NationalityRule.applies_to values the digest reads (nationality_rules.yaml).
FOR_NATIONALITY = ""
FOR_PTO_TABLE = "pto_unit_table"  # 45.9: only in the Pacific
FOR_MARINES = "marines"
FOR_PARTISANS = "partisans"
FOR_RANDOM_REINFORCEMENTS = "random_reinforcements"
FOR_ITALIANS_AND_FRENCH = "italian_french_scenarios"  # 53.1: scenarios with either
ITALIANS_AND_FRENCH = frozenset({"italian", "french"})
PTO = "PTO"


@dataclass(frozen=True)
class DigestEntry:
    kind: str
    code: str
    rule: str

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "code": self.code, "rule": self.rule}


def faces(scenario: Scenario, rule: MatchupRule) -> int | None:
    """The index of the side of ``rule.nationality`` facing one of ``rule.opponents``."""
    if len(scenario.sides) != 2:
        return None
    for index, side in enumerate(scenario.sides):
        opponent = scenario.sides[1 - index].force.nationality
        if side.force.nationality == rule.nationality and opponent in rule.opponents:
            return index
    return None


def jungle_rules_apply(scenario: Scenario) -> bool:
    """47.2 / T2 / M9.3: a special rule, the jungle deck or the jungle topography."""
    return (
        scenario.terrain_deck == JUNGLE
        or scenario.topography == JUNGLE
        or any(use.code == SSR_JUNGLE_RULES for use in scenario.special_rules)
    )


def rules_digest(scenario: Scenario, catalogue: Catalogue) -> tuple[DigestEntry, ...]:
    """Every rule that applies to the scenario, in :data:`DIGEST_KINDS` order, once each."""
    game, ref = catalogue.game_reference, catalogue.scenario_reference
    found: dict[str, list[DigestEntry]] = {kind: [] for kind in DIGEST_KINDS}
    seen: set[tuple[str, str, str]] = set()

    def add(kind: str, code: str, rule: str) -> None:
        if (kind, code, rule) not in seen:  # a nationality rule's key is (rule, topic)
            seen.add((kind, code, rule))
            found[kind].append(DigestEntry(kind, code, rule))

    forces = [side.force for side in scenario.sides]
    nationalities = list(dict.fromkeys(force.nationality for force in forces))
    codes = {use.code for use in scenario.special_rules}

    def nationality_rules(nationality: str | None, applies_to: str) -> None:
        for row in game.nationality_rules:
            if row.nationality != nationality or row.applies_to != applies_to:
                continue
            # 53.2: a table for "unità Italiane e Francesi", only with a French or Italian side.
            if row.for_nationalities and not row.for_nationalities & set(nationalities):
                continue
            add("nationality_rule", row.topic, row.rule)

    # The nationalities' own rules (44-45, 50-51), the troop types and force variants.
    for nationality in nationalities:
        nationality_rules(nationality, FOR_NATIONALITY)
        if scenario.theatre == PTO:
            nationality_rules(nationality, FOR_PTO_TABLE)  # 45.9
    for force in forces:
        rule = game.troop_types.get((force.nationality, force.troop_type))
        if rule is not None:
            add("troop_type", f"{force.nationality}:{force.troop_type}", rule)
        for variant_code, chosen in (("marines", force.marines), ("partisans", force.partisans)):
            variant = catalogue.variant(variant_code, force.nationality) if chosen else None
            if variant is not None:
                add("force_variant", f"{variant_code}:{force.nationality}", variant.rule)
                nationality_rules(
                    force.nationality, FOR_MARINES if variant_code == "marines" else FOR_PARTISANS
                )
    # 48: random reinforcements, bought (48.1) or given by a special rule.
    if SSR_RANDOM_REINFORCEMENTS in codes or any(f.random_reinforcement_decks for f in forces):
        nationality_rules(None, FOR_RANDOM_REINFORCEMENTS)
    if ITALIANS_AND_FRENCH & set(nationalities):
        nationality_rules(None, FOR_ITALIANS_AND_FRENCH)  # 53.1

    # Rules a match-up triggers (46.1, 47.2, 50.42).
    if ref.marines is not None and faces(scenario, ref.marines) is not None:
        add("matchup_rule", ref.marines.rule, ref.marines.rule)
    if ref.jungle is not None and jungle_rules_apply(scenario):
        add("matchup_rule", ref.jungle.rule, ref.jungle.rule)
    vs_russians = ref.italians_vs_russians
    if vs_russians is not None and faces(scenario, vs_russians) is not None:
        add("matchup_rule", vs_russians.rule, vs_russians.rule)

    # The terrain deck and the rules it is played with; the jungle and desert rules also come
    # by special rule (47, 52) and the jungle ones with the jungle topography (M9.3).
    decks = [scenario.terrain_deck]
    if jungle_rules_apply(scenario):
        decks.append(JUNGLE)
    if SSR_DESERT_RULES in codes:
        decks.append(DESERT_DECK)
    if mountain_rules(scenario):
        decks.append(MOUNTAIN_ELEVATION_DECK)
    for index, code in enumerate(decks):
        deck = game.decks.get(code)
        if deck is None:
            continue
        if index == 0:
            add("terrain_deck", deck.code, deck.rule)
        for deck_rule in deck.deck_rules:
            add("deck_rule", f"{deck.code}:{deck_rule.topic}", deck_rule.rule)

    for code in scenario.weather:
        weather = ref.weather.get(code)
        if weather is not None:
            add("weather", code, weather.rule)
    topography = game.topographies.get(scenario.topography or "")
    if topography is not None:
        add("topography", topography.code, topography.rule)
    environment = game.environments.get(scenario.environment or "")
    if environment is not None:
        add("environment", environment.code, environment.rule)

    # The mountain article: elevation (M1-M8), its scenarios (M9, M11), its troops (M12).
    groups = []
    if mountain_rules(scenario):
        groups += ["mountain_elevation", "mountain_scenarios"]
    # M12.1: the abilities apply only to elites whose player drew a black RN.
    if any(force.mountain_troops for force in forces):
        groups.append("mountain_troops")
    for group in groups:
        for rule, topic in game.rule_summaries.get(group, ()):
            add("mountain_rule", f"{group}:{topic}", rule)

    for use in scenario.special_rules:
        info = game.special_rules.get(use.code)
        if info is not None and use.code != SSR_CUSTOM:
            add("special_rule", use.code, info.rule)

    row = game.victory_rows.get(scenario.victory_conditions.rpn or 0)
    if row is not None:
        add("victory_conditions", f"rpn_{row.rpn}", row.rule)
    return tuple(entry for kind in DIGEST_KINDS for entry in found[kind])
