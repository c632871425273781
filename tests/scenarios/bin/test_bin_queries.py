"""A player's bin is read in a fixed number of queries, however many libraries it holds."""

from __future__ import annotations

from typing import Any

import pytest

from scenarios.bin import selectors, services
from tests.factories import make_library, make_scenario

pytestmark = pytest.mark.django_db


def test_the_bin_counts_each_librarys_scenarios_in_one_query(
    owner: Any, django_assert_num_queries: Any
) -> None:
    for n in range(3):
        library = make_library(owner, "private")
        for _ in range(n + 1):
            make_scenario(owner, "private", library)
        services.library_bin(library=library)
    with django_assert_num_queries(2):  # the scenarios, the libraries with their counts
        items = selectors.bin_items_of(owner)
    assert sorted(item.held for item in items if item.kind == "library") == [1, 2, 3]
