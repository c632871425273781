"""The edge renders the engine's messages with gettext in the active language.

Italian lives only in locale/it/LC_MESSAGES/django.po; a third language would be one more .po.
The same rendering works outside a request (a Celery task) under ``translation.override``.
"""

from __future__ import annotations

import gettext
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from upfront.reference import fetch
from upfront.reference import models as m
from upfront.reference.fetch import catalogue_current
from upfront.reference.rendering import (
    render,
    render_draw,
    render_format_errors,
    render_validation,
)
from upfront.rules.draws import DrawError, DrawRequest, draw
from upfront.rules.force import ForceFormatError, force_from_dict
from upfront.rules.messages import MESSAGES, Message
from upfront.rules.validate import validate_force

pytestmark = pytest.mark.django_db

MO = Path(settings.BASE_DIR) / "locale" / "it" / "LC_MESSAGES" / "django.mo"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def american_with_an_atmm() -> dict:
    return {
        "nationality": "american",
        "period": "1944a",
        "troop_type": "line",
        "groups": [
            {"label": "A", "cards": [{"card": 1}, {"card": 2, "secondary": ["atmm"]}]},
            {"label": "B", "cards": [{"card": 3}, {"card": 4}]},
        ],
    }


def test_every_engine_message_has_an_italian_translation_in_the_compiled_catalogue() -> None:
    with MO.open("rb") as handle:
        catalogue = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    for message_id, english in MESSAGES.items():
        italian = catalogue.get(english)
        assert italian, f"{message_id}: {english!r} has no Italian translation"
        assert set(PLACEHOLDER.findall(italian)) == set(PLACEHOLDER.findall(english)), message_id


def test_a_violation_in_english_and_in_italian() -> None:
    result = validate_force(force_from_dict(american_with_an_atmm()), catalogue_current())
    barred = next(v for v in result.violations if v.code == "secondary_not_allowed")
    # Outside any request, as in a Celery task: the language is what override sets.
    with translation.override("en"):
        assert render(barred.message) == "American forces may not carry the ATMM."
    with translation.override("it"):
        assert render(barred.message) == (
            "Le forze di questa nazionalità (Americano) non possono avere l'arma ATMM."
        )


def test_codes_are_named_in_the_reader_language() -> None:
    said = Message(
        "violation.secondary_on_vehicle",
        {"weapon": "demolition_charge", "card": 30, "unit_kind": "IG"},
    )
    with translation.override("en"):
        assert render(said) == (
            "The demolition charge must be carried by a man; card #30 is an infantry gun."
        )
    with translation.override("it"):
        assert render(said) == (
            "L'arma carica da demolizione deve essere portata da un uomo; la carta #30 è un "
            "cannone di fanteria."
        )


def test_nationality_names_come_from_the_reference_data() -> None:
    said = Message("violation.partisans_not_available", {"nationality": "german"})
    german = m.Nationality.objects.get(code="german")
    with translation.override("it"):
        assert f"({german.name_it})" in render(said)
    with translation.override("en"):
        assert render(said) == f"The sources give no partisans for {german.name_en} forces."


def test_a_language_without_a_catalogue_falls_back_to_english() -> None:
    said = Message("violation.over_budget", {"total": 161, "over": 11, "budget": 150})
    with translation.override("de"):
        assert render(said) == "Purchases total 161 points, 11 over the budget of 150."


def test_a_result_is_rendered_with_the_rule_summaries_of_the_data() -> None:
    document = {**american_with_an_atmm(), "troop_type": "elite", "budget": 100}
    result = validate_force(force_from_dict(document), catalogue_current())
    summary = m.RuleSummary.objects.get(group="dyo", rule="43.5")
    with translation.override("it"):
        shown = render_validation(result)
    elite = next(line for line in shown["breakdown"] if line["rule"] == "43.5")
    assert elite["item"].startswith("élite +15% su ")
    assert elite["summary"] == summary.summary_it
    over = next(v for v in shown["violations"] if v["code"] == "over_budget")
    assert over["message"].startswith("Gli acquisti ammontano a ")
    assert over["summary"] == m.RuleSummary.objects.get(group="dyo", rule="43.2").summary_it
    card = next(line for line in shown["breakdown"] if line["rule"] == "43.2")
    assert card["item"] == "carta 1" and card["detail"]  # the card's name, untranslated


@pytest.fixture
def forget_revision() -> Iterator[None]:
    yield
    # The revision this test made is rolled back: look the current one up again.
    fetch.catalogue_forget()


def test_a_corrected_summary_is_shown_with_the_next_data_revision(forget_revision: None) -> None:
    result = validate_force(force_from_dict(american_with_an_atmm()), catalogue_current())
    summary = m.RuleSummary.objects.get(group="dyo", rule="31.1")
    summary.summary_en = "Americans may not carry the ATMM."
    summary.save()
    m.DataRevision.objects.create(reason="summary corrected in the admin")
    with translation.override("en"):
        shown = render_validation(result)
    barred = next(v for v in shown["violations"] if v["code"] == "secondary_not_allowed")
    assert barred["summary"] == "Americans may not carry the ATMM."


def test_format_faults_are_rendered_with_their_paths() -> None:
    with pytest.raises(ForceFormatError) as error:
        force_from_dict({"nationality": "german", "period": "1943b", "troop_type": "line"})
    with translation.override("en"):
        assert render_format_errors(error.value) == [
            {"path": "$", "message": "'groups' is required."}
        ]
    with translation.override("it"):
        assert render_format_errors(error.value) == [
            {"path": "$", "message": "'groups' è obbligatorio."}
        ]


def test_draws_and_their_refusals_in_both_languages() -> None:
    catalogue = catalogue_current()
    bid = draw(catalogue, DrawRequest("bid_time_limit", rpn=4, colour="red"), random.Random(0))
    with translation.override("en"):
        assert render_draw(bid) == {
            "table": "bid_time_limit",
            "column": 0,
            "rpn": 4,
            "value": "4 decks",  # 43.34: red 1-6
            "detail": "RN 4 red",
            "rule": "43.34",
            "colour": "red",
        }
    with translation.override("it"):
        shown = render_draw(bid)
        assert (shown["value"], shown["detail"]) == ("4 mazzi", "RN 4 rosso")
    with pytest.raises(DrawError) as error:
        draw(
            catalogue,
            DrawRequest("unit_type", nationality="italian", period="1943b", rpn=1),
            random.Random(0),
        )
    with translation.override("it"):
        assert (error.value.field, render(error.value.message)) == (
            "period",
            "La tabella dei tipi di unità ETO non ha la colonna Italiano per il 1943b.",
        )
