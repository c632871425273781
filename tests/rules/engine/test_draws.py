"""upfront.rules.draws: the rule 43 draws (and M12.1).

The first part runs on the hand-built tables of tests/rules/factories.py (arbitrary rows:
German ETO 1942b second line 1-2, line 3-8, elite 9-10; each RPN table's value names its row).
The last part reads the real tables, from the catalogue the app builds from the test database.
"""

from __future__ import annotations

import random

import pytest

from tests.rules.factories import CATALOGUE
from upfront.rules.catalogue import Catalogue
from upfront.rules.draws import DrawError, DrawRequest, DrawResult, draw
from upfront.rules.messages import Message

RNG = random.Random(0)


def drawn(request: DrawRequest, catalogue: Catalogue = CATALOGUE) -> DrawResult:
    return draw(catalogue, request, RNG)


# -- hand-built tables ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rpn", "troop_type"),
    [(1, "second_line"), (2, "second_line"), (3, "line"), (8, "line"), (9, "elite"), (10, "elite")],
)
def test_unit_type_reads_the_rpn_range(rpn: int, troop_type: str) -> None:
    # 43: column 10 of the unit type table, by theatre, nationality and period.
    result = drawn(DrawRequest("unit_type", nationality="german", period="1942b", rpn=rpn))
    assert (result.table, result.column, result.rpn) == ("unit_type", 10, rpn)
    assert (result.value, result.rule) == (troop_type, "43")


def test_unit_type_by_theatre() -> None:
    # The PTO table (45.9) is its own: the American PTO column is all line troops.
    result = drawn(
        DrawRequest("unit_type", nationality="american", theatre="PTO", period="1942b", rpn=1)
    )
    assert (result.value, result.rule) == ("line", "45.9")


@pytest.mark.parametrize(
    ("request_", "column", "value", "rule"),
    [
        # 43.32: column 6 against the Americans, 9 against the Russians.
        (DrawRequest("time_frame", opponent="american", rpn=6), 6, "time_frame 6", "43.32"),
        (DrawRequest("time_frame", opponent="russian", rpn=9), 9, "time_frame 9", "43.32"),
        (DrawRequest("tactical_position", rpn=4), 4, "tactical_position 4", "43.31"),
        (DrawRequest("victory_conditions", rpn=8), 8, "victory_conditions 8", "43.33"),
    ],
)
def test_rpn_tables(request_: DrawRequest, column: int, value: str, rule: str) -> None:
    result = drawn(request_)
    assert (result.column, result.rpn, result.value, result.rule) == (
        column,
        request_.rpn,
        value,
        rule,
    )
    assert result.detail == f"detail {request_.rpn}"


@pytest.mark.parametrize(
    ("rn", "colour", "four_decks"),
    [
        (0, "red", False),
        (0, "black", False),
        (4, "black", False),
        (1, "red", True),
        (6, "red", True),
    ],
)
def test_bid_time_limit(rn: int, colour: str, four_decks: bool) -> None:
    # 43.34: an RN of 0 (any colour) or black gives 3 decks; red 1-6 gives 4.
    result = drawn(DrawRequest("bid_time_limit", rpn=rn, colour=colour))
    assert (result.rpn, result.colour, result.rule) == (rn, colour, "43.34")
    assert result.value == ("4" if four_decks else "3")
    assert result.label == Message("draw.decks", {"decks": 4 if four_decks else 3})


@pytest.mark.parametrize(("colour", "granted"), [("black", True), ("red", False)])
@pytest.mark.parametrize(("nationality", "period"), [("german", "1941a"), ("american", "1942b")])
def test_mountain_troops_need_a_black_rn(
    colour: str, granted: bool, nationality: str, period: str
) -> None:
    # M12.1: where the nation had mountain troops at that date (hand-built: Germans all war,
    # Americans from 1942b), a black RN makes the elites mountain troops.
    request_ = DrawRequest(
        "mountain_troops", nationality=nationality, period=period, rpn=3, colour=colour
    )
    result = drawn(request_)
    assert (result.colour, result.rule) == (colour, "M12.1")
    assert result.value == ("yes" if granted else "no")
    assert result.label == Message(
        "draw.mountain_troops" if granted else "draw.no_mountain_troops", {}
    )


