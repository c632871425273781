"""The rows of /scenarios/, written in Python (listing.scenario_row_html), are the HTML the
page's template wrote before: the same text, escaping and whitespace, in English and Italian."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.template import engines
from django.test import SimpleTestCase
from django.utils import translation
from django.utils.formats import date_format
from django.utils.timezone import localtime

from scenarios import listing, services
from scenarios.list_rows import ScenarioListRow, scenario_list_rows
from scenarios.models import Scenario
from tests.factories import make_scenario
from tests.scenarios.support.listing_data import VARIANTS
from upfront import labels

pytestmark = pytest.mark.django_db

# The rows' part of templates/scenarios/browse/_list_body.html as it was until the rows were
# written in Python, kept verbatim to compare against (its labels' {% translate %} line joined
# to the loop: that line wrote nothing but a newline before the list).
OLD_ROWS_TEMPLATE = (
    (Path(__file__).parent / "support" / "old_list_rows.html").read_text().rstrip("\n")
)


@pytest.fixture
def varied(owner) -> list[Scenario]:  # type: ignore[no-untyped-def]
    """Rows that take every branch of a row: weather or none, expansions or the base game
    only, a public library or none (a private one is not named), a description or none, one
    long enough to be cut, plays and each balance verdict, text that must be escaped."""
    public = services.library_create(owner=owner, title="Club <nights> & co", visibility="public")
    private = services.library_create(owner=owner, title="Secret shelf", visibility="private")
    made = [
        make_scenario(owner, library=public, **VARIANTS["jungle"]),
        make_scenario(owner, library=private, **VARIANTS["winter"]),
        make_scenario(owner, **VARIANTS["crossroads"]),
        make_scenario(owner, **{**VARIANTS["desert"], "description": ""}),
        make_scenario(
            owner,
            title='"Quotes" & <tags> l\'attacco',
            description="Lungo testo è <em>non</em> markup. " * 12,
        ),
    ]
    verdicts = ["favours_attacker", "favours_defender", "balanced", "too_few_plays", "balanced"]
    for scenario, plays, verdict in zip(made, [0, 1, 3, 7, 12], verdicts, strict=True):
        Scenario.objects.filter(pk=scenario.pk).update(plays_counted=plays, balance_verdict=verdict)
    return made


@pytest.mark.parametrize("language", ["en", "it"])
def test_rows_are_the_html_the_template_wrote(varied, language: str) -> None:  # type: ignore[no-untyped-def]
    with translation.override(language):
        rows = listing.scenario_rows(scenario_list_rows([s.pk for s in varied]))
        old = engines["django"].from_string(OLD_ROWS_TEMPLATE).render({"rows": rows})
        new = listing.rows_html(rows)
    # Every branch was taken, so the comparison covers them all.
    assert {bool(r.weather) for r in rows} == {True, False}
    assert {bool(r.expansions) for r in rows} == {True, False}
    assert {bool(r.library_title) for r in rows} == {True, False}
    assert {bool(r.summary) for r in rows} == {True, False}
    assert {bool(r.plays) for r in rows} == {True, False}
    assert "&lt;tags&gt;" in new and "Club &lt;nights&gt; &amp; co" in new
    assert "Secret shelf" not in new
    SimpleTestCase().assertHTMLEqual(new, old)
    assert new == old  # byte for byte, whitespace included


def test_the_rows_speak_italian(varied) -> None:  # type: ignore[no-untyped-def]
    with translation.override("it"):
        html = listing.rows_html(listing.scenario_rows(scenario_list_rows([s.pk for s in varied])))
    assert "<dt>Periodo</dt>" in html
    assert "<dt>Period</dt>" not in html


@pytest.mark.parametrize("language", ["en", "it"])
def test_each_row_shows_its_own_day(varied, language: str) -> None:  # type: ignore[no-untyped-def]
    """The day's words are made once per day and page (listing._Words.date): rows of another
    day, or of the same day at another hour, still show their own."""
    moments = [
        datetime(2026, 3, 1, 9, 0, tzinfo=UTC),
        datetime(2026, 3, 1, 23, 30, tzinfo=UTC),
        datetime(2025, 12, 24, 8, 0, tzinfo=UTC),
        datetime(2026, 3, 1, 9, 0, tzinfo=UTC),
        datetime(2024, 2, 29, 12, 0, tzinfo=UTC),
    ]
    for scenario, moment in zip(varied, moments, strict=True):
        Scenario.objects.filter(pk=scenario.pk).update(updated_at=moment)
    with translation.override(language):
        rows = listing.scenario_rows(scenario_list_rows([s.pk for s in varied]))
        expected = [date_format(localtime(m), "DATE_FORMAT") for m in moments]
    assert [row.updated for row in rows] == expected
    assert len(set(expected)) >= 3


def test_a_page_reads_the_same_values_as_the_models_give(varied) -> None:  # type: ignore[no-untyped-def]
    """scenario_list_rows reads a page's rows as values (list_rows.ScenarioListRow); the feeds
    and the home page read models: both give the same rows."""
    ids = [s.pk for s in varied]
    from_values = scenario_list_rows(ids)
    models = listing.listed_rows(Scenario.objects.filter(pk__in=ids))
    by_id = {scenario.pk: ScenarioListRow.of(scenario) for scenario in models}
    assert from_values == [by_id[pk] for pk in ids]
    assert listing.scenario_rows(from_values) == listing.scenario_rows(by_id[pk] for pk in ids)
    assert {r.library_visibility for r in from_values} == {"public", "private", None}


def test_a_code_without_its_words_never_reaches_a_row() -> None:
    # A theatre or expansion the labels do not know is a fault the tests see, never a raw code
    # on the list (production logs it and shows nothing).
    words = listing.RowWords()
    assert words.theatre("PTO") == "Pacific theatre"
    with pytest.raises(labels.MissingLabel):
        words.theatre("CBI")
    with pytest.raises(labels.MissingLabel):
        words.expansion("yanks_2")
