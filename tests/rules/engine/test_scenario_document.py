"""Reading a Scenario document: the compiled schema (the fast path) never accepts what the JSON
Schema refuses, an ordinary document takes it, and a faulty one is still told every fault."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from tests.rules.engine.test_force import anything
from tests.rules.engine.test_force import force as force_strategy
from upfront.rules.scenario import (
    SCENARIO_SCHEMA,
    ScenarioFormatError,
    _scenario_plainly_valid,
    scenario_document_from_dict,
)

SCHEMA = Draft202012Validator(SCENARIO_SCHEMA)


def _force(nationality: str) -> dict[str, Any]:
    return {
        "nationality": nationality,
        "period": "1943b",
        "troop_type": "line",
        "groups": [{"label": "A", "cards": [{"card": 1}, {"card": 2}]}],
    }


ORDINARY: dict[str, Any] = {
    "format": "upfront-scenario",
    "version": 1,
    "data_revision": None,
    "scenario": {
        "title": "Crossroads",
        "description": "Two squads meet at a village crossroads.",
        "language": "en",
        "period": "1943b",
        "theatre": "ETO",
        "terrain_deck": "standard",
        "weather": ["overcast"],
        "time_limit_decks": 3,
        "deck_changes": [{"action": "remove", "card_type": "marsh", "count": 2}],
        "special_rules": [{"code": "night", "rule": "60"}],
        "victory_conditions": {"text": "Hold the crossroads.", "rpn": 3},
        "sides": [
            {"role": "attacker", "force": _force("american")},
            {"role": "defender", "force": _force("german")},
        ],
    },
}


def test_an_ordinary_document_takes_the_fast_path() -> None:
    # Were it refused by the compiled schema, every read would pay the full validation again.
    assert _scenario_plainly_valid(ORDINARY)
    document = scenario_document_from_dict(copy.deepcopy(ORDINARY))
    assert document.scenario.title == "Crossroads"
    assert [side.force.nationality for side in document.scenario.sides] == ["american", "german"]


def test_a_faulty_document_is_told_each_fault_with_its_path() -> None:
    document = copy.deepcopy(ORDINARY)
    document["scenario"]["title"] = ""
    document["scenario"]["time_limit_decks"] = 99
    assert not _scenario_plainly_valid(document)
    with pytest.raises(ScenarioFormatError) as raised:
        scenario_document_from_dict(document)
    paths = {fault.path for fault in raised.value.errors}
    assert {"scenario.title", "scenario.time_limit_decks"} <= paths, paths


# Near-valid documents: the ordinary one with a few of its values replaced (by another valid
# value, or by anything) or taken out, so that both answers of the fast path are common.
_PLACES: list[tuple[str, ...]] = [
    ("format",),
    ("version",),
    ("data_revision",),
    ("scenario", "title"),
    ("scenario", "description"),
    ("scenario", "language"),
    ("scenario", "period"),
    ("scenario", "theatre"),
    ("scenario", "terrain_deck"),
    ("scenario", "mountain"),
    ("scenario", "weather"),
    ("scenario", "time_limit_decks"),
    ("scenario", "deck_changes"),
    ("scenario", "special_rules"),
    ("scenario", "victory_conditions", "rpn"),
    ("scenario", "sides"),
    ("scenario", "sides", 0, "role"),
    ("scenario", "sides", 1, "force"),
    ("scenario", "sides", 1, "force", "nationality"),
    ("scenario", "sides", 1, "force", "groups"),
    ("scenario", "sides", 0, "force", "budget"),
]
_VALUES = st.one_of(
    anything,
    st.sampled_from(
        [
            "ETO",
            "1941a",
            "it",
            "german",
            "defender",
            "upfront-scenario",
            ["rain", "overcast"],
            ["rain", "rain"],
            [],
            {},
            [{"action": "add", "card_type": "hill"}],
            [{"code": "x" * 61}],
            "x" * 200,
            2,
            21,
            1.0,
        ]
    ),
    force_strategy,
)
_GONE = object()


@st.composite
def document(draw: st.DrawFn) -> dict[str, Any]:
    data = copy.deepcopy(ORDINARY)
    for _ in range(draw(st.integers(0, 3))):
        *parents, last = draw(st.sampled_from(_PLACES))
        container: Any = data
        for key in parents:
            try:
                container = container[key]
            except (KeyError, IndexError, TypeError):
                container = None
                break
        if not isinstance(container, dict | list):
            continue
        value = draw(st.one_of(st.just(_GONE), _VALUES))
        try:
            if value is _GONE:
                del container[last]
            else:
                container[last] = value
        except (KeyError, IndexError, TypeError):
            continue
    return data


@settings(max_examples=400, deadline=None)
@given(document())
def test_fast_path_accepts_only_schema_valid_documents(data: dict[str, Any]) -> None:
    if _scenario_plainly_valid(data):
        assert SCHEMA.is_valid(data), list(SCHEMA.iter_errors(data))
