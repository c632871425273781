"""The scenario display: the rows it shows are read once by a selector, the presenter reads
nothing (scenarios.presenters.display), and the one-call door helper checks forces only when
asked (scenarios.display)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from scenarios import services
from scenarios.analysis.validation import full_validation
from scenarios.display import scenario_preview, validation_reads
from scenarios.presenters import display
from scenarios.presenters.validation import validation_context
from upfront.reference import models as m
from upfront.reference.selectors import scenario_reference_rows

pytestmark = pytest.mark.django_db


def _queries(body: dict[str, Any]) -> int:
    with CaptureQueriesContext(connection) as queries:
        scenario_reference_rows(body)
    return len(queries)


def test_the_presenter_reads_nothing_it_is_not_handed(
    scenario_document: dict[str, Any], django_assert_num_queries: Any
) -> None:
    body = scenario_document["scenario"]
    body["weather"] = ["clear"]
    with translation.override("it"):
        rows = scenario_reference_rows(body)
        with django_assert_num_queries(0):
            shown = display.scenario_display(body, rows=rows)
    attacker, defender = shown["sides"]
    assert attacker["nationality"].code == "american" and defender["nationality"].code == "german"
    german_one = m.PersonalityCard.objects.get(nationality__code="german", card_no=1)
    assert defender["cards"][0]["card"] == german_one
    assert [row["group"] for row in defender["cards"]] == ["A", "A", "B", "B"]
    assert attacker["check"] is None and defender["check"] is None
    with translation.override("it"):
        assert shown["terrain_deck"] == m.TerrainDeck.objects.get(code="standard").name_it
        assert attacker["role_label"] == "Attaccante"


def test_the_rows_cost_the_same_queries_however_many_cards_and_sides(
    scenario_document: dict[str, Any],
) -> None:
    small = scenario_document["scenario"]
    large = copy.deepcopy(small)
    for side in large["sides"]:
        side["force"]["groups"].append({"label": "C", "cards": [{"card": n} for n in (5, 6, 7)]})
    large["based_on"] = "A"
    large["victory_conditions"] = {"rpn": 3}
    _queries(small)  # the names come from the per-revision texts: built once, then cached
    assert _queries(small) == 4  # weather, special rules, nationalities, every side's cards
    assert _queries(large) == 4 + 2  # and the published scenario, the victory table's row


def test_the_door_helper_checks_the_forces_only_when_asked(
    scenario_document: dict[str, Any],
) -> None:
    body = scenario_document["scenario"]
    checked = scenario_preview(body)
    assert [side["check"]["valid"] for side in checked["sides"]] == [True, True]
    assert checked["sides"][0]["check"]["total_points"] > 0
    unchecked = scenario_preview(body, check_forces=False)
    assert [side["check"] for side in unchecked["sides"]] == [None, None]
    assert unchecked["sides"][1]["cards"] == checked["sides"][1]["cards"]


def test_a_validation_report_renders_the_words_it_is_handed(
    owner: Any, scenario_document: dict[str, Any], django_assert_num_queries: Any
) -> None:
    scenario_document["scenario"]["terrain_deck"] = "desert"
    result = full_validation(services.scenario_create(owner=owner, data=scenario_document))
    assert result["digest"] and result["deck"]
    with translation.override("it"):
        reads = validation_reads(result)  # the caller reads what the report names
        validation_context(result, reads)  # the per-process caches of labels filled
        with django_assert_num_queries(0):
            shown = validation_context(result, reads)
    digest = {group["kind"]: group for group in shown["digest"]}
    desert = m.TerrainDeck.objects.get(code="desert")
    assert digest["terrain_deck"]["entries"][0]["title"] == desert.name_it
