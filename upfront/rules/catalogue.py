"""A read-only snapshot of the reference data the engine needs (``upfront.reference.fetch``).

Kept whole: the engine's one read-only snapshot of the data, dataclasses only.

It holds only what a rule reads: the reference pages and API read the models themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from typing import Any

from upfront.rules.messages import message
from upfront.rules.results import LineItem


@dataclass(frozen=True)
class CardInfo:
    nationality: str
    card_no: int
    name: str
    unit_kind: str  # "infantry" | "AFV" | "IG"
    dyo_points: int | None  # None: no source gives the value; never guessed
    morale: int | None
    leader_role: str = ""  # "SL", "ASL", "Commissar" or ""
    available_from: str | None = None  # period code, when a source gives it
    panic: int | None = None  # as printed; None: no source gives it
    weapon: str = ""  # weapons.csv code ("R", "LMG", "BAR", "AFV", ...)


@dataclass(frozen=True)
class RadioPrice:
    nationality: str
    fire_strength: int
    points: int
    troop_types: frozenset[str]  # empty: every troop type
    rule: str


@dataclass(frozen=True)
class NationalityInfo:
    code: str
    name_en: str
    name_it: str
    at_secondary_limit: int | None  # 21.11 / 53.1
    squad_max_men: int | None  # 21.11


@dataclass(frozen=True)
class ForceVariantInfo:
    code: str  # "marines" | "partisans"
    nationality: str
    available_from: str | None
    min_morale: int | None
    rule: str


@dataclass(frozen=True)
class MarineRules:
    """What the US Marine rules change in a DYO force (nationality_rules.yaml, 46.2 and 46.5)."""

    nationality: str  # the Marines' nationality
    # 46.2: a Marine printed below min_morale plays with counters of these values.
    min_morale: int
    raised_morale: int
    raised_panic: int
    morale_rule: str
    # 46.5: before semi_automatic_from, Marines carry bolt-action rifles (weapon code), each
    # bought for bolt_action_discount points less; the Springfield cards date a force before it.
    bolt_action_weapon: str
    bolt_action_discount: int
    semi_automatic_from: str  # period code
    springfield_cards: frozenset[int]
    bolt_action_rule: str


@dataclass(frozen=True)
class Prices:
    atmm: int
    atmm_from: str | None
    panzerfaust: int
    panzerfaust_from: str | None
    demolition_charge: int
    at_mine: int | None
    sniper: int
    double_sniper: int
    random_reinforcements_per_deck: int
    reinforcement_multipliers: Mapping[int, Decimal]
    troop_type_multipliers: Mapping[str, Decimal]


@dataclass(frozen=True)
class UnitTypeEntry:
    theatre: str
    nationality: str
    period: str
    troop_type: str
    rpn_low: int | None
    rpn_high: int | None
    rule: str


@dataclass(frozen=True)
class TableEntry:
    """One RPN row of a rule 43 table (time frame, tactical position, victory conditions)."""

    table: str
    rpn: int
    value: str
    detail: str


@dataclass(frozen=True)
class AdaptedRule:
    """A special rule the mountain adaptation of a published scenario gives it (M11)."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class PublishedScenarioInfo:
    """A published scenario A-X: what a scenario based on it starts from."""

    letter: str
    name: str
    time_limit_decks: int | None
    dyo_attacker: int | None  # DYO points of the side, when the card gives them
    dyo_defender: int | None
    # M11: how it is played in the mountains (mountain_rule is empty when the data has no
    # adaptation for it). mountain_special_rules are the codes of mountain_rule_uses.
    mountain_excluded: bool = False
    mountain_special_rules: tuple[str, ...] = ()
    mountain_topography: str | None = None
    mountain_rule: str = ""
    mountain_rule_uses: tuple[AdaptedRule, ...] = ()
    # Words for people, in the data's two languages (like NationalityInfo's names).
    mountain_cards_removed_en: str = ""
    mountain_cards_removed_it: str = ""
    mountain_exclusion_reason_en: str = ""
    mountain_exclusion_reason_it: str = ""
    name_it: str = ""  # ``name`` is the printed, English one


