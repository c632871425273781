"""The engine's own tests: the hand-built catalogue of tests/rules/factories.py, no database.

``pytest tests/rules/engine`` creates no test database; the same engine on the real data
(built from the test database) is tested in tests/rules/data/.
"""

from __future__ import annotations

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    # Before any fixture: a database test here would make every engine run create a database.
    if item.get_closest_marker("django_db"):
        pytest.fail("tests/rules/engine needs no database: put this test in tests/rules/data/")
