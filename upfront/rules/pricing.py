"""Pricing a DYO force (rules 43.2-43.7, 44.8, 45.7, 46.5, 48.1, 50.8, 51.5).

Rounding: fractions are rounded up, as 43.4 states for reinforcements and as the published
partisan force of scenario I shows for 43.5 (150 x 0.95 = 142.5 -> 143). Arithmetic is exact
(Decimal) so 0.8 x 45 is 36, never 36.00000001 -> 37.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import Decimal

from upfront.rules.catalogue import CardInfo, Catalogue, MarineRules, RadioPrice
from upfront.rules.force import CardPurchase, Force
from upfront.rules.messages import Message, message
from upfront.rules.results import LineItem


def ceil_points(value: Decimal) -> int:
    return math.ceil(value)


def secondary_price(catalogue: Catalogue, weapon: str) -> tuple[int | None, str]:
    prices = catalogue.prices
    if weapon == "atmm":
        return prices.atmm, "43.7"
    if weapon == "panzerfaust":
        return prices.panzerfaust, "43.7"
    if weapon == "demolition_charge":
        return prices.demolition_charge, "43.7"
    if weapon == "at_mine":
        return prices.at_mine, "45.7"  # 45.7: priced as the ATMM
    return None, "43.7"


def radio_price(catalogue: Catalogue, force: Force, fire_strength: int) -> RadioPrice | None:
    # 43.7 / 44.8 / 45.7 / 50.8 / 51.5: the price depends on nationality and, for the
    # Italians and French, on troop type (Reservists are the French second line).
    for radio in catalogue.radios:
        if radio.nationality != force.nationality or radio.fire_strength != fire_strength:
            continue
        if not radio.troop_types or force.troop_type in radio.troop_types:
            return radio
    return None


def reinforcement_multiplier(catalogue: Catalogue, after_deck: int) -> Decimal:
    # 43.4: x0.8 after one deck, x0.5 after two, x0.2 after three; later arrivals are read
    # as the three-deck rate (the table stops at three).
    table = catalogue.prices.reinforcement_multipliers
    return table.get(after_deck) or table[max(table)]


def bolt_action_rules(force: Force, catalogue: Catalogue) -> MarineRules | None:
    """The Marine rules when ``force`` carries bolt-action rifles (46.5), else None."""
    rules = catalogue.marine_rules
    if (
        rules is None
        or not force.marines
        or force.nationality != rules.nationality
        or catalogue.period_index(force.period) >= catalogue.period_index(rules.semi_automatic_from)
    ):
        return None
    return rules


def _bolt_action_rifle(card: CardInfo | None, rules: MarineRules | None) -> bool:
    # A rifle on a card with no known value is not discounted: 0 less 1 would be a refund.
    return (
        rules is not None
        and card is not None
        and card.weapon == rules.bolt_action_weapon
        and card.dyo_points is not None
    )


@dataclass
class Pricing:
    lines: list[LineItem] = field(default_factory=list)
    unknown_cards: list[CardInfo] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)


def _purchase_points(
    catalogue: Catalogue, force: Force, purchase: CardPurchase
) -> tuple[int, list[LineItem], CardInfo | None]:
    """Face value of one card and its secondary weapons, with labelled parts."""
    key = (force.nationality, purchase.card)
    card = catalogue.cards.get(key)
    parts: list[LineItem] = []
    total = 0
    if card is not None:
        line = catalogue.card_lines[key]  # unknown points: 0 here, flagged as a warning
        parts.append(line)
        total += line.points
    for weapon in purchase.secondary:
        price, rule = secondary_price(catalogue, weapon)
        label = message("line.secondary", weapon=weapon, card=purchase.card)
        parts.append(LineItem(label, price or 0, rule))
        total += price or 0
    return total, parts, card


def price_force(force: Force, catalogue: Catalogue, *, sniper_given: bool = False) -> Pricing:
    """The force's DYO price; ``sniper_given``: its scenario allots it the sniper capability
    (43.6), which it then does not pay for."""
    pricing = Pricing()
    bolt_action = bolt_action_rules(force, catalogue)
    rifles: list[int] = []
    # 43.2: cards bought for the set-up at their printed DYO value, plus secondary weapons.
    for purchase in force.setup_cards():
        _, parts, card = _purchase_points(catalogue, force, purchase)
        if card is not None and card.dyo_points is None:
            pricing.unknown_cards.append(card)
        if bolt_action is not None and _bolt_action_rifle(card, bolt_action):
            rifles.append(purchase.card)
        pricing.lines.extend(parts)
    if bolt_action is not None and rifles:
        # 46.5: Marines before 1943 carry bolt-action rifles, each bought for less (the
        # amount is the reference weapon table's).
        discount = bolt_action.bolt_action_discount
        pricing.lines.append(
            LineItem(
                message(
                    "line.bolt_action_rifles",
                    cards=", ".join(str(number) for number in rifles),
                    count=len(rifles),
                    discount=discount,
                ),
                -discount * len(rifles),
                bolt_action.bolt_action_rule,
            )
        )
    # 43.7 radios by fire strength and the nationality's price rule.
    for fire_strength in force.radios:
        radio = radio_price(catalogue, force, fire_strength)
        if radio is not None:
            pricing.lines.append(
                LineItem(
                    message("line.radio", fire_strength=fire_strength), radio.points, radio.rule
                )
            )
    # 43.6 sniper capability; the double sniper adds its own price to it.
    if force.snipers >= 1 and sniper_given:
        # 43.6: "snipers always go to the defender": given by the scenario, not bought.
        pricing.lines.append(LineItem(message("line.sniper_allotted"), 0, "43.6"))
    elif force.snipers >= 1:
        pricing.lines.append(LineItem(message("line.sniper"), catalogue.prices.sniper, "43.6"))
    if force.snipers >= 2:
        pricing.lines.append(
            LineItem(message("line.double_sniper"), catalogue.prices.double_sniper, "43.6")
        )
    # 43.4 reinforcements: the summed value of everything arriving after the same deck is
    # multiplied and the fraction rounded up, once per deck.
    by_deck: dict[int, list[CardPurchase]] = {}
    for reinforcement in force.reinforcements:
        by_deck.setdefault(reinforcement.after_deck, []).extend(reinforcement.cards)
    for after_deck in sorted(by_deck):
        face = 0
        numbers = []
        for purchase in by_deck[after_deck]:
            points, _, card = _purchase_points(catalogue, force, purchase)
            if card is not None and card.dyo_points is None:
                pricing.unknown_cards.append(card)
            if bolt_action is not None and _bolt_action_rifle(card, bolt_action):
                points -= bolt_action.bolt_action_discount  # 46.5, before the deck multiplier
            face += points
            numbers.append(str(purchase.card))
        multiplier = reinforcement_multiplier(catalogue, after_deck)
        pricing.lines.append(
            LineItem(
                message(
                    "line.reinforcements",
                    after_deck=after_deck,
                    cards=", ".join(numbers),
                    face=face,
                    multiplier=str(multiplier.normalize()),
                ),
                ceil_points(face * multiplier),
                "43.4",
            )
        )
    # 48.1: random reinforcement capability, 50 a deck; the Q&A applies the normal deck
    # multipliers. Read as: deck 1 is bought at full price (it is in play from the start),
    # deck n at the 43.4 rate for arrivals after n-1 decks.
    for deck in sorted(force.random_reinforcement_decks):
        base = Decimal(catalogue.prices.random_reinforcements_per_deck)
        multiplier = Decimal(1) if deck == 1 else reinforcement_multiplier(catalogue, deck - 1)
        pricing.lines.append(
            LineItem(
                message("line.random_reinforcements", deck=deck),
                ceil_points(base * multiplier),
                "48.1",
            )
        )
    # 43.5 (and the 43.7 Q&A): the troop type changes the whole total, secondary weapons
    # included; partisans (37.1, 50.9, 51.3) use their own rate.
    key = "partisans" if force.partisans else force.troop_type
    modifier = catalogue.prices.troop_type_multipliers.get(key)
    if modifier is not None and modifier != 1:
        multiplier = modifier
        face = pricing.total
        adjusted = ceil_points(face * multiplier)
        percent = (multiplier - 1) * 100
        percent = percent.to_integral_value() if percent == percent.to_integral_value() else percent
        label = Message(f"line.{key}", {"percent": f"{percent:+}", "face": face})
        pricing.lines.append(LineItem(label, adjusted - face, "43.5"))
    return pricing
