"""Quick checks of a whole scenario: what the designer says while a scenario is edited.

Kept whole: one rule family (the scenario quick checks) and its ``SCENARIO_CHECKS`` registry.

Like the DYO checks (``CHECKS`` in :mod:`upfront.rules.constraints`), each check is a generator
``check_*(scenario, catalogue)`` yielding :class:`Finding` objects, each with a stable ``code``,
a ``severity`` (``error``, ``warning`` or ``info``), the ``rule`` it applies and the JSON paths
(``items``) of the parts of the scenario document at fault. :data:`SCENARIO_CHECKS` is the
registry; :func:`check_scenario` runs it. The full-game validation (``GAME_CHECKS``) extends
the same registry.

Every game fact comes from the catalogue (``catalogue.scenario_reference``: which published
scenarios the mountain article excludes, the weather relations, the theatres of topographies
and decks, the match-up table and the rules a match-up triggers); what is written here is how
a rule reads those facts. The codes named here (``jungle_rules``, ``mountain_elevation``…) are
codes of the interchange format, not facts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from upfront.rules.catalogue import AdaptedRule, Catalogue, MatchupRule, PublishedScenarioInfo
from upfront.rules.codes import (
    SSR_DESERT_RULES,
    SSR_JUNGLE_RULES,
    SSR_NOT_MARINES,
    SSR_SNIPERS_ALLOTTED,
)
from upfront.rules.messages import message
from upfront.rules.mountain import mountain_rules
from upfront.rules.results import Finding
from upfront.rules.results import finding as _finding
from upfront.rules.scenario import Scenario
from upfront.rules.validate import ValidationResult, validate_force

ROOT = "scenario"  # the scenario body's path in a scenario document

# Codes of the interchange format the checks look for.
JUNGLE = "jungle"  # the jungle terrain deck (T2) and the jungle topography (M9.3)
CLEAR = "clear"  # 99.1: the weather code of the game's normal conditions
DESERT_DECK = "desert"  # the desert terrain deck (T1)
STANDARD_DECK = "standard"


@dataclass(frozen=True)
class MountainAdaptationApplied:
    """The M11 adaptation of the published scenario a mountain scenario is based on."""

    scenario: PublishedScenarioInfo  # its letter, name, rule and the adaptation's texts
    missing_special_rules: tuple[str, ...]  # adapted special rules the scenario lacks
    topography_matches: bool | None  # None: the adaptation requires no topography

    @property
    def special_rules(self) -> tuple[AdaptedRule, ...]:
        return self.scenario.mountain_rule_uses

    def to_dict(self) -> dict[str, Any]:
        return {
            "letter": self.scenario.letter,
            "name": self.scenario.name,
            "rule": self.scenario.mountain_rule,
            "excluded": self.scenario.mountain_excluded,
            "special_rules": [
                {"code": use.code, "params": dict(use.params)} for use in self.special_rules
            ],
            "topography": self.scenario.mountain_topography,
            "missing_special_rules": list(self.missing_special_rules),
            "topography_matches": self.topography_matches,
        }


@dataclass(frozen=True)
class ScenarioCheckResult:
    valid: bool  # no finding is an error
    findings: tuple[Finding, ...]
    mountain_adaptation: MountainAdaptationApplied | None = None
    # Each side's DYO validation, in the sides' order: the checks ran it once, a caller needing
    # a force's points reads them here instead of validating the force again.
    forces: tuple[ValidationResult, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain data, language-neutral: messages as ``{"id", "params"}``."""
        return {
            "valid": self.valid,
            "findings": [finding.to_dict() for finding in self.findings],
            "mountain_adaptation": (
                self.mountain_adaptation.to_dict() if self.mountain_adaptation else None
            ),
        }


Findings = Iterator[Finding]


def _opponent_of(scenario: Scenario, index: int) -> str:
    return scenario.sides[1 - index].force.nationality


def _faces(scenario: Scenario, rule: MatchupRule) -> int | None:
    """The index of the side of ``rule.nationality`` facing one of its opponents, if any."""
    for index, side in enumerate(scenario.sides[:2]):
        if side.force.nationality == rule.nationality and _opponent_of(scenario, index) in (
            rule.opponents
        ):
            return index
    return None


def _special_rule_paths(scenario: Scenario, code: str) -> list[str]:
    return [
        f"{ROOT}.special_rules[{index}]"
        for index, use in enumerate(scenario.special_rules)
        if use.code == code
    ]


