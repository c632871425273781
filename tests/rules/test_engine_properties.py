"""Properties of pricing and validation over generated forces (hypothesis)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rules._catalogue import reference_catalogue
from upfront.rules.force import force_from_dict, force_to_dict
from upfront.rules.validate import validate_force

CATALOGUE = reference_catalogue()
GERMAN_CARDS = sorted(n for (nat, n) in CATALOGUE.cards if nat == "german")
WEAPONS = ["atmm", "panzerfaust", "demolition_charge"]

purchase = st.builds(
    lambda card, weapons: {"card": card, "secondary": weapons},
    st.sampled_from(GERMAN_CARDS),
    st.lists(st.sampled_from(WEAPONS), max_size=1),
)
forces = st.fixed_dictionaries(
    {
        "nationality": st.just("german"),
        "period": st.sampled_from(CATALOGUE.periods),
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


def total(document: dict[str, Any]) -> int:
    return validate_force(force_from_dict(document), CATALOGUE).total_points


@settings(max_examples=150, deadline=None)
@given(forces, purchase, st.integers(0, 3))
def test_adding_a_card_never_lowers_the_cost(
    document: dict[str, Any], extra: dict[str, Any], where: int
) -> None:
    bigger = {**document, "groups": [dict(g, cards=list(g["cards"])) for g in document["groups"]]}
    bigger["groups"][where % len(bigger["groups"])]["cards"].append(extra)
    assert total(bigger) >= total(document)


@settings(max_examples=150, deadline=None)
@given(forces)
def test_valid_exactly_when_no_error(document: dict[str, Any]) -> None:
    result = validate_force(force_from_dict(document), CATALOGUE)
    assert result.valid is (not any(v.severity == "error" for v in result.violations))
    assert sum(line.points for line in result.breakdown) == result.total_points
    assert all(line.rule for line in result.breakdown)
    assert all(v.rule and v.message.id == f"violation.{v.code}" for v in result.violations)
    # Every message can be said: its template takes exactly the parameters it is given.
    assert all(v.message.english() for v in result.violations)
    assert all(line.item.english() for line in result.breakdown)
    if result.budget is not None:
        assert result.remaining == result.budget - result.total_points


@settings(max_examples=150, deadline=None)
@given(forces)
def test_troop_types_order_the_price(document: dict[str, Any]) -> None:
    prices = {t: total({**document, "troop_type": t}) for t in ("elite", "line", "second_line")}
    assert prices["elite"] >= prices["line"] >= prices["second_line"]


@settings(max_examples=150, deadline=None)
@given(forces)
def test_force_json_round_trips(document: dict[str, Any]) -> None:
    force = force_from_dict(document)
    again = force_from_dict(force_to_dict(force))
    assert again == force
    assert force_to_dict(again) == force_to_dict(force)


@settings(max_examples=100, deadline=None)
@given(forces, st.integers(1, 3))
def test_a_reinforcement_never_costs_more_than_at_set_up(
    document: dict[str, Any], deck: int
) -> None:
    # 43.4: moving a card from the set-up to a later deck can only make it cheaper.
    groups = [dict(g, cards=list(g["cards"])) for g in document["groups"]]
    if not groups[0]["cards"]:
        return
    moved = groups[0]["cards"].pop()
    later = {
        **document,
        "groups": groups,
        "reinforcements": [*document["reinforcements"], {"after_deck": deck, "cards": [moved]}],
    }
    assert total(later) <= total(document)
