"""The Action deck a scenario is played with: its variant's substitutions and every change.

Kept whole: one rule family (the deck's composition, T1-T5, M3, 52.14) computed in one pass.

The sources never give how many cards of each type the deck holds (``action_deck.csv``: "per-type
counts are NOT given in any source"), so the composition is stated per card type as what happens
to the type (kept, replaced by another card, turned into elevation cards, removed, made cower
cards) with the number of cards involved only where a rule gives it ("the first 4 Buildings",
"card no. 58"). Nothing here counts cards the sources do not count.

The layers, in the order they are applied (a later layer never undoes an earlier one; when two
layers replace the same card type differently the first is kept and the clash is recorded):

1. the terrain deck variant's substitutions (T1-T5, M3 for the elevation deck);
2. the jungle rules brought by a special rule or the jungle topography (47.2, M9.3): Buildings
   become jungle (the jungle deck's substitutions that name the card they replace); the desert
   rules brought by a special rule (52.14: the desert substitutions whose rule is 52.x);
3. the mountain article's elevation cards when the scenario is played in the mountains on
   another deck (M2, M3);
4. the topography's cower cards (M9.1: rocky makes Woods cower);
5. the special rules that change the deck (M11 ``minefields_cower``, ``cower_cards``,
   ``cards_removed``, ``first_card_discarded_when_drawn``);
6. the scenario's own deck changes (``buildings`` = either Buildings card);
7. the weather's re-readings: under snow the Marsh (and under deep snow the Brush) is Open Ground
   (99.821, 99.83, 99.85), still playable as itself on an opposing group or at set-up.

Special rules may also keep a change from applying: ``pillbox_not_elevation`` (M3.4: the Pillbox
stays a Pillbox), ``marsh_not_cower`` (M11: Marsh is not cower) and
``topography_removals_ignored`` (M11: no card is taken out). Such changes are listed with
``overridden_by`` set, and do not count.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from upfront.rules.catalogue import CardSubstitution, Catalogue
from upfront.rules.codes import (
    SSR_CARDS_REMOVED,
    SSR_COWER_CARDS,
    SSR_DESERT_RULES,
    SSR_DISCARDED_WHEN_DRAWN,
    SSR_JUNGLE_RULES,
    SSR_MARSH_NOT_COWER,
    SSR_MINEFIELDS_COWER,
    SSR_NO_REMOVALS,
    SSR_PILLBOX_NOT_ELEVATION,
)

# Re-exported: the checks and the digest read them from here too.
from upfront.rules.mountain import MOUNTAIN_ELEVATION_DECK as MOUNTAIN_ELEVATION_DECK
from upfront.rules.mountain import mountain_rules as mountain_rules
from upfront.rules.scenario import ANY_BUILDINGS, Scenario

ROOT = "scenario"
# 99.821, 99.83, 99.85: snow reads printed terrain as Open Ground (weather.yaml effects
# ``marsh``/``brush: open_ground``; extreme winter: "Terrain is as per Ground Snow"); the cards
# may still be discarded on an opposing group or played at set-up as themselves.
SNOW_OPEN_GROUND: dict[str, tuple[str, frozenset[str]]] = {
    "ground_snow": ("99.821", frozenset({"marsh"})),
    "deep_snow": ("99.83", frozenset({"marsh", "brush"})),
    "extreme_winter": ("99.85", frozenset({"marsh"})),
}
DRIFTS = "drifts"  # 99.84: "Marsh cards represent Drifts Terrain (not Open Ground)"
BUILDINGS = ("buildings_2", "buildings_3")  # what the published cards' "Buildings" means

# Codes of the interchange format (decks, topographies) the deck reads; its special rules' are
# in upfront.rules.codes.
JUNGLE = "jungle"

# What a change does to the cards of a type.
REPLACED, ELEVATION, REMOVED, COWER = "replaced", "elevation", "removed", "cower"
# Where it comes from.
SOURCES = (
    "deck",
    "jungle_rules",
    "desert_rules",
    "mountain",
    "topography",
    "special_rule",
    "deck_change",
    "weather",
)
DESERT_DECK = "desert"
# What is left of a type: every card as printed (kept), some changed (how many are left is
# unknown unless the whole type is involved), or every card replaced / removed / cower / used as
# an elevation card.
STATES = ("kept", "changed", REPLACED, REMOVED, COWER, ELEVATION)
GONE = frozenset({REPLACED, REMOVED})  # no card of the type is in the deck as itself


@dataclass(frozen=True)
class CardChange:
    kind: str  # REPLACED | ELEVATION | REMOVED | COWER
    source: str  # one of SOURCES
    rule: str
    count: int | None = None  # None with no card_number: every card of the type
    card_number: int | None = None  # the card's inventory number, when a rule names it
    which: str = ""  # deck changes: "first" (the first ones found) or "any"
    replacement: str = ""  # the replacing card's code (a substitution of ``variant``)
    variant: str = ""  # the terrain deck whose substitution this is
    elevation_level: int | None = None
    either_buildings: bool = False  # the count is shared by Buildings -2 and -3
    when_drawn: bool = False  # taken out when first drawn, not before play
    side: str = ""  # cower for one side only ("attacker"...); "" = both
    item: str = ""  # the scenario part making the change (a JSON path)
    special_rule: str = ""  # the special rule making it, if any
    overridden_by: str = ""  # a special rule keeping it from applying
    # The printed card stays in the deck with a new meaning (M3: "cambiano il loro significato";
    # 52.13-52.16: Stream as Wadi, Buildings -2 as Rocks, Woods as Oasis): a deck change may
    # still take it out, it is not gone.
    reread: bool = False
    # The card may also still be played as itself (M3.1: "le Paludi possono essere giocate come
    # tali se a LE zero"): the change leaves the type usable.
    as_printed_too: bool = False

    @property
    def whole_type(self) -> bool:
        # "All Buildings" (either value, no count) is every card of both types.
        return (
            self.count is None
            and self.card_number is None
            and not self.side
            and not (self.when_drawn)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "source": self.source,
            "rule": self.rule,
            "count": self.count,
            "card_number": self.card_number,
            "which": self.which,
            "replacement": self.replacement,
            "variant": self.variant,
            "elevation_level": self.elevation_level,
            "either_buildings": self.either_buildings,
            "when_drawn": self.when_drawn,
            "side": self.side,
            "item": self.item,
            "special_rule": self.special_rule,
            "overridden_by": self.overridden_by,
            "reread": self.reread,
            "as_printed_too": self.as_printed_too,
        }


def state_of(changes: Iterable[CardChange]) -> str:
    """What is left of a card type after these changes (overridden ones do not count)."""
    active = [c for c in changes if not c.overridden_by]
    whole = [c for c in active if not c.as_printed_too]  # M3.1: a Marsh is still a Marsh too
    for kind in (REPLACED, REMOVED, ELEVATION, COWER):
        if any(c.kind == kind and c.whole_type for c in whole):
            return kind
    return "changed" if active else "kept"


def _count_change(changes: Iterable[CardChange]) -> int | None:
    """How many cards of the type leave the deck, when the rules say (negative); 0 when none
    do (cower and elevation cards stay in the deck); None when unknown: a whole type is replaced
    or removed (the sources give no per-type counts), or a count is shared by both Buildings."""
    total = 0
    for change in changes:
        if change.overridden_by or change.kind in (COWER, ELEVATION) or change.as_printed_too:
            continue  # (a card re-read but still played as itself stays in the deck)
        if change.whole_type or change.either_buildings:
            return None
        total -= change.count if change.count is not None else 1
    return total


@dataclass(frozen=True)
class DeckEntry:
    card_type: str
    state: str  # one of STATES
    changes: tuple[CardChange, ...] = ()
    count_change: int | None = 0

    @property
    def usable(self) -> bool:
        """Some card of the type may still be played as itself (kept or only partly changed)."""
        return self.state in ("kept", "changed")

    def to_dict(self) -> dict[str, Any]:
        return {
            "card_type": self.card_type,
            "state": self.state,
            "usable": self.usable,
            "count_change": self.count_change,
            "changes": [c.to_dict() for c in self.changes],
        }


@dataclass(frozen=True)
class DeckAddition:
    """A card a deck variant brings in without saying which card it replaces (T1.1, T2.2...)."""

    replacement: str
    variant: str
    rule: str

    def to_dict(self) -> dict[str, Any]:
        return {"replacement": self.replacement, "variant": self.variant, "rule": self.rule}


@dataclass(frozen=True)
class DeckConflict:
    """Two layers change the same card type differently: the first is kept."""

    card_type: str
    kept: CardChange
    dropped: CardChange

    def to_dict(self) -> dict[str, Any]:
        return {
            "card_type": self.card_type,
            "kept": self.kept.to_dict(),
            "dropped": self.dropped.to_dict(),
        }


@dataclass(frozen=True)
class DeckComposition:
    variant: str  # the terrain deck's code
    variant_rule: str
    entries: tuple[DeckEntry, ...] = ()
    additions: tuple[DeckAddition, ...] = ()
    conflicts: tuple[DeckConflict, ...] = ()

    def entry(self, card_type: str) -> DeckEntry | None:
        return next((e for e in self.entries if e.card_type == card_type), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "variant_rule": self.variant_rule,
            "entries": [e.to_dict() for e in self.entries],
            "additions": [a.to_dict() for a in self.additions],
            "conflicts": [c.to_dict() for c in self.conflicts],
        }


def open_ground_by_weather(scenario: Scenario) -> dict[str, tuple[str, int]]:
    """The card types the scenario's weather reads as Open Ground: card type -> (rule, index of
    the weather that says so). 99.84 Drifts keep the Marsh a terrain of its own."""
    read: dict[str, tuple[str, int]] = {}
    for index, code in enumerate(scenario.weather):
        rule, card_types = SNOW_OPEN_GROUND.get(code, ("", frozenset()))
        for card_type in sorted(card_types):
            read.setdefault(card_type, (rule, index))
    if DRIFTS in scenario.weather:
        read.pop("marsh", None)
    return read


def special_rule_path(scenario: Scenario, code: str) -> str | None:
    """The JSON path of the first use of a special rule, or None."""
    for index, use in enumerate(scenario.special_rules):
        if use.code == code:
            return f"{ROOT}.special_rules[{index}]"
    return None


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@dataclass
class _Builder:
    scenario: Scenario
    catalogue: Catalogue
    changes: dict[str, list[CardChange]] = field(default_factory=dict)
    additions: list[DeckAddition] = field(default_factory=list)
    conflicts: list[DeckConflict] = field(default_factory=list)
    present: set[str] = field(default_factory=set)  # the special rules the scenario uses

    def __post_init__(self) -> None:
        self.changes = {code: [] for code in self.catalogue.game_reference.card_types}
        self.present = {use.code for use in self.scenario.special_rules}

    def rule_of(self, code: str) -> str:
        info = self.catalogue.game_reference.special_rules.get(code)
        return info.rule if info else ""

    def add(self, card_type: str, change: CardChange) -> None:
        if card_type not in self.changes:
            return  # not a card type of the data: a reference fault, reported as such
        for earlier in self.changes[card_type]:
            clash = (
                earlier.source != change.source
                and not earlier.overridden_by
                and not change.overridden_by
                and earlier.replacement  # both made by substitutions
                and change.replacement
                and (earlier.whole_type or change.whole_type)
            )
            if clash and change.kind == ELEVATION and earlier.variant == JUNGLE:
                # One answer to the jungle/mountain clash, whichever layer brings the jungle
                # (T2 deck, 47.2 rule, M9.3 topography) and whichever the elevation (deck or
                # flag): in the mountains the Buildings mark levels 2 and 3 (M3.2, M3.3), which
                # the article's own jungle topography (M9.3) does not take away.
                self.conflicts.append(DeckConflict(card_type, change, earlier))
                self.changes[card_type].remove(earlier)
                break
            if clash:
                self.conflicts.append(DeckConflict(card_type, earlier, change))
                return
        self.changes[card_type].append(change)

    def substitutions(
        self, subs: Iterable[CardSubstitution], *, source: str, variant: str, rule: str, item: str
    ) -> None:
        for sub in subs:
            if sub.replaces is None:
                if source == "deck":
                    self.additions.append(DeckAddition(sub.replacement, variant, sub.rule))
                continue
            kind = _kind_of(sub)
            overridden = ""
            # M3.4: the Pillbox marks level 4 unless the scenario keeps it a Pillbox.
            pillbox = kind == ELEVATION and sub.replaces == "pillbox"
            if pillbox and SSR_PILLBOX_NOT_ELEVATION in self.present:
                overridden = SSR_PILLBOX_NOT_ELEVATION
            rereads, as_printed_too = self.readings(variant)
            self.add(
                sub.replaces,
                CardChange(
                    kind=kind,
                    source=source,
                    rule=rule or sub.rule,
                    count=sub.count,
                    card_number=sub.card_number,
                    replacement=sub.replacement,
                    variant=variant,
                    elevation_level=sub.elevation_level,
                    item=item,
                    overridden_by=overridden,
                    reread=sub.replaces in rereads,
                    as_printed_too=sub.replaces in as_printed_too,
                ),
            )

    def readings(self, variant: str) -> tuple[dict[str, str], frozenset[str]]:
        """A deck's rules re-reading printed cards: card type -> the rule that re-reads it, and
        the card types still playable as themselves (terrain.yaml ``rereads``,
        ``as_printed_too``)."""
        deck = self.catalogue.game_reference.decks.get(variant)
        rereads: dict[str, str] = {}
        as_printed_too: set[str] = set()
        for deck_rule in deck.deck_rules if deck else ():
            for card_type in sorted(deck_rule.rereads):
                rereads.setdefault(card_type, deck_rule.rule)
            as_printed_too |= deck_rule.as_printed_too
        return rereads, frozenset(as_printed_too)

    def cower(self, card_type: str, change: CardChange) -> None:
        # M11 marsh_not_cower: Marsh cards are not cower cards, whatever else says so.
        if card_type == "marsh" and SSR_MARSH_NOT_COWER in self.present:
            change = replace(change, overridden_by=SSR_MARSH_NOT_COWER)
        self.add(card_type, change)

    def build(self) -> DeckComposition:
        scenario, ref = self.scenario, self.catalogue.game_reference
        deck = ref.decks.get(scenario.terrain_deck)
        if deck is not None:  # 1. the variant (T1-T5, M3)
            self.substitutions(
                deck.substitutions,
                source="deck",
                variant=deck.code,
                rule="",
                item=f"{ROOT}.terrain_deck",
            )
        self.jungle_rules()  # 2. 47.2 / M9.3
        self.desert_rules()  # 2. 52.1x by special rule
        if mountain_rules(scenario) and scenario.terrain_deck != MOUNTAIN_ELEVATION_DECK:
            elevation = ref.decks.get(MOUNTAIN_ELEVATION_DECK)  # 3. M2, M3
            if elevation is not None:
                self.substitutions(
                    elevation.substitutions,
                    source="mountain",
                    variant=elevation.code,
                    rule="",
                    item=f"{ROOT}.mountain",
                )
        topography = ref.topographies.get(scenario.topography or "")
        if topography is not None:  # 4. M9.1: rocky makes Woods cower
            for card_type in sorted(topography.cower_cards):
                self.cower(
                    card_type,
                    CardChange(
                        kind=COWER,
                        source="topography",
                        rule=topography.rule,
                        item=f"{ROOT}.topography",
                    ),
                )
        self.special_rule_changes()  # 5.
        self.deck_changes()  # 6.
        for card_type, (rule, index) in open_ground_by_weather(scenario).items():  # 7. 99.8x
            self.add(
                card_type,
                CardChange(
                    kind=REPLACED,
                    source="weather",
                    rule=rule,
                    item=f"{ROOT}.weather[{index}]",
                    reread=True,
                    as_printed_too=True,
                ),
            )
        entries = []
        for card_type, changes in self.changes.items():
            state = state_of(changes)
            entries.append(DeckEntry(card_type, state, tuple(changes), _count_change(changes)))
        return DeckComposition(
            variant=scenario.terrain_deck,
            variant_rule=deck.rule if deck else "",
            entries=tuple(entries),
            additions=tuple(self.additions),
            conflicts=tuple(self.conflicts),
        )

    def jungle_rules(self) -> None:
        scenario, ref = self.scenario, self.catalogue.game_reference
        jungle = ref.decks.get(JUNGLE)
        if jungle is None or scenario.terrain_deck == JUNGLE:
            return
        by_rule = special_rule_path(scenario, SSR_JUNGLE_RULES)
        by_topography = scenario.topography == JUNGLE
        if not by_rule and not by_topography:
            return
        # M11 topography_removals_ignored: the jungle replacement the topography brings does
        # not apply (the special rule's own reading, special_rules.yaml).
        overridden = SSR_NO_REMOVALS if not by_rule and SSR_NO_REMOVALS in self.present else ""
        matchup = self.catalogue.scenario_reference.jungle
        rule = matchup.rule if matchup else ""
        item = by_rule or f"{ROOT}.topography"
        for sub in jungle.substitutions:
            if sub.replaces is None:
                continue
            self.add(
                sub.replaces,
                CardChange(
                    kind=_kind_of(sub),
                    source="jungle_rules",
                    rule=rule or sub.rule,
                    count=sub.count,
                    card_number=sub.card_number,
                    replacement=sub.replacement,
                    variant=jungle.code,
                    item=item,
                    overridden_by=overridden,
                ),
            )

    def desert_rules(self) -> None:
        # 52.1: "Per le carte Edificio, Bosco, Fiume e Campo Minato si sostituiscono tutte le
        # regole": by special rule on another deck, the printed Stream, Buildings, Marsh and Woods
        # are read as 52.13-52.16 say (the desert deck's rules naming them, ``rereads``). The
        # desert deck's own new cards (Escarpment, Dune, Sangar: T1) do not come with them.
        scenario, ref = self.scenario, self.catalogue.game_reference
        desert = ref.decks.get(DESERT_DECK)
        path = special_rule_path(scenario, SSR_DESERT_RULES)
        if desert is None or path is None or scenario.terrain_deck == DESERT_DECK:
            return
        rereads, as_printed_too = self.readings(desert.code)
        for sub in desert.substitutions:
            if sub.replaces is None or sub.replaces not in rereads:
                continue
            if sub.replaces in as_printed_too:
                # 52.12: a desert Hill is a dune "e comunque le regole per essa non cambiano":
                # the special rule leaves the printed Hill as it is.
                continue
            self.add(
                sub.replaces,
                CardChange(
                    kind=_kind_of(sub),
                    source="desert_rules",
                    rule=rereads[sub.replaces],
                    count=sub.count,
                    card_number=sub.card_number,
                    replacement=sub.replacement,
                    variant=desert.code,
                    item=path,
                    reread=True,
                ),
            )

    def special_rule_changes(self) -> None:
        for index, use in enumerate(self.scenario.special_rules):
            path = f"{ROOT}.special_rules[{index}]"
            rule = self.rule_of(use.code)
            params = use.params
            base = CardChange(
                kind=COWER, source="special_rule", rule=rule, item=path, special_rule=use.code
            )
            if use.code == SSR_MINEFIELDS_COWER:  # M11
                self.cower("minefield", base)
            elif use.code == SSR_COWER_CARDS:
                side = str(params.get("side") or "")
                for card_type in params.get("card_types") or ():
                    for code in _card_types(str(card_type)):
                        self.cower(
                            code,
                            replace(
                                base,
                                side="" if side in ("", "both") else side,
                                either_buildings=str(card_type) == ANY_BUILDINGS,
                            ),
                        )
            elif use.code in (SSR_CARDS_REMOVED, SSR_DISCARDED_WHEN_DRAWN):
                card_type = str(params.get("card_type") or "")
                which = str(params.get("which") or "first")
                for code in _card_types(card_type):
                    self.add(
                        code,
                        replace(
                            base,
                            kind=REMOVED,
                            count=_int_or_none(params.get("count")),
                            which=which if which in ("first", "any") else "",
                            either_buildings=card_type == ANY_BUILDINGS,
                            when_drawn=use.code == SSR_DISCARDED_WHEN_DRAWN,
                            overridden_by=self.no_removals(),
                        ),
                    )

    def no_removals(self) -> str:
        return SSR_NO_REMOVALS if SSR_NO_REMOVALS in self.present else ""

    def deck_changes(self) -> None:
        for index, change in enumerate(self.scenario.deck_changes):
            path = f"{ROOT}.deck_changes[{index}]"
            for code in _card_types(change.card_type):
                made = CardChange(
                    kind=REMOVED if change.action == "remove" else COWER,
                    source="deck_change",
                    rule="",
                    count=change.count,
                    which=change.which,
                    either_buildings=change.card_type == ANY_BUILDINGS,
                    item=path,
                    overridden_by=self.no_removals() if change.action == "remove" else "",
                )
                if made.kind == COWER:
                    self.cower(code, made)
                else:
                    self.add(code, made)


def _kind_of(sub: CardSubstitution) -> str:
    # M3: an elevation card; 52.14: a replacement that is a useless card makes the type cower.
    if sub.elevation_level is not None:
        return ELEVATION
    return COWER if sub.cower else REPLACED


def _card_types(code: str) -> tuple[str, ...]:
    """A card type code, or both Buildings types for ``buildings``."""
    if code == ANY_BUILDINGS:
        return BUILDINGS
    return (code,) if code else ()


def deck_composition(scenario: Scenario, catalogue: Catalogue) -> DeckComposition:
    """The Action deck after the variant's substitutions and every change, by card type."""
    return _Builder(scenario, catalogue).build()