def validate_forces(scenario: Scenario, catalogue: Catalogue) -> tuple[ValidationResult, ...]:
    """Each side's force validated by the DYO engine (43), in the sides' order: under the
    mountain article when the scenario is (M12.1's draw), whatever the force's own flag says."""
    under = mountain_rules(scenario)
    # 43.6: a side the scenario allots the snipers to has the capability without buying it.
    allotted = {
        str(use.params.get("side"))
        for use in scenario.special_rules
        if use.code == SSR_SNIPERS_ALLOTTED
    }
    return tuple(
        validate_force(
            side.force if side.force.mountain == under else replace(side.force, mountain=under),
            catalogue,
            sniper_given=side.role in allotted,
        )
        for side in scenario.sides
    )


def check_forces(scenario: Scenario, catalogue: Catalogue) -> Findings:
    yield from force_findings(validate_forces(scenario, catalogue))


def force_findings(forces: tuple[ValidationResult, ...]) -> Findings:
    # 43: each side's force is a DYO purchase, checked by the DYO engine; its violations keep
    # their codes and rules, their paths put under the side.
    for index, result in enumerate(forces):
        prefix = f"{ROOT}.sides[{index}].force"
        for violation in result.violations:
            items = tuple(f"{prefix}.{item}" for item in violation.items) or (prefix,)
            yield Finding(
                violation.code,
                violation.severity,
                violation.rule,
                violation.message,
                items,
                side=index,
            )


