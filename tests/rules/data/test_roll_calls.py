"""The roll and the full check read the same rules: what the roll drops or keeps in the
mountains (M11, M3.2-M3.3) and what the simplified mountain deck's Hill is (T5.1), each with the
case the check accepts and the one it reports, citing the passage."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.rules.data.test_generator_rules import roll, scenario_of
from upfront.rules.catalogue import Catalogue
from upfront.rules.game_checks import check_game
from upfront.rules.scenario import DeckChange, SpecialRuleUse

pytestmark = pytest.mark.django_db


def row_change_infos(subject: object, on: Catalogue) -> list[str]:
    return [
        f.message.id
        for f in check_game(subject, on).findings  # type: ignore[arg-type]
        if f.code == "victory_row_deck_change"
    ]


def test_m11_m3_the_check_asks_no_change_the_mountain_roll_rightly_dropped(
    reference_catalogue: Catalogue,
) -> None:
    # M11: "In tutti gli Scenari la Casamatta è considerato una carta LE 4 (3.4) a meno che le RSS
    # non dicano diversamente"; M3.2, M3.3: the Buildings are levels 2 and 3 (000_1a586b...).
    for row in range(1, 9):
        mountain = scenario_of(roll(reference_catalogue, mountain=True, victory_row=row))
        assert row_change_infos(mountain, reference_catalogue) == [], row


def test_the_check_still_asks_the_rows_changes_off_the_mountains(
    reference_catalogue: Catalogue,
) -> None:
    plain = scenario_of(roll(reference_catalogue, victory_row=2))
    bare = replace(plain, deck_changes=())
    assert row_change_infos(bare, reference_catalogue) == [
        "finding.victory_row_remove",  # 43.33 row 2: the first 4 Buildings
        "finding.victory_row_cower",  # and the Pillbox cower
    ]
    # In the mountains with the Pillbox "not an elevation card" by special rule, its cower
    # change is 43.33's again, and asked for.
    mountain = scenario_of(roll(reference_catalogue, mountain=True, victory_row=2))
    pillbox = replace(
        mountain,
        special_rules=(*mountain.special_rules, SpecialRuleUse("pillbox_not_elevation")),
    )
    assert row_change_infos(pillbox, reference_catalogue) == ["finding.victory_row_cower"]


# -- T5.1: "Le regole sul bonus al fuoco e la protezione della Hill vengono annullate"
# (003_251f20c8b09cbdaa.txt:380) -------------------------------------------------------------------
def test_t5_1_rows_6_and_7_do_not_count_the_hill_of_the_simplified_mountain_deck(
    reference_catalogue: Catalogue,
) -> None:
    def needs_cards(terrain_deck: str, row: int) -> bool:
        # Every fire-reducing card type but the Hill taken out of the deck.
        taken = tuple(
            DeckChange("remove", card_type, None, "first")
            for card_type in ("woods", "buildings", "marsh", "brush")
        )
        subject = replace(
            scenario_of(roll(reference_catalogue, victory_row=row)),
            terrain_deck=terrain_deck,
            deck_changes=taken,
        )
        findings = check_game(subject, reference_catalogue).findings
        return "victory_needs_cards" in {f.code for f in findings}

    for row in (6, 7):
        assert needs_cards("mountain", row), row  # only Hills are left, and they protect none
        assert not needs_cards("standard", row), row  # the Hill reduces fire: it serves


# -- the desert deck's replaced cards: a card the rules re-read stays in the deck, a card they
# replace is gone (003_251f20c8b09cbdaa.txt:29-50; 004_691449f2ac128484.txt:156-202) -------------
def test_removing_a_reread_desert_card_takes_a_real_card_and_a_replaced_one_is_gone(
    reference_catalogue: Catalogue,
) -> None:
    base = scenario_of(roll(reference_catalogue, victory_row=3))

    def gone(card_type: str) -> list[str]:
        subject = replace(
            base,
            terrain_deck="desert",
            special_rules=(),
            deck_changes=(DeckChange("remove", card_type, None, "first"),),
        )
        return [
            f.rule
            for f in check_game(subject, reference_catalogue).findings
            if f.code == "deck_change_card_type_gone"
        ]

    # 52.12 "una collina nel deserto é solo una duna": the Hill is still there, as the Stream
    # (52.13 Wadis), the Buildings (52.14 Rocks), the Marsh (52.15) and the Woods (52.16) are.
    for card_type in ("hill", "stream", "buildings_2", "buildings_3", "marsh", "woods"):
        assert gone(card_type) == [], card_type
    # T1.6: the Sangar "Sostituisce la Casamatta": no Pillbox is left to remove.
    assert gone("pillbox") == ["T1.6"]


# -- 43.6: "snipers always go to the defender; attacker may buy sniper use" (dyo_tables.csv:42,
# UF RuleBook updated.txt:4558-4563) ------------------------------------------------------------
def test_43_6_the_rolled_defender_is_given_the_snipers_the_attacker_buys_them(
    reference_catalogue: Catalogue,
) -> None:
    rolled = scenario_of(roll(reference_catalogue, victory_row=3))
    with_snipers = replace(
        rolled,
        sides=tuple(replace(s, force=replace(s.force, snipers=1)) for s in rolled.sides),
    )
    attacker, defender = check_game(with_snipers, reference_catalogue).forces

    def sniper_points(result: object) -> list[int]:
        return [line.points for line in result.breakdown if line.rule == "43.6"]  # type: ignore[attr-defined]

    assert sniper_points(defender) == [0]  # allotted by the scenario, not bought
    assert sniper_points(attacker) == [reference_catalogue.prices.sniper]
    # A scenario that allots nobody the snipers charges both sides, as before.
    plain = replace(
        with_snipers,
        special_rules=tuple(r for r in rolled.special_rules if r.code != "snipers_allotted"),
    )
    attacker, defender = check_game(plain, reference_catalogue).forces
    assert sniper_points(defender) == sniper_points(attacker) == [reference_catalogue.prices.sniper]
