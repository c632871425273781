"""DYO purchase constraints. Each check returns violations citing its rule."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator

from upfront.rules.catalogue import CardInfo, Catalogue
from upfront.rules.codes import SECONDARY_WEAPON_CARRIERS
from upfront.rules.force import CardPurchase, Force
from upfront.rules.pricing import WEAPON_NAMES, Pricing, radio_price
from upfront.rules.results import Violation

AT_SECONDARY = {"atmm", "panzerfaust", "at_mine"}  # 53.1: radios are not AT weapons
MAX_GROUPS, MIN_GROUPS = 4, 2  # 3.2
MAX_CARDS, MIN_CARDS = 10, 2  # 3.2
ELITE_MIN_MORALE, SECOND_LINE_MAX_MORALE = 2, 4  # 39.8

Checks = Iterator[Violation]


def _error(code: str, rule: str, en: str, it: str, items: list[str] | None = None) -> Violation:
    return Violation(code, "error", rule, en, it, tuple(items or ()))


def _warning(code: str, rule: str, en: str, it: str, items: list[str] | None = None) -> Violation:
    return Violation(code, "warning", rule, en, it, tuple(items or ()))


def _all_purchases(force: Force) -> tuple[tuple[str, CardPurchase], ...]:
    return force.purchases


def _name_en(catalogue: Catalogue, force: Force) -> str:
    info = catalogue.nationalities.get(force.nationality)
    return info.name_en if info else force.nationality


def _name_it(catalogue: Catalogue, force: Force) -> str:
    info = catalogue.nationalities.get(force.nationality)
    return info.name_it if info else force.nationality


def _card(catalogue: Catalogue, force: Force, number: int) -> CardInfo | None:
    return catalogue.cards.get((force.nationality, number))


def check_budget(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    # 43.2: the purchases may not exceed the side's DYO points.
    total = pricing.total
    if force.budget is not None and total > force.budget:
        over = total - force.budget
        yield _error(
            "over_budget",
            "43.2",
            f"Purchases total {total} points, {over} over the budget of {force.budget}.",
            f"Gli acquisti ammontano a {total} punti, {over} oltre il budget di {force.budget}.",
        )


def check_cards(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    seen: Counter[int] = Counter()
    for path, purchase in _all_purchases(force):
        seen[purchase.card] += 1
        card = _card(catalogue, force, purchase.card)
        if card is None:
            # 43.2: only the nationality's own personality cards can be bought.
            yield _error(
                "unknown_card",
                "43.2",
                f"There is no {_name_en(catalogue, force)} personality card #{purchase.card}.",
                f"Non esiste la carta personalità #{purchase.card} per questa nazionalità "
                f"({_name_it(catalogue, force)}).",
                [path],
            )
        elif card.dyo_points is None:
            yield _warning(
                "card_points_unknown",
                "43.2",
                f"Card #{card.card_no} {card.name} has no known DYO value; it is counted as 0 "
                "until the value is entered in the reference data.",
                f"La carta #{card.card_no} {card.name} non ha un valore DYO noto; è contata 0 "
                "finché il valore non viene inserito nei dati di riferimento.",
                [path],
            )
        elif card.available_from and catalogue.period_index(force.period) < catalogue.period_index(
            card.available_from
        ):
            yield _error(
                "card_not_available",
                "43.2",
                f"Card #{card.card_no} {card.name} is available from {card.available_from}, "
                f"not in {force.period}.",
                f"La carta #{card.card_no} {card.name} è disponibile dal {card.available_from}, "
                f"non nel {force.period}.",
                [path],
            )
    for number, count in sorted(seen.items()):
        if count > 1:
            # Each personality card exists once in the game.
            yield _error(
                "duplicate_card",
                "43.2",
                f"Card #{number} is bought {count} times; each personality card exists once.",
                f"La carta #{number} è acquistata {count} volte; ogni carta personalità esiste "
                "una sola volta.",
                [path for path, p in _all_purchases(force) if p.card == number],
            )


def check_secondary_weapons(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    prices = catalogue.prices
    available = {"atmm": prices.atmm_from, "panzerfaust": prices.panzerfaust_from}
    period_index = catalogue.period_index(force.period)
    for path, purchase in _all_purchases(force):
        card = _card(catalogue, force, purchase.card)
        for index, weapon in enumerate(purchase.secondary):
            item = f"{path}.secondary[{index}]"
            en, it = WEAPON_NAMES[weapon]
            if card is not None and card.unit_kind not in SECONDARY_WEAPON_CARRIERS:
                yield _error(
                    "secondary_on_vehicle",
                    "43.7",
                    f"The {en} must be carried by a man; card #{card.card_no} is an "
                    f"{card.unit_kind}.",
                    f"La {it} deve essere portata da un uomo; la carta #{card.card_no} è un "
                    f"{card.unit_kind}.",
                    [item],
                )
            start = available.get(weapon)
            if start and period_index < catalogue.period_index(start):
                # 43.7: ATMM from 1944, Panzerfaust from 7/43.
                yield _error(
                    "secondary_not_available",
                    "43.7",
                    f"The {en} is available from {start}, not in {force.period}.",
                    f"{it} è disponibile dal {start}, non nel {force.period}.",
                    [item],
                )
            allowed = catalogue.secondary_permissions.get((weapon, force.nationality))
            if allowed is False:
                # 31.1: e.g. Americans may not use the ATMM.
                yield _error(
                    "secondary_not_allowed",
                    "31.1",
                    f"{_name_en(catalogue, force)} forces may not carry the {en}.",
                    f"Le forze di questa nazionalità ({_name_it(catalogue, force)}) "
                    f"non possono avere {it}.",
                    [item],
                )
            elif allowed is None:
                yield _warning(
                    "secondary_permission_unknown",
                    "43.7",
                    f"The sources neither allow nor forbid the {en} for "
                    f"{_name_en(catalogue, force)} forces; agree it with your opponent.",
                    f"Le fonti non permettono né vietano {it} a questa nazionalità "
                    f"({_name_it(catalogue, force)}); accordatevi con l'avversario.",
                    [item],
                )


def _squads(force: Force, catalogue: Catalogue) -> int:
    # 21.11: a squad is up to N men of the nationality; IG and AFV are not counted.
    men = sum(
        1
        for _, p in _all_purchases(force)
        if (card := _card(catalogue, force, p.card)) is not None and card.unit_kind == "infantry"
    )
    size = catalogue.nationalities[force.nationality].squad_max_men or 0
    return max(1, math.ceil(men / size)) if size else 1


def check_anti_tank_limits(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    nationality = catalogue.nationalities[force.nationality]
    squads = _squads(force, catalogue)
    at_items, charges = [], []
    for path, purchase in _all_purchases(force):
        for index, weapon in enumerate(purchase.secondary):
            if weapon in AT_SECONDARY:
                at_items.append(f"{path}.secondary[{index}]")
            elif weapon == "demolition_charge":
                charges.append(f"{path}.secondary[{index}]")
    limit = nationality.at_secondary_limit
    if limit is not None and len(at_items) > limit * squads:
        # 21.11 / 53.1: anti-tank secondary weapons per squad.
        yield _error(
            "too_many_at_weapons",
            "53.1",
            f"{len(at_items)} anti-tank secondary weapons for {squads} squad(s); "
            f"{nationality.name_en} forces may have {limit} per squad.",
            f"{len(at_items)} armi anticarro secondarie per {squads} squadra/e; le forze "
            f"({nationality.name_it}) ne possono avere {limit} per squadra.",
            at_items,
        )
    if len(charges) > squads:
        # 21.11 / 53.1: at most one demolition charge per squad.
        yield _error(
            "too_many_demolition_charges",
            "53.1",
            f"{len(charges)} demolition charges for {squads} squad(s); at most one per squad.",
            f"{len(charges)} cariche da demolizione per {squads} squadra/e; al massimo una per "
            "squadra.",
            charges,
        )


def check_groups(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    count = len(force.groups)
    if not MIN_GROUPS <= count <= MAX_GROUPS:
        # 3.2: two to four groups at set-up.
        yield _error(
            "group_count",
            "3.2",
            f"The force is set up in {count} group(s); it needs 2 to 4.",
            f"La forza è schierata in {count} gruppo/i; ne servono da 2 a 4.",
        )
    labels = Counter(group.label for group in force.groups)
    for label, times in labels.items():
        if times > 1:
            yield _error(
                "duplicate_group_label",
                "3.2",
                f"Two groups are both called {label}.",
                f"Due gruppi si chiamano entrambi {label}.",
            )
    for index, group in enumerate(force.groups):
        kinds = [
            card.unit_kind
            for p in group.cards
            if (card := _card(catalogue, force, p.card)) is not None
        ]
        path = f"groups[{index}]"
        if "AFV" in kinds and len(group.cards) > 1:
            # 28.11: an AFV always forms a group of its own.
            yield _error(
                "afv_not_alone",
                "28.11",
                f"Group {group.label} mixes an AFV with other cards; an AFV is a group by itself.",
                f"Il gruppo {group.label} mescola un AFV con altre carte; un AFV forma un gruppo "
                "da solo.",
                [path],
            )
            continue
        alone_allowed = len(group.cards) == 1 and kinds and kinds[0] in {"AFV", "IG"}  # 34.2
        if not MIN_CARDS <= len(group.cards) <= MAX_CARDS and not alone_allowed:
            yield _error(
                "group_size",
                "3.2",
                f"Group {group.label} has {len(group.cards)} card(s); a group holds 2 to 10 "
                "(an AFV or infantry gun may stand alone).",
                f"Il gruppo {group.label} ha {len(group.cards)} carta/e; un gruppo ne contiene "
                "da 2 a 10 (un AFV o un cannone di fanteria può stare da solo).",
                [path],
            )


def check_reinforcements(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    starting = len(force.setup_cards())
    arriving = len(force.reinforcement_cards())
    if arriving * 2 > starting:
        # 43.41: at most half as many reinforcements as cards in the starting force.
        yield _error(
            "too_many_reinforcements",
            "43.41",
            f"{arriving} reinforcement cards for a starting force of {starting}; at most "
            f"{starting // 2} are allowed.",
            f"{arriving} carte di rinforzo per una forza iniziale di {starting}; ne sono "
            f"ammesse al massimo {starting // 2}.",
        )
    for r, reinforcement in enumerate(force.reinforcements):
        for c, purchase in enumerate(reinforcement.cards):
            card = _card(catalogue, force, purchase.card)
            if card is not None and card.unit_kind == "AFV":
                # 43.42: a reinforcing AFV enters at range 0; advisory, not a prohibition.
                yield _warning(
                    "afv_reinforcement_range_0",
                    "43.42",
                    f"Card #{card.card_no} {card.name} is an AFV: as a reinforcement it enters "
                    "at range 0.",
                    f"La carta #{card.card_no} {card.name} è un AFV: come rinforzo entra a "
                    "distanza 0.",
                    [f"reinforcements[{r}].cards[{c}]"],
                )
    if force.reinforcements and force.random_reinforcement_decks:
        # 48.1: random reinforcements cannot be combined with normal reinforcements.
        yield _error(
            "random_and_normal_reinforcements",
            "48.1",
            "Random reinforcements and normal reinforcements cannot both be bought.",
            "Non si possono acquistare insieme rinforzi casuali e rinforzi normali.",
        )


def check_radios(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    for index, fire_strength in enumerate(force.radios):
        if radio_price(catalogue, force, fire_strength) is None:
            yield _error(
                "radio_not_priced",
                "43.7",
                f"No price is known for a fire strength {fire_strength} radio for this force.",
                f"Non è noto un prezzo per una radio di forza di fuoco {fire_strength} per "
                "questa forza.",
                [f"radios[{index}]"],
            )


def check_troop_type(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    # 39.8: elite men have morale 2 or more, second line men 4 or less; AFVs keep theirs (Q&A).
    for path, purchase in _all_purchases(force):
        card = _card(catalogue, force, purchase.card)
        if card is None or card.unit_kind == "AFV" or card.morale is None:
            continue
        if force.troop_type == "elite" and card.morale < ELITE_MIN_MORALE:
            yield _error(
                "morale_below_elite_minimum",
                "39.8",
                f"Card #{card.card_no} {card.name} has morale {card.morale}; elite troops need "
                f"at least {ELITE_MIN_MORALE}.",
                f"La carta #{card.card_no} {card.name} ha morale {card.morale}; le truppe d'élite "
                f"richiedono almeno {ELITE_MIN_MORALE}.",
                [path],
            )
        if force.troop_type == "second_line" and card.morale > SECOND_LINE_MAX_MORALE:
            yield _error(
                "morale_above_second_line_maximum",
                "39.8",
                f"Card #{card.card_no} {card.name} has morale {card.morale}; second line troops "
                f"have at most {SECOND_LINE_MAX_MORALE}.",
                f"La carta #{card.card_no} {card.name} ha morale {card.morale}; le truppe di "
                f"seconda linea hanno al massimo {SECOND_LINE_MAX_MORALE}.",
                [path],
            )


def check_marines(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    if not force.marines:
        return
    variant = catalogue.variant("marines", force.nationality)
    if variant is None:
        # 46.1: Marines are American.
        yield _error(
            "marines_not_american",
            "46.1",
            "Only an American force can be US Marines.",
            "Solo una forza americana può essere di Marines.",
        )
        return
    minimum = variant.min_morale
    for path, purchase in _all_purchases(force):
        card = _card(catalogue, force, purchase.card)
        if (
            card
            and card.unit_kind != "AFV"
            and card.morale is not None
            and minimum is not None
            and card.morale < minimum
        ):
            yield _error(
                "marine_morale",
                "46.1",
                f"Card #{card.card_no} {card.name} has morale {card.morale}; Marines have at "
                f"least {minimum}.",
                f"La carta #{card.card_no} {card.name} ha morale {card.morale}; i Marines "
                f"hanno almeno {minimum}.",
                [path],
            )


def check_partisans(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    if not force.partisans:
        return
    variant = catalogue.variant("partisans", force.nationality)
    if variant is None:
        # 37.1 / 50.9 / 51.3: partisans are Russian, Italian or French.
        yield _error(
            "partisans_not_available",
            "37.1",
            f"The sources give no partisans for {_name_en(catalogue, force)} forces.",
            "Le fonti non prevedono partigiani per questa nazionalità "
            f"({_name_it(catalogue, force)}).",
        )
        return
    if variant.available_from and catalogue.period_index(force.period) < catalogue.period_index(
        variant.available_from
    ):
        yield _error(
            "partisans_too_early",
            variant.rule,
            f"{_name_en(catalogue, force)} partisans are available from {variant.available_from}.",
            f"I partigiani ({_name_it(catalogue, force)}) sono disponibili dal "
            f"{variant.available_from}.",
        )
    if force.troop_type == "elite":
        # 43.5 Q&A: partisans cannot be elite.
        yield _error(
            "partisans_elite",
            "43.5",
            "Partisans cannot be elite troops.",
            "I partigiani non possono essere truppe d'élite.",
        )
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
                f"Card #{card.card_no} {card.name} is an {card.unit_kind}; partisans have none.",
                f"La carta #{card.card_no} {card.name} è un {card.unit_kind}; i partigiani non "
                "ne hanno.",
                [path],
            )
        if card.leader_role in {"SL", "ASL", "Commissar"}:
            leaders.append(path)
    if len(leaders) > 1:
        yield _error(
            "partisans_leaders",
            "37.1",
            f"Partisans have a single leader; this force has {len(leaders)}.",
            f"I partigiani hanno un solo capo; questa forza ne ha {len(leaders)}.",
            leaders,
        )


def check_mountain(force: Force, catalogue: Catalogue, pricing: Pricing) -> Checks:
    if not force.mountain or force.troop_type != "elite":
        return
    # M12.1: mountain troops are elites of the listed nationalities, some only from a date.
    if force.nationality not in catalogue.mountain_troops:
        yield _error(
            "mountain_troops_nationality",
            "M12.1",
            f"The mountain article lists no {_name_en(catalogue, force)} mountain troops; an elite "
            "force in the mountains must be of a listed nationality.",
            "L'articolo sulla montagna non elenca truppe da montagna "
            f"({_name_it(catalogue, force)}); "
            "una forza d'élite in montagna deve essere di una nazionalità elencata.",
        )
        return
    start = catalogue.mountain_troops[force.nationality]
    if start and catalogue.period_index(force.period) < catalogue.period_index(start):
        yield _error(
            "mountain_troops_too_early",
            "M12.1",
            f"{_name_en(catalogue, force)} mountain troops are available from {start}, not in "
            f"{force.period}.",
            f"Le truppe da montagna ({_name_it(catalogue, force)}) sono disponibili dal {start}, "
            f"non nel {force.period}.",
        )


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
        yield _error(
            "replay_leaders",
            "43.2",
            f"The Replay method needs exactly one SL and one ASL (a Commissar may replace "
            f"either); this force has {sl} SL, {asl} ASL, {commissar} Commissar.",
            f"Il metodo Replay richiede esattamente un SL e un ASL (un Commissario può "
            f"sostituirne uno); questa forza ha {sl} SL, {asl} ASL, {commissar} Commissari.",
        )


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
    check_partisans,
    check_mountain,
    check_replay,
)