def check_matchup(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # Q&A 3.1: the table of historical match-ups. A pairing it marks "no" may be played, but
    # did not happen: a warning. A pairing the table lacks (the same nationality) says nothing.
    if len(scenario.sides) != 2:
        return
    first, second = (side.force.nationality for side in scenario.sides)
    info = catalogue.scenario_reference.matchups.get(frozenset({first, second}))
    if info is not None and not info.valid_historical:
        yield _finding(
            "matchup_not_historical",
            "warning",
            info.rule,
            [f"{ROOT}.sides[{i}].force.nationality" for i in range(2)],
            nationality=first,
            opponent=second,
        )


def check_mountain_excluded(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # M11: some published scenarios are not played in the mountains (B, G, R in the data).
    if not mountain_rules(scenario) or not scenario.based_on:
        return
    published = catalogue.scenario_reference.published_scenarios.get(scenario.based_on)
    if published is not None and published.mountain_excluded:
        yield _finding(
            "mountain_scenario_excluded",
            "error",
            published.mountain_rule or "M11",
            [f"{ROOT}.based_on"],
            letter=published.letter,
        )


def mountain_adaptation_applied(
    scenario: Scenario, catalogue: Catalogue
) -> MountainAdaptationApplied | None:
    """M11: the adaptation that applies when a mountain scenario is based on a published one."""
    if not mountain_rules(scenario) or not scenario.based_on:
        return None
    published = catalogue.scenario_reference.published_scenarios.get(scenario.based_on)
    if published is None or not published.mountain_rule:
        return None
    present = {use.code for use in scenario.special_rules}
    required = published.mountain_topography
    return MountainAdaptationApplied(
        scenario=published,
        missing_special_rules=tuple(
            code for code in published.mountain_special_rules if code not in present
        ),
        topography_matches=None if required is None else scenario.topography == required,
    )


def check_mountain_adaptation(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # M11: a published scenario played in the mountains gets the special rules (and sometimes
    # the topography) of its adaptation; say which, and flag what the scenario lacks or
    # contradicts.
    adaptation = mountain_adaptation_applied(scenario, catalogue)
    if adaptation is None or adaptation.scenario.mountain_excluded:
        return
    published = adaptation.scenario
    rule, letter = published.mountain_rule, published.letter
    count = len(published.mountain_rule_uses)
    required = published.mountain_topography
    if required:
        yield Finding(
            "mountain_adaptation",
            "info",
            rule,
            message(
                "finding.mountain_adaptation_topography",
                letter=letter,
                count=count,
                topography=required,
            ),
            (f"{ROOT}.based_on",),
        )
    else:
        yield _finding(
            "mountain_adaptation", "info", rule, [f"{ROOT}.based_on"], letter=letter, count=count
        )
    for code in adaptation.missing_special_rules:
        yield _finding(
            "mountain_special_rule_missing",
            "warning",
            rule,
            [f"{ROOT}.special_rules"],
            letter=letter,
            special_rule=code,
        )
    if required and scenario.topography is None:
        yield _finding(
            "mountain_topography_missing",
            "warning",
            rule,
            [f"{ROOT}.topography"],
            letter=letter,
            topography=required,
        )
    elif required and scenario.topography != required:
        yield _finding(
            "mountain_topography_contradicts",
            "error",
            rule,
            [f"{ROOT}.topography"],
            letter=letter,
            topography=required,
            other_topography=scenario.topography or "",
        )


def check_topography_theatre(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # M9.2 / M9.3: wooded mountains are European only, jungle Pacific only (the theatre of
    # each topography is data; rocky has none).
    ref = catalogue.scenario_reference
    code = scenario.topography
    theatre = ref.topographies.get(code) if code else None
    if code and theatre and theatre != scenario.theatre:
        yield _finding(
            "topography_theatre",
            "error",
            ref.topography_rules.get(code) or "M9",
            [f"{ROOT}.topography", f"{ROOT}.theatre"],
            topography=code,
            theatre_name=theatre,
        )


def check_jungle_rules(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # 47.2: the jungle rules take effect only with Japanese against British and/or Americans
    # (who, from the data). They are in effect by special rule, by the jungle deck (T2: played
    # with the rules of 47) or by the jungle topography (M9.3: "the rules [47] apply").
    rule = catalogue.scenario_reference.jungle
    if rule is None:
        return
    sources = _special_rule_paths(scenario, SSR_JUNGLE_RULES)
    if scenario.terrain_deck == JUNGLE:
        sources.append(f"{ROOT}.terrain_deck")
    if scenario.topography == JUNGLE:
        sources.append(f"{ROOT}.topography")
    if not sources or _faces(scenario, rule) is not None:
        return
    # 53.1 adds the French to the Banzai scenarios and has them fight the Japanese (1940, 1945)
    # without saying whether 47.2's jungle rules then hold: a warning naming both rules.
    later = next(
        (m for m in catalogue.game_reference.matchup_years if _faces(scenario, m) is not None),
        None,
    )
    if later is not None:
        yield _finding(
            "jungle_rules_matchup_later",
            "warning",
            rule.rule,
            sources,
            nationality=rule.nationality,
            opponents=",".join(sorted(rule.opponents)),
            other_rule=later.rule,
        )
        return
    yield _finding(
        "jungle_rules_matchup",
        "error",
        rule.rule,
        sources,
        nationality=rule.nationality,
        opponents=",".join(sorted(rule.opponents)),
    )


def check_marines(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # 46.1: American units facing the Japanese are Marines unless a special rule says
    # otherwise (the americans_not_marines special rule).
    rule = catalogue.scenario_reference.marines
    if rule is None or _special_rule_paths(scenario, SSR_NOT_MARINES):
        return
    index = _faces(scenario, rule)
    if index is not None and not scenario.sides[index].force.marines:
        yield _finding(
            "marines_expected",
            "warning",
            rule.rule,
            [f"{ROOT}.sides[{index}].force.marines"],
            nationality=rule.nationality,
            opponent=_opponent_of(scenario, index),
        )


def check_weather(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # 99.x: conditions that need another (rain and falling snow need overcast, drifts need
    # snow), that cannot hold together, and that bring another with them (ski troops wear
    # winter camouflage): all relations are data (weather.yaml), cited by the rule of the
    # condition that states them.
    weather = catalogue.scenario_reference.weather
    chosen = scenario.weather
    present = set(chosen)
    for index, code in enumerate(chosen):
        info = weather.get(code)
        if info is None:  # an unknown code is a format fault (scenario_reference_faults)
            continue
        path = f"{ROOT}.weather[{index}]"
        missing = sorted(info.requires - present)
        if missing:
            yield _finding(
                "weather_requires",
                "error",
                info.rule,
                [path],
                weather=code,
                required_weather=",".join(missing),
            )
        if info.requires_any and not info.requires_any & present:
            yield _finding(
                "weather_requires_any",
                "error",
                info.rule,
                [path],
                weather=code,
                weather_options=",".join(sorted(info.requires_any)),
            )
        for later, other in enumerate(chosen[index + 1 :], start=index + 1):
            other_info = weather.get(other)
            if other in info.excludes or (other_info and code in other_info.excludes):
                stated_by = info if other in info.excludes else other_info
                # Clear excluding every other condition is a reading of 99.1 ("the normal
                # conditions ... unless designated otherwise"), said so in its message.
                first, second = (other, code) if other == CLEAR else (code, other)
                yield _finding(
                    "weather_excludes",
                    "error",
                    stated_by.rule if stated_by else info.rule,
                    [path, f"{ROOT}.weather[{later}]"],
                    message_id="finding.weather_excludes_clear" if first == CLEAR else "",
                    weather=first,
                    other_weather=second,
                )
        implied = sorted(info.implies - present)
        if implied:
            yield _finding(
                "weather_implied",
                "info",
                info.rule,
                [path],
                weather=code,
                implied_weather=",".join(implied),
            )


def check_italians_against_russians(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # 50.42: Italians facing Russians lose their Surrender (50.41) and squad break rules and
    # gain Panic (how much: data). Not a fault: a rule the players must remember.
    rule = catalogue.scenario_reference.italians_vs_russians
    index = _faces(scenario, rule) if rule is not None else None
    if rule is None or index is None:
        return
    panic = rule.params.get("panic_modifier_vs_russian")
    yield _finding(
        "italians_against_russians",
        "info",
        rule.rule,
        [f"{ROOT}.sides[{index}].force.nationality"],
        nationality=rule.nationality,
        opponent=_opponent_of(scenario, index),
        panic=panic if isinstance(panic, int) else "?",
    )


def check_desert(scenario: Scenario, catalogue: Catalogue) -> Findings:
    # 52.1 / T1: the desert rules are for the Western Desert (its theatre: data); the desert
    # deck is played with them; and they are written for the standard cards they re-read, so
    # with another alternative deck the players must agree how they fit.
    ref = catalogue.scenario_reference
    desert_deck = scenario.terrain_deck == DESERT_DECK
    rules = _special_rule_paths(scenario, SSR_DESERT_RULES)
    limit = ref.deck_theatres.get(DESERT_DECK)
    if (desert_deck or rules) and limit is not None and limit.theatre != scenario.theatre:
        yield _finding(
            "desert_theatre",
            "error",
            limit.rule,
            [f"{ROOT}.theatre", *([f"{ROOT}.terrain_deck"] if desert_deck else []), *rules],
            theatre_name=limit.theatre,
        )
    if desert_deck and not rules:
        yield _finding("desert_rules_implied", "info", "T1", [f"{ROOT}.terrain_deck"])
    if rules and scenario.terrain_deck not in (STANDARD_DECK, DESERT_DECK):
        yield _finding(
            "desert_rules_deck",
            "warning",
            "52.1",
            [*rules, f"{ROOT}.terrain_deck"],
            terrain_deck=scenario.terrain_deck,
        )


ScenarioCheck = Callable[[Scenario, Catalogue], Findings]

SCENARIO_CHECKS: tuple[ScenarioCheck, ...] = (
    check_forces,
    check_matchup,
    check_mountain_excluded,
    check_mountain_adaptation,
    check_topography_theatre,
    check_jungle_rules,
    check_marines,
    check_weather,
    check_italians_against_russians,
    check_desert,
)


def run_checks(
    checks: tuple[ScenarioCheck, ...],
    scenario: Scenario,
    catalogue: Catalogue,
    forces: tuple[ValidationResult, ...],
) -> list[Finding]:
    """Every finding of ``checks`` in their order; the forces' findings come from ``forces``
    (already validated) rather than from validating them again."""
    return [
        finding
        for check in checks
        for finding in (
            force_findings(forces) if check is check_forces else check(scenario, catalogue)
        )
    ]


def _under(path: str, item: str) -> str:
    return path + item[len(ROOT) :] if item.startswith(ROOT) else item


def check_scenario(
    scenario: Scenario, catalogue: Catalogue, *, path: str = ROOT
) -> ScenarioCheckResult:
    """Run every scenario check; ``path`` is where the scenario body sits (in a library:
    ``scenarios[2].scenario``). Each force is validated once; the result keeps those."""
    forces = validate_forces(scenario, catalogue)
    findings = run_checks(SCENARIO_CHECKS, scenario, catalogue, forces)
    if path != ROOT:
        findings = [
            Finding(
                f.code,
                f.severity,
                f.rule,
                f.message,
                tuple(_under(path, item) for item in f.items),
                f.side,
            )
            for f in findings
        ]
    return ScenarioCheckResult(
        valid=not any(f.severity == "error" for f in findings),
        findings=tuple(findings),
        mountain_adaptation=mountain_adaptation_applied(scenario, catalogue),
        forces=forces,
    )
