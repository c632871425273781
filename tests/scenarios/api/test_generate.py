"""POST /api/v1/scenarios/generate: rule 43's random scenario, and its document imported."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from scenarios import services
from upfront.rules.generator import DRAW_KEYS

pytestmark = pytest.mark.django_db
URL = "/api/v1/scenarios/generate"


def generated(body: dict[str, Any], **headers: str) -> dict[str, Any]:
    response = APIClient().post(URL, body, format="json", **headers)
    assert response.status_code == 200, response.content
    return response.json()


def test_same_seed_same_answer() -> None:
    first = generated({"seed": 2024, "mountain": True})
    again = generated({"seed": 2024, "mountain": True})
    assert first == again
    assert first["seed"] == 2024
    other = generated({"seed": 2025, "mountain": True})
    assert other["draws"] != first["draws"]


def test_every_draw_shows_its_number_colour_and_rule() -> None:
    body = generated({"seed": 11})
    keys = [d["key"] for d in body["draws"]]
    assert keys[:6] == list(DRAW_KEYS[:6])
    for item in body["draws"]:
        assert item["rule"] and item["label"] and item["table_name"]
        if item["table"] == "bid_time_limit":
            assert 0 <= item["rn"] <= 6 and item["colour"] in ("red", "black")
            assert "rpn" not in item
        else:
            assert 1 <= item["rpn"] <= item["column"] and item["colour"] is None
    rules = {d["key"]: d["rule"] for d in body["draws"]}
    assert rules["tactical_position"] == "43.31" and rules["time_frame"] == "43.32"
    assert rules["victory_conditions"] == "43.33" and rules["time_limit"] == "43.34"
    assert [n["rule"] for n in body["notes"]][-1] == "43.35-43.36"
    scenario = body["document"]["scenario"]
    assert scenario["time_limit_decks"] == int(
        next(d for d in body["draws"] if d["key"] == "time_limit")["value"]
    )
    assert [s["force"]["budget"] for s in scenario["sides"]] == [None, None]
    assert scenario["first_player"] == "attacker"  # 43.36


def test_the_document_imports_as_it_is(owner: Any) -> None:
    for seed in (1, 2, 3, 4, 5):
        body = generated({"seed": seed, "mountain": seed % 2 == 1})
        scenario = services.scenario_import(owner=owner, data=body["document"])
        stored = scenario.document["scenario"]
        assert stored["period"] == body["document"]["scenario"]["period"]
        assert stored["victory_conditions"] == body["document"]["scenario"]["victory_conditions"]
        assert [s["force"]["troop_type"] for s in stored["sides"]] == [
            s["force"]["troop_type"] for s in body["document"]["scenario"]["sides"]
        ]


def test_the_document_imports_through_the_api(owner: Any) -> None:
    body = generated({"seed": 99, "theatre": "PTO", "attacker": "japanese", "defender": "american"})
    client = APIClient()
    client.force_authenticate(owner)
    response = client.post("/api/v1/scenarios/import", body["document"], format="json")
    assert response.status_code == 201, response.content
    sides = response.json()["document"]["scenario"]["sides"]
    assert [s["force"]["nationality"] for s in sides] == ["japanese", "american"]
    assert sides[1]["force"]["marines"] is True  # 46.1


def test_reroll_one_draw() -> None:
    first = generated({"seed": 5})
    again = generated({"seed": 5, "draw_seeds": {"time_limit": 123456}})
    before = {d["key"]: d for d in first["draws"]}
    after = {d["key"]: d for d in again["draws"]}
    assert after["time_limit"]["seed"] == 123456
    for key in before:
        if key != "time_limit":
            assert after[key] == before[key]
    assert "s_time_limit=123456" in again["query"]


def test_without_a_seed_the_server_picks_one_and_says_which() -> None:
    body = generated({})
    assert generated({"seed": body["seed"]})["draws"] == body["draws"]


def test_italian_words() -> None:
    body = generated({"seed": 11}, HTTP_ACCEPT_LANGUAGE="it")
    assert body["document"]["scenario"]["language"] == "it"
    names = {d["key"]: d["table_name"] for d in body["draws"]}
    english = {d["key"]: d["table_name"] for d in generated({"seed": 11})["draws"]}
    assert names["time_limit"] != english["time_limit"]
    assert "43.35" in body["document"]["scenario"]["special_rules"][-1]["rule"]


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"theatre": "PTO"}, "attacker"),  # 43.31: no Pacific table
        ({"theatre": "PTO", "attacker": "japanese", "defender": "british"}, "period"),  # 43.32
        ({"attacker": "italian", "defender": "german", "period": "1943a"}, "attacker"),  # 43
        ({"attacker": "german"}, "defender"),
        ({"seed": -1}, "seed"),
        ({"draw_seeds": {"weather": 1}}, "draw_seeds.weather"),
        ({"theatre": "MTO"}, "theatre"),
    ],
)
def test_what_the_tables_cannot_answer_is_a_problem(body: dict[str, Any], path: str) -> None:
    response = APIClient().post(URL, body, format="json")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/problem+json")
    problem = response.json()
    assert problem["status"] == 400
    assert [e["path"] for e in problem["errors"]] == [path]
    assert problem["errors"][0]["message"]
