"""Schemathesis against the running app: the API behaves as /api/schema/ documents it.

Every operation of the schema is called with generated requests (valid ones, and invalid ones
where the operation has parameters or a body) through the real WSGI stack, and each answer must
pass ``not_a_server_error``, ``status_code_conformance`` (the status is documented) and
``response_schema_conformance`` (the body matches the documented schema); an invalid request
must be refused (``negative_data_rejection``: the API reads no more leniently than its schema).
Every method a path does not list answers 405 with ``Allow``. The saved-force,
scenario, library and job operations run a second time signed in with an API token, on
objects of the user's own. The methods the schema does not list are tried on every path too:
HEAD answers as GET does, and OPTIONS describes the path (never a server error).
Bounded: a fixed number of examples per operation, derandomised, so the run is repeatable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.builder.conftest import INTERCHANGE_EXAMPLE

pytestmark = [pytest.mark.schemathesis, pytest.mark.django_db]

CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]
# An invalid request (negative generation) must be refused: the schema is what the API reads,
# not more leniently (docs/api.md "What the API reads, and what it refuses").
REFUSING = [*CHECKS, negative_data_rejection]
EXAMPLES = 8  # per operation and generation mode
# The operations whose published body must describe what they accept: their valid requests
# (signed in, on the user's own objects) are also checked to be accepted.
ACCEPTING = {
    "POST /api/v1/scenarios/",
    "POST /api/v1/scenarios/import",
    "PUT /api/v1/scenarios/{id}/",
    "PATCH /api/v1/scenarios/{id}/",
    "POST /api/v1/libraries/{id}/collaborators/",
}


@pytest.fixture
def app() -> Iterator[Any]:
    """The project's WSGI application, on the test's database connection."""
    from django.core.handlers.wsgi import WSGIHandler
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    # As Django's test client does: a request must not close the test's transaction.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield WSGIHandler()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def _strategies(schema: Any, operation: Any, **fixed: Any) -> list[tuple[str, Any]]:
    """The operation's documented examples, valid requests and, where any exist, invalid ones."""
    found = [("example", strategy) for strategy in schema.get_strategies_from_examples(operation)]
    found.append(("positive", operation.as_strategy(GenerationMode.POSITIVE, **fixed)))
    # Nothing to get wrong (no query, no body, only free-text path parameters): no invalid request.
    if (
        len(operation.query)
        or len(operation.body)
        or any(p.definition.get("schema") != {"type": "string"} for p in operation.path_parameters)
    ):
        found.append(("negative", operation.as_strategy(GenerationMode.NEGATIVE, **fixed)))
    return found


def _head_and_options(
    case: Any, answer: Any, headers: dict[str, str] | None
) -> list[tuple[str, int]]:
    """HEAD (after a GET) and OPTIONS on the path of ``case``; their methods and statuses.

    Not in the schema (drf-spectacular lists neither), so no conformance check: HEAD must
    answer as the GET did, OPTIONS with a DRF description of the view or a refusal."""
    same = {"path_parameters": case.path_parameters, "query": case.query}
    statuses = []
    if case.method.upper() == "GET":
        head = case.operation.Case(method="HEAD", **same).call(headers=headers)
        # The same answer as GET (the body is the server's to drop: Django hands it to WSGI).
        assert head.status_code == answer.status_code, (case.path, head.status_code)
        statuses.append(("HEAD", head.status_code))
    options = case.operation.Case(method="OPTIONS", **same).call(headers=headers)
    # 429: the throttled operations (starting a job) count every request, OPTIONS too.
    assert options.status_code in {200, 401, 403, 404, 429}, (case.path, options.status_code)
    if options.status_code == 200:
        assert {"name", "renders", "parses"} <= set(options.json()), case.path
    statuses.append(("OPTIONS", options.status_code))
    return statuses