@pytest.mark.parametrize(
    ("nationality", "period", "field", "message"),
    [
        (
            "russian",
            "1943b",
            "nationality",
            Message("draw.mountain_troops_nationality", {"nationality": "russian"}),
        ),
        (
            "american",
            "1942a",
            "period",
            Message(
                "draw.mountain_troops_too_early",
                {"nationality": "american", "available_from": "1942b", "period": "1942a"},
            ),
        ),
    ],
)
def test_no_mountain_troops_to_draw_for(
    nationality: str, period: str, field: str, message: Message
) -> None:
    # M12.1: a nation without mountain troops then has nothing to draw for, whatever the RN.
    request_ = DrawRequest(
        "mountain_troops", nationality=nationality, period=period, rpn=3, colour="black"
    )
    with pytest.raises(DrawError) as error:
        drawn(request_)
    assert (error.value.field, error.value.message) == (field, message)


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (DrawRequest("time_frame", opponent="american", rpn=7), "rpn"),  # column 6 runs 1-6
        (DrawRequest("time_frame", opponent="british", rpn=1), "opponent"),  # 43.32: no column
        (DrawRequest("time_frame"), "opponent"),
        (DrawRequest("unit_type", period="1942b", rpn=1), "nationality"),
        (DrawRequest("unit_type", nationality="german", rpn=1), "period"),
        (DrawRequest("unit_type", nationality="russian", period="1942b", rpn=1), "period"),
        (DrawRequest("unit_type", nationality="german", period="1942b", rpn=11), "rpn"),
        (DrawRequest("tactical_position", rpn=0), "rpn"),
        (DrawRequest("bid_time_limit", rpn=7), "rpn"),
        (
            DrawRequest(
                "mountain_troops", nationality="german", period="1942b", rpn=2, colour="green"
            ),
            "colour",
        ),
        (DrawRequest("mountain_troops", period="1942b", rpn=2), "nationality"),
        (DrawRequest("mountain_troops", nationality="german", rpn=2), "period"),
        (DrawRequest("weather_of_mars"), "table"),
    ],
)
def test_bad_requests_name_the_field(request_: DrawRequest, field: str) -> None:
    with pytest.raises(DrawError) as error:
        drawn(request_)
    assert error.value.field == field
    assert error.value.message.id.startswith("draw.") and error.value.message.english()


def test_a_gap_in_the_unit_type_column_is_an_error() -> None:
    # A column whose ranges miss an RPN has no row for it: said, not guessed.
    from tests.rules.factories import catalogue
    from upfront.rules.catalogue import UnitTypeEntry

    gappy = catalogue(unit_types=[UnitTypeEntry("ETO", "german", "1942b", "line", 1, 5, "43")])
    with pytest.raises(DrawError) as error:
        drawn(DrawRequest("unit_type", nationality="german", period="1942b", rpn=6), gappy)
    assert error.value.field == "rpn"


def test_a_missing_table_row_is_an_error() -> None:
    from tests.rules.factories import catalogue

    empty = catalogue(tables=[])
    with pytest.raises(DrawError) as error:
        drawn(DrawRequest("victory_conditions", rpn=1), empty)
    assert error.value.field == "table"


def test_seeded_draws_are_reproducible_and_cover_the_column() -> None:
    request_ = DrawRequest("victory_conditions")
    first = {draw(CATALOGUE, request_, random.Random(7)).rpn for _ in range(3)}
    assert len(first) == 1
    seen = {draw(CATALOGUE, request_, random.Random(seed)).rpn for seed in range(200)}
    assert seen == set(range(1, 9))
    rns = {draw(CATALOGUE, DrawRequest("bid_time_limit"), random.Random(s)) for s in range(200)}
    assert {r.rpn for r in rns} == set(range(7))
    assert {r.colour for r in rns} == {"red", "black"}
