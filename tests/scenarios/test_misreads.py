"""What a player misread, asserted on what the pages say.

* A scenario page lists the scenario's own faults, each with its rule, and says a force breaks
  a DYO rule only when one does (M11: scenario G is not played in the mountains).
* The designer's quick checks, the scenario page and the validation report say where a finding
  points in words ("Attacker's force, group A"), never as a JSON path.
* The 48.3 rows of the simulation report name their cards ("8 Wollak, 9 Streich"), and the
  48.2 option is stated among the report's assumptions.
"""

from __future__ import annotations

import copy
import html
import re
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from scenarios.analysis.simulation import simulate_scenario
from scenarios.analysis.validation import full_validation
from scenarios.display import simulation_reads, validation_reads
from scenarios.presenters.simulation import simulation_context
from scenarios.presenters.validation import validation_context
from scenarios.services import scenario_create
from tests.scenarios.support.forms_html import form_data

pytestmark = pytest.mark.django_db
PATH = "scenario.sides["
FORCE_FAULT = {
    "en": "At least one side's force breaks a DYO rule.",
    "it": "La forza di almeno una parte viola una regola DYO.",
}


def page(client: Client, url: str, language: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def visible(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup))


def in_the_mountains_based_on_g(document: dict[str, Any]) -> dict[str, Any]:
    body = document["scenario"]
    body["based_on"] = "G"  # M11: the mountain article excludes scenario G
    body["mountain"] = True
    return document


def a_group_of_one(document: dict[str, Any]) -> dict[str, Any]:
    # 3.2: a group holds two to ten cards; the attacker's group A holds one.
    document["scenario"]["sides"][0]["force"]["groups"][0]["cards"] = [{"card": 1}]
    return document


@pytest.fixture
def owner_client(owner: Any) -> Client:
    client = Client()
    client.force_login(owner)
    return client


# --- the scenario page ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "message", "rule", "where"),
    [
        (
            "en",
            "Scenario G is not played in the mountains: the mountain article excludes it.",
            "rule M11",
            "Where: Based on the published scenario",
        ),
        (
            "it",
            "Lo scenario G non si gioca in montagna: l'articolo sulla montagna lo esclude.",
            "regola M11",
            "Dove: Basato sullo scenario pubblicato",
        ),
    ],
)
def test_a_scenario_fault_is_listed_with_its_rule_not_blamed_on_a_force(
    owner: Any,
    owner_client: Client,
    scenario_document: dict[str, Any],
    language: str,
    message: str,
    rule: str,
    where: str,
) -> None:
    saved = scenario_create(owner=owner, data=in_the_mountains_based_on_g(scenario_document))
    assert saved.valid is False
    body = page(owner_client, f"/scenarios/{saved.public_id}/", language)
    faults = visible(re.search(r'<div class="alert" id="scenario-faults">.*?</div>', body, re.S)[0])
    assert message in faults and rule in faults and where in faults
    assert FORCE_FAULT[language] not in body
    assert PATH not in body


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_force_fault_is_still_said_and_located(
    owner: Any, owner_client: Client, scenario_document: dict[str, Any], language: str
) -> None:
    saved = scenario_create(owner=owner, data=a_group_of_one(scenario_document))
    body = page(owner_client, f"/scenarios/{saved.public_id}/", language)
    assert FORCE_FAULT[language] in body
    where = {"en": "Attacker's force, group A", "it": "Forza dell'attaccante, gruppo A"}
    assert where[language] in visible(body) and PATH not in body
    assert ("rule 3.2" if language == "en" else "regola 3.2") in visible(body)


def test_a_valid_scenario_page_lists_no_fault(
    owner: Any, owner_client: Client, scenario_document: dict[str, Any]
) -> None:
    saved = scenario_create(owner=owner, data=scenario_document)
    assert saved.valid
    assert 'id="scenario-faults"' not in page(owner_client, f"/scenarios/{saved.public_id}/", "en")


# --- the designer's quick checks ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "where"),
    [("en", "Attacker's force, group A"), ("it", "Forza dell'attaccante, gruppo A")],
)
def test_the_quick_checks_say_where_in_words(
    owner: Any,
    owner_client: Client,
    scenario_document: dict[str, Any],
    language: str,
    where: str,
) -> None:
    saved = scenario_create(owner=owner, data=a_group_of_one(scenario_document))
    edit = f"/scenarios/{saved.public_id}/edit/"
    data = form_data(page(owner_client, edit, language))
    response = owner_client.post(f"{edit}check/", data, HTTP_ACCEPT_LANGUAGE=language)
    checks = html.unescape(response.content.decode())
    assert 'id="check-status"' in checks
    assert where in visible(checks)
    assert PATH not in checks and "groups[" not in checks