def _run(
    label: str,
    strategy: Any,
    failures: list[str],
    headers: dict[str, str] | None = None,
    checks: list[Any] = CHECKS,
) -> list[tuple[str, int]]:
    """Call the API with requests drawn from ``strategy``; record failures; return the methods
    and statuses. The first request of the run is also made as HEAD (a GET) and OPTIONS."""
    statuses: list[tuple[str, int]] = []
    # Schemathesis's WSGI transport asks for gzip (as requests does) but hands the body on
    # without decoding it, as an HTTP client would: ask for the plain body
    # (upfront/compression.py gzips only when asked; tests/project/test_compression.py).
    headers = {"Accept-Encoding": "identity", **(headers or {})}

    @given(case=strategy)
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def check(case: Any) -> None:
        response = case.call_and_validate(checks=checks, headers=headers)
        if not statuses:
            statuses.extend(_head_and_options(case, response, headers))
        statuses.append((case.method.upper(), response.status_code))

    if label.endswith("(negative)") and checks is CHECKS:
        checks = REFUSING
    try:
        check()
    except Exception as exc:
        failures.append(f"{label}: {exc}")
    return statuses


def test_every_operation_behaves_as_documented(app: Any) -> None:
    schema = schemathesis.openapi.from_wsgi("/api/schema/", app)
    failures: list[str] = []
    operations = [result.ok() for result in schema.get_all_operations()]
    statuses: list[tuple[str, int]] = []
    for operation in operations:
        for kind, strategy in _strategies(schema, operation):
            statuses += _run(f"{operation.label} ({kind})", strategy, failures)
    assert not failures, "\n\n".join(failures)
    # Not vacuous: every operation of both APIs was called, and both answers and errors seen.
    assert len(operations) >= 45 and len(statuses) >= len(operations)
    assert {200, 400, 403, 404} <= {status for _, status in statuses}
    # Anonymous: HEAD and OPTIONS answered on public paths, refused on the signed-in ones.
    assert {("HEAD", 200), ("OPTIONS", 200), ("OPTIONS", 401)} <= set(statuses)


def _run_signed_in(
    app: Any,
    headers: dict[str, str],
    prefixes: tuple[str, ...],
    own: Callable[[Any], Any],
    repair: Callable[[Any], Any] | None = None,
) -> tuple[int, set[tuple[str, int]]]:
    """Every operation under ``prefixes``, with the user's token; those with an ``{id}`` also on
    the user's own object (``own(operation)``, None for none), so that their success answers
    are checked. The valid requests of the ``ACCEPTING`` operations, made to keep the rules
    OpenAPI cannot state by ``repair(case)``, must be accepted. Fails with every failure;
    returns how many operations and the statuses seen."""
    schema = schemathesis.openapi.from_wsgi("/api/schema/", app)
    failures: list[str] = []
    operations = [
        result.ok()
        for result in schema.get_all_operations()
        if result.ok().path.startswith(prefixes)
    ]
    statuses: list[tuple[str, int]] = []
    for operation in operations:
        runs = _strategies(schema, operation)
        own_id = own(operation) if "{id}" in operation.path else None
        if own_id is not None:
            fixed = _strategies(schema, operation, path_parameters={"id": own_id})
            # With the id fixed, an operation with no query and no body has nothing to get wrong.
            if not (len(operation.query) or len(operation.body)):
                fixed = [run for run in fixed if run[0] != "negative"]
            runs += fixed
        for kind, strategy in runs:
            checks = CHECKS
            if repair is not None and kind == "positive" and operation.label in ACCEPTING:
                strategy, checks = strategy.map(repair), [*CHECKS, positive_data_acceptance]
            statuses += _run(f"{operation.label} ({kind})", strategy, failures, headers, checks)
    assert not failures, "\n\n".join(failures)
    return len(operations), set(statuses)


def _no_nul_names(node: Any, depth: int = 0) -> Any:
    """``node`` without a NUL in any member name, and a writer's own members cut at depth 10
    (the documents' own members nest 8 deep): OpenAPI 3.0 can say neither of the open members
    (no propertyNames, no depth; the ``Foreign`` component's description does)."""
    if isinstance(node, dict | list) and depth >= 10:
        return None
    if isinstance(node, dict):
        return {k.replace("\x00", ""): _no_nul_names(v, depth + 1) for k, v in node.items()}
    if isinstance(node, list):
        return [_no_nul_names(item, depth + 1) for item in node]
    return node


