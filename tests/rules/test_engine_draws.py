"""The rule 43 draws (and M12.1) on the real tables."""

from __future__ import annotations

import random

import pytest

from tests.rules._catalogue import reference_catalogue
from upfront.rules.draws import DrawError, DrawRequest, draw
from upfront.rules.messages import Message

CATALOGUE = reference_catalogue()
RNG = random.Random(0)


@pytest.mark.parametrize(
    ("request_", "value", "column"),
    [
        # unit_type_table.csv German 1943b: S 1, L 2-8, E 9-0 (column 10).
        (DrawRequest("unit_type", nationality="german", period="1943b", rpn=1), None, 10),
        # 45.9 (seed 001) British 1943b PTO: S "1", L "2-7", E "8-0".
        (
            DrawRequest("unit_type", nationality="british", theatre="PTO", period="1943b", rpn=1),
            "second_line",
            10,
        ),
        (
            DrawRequest("unit_type", nationality="british", theatre="PTO", period="1943b", rpn=7),
            "line",
            10,
        ),
        (
            DrawRequest("unit_type", nationality="british", theatre="PTO", period="1943b", rpn=10),
            "elite",
            10,
        ),
        # dyo_tables.csv time_frame: RPN 1 = 1945a, RPN 6 = 1942b, RPN 9 = 1941a.
        (DrawRequest("time_frame", opponent="american", rpn=6), "1942b", 6),
        (DrawRequest("time_frame", opponent="russian", rpn=9), "1941a", 9),
        (DrawRequest("tactical_position", rpn=3), "American vs German", 4),
        (DrawRequest("victory_conditions", rpn=3), "most VP at the end wins", 8),
        # 43.34: RN 0 (any colour) or black gives 3 decks, red 1-6 gives 4.
        (DrawRequest("bid_time_limit", rpn=0, colour="red"), "3", 0),
        (DrawRequest("bid_time_limit", rpn=4, colour="black"), "3", 0),
        (DrawRequest("bid_time_limit", rpn=4, colour="red"), "4", 0),
        # M12.1: elites are mountain troops only on a black RN.
        (DrawRequest("mountain_troops", rpn=2, colour="black"), "yes", 0),
        (DrawRequest("mountain_troops", rpn=2, colour="red"), "no", 0),
    ],
)
def test_draw_with_a_given_number(request_: DrawRequest, value: str | None, column: int) -> None:
    result = draw(CATALOGUE, request_, RNG)
    assert result.column == column
    if value is not None:
        assert result.value == value
    assert result.rule


def test_unit_type_matches_the_csv_for_every_rpn() -> None:
    rows = [
        r
        for r in CATALOGUE.unit_types
        if (r.theatre, r.nationality, r.period) == ("ETO", "russian", "1942a")
    ]
    for rpn in range(1, 11):
        expected = next(
            r.troop_type for r in rows if r.rpn_low is not None and r.rpn_low <= rpn <= r.rpn_high
        )
        got = draw(
            CATALOGUE, DrawRequest("unit_type", nationality="russian", period="1942a", rpn=rpn), RNG
        )
        assert got.value == expected


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (DrawRequest("time_frame", opponent="american", rpn=7), "rpn"),  # column 6 runs 1-6
        (
            DrawRequest("time_frame", opponent="british", rpn=1),
            "opponent",
        ),  # 43.32 states no column
        (DrawRequest("unit_type", period="1943b", rpn=1), "nationality"),
        (DrawRequest("unit_type", nationality="italian", period="1943b", rpn=1), "period"),
        (DrawRequest("tactical_position", rpn=5), "rpn"),
        (DrawRequest("bid_time_limit", rpn=7), "rpn"),
        (DrawRequest("weather_of_mars"), "table"),
    ],
)
def test_bad_requests_name_the_field(request_: DrawRequest, field: str) -> None:
    with pytest.raises(DrawError) as error:
        draw(CATALOGUE, request_, RNG)
    assert error.value.field == field
    assert error.value.message.id.startswith("draw.")
    assert error.value.message.english()  # its parameters fill its template


def test_results_say_their_value_as_a_message() -> None:
    unit = draw(
        CATALOGUE, DrawRequest("unit_type", nationality="german", period="1943b", rpn=1), RNG
    )
    assert unit.label == Message("troop_type.second_line")  # German 1943b: S 1
    assert unit.detail == Message(
        "draw.unit_type_detail",
        {"theatre": "ETO", "nationality": "german", "period": "1943b", "troop_type": "second_line"},
    )
    bid = draw(CATALOGUE, DrawRequest("bid_time_limit", rpn=4, colour="red"), RNG)
    assert bid.label == Message("draw.decks", {"decks": 4})
    assert bid.detail == Message("draw.rn", {"number": 4, "colour": "red"})
    # Table rows speak for themselves: their value is the reference data's own text.
    time_frame = draw(CATALOGUE, DrawRequest("time_frame", opponent="american", rpn=6), RNG)
    assert time_frame.label is None and time_frame.value == "1942b"


def test_seeded_draws_are_reproducible_and_in_range() -> None:
    request_ = DrawRequest("victory_conditions")
    first = [draw(CATALOGUE, request_, random.Random(7)).rpn for _ in range(3)]
    assert len(set(first)) == 1
    seen = {draw(CATALOGUE, request_, random.Random(seed)).rpn for seed in range(200)}
    assert seen == set(range(1, 9))
