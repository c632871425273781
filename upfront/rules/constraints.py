"""DYO purchase constraints. Each check returns violations citing its rule.

Kept whole: one rule family (43's DYO constraints) and its ``CHECKS`` registry.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator

from upfront.rules.catalogue import CardInfo, Catalogue
from upfront.rules.codes import AT_SECONDARY_WEAPONS, LEADER_ROLES, SECONDARY_WEAPON_CARRIERS
from upfront.rules.force import CardPurchase, Force
from upfront.rules.messages import Message, Param, message
from upfront.rules.morale import effective_morale_panic
from upfront.rules.mountain import mountain_troops_unavailable
from upfront.rules.pricing import Pricing, radio_price
from upfront.rules.results import Violation

MAX_GROUPS, MIN_GROUPS = 4, 2  # 3.2
MAX_CARDS, MIN_CARDS = 10, 2  # 3.2
ELITE_MIN_MORALE, SECOND_LINE_MAX_MORALE = 2, 4  # 39.8

Checks = Iterator[Violation]


def _error(code: str, rule: str, items: list[str] | None = None, **params: Param) -> Violation:
    """A violation whose message is ``violation.<code>`` (upfront.rules.messages)."""
    return Violation(
        code, "error", rule, message(f"violation.{code}", **params), tuple(items or ())
    )


def _warning(code: str, rule: str, items: list[str] | None = None, **params: Param) -> Violation:
    return Violation(
        code, "warning", rule, message(f"violation.{code}", **params), tuple(items or ())
    )


def _info(code: str, rule: str, items: list[str] | None = None, **params: Param) -> Violation:
    """Information: the force is legal, but a rule changes something the player should know."""
    return Violation(code, "info", rule, message(f"violation.{code}", **params), tuple(items or ()))


def _card_list(cards: list[CardInfo]) -> str:
    """``#6 Smith, #10 Watson``: card numbers and names (proper names, never translated)."""
    return ", ".join(f"#{card.card_no} {card.name}" for card in cards)


def _all_purchases(force: Force) -> tuple[tuple[str, CardPurchase], ...]:
    return force.purchases


def _card(catalogue: Catalogue, force: Force, number: int) -> CardInfo | None:
    return catalogue.cards.get((force.nationality, number))


