"""weather.yaml: fan weather rules 99.1–99.93 (seed 002) in the YAML, the DB and the seed."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.conf import settings

from tests.sources import seed_path
from upfront.reference import models as m
from upfront.reference.loading import ReferenceDataError, reference_data_load

SEED_DATA = Path(settings.REFERENCE_DATA_DIR) / "seed"
SEED_FILE = "002_a35b64a32b19335e.txt"

pytestmark = pytest.mark.django_db

SNOW = {"falling_snow", "ground_snow", "deep_snow", "extreme_winter"}
OTHERS_THAN_CLEAR = {
    "fog",
    "mist",
    "gusty",
    "overcast",
    "rain",
    "mud",
    "falling_snow",
    "ground_snow",
    "deep_snow",
    "drifts",
    "extreme_winter",
}

# code: (rule, kind, requires, requires_any, implies, excludes, enables, only_by_ssr)
EXPECTED: dict[str, tuple[str, str, set[str], set[str], set[str], set[str], set[str], bool]] = {
    "clear": ("99.1", "condition", set(), set(), set(), OTHERS_THAN_CLEAR, set(), False),
    "fog": ("99.2", "condition", set(), set(), set(), {"clear"}, set(), False),
    "mist": ("99.3", "condition", set(), set(), set(), {"clear"}, set(), False),
    "gusty": ("99.4", "condition", set(), set(), set(), {"clear"}, set(), False),
    "overcast": (
        "99.5",
        "condition",
        set(),
        set(),
        set(),
        {"clear"},
        {"rain", "falling_snow"},
        False,
    ),
    "rain": (
        "99.6",
        "condition",
        set(),
        set(),
        {"overcast"},  # 99.6: rain stops "but it remains Overcast": the sky comes with it
        {"clear", "falling_snow", "ground_snow", "deep_snow", "extreme_winter"},
        set(),
        False,
    ),
    "mud": ("99.7", "condition", set(), set(), set(), {"clear"}, set(), False),
    "falling_snow": (
        "99.81",
        "condition",
        set(),
        set(),
        {"overcast"},  # "Treat as Rain (99.6)"
        {"clear", "rain"},
        {"winter_camouflage", "ski_troops"},
        False,
    ),
    "ground_snow": (
        "99.82",
        "condition",
        set(),
        set(),
        set(),
        {"clear", "rain", "deep_snow"},
        {"falling_snow", "drifts", "winter_camouflage", "ski_troops"},
        False,
    ),
    "deep_snow": (
        "99.83",
        "condition",
        set(),
        set(),
        set(),
        {"clear", "rain", "ground_snow"},
        {"falling_snow", "drifts", "winter_camouflage", "ski_troops"},
        False,
    ),
    "drifts": (
        "99.84",
        "condition",
        set(),
        {"ground_snow", "deep_snow", "extreme_winter"},
        set(),
        {"clear"},
        set(),
        False,
    ),
    "extreme_winter": (
        "99.85",
        "condition",
        set(),
        set(),
        set(),
        {"clear", "rain"},
        {"falling_snow", "drifts", "winter_camouflage", "ski_troops"},
        False,
    ),
    "winter_camouflage": ("99.86", "troop_capability", set(), SNOW, set(), set(), set(), True),
    "ski_troops": (
        "99.9",
        "troop_capability",
        set(),
        SNOW,
        {"winter_camouflage"},
        set(),
        set(),
        True,
    ),
}

# code: words that the cited seed lines must contain (case-insensitive)
SOURCE_WORDS: dict[str, list[str]] = {
    "clear": ["99.1", "CLEAR", "normal conditions"],
    "fog": ["99.2", "FOG", "Smoke", "Red 6"],
    "mist": ["99.3", "MIST", "−2 at RR0", "−1 at RR1"],
    "gusty": ["99.4", "GUSTY", "Radio", "Breezes"],
    "overcast": ["99.5", "OVERCAST", "Red 4–6", "Falling Snow"],
    "rain": ["99.6", "RAIN", "Red 4-6", "Black 5 or 6", "Overcast"],
    "mud": ["99.7", "MUD", "Black or Red 1", "RNC 3–6", "−1 FS"],
    "falling_snow": ["99.81", "FALLING SNOW", "Treat as Rain", "Frigid"],
    "ground_snow": ["99.82", "99.821", "Black or Red 2", "RNC 3–6", "observation attempts"],
    "deep_snow": ["99.83", "DEEP SNOW", "Black or Red 2", "RNC 3–6", "−1 FS"],
    "drifts": ["99.84", "99.841", "99.842", "two-column shift", "Ground Snow and Deep Snow"],
    "extreme_winter": ["99.85", "4/41", "4/42", "Red 5 or 6", "No entrenchment"],
    "winter_camouflage": ["99.86", "WINTER CAMOUFLAGE", "−1", "RR0 or RR1"],
    "ski_troops": ["99.9", "only by SSR", "99.91", "reduced by 2", "99.93"],
}


def _yaml() -> dict[str, dict[str, Any]]:
    data = yaml.safe_load((SEED_DATA / "weather.yaml").read_text(encoding="utf-8"))
    return {rec["code"]: rec for rec in data["conditions"]}


def _effects(rec: dict[str, Any], what: str) -> list[dict[str, Any]]:
    return [e for e in rec["effects"] if e["what"] == what]


def _cited_text(source: str) -> str:
    """The seed lines a `source` cites: 'file:17', 'file:25-27' or 'file:31,35-39'."""
    name, _, spans = source.partition(":")
    lines = seed_path(name).read_text(encoding="utf-8").splitlines()
    picked: list[str] = []
    for span in spans.split(","):
        low, _, high = span.strip().partition("-")
        picked.extend(lines[int(low) - 1 : int(high or low)])
    return "\n".join(picked)


def test_every_condition_of_the_seed_is_transcribed_once_in_order() -> None:
    assert list(_yaml()) == list(EXPECTED)


@pytest.mark.parametrize("code", list(EXPECTED))
def test_relationships_in_the_yaml(code: str) -> None:
    rule, kind, requires, requires_any, implies, excludes, enables, only_by_ssr = EXPECTED[code]
    rec = _yaml()[code]
    assert rec["rule"] == rule
    assert rec["kind"] == kind
    assert set(rec["requires"]) == requires
    assert set(rec["requires_any"]) == requires_any
    assert set(rec["implies"]) == implies
    assert set(rec["excludes"]) == excludes
    assert set(rec["enables"]) == enables
    assert rec["only_by_ssr"] is only_by_ssr
    assert rec["source"].startswith(f"{SEED_FILE}:")
    assert rec["name_en"] and rec["name_it"] and rec["summary_en"] and rec["summary_it"]


@pytest.mark.parametrize("code", list(EXPECTED))
def test_relationships_in_the_database(code: str) -> None:
    rule, kind, requires, requires_any, implies, excludes, enables, only_by_ssr = EXPECTED[code]
    row = m.WeatherCondition.objects.get(code=code)
    assert row.rule == rule
    assert row.kind == kind
    assert {c.code for c in row.requires.all()} == requires
    assert {c.code for c in row.requires_any.all()} == requires_any
    assert {c.code for c in row.implies.all()} == implies
    assert {c.code for c in row.excludes.all()} == excludes
    assert set(row.enables) == enables
    assert row.only_by_ssr is only_by_ssr
    assert row.effects == _yaml()[code]["effects"]


def test_exclusions_are_mutual_and_enabled_troops_match_their_requirements() -> None:
    data = _yaml()
    for code, rec in data.items():
        for other in rec["excludes"]:
            assert code in data[other]["excludes"], f"{code} excludes {other} but not back"
        for enabled in rec["enables"]:
            target = data[enabled]
            admits = set(target["requires"]) | set(target["requires_any"]) | set(target["implies"])
            # Falling snow needs only an overcast sky; ground snow & co. decide that the
            # overcast check brings snow rather than rain (99.5).
            if enabled == "falling_snow" and code != "overcast":
                admits = {"ground_snow", "deep_snow", "extreme_winter"}
            assert code in admits, f"{code} enables {enabled} which does not admit it"
    # Everything that may carry skis or winter camouflage is a snow form and enables them.
    for troop in ("winter_camouflage", "ski_troops"):
        enablers = {c for c, rec in data.items() if troop in rec["enables"]}
        assert enablers == set(data[troop]["requires_any"]) == SNOW


def test_deck_checks() -> None:
    data = _yaml()
    overcast = data["overcast"]["check"]
    assert (overcast["when"], overcast["rn_colour"], overcast["rn"]) == (
        "start_of_deck",
        "red",
        [4, 5, 6],
    )
    assert overcast["effect"] == "starts_rain"
    assert set(overcast["effect_if_any_of"]["conditions"]) == {
        "ground_snow",
        "deep_snow",
        "extreme_winter",
    }
    assert overcast["effect_if_any_of"]["effect"] == "starts_falling_snow"
    for code in ("rain", "falling_snow"):
        check = data[code]["check"]
        assert check["when"] == "start_of_deck"
        assert check["outcomes"] == [
            {"rn_colour": "red", "rn": [4, 5, 6], "effect": "intensifies", "penalty": -1},
            {"rn_colour": "black", "rn": [5, 6], "effect": "stops_remains_overcast"},
        ]
    checked = {code for code, rec in data.items() if rec["check"]}
    assert checked == {"overcast", "rain", "falling_snow"}
    db = m.WeatherCondition.objects.get(code="overcast")
    assert db.deck_check == overcast


@pytest.mark.parametrize(
    ("code", "what", "expected"),
    [
        ("mist", "fire_strength", [(-2, [0]), (-1, [1])]),
        ("mist", "observation", [(-2, [0]), (-1, [1])]),
        ("mud", "entrenchment_rn", [([1], None)]),
        ("mud", "bog_check", [(-1, None)]),
        ("mud", "fire_strength", [(-1, None)]),
        ("mud", "movement_rn_to_exit", [([3, 4, 5, 6], None)]),
        ("ground_snow", "entrenchment_rn", [([2], None)]),
        ("ground_snow", "observation", [(1, None)]),
        ("ground_snow", "bog_check", [(-1, None)]),
        ("ground_snow", "movement_rn", [([3, 4, 5, 6], None)]),
        ("deep_snow", "entrenchment_rn", [([2], None)]),
        ("deep_snow", "observation", [(1, None)]),
        ("deep_snow", "fire_strength", [(-1, None)]),
        ("deep_snow", "movement_rn", [([3, 4, 5, 6], None)]),
        ("drifts", "fire_strength", [(-1, None)]),
        ("drifts", "bog_check", [(-2, None)]),
        ("extreme_winter", "breakdown_range", [(1, None), (1, None)]),
        ("winter_camouflage", "incoming_fire_strength", [(-1, [0, 1])]),
        ("winter_camouflage", "incoming_fire_strength_or_to_hit", [(-1, [0])]),
        ("ski_troops", "ccv", [(-2, None)]),
        ("rain", "fire_strength_or_to_hit", [(-1, "all")]),
    ],
)
def test_effect_numbers(code: str, what: str, expected: list[tuple[Any, Any]]) -> None:
    effects = _effects(_yaml()[code], what)
    assert [(e["value"], e.get("at_rr")) for e in effects] == expected


def test_effect_details_that_matter_for_setups() -> None:
    data = _yaml()
    (mud_fire,) = _effects(data["mud"], "fire_strength")
    assert (mud_fire["applies_to"], mud_fire["terrain"]) == ("unboxed_ordnance", "open_ground")
    (deep_fire,) = _effects(data["deep_snow"], "fire_strength")
    assert set(deep_fire["applies_to"]) == {"minefield", "unboxed_ordnance"}
    (immobilized,) = _effects(data["extreme_winter"], "afv_immobilized_check")
    assert (immobilized["rn_colour"], immobilized["rn"], immobilized["before"]) == (
        "red",
        [5, 6],
        "1942-04",
    )
    before = {
        e["applies_to"]: e["before"] for e in _effects(data["extreme_winter"], "breakdown_range")
    }
    assert before == {"russian": "1941-04", "axis_not_finnish": "1942-04"}
    assert _effects(data["extreme_winter"], "entrenchment")[0]["value"] == "not_allowed"
    (ski_fire,) = _effects(data["ski_troops"], "can_fire")
    assert (ski_fire["value"], set(ski_fire["weapons"])) == (False, {"ordnance", "mmg"})
    assert _effects(data["rain"], "as_condition")[0]["value"] == "mist"
    assert _effects(data["falling_snow"], "as_condition")[0]["value"] == "rain"
    assert _effects(data["drifts"], "marsh")[0]["value"] == "drifts"


@pytest.mark.sources
@pytest.mark.parametrize("code", list(SOURCE_WORDS))
def test_cited_seed_lines_say_it(code: str) -> None:
    text = _cited_text(_yaml()[code]["source"]).lower()
    for word in SOURCE_WORDS[code]:
        assert word.lower() in text, f"{code}: {word!r} not in the cited lines"
    # Every effect's sub-rule number appears in the cited lines too.
    for effect in _yaml()[code]["effects"]:
        assert effect["rule"] in text, (code, effect)


def test_loader_rejects_an_unknown_relation_code(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(settings.REFERENCE_DATA_DIR, data)
    weather = data / "seed" / "weather.yaml"
    text = weather.read_text(encoding="utf-8")
    assert "implies: [overcast]" in text
    weather.write_text(text.replace("implies: [overcast]", "implies: [monsoon]", 1))
    before = m.WeatherCondition.objects.count()
    with pytest.raises(ReferenceDataError) as error:
        reference_data_load(data_dir=data, force=True)
    message = str(error.value)
    assert "weather.yaml" in message and "rain.implies" in message and "monsoon" in message
    assert m.WeatherCondition.objects.count() == before
