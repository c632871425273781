"""What a scenario based on a published one (A-X) starts from, read from the reference data.

The numbers (time limit, DYO budgets) come from the catalogue; the deck changes, cower cards
and first player are the scenario card's texts (``PublishedScenario``), read here into the
document's structured fields. A text this reader does not recognise is never dropped nor
guessed at: it becomes a custom special rule quoting the card, and the designer shows every
card text beside what was filled in. With the mountain rules, the scenario's M11 adaptation is
applied (its special rules and required topography; its "no card removed" replaces the card's
deck removals, as docs/data.md reads it) or, for B, G and R, the exclusion is reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from upfront import labels
from upfront.reference.models import (
    MountainAdaptation,
    Nationality,
    PublishedScenario,
    TerrainCardType,
    is_english_fallback,
    localized,
)
from upfront.rules.codes import SSR_PILLBOX_NOT_ELEVATION
from upfront.rules.scenario import ANY_BUILDINGS

TWO_SEGMENTS = "two segments"  # scenarios.csv "type" of a scenario fought twice (K)
# M11: "In tutti gli Scenari la Casamatta è considerato una carta LE 4 (3.4) a meno che le RSS
# non dicano diversamente": the special rule that keeps it a Pillbox (C, O).
PILLBOX_NOT_ELEVATION = SSR_PILLBOX_NOT_ELEVATION
# Card names the scenario cards use that are not terrain card types (action cards): named as
# their codes (upfront.labels.CARD_TYPE).
_ACTION_CARDS = {code: code for code in labels.CARD_TYPE if code != ANY_BUILDINGS}
_SIDES = ("attacker", "defender")


@dataclass
class Prefill:
    """Fields of the scenario body to set, and the card texts they were read from."""

    letter: str
    name: str
    time_limit_decks: int | None = None
    first_player: str | None = None
    deck_changes: list[dict[str, Any]] = field(default_factory=list)
    special_rules: list[dict[str, Any]] = field(default_factory=list)
    budgets: dict[str, int | None] = field(default_factory=dict)  # role -> DYO points
    topography: str | None = None
    terrain_deck: str | None = None
    # What the card says, shown beside the form: (label code, text in the reader's language,
    # whether that text is the English for want of its Italian).
    card_texts: list[tuple[str, str, bool]] = field(default_factory=list)
    mountain_excluded: bool = False
    mountain_note: str = ""


def _card_types() -> dict[str, str]:
    """Card names as the scenario cards write them (lower case, singular) -> type code."""
    names = {t.name_en.lower(): t.code for t in TerrainCardType.objects.all()}
    names["buildings"] = ANY_BUILDINGS  # either value (interchange format: "buildings")
    return names


def _type_code(name: str, types: dict[str, str]) -> str | None:
    word = name.strip().lower()
    for candidate in (word, word.removesuffix("s")):
        if candidate in types:
            return types[candidate]
        if candidate in _ACTION_CARDS:
            return _ACTION_CARDS[candidate]
    return None


def _type_list(text: str, types: dict[str, str]) -> list[str] | None:
    codes = [_type_code(part, types) for part in re.split(r",\s*|\s+and\s+", text) if part]
    return None if not codes or None in codes else [c for c in codes if c]


def _custom(kind: str, text: str) -> dict[str, Any]:
    # The card's own words, labelled so the reader knows where they come from.
    return {"code": "custom", "text": f"{kind}: {text}"}


def deck_removals(text: str, types: dict[str, str]) -> tuple[list[dict[str, Any]], list[dict]]:
    """'first 5 Buildings', 'first Stream and first 4 Buildings', 'ALL Buildings (...)', 'none'.

    Returns (deck changes, special rules). Remarks after the first clause (variants of other
    printings, jungle exceptions) are left to the card text the designer shows.
    """
    clause = re.split(r"[;(]|, none", text, maxsplit=1)[0].strip()
    if not clause or clause.lower() == "none":
        return [], []
    match = re.fullmatch(r"all (\w+)", clause, flags=re.IGNORECASE)
    if match and (code := _type_code(match.group(1), types)):
        which = "all_except_occupied" if "except" in text else "all"
        # "All ... except those occupied" has no deck-change form; the catalogue's SSR has.
        params = {"card_type": code, "count": "all", "which": which}
        return [], [{"code": "cards_removed", "params": params}]
    changes = []
    for part in re.split(r"\s+and\s+|,\s*", clause):
        found = re.fullmatch(r"first (?:(\d+) )?(\w+)", part.strip(), flags=re.IGNORECASE)
        code = _type_code(found.group(2), types) if found else None
        if not found or code is None or code in _ACTION_CARDS.values():
            return [], [_custom("Deck removals (scenario card)", text)]
        count = int(found.group(1) or 1)
        changes.append({"action": "remove", "card_type": code, "count": count, "which": "first"})
    return changes, []


def cower_cards(text: str, types: dict[str, str]) -> tuple[list[dict[str, Any]], list[dict]]:
    """'Pillbox; Minefield', 'Sniper is Cower for the attacker (defender only); all Marsh'."""
    changes: list[dict[str, Any]] = []
    rules: list[dict[str, Any]] = []

    def cower(codes: list[str]) -> None:
        for code in codes:
            if code in _ACTION_CARDS.values():
                rules.append(
                    {"code": "cower_cards", "params": {"card_types": [code], "side": "both"}}
                )
            else:
                changes.append(
                    {"action": "cower", "card_type": code, "count": None, "which": "any"}
                )

    for item in (part.strip() for part in text.split(";")):
        if not item or item.lower() == "none":
            continue
        plain = re.fullmatch(r"(?:all )?(.+?)(?: for both)?", item, flags=re.IGNORECASE)
        per_side = re.fullmatch(
            r"(.+?) (?:is|are) cower for the (attacker|defender)(?: \(defender only\))?",
            item,
            flags=re.IGNORECASE,
        )
        treats = re.fullmatch(r"(\w+) treats (.+?) as cower", item, flags=re.IGNORECASE)
        traps = re.fullmatch(r"(\w+) uses minefields as booby traps", item, flags=re.IGNORECASE)
        if per_side and (codes := _type_list(per_side.group(1), types)):
            side = per_side.group(2).lower()
            rules.append({"code": "cower_cards", "params": {"card_types": codes, "side": side}})
        elif treats and (codes := _type_list(treats.group(2), types)):
            side = treats.group(1).lower()
            rules.append({"code": "cower_cards", "params": {"card_types": codes, "side": side}})
        elif traps:
            side = traps.group(1).lower()
            rules.append({"code": "minefields_are_booby_traps", "params": {"side": side}})
        elif plain and (codes := _type_list(plain.group(1), types)):
            cower(codes)
        else:
            rules.append(_custom("Cower cards (scenario card)", item))
    return changes, rules


def first_player(text: str) -> tuple[str | None, list[dict[str, Any]]]:
    """Who plays first, by role; 'the Axis' or 'the card's order' stay a special rule."""
    lowered = text.lower()
    both = re.match(r"(?:\w+ \()?(attacker|defender|axis)\)? sets up and moves first", lowered)
    if both:
        who = both.group(1)
        if who in _SIDES:
            return who, []
        params = {"sets_up_first": who, "moves_first": who}
        return None, [{"code": "first_player", "params": params}]
    split = re.match(
        r"(attacker|defender) sets up first.*?(attacker|defender) moves first", lowered
    )
    if split:
        params = {"sets_up_first": split.group(1), "moves_first": split.group(2)}
        return split.group(2), [{"code": "first_player", "params": params}]
    if "order shown on the card" in lowered:
        params = {"sets_up_first": "card_order", "moves_first": "card_order"}
        return None, [{"code": "first_player", "params": params}]
    return None, [_custom("First player (scenario card)", text)] if text else []


