"""POST /api/v1/dyo/validate."""

from __future__ import annotations

import pytest
from rest_framework.renderers import JSONRenderer

from tests.builder.conftest import csv_points, plain_force

pytestmark = pytest.mark.django_db
URL = "/api/v1/dyo/validate"


def test_interchange_example_is_checked_and_itemised(api, example_force) -> None:
    body = api.post(URL, example_force, format="json").json()
    assert set(body) >= {"valid", "total_points", "budget", "remaining", "breakdown", "violations"}
    assert body["budget"] == 320
    assert body["remaining"] == 320 - body["total_points"]
    # Every point is accounted for with a rule reference.
    assert sum(line["points"] for line in body["breakdown"]) == body["total_points"]
    assert all(line["rule"] for line in body["breakdown"])
    card1 = [line for line in body["breakdown"] if line["item"] == "card 1"]
    assert card1 and card1[0]["points"] == csv_points("german", 1) == 51
    # valid is true exactly when no violation is an error.
    errors = [v for v in body["violations"] if v["severity"] == "error"]
    assert body["valid"] is (not errors)


def test_total_is_the_sum_of_csv_card_prices(api) -> None:
    cards = [1, 3, 4, 5, 9]
    body = api.post(URL, plain_force(cards, budget=None), format="json").json()
    assert body["total_points"] == sum(csv_points("german", c) for c in cards)
    assert body["remaining"] is None


def test_over_budget_is_a_violation_citing_its_rule(api) -> None:
    cards = [1, 3]
    total = csv_points("german", 1) + csv_points("german", 3)
    body = api.post(URL, plain_force(cards, budget=total - 11), format="json").json()
    assert body["valid"] is False
    assert body["remaining"] == -11
    over = [v for v in body["violations"] if v["code"] == "over_budget"]
    assert over, body["violations"]
    assert over[0]["severity"] == "error" and over[0]["rule"]
    assert str(total) in over[0]["message"]


def test_italian_messages_follow_accept_language(api) -> None:
    doc = plain_force([1, 3], budget=10)
    en = api.post(URL, doc, format="json").json()
    it = api.post(URL, doc, format="json", HTTP_ACCEPT_LANGUAGE="it").json()
    assert en["total_points"] == it["total_points"]
    en_msg = {v["code"]: v["message"] for v in en["violations"]}
    it_msg = {v["code"]: v["message"] for v in it["violations"]}
    assert set(en_msg) == set(it_msg) and "over_budget" in it_msg
    assert it_msg["over_budget"] != en_msg["over_budget"]


