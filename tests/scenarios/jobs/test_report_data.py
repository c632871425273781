"""GET /api/v1/jobs/{id}: a finished job's whole report as data, the same as its page shows,
in the request's language, with a fixed number of queries."""

from __future__ import annotations

import math
from html import escape
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from django.utils.formats import number_format
from django.utils.text import capfirst
from rest_framework.test import APIClient

from scenarios import services as scenario_services
from scenarios.jobs.models import Job

pytestmark = pytest.mark.django_db


def api(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def run_job(user: Any, scenario: Any, kind: str, capture: Any, body: Any = None) -> str:
    with capture(execute=True):
        response = api(user).post(
            f"/api/v1/scenarios/{scenario.public_id}/{kind}", body or {}, format="json"
        )
    assert response.status_code == 202
    return str(response.json()["id"])


def job_in(user: Any, client: Any, job_id: str, language: str) -> tuple[dict[str, Any], str]:
    """The job in the API and its page's HTML, both in ``language``."""
    body = api(user).get(f"/api/v1/jobs/{job_id}", HTTP_ACCEPT_LANGUAGE=language).json()
    page = client.get(f"/jobs/{job_id}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return body, page


def shown(text: str, page: str) -> bool:
    return escape(text) in page or escape(text, quote=False) in page


@pytest.fixture
def warned(owner: Any, scenario_document: dict[str, Any]) -> Any:
    # Q&A 3.1 / M9.2: a Russian force in the Pacific, on wooded mountains: warnings, and a
    # mountain rules digest.
    body = scenario_document["scenario"]
    body.update(theatre="PTO", topography="wooded", mountain=True)
    for side in body["sides"]:
        side["force"]["theatre"] = "PTO"
    body["sides"][1]["force"]["nationality"] = "russian"
    return scenario_services.scenario_create(
        owner=owner, data=scenario_document, visibility="private"
    )


@pytest.fixture
def desert(owner: Any, scenario_document: dict[str, Any]) -> Any:
    # 52.4: a sandstorm may end a desert game early; the defender pays for random
    # reinforcements (48.3) in every deck; it rains (overcast).
    body = scenario_document["scenario"]
    body.update(terrain_deck="desert", weather=["overcast"])
    body["sides"][1]["force"]["random_reinforcement_decks"] = [1, 2, 3]
    return scenario_services.scenario_create(
        owner=owner, data=scenario_document, visibility="private"
    )


def percent(share: float) -> str:
    return f"{number_format(share * 100, 1, use_l10n=True)} %"


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_validation_job_carries_the_report_its_page_shows(
    owner, warned, eager, client, django_capture_on_commit_callbacks, language
) -> None:
    client.force_login(owner)
    job_id = run_job(owner, warned, "validate", django_capture_on_commit_callbacks)
    body, page = job_in(owner, client, job_id, language)
    report = body["result"]
    assert report["valid"] is False and report["counts"] == {"error": 1, "warning": 1, "info": 0}
    by_code = {f["code"]: f for f in report["findings"]}
    assert set(by_code) == {"matchup_not_historical", "topography_theatre"}
    matchup, topography = by_code["matchup_not_historical"], by_code["topography_theatre"]
    assert (matchup["severity"], matchup["rule"]) == ("warning", "Q&A 3.1")
    assert (topography["severity"], topography["rule"]) == ("error", "M9.2")
    assert matchup["path"] == "scenario.sides[0].force.nationality"
    assert topography["paths"] == ["scenario.topography", "scenario.theatre"]
    assert (
        matchup["message"]
        == {
            "en": "American and Russian forces did not meet in the war: the official table does "
            "not count this match-up as historical.",
            "it": "Le nazionalità Americano e Russo non si affrontarono in guerra: la tabella "
            "ufficiale non considera storico questo scontro.",
        }[language]
    )
    for finding in report["findings"]:  # word for word what the page says
        assert shown(finding["message"], page) and shown(finding["summary"], page)
    deck = report["deck"]
    assert deck["variant"] == "standard" and shown(deck["variant_name"], page)
    hill = next(e for e in deck["entries"] if e["card_type"] == "hill")
    assert hill["state"] == "elevation" and hill["changes"][0]["rule"] == "M3.1"
    assert shown(hill["name"], page) and shown(
        capfirst(hill["changes"][0]["text"]), page
    )  # as a sentence
    kinds = [group["kind"] for group in report["digest"]]
    assert "troop_type" in kinds and "terrain_deck" in kinds
    entries = [e for group in report["digest"] for e in group["entries"]]
    assert entries and all(e["summary"] and shown(e["summary"], page) for e in entries)
    assert {e["title"] for e in entries} >= {
        {"en": "American: Line", "it": "Americano: Linea"}[language]
    }


def test_a_validation_report_is_in_the_request_language(
    owner, warned, eager, client, django_capture_on_commit_callbacks
) -> None:
    client.force_login(owner)
    job_id = run_job(owner, warned, "validate", django_capture_on_commit_callbacks)
    en, _page = job_in(owner, client, job_id, "en")
    it, _page = job_in(owner, client, job_id, "it")
    assert [f["code"] for f in en["result"]["findings"]] == [
        f["code"] for f in it["result"]["findings"]
    ]
    for one, other in zip(en["result"]["findings"], it["result"]["findings"], strict=True):
        assert one["message"] != other["message"] and one["summary"] != other["summary"]
    assert en["result"]["deck"]["variant_name"] == "Standard deck"
    assert it["result"]["deck"]["variant_name"] == "Mazzo standard"


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_simulation_job_carries_the_report_its_page_shows(
    owner, desert, eager, client, django_capture_on_commit_callbacks, language
) -> None:
    client.force_login(owner)
    options = {"runs": 2000, "seed": 3}
    job_id = run_job(owner, desert, "simulate", django_capture_on_commit_callbacks, options)
    body, page = job_in(owner, client, job_id, language)
    report = body["result"]
    assert report["simulated"] and (report["runs"], report["seed"]) == (2000, 3)
    assert (report["decks"], report["length_from"]) == (3, "scenario")
    assert shown(report["length_from_label"], page)
    shares = [row["share"] for row in report["decks_played"]]
    assert [row["deck"] for row in report["decks_played"]] == [1, 2, 3]
    assert [row["early"] for row in report["decks_played"]] == [True, True, False]
    assert math.isclose(sum(shares), 1.0)
    early = report["early_end"]["probability"]
    assert 0 < early < 1 and math.isclose(early, sum(shares[:2]))
    assert math.isclose(
        report["early_end"]["standard_error"], math.sqrt(early * (1 - early) / 2000)
    )
    (sandstorm,) = report["causes"]
    assert (sandstorm["code"], sandstorm["rule"]) == ("sandstorm", "52.4")
    assert math.isclose(sandstorm["probability"], early)  # the only cause
    assert sandstorm["standard_error"] == report["early_end"]["standard_error"]
    with translation.override(language):
        assert shown(sandstorm["label"], page) and shown(percent(early), page)
        for share in shares:
            assert shown(percent(share), page)
    (defender,) = report["reinforcements"]
    assert (defender["role"], defender["nationality"]) == ("defender", "german")
    assert defender["paid_decks"] == [1, 2, 3] and len(defender["by_deck"]) == 3
    assert math.isclose(
        defender["expected_reinforcements"],
        sum(row["reinforcements"] for row in defender["by_deck"]),
    )
    assert shown(defender["side"], page)
    assumption = report["rn_assumption"]
    assert assumption["is_assumption"] and shown(assumption["text"], page)
    assert assumption["text"].startswith({"en": "Assumption", "it": "Ipotesi"}[language])


def test_reading_a_report_costs_the_same_queries_however_long_it_is(
    owner, warned, scenario, desert, eager, django_capture_on_commit_callbacks
) -> None:
    def queries(job_id: str) -> int:
        client = api(owner)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"/api/v1/jobs/{job_id}").status_code == 200
        return len(captured)

    capture = django_capture_on_commit_callbacks
    short = run_job(owner, scenario, "validate", capture)  # no finding
    long = run_job(owner, warned, "validate", capture)  # findings, a longer digest
    assert Job.objects.get(public_id=long).result["findings"]
    queries(short)  # the reference data's caches warm up
    assert queries(short) == queries(long)
    plain = run_job(owner, scenario, "simulate", capture, {"runs": 1000, "seed": 1})
    rich = run_job(owner, desert, "simulate", capture, {"runs": 1000, "seed": 1})
    queries(plain)
    assert queries(plain) == queries(rich)