def published_scenario_prefill(letter: str, *, mountain: bool) -> Prefill | None:
    """The prefill of published scenario ``letter`` (None when the letter is unknown)."""
    row = PublishedScenario.objects.filter(letter=letter).first()
    if row is None:
        return None
    types = _card_types()
    removals, removal_rules = deck_removals(row.deck_removals, types)
    cower, cower_rules = cower_cards(row.cower_cards, types)
    first, first_rules = first_player(row.first_player)
    # The card's type says when it is fought in two segments (K: "attack/defence, two
    # segments"); the M11 adaptation of K keeps elevation between them.
    segment_rules = (
        [{"code": "two_segments", "params": {}}] if TWO_SEGMENTS in row.scenario_type else []
    )
    prefill = Prefill(
        letter=row.letter,
        name=row.name,
        time_limit_decks=row.time_limit_decks,
        first_player=first,
        deck_changes=removals + cower,
        special_rules=removal_rules + cower_rules + first_rules + segment_rules,
        budgets={"attacker": row.dyo_attacker, "defender": row.dyo_defender},
        card_texts=[
            (kind, localized(row, kind), is_english_fallback(row, kind))
            for kind in ("deck_removals", "cower_cards", "first_player")
        ],
    )
    if mountain:
        _apply_mountain(prefill, row)
    return prefill