@dataclass(frozen=True)
class WeatherInfo:
    """A weather condition (99.x) and how it combines with the others."""

    code: str
    requires: frozenset[str] = frozenset()  # all of these must be present
    requires_any: frozenset[str] = frozenset()  # at least one of these
    implies: frozenset[str] = frozenset()
    excludes: frozenset[str] = frozenset()
    only_by_ssr: bool = False
    rule: str = ""


@dataclass(frozen=True)
class MatchupInfo:
    """A row of the table of historical match-ups (Q&A 3.1)."""

    nationalities: frozenset[str]  # the two nationalities
    valid_historical: bool
    rule: str


@dataclass(frozen=True)
class MatchupRule:
    """A rule triggered when ``nationality`` faces one of ``opponents`` (46.1, 47.2, 50.42)."""

    rule: str
    nationality: str
    opponents: frozenset[str]
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class TheatreLimit:
    """A theatre something belongs to, and the rule that says so (52.1: the desert deck)."""

    theatre: str
    rule: str


@dataclass(frozen=True)
class ScenarioReference:
    """The codes and facts a scenario document is checked against."""

    published_scenarios: Mapping[str, PublishedScenarioInfo] = field(default_factory=dict)
    weather: Mapping[str, WeatherInfo] = field(default_factory=dict)
    topographies: Mapping[str, str] = field(default_factory=dict)  # code -> theatre ("": any)
    environments: frozenset[str] = frozenset()
    special_rules: Mapping[str, str] = field(default_factory=dict)  # code -> rule reference
    card_types: frozenset[str] = frozenset()  # action card types a deck change may name
    topography_rules: Mapping[str, str] = field(default_factory=dict)  # code -> rule (M9.x)
    # Q&A 3.1, by the pair of nationalities (a pair the table lacks is not in it).
    matchups: Mapping[frozenset[str], MatchupInfo] = field(default_factory=dict)
    marines: MatchupRule | None = None  # 46.1: who is Marines by default, and against whom
    jungle: MatchupRule | None = None  # 47.2: who the jungle rules are for
    italians_vs_russians: MatchupRule | None = None  # 50.42
    deck_theatres: Mapping[str, TheatreLimit] = field(default_factory=dict)  # deck -> theatre


RN_COLOURS = ("red", "black")  # the two colours of a Random Number (0-6)


@dataclass(frozen=True)
class RandomNumbers:
    """The action deck's Random Number distribution: a relative weight per (number, colour).

    No source gives the per-card counts (action_deck.csv), so the data may hold an assumption:
    ``is_assumption`` says so and ``assumption_en``/``assumption_it`` word it for people.
    """

    code: str
    weights: Mapping[tuple[int, str], float]  # (0-6, "red" | "black") -> relative weight
    is_assumption: bool
    assumption_en: str = ""
    assumption_it: str = ""
    rule: str = ""
    source: str = ""
    confidence: str = ""

    def probability(self, number: int, colour: str) -> float:
        total = sum(self.weights.values())
        return self.weights.get((number, colour), 0.0) / total if total else 0.0


@dataclass(frozen=True)
class RandomCheck:
    """A draw of a Random Number that the data defines, and the numbers that trigger it.

    ``outcomes`` are the (number, colour) pairs on which ``effect`` happens (52.4: a red 6
    brings a sandstorm); ``when`` says at which moment of play it is drawn.
    """

    code: str  # what it is about: "sandstorm", "avalanche", "mines_real", ...
    rule: str
    when: str  # "end_of_deck" | "start_of_deck" | "on_event" | "prepare_for_play"
    outcomes: frozenset[tuple[int, str]]
    effect: str = ""
    # Whom the draw is for (99.85: "axis_not_finnish_afv") and the date it stops applying
    # ("1942-04": scenarios before April 1942); "" when the data gives no such limit.
    applies_to: str = ""
    before: str = ""


@dataclass(frozen=True)
class RandomReinforcementResult:
    """A row of the Random Reinforcement table (48.3; 53.2 for French and Italians)."""

    nationality: str
    rn: int
    cards: tuple[int, ...]
    sniper: bool
    free_choice: bool  # "*": a card of the player's choice (48.31)
    rule: str


