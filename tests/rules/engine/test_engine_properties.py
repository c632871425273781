"""Properties of pricing and validation over generated forces (hypothesis).

Each property runs on the hand-built catalogue (tests/rules/factories.py: arbitrary numbers,
every kind of card) here, and on the real catalogue built from the test database in
tests/rules/data/test_engine_properties_real.py, so it holds for the engine's arithmetic and
for every real German card.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rules.factories import CATALOGUE as HAND_BUILT
from upfront.rules.catalogue import Catalogue
from upfront.rules.force import force_from_dict, force_to_dict
from upfront.rules.validate import validate_force

WEAPONS = ["atmm", "panzerfaust", "demolition_charge"]


@pytest.fixture(scope="session")  # hypothesis runs many inputs per test: nothing changes
def catalogue() -> Catalogue:
    return HAND_BUILT


def forces(catalogue: Catalogue) -> st.SearchStrategy[dict[str, Any]]:
    german_cards = sorted(n for (nat, n) in catalogue.cards if nat == "german")
    purchase = purchases(german_cards)
    return st.fixed_dictionaries(
        {
            "nationality": st.just("german"),
            "period": st.sampled_from(catalogue.periods),
            "troop_type": st.sampled_from(["line", "elite", "second_line"]),
            "budget": st.one_of(st.none(), st.integers(0, 800)),
            "groups": st.lists(
                st.fixed_dictionaries(
                    {"label": st.sampled_from("ABCD"), "cards": st.lists(purchase, max_size=5)}
                ),
                min_size=1,
                max_size=4,
            ),
            "reinforcements": st.lists(
                st.fixed_dictionaries(
                    {"after_deck": st.integers(1, 4), "cards": st.lists(purchase, max_size=2)}
                ),
                max_size=2,
            ),
            "radios": st.lists(
                st.fixed_dictionaries({"fire_strength": st.sampled_from([5, 6, 7])}), max_size=2
            ),
            "snipers": st.sampled_from([0, 1, 2]),
            "random_reinforcement_decks": st.lists(st.integers(1, 5), max_size=3, unique=True),
        }
    )


def purchases(cards: list[int]) -> st.SearchStrategy[dict[str, Any]]:
    return st.builds(
        lambda card, weapons: {"card": card, "secondary": weapons},
        st.sampled_from(cards),
        st.lists(st.sampled_from(WEAPONS), max_size=1),
    )


def total(document: dict[str, Any], catalogue: Catalogue) -> int:
    return validate_force(force_from_dict(document), catalogue).total_points


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_adding_a_card_never_lowers_the_cost(catalogue: Catalogue, data: st.DataObject) -> None:
    document = data.draw(forces(catalogue))
    german_cards = sorted(n for (nat, n) in catalogue.cards if nat == "german")
    extra = data.draw(purchases(german_cards))
    where = data.draw(st.integers(0, 3))
    bigger = {**document, "groups": [dict(g, cards=list(g["cards"])) for g in document["groups"]]}
    bigger["groups"][where % len(bigger["groups"])]["cards"].append(extra)
    assert total(bigger, catalogue) >= total(document, catalogue)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_valid_exactly_when_no_error(catalogue: Catalogue, data: st.DataObject) -> None:
    document = data.draw(forces(catalogue))
    result = validate_force(force_from_dict(document), catalogue)
    assert result.valid is (not any(v.severity == "error" for v in result.violations))
    assert sum(line.points for line in result.breakdown) == result.total_points
    assert all(line.rule for line in result.breakdown)
    assert all(v.code and v.rule for v in result.violations)
    assert {v.severity for v in result.violations} <= {"error", "warning", "info"}
    assert all(v.message.id == f"violation.{v.code}" for v in result.violations)
    # Every message can be said: its template takes exactly the parameters it is given.
    assert all(v.message.english() for v in result.violations)
    assert all(line.item.english() for line in result.breakdown)
    if result.budget is not None:
        assert result.remaining == result.budget - result.total_points


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_troop_types_order_the_price(catalogue: Catalogue, data: st.DataObject) -> None:
    document = data.draw(forces(catalogue))
    prices = {
        t: total({**document, "troop_type": t}, catalogue) for t in ("elite", "line", "second_line")
    }
    assert prices["elite"] >= prices["line"] >= prices["second_line"]


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_force_json_round_trips(catalogue: Catalogue, data: st.DataObject) -> None:
    force = force_from_dict(data.draw(forces(catalogue)))
    again = force_from_dict(force_to_dict(force))
    assert again == force
    assert force_to_dict(again) == force_to_dict(force)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_reinforcement_never_costs_more_than_at_set_up(
    catalogue: Catalogue, data: st.DataObject
) -> None:
    # 43.4: moving a card from the set-up to a later deck can only make it cheaper.
    document = data.draw(forces(catalogue))
    deck = data.draw(st.integers(1, 3))
    groups = [dict(g, cards=list(g["cards"])) for g in document["groups"]]
    if not groups[0]["cards"]:
        return
    moved = groups[0]["cards"].pop()
    later = {
        **document,
        "groups": groups,
        "reinforcements": [*document["reinforcements"], {"after_deck": deck, "cards": [moved]}],
    }
    assert total(later, catalogue) <= total(document, catalogue)
