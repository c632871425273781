"""The list endpoints make the same, small number of queries for 5 items as for 50."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scenarios import services
from scenarios.models import Library, Scenario
from tests.scenarios.api.conftest import client_for, make_library, make_scenario

pytestmark = pytest.mark.django_db

# The count and the page; for libraries also their collaborators (one query for the page);
# for a library's scenarios also the library itself. Signed in, the scenario and libraries
# lists read their public part and the requester's others apart (scenarios.member_list): a
# count and a page of ids of the public ones, the requester's libraries, the first rows of
# the others (their count too), the page's rows (and the libraries' collaborators).
MAX_QUERIES = 3
MAX_MEMBER_LIST_QUERIES = {"scenarios": 5, "libraries": 6}


def _seed_scenarios(owner: Any, stranger: Any, collaborator: Any, items: int) -> str:
    library = make_library(owner, "private", collaborators=(collaborator,))
    first = None
    for index in range(items):
        # Mixed owners, libraries and forks: every related row a list item names.
        who = owner if index % 2 else stranger
        scenario = make_scenario(
            who, "public", library=library if who is owner else None, title=f"S{index}"
        )
        if first is None:
            first = scenario
        elif index % 3 == 0:
            services.scenario_fork(scenario=first, user=owner, library=library)
    return "/api/v1/scenarios/?page_size=100"


def _seed_libraries(owner: Any, stranger: Any, collaborator: Any, items: int) -> str:
    first = None
    for index in range(items):
        who = owner if index % 2 else stranger
        library = services.library_create(owner=who, title=f"L{index}", visibility="public")
        services.library_collaborator_add(library=library, user=collaborator)
        if first is None:
            first = library
        elif index % 3 == 0:
            services.library_fork(library=first, scenarios=[], user=owner)
    return "/api/v1/libraries/?page_size=100"


def _seed_library_scenarios(owner: Any, stranger: Any, collaborator: Any, items: int) -> str:
    library = make_library(owner, "public", collaborators=(collaborator,))
    for index in range(items):
        make_scenario(owner, "public", library=library, title=f"S{index}")
    return f"/api/v1/libraries/{library.public_id}/scenarios/?page_size=100"


def _run(api: Any, url: str) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as captured:
        response = api.get(url)
    assert response.status_code == 200
    return len(captured), len(response.json()["results"])


@pytest.mark.parametrize(
    "seed",
    [_seed_scenarios, _seed_libraries, _seed_library_scenarios],
    ids=["scenarios", "libraries", "library scenarios"],
)
@pytest.mark.parametrize("requester", ["collaborator", "anonymous"])
def test_list_queries_do_not_grow_with_the_page(
    seed: Any,
    requester: str,
    owner: Any,
    collaborator: Any,
    stranger: Any,
    django_assert_max_num_queries: Any,
) -> None:
    api = client_for(collaborator if requester == "collaborator" else None)
    counts = {}
    for items in (5, 50):
        Library.objects.all().delete()
        Scenario.objects.all().delete()
        url = seed(owner, stranger, collaborator, items)
        if requester == "anonymous" or seed is _seed_library_scenarios:
            most = MAX_QUERIES
        else:
            most = MAX_MEMBER_LIST_QUERIES["libraries" if seed is _seed_libraries else "scenarios"]
        with django_assert_max_num_queries(most):
            queries, listed = _run(api, url)
        assert listed >= items  # forks add to the scenario list
        counts[items] = queries
    assert counts[5] == counts[50]
