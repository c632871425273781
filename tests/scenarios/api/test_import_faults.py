"""Malformed and hostile import documents: each gets a clear 400 (or 413) problem naming the
fault by its JSON path, and nothing is written.

Also what is *not* a fault: HTML in a text is stored as written (pages escape it; the API
answers JSON), the same scenario twice in a library is two scenarios, and a force breaking a
DYO rule (two groups with one label, a card bought twice) is imported and marked invalid,
with the rule's violation, as the builder shows it.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from scenarios.models import Scenario
from tests.scenarios.api.conftest import client_for, counts, document, library_document
from upfront.api.parsers import MAX_JSON_DEPTH
from upfront.rules.scenario import MAX_DEPTH, MAX_LIBRARY_SCENARIOS

pytestmark = pytest.mark.django_db

SCENARIO_IMPORT = "/api/v1/scenarios/import"
LIBRARY_IMPORT = "/api/v1/libraries/import"


def scenario_with(change: Callable[[dict[str, Any]], Any]) -> bytes:
    """A legal scenario document changed by ``change`` (given the document), as JSON."""
    doc = document()
    change(doc)
    return json.dumps(doc).encode()


def body_of(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["scenario"]  # type: ignore[no-any-return]


def attacker(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["scenario"]["sides"][0]["force"]  # type: ignore[no-any-return]


def nested(depth: int) -> Any:
    value: Any = "deep"
    for _ in range(depth):
        value = {"x": value}
    return value


def library_with(change: Callable[[dict[str, Any]], Any]) -> bytes:
    doc = library_document("First", "Second")
    change(doc)
    return json.dumps(doc).encode()


def set_path(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


def s(*path: Any, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda doc: set_path(doc, path, value)


def drop(*path: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        for key in path[:-1]:
            doc = doc[key]
        del doc[path[-1]]

    return change


CARD = ("scenario", "sides", 0, "force", "groups", 0, "cards", 0, "card")

# (name, url, body bytes, status, code, a path that must be among the faults)
CASES: list[tuple[str, str, bytes, int, str, str]] = [
    # Not JSON, not an object
    ("broken JSON", SCENARIO_IMPORT, b'{"format": "upfront-scenario",', 400, "parse_error", "$"),
    ("empty body", SCENARIO_IMPORT, b"", 400, "invalid", "$"),  # read as {}
    ("an array", SCENARIO_IMPORT, b"[]", 400, "invalid", "$"),
    ("a string", SCENARIO_IMPORT, b'"upfront-scenario"', 400, "invalid", "$"),
    ("null", SCENARIO_IMPORT, b"null", 400, "invalid", "$"),
    ("a number", SCENARIO_IMPORT, b"42", 400, "invalid", "$"),
    ("NaN", SCENARIO_IMPORT, b'{"format": NaN}', 400, "parse_error", "$"),
    ("not UTF-8", SCENARIO_IMPORT, b'{"title": "\xff\xfe"}', 400, "parse_error", "$"),
    # Wrong format or version
    (
        "a force posted as a scenario",
        SCENARIO_IMPORT,
        json.dumps(attacker(document())).encode(),
        400,
        "invalid",
        "$",
    ),
    (
        "wrong format name",
        SCENARIO_IMPORT,
        scenario_with(s("format", value="upfront-force")),
        400,
        "invalid",
        "format",
    ),
    (
        "a library posted as a scenario",
        SCENARIO_IMPORT,
        json.dumps(library_document("A")).encode(),
        400,
        "invalid",
        "format",
    ),
    (
        "a future version",
        SCENARIO_IMPORT,
        scenario_with(s("version", value=2)),
        400,
        "invalid",
        "version",
    ),
    (
        "version as a string",
        SCENARIO_IMPORT,
        scenario_with(s("version", value="1")),
        400,
        "invalid",
        "version",
    ),
    # Missing fields and wrong types
    ("no scenario", SCENARIO_IMPORT, scenario_with(drop("scenario")), 400, "invalid", "$"),
    (
        "no title",
        SCENARIO_IMPORT,
        scenario_with(drop("scenario", "title")),
        400,
        "invalid",
        "scenario",
    ),
    (
        "title a number",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "title", value=123)),
        400,
        "invalid",
        "scenario.title",
    ),
    (
        "empty title",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "title", value="")),
        400,
        "invalid",
        "scenario.title",
    ),
    (
        "title too long",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "title", value="x" * 121)),
        400,
        "invalid",
        "scenario.title",
    ),
    (
        "sides an object",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "sides", value={"attacker": {}})),
        400,
        "invalid",
        "scenario.sides",
    ),
    (
        "one side",
        SCENARIO_IMPORT,
        scenario_with(lambda d: body_of(d)["sides"].pop()),
        400,
        "invalid",
        "scenario.sides",
    ),
    (
        "two attackers",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "sides", 1, "role", value="attacker")),
        400,
        "invalid",
        "scenario.sides",
    ),
    (
        "a card number as text",
        SCENARIO_IMPORT,
        scenario_with(s(*CARD, value="1")),
        400,
        "invalid",
        "scenario.sides[0].force.groups[0].cards[0].card",
    ),
    (
        "a budget of true",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "sides", 0, "force", "budget", value=True)),
        400,
        "invalid",
        "scenario.sides[0].force.budget",
    ),
    (
        "a force of another period",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "sides", 0, "force", "period", value="1944")),
        400,
        "invalid",
        "scenario.sides[0].force.period",
    ),
    (
        "zero decks",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "time_limit_decks", value=0)),
        400,
        "invalid",
        "scenario.time_limit_decks",
    ),
    # Unknown cards and codes
    (
        "an unknown card",
        SCENARIO_IMPORT,
        scenario_with(s(*CARD, value=99)),
        400,
        "invalid",
        "scenario.sides[0].force.groups[0].cards[0].card",
    ),
    (
        "an unknown period",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "period", value="1950a")),
        400,
        "invalid",
        "scenario.period",
    ),
    (
        "an unknown theatre",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "theatre", value="MARS")),
        400,
        "invalid",
        "scenario.theatre",
    ),
    (
        "an unknown nationality",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "sides", 0, "force", "nationality", value="martian")),
        400,
        "invalid",
        "scenario.sides[0].force.nationality",
    ),
    (
        "an unknown weather",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "weather", value=["monsoon"])),
        400,
        "invalid",
        "scenario.weather[0]",
    ),
    (
        "an unknown special rule",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "special_rules", value=[{"code": "orbital_strike"}])),
        400,
        "invalid",
        "scenario.special_rules[0].code",
    ),
    (
        "a custom rule with no text",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "special_rules", value=[{"code": "custom"}])),
        400,
        "invalid",
        "scenario.special_rules[0]",
    ),
    (
        "an unknown card type",
        SCENARIO_IMPORT,
        scenario_with(
            s("scenario", "deck_changes", value=[{"action": "remove", "card_type": "dragon"}])
        ),
        400,
        "invalid",
        "scenario.deck_changes[0].card_type",
    ),
    (
        "an unknown published scenario",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "based_on", value="Z")),
        400,
        "invalid",
        "scenario.based_on",
    ),
    (
        "an unknown topography",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "topography", value="lunar")),
        400,
        "invalid",
        "scenario.topography",
    ),
    # Duplicates
    (
        "a name twice in an object",
        SCENARIO_IMPORT,
        json.dumps(document())
        .encode()
        .replace(b'"title": "Crossroads"', b'"title": "Crossroads", "title": "<b>Other</b>"'),
        400,
        "invalid",
        "scenario.title",
    ),
    (
        "a weather twice",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "weather", value=["clear", "clear"])),
        400,
        "invalid",
        "scenario.weather",
    ),
    (
        "a random reinforcement deck twice",
        SCENARIO_IMPORT,
        scenario_with(
            s("scenario", "sides", 0, "force", "random_reinforcement_decks", value=[1, 1])
        ),
        400,
        "invalid",
        "scenario.sides[0].force.random_reinforcement_decks",
    ),
    # NUL characters (no database text column can hold one)
    (
        "a NUL in a text",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "description", value="a\u0000b")),
        400,
        "invalid",
        "scenario.description",
    ),
    (
        "a NUL in a name",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "x\u0000y", value=1)),
        400,
        "invalid",
        "scenario",
    ),
    # Size and depth
    (
        "nested past the document's limit",
        SCENARIO_IMPORT,
        scenario_with(
            s("scenario", "special_rules", value=[{"code": "custom", "params": nested(MAX_DEPTH)}])
        ),
        400,
        "invalid",
        "$",
    ),
    (
        "nested past the parser's limit",
        SCENARIO_IMPORT,
        json.dumps(nested(MAX_JSON_DEPTH + 1)).encode(),
        400,
        "parse_error",
        "$",
    ),
    ("nested 100,000 deep", SCENARIO_IMPORT, b"[" * 100_000, 400, "parse_error", "$"),
    (
        "too many weathers",
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "weather", value=[f"w{i}" for i in range(9)])),
        400,
        "invalid",
        "scenario.weather",
    ),
    # Libraries
    (
        "a library with one faulty scenario",
        LIBRARY_IMPORT,
        library_with(s("scenarios", 1, "scenario", "period", value="1950a")),
        400,
        "invalid",
        "scenarios[1].scenario.period",
    ),
    (
        "a library with an unknown card in its second scenario",
        LIBRARY_IMPORT,
        library_with(s("scenarios", 1, *CARD[:2], 1, *CARD[3:], value=77)),
        400,
        "invalid",
        "scenarios[1].scenario.sides[1].force.groups[0].cards[0].card",
    ),
    (
        "a scenario posted as a library",
        LIBRARY_IMPORT,
        json.dumps(document()).encode(),
        400,
        "invalid",
        "format",
    ),
    (
        "a library of a future version",
        LIBRARY_IMPORT,
        library_with(s("version", value=7)),
        400,
        "invalid",
        "version",
    ),
    (
        "a library holding a future scenario",
        LIBRARY_IMPORT,
        library_with(s("scenarios", 0, "version", value=2)),
        400,
        "invalid",
        "scenarios[0].version",
    ),
    (
        "a library without a title",
        LIBRARY_IMPORT,
        library_with(drop("title")),
        400,
        "invalid",
        "$",
    ),
    (
        "a library title of blanks",
        LIBRARY_IMPORT,
        library_with(s("title", value="   ")),
        400,
        "invalid",
        "title",
    ),
    (
        "scenarios not a list",
        LIBRARY_IMPORT,
        library_with(s("scenarios", value="all of them")),
        400,
        "invalid",
        "scenarios",
    ),
    (
        "scenarios a number",  # found by schemathesis: it was a 500
        LIBRARY_IMPORT,
        library_with(s("scenarios", value=-1234)),
        400,
        "invalid",
        "scenarios",
    ),
    (
        "a library over the scenario limit",
        LIBRARY_IMPORT,
        library_with(
            s(
                "scenarios",
                value=[{"format": "upfront-scenario", "version": 1, "scenario": {}}]
                * (MAX_LIBRARY_SCENARIOS + 1),
            )
        ),
        400,
        "invalid",
        "scenarios",
    ),
    (
        "a NUL in a library's title",
        LIBRARY_IMPORT,
        library_with(s("title", value="Club\u0000")),
        400,
        "invalid",
        "title",
    ),
    ("a library as an array", LIBRARY_IMPORT, b"[{}]", 400, "invalid", "$"),
]


@pytest.mark.parametrize(
    ("url", "body", "status", "code", "path"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_a_faulty_document_is_refused_whole(
    owner: Any, url: str, body: bytes, status: int, code: str, path: str
) -> None:
    before = counts()
    response = client_for(owner).post(url, body, content_type="application/json")
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    problem = response.json()
    assert (problem["status"], problem["code"]) == (status, code)
    paths = [error["path"] for error in problem["errors"]]
    assert path in paths, paths
    assert all(error["message"] for error in problem["errors"])
    assert counts() == before == (0, 0)


def test_there_are_at_least_thirty_cases() -> None:
    assert len(CASES) >= 30
    assert len({case[0] for case in CASES}) == len(CASES)


def test_every_fault_of_a_document_is_listed_at_once(owner: Any) -> None:
    doc = document()
    body_of(doc)["weather"] = ["clear", "monsoon"]
    body_of(doc)["special_rules"] = [{"code": "no_such_rule"}]
    attacker(doc)["groups"][0]["cards"][1]["card"] = 98
    response = client_for(owner).post(SCENARIO_IMPORT, doc, format="json")
    assert response.status_code == 400
    assert sorted(e["path"] for e in response.json()["errors"]) == [
        "scenario.sides[0].force.groups[0].cards[1].card",
        "scenario.special_rules[0].code",
        "scenario.weather[1]",
    ]
    assert response.json()["detail"] == "The request has 3 faults; see errors."
    assert counts() == (0, 0)


def test_a_bad_library_parameter_is_listed_with_the_documents_faults(
    owner: Any, stranger: Any
) -> None:
    from tests.scenarios.api.conftest import make_library

    theirs = make_library(stranger, "public")
    doc = document()
    body_of(doc)["period"] = "1950a"
    api = client_for(owner)
    response = api.post(f"{SCENARIO_IMPORT}?library={theirs.public_id}", doc, format="json")
    assert response.status_code == 400
    assert [e["path"] for e in response.json()["errors"]] == ["library", "scenario.period"]
    response = api.post(f"{SCENARIO_IMPORT}?library=not-a-uuid", document(), format="json")
    assert response.json()["errors"] == [{"path": "library", "message": "Must be a valid UUID."}]
    assert counts() == (1, 0)  # the stranger's library only


def test_a_body_over_the_size_limit_is_413(owner: Any, settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 20_000
    for url, doc in (
        (SCENARIO_IMPORT, document()),
        (LIBRARY_IMPORT, library_document("A")),
    ):
        doc = copy.deepcopy(doc)
        doc["description"] = "x" * 25_000
        response = client_for(owner).post(url, doc, format="json")
        assert response.status_code == 413
        problem = response.json()
        assert problem["code"] == "request_too_large"
        assert "20000 bytes" in problem["detail"]
    assert counts() == (0, 0)


def test_a_body_that_is_not_json_is_415(owner: Any) -> None:
    response = client_for(owner).post(
        SCENARIO_IMPORT, "format=upfront-scenario", content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 415
    assert response.json()["code"] == "unsupported_media_type"
    assert counts() == (0, 0)


def test_faults_are_in_the_requesters_language(owner: Any) -> None:
    response = client_for(owner).post(
        SCENARIO_IMPORT,
        scenario_with(s("scenario", "weather", value=["monsoon"])),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="it",
    )
    problem = response.json()
    assert problem["title"] == "Richiesta non valida"
    assert problem["errors"][0]["path"] == "scenario.weather[0]"
    assert "monsoon" in problem["errors"][0]["message"]
    assert "is not a known weather" not in problem["errors"][0]["message"]


# --- What is not a fault --------------------------------------------------------------------

SCRIPT = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def test_html_in_texts_is_kept_as_written_and_answered_as_json(owner: Any) -> None:
    doc = document(SCRIPT[:60])
    body_of(doc)["description"] = SCRIPT
    body_of(doc)["special_rules"] = [{"code": "custom", "text": SCRIPT}]
    body_of(doc)["victory_conditions"] = {"text": SCRIPT}
    attacker(doc)["groups"][0]["label"] = "<b>"
    api = client_for(owner)
    response = api.post(SCENARIO_IMPORT, doc, format="json")
    assert response.status_code == 201
    scenario = Scenario.objects.get()
    # Stored as the author wrote it (escaping is the pages' job, at output), never half-cleaned.
    assert scenario.description == SCRIPT
    assert scenario.document["scenario"]["special_rules"][0]["text"] == SCRIPT
    for answer in (response, api.get(f"/api/v1/scenarios/{scenario.public_id}/export")):
        # JSON, never sniffed as HTML; the script is a string value, not markup.
        assert answer["Content-Type"].startswith("application/json")
        assert answer["X-Content-Type-Options"] == "nosniff"
    exported = api.get(f"/api/v1/scenarios/{scenario.public_id}/export")
    assert exported.json()["scenario"]["description"] == SCRIPT
    assert SCRIPT not in exported["Content-Disposition"]


def test_html_in_a_library_title_is_kept_as_written(owner: Any) -> None:
    response = client_for(owner).post(
        LIBRARY_IMPORT, library_document("A", title=SCRIPT[:100]), format="json"
    )
    assert response.status_code == 201
    assert response.json()["title"] == SCRIPT[:100]


def test_the_same_scenario_twice_in_a_library_is_two_scenarios(owner: Any) -> None:
    doc = library_document("Twin", "Twin")
    response = client_for(owner).post(LIBRARY_IMPORT, doc, format="json")
    assert response.status_code == 201
    library_id = response.json()["id"]
    listed = client_for(owner).get(f"/api/v1/libraries/{library_id}/scenarios/").json()
    assert [item["title"] for item in listed["results"]] == ["Twin", "Twin"]
    assert len({item["id"] for item in listed["results"]}) == 2


@pytest.mark.parametrize(
    ("change", "violation"),
    [
        (
            lambda force: force["groups"][1].update(label="A"),
            "duplicate_group_label",
        ),
        (
            lambda force: force["groups"][1]["cards"].append({"card": 1}),
            "duplicate_card",
        ),
    ],
    ids=["two groups labelled A", "a card bought twice"],
)
def test_duplicates_the_rules_forbid_import_as_invalid(
    owner: Any, change: Callable[[dict[str, Any]], Any], violation: str
) -> None:
    from upfront.reference.fetch import catalogue_current
    from upfront.rules.force import force_from_dict
    from upfront.rules.validate import validate_force

    doc = document()
    change(attacker(doc))
    # The engine's own verdict on the force, which the import records.
    result = validate_force(force_from_dict(attacker(doc)), catalogue_current())
    assert violation in {v.code for v in result.violations}
    response = client_for(owner).post(SCENARIO_IMPORT, doc, format="json")
    assert response.status_code == 201
    assert response.json()["valid"] is False
    assert Scenario.objects.get().valid is False
