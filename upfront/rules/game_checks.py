"""The full-game validation of a scenario: every check that can be made before play.

Kept whole: one rule family (the full-game checks) and its registry, data in, findings out.

:data:`GAME_CHECKS` is the quick checks' registry (:data:`SCENARIO_CHECKS`: both forces by the
DYO engine, match-ups, M11, weather, jungle, Marines, 50.42, desert) plus the checks that need
the whole game: the Action deck after its variant's substitutions and every change
(:mod:`upfront.rules.deck`), the victory conditions the deck can satisfy (43.33), the special
rules against each other and the scenario, the mountain article's conditions, and the match-ups
limited in time (53.1). Each check is a generator ``check_*(scenario, catalogue)`` of
:class:`Finding` objects like the quick checks. :func:`check_game` runs them all and adds the deck
composition, the rules digest (:mod:`upfront.rules.digest`) and the M11 adaptation.

Every game fact comes from the catalogue; the codes named here are codes of the interchange
format (special rules, decks), not facts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from upfront.rules.catalogue import Catalogue
from upfront.rules.codes import (
    SEVERITIES,
    SIMPLIFIED_MOUNTAIN_DECK,
    SSR_BOOBY_TRAPS,
    SSR_FIRST_PLAYER,
    SSR_KEEP_ELEVATION,
    SSR_MINEFIELDS_COWER,
    SSR_NOT_MARINES,
    SSR_PILLBOX_NOT_ELEVATION,
    SSR_TIME_LIMIT,
    SSR_TWO_SEGMENTS,
)
from upfront.rules.deck import (
    BUILDINGS,
    COWER,
    ELEVATION,
    GONE,
    REMOVED,
    REPLACED,
    CardChange,
    DeckComposition,
    deck_composition,
    mountain_rules,
    open_ground_by_weather,
    special_rule_path,
    state_of,
)
from upfront.rules.digest import DigestEntry, faces, rules_digest
from upfront.rules.mountain import mountain_drops_row_change
from upfront.rules.results import Finding
from upfront.rules.results import finding as _finding
from upfront.rules.scenario import ANY_BUILDINGS, Scenario
from upfront.rules.scenario_checks import (
    ROOT,
    SCENARIO_CHECKS,
    Findings,
    MountainAdaptationApplied,
    mountain_adaptation_applied,
    run_checks,
    validate_forces,
)
from upfront.rules.validate import ValidationResult

# Special rules written for a partisan side (37; M12.2; the Booby trap cards that replace the
# Minefields in the partisan scenario, action_deck.csv).
PARTISAN_RULES = ("partisan_rules", "partisans_mountain_movement", SSR_BOOBY_TRAPS)
MOUNTAIN_ARTICLE_PREFIX = "M"  # rule references of the mountain article (docs/domain.md)
SCENARIO_CARD_RULE = "scenario card"
NO_ENTRENCHMENT = "extreme_winter"  # 99.85: "No entrenchment attempts may be made"
HILL = "hill"  # the card type (and T5.0's replacement of Buildings -3)


# -- the deck (T1-T5, M3, 47.2, 52.14, M9.1, M11) ---------------------------------------------


def check_deck_changes(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # A deck change (remove / cower) naming a card type the deck no longer holds as itself: every
    # card of it was replaced by the variant or a rule, or removed by an earlier change. The
    # finding cites the rule that took them.
    deck = deck_composition(scenario, catalogue)
    for index, change in enumerate(scenario.deck_changes):
        path = f"{ROOT}.deck_changes[{index}]"
        types = BUILDINGS if change.card_type == ANY_BUILDINGS else (change.card_type,)
        gone: list[tuple[str, CardChange]] = []
        for card_type in types:
            entry = deck.entry(card_type)
            if entry is None:
                continue
            earlier = [c for c in entry.changes if not _this_or_later(c, index)]
            state = state_of(earlier)
            # A card re-read with a new meaning (M3.5 crevasse, 52.14 Rocks, 52.16 Oasis) is still
            # in the deck: removing "the first Stream" (M11 C, 43.33 row 5) takes a real card.
            taker = next(
                (
                    c
                    for c in earlier
                    if c.kind == state and c.whole_type and not c.overridden_by and not c.reread
                ),
                None,
            )
            if state in GONE and taker is not None:
                gone.append((card_type, taker))
        if gone and len(gone) == len(types):
            card_type, taker = gone[0]
            yield _finding(
                "deck_change_card_type_gone",
                "warning",
                taker.rule or SCENARIO_CARD_RULE,
                [path, *(t.item for _c, t in gone if t.item)],
                message_id=(
                    "finding.deck_change_card_type_replaced"
                    if taker.kind == REPLACED
                    else "finding.deck_change_card_type_removed"
                ),
                card_type=change.card_type,  # "buildings" too: named at the edge
                by_rule=taker.rule or "—",
            )


def _this_or_later(change: CardChange, index: int) -> bool:
    """A deck change at ``index`` or after it (the state before a change excludes them)."""
    if change.source != "deck_change":
        return False
    number = change.item.rsplit("[", 1)[-1].rstrip("]")
    return number.isdigit() and int(number) >= index


def check_deck_conflicts(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # Two layers replacing the same card type differently (the jungle rules' Jungle and the
    # desert rules' Rocks for Buildings -2; the mountain article's elevation cards and the
    # simplified mountain deck's Hills...): the sources do not say which wins.
    for conflict in deck_composition(scenario, catalogue).conflicts:
        yield _finding(
            "deck_substitution_conflict",
            "warning",
            conflict.dropped.rule,
            [i for i in (conflict.kept.item, conflict.dropped.item) if i],
            card_type=conflict.card_type,
            kept_rule=conflict.kept.rule,
            dropped_rule=conflict.dropped.rule,
        )


def check_overridden_changes(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # M11 special rules that keep a change from applying (marsh_not_cower, the Pillbox kept a
    # Pillbox, topography_removals_ignored): say which change of the scenario they cancel.
    game = catalogue.game_reference
    for entry in deck_composition(scenario, catalogue).entries:
        for change in entry.changes:
            if not change.overridden_by or change.source not in ("deck_change", "special_rule"):
                continue
            info = game.special_rules.get(change.overridden_by)
            path = special_rule_path(scenario, change.overridden_by)
            yield _finding(
                "deck_change_overridden",
                "info",
                info.rule if info else "M11",
                [change.item, *([path] if path else [])],
                card_type=entry.card_type,
                special_rule=change.overridden_by,
            )


def check_elevation_cards_cower(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # A change making cower cards of a type the mountain article uses as Elevation Cards: M11
    # keeps the Pillbox the level-4 card in every scenario unless a special rule says otherwise
    # (C, O), so a scenario card's "Pillbox" cower card clashes with it. The deck shows the type
    # as elevation cards; this says the cower change is not what the table will play. (A Marsh
    # is still a Marsh at level 0, M3.1: its cower change has a card to apply to.)
    for entry in deck_composition(scenario, catalogue).entries:
        active = [c for c in entry.changes if not c.overridden_by]
        elevation = next(
            (c for c in active if c.kind == ELEVATION and c.whole_type and not c.as_printed_too),
            None,
        )
        if elevation is None:
            continue
        for change in active:
            if change.kind != COWER or change.source not in ("deck_change", "special_rule"):
                continue
            yield _finding(
                "elevation_card_cower",
                "warning",
                "M11",
                [change.item, f"{ROOT}.mountain"],
                card_type=entry.card_type,
                level=elevation.elevation_level if elevation.elevation_level is not None else "—",
                by_rule=elevation.rule,
            )


# -- 43.33: victory conditions the deck can satisfy ------------------------------------------


def _served(
    deck: DeckComposition, card_types: frozenset[str], replacements: frozenset[str]
) -> bool:
    """Whether the deck still holds a usable card of these types, or a replacement that serves in
    their place, whatever card it replaces (the desert Wadi is a Stream, 52.13). A replacement
    counts only while its type is not wholly removed or made cower afterwards (Rocks gone with
    "remove every Buildings" no longer serve)."""
    for entry in deck.entries:
        if entry.card_type in card_types and entry.usable:
            return True
        active = [c for c in entry.changes if not c.overridden_by]
        taken = any(c.kind in (REMOVED, COWER) and c.whole_type for c in active)
        if not taken and any(c.replacement in replacements for c in active):
            return True
    return False


def _takers(deck: DeckComposition, card_types: frozenset[str]) -> list[str]:
    return [
        c.item
        for e in deck.entries
        if e.card_type in card_types
        for c in e.changes
        if c.item and not c.overridden_by
    ]


def check_victory_conditions_deck(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # A 43.33 row needing the Pillbox or fire-reducing terrain (which: data) in a deck where none
    # of those card types is left usable as itself. Rows 1 and 4 need nothing: they only limit
    # territorial / aggressive-action VP to Buildings, casualty VP count ("casualty VP normal",
    # dyo_tables.csv:15, 18): a deck without Buildings is told, as information.
    row = catalogue.game_reference.victory_rows.get(scenario.victory_conditions.rpn or 0)
    if row is None:
        return
    deck = deck_composition(scenario, catalogue)
    rpn_path = f"{ROOT}.victory_conditions.rpn"
    if row.vp_limited_to and not _served(deck, row.vp_limited_to, row.met_by_replacements):
        yield _finding(
            "victory_vp_limited",
            "info",
            row.rule,
            [rpn_path, *_takers(deck, row.vp_limited_to)],
            rpn=row.rpn,
            card_type=",".join(sorted(row.vp_limited_to)),
        )
    needs, replacements = row.needs_any, row.met_by_replacements
    if row.fire_reducing:
        # 99.821, 99.83, 99.85: what the snow reads as Open Ground reduces no fire.
        needs = needs - frozenset(open_ground_by_weather(scenario))
        if scenario.terrain_deck == SIMPLIFIED_MOUNTAIN_DECK:
            # T5.1 cancels the Hill's protection ("la protezione ... vengono annullate"):
            # on the simplified mountain deck a Hill (its own, or one standing for Buildings -3,
            # T5.0) reduces no fire.
            needs, replacements = needs - {HILL}, replacements - {HILL}
    if not row.needs_any or _served(deck, needs, replacements):
        return
    if row.fire_reducing and mountain_rules(scenario) and NO_ENTRENCHMENT not in scenario.weather:
        # M11: in the mountains a group "in trincea" meets "un terreno che riduca la Forza di
        # Fuoco" (and Brush and Wall stay in the deck, M3): the deck need not hold one.
        return
    yield _finding(
        "victory_needs_cards",
        "error" if row.confidence == "high" else "warning",
        row.rule,
        [rpn_path, *_takers(deck, needs)],
        rpn=row.rpn,
        card_type=",".join(sorted(needs)),
    )


def check_victory_row_deck_changes(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # 43.33: each row also removes cards and makes others cower cards (the table's own columns);
    # say which of them the scenario's deck changes lack.
    row = catalogue.game_reference.victory_rows.get(scenario.victory_conditions.rpn or 0)
    if row is None:
        return
    present = {(c.action, c.card_type) for c in scenario.deck_changes}
    mountain = mountain_rules(scenario)
    pillbox_not_elevation = any(
        use.code == SSR_PILLBOX_NOT_ELEVATION for use in scenario.special_rules
    )
    for planned in row.deck_changes:
        if (planned.action, planned.card_type) in present:
            continue
        if mountain and mountain_drops_row_change(
            planned.action, planned.card_type, pillbox_not_elevation=pillbox_not_elevation
        ):
            continue  # M11, M3.2-M3.3: the mountains drop it, as the roll does
        if planned.action == "remove":
            yield _finding(
                "victory_row_deck_change",
                "info",
                row.rule,
                [f"{ROOT}.victory_conditions.rpn", f"{ROOT}.deck_changes"],
                message_id="finding.victory_row_remove",
                rpn=row.rpn,
                count=planned.count if planned.count is not None else "—",
                card_type=planned.card_type,
            )
        else:
            yield _finding(
                "victory_row_deck_change",
                "info",
                row.rule,
                [f"{ROOT}.victory_conditions.rpn", f"{ROOT}.deck_changes"],
                message_id="finding.victory_row_cower",
                rpn=row.rpn,
                card_type=planned.card_type,
            )


# -- special rules against each other and the scenario ---------------------------------------


def check_special_rules_mountain(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # The mountain article's special rules (their rule is M<n>: M11, M12.2) only make sense in a
    # scenario played in the mountains.
    if mountain_rules(scenario):
        return
    rules = catalogue.game_reference.special_rules
    for index, use in enumerate(scenario.special_rules):
        info = rules.get(use.code)
        if info is not None and info.rule.startswith(MOUNTAIN_ARTICLE_PREFIX):
            yield _finding(
                "special_rule_needs_mountain",
                "warning",
                info.rule,
                [f"{ROOT}.special_rules[{index}]", f"{ROOT}.mountain"],
                special_rule=use.code,
            )


def check_special_rules_subject(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # Special rules about something the scenario lacks: keeping elevation between segments (M11)
    # without two segments; partisan rules (37, M12.2, the Booby traps) without a partisan side;
    # "the Americans are not Marines" (46.1) without Americans facing the Japanese.
    rules = catalogue.game_reference.special_rules
    codes = {use.code for use in scenario.special_rules}
    partisans = any(side.force.partisans for side in scenario.sides)
    marines = catalogue.scenario_reference.marines
    for index, use in enumerate(scenario.special_rules):
        path = f"{ROOT}.special_rules[{index}]"
        info = rules.get(use.code)
        rule = info.rule if info else ""
        if use.code == SSR_KEEP_ELEVATION and SSR_TWO_SEGMENTS not in codes:
            yield _finding(
                "special_rule_needs_rule",
                "warning",
                rule,
                [path],
                special_rule=use.code,
                other_special_rule=SSR_TWO_SEGMENTS,
            )
        elif use.code in PARTISAN_RULES and not partisans:
            yield _finding(
                "special_rule_needs_partisans",
                "warning",
                rule,
                [path, *(f"{ROOT}.sides[{i}].force.partisans" for i in range(len(scenario.sides)))],
                special_rule=use.code,
            )
        elif use.code == SSR_NOT_MARINES and marines is not None:
            index_of = faces(scenario, marines)
            if index_of is None:
                yield _finding(
                    "special_rule_no_effect",
                    "info",
                    marines.rule,
                    [path],
                    special_rule=use.code,
                )
            elif scenario.sides[index_of].force.marines:
                yield _finding(
                    "special_rule_contradicts_force",
                    "warning",
                    marines.rule,
                    [path, f"{ROOT}.sides[{index_of}].force.marines"],
                    special_rule=use.code,
                )


def check_special_rules_contradictions(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # A special rule saying otherwise than the scenario's own fields (time limit, first player),
    # or than another special rule (Minefields cower for both players, yet Booby traps for one).
    rules = catalogue.game_reference.special_rules
    codes = {use.code for use in scenario.special_rules}
    for index, use in enumerate(scenario.special_rules):
        path = f"{ROOT}.special_rules[{index}]"
        info = rules.get(use.code)
        rule = info.rule if info else SCENARIO_CARD_RULE
        decks = use.params.get("decks")
        if (
            use.code == SSR_TIME_LIMIT
            and isinstance(decks, int)
            and scenario.time_limit_decks is not None
            and decks != scenario.time_limit_decks
        ):
            yield _finding(
                "special_rule_time_limit",
                "error",
                rule,
                [path, f"{ROOT}.time_limit_decks"],
                decks=decks,
                time_limit=scenario.time_limit_decks,
            )
        moves_first = use.params.get("moves_first")
        if (
            use.code == SSR_FIRST_PLAYER
            and moves_first in ("attacker", "defender")
            and scenario.first_player is not None
            and moves_first != scenario.first_player
        ):
            yield _finding(
                "special_rule_first_player",
                "warning",
                rule,
                [path, f"{ROOT}.first_player"],
            )
        if use.code == SSR_BOOBY_TRAPS and SSR_MINEFIELDS_COWER in codes:
            other = special_rule_path(scenario, SSR_MINEFIELDS_COWER)
            yield _finding(
                "special_rules_contradict",
                "warning",
                rule,
                [path, *([other] if other else [])],
                special_rule=use.code,
                other_special_rule=SSR_MINEFIELDS_COWER,
            )


# -- weather, topography, environment ---------------------------------------------------------


def check_mountain_conditions(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # Topography (M9) and environmental conditions (M10) are sections of the mountain article:
    # they apply to a scenario played in the mountains.
    if mountain_rules(scenario):
        return
    game = catalogue.game_reference
    topography = game.topographies.get(scenario.topography or "")
    if topography is not None:
        yield _finding(
            "topography_needs_mountain",
            "warning",
            topography.rule,
            [f"{ROOT}.topography", f"{ROOT}.mountain"],
            topography=topography.code,
        )
    environment = game.environments.get(scenario.environment or "")
    if environment is not None:
        yield _finding(
            "environment_needs_mountain",
            "warning",
            environment.rule,
            [f"{ROOT}.environment", f"{ROOT}.mountain"],
            environment=environment.code,
        )


def check_environment_weather(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # The mountain article (M10.3 mud, M10.4 deep snow) and the weather article (99.7, 99.83)
    # both define a condition of the same name, with different rules (entrenchment numbers,
    # movement): both chosen, the players must agree which applies.
    environment = catalogue.game_reference.environments.get(scenario.environment or "")
    weather = catalogue.scenario_reference.weather
    if environment is None or environment.code not in scenario.weather:
        return
    index = scenario.weather.index(environment.code)
    other = weather.get(environment.code)
    yield _finding(
        "environment_weather_overlap",
        "warning",
        environment.rule,
        [f"{ROOT}.environment", f"{ROOT}.weather[{index}]"],
        environment=environment.code,
        weather=environment.code,
        other_rule=other.rule if other else "—",
    )


# -- match-ups ---------------------------------------------------------------------------------


def check_matchup_years(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # 53.1: French and Japanese met only in some years (Indochina, 1940 and 1945).
    year = int(scenario.period[:4]) if scenario.period[:4].isdigit() else None
    for rule in catalogue.game_reference.matchup_years:
        years = [int(y) for y in rule.params.get("years") or ()]
        index = faces(scenario, rule)
        if index is None or year is None or not years or year in years:
            continue
        yield _finding(
            "matchup_years",
            "warning",
            rule.rule,
            [f"{ROOT}.period", *(f"{ROOT}.sides[{i}].force.nationality" for i in range(2))],
            nationality=rule.nationality,
            opponent=scenario.sides[1 - index].force.nationality,
            years=", ".join(str(y) for y in years),
        )


def check_altitude_limit(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # T5.0: the Altitude Level limit is the simplified mountain deck's; on another deck a fixed
    # limit limits nothing (the designer drops it; an imported document may still carry it).
    if scenario.altitude_limit is not None and scenario.terrain_deck != SIMPLIFIED_MOUNTAIN_DECK:
        yield _finding(
            "altitude_limit_needs_simplified_mountain",
            "warning",
            "T5.0",
            [f"{ROOT}.altitude_limit", f"{ROOT}.terrain_deck"],
        )


GameCheck = Callable[[Scenario, Catalogue], Findings]

GAME_CHECKS: tuple[GameCheck, ...] = (
    *SCENARIO_CHECKS,
    check_deck_changes,
    check_deck_conflicts,
    check_overridden_changes,
    check_elevation_cards_cower,
    check_victory_conditions_deck,
    check_victory_row_deck_changes,
    check_special_rules_mountain,
    check_special_rules_subject,
    check_special_rules_contradictions,
    check_mountain_conditions,
    check_environment_weather,
    check_matchup_years,
    check_altitude_limit,
)


@dataclass(frozen=True)
class GameCheckResult:
    valid: bool  # no finding is an error
    findings: tuple[Finding, ...]
    deck: DeckComposition
    digest: tuple[DigestEntry, ...]
    mountain_adaptation: MountainAdaptationApplied | None = None
    forces: tuple[ValidationResult, ...] = ()  # each side's DYO validation, run once

    @property
    def counts(self) -> dict[str, int]:
        return {s: sum(1 for f in self.findings if f.severity == s) for s in SEVERITIES}

    def to_dict(self) -> dict[str, Any]:
        """Plain data, language-neutral: messages as ``{"id", "params"}``, codes for the rest."""
        return {
            "valid": self.valid,
            "counts": self.counts,
            "findings": [finding.to_dict() for finding in self.findings],
            "deck": self.deck.to_dict(),
            "digest": [entry.to_dict() for entry in self.digest],
            "mountain_adaptation": (
                self.mountain_adaptation.to_dict() if self.mountain_adaptation else None
            ),
        }


def check_game(scenario: Scenario, catalogue: Catalogue) -> GameCheckResult:
    """Run every full-game check; with the deck, the rules digest, the M11 adaptation and
    each side's DYO validation (each force validated once)."""
    forces = validate_forces(scenario, catalogue)
    findings = tuple(run_checks(GAME_CHECKS, scenario, catalogue, forces))
    return GameCheckResult(
        valid=not any(f.severity == "error" for f in findings),
        findings=findings,
        deck=deck_composition(scenario, catalogue),
        digest=rules_digest(scenario, catalogue),
        mountain_adaptation=mountain_adaptation_applied(scenario, catalogue),
        forces=forces,
    )
