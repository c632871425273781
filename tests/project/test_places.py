"""upfront.labels.places: a JSON path of a scenario document as a player reads it."""

from __future__ import annotations

import pytest
from django.utils import translation

from upfront.labels.places import Places, where, where_all

BODY = {
    "sides": [
        {"role": "attacker", "force": {"groups": [{"label": "A"}, {"label": "Assault"}]}},
        {"role": "defender", "force": {"groups": [{"label": ""}, {"label": ""}]}},
    ]
}


@pytest.mark.parametrize(
    ("path", "english", "italian"),
    [
        (
            "scenario.sides[0].force.groups[0]",
            "Attacker's force, group A",
            "Forza dell'attaccante, gruppo A",
        ),
        (
            "scenario.sides[0].force.groups[1].cards[2]",
            "Attacker's force, group Assault, card 3",
            "Forza dell'attaccante, gruppo Assault, carta 3",
        ),
        (
            # A group without a label is named as the Force format names it: by its position.
            "scenario.sides[1].force.groups[1].cards[0].secondary[0]",
            "Defender's force, group B, card 1, secondary weapon 1",
            "Forza del difensore, gruppo B, carta 1, arma secondaria 1",
        ),
        (
            "scenario.sides[1].force.reinforcements[0].cards[1].card",
            "Defender's force, reinforcement 1, card 2",
            "Forza del difensore, rinforzo 1, carta 2",
        ),
        ("scenario.sides[1].force.nationality", "Defender's force, nationality", None),
        ("scenario.sides[0].force", "Attacker's force", "Forza dell'attaccante"),
        ("scenario.special_rules[1].params.side", "Special rule 2", "Regola speciale 2"),
        ("scenario.deck_changes[0].card_type", "Deck change 1", "Modifica al mazzo 1"),
        ("scenario.based_on", "Based on the published scenario", None),
        ("scenario.victory_conditions.rpn", "Victory conditions: a row of the 43.33 table", None),
        ("groups[0].cards[1]", "Group A, card 2", "Gruppo A, carta 2"),  # a Force document's
        ("scenarios[1].scenario.sides[0].force", "Scenario 2, Attacker's force", None),
    ],
)
def test_a_path_is_said_in_words_in_both_languages(
    path: str, english: str, italian: str | None
) -> None:
    places = Places.of(BODY)
    with translation.override("en"):
        assert where(path, places) == english
    with translation.override("it"):
        said = where(path, places)
    assert said and "[" not in said and "scenario." not in said
    if italian is not None:
        assert said == italian


@pytest.mark.parametrize(
    "path", ["scenario.no_such_field", "scenario", "", "scenario.sides[0].force.x"]
)
def test_a_path_that_cannot_be_named_is_left_out_never_shown(path: str) -> None:
    assert where(path, Places.of(BODY)) is None
    assert where_all([path, "scenario.weather[0]"], Places.of(BODY)) == ["Weather"]


def test_the_same_place_is_said_once() -> None:
    paths = ["scenario.sides[0].force.groups[0]", "scenario.sides[0].force.groups[0]"]
    assert where_all(paths, Places.of(BODY)) == ["Attacker's force, group A"]
