"""POST /api/v1/dyo/draw (rule 43 tables)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db
URL = "/api/v1/dyo/draw"
UNIT_TYPES = Path(settings.REFERENCE_DATA_DIR) / "reference" / "unit_type_table.csv"
CODES = {"L": "line", "E": "elite", "S": "second_line"}


def troop_type_in_csv(nationality: str, period: str, rpn: int) -> str:
    with UNIT_TYPES.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if (
                row["nationality"] == nationality
                and row["period"] == period
                and row["rpn_low"]
                and int(row["rpn_low"]) <= rpn <= int(row["rpn_high"])
            ):
                return CODES[row["troop_type"]]
    raise LookupError


@pytest.mark.parametrize("rpn", [1, 5, 9])
def test_unit_type_lookup_matches_the_printed_table(api, rpn: int) -> None:
    body = api.post(
        URL,
        {
            "table": "unit_type",
            "nationality": "german",
            "theatre": "ETO",
            "period": "1943b",
            "rpn": rpn,
        },
        format="json",
    ).json()
    assert body["rpn"] == rpn
    assert body["table"] == "unit_type"
    assert body["rule"].startswith("43")
    expected = troop_type_in_csv("german", "1943b", rpn)
    assert body["value"].lower().replace(" ", "_") in {expected, expected[0]}


def test_same_seed_same_draw(api) -> None:
    params = {"table": "unit_type", "nationality": "german", "theatre": "ETO", "period": "1943b"}
    first = api.post(URL, {**params, "seed": 42}, format="json").json()
    again = api.post(URL, {**params, "seed": 42}, format="json").json()
    assert first == again
    assert 1 <= first["rpn"] <= 10


def test_unknown_table_is_rejected_naming_the_field(api) -> None:
    response = api.post(URL, {"table": "weather_of_mars"}, format="json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert [e["path"] for e in response.json()["errors"]] == ["table"]


def test_bad_rpn_is_rejected_naming_the_field(api) -> None:
    response = api.post(URL, {"table": "time_frame", "rpn": 11}, format="json")
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["path"] == "rpn" and "10" in error["message"]


def test_missing_parameter_for_the_table_is_named(api) -> None:
    # The unit type table needs a nationality and a period (43.2).
    response = api.post(URL, {"table": "unit_type", "theatre": "ETO", "rpn": 3}, format="json")
    assert response.status_code == 400
    assert {e["path"] for e in response.json()["errors"]} & {"nationality", "period"}


def test_draw_result_follows_accept_language(api) -> None:
    # 43.34: a red RN of 1-6 gives a bid time limit of 4 decks.
    params = {"table": "bid_time_limit", "rpn": 4, "colour": "red"}
    en = api.post(URL, params, format="json").json()
    it = api.post(URL, params, format="json", HTTP_ACCEPT_LANGUAGE="it").json()
    assert (en["value"], en["detail"], en["colour"]) == ("4 decks", "RN 4 red", "red")
    assert (it["value"], it["detail"], it["colour"]) == ("4 mazzi", "RN 4 rosso", "red")
    unit = {"table": "unit_type", "nationality": "german", "period": "1943b", "rpn": 1}
    body = api.post(URL, unit, format="json", HTTP_ACCEPT_LANGUAGE="it").json()
    assert (body["value"], body["detail"]) == ("seconda linea", "ETO Tedesco 1943b: seconda linea")


def test_refused_draw_names_the_field_in_the_request_language(api) -> None:
    # The base-game unit type table has no Italian column (docs/data.md).
    params = {"table": "unit_type", "nationality": "italian", "period": "1943b", "rpn": 1}
    en = api.post(URL, params, format="json")
    it = api.post(URL, params, format="json", HTTP_ACCEPT_LANGUAGE="it")
    assert en.status_code == it.status_code == 400
    assert en.json()["errors"] == [
        {"path": "period", "message": "The ETO unit type table has no Italian column for 1943b."}
    ]
    assert it.json()["errors"] == [
        {
            "path": "period",
            "message": "La tabella dei tipi di unità ETO non ha la colonna Italiano per il 1943b.",
        }
    ]


def test_mountain_troops_on_a_black_rn_where_the_nation_had_them(api) -> None:
    # M12.1: US mountain troops from the second half of 1943, and only on a black RN.
    params = {"table": "mountain_troops", "nationality": "american", "period": "1943b", "rpn": 3}
    black = api.post(URL, {**params, "colour": "black"}, format="json").json()
    red = api.post(URL, {**params, "colour": "red"}, format="json").json()
    assert (black["value"], black["rule"], black["colour"]) == ("mountain troops", "M12.1", "black")
    assert (red["value"], red["colour"]) == ("no mountain troops", "red")


def test_mountain_troops_are_refused_before_the_nation_had_them(api) -> None:
    params = {
        "table": "mountain_troops",
        "nationality": "american",
        "period": "1943a",
        "rpn": 3,
        "colour": "black",
    }
    en = api.post(URL, params, format="json")
    it = api.post(URL, params, format="json", HTTP_ACCEPT_LANGUAGE="it")
    assert en.status_code == it.status_code == 400
    assert en.json()["errors"] == [
        {
            "path": "period",
            "message": "American mountain troops exist from 1943b, not in 1943a.",
        }
    ]
    assert it.json()["errors"] == [
        {
            "path": "period",
            "message": "Le truppe da montagna di questa nazionalità (Americano) esistono dal "
            "1943b, non nel 1943a.",
        }
    ]


def test_mountain_troops_need_the_nation_and_the_date(api) -> None:
    response = api.post(URL, {"table": "mountain_troops", "rpn": 3}, format="json")
    assert response.status_code == 400
    assert [e["path"] for e in response.json()["errors"]] == ["nationality"]
