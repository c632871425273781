"""The DYO validation answers byte for byte as before its tuning.

``data/validate_answers.json`` holds the exact bodies (and statuses) that
``POST /api/v1/dyo/validate`` gave for the forces below, in English and Italian, captured from
the code before the validation path was tuned. Any tuning of the path (the engine, the
rendering of messages, DRF's dispatch) must leave every byte of them as it was. When the
reference data or a message changes on purpose, regenerate the file and review its diff:

    UPDATE_VALIDATE_ANSWERS=1 .venv/bin/pytest -p no:cacheprovider \
        tests/builder/test_validate_answers.py -q
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from bench.validate import FORCE, FORCE_40
from tests.builder.conftest import INTERCHANGE_EXAMPLE
from upfront.rules.examples import EXAMPLE_FORCE

pytestmark = pytest.mark.django_db
URL = "/api/v1/dyo/validate"
ANSWERS = Path(__file__).parent / "data" / "validate_answers.json"


def _with(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    document = copy.deepcopy(base)
    document.update(changes)
    return document


# Legal and illegal forces that reach every kind of line and most checks: secondary weapons,
# radios, snipers, reinforcements, random reinforcement decks, troop types, partisans,
# Marines' bolt-action rifles, duplicates, unknown cards, cards not yet available, group
# sizes; and malformed documents (the 400 problem with its faults).
FORCES: dict[str, Any] = {
    "example": EXAMPLE_FORCE,
    "interchange": INTERCHANGE_EXAMPLE,
    "bench 13": FORCE,
    "bench 40": FORCE_40,
    "elite double sniper": _with(
        INTERCHANGE_EXAMPLE,
        troop_type="elite",
        snipers=2,
        random_reinforcement_decks=[1, 3],
        reinforcements=[
            {"after_deck": 1, "cards": [{"card": 9}]},
            {"after_deck": 2, "cards": [{"card": 10, "secondary": ["atmm"]}]},
        ],
    ),
    "second line": _with(FORCE, troop_type="second_line", budget=None),
    "partisans": _with(INTERCHANGE_EXAMPLE, partisans=True, nationality="russian", period="1942a"),
    "marines 1942": _with(
        FORCE_40,
        marines=True,
        period="1942a",
        theatre="PTO",
        groups=[
            {"label": "A", "cards": [{"card": n} for n in range(1, 8)]},
            {"label": "B", "cards": [{"card": n} for n in range(8, 13)]},
        ],
        reinforcements=[{"after_deck": 2, "cards": [{"card": 14}, {"card": 15}]}],
    ),
    "early period": _with(FORCE, period="1941a", radios=[{"fire_strength": 6}]),
    # 44: within the schema's maximum (the highest card of any nationality), not a German card.
    "unknown cards": _with(
        INTERCHANGE_EXAMPLE,
        groups=[{"cards": [{"card": 44}, {"card": 1}, {"card": 1}]}, {"cards": [{"card": 2}]}],
    ),
    # Above the schema's maximum: a malformed document (400), not a violation.
    "card above the highest": _with(
        INTERCHANGE_EXAMPLE,
        groups=[{"cards": [{"card": 99}, {"card": 1}]}, {"cards": [{"card": 2}]}],
    ),
    "one group": _with(FORCE, groups=[{"label": "A", "cards": [{"card": 1}]}]),
    "malformed": _with(
        FORCE, period="1950a", groups=[{"cards": [{"card": "one"}, {"card": 0}]}], snipers=3
    ),
    "not an object": [1, 2, 3],
}


def _answers() -> dict[str, dict[str, Any]]:
    answers: dict[str, dict[str, Any]] = {}
    for language in ("en", "it"):
        client = APIClient(headers={"accept-language": language})
        for name, document in FORCES.items():
            response = client.post(URL, json.dumps(document), content_type="application/json")
            answers[f"{language} {name}"] = {
                "status": response.status_code,
                "content_type": response["Content-Type"],
                "body": response.content.decode("utf-8"),
            }
    return answers


def test_every_answer_is_byte_identical_to_the_one_before_the_tuning() -> None:
    answers = _answers()
    if os.environ.get("UPDATE_VALIDATE_ANSWERS") == "1":
        ANSWERS.write_text(json.dumps(answers, indent=1, ensure_ascii=False) + "\n", "utf-8")
    expected = json.loads(ANSWERS.read_text("utf-8"))
    assert sorted(answers) == sorted(expected)
    for key, answer in answers.items():
        assert answer == expected[key], key


def test_the_stored_answers_say_something_in_each_language() -> None:
    # The comparison above is only worth as much as what was stored: both languages, both
    # verdicts, long answers and the malformed-document problem.
    expected = json.loads(ANSWERS.read_text("utf-8"))
    assert expected["en bench 40"]["body"] != expected["it bench 40"]["body"]
    assert expected["en malformed"]["status"] == 400
    assert expected["en card above the highest"]["status"] == 400
    assert "unknown_card" in expected["en unknown cards"]["body"]
    assert '"valid":true' in "".join(a["body"] for a in expected.values())
    assert '"valid":false' in expected["en bench 40"]["body"]
    assert len(expected["it bench 40"]["body"]) > 5000