def check_budget(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    # 43.2: the purchases may not exceed the side's DYO points.
    total = pricing.total
    if force.budget is not None and total > force.budget:
        over = total - force.budget
        yield _error("over_budget", "43.2", total=total, over=over, budget=force.budget)


def check_cards(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    # Each card's paths, gathered in the one pass (a duplicate's are not looked for again).
    paths_of: dict[int, list[str]] = {}
    # Looked up once, not for every card (this loop runs over every purchase of every request).
    # check_secondary_weapons looks the period up for every force as well.
    cards, nationality = catalogue.cards, force.nationality
    period = catalogue.period_index(force.period)
    for path, purchase in _all_purchases(force):
        if (paths := paths_of.get(purchase.card)) is None:
            paths_of[purchase.card] = [path]
        else:
            paths.append(path)
        card = cards.get((nationality, purchase.card))
        if card is None:
            # 43.2: only the nationality's own personality cards can be bought.
            yield _error(
                "unknown_card", "43.2", [path], nationality=force.nationality, card=purchase.card
            )
        elif card.dyo_points is None:
            yield _warning("card_points_unknown", "43.2", [path], card=card.card_no, name=card.name)
        elif card.available_from and period < catalogue.period_index(card.available_from):
            yield _error(
                "card_not_available",
                "43.2",
                [path],
                card=card.card_no,
                name=card.name,
                available_from=card.available_from,
                period=force.period,
            )
    for number, paths in sorted(paths_of.items()):
        if len(paths) > 1:
            # Each personality card exists once in the game.
            yield _error("duplicate_card", "43.2", paths, card=number, count=len(paths))


def check_secondary_weapons(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    prices = catalogue.prices
    available = {"atmm": prices.atmm_from, "panzerfaust": prices.panzerfaust_from}
    period_index = catalogue.period_index(force.period)
    cards, nationality = catalogue.cards, force.nationality
    for path, purchase in _all_purchases(force):
        if not purchase.secondary:
            continue  # most cards carry none: no card to look up
        card = cards.get((nationality, purchase.card))
        for index, weapon in enumerate(purchase.secondary):
            item = f"{path}.secondary[{index}]"
            if card is not None and card.unit_kind not in SECONDARY_WEAPON_CARRIERS:
                yield _error(
                    "secondary_on_vehicle",
                    "43.7",
                    [item],
                    weapon=weapon,
                    card=card.card_no,
                    unit_kind=card.unit_kind,
                )
            start = available.get(weapon)
            if start and period_index < catalogue.period_index(start):
                # 43.7: ATMM from 1944, Panzerfaust from 7/43.
                yield _error(
                    "secondary_not_available",
                    "43.7",
                    [item],
                    weapon=weapon,
                    available_from=start,
                    period=force.period,
                )
            allowed = catalogue.secondary_permissions.get((weapon, force.nationality))
            if allowed is False:
                # 31.1: e.g. Americans may not use the ATMM.
                yield _error(
                    "secondary_not_allowed",
                    "31.1",
                    [item],
                    nationality=force.nationality,
                    weapon=weapon,
                )
            elif allowed is None:
                yield _warning(
                    "secondary_permission_unknown",
                    "43.7",
                    [item],
                    weapon=weapon,
                    nationality=force.nationality,
                )


def _squads(force: Force, catalogue: Catalogue) -> int:
    # 21.11: a squad is up to N men of the nationality; IG and AFV are not counted.
    cards, nationality = catalogue.cards, force.nationality
    men = sum(
        1
        for _, p in _all_purchases(force)
        if (card := cards.get((nationality, p.card))) is not None and card.unit_kind == "infantry"
    )
    size = catalogue.nationalities[force.nationality].squad_max_men or 0
    return max(1, math.ceil(men / size)) if size else 1


def check_anti_tank_limits(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    nationality = catalogue.nationalities[force.nationality]
    at_items, charges = [], []
    for path, purchase in _all_purchases(force):
        if not purchase.secondary:
            continue  # most cards carry none
        for index, weapon in enumerate(purchase.secondary):
            if weapon in AT_SECONDARY_WEAPONS:  # 53.1: radios are not AT weapons
                at_items.append(f"{path}.secondary[{index}]")
            elif weapon == "demolition_charge":
                charges.append(f"{path}.secondary[{index}]")
    if not at_items and not charges:
        return  # nothing to count against the squads (most forces)
    squads = _squads(force, catalogue)
    limit = nationality.at_secondary_limit
    if limit is not None and len(at_items) > limit * squads:
        # 21.11 / 53.1: anti-tank secondary weapons per squad.
        yield _error(
            "too_many_at_weapons",
            "53.1",
            at_items,
            count=len(at_items),
            squads=squads,
            nationality=nationality.code,
            limit=limit,
        )
    if len(charges) > squads:
        # 21.11 / 53.1: at most one demolition charge per squad.
        yield _error(
            "too_many_demolition_charges", "53.1", charges, count=len(charges), squads=squads
        )


def check_groups(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    count = len(force.groups)
    if not MIN_GROUPS <= count <= MAX_GROUPS:
        # 3.2: two to four groups at set-up.
        yield _error("group_count", "3.2", count=count, min=MIN_GROUPS, max=MAX_GROUPS)
    labels = Counter(group.label for group in force.groups)
    for label, times in labels.items():
        if times > 1:
            yield _error("duplicate_group_label", "3.2", label=label)
    cards, nationality = catalogue.cards, force.nationality
    for index, group in enumerate(force.groups):
        kinds = [
            card.unit_kind
            for p in group.cards
            if (card := cards.get((nationality, p.card))) is not None
        ]
        path = f"groups[{index}]"
        if "AFV" in kinds and len(group.cards) > 1:
            # 28.11: an AFV always forms a group of its own.
            yield _error("afv_not_alone", "28.11", [path], label=group.label)
            continue
        alone_allowed = len(group.cards) == 1 and kinds and kinds[0] in {"AFV", "IG"}  # 34.2
        if not MIN_CARDS <= len(group.cards) <= MAX_CARDS and not alone_allowed:
            yield _error(
                "group_size",
                "3.2",
                [path],
                label=group.label,
                count=len(group.cards),
                min=MIN_CARDS,
                max=MAX_CARDS,
            )


def check_reinforcements(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    starting = len(force.setup_cards())
    arriving = len(force.reinforcement_cards())
    if arriving * 2 > starting:
        # 43.41: at most half as many reinforcements as cards in the starting force.
        yield _error(
            "too_many_reinforcements",
            "43.41",
            count=arriving,
            starting=starting,
            limit=starting // 2,
        )
    for r, reinforcement in enumerate(force.reinforcements):
        for c, purchase in enumerate(reinforcement.cards):
            card = _card(catalogue, force, purchase.card)
            if card is not None and card.unit_kind == "AFV":
                # 43.42: a reinforcing AFV enters at range 0; advisory, not a prohibition.
                yield _warning(
                    "afv_reinforcement_range_0",
                    "43.42",
                    [f"reinforcements[{r}].cards[{c}]"],
                    card=card.card_no,
                    name=card.name,
                )
    if force.reinforcements and force.random_reinforcement_decks:
        # 48.1: random reinforcements cannot be combined with normal reinforcements.
        yield _error("random_and_normal_reinforcements", "48.1")
    if 1 in force.random_reinforcement_decks:
        # 48.2: the attempt comes when the discards are reshuffled, in a deck paid for (48.1);
        # the first reshuffle opens deck 2, so deck 1 paid for gives only the attempts after an
        # opponent's black 6.
        yield _info("random_reinforcements_deck_one", "48.2", ["random_reinforcement_decks"])


def check_radios(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    for index, fire_strength in enumerate(force.radios):
        if radio_price(catalogue, force, fire_strength) is None:
            yield _error(
                "radio_not_priced", "43.7", [f"radios[{index}]"], fire_strength=fire_strength
            )


def check_troop_type(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    # 39.8: elite men have morale 2 or more, second line men 4 or less; AFVs keep theirs (Q&A).
    # The morale a man plays with counts (46.2: a Marine printed with morale 1 plays with 2).
    if force.troop_type not in ("elite", "second_line"):
        return  # line troops have no morale bound
    for path, purchase in _all_purchases(force):
        card = _card(catalogue, force, purchase.card)
        if card is None or card.unit_kind == "AFV":
            continue
        morale = effective_morale_panic(card, catalogue, marines=force.marines).morale
        if morale is None:
            continue
        if force.troop_type == "elite" and morale < ELITE_MIN_MORALE:
            yield _error(
                "morale_below_elite_minimum",
                "39.8",
                [path],
                card=card.card_no,
                name=card.name,
                morale=morale,
                minimum=ELITE_MIN_MORALE,
            )
        if force.troop_type == "second_line" and morale > SECOND_LINE_MAX_MORALE:
            yield _error(
                "morale_above_second_line_maximum",
                "39.8",
                [path],
                card=card.card_no,
                name=card.name,
                morale=morale,
                maximum=SECOND_LINE_MAX_MORALE,
            )


def check_marines(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    if not force.marines:
        return
    variant = catalogue.variant("marines", force.nationality)
    if variant is None:
        # 46.1: Marines are American.
        yield _error("marines_not_american", "46.1")
        return
    rules = catalogue.marine_rules
    if rules is None:
        return
    # 46.2: a Marine printed with morale 1 plays with morale 2 and panic 3 (counters): legal,
    # and the player is told which cards play with other values than printed.
    adjusted: list[tuple[str, CardInfo]] = []
    for path, purchase in _all_purchases(force):
        card = _card(catalogue, force, purchase.card)
        if card is not None and effective_morale_panic(card, catalogue, marines=True).adjusted:
            adjusted.append((path, card))
    if adjusted:
        yield _info(
            "marine_morale",
            rules.morale_rule,
            [path for path, _ in adjusted],
            cards=_card_list([card for _, card in adjusted]),
            morale=rules.raised_morale,
            panic=rules.raised_panic,
        )


def check_springfields(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    rules = catalogue.marine_rules
    if rules is None or force.nationality != rules.nationality:
        return
    if catalogue.period_index(force.period) < catalogue.period_index(rules.semi_automatic_from):
        return
    # 46.5: a force with the Springfield-armed Marines (#42, #43) fights before 1943.
    found = [
        (path, card)
        for path, purchase in _all_purchases(force)
        if purchase.card in rules.springfield_cards
        and (card := _card(catalogue, force, purchase.card)) is not None
    ]
    if found:
        yield _warning(
            "springfields_date_the_force",
            rules.bolt_action_rule,
            [path for path, _ in found],
            # The Springfield cards have no names in the sources: numbers only.
            cards=", ".join(str(card.card_no) for _, card in found),
            before=rules.semi_automatic_from,
            period=force.period,
        )


def check_lmg_groups(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    # 46.4: on a side with two or more LMGs (the BAR counts), no two set up in the same group.
    cards, nationality, lmgs = catalogue.cards, force.nationality, catalogue.lmg_class_weapons
    for g, group in enumerate(force.groups):
        found = [
            (f"groups[{g}].cards[{c}]", card)
            for c, purchase in enumerate(group.cards)
            if (card := cards.get((nationality, purchase.card))) is not None and card.weapon in lmgs
        ]
        if len(found) > 1:
            yield _error(
                "lmgs_in_one_group",
                "46.4",
                [path for path, _ in found],
                label=group.label,
                count=len(found),
                cards=_card_list([card for _, card in found]),
            )


def check_partisans(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    if not force.partisans:
        return
    variant = catalogue.variant("partisans", force.nationality)
    if variant is None:
        # 37.1 / 50.9 / 51.3: partisans are Russian, Italian or French.
        yield _error("partisans_not_available", "37.1", nationality=force.nationality)
        return
    if variant.available_from and catalogue.period_index(force.period) < catalogue.period_index(
        variant.available_from
    ):
        yield _error(
            "partisans_too_early",
            variant.rule,
            nationality=force.nationality,
            available_from=variant.available_from,
        )
    if force.troop_type == "elite":
        # 43.5 Q&A: partisans cannot be elite.
        yield _error("partisans_elite", "43.5")
    leaders = []
    for path, purchase in _all_purchases(force):
        card = _card(catalogue, force, purchase.card)
        if card is None:
            continue
        if card.unit_kind in {"AFV", "IG"}:
            # 37.1: partisans get no AFVs or infantry guns.
            yield _error(
                "partisans_vehicle",
                "37.1",
                [path],
                card=card.card_no,
                name=card.name,
                unit_kind=card.unit_kind,
            )
        if card.leader_role in LEADER_ROLES:
            leaders.append(path)
    if len(leaders) > 1:
        yield _error("partisans_leaders", "37.1", leaders, count=len(leaders))


def check_mountain(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    drawn = force.mountain_troops
    if drawn is not None:
        # M12.1: the draw exists only for elites bought for a mountain DYO game, of a nation
        # that had mountain troops at that date; a drawn outcome anywhere else is refused.
        if not force.mountain:
            yield _error("mountain_troops_not_mountain", "M12.1", ["mountain_troops"])
            return
        if force.troop_type != "elite":
            yield _error("mountain_troops_not_elite", "M12.1", ["mountain_troops"])
            return
    if not force.mountain or force.troop_type != "elite":
        return
    # M12.1: an elite force is always legal in the mountains; it is made of mountain troops
    # only where its nation had them at that date, and then only on a black RN.
    unavailable = mountain_troops_unavailable(catalogue, force.nationality, force.period)
    if unavailable is not None:
        if drawn is not None:
            yield Violation(
                f"{unavailable.code}_drawn",
                "error",
                "M12.1",
                Message(f"violation.{unavailable.code}_drawn", unavailable.params),
                ("mountain_troops",),
            )
            return
        yield Violation(
            unavailable.code,
            "info",
            "M12.1",
            Message(f"violation.{unavailable.code}", unavailable.params),
        )
        return
    if drawn is None:
        yield _info("mountain_troops_black_rn", "M12.1")
    elif drawn:
        yield _info("mountain_troops_drawn", "M12.1", ["mountain_troops"])
    else:
        yield _info("mountain_troops_not_drawn", "M12.1", ["mountain_troops"])


def check_snipers(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    if force.snipers >= 2:
        # 48.4 lets a DYO force buy more snipers, but only the two of 43.6 have a price.
        yield _info("extra_snipers_not_priced", "48.4")


def check_replay(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    if not force.replay:
        return
    # 43.2 Replay method: exactly one SL and one ASL (a Commissar may stand for either).
    roles = Counter(
        card.leader_role
        for _, p in _all_purchases(force)
        if (card := _card(catalogue, force, p.card)) is not None and card.leader_role
    )
    sl, asl, commissar = roles["SL"], roles["ASL"], roles["Commissar"]
    ok = sl + asl + commissar == 2 and sl <= 1 and asl <= 1
    if not ok:
        yield _error("replay_leaders", "43.2", sl=sl, asl=asl, commissar=commissar)


CHECKS = (
    check_budget,
    check_cards,
    check_secondary_weapons,
    check_anti_tank_limits,
    check_groups,
    check_reinforcements,
    check_radios,
    check_troop_type,
    check_marines,
    check_springfields,
    check_lmg_groups,
    check_partisans,
    check_mountain,
    check_snipers,
    check_replay,
)