def _keep_cross_field_rules(scenario: dict[str, Any], cards: dict[str, list[int]]) -> None:
    """The rules between fields of a scenario that its schema describes but cannot enforce
    (``upfront.api.openapi.SIDES_RULE``, ``CUSTOM_RULE``), kept in a generated one."""
    for side, role in zip(scenario["sides"], ("attacker", "defender"), strict=True):
        side["role"] = role
        force = side["force"]
        force["period"], force["theatre"] = scenario["period"], scenario["theatre"]
        numbers = cards[force["nationality"]]
        for name in ("groups", "reinforcements"):
            for item in force.get(name, ()):
                for purchase in item["cards"]:
                    purchase["card"] = numbers[purchase["card"] % len(numbers)]
    for rule in scenario.get("special_rules", ()):
        if rule["code"] == "custom" and not rule.get("text", "").strip():
            rule["text"] = "Both sides start in cover."


def test_saved_forces_signed_in_behave_as_documented(app: Any, django_user_model: Any) -> None:
    from builder.services import saved_force_create

    owner = django_user_model.objects.create_user("st-owner", password="st-pw-123")
    force = saved_force_create(owner=owner, name="Grenadiers", data=INTERCHANGE_EXAMPLE)
    from upfront.api.tokens import api_token_rotate

    headers = {"Authorization": f"Token {api_token_rotate(user=owner).key}"}
    count, statuses = _run_signed_in(
        app,
        headers,
        ("/api/v1/forces/",),
        lambda operation: None if operation.method.upper() == "DELETE" else force.pk,
    )
    assert count == 7
    assert {("GET", 200), ("POST", 201), ("POST", 400), ("GET", 404)} <= statuses
    assert {("HEAD", 200), ("OPTIONS", 200)} <= statuses


def test_scenarios_and_libraries_signed_in_behave_as_documented(
    app: Any, django_user_model: Any
) -> None:
    """The scenario and library operations with a token, on the user's own scenario and
    library too, so that their success answers (and the owner's checks) are exercised."""
    from rest_framework.authtoken.models import Token

    from scenarios import services
    from tests.scenarios.conftest import SCENARIO_DOCUMENT
    from upfront.reference.fetch import catalogue_current

    owner = django_user_model.objects.create_user("st-designer", password="st-pw-123")
    friend = django_user_model.objects.create_user("st-friend", password="st-pw-123")
    library = services.library_create(owner=owner, title="Club", visibility="unlisted")
    scenario = services.scenario_create(owner=owner, data=SCENARIO_DOCUMENT, library=library)
    headers = {"Authorization": f"Token {Token.objects.create(user=owner).key}"}
    cards: dict[str, list[int]] = {}
    for nationality, number in sorted(catalogue_current().cards):
        cards.setdefault(nationality, []).append(number)

    def repair(case: Any) -> Any:
        """A generated valid request made to keep what the schema can only describe: the
        library and the collaborator exist, and the document keeps the rules between fields
        and no NUL in a member's name."""
        body = case.body if isinstance(case.body, dict) else {}
        if case.operation.path.endswith("/collaborators/"):
            body["username"] = friend.username
            return case
        if case.query and "library" in case.query:
            case.query["library"] = str(library.public_id)
        if body.get("library") is not None:
            body["library"] = str(library.public_id)
        document = body if case.operation.path.endswith("/import") else body.get("document")
        if isinstance(document, dict):
            cleaned = _no_nul_names(document)
            document.clear()
            document.update(cleaned)
        if isinstance(document, dict) and isinstance(document.get("scenario"), dict):
            _keep_cross_field_rules(document["scenario"], cards)
        return case

    def own(operation: Any) -> str | None:
        if operation.method.upper() == "DELETE":
            return None
        mine = scenario if operation.path.startswith("/api/v1/scenarios/") else library
        return str(mine.public_id)

    count, statuses = _run_signed_in(
        app, headers, ("/api/v1/scenarios/", "/api/v1/libraries/"), own, repair
    )
    # 21, the four that start jobs (validate, simulate, pdf; a library's pdf), a scenario's
    # plays (list, record), its versions (list, one version, restore) and the random
    # scenario of rule 43 (generate), and starting a game at the table; and the community's
    # eight: a scenario's rating (read, set, remove), its comments (list, post, open or close)
    # and a library's follow (follow, unfollow); and adding a scenario to a library (POST
    # /libraries/{id}/scenarios/).
    assert count == 41
    assert {("GET", 200), ("POST", 201), ("PATCH", 200), ("POST", 400), ("GET", 404)} <= statuses
    # Every method, signed in, on the user's own objects: HEAD and OPTIONS answered too (the
    # OPTIONS of /libraries/ and /scenarios/ describe the POST).
    assert {("HEAD", 200), ("OPTIONS", 200), ("PUT", 200)} <= statuses


