"""The real-data part of tests/rules/engine/test_draws.py: the same engine on the
catalogue built from the test database (``reference_catalogue``): these need the database."""

from __future__ import annotations

import pytest

from tests.rules.engine.test_draws import drawn
from upfront.rules.catalogue import Catalogue
from upfront.rules.draws import DrawError, DrawRequest
from upfront.rules.messages import Message


# -- the real tables --------------------------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("request_", "value", "column"),
    [
        # unit_type_table.csv:11-13 German 1943b: S 1-2, L 3-7, E 8-0 (column 10).
        (DrawRequest("unit_type", nationality="german", period="1943b", rpn=2), "second_line", 10),
        (DrawRequest("unit_type", nationality="german", period="1943b", rpn=7), "line", 10),
        (DrawRequest("unit_type", nationality="german", period="1943b", rpn=8), "elite", 10),
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
        (DrawRequest("time_frame", opponent="american", rpn=1), "1945a", 6),
        (DrawRequest("time_frame", opponent="american", rpn=6), "1942b", 6),
        (DrawRequest("time_frame", opponent="russian", rpn=9), "1941a", 9),
        (DrawRequest("tactical_position", rpn=3), "American vs German", 4),
        (DrawRequest("victory_conditions", rpn=3), "most VP at the end wins", 8),
    ],
)
def test_real_tables(
    reference_catalogue: Catalogue, request_: DrawRequest, value: str, column: int
) -> None:
    result = drawn(request_, reference_catalogue)
    assert (result.value, result.column) == (value, column)


@pytest.mark.django_db
def test_real_unit_type_column_covers_every_rpn(reference_catalogue: Catalogue) -> None:
    # unit_type_table.csv Russian 1942a: each RPN 1-10 falls in exactly one troop type's range.
    rows = [
        r
        for r in reference_catalogue.unit_types
        if (r.theatre, r.nationality, r.period) == ("ETO", "russian", "1942a")
    ]
    for rpn in range(1, 11):
        expected = [
            r.troop_type
            for r in rows
            if r.rpn_low is not None and r.rpn_high is not None and r.rpn_low <= rpn <= r.rpn_high
        ]
        assert len(expected) == 1, (rpn, expected)
        got = drawn(
            DrawRequest("unit_type", nationality="russian", period="1942a", rpn=rpn),
            reference_catalogue,
        )
        assert got.value == expected[0]


@pytest.mark.django_db
def test_real_rpn_tables_have_every_row(reference_catalogue: Catalogue) -> None:
    # 43.31-43.33: columns 4, 8 and 9 (the widest time frame column) are fully tabled.
    for table, column in (("tactical_position", 4), ("victory_conditions", 8), ("time_frame", 9)):
        rows = sorted(r.rpn for r in reference_catalogue.tables if r.table == table)
        assert rows == list(range(1, column + 1)), table


@pytest.mark.django_db
def test_results_say_their_value_as_a_message(reference_catalogue: Catalogue) -> None:
    unit = drawn(
        DrawRequest("unit_type", nationality="german", period="1943b", rpn=1), reference_catalogue
    )
    # German 1943b: S 1-2; the edge names the code
    assert unit.label == Message("draw.troop_type", {"troop_type": "second_line"})
    assert unit.detail == Message(
        "draw.unit_type_detail",
        {"theatre": "ETO", "nationality": "german", "period": "1943b", "troop_type": "second_line"},
    )
    bid = drawn(DrawRequest("bid_time_limit", rpn=4, colour="red"), reference_catalogue)
    assert bid.detail == Message("draw.rn", {"number": 4, "colour": "red"})
    # Table rows speak for themselves: their value is the reference data's own text.
    time_frame = drawn(DrawRequest("time_frame", opponent="american", rpn=6), reference_catalogue)
    assert time_frame.label is None and time_frame.value == "1942b"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("nationality", "period", "refused_on"),
    [
        # M12.1 (mountain.yaml): all war for the Germans, Italians, French, British and
        # Japanese; from the second half of 1943 for the USA and the USSR.
        ("german", "1941a", None),
        ("japanese", "1942a", None),
        ("american", "1943a", "period"),
        ("american", "1943b", None),
        ("russian", "1942b", "period"),
        ("russian", "1945a", None),
    ],
)
def test_real_mountain_troops_by_nation_and_date(
    reference_catalogue: Catalogue, nationality: str, period: str, refused_on: str | None
) -> None:
    request_ = DrawRequest(
        "mountain_troops", nationality=nationality, period=period, rpn=2, colour="black"
    )
    if refused_on is None:
        assert drawn(request_, reference_catalogue).value == "yes"
        return
    with pytest.raises(DrawError) as error:
        drawn(request_, reference_catalogue)
    assert error.value.field == refused_on
    assert error.value.message.params["available_from"] == "1943b"
