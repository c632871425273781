"""The structural fast path of force_from_dict never accepts what the JSON Schema rejects."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from upfront.rules.force import FORCE_SCHEMA, _plainly_valid

SCHEMA = Draft202012Validator(FORCE_SCHEMA)
anything = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 25), st.text(max_size=3), st.floats(0, 3)
)
card = st.fixed_dictionaries(
    {"card": st.one_of(st.integers(-1, 40), anything)},
    optional={
        "secondary": st.one_of(
            st.lists(
                st.sampled_from(["atmm", "panzerfaust", "demolition_charge", "at_mine", "x"]),
                max_size=2,
            ),
            anything,
        )
    },
)
cards = st.one_of(st.lists(card, max_size=4), anything)
force: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries(
    {
        "nationality": st.sampled_from(["german", "american", "martian", 3]),
        "period": st.sampled_from(["1941a", "1945b", "1946a", None]),
        "troop_type": st.sampled_from(["line", "elite", "second_line", "green"]),
        "groups": st.one_of(
            st.lists(
                st.fixed_dictionaries(
                    {"cards": cards}, optional={"label": st.one_of(st.text(max_size=25), anything)}
                ),
                max_size=3,
            ),
            anything,
        ),
    },
    optional={
        "theatre": st.sampled_from(["ETO", "PTO", "MTO", None]),
        "partisans": st.one_of(st.booleans(), anything),
        "marines": st.one_of(st.booleans(), anything),
        "mountain": st.one_of(st.booleans(), anything),
        "budget": st.one_of(st.integers(-5, 500), anything),
        "reinforcements": st.one_of(
            st.lists(
                st.fixed_dictionaries(
                    {"after_deck": st.one_of(st.integers(-1, 22), anything), "cards": cards}
                ),
                max_size=2,
            ),
            anything,
        ),
        "radios": st.one_of(
            st.lists(st.fixed_dictionaries({"fire_strength": anything}), max_size=2), anything
        ),
        "snipers": st.one_of(st.integers(-1, 3), anything),
        "random_reinforcement_decks": st.one_of(
            st.lists(st.integers(-1, 22), max_size=3), anything
        ),
        "replay": st.sampled_from([None, "sl", "asl", "x"]),
    },
)


@settings(max_examples=400, deadline=None)
@given(force)
def test_fast_path_accepts_only_schema_valid_documents(document: dict[str, Any]) -> None:
    if _plainly_valid(document):
        assert SCHEMA.is_valid(document), list(SCHEMA.iter_errors(document))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.lists(st.integers(1, 30), min_size=1, max_size=5), min_size=1, max_size=4),
    st.sampled_from(["german", "russian"]),
)
def test_fast_path_accepts_ordinary_forces(groups: list[list[int]], nationality: str) -> None:
    document = {
        "nationality": nationality,
        "period": "1943b",
        "troop_type": "line",
        "groups": [
            {"label": "AB"[i % 2], "cards": [{"card": n} for n in g]} for i, g in enumerate(groups)
        ],
    }
    assert SCHEMA.is_valid(document)
    assert _plainly_valid(document)