@dataclass(frozen=True)
class SimulationReference:
    """What the simulation of a scenario's random procedures reads (docs/simulation.md)."""

    random_numbers: RandomNumbers | None = None
    # Deck-end checks that end the game: by environment (M10.4 deep snow: avalanche) and by
    # terrain deck (52.4 desert: sandstorm).
    environment_deck_end_checks: Mapping[str, RandomCheck] = field(default_factory=dict)
    terrain_deck_end_checks: Mapping[str, RandomCheck] = field(default_factory=dict)
    # Other draws a terrain deck's rules define (52.11 desert minefields), by deck.
    terrain_draws: Mapping[str, tuple[RandomCheck, ...]] = field(default_factory=dict)
    # Weather checks at the start of a deck (99.5, 99.6, 99.81), by condition code.
    weather_checks: Mapping[str, tuple[RandomCheck, ...]] = field(default_factory=dict)
    # 99.5: precipitation is falling snow instead of rain when one of these is in effect.
    snow_conditions: frozenset[str] = frozenset()
    # Draws a weather condition asks for outside the deck starts (99.85), by condition code.
    weather_draws: Mapping[str, tuple[RandomCheck, ...]] = field(default_factory=dict)
    random_reinforcements: Mapping[tuple[str, int], RandomReinforcementResult] = field(
        default_factory=dict
    )
    # M12.1: in a mountain DYO scenario, Elite troops bought are mountain troops on this draw.
    mountain_troops_check: RandomCheck | None = None
    # The Axis nationalities (nationalities.csv axis_or_allied), for draws limited to them.
    axis_nationalities: frozenset[str] = frozenset()


@dataclass(frozen=True)
class CardSubstitution:
    """A card of a terrain deck variant standing in for a standard card (terrain.yaml).

    ``replaces`` is None when the source does not say which card it replaces; ``count`` and
    ``card_number`` are None when the source gives none (then every card of the type).
    """

    replacement: str  # the replacement's code ("jungle", "wheatfield", "elevation_2"...)
    replaces: str | None  # a card type code
    rule: str
    card_number: int | None = None
    count: int | None = None
    elevation_level: int | None = None  # M3: the card marks this elevation level
    cower: bool = False  # the replacement is a cower (useless) card (52.14)
    # Words for people, in the data's two languages.
    name_en: str = ""
    name_it: str = ""


@dataclass(frozen=True)
class DeckRuleRef:
    """One rule a terrain deck is played with (TerrainDeckRule): its topic and reference.

    ``rereads``: the printed card types the rule gives a new meaning while they stay in the deck
    (52.13-52.16: Stream as Wadi...); ``as_printed_too``: card types that may still be played as
    themselves besides their new use (M3.1: a Marsh at level 0).
    """

    topic: str
    rule: str
    rereads: frozenset[str] = frozenset()
    as_printed_too: frozenset[str] = frozenset()


@dataclass(frozen=True)
class TerrainDeckInfo:
    code: str
    rule: str
    substitutions: tuple[CardSubstitution, ...] = ()
    deck_rules: tuple[DeckRuleRef, ...] = ()


@dataclass(frozen=True)
class TopographyInfo:
    """A mountain topography (M9): the card types it makes cower cards."""

    code: str
    rule: str
    cower_cards: frozenset[str] = frozenset()


@dataclass(frozen=True)
class EnvironmentInfo:
    """An environmental condition of the mountain article (M10)."""

    code: str
    rule: str


@dataclass(frozen=True)
class SpecialRuleInfo:
    code: str
    category: str
    rule: str


@dataclass(frozen=True)
class PlannedDeckChange:
    """A deck change a rule prescribes (a 43.33 victory row: "first 4 Buildings")."""

    action: str  # "remove" | "cower"
    card_type: str  # a card type code, or "buildings" (either value)
    count: int | None = None  # None: all of them
    which: str = "first"


