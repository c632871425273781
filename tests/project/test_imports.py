"""A function-level import of a project module says why it is not at the top of its module.

An import inside a function is how an import circle hides (docs/architecture.md): a module
that cannot import another at load time usually sits in the wrong layer. Some have a reason
(Django's app registry is not ready at import time; a library that takes seconds to load is
loaded only where it is used): those say so in a comment on the import's line, or on the line
just before it (or before the run of imports it belongs to).
"""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT_PACKAGES = ("upfront", "builder", "scenarios")


def _comment_lines(source: str) -> set[int]:
    """The numbers of the lines that carry a comment (a real one, not a ``#`` in a string)."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return {token.start[0] for token in tokens if token.type == tokenize.COMMENT}


def _imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.ImportFrom):
        # A relative import ("from . import x") is always of the project.
        return [PROJECT_PACKAGES[0] if node.level else node.module or ""]
    return [alias.name for alias in node.names]


def _of_project(node: ast.Import | ast.ImportFrom) -> bool:
    return any(name.split(".")[0] in PROJECT_PACKAGES for name in _imported(node))


def _function_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement inside a function (at any depth), in source order."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom) and in_function:
                found.append(child)
            is_function = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            visit(child, in_function or is_function)

    visit(tree, False)
    return found


def unexplained_function_imports(source: str) -> list[int]:
    """Lines of function-level imports of project modules with no comment saying why."""
    tree = ast.parse(source)
    comments = _comment_lines(source)
    import_lines = {
        line
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for line in range(node.lineno, (node.end_lineno or node.lineno) + 1)
    }
    found = []
    for node in _function_imports(tree):
        if not _of_project(node):
            continue
        if comments.intersection(range(node.lineno, (node.end_lineno or node.lineno) + 1)):
            continue
        # The line before the import, or before the run of imports it stands in (a comment on
        # another import of the run speaks for that one only).
        before = node.lineno - 1
        while before in import_lines:
            before -= 1
        if before not in comments:
            found.append(node.lineno)
    return found


def _project_files() -> list[Path]:
    return sorted(
        path
        for package in PROJECT_PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
    )


def test_every_function_level_import_of_the_project_says_why() -> None:
    unexplained = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _project_files()
        for line in unexplained_function_imports(path.read_text(encoding="utf-8"))
    ]
    assert unexplained == [], (
        "Import these at the top of the module (a circle means a module is in the wrong "
        "layer: docs/architecture.md), or say why not in a comment on the line or the line "
        f"before: {unexplained}"
    )


UNEXPLAINED = """
def send(job_id):
    from scenarios.jobs.tasks import run_job

    run_job.delay(job_id)
"""

EXPLAINED_ABOVE = """
def ready(self):
    # The app registry is not ready when this module is imported.
    from scenarios import listing_cache
    from scenarios.models import Library
"""

NEIGHBOUR_SPEAKS_FOR_ITSELF = """
def ready(self):
    from scenarios.jobs import checks  # registers the system check
    from scenarios.models import Library
"""

EXPLAINED_ON_THE_LINE = """
def render(result):
    from scenarios import setup_sheet  # WeasyPrint takes seconds to load
"""

STRING_IS_NO_COMMENT = """
def check():
    note = "# not a comment"
    from upfront.reference import models
"""

OTHER_PACKAGES = """
def parse():
    from json import loads
    import yaml
"""


@pytest.mark.parametrize(
    ("source", "lines"),
    [
        (UNEXPLAINED, [3]),
        (EXPLAINED_ABOVE, []),
        (EXPLAINED_ON_THE_LINE, []),
        (NEIGHBOUR_SPEAKS_FOR_ITSELF, [4]),
        (STRING_IS_NO_COMMENT, [4]),
        (OTHER_PACKAGES, []),
        ("def f():\n    from . import sibling\n", [2]),
        ("from scenarios import models\n", []),  # module level: not a function's
    ],
)
def test_the_check_finds_an_unexplained_import_and_only_that(source: str, lines: list) -> None:
    assert unexplained_function_imports(source) == lines


def test_an_import_in_a_nested_function_or_a_method_is_checked_too() -> None:
    source = (
        "class Config:\n"
        "    def ready(self):\n"
        "        def inner():\n"
        "            from builder import views\n"
        "        return inner\n"
    )
    assert unexplained_function_imports(source) == [4]