def _apply_mountain(prefill: Prefill, row: PublishedScenario) -> None:
    """M11: the published scenario as played in the mountains."""
    adaptation = (
        MountainAdaptation.objects.filter(scenario=row)
        .select_related("topography_required")
        .first()
    )
    if adaptation is None:
        return
    if adaptation.excluded:
        prefill.mountain_excluded = True
        prefill.mountain_note = localized(adaptation, "exclusion_reason")
        return
    # The adaptation's "no card removed" replaces the card's deck removals (docs/data.md).
    prefill.deck_changes = [c for c in prefill.deck_changes if c["action"] != "remove"]
    prefill.special_rules = [r for r in prefill.special_rules if r["code"] != "cards_removed"]
    codes = {item["code"] for item in adaptation.special_rules}
    # Its rules on Marsh and Minefields override (or restate) the card's cower cards; the
    # Pillbox is the level-4 Elevation Card (M11, M3.4), not a cower card, unless the
    # adaptation keeps it a Pillbox.
    overridden = {"marsh_not_cower": "marsh", "minefields_cower": "minefield"}
    dropped = {card for code, card in overridden.items() if code in codes}
    if PILLBOX_NOT_ELEVATION not in codes:
        dropped.add("pillbox")
    prefill.deck_changes = [
        c
        for c in prefill.deck_changes
        if not (c["action"] == "cower" and c["card_type"] in dropped)
    ]
    for item in adaptation.special_rules:
        params = {key: value for key, value in item.items() if key != "code"}
        prefill.special_rules.append({"code": item["code"], "params": params})
    if adaptation.topography_required is not None:
        prefill.topography = adaptation.topography_required.code
    prefill.terrain_deck = "mountain_elevation"  # M2: Terrain cards serve as Elevation Cards
    prefill.mountain_note = localized(adaptation, "cards_removed")


def _rule_moves_first(body: dict[str, Any], rules: list[dict[str, Any]]) -> str | None:
    """The side the filled-in first_player special rule moves first, by role: "the Axis"
    (scenarios A, B, M, N) is the one side whose nationality is Axis; None when neither or
    both are, or the card's order decides (J)."""
    for rule in rules:
        if rule["code"] != "first_player":
            continue
        moves = (rule.get("params") or {}).get("moves_first")
        if moves in _SIDES:
            return str(moves)
        if moves == "axis":
            roles = {
                side["role"]: (side.get("force") or {}).get("nationality")
                for side in body.get("sides") or []
            }
            axis = set(
                Nationality.objects.filter(
                    code__in=[n for n in roles.values() if n], side="axis"
                ).values_list("code", flat=True)
            )
            sides = [role for role, nation in roles.items() if nation in axis]
            return sides[0] if len(sides) == 1 else None
    return None


def prefill_apply(body: dict[str, Any], prefill: Prefill) -> dict[str, Any]:
    """``body`` (what the designer holds) with the published scenario's fields filled in."""
    body = {**body}
    body["time_limit_decks"] = prefill.time_limit_decks
    body["first_player"] = prefill.first_player or _rule_moves_first(body, prefill.special_rules)
    body["deck_changes"] = [dict(change) for change in prefill.deck_changes]
    body["special_rules"] = [dict(rule) for rule in prefill.special_rules]
    if prefill.topography:
        body["topography"] = prefill.topography
    if prefill.terrain_deck:
        body["terrain_deck"] = prefill.terrain_deck
    sides = []
    for side in body.get("sides") or []:
        force = dict(side.get("force") or {})
        budget = prefill.budgets.get(side["role"])
        if budget is not None:
            force["budget"] = budget
        sides.append({**side, "force": force})
    body["sides"] = sides
    return body
