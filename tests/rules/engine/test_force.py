"""upfront.rules.force: the Force document, parsed with JSON paths, serialised, fast path."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from upfront.rules.force import (
    FORCE_SCHEMA,
    CardPurchase,
    ForceFormatError,
    Group,
    Reinforcement,
    _plainly_valid,
    force_from_dict,
    force_to_dict,
    nul_faults,
)


def minimal(**fields: Any) -> dict[str, Any]:
    document: dict[str, Any] = {
        "nationality": "german",
        "period": "1943b",
        "troop_type": "line",
        "groups": [{"cards": [{"card": 1}, {"card": 2}]}, {"cards": [{"card": 3}]}],
    }
    document.update(fields)
    return document


def fault_paths(document: object) -> list[str]:
    with pytest.raises(ForceFormatError) as raised:
        force_from_dict(document)
    return [error.path for error in raised.value.errors]


# -- parsing ----------------------------------------------------------------------------------
def test_minimal_document_gets_the_defaults() -> None:
    force = force_from_dict(minimal())
    assert (force.nationality, force.period, force.troop_type) == ("german", "1943b", "line")
    assert force.theatre == "ETO"
    assert (force.partisans, force.marines, force.mountain) == (False, False, False)
    assert force.budget is None
    assert force.groups == (
        Group("A", (CardPurchase(1), CardPurchase(2))),
        Group("B", (CardPurchase(3),)),
    )  # unlabelled groups are lettered in order
    assert (force.reinforcements, force.radios, force.snipers) == ((), (), 0)
    assert (force.random_reinforcement_decks, force.replay) == ((), None)


def test_every_field_is_read() -> None:
    force = force_from_dict(
        minimal(
            theatre="PTO",
            troop_type="elite",
            partisans=True,
            marines=True,
            mountain=True,
            budget=250,
            groups=[{"label": "Assault", "cards": [{"card": 4, "secondary": ["atmm", "at_mine"]}]}],
            reinforcements=[{"after_deck": 2, "cards": [{"card": 9}]}],
            radios=[{"fire_strength": 6}, {"fire_strength": 5}],
            snipers=2,
            random_reinforcement_decks=[3, 1],
            replay="asl",
        )
    )
    assert (force.theatre, force.troop_type, force.budget) == ("PTO", "elite", 250)
    assert (force.partisans, force.marines, force.mountain) == (True, True, True)
    assert force.groups == (Group("Assault", (CardPurchase(4, ("atmm", "at_mine")),)),)
    assert force.reinforcements == (Reinforcement(2, (CardPurchase(9),)),)
    assert (force.radios, force.snipers) == ((6, 5), 2)
    assert (force.random_reinforcement_decks, force.replay) == ((3, 1), "asl")


def test_purchases_carry_their_json_paths() -> None:
    force = force_from_dict(
        minimal(reinforcements=[{"after_deck": 1, "cards": [{"card": 7}, {"card": 8}]}])
    )
    assert [(path, p.card) for path, p in force.purchases] == [
        ("groups[0].cards[0]", 1),
        ("groups[0].cards[1]", 2),
        ("groups[1].cards[0]", 3),
        ("reinforcements[0].cards[0]", 7),
        ("reinforcements[0].cards[1]", 8),
    ]
    assert [p.card for p in force.setup_cards()] == [1, 2, 3]
    assert [p.card for p in force.reinforcement_cards()] == [7, 8]


# -- faults with their JSON paths -------------------------------------------------------------
def test_not_an_object() -> None:
    assert fault_paths(["german"]) == ["$"]


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"nationality": "martian"}, "nationality"),
        ({"period": "1946a"}, "period"),
        ({"theatre": "MTO"}, "theatre"),
        ({"troop_type": "green"}, "troop_type"),
        ({"partisans": "yes"}, "partisans"),
        ({"budget": -1}, "budget"),
        ({"budget": 1.5}, "budget"),
        ({"groups": [{"cards": [{"card": 0}]}]}, "groups[0].cards[0].card"),
        ({"groups": [{"cards": [{"card": True}]}]}, "groups[0].cards[0].card"),
        (
            {"groups": [{"cards": [{"card": 1, "secondary": ["x"]}]}]},
            "groups[0].cards[0].secondary[0]",
        ),
        ({"groups": [{"label": "L" * 21, "cards": []}]}, "groups[0].label"),
        ({"groups": [{"label": "A"}]}, "groups[0]"),
        ({"reinforcements": [{"after_deck": 21, "cards": []}]}, "reinforcements[0].after_deck"),
        ({"reinforcements": [{"cards": []}]}, "reinforcements[0]"),
        ({"radios": [{"fire_strength": 4}]}, "radios[0].fire_strength"),
        ({"snipers": 3}, "snipers"),
        ({"random_reinforcement_decks": [1, 1]}, "random_reinforcement_decks"),
        ({"random_reinforcement_decks": [0]}, "random_reinforcement_decks[0]"),
        ({"replay": "both"}, "replay"),
        ({"mountain_troops": "black"}, "mountain_troops"),
    ],
)
def test_a_fault_names_its_path(change: dict[str, Any], path: str) -> None:
    assert fault_paths(minimal(**change)) == [path]


def test_a_missing_field_is_reported_at_the_root() -> None:
    document = minimal()
    del document["groups"]
    assert fault_paths(document) == ["$"]


def test_every_fault_is_listed() -> None:
    document = minimal(nationality="martian", snipers=7)
    document["groups"][0]["cards"][1]["card"] = "two"
    assert sorted(fault_paths(document)) == ["groups[0].cards[1].card", "nationality", "snipers"]


# -- serialising ------------------------------------------------------------------------------
def test_to_dict_round_trips() -> None:
    document = minimal(
        groups=[{"label": "A", "cards": [{"card": 4, "secondary": ["panzerfaust"]}]}],
        reinforcements=[{"after_deck": 2, "cards": [{"card": 9}]}],
        radios=[{"fire_strength": 7}],
        replay="sl",
    )
    force = force_from_dict(document)
    written = force_to_dict(force)
    assert written["groups"] == [
        {"label": "A", "cards": [{"card": 4, "secondary": ["panzerfaust"]}]}
    ]
    assert written["replay"] == "sl"
    assert force_from_dict(written) == force
    assert "replay" not in force_to_dict(force_from_dict(minimal()))


# -- the structural fast path never accepts what the JSON Schema rejects ----------------------
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


def test_mountain_troops_is_absent_until_drawn_and_kept_after() -> None:
    # M12.1 (seed 000_1a586b5640df8116.txt:361-363): the black-RN draw's outcome is optional.
    undrawn = force_from_dict(minimal(troop_type="elite", mountain=True))
    assert undrawn.mountain_troops is None
    assert "mountain_troops" not in force_to_dict(undrawn)
    for outcome in (True, False):
        drawn = force_from_dict(minimal(troop_type="elite", mountain=True, mountain_troops=outcome))
        assert drawn.mountain_troops is outcome
        assert force_to_dict(drawn)["mountain_troops"] is outcome
        assert force_from_dict(force_to_dict(drawn)) == drawn


def _walked_nuls(data: Any, path: str = "") -> list[str]:
    # The definition, without any quick look: every text (key or value) holding a NUL.
    if isinstance(data, str):
        return [path or "$"] if "\x00" in data else []
    if isinstance(data, dict):
        found = []
        for key, item in data.items():
            if isinstance(key, str) and "\x00" in key:
                found.append(path or "$")
            else:
                found += _walked_nuls(item, f"{path}.{key}" if path else str(key))
        return found
    if isinstance(data, list):
        return [p for i, item in enumerate(data) for p in _walked_nuls(item, f"{path}[{i}]")]
    return []


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(data=_json_values)
def test_the_quick_nul_look_misses_no_nul(data: Any) -> None:
    # orjson's look, json.dumps's where orjson refuses (ints beyond 64 bits, lone surrogates).
    assert sorted(fault.path for fault in nul_faults(data)) == sorted(_walked_nuls(data))


@pytest.mark.parametrize(
    "data",
    [{"a\x00": 1}, ["\x00"], {"big": 2**70, "t": "x\x00"}, {"s": "\ud800\x00"}, "\\u0000"],
)
def test_the_quick_nul_look_on_what_orjson_refuses(data: Any) -> None:
    assert sorted(fault.path for fault in nul_faults(data)) == sorted(_walked_nuls(data))