def test_malformed_document_lists_every_fault_with_its_path(api, example_force) -> None:
    example_force["groups"][0]["cards"][1]["card"] = "four"
    example_force["nationality"] = "martian"
    example_force["snipers"] = 7
    response = api.post(URL, example_force, format="json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["code"] == "invalid"
    paths = {e["path"] for e in response.json()["errors"]}
    assert {"groups[0].cards[1].card", "nationality", "snipers"} <= paths
    assert all(e["message"] for e in response.json()["errors"])


def test_malformed_document_in_italian(api, example_force) -> None:
    del example_force["groups"]
    en = api.post(URL, example_force, format="json").json()["errors"]
    it = api.post(URL, example_force, format="json", HTTP_ACCEPT_LANGUAGE="it").json()["errors"]
    assert [e["path"] for e in en] == [e["path"] for e in it]
    assert [e["message"] for e in en] != [e["message"] for e in it]


def test_broken_json_is_a_400_not_a_crash(api) -> None:
    response = api.post(URL, "{not json", content_type="application/json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "parse_error"
    assert body["errors"][0]["path"] == "$"
    assert body["errors"][0]["message"].startswith("Not valid JSON")


def test_anonymous_needs_no_csrf_token(example_force) -> None:
    from rest_framework.test import APIClient

    client = APIClient(enforce_csrf_checks=True)
    response = client.post(URL, example_force, format="json")
    assert response.status_code == 200
    assert "total_points" in response.json()


def test_oversized_body_is_rejected_with_a_message(api, settings) -> None:
    doc = plain_force([1])
    doc["padding"] = "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    response = api.post(URL, doc, format="json")
    assert response.status_code == 413
    assert response["Content-Type"] == "application/problem+json"
    assert "limit" in response.json()["detail"]


def test_the_size_limit_is_the_django_setting(api, settings) -> None:
    # One setting for Django and the API: lowering it refuses what it accepted before.
    doc = plain_force([1])
    size = len(JSONRenderer().render(doc))  # what APIClient sends
    assert api.post(URL, doc, format="json").status_code == 200
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = size - 1
    response = api.post(URL, doc, format="json")
    assert response.status_code == 413
    assert f"{size - 1} bytes" in response.json()["detail"]


def test_force_schema_is_published(api) -> None:
    schema = api.get("/api/v1/schemas/force.json").json()
    assert "nationality" in schema["properties"]
    assert "groups" in schema.get("required", [])


def test_builder_operations_are_in_the_openapi_schema_with_examples(api) -> None:
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    validate = schema["paths"]["/api/v1/dyo/validate"]["post"]
    examples = validate["requestBody"]["content"]["application/json"]["examples"]
    example = next(iter(examples.values()))["value"]
    # The interchange-format example force is offered as the request example.
    assert example["nationality"] == "german" and example["budget"] == 320
    assert {"200", "400"} <= set(validate["responses"])
    assert "examples" in validate["responses"]["200"]["content"]["application/json"]
    for path in ("/api/v1/dyo/draw", "/api/v1/forces/", "/api/v1/forces/{id}/"):
        assert path in schema["paths"], path


def test_violations_and_lines_carry_their_rule_summary_in_the_request_language(api) -> None:
    from upfront.reference.models import RuleSummary

    doc = plain_force([1, 3], budget=10, troop_type="elite")
    en = api.post(URL, doc, format="json").json()
    it = api.post(URL, doc, format="json", HTTP_ACCEPT_LANGUAGE="it").json()
    over = RuleSummary.objects.get(group="dyo", rule="43.2")
    assert next(v for v in en["violations"] if v["code"] == "over_budget")["summary"] == (
        over.summary_en
    )
    assert next(v for v in it["violations"] if v["code"] == "over_budget")["summary"] == (
        over.summary_it
    )
    elite = RuleSummary.objects.get(group="dyo", rule="43.5")
    assert [line["summary"] for line in en["breakdown"] if line["rule"] == "43.5"] == [
        elite.summary_en
    ]
    elite_it = next(line["item"] for line in it["breakdown"] if line["rule"] == "43.5")
    assert elite_it.startswith("élite +15% su ")


def test_every_rule_the_engine_cites_has_a_summary(api) -> None:
    cited: dict[str, str] = {}
    for nationality in (
        "german",
        "american",
        "russian",
        "british",
        "japanese",
        "italian",
        "french",
    ):
        for troop_type, flags in [
            ("elite", {"mountain": True, "marines": True}),
            ("line", {"partisans": True}),
            ("second_line", {"replay": "sl"}),
        ]:
            doc = plain_force(
                [1, 2, 2],
                budget=1,
                nationality=nationality,
                period="1943a",
                troop_type=troop_type,
                reinforcements=[{"after_deck": 1, "cards": [{"card": 4}, {"card": 5}]}],
                radios=[{"fire_strength": fs} for fs in (5, 6, 7)],
                snipers=2,
                random_reinforcement_decks=[1, 2],
                **flags,
            )
            doc["groups"][0]["cards"][0]["secondary"] = [
                "atmm", "panzerfaust", "panzerfaust", "demolition_charge", "demolition_charge",
                "at_mine",
            ]  # fmt: skip
            body = api.post(URL, doc, format="json").json()
            for said in body["breakdown"] + body["violations"]:
                cited.setdefault(said["rule"], said["summary"])
    assert {
        "3.2", "31.1", "37.1", "39.8", "43.2", "43.4", "43.41", "43.5", "43.6", "43.7", "44.8",
        "45.7", "46.1", "48.1", "50.8", "50.9", "51.5", "53.1", "M12.1",
    } <= set(cited)  # fmt: skip
    assert [rule for rule, summary in cited.items() if not summary] == []


def test_the_openapi_example_result_is_what_the_example_force_answers(api) -> None:
    from builder.api.views import EXAMPLE_FORCE, EXAMPLE_RESULT

    body = api.post(URL, {**EXAMPLE_FORCE, "budget": EXAMPLE_RESULT["budget"]}, format="json")
    answer = body.json()
    assert answer["violations"] == EXAMPLE_RESULT["violations"]
    assert all(line in answer["breakdown"] for line in EXAMPLE_RESULT["breakdown"])
    assert {k: answer[k] for k in ("valid", "total_points", "remaining")} == {
        k: EXAMPLE_RESULT[k] for k in ("valid", "total_points", "remaining")
    }


def test_information_keeps_the_force_legal_and_is_said_in_the_request_language(api) -> None:
    # 46.2: American #6 Smith is printed morale 1 / panic 3; as a Marine he plays morale 2.
    doc = plain_force([1, 2, 6], budget=None, nationality="american", marines=True)
    doc["groups"].append({"label": "B", "cards": [{"card": 4}, {"card": 5}]})
    en = api.post(URL, doc, format="json").json()
    it = api.post(URL, doc, format="json", HTTP_ACCEPT_LANGUAGE="it").json()
    assert en["valid"] is True and it["valid"] is True
    (said,) = [v for v in en["violations"] if v["code"] == "marine_morale"]
    assert (said["severity"], said["rule"], said["items"]) == (
        "info",
        "46.2",
        ["groups[0].cards[2]"],
    )
    assert said["message"] == (
        "Marines printed with a lower morale play with morale 2 and panic 3 (counters): #6 Smith."
    )
    assert said["summary"].startswith("Marines are semi-elite")
    (detto,) = [v for v in it["violations"] if v["code"] == "marine_morale"]
    assert detto["message"] == (
        "I Marines con un morale stampato più basso giocano con morale 2 e panico 3 "
        "(segnalini): #6 Smith."
    )
