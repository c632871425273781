"""The engine's messages: ids with parameters, English source strings defined once."""

from __future__ import annotations

import re

import pytest

from upfront.rules.messages import CODE_PARAMS, DATA_PARAMS, MESSAGES, NATIONALITY_PARAM, Message

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@pytest.mark.parametrize("message_id", sorted(MESSAGES))
def test_every_template_takes_named_parameters_only(message_id: str) -> None:
    template = MESSAGES[message_id]
    names = set(PLACEHOLDER.findall(template))
    # No positional placeholders: a translation must be free to reorder them.
    assert re.sub(r"%\(\w+\)s|%%", "", template).count("%") == 0, template
    filled = Message(message_id, {name: f"<{name}>" for name in names}).english()
    assert "%(" not in filled and all(f"<{name}>" in filled for name in names)


def test_the_engine_holds_ids_not_names_of_codes() -> None:
    # The words for a code live at the edge (upfront.labels): no message is a code's name.
    assert [key for key in MESSAGES if key.split(".")[0] in set(CODE_PARAMS)] == []
    assert NATIONALITY_PARAM in DATA_PARAMS  # named from the reference data at the edge
    assert set(CODE_PARAMS).isdisjoint(DATA_PARAMS)


def test_codes_stay_codes_until_the_edge() -> None:
    said = Message(
        "violation.secondary_not_allowed", {"nationality": "american", "weapon": "at_mine"}
    )
    assert said.to_dict() == {
        "id": "violation.secondary_not_allowed",
        "params": {"nationality": "american", "weapon": "at_mine"},
    }
    assert Message.from_dict(said.to_dict()) == said
    # English for logs and exceptions: every code left as a code.
    assert said.english() == "american forces may not carry the at_mine."


def test_an_unknown_message_id_is_refused() -> None:
    with pytest.raises(KeyError):
        Message("violation.no_such_thing")


def test_the_engine_holds_no_italian() -> None:
    # Italian lives in locale/it/LC_MESSAGES/django.po only.
    from pathlib import Path

    import upfront.rules

    italian = re.compile(r"\b(della|delle|questa|carta|gruppo|rinforzi|mazzo|è)\b")
    for path in Path(upfront.rules.__file__).parent.glob("*.py"):
        found = [
            line for line in path.read_text(encoding="utf-8").splitlines() if italian.search(line)
        ]
        assert found == [], f"{path.name}: {found[:3]}"
