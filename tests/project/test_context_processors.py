"""The page footer's data revision costs no query on pages and fragments that do not show it."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from upfront.reference.fetch import catalogue_forget
from upfront.reference.services import data_revision_create

pytestmark = pytest.mark.django_db


def _revision_queries(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if "reference_datarevision" in q["sql"]]


def test_a_fragment_without_the_revision_does_not_query_it(client: Client) -> None:
    catalogue_forget()  # nothing cached: only laziness can spare the query
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("builder:cards"), {"nationality": "german"})
    assert response.status_code == 200
    assert "Diettinger" in response.content.decode()
    assert _revision_queries(queries) == []


def test_pages_showing_the_revision_look_it_up_once_per_process(client: Client) -> None:
    catalogue_forget()
    url = reverse("reference:nationalities")
    with CaptureQueriesContext(connection) as queries:
        first = client.get(url).content.decode()
        second = client.get(url).content.decode()
    assert len(_revision_queries(queries)) == 1
    revision = data_revision_create(reason="corrected in the admin")
    # The new revision shows at once (creating it cleared the cached one), in a player's
    # words: its number and day, never the raw label.
    shown = re.compile(rf"\(revision {revision.pk}\)")
    again = client.get(url).content.decode()
    assert shown.search(again) and "Rules data of " in again
    assert revision.label not in again
    assert not shown.search(first) and not shown.search(second)