@dataclass(frozen=True)
class VictoryRowNeeds:
    """A row of the 43.33 victory conditions table and the cards it needs in the deck.

    ``needs_any``: the condition can be met only while the deck holds at least one of these
    card types, usable (rule_summaries.yaml ``victory_conditions``; empty: no such need).
    ``confidence`` says how sure the data is of that reading ("high": an unmet need is an
    error, otherwise a warning).
    """

    rpn: int
    rule: str
    needs_any: frozenset[str] = frozenset()
    met_by_replacements: frozenset[str] = frozenset()  # replacement cards that serve as well
    confidence: str = ""
    deck_changes: tuple[PlannedDeckChange, ...] = ()
    # Some of the row's VP count only for cards in these types (rows 1 and 4: Buildings); the
    # row can still be met without them (casualty VP count), so their absence is only told.
    vp_limited_to: frozenset[str] = frozenset()
    fire_reducing: bool = False  # the row needs "fire-reducing terrain" (rows 6, 7; M11)


@dataclass(frozen=True)
class NationalityRuleRef:
    """A NationalityRule row: who it is for and its reference (rule, topic is its key)."""

    nationality: str | None  # None: not tied to one nationality (48.x, 53.x)
    applies_to: str  # "" (the nationality itself), "marines", "partisans", ...
    topic: str
    rule: str
    # A rule not tied to one nationality that only matters when one of these takes part (53.2:
    # the French and Italian random reinforcement table); empty: always.
    for_nationalities: frozenset[str] = frozenset()


@dataclass(frozen=True)
class GameReference:
    """What the full-game validation and the rules digest read beyond the quick checks."""

    card_types: tuple[str, ...] = ()  # in the data's order
    decks: Mapping[str, TerrainDeckInfo] = field(default_factory=dict)
    topographies: Mapping[str, TopographyInfo] = field(default_factory=dict)
    environments: Mapping[str, EnvironmentInfo] = field(default_factory=dict)
    special_rules: Mapping[str, SpecialRuleInfo] = field(default_factory=dict)
    victory_rows: Mapping[int, VictoryRowNeeds] = field(default_factory=dict)
    nationality_rules: tuple[NationalityRuleRef, ...] = ()
    troop_types: Mapping[tuple[str, str], str] = field(default_factory=dict)  # -> rule
    # 53.1: match-ups that happened only in some years (French against Japanese).
    matchup_years: tuple[MatchupRule, ...] = ()
    # RuleSummary rows the digest lists by group ("mountain_elevation", "mountain_troops",
    # "mountain_scenarios"): group -> ((rule, topic), ...) in the data's order.
    rule_summaries: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Catalogue:
    data_revision: str
    periods: tuple[str, ...]
    nationalities: Mapping[str, NationalityInfo]
    cards: Mapping[tuple[str, int], CardInfo]
    radios: tuple[RadioPrice, ...]
    prices: Prices
    secondary_permissions: Mapping[tuple[str, str], bool | None]
    variants: Mapping[tuple[str, str], ForceVariantInfo]  # (code, nationality)
    mountain_troops: Mapping[str, str | None]
    unit_types: tuple[UnitTypeEntry, ...] = ()
    tables: tuple[TableEntry, ...] = ()
    lmg_class_weapons: frozenset[str] = frozenset()  # 46.4: weapon codes that count as LMGs
    marine_rules: MarineRules | None = None
    scenario_reference: ScenarioReference = field(default_factory=ScenarioReference)
    game_reference: GameReference = field(default_factory=GameReference)
    simulation_reference: SimulationReference = field(default_factory=SimulationReference)

    def period_index(self, period: str) -> int:
        return self.periods.index(period)

    @cached_property
    def card_lines(self) -> Mapping[tuple[str, int], LineItem]:
        """43.2: the priced line of each card bought at its printed DYO value, by card.

        The same for every force: made once per catalogue, not for every card of every
        validation (three objects each: a 40-card force's 120 fewer, docs/performance.md).
        Unknown points are priced 0 here and flagged as a warning by the checks.
        """
        return {
            key: LineItem(
                message("line.card", card=card.card_no), card.dyo_points or 0, "43.2", card.name
            )
            for key, card in self.cards.items()
        }

    @cached_property
    def highest_card(self) -> int:
        """The highest personality card number of any nationality (0 with no cards)."""
        return max((number for _nationality, number in self.cards), default=0)

    def variant(self, code: str, nationality: str) -> ForceVariantInfo | None:
        return self.variants.get((code, nationality))