def test_jobs_signed_in_behave_as_documented(app: Any, django_user_model: Any) -> None:
    """The jobs operations with a token, on a job of the user's own too (a failed one, so
    that retry answers 202), so that their success answers are checked."""
    from rest_framework.authtoken.models import Token

    from scenarios import services
    from tests.scenarios.conftest import SCENARIO_DOCUMENT
    from tests.scenarios.jobs.conftest import make_failed_job

    owner = django_user_model.objects.create_user("st-jobs", password="st-pw-123")
    scenario = services.scenario_create(owner=owner, data=SCENARIO_DOCUMENT)
    job = make_failed_job(owner=owner, scenario=scenario)
    headers = {"Authorization": f"Token {Token.objects.create(user=owner).key}"}
    count, statuses = _run_signed_in(
        app, headers, ("/api/v1/jobs/",), lambda operation: str(job.public_id)
    )
    assert count == 4
    assert {("GET", 200), ("POST", 202), ("GET", 404)} <= statuses
    assert {("HEAD", 200), ("OPTIONS", 200)} <= statuses


def test_games_signed_in_behave_as_documented(app: Any, django_user_model: Any) -> None:
    """The games at the table operations with a token, on a game of the user's own too, so
    that their success and conflict answers are checked."""
    from rest_framework.authtoken.models import Token

    from scenarios import services
    from scenarios.plays import games as game_services
    from tests.scenarios.conftest import SCENARIO_DOCUMENT

    owner = django_user_model.objects.create_user("st-games", password="st-pw-123")
    scenario = services.scenario_create(owner=owner, data=SCENARIO_DOCUMENT)
    game = game_services.game_start(scenario=scenario, player=owner, seed=1)
    headers = {"Authorization": f"Token {Token.objects.create(user=owner).key}"}
    count, statuses = _run_signed_in(
        app, headers, ("/api/v1/games/",), lambda operation: str(game.public_id)
    )
    assert count == 7  # the game, its draws, next deck, the fog lifted, undo, join, finish
    assert {("GET", 200), ("POST", 409), ("GET", 404)} <= statuses


def test_every_method_a_path_does_not_list_is_a_405(app: Any, django_user_model: Any) -> None:
    """Schemathesis' ``unsupported_method`` check, made by hand (it runs only in its coverage
    phase): signed in, so that the method is refused before anything is looked up."""
    import re
    import uuid

    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(django_user_model.objects.create_user("st-methods"))
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    methods = {"get", "post", "put", "patch", "delete"}
    tried = 0
    for path, operations in schema["paths"].items():
        fill = {}  # each path parameter as its schema types it: the route must match
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                kind = parameter["schema"]
                if parameter["in"] == "path":
                    fill[parameter["name"]] = (
                        "1"
                        if kind.get("type") == "integer"
                        else str(uuid.uuid4())
                        if kind.get("format") == "uuid"
                        else "x"
                    )
        url = re.sub(r"\{(\w+)\}", lambda m, fill=fill: fill[m[1]], path)
        for method in sorted(methods - set(operations)):
            response = getattr(client, method)(url, {}, format="json")
            assert response.status_code == 405, (method, path, response.status_code)
            assert response["Content-Type"].startswith("application/problem+json"), path
            assert response.json()["code"] == "method_not_allowed"
            allowed = {m.strip().lower() for m in response["Allow"].split(",")}
            assert set(operations) <= allowed, (path, allowed)
            tried += 1
    assert tried >= 100
