"""The read-only reference API under /api/v1/: field names, filters, languages, schema."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from upfront.reference import models as m

pytestmark = pytest.mark.django_db


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def by(rows: list[dict], **match: object) -> list[dict]:
    return [r for r in rows if all(r.get(k) == v for k, v in match.items())]


def test_nationalities_have_the_documented_fields(api: APIClient) -> None:
    rows = api.get("/api/v1/nationalities/").json()
    assert [r["code"] for r in rows] == [
        "german",
        "american",
        "russian",
        "british",
        "japanese",
        "italian",
        "french",
    ]
    for field in (
        "code",
        "name",
        "hand_size",
        "max_discards",
        "split_cards",
        "squad_break_percent",
        "squad_break_inclusive",
        "troop_types",
        "rules",
    ):
        assert all(field in r for r in rows), field
    japanese = by(rows, code="japanese")[0]
    assert (japanese["hand_size"], japanese["max_discards"]) == (4, 2)
    assert (japanese["squad_break_percent"], japanese["squad_break_inclusive"]) == (75, True)
    assert japanese["split_cards"] == "russian"
    assert {t["code"] for t in japanese["troop_types"]} >= {"elite", "second_line"}
    assert any(r["rule"] == "45.31" for r in japanese["rules"])
    german = by(rows, code="german")[0]
    assert by(german["troop_types"], code="elite")[0]["national_name"] == "SS"


def test_nationality_detail_and_unknown_code(api: APIClient) -> None:
    assert api.get("/api/v1/nationalities/italian/").json()["squad_break_percent"] == 40
    assert api.get("/api/v1/nationalities/martian/").status_code == 404


def test_unit_type_table_filters_pto_british_1943b(api: APIClient) -> None:
    rows = api.get(
        "/api/v1/unit-type-table/", {"theatre": "PTO", "nationality": "british", "period": "1943b"}
    ).json()
    got = {r["troop_type"]: (r["rpn_low"], r["rpn_high"], r["printed"], r["rule"]) for r in rows}
    # Banzai PTO table, 1943b column: UK S "1", L "2 – 7", E "8 - 0" (0 = 10).
    assert got == {
        "second_line": (1, 1, "1", "45.9"),
        "line": (2, 7, "2-7", "45.9"),
        "elite": (8, 10, "8-0", "45.9"),
    }


def test_unit_type_table_filters_eto_german_1945a(api: APIClient) -> None:
    rows = api.get(
        "/api/v1/unit-type-table/", {"theatre": "ETO", "nationality": "german", "period": "1945a"}
    ).json()
    got = {r["troop_type"]: (r["rpn_low"], r["rpn_high"]) for r in rows}
    assert got == {"second_line": (1, 5), "line": (6, 9), "elite": (10, 10)}
    assert all(r["theatre"] == "ETO" and r["rule"] == "43" for r in rows)


def test_random_reinforcements_for_germans(api: APIClient) -> None:
    rows = api.get("/api/v1/random-reinforcements/", {"nationality": "german"}).json()
    assert [r["rn"] for r in rows] == list(range(7))
    assert rows[0]["sniper"] is True and rows[0]["cards"] == []
    assert rows[3]["cards"] == [10, 19, 24] and rows[3]["free_choice"] is True
    assert rows[6]["cards"] == [39] and rows[6]["rule"] == "48.3"
    french = api.get("/api/v1/random-reinforcements/", {"nationality": "french"}).json()
    assert french[2]["cards"] == [12, 15, 23] and french[2]["rule"] == "53.2"


# 48.3 / 53.2: numbers the tables print for cards no source describes (personality_cards.csv).
MISSING_RANDOM_REINFORCEMENT_CARDS = {
    ("british", 6): [35],
    ("japanese", 5): [37],
    ("japanese", 6): [34],
    ("russian", 5): [31],
    ("russian", 6): [34],
    ("american", 5): [31],
    ("american", 6): [34],
    ("french", 5): [35],
    ("french", 6): [31],
    ("italian", 5): [31],
    ("italian", 6): [33],
}


def test_random_reinforcements_name_the_cards_no_source_describes(api: APIClient) -> None:
    rows = api.get("/api/v1/random-reinforcements/").json()
    missing = {(r["nationality"], r["rn"]): r["missing_cards"] for r in rows if r["missing_cards"]}
    assert missing == MISSING_RANDOM_REINFORCEMENT_CARDS
    british = api.get("/api/v1/random-reinforcements/", {"nationality": "british"}).json()
    assert (british[6]["cards"], british[6]["missing_cards"]) == ([35], [35])
    assert (british[2]["cards"], british[2]["missing_cards"]) == ([10, 22, 24], [])
    # A card added to the data is no longer missing.
    m.PersonalityCard.objects.create(
        nationality=m.Nationality.objects.get(code="british"),
        card_no=35,
        name="Test",
        unit_kind="AFV",
    )
    british = api.get("/api/v1/random-reinforcements/", {"nationality": "british"}).json()
    assert british[6]["missing_cards"] == []


def test_personality_cards_filter_and_unknowns(api: APIClient) -> None:
    rows = api.get("/api/v1/personality-cards/", {"nationality": "german"}).json()
    first = by(rows, card=1)[0]
    assert (first["name"], first["dyo_points"], first["morale"], first["panic"]) == (
        "Diettinger",
        51,
        5,
        6,
    )
    assert first["weapon"] == "MP" and first["leader_role"] == "SL"
    lmgs = api.get("/api/v1/personality-cards/", {"nationality": "german", "weapon": "LMG"}).json()
    assert sorted(r["card"] for r in lmgs) == [3, 12]
    marines = api.get("/api/v1/personality-cards/", {"nationality": "american", "card": 42}).json()
    assert marines[0]["dyo_points"] is None


def test_weapons_mark_anti_tank_secondary_weapons(api: APIClient) -> None:
    rows = {r["code"]: r for r in api.get("/api/v1/weapons/").json()}
    assert rows["PF"]["counts_toward_at_limit"] is True
    assert rows["ATMM"]["counts_toward_at_limit"] is True
    assert rows["RADIO"]["counts_toward_at_limit"] is False
    assert rows["BAZ"]["is_secondary"] is False


def test_dyo_prices_follow_the_national_rules(api: APIClient) -> None:
    rows = api.get("/api/v1/dyo-prices/", {"item": "radio", "nationality": "italian"}).json()
    elite = [r for r in rows if r["troop_types"] == ["elite"]]
    assert {r["fire_strength"]: r["points"] for r in elite} == {5: 22, 6: 44, 7: 66}
    line = [r for r in rows if "line" in r["troop_types"]]
    assert {r["fire_strength"]: r["points"] for r in line} == {5: 11, 6: 22, 7: 33}
    assert all(r["rule"] == "50.8" for r in rows)
    pf = api.get("/api/v1/dyo-prices/", {"item": "panzerfaust"}).json()[0]
    assert (pf["points"], pf["available_from"]) == (25, "1943b")
    multipliers = api.get("/api/v1/dyo-prices/", {"item": "reinforcement_multiplier"}).json()
    assert {r["after_deck"]: r["multiplier"] for r in multipliers} == {1: 0.8, 2: 0.5, 3: 0.2}


def test_terrain_decks_with_substitutions(api: APIClient) -> None:
    decks = {d["code"]: d for d in api.get("/api/v1/terrain-decks/").json()}
    assert {
        "standard",
        "desert",
        "jungle",
        "city",
        "rural",
        "mountain",
        "mountain_elevation",
    } <= set(decks)
    rural = {s["replacement_code"]: s for s in decks["rural"]["substitutions"]}
    numbers = {code: s["card_number"] for code, s in rural.items() if s["card_number"]}
    assert numbers == {
        "wheatfield": 58,
        "orchard": 95,
        "graveyard": 71,
        "crag": 143,
        "burning": 141,
    }
    assert rural["wheatfield"]["replaces"] == "buildings_2"
    assert rural["burning"]["replaces"] == "minefield"
    for sub in decks["rural"]["substitutions"]:
        assert {"replacement", "replaces", "card_number", "rule"} <= set(sub)


def test_weather_topography_environments_mountain_troops(api: APIClient) -> None:
    weather = {w["code"]: w for w in api.get("/api/v1/weather/").json()}
    assert weather["mud"]["rule"] == "99.7"
    assert "overcast" in weather["rain"]["implies"]  # 99.6: "it remains Overcast"
    topo = {t["code"]: t for t in api.get("/api/v1/topography/").json()}
    assert topo["rocky"]["cower_cards"] == ["woods"] and topo["wooded"]["theatre"] == "ETO"
    envs = {e["code"]: e for e in api.get("/api/v1/environments/").json()}
    assert (envs["light"]["fire_modifier"], envs["heavy"]["fire_modifier"]) == (-1, -2)
    troops = api.get("/api/v1/mountain-troops/").json()
    from_1943b = {t["nationality"] for t in troops if t["available_from"] == "1943b"}
    assert from_1943b == {"american", "russian"}


def test_published_scenarios_with_mountain_adaptation(api: APIClient) -> None:
    rows = {s["letter"]: s for s in api.get("/api/v1/published-scenarios/").json()}
    assert sorted(rows) == [chr(c) for c in range(ord("A"), ord("Y"))]
    assert (rows["C"]["dyo_attacker"], rows["C"]["dyo_defender"]) == (369, 200)
    assert {k for k, s in rows.items() if s["mountain_adaptation"]["excluded"]} == {"B", "G", "R"}
    codes = {r["code"] for r in rows["A"]["mountain_adaptation"]["special_rules"]}
    assert "minefields_cower" in codes
    catalogue = {r["code"] for r in api.get("/api/v1/special-rules/").json()}
    assert codes <= catalogue


def test_italian_language_via_accept_language(api: APIClient) -> None:
    it = api.get("/api/v1/nationalities/german/", HTTP_ACCEPT_LANGUAGE="it").json()
    en = api.get("/api/v1/nationalities/german/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert (en["name"], it["name"]) == ("German", "Tedesco")
    rules_it = api.get("/api/v1/special-rules/minefields_cower/", HTTP_ACCEPT_LANGUAGE="it")
    assert rules_it.json()["text"] == rules_it.json()["text_it"] != rules_it.json()["text_en"]


def test_openapi_schema_lists_the_endpoints(api: APIClient) -> None:
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    for path in (
        "/api/v1/nationalities/",
        "/api/v1/unit-type-table/",
        "/api/v1/random-reinforcements/",
        "/api/v1/terrain-decks/",
        "/api/v1/published-scenarios/",
    ):
        assert path in schema["paths"], path
    params = {p["name"] for p in schema["paths"]["/api/v1/unit-type-table/"]["get"]["parameters"]}
    assert {"theatre", "nationality", "period", "troop_type"} <= params
    docs = api.get("/api/docs/")
    assert docs.status_code == 200 and b"swagger" in docs.content.lower()


def test_data_revision_endpoint(api: APIClient) -> None:
    body = api.get("/api/v1/data-revision/").json()
    assert body["label"].startswith("r") and len(body["content_hash"]) == 64


def test_terrain_decks_give_both_languages(api: APIClient) -> None:
    decks = {d["code"]: d for d in api.get("/api/v1/terrain-decks/").json()}
    rural = decks["rural"]
    assert rural["name_en"] and rural["name_it"] and rural["name_en"] != rural["name_it"]
    wheat = next(s for s in rural["substitutions"] if s["card_number"] == 58)
    assert wheat["replaces"] == "buildings_2" and wheat["rule"].startswith("T4")
    assert wheat["effects_en"] and wheat["effects_it"]
    assert all("summary_it" in r for r in decks["desert"]["deck_rules"])