# --- the validation report ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "where"),
    [("en", "Attacker's force, group A"), ("it", "Forza dell'attaccante, gruppo A")],
)
def test_the_validation_report_says_where_in_words(
    owner: Any, scenario_document: dict[str, Any], language: str, where: str
) -> None:
    result = full_validation(scenario_create(owner=owner, data=a_group_of_one(scenario_document)))
    with translation.override(language):
        report = render_to_string(
            "scenarios/reports/_validation.html",
            {"validation": validation_context(result, validation_reads(result))},
        )
    assert where in html.unescape(report) and PATH not in report


# --- the simulation's random reinforcements ------------------------------------------------------


def with_random_reinforcements(document: dict[str, Any]) -> dict[str, Any]:
    document = copy.deepcopy(document)
    document["scenario"]["sides"][1]["force"]["random_reinforcement_decks"] = [1, 2, 3]
    return document


def report(result: dict[str, Any], language: str) -> str:
    with translation.override(language):
        markup = render_to_string(
            "scenarios/reports/_simulation.html",
            {
                "simulation": simulation_context(result, simulation_reads()),
            },
        )
    return visible(html.unescape(markup))


@pytest.mark.parametrize(
    ("language", "sniper", "choice"),
    [
        ("en", "Sniper", "a card of the player's choice (48.31)"),
        ("it", "Cecchino", "una carta a scelta del giocatore (48.31)"),
    ],
)
def test_the_48_3_rows_name_their_cards(
    owner: Any, scenario_document: dict[str, Any], language: str, sniper: str, choice: str
) -> None:
    saved = scenario_create(owner=owner, data=with_random_reinforcements(scenario_document))
    text = report(simulate_scenario(saved, runs=2_000, seed=1), language)
    # 48.3, German column: RN 1 gives cards 8 and 9, RN 3 cards 10, 19, 24 and a free choice.
    assert "8 Wollak, 9 Streich" in text
    assert "10 Wolff, 19 Schlaffer, 24 Steiner; " + choice in text
    # RN 6: card 39, by its printed name, without the data's transcription remark.
    assert "39 StuG III" in text and "OCR" not in text
    assert sniper in text


@pytest.mark.parametrize(
    ("language", "left_out", "assumed"),
    [
        (
            "en",
            "Opponent's Random Numbers per deck",
            "draws 4 Random Numbers per deck",
        ),
        (
            "it",
            "RN dell'avversario per mazzo",
            "estrae 4 RN per mazzo",
        ),
    ],
)
def test_the_48_2_option_is_stated_in_the_report(
    owner: Any, scenario_document: dict[str, Any], language: str, left_out: str, assumed: str
) -> None:
    saved = scenario_create(owner=owner, data=with_random_reinforcements(scenario_document))
    default = report(simulate_scenario(saved, runs=2_000, seed=1), language)
    assert left_out in default and assumed not in default  # not counted, and said how to
    given = report(
        simulate_scenario(saved, runs=2_000, seed=1, opponent_rn_draws_per_deck=4), language
    )
    assert assumed in given and left_out not in given


# --- card names: printed, without the data's transcription remarks -------------------------------


def test_no_page_shows_a_card_names_transcription_remark(
    owner: Any, owner_client: Client, scenario_document: dict[str, Any]
) -> None:
    # German #39 is stored as 'StuG III (OCR gives "StuG IIIB"/…)': players read "StuG III".
    defender = scenario_document["scenario"]["sides"][1]["force"]
    defender["groups"].append({"label": "C", "cards": [{"card": 39}]})
    saved = scenario_create(owner=owner, data=scenario_document)
    for language in ("en", "it"):
        preview = page(owner_client, f"/scenarios/{saved.public_id}/", language)
        assert "StuG III" in visible(preview) and "OCR" not in preview
        picker = page(owner_client, "/builder/cards/?nationality=german", language)
        assert "#39 StuG III" in visible(picker) and "OCR" not in picker


@pytest.mark.parametrize(
    ("language", "where"),
    [("en", "Group Assault, card 2"), ("it", "Gruppo Assault, carta 2")],
)
def test_the_builder_says_where_a_fault_is_in_words(language: str, where: str) -> None:
    import json

    from upfront.rules.examples import EXAMPLE_FORCE

    force = copy.deepcopy(EXAMPLE_FORCE)
    force["groups"][0]["label"] = "Assault"
    force["groups"][0]["cards"][1]["card"] = "four"  # not a card number
    client = Client()
    panel = client.post(
        "/builder/panel/", {"force": json.dumps(force)}, HTTP_ACCEPT_LANGUAGE=language
    )
    body = html.unescape(panel.content.decode())
    assert where in visible(body) and "groups[" not in body
    answer = client.post(
        "/builder/import/", {"force": json.dumps(force)}, HTTP_ACCEPT_LANGUAGE=language
    ).json()
    assert [e["path"] for e in answer["errors"]] == ["groups[0].cards[1].card"]
    assert [e["where"] for e in answer["errors"]] == [where]
