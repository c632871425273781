"""mountain.yaml + special_rules.yaml: the mountain article (seed 000) in the YAML, DB and seed."""

from __future__ import annotations

import re
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
SEED_FILE = "000_1a586b5640df8116.txt"

pytestmark = pytest.mark.django_db

# code: (rule, theatre, cower cards, entrenchment random number)
TOPOGRAPHY: dict[str, tuple[str, str | None, list[str], str | None]] = {
    "rocky": ("M9.1", None, ["woods"], None),
    "wooded": ("M9.2", "ETO", [], "0 (any colour)"),
    "jungle": ("M9.3", "PTO", [], "0 (any colour)"),
}

# code: (rule, fire, to hit, malfunction, repair, entrenchment, deck end check, cold war rules)
ENVIRONMENTS: dict[str, tuple[str, int, int, int, int, Any, Any, bool]] = {
    "dry": ("M10.1", 0, 0, 0, 0, None, None, False),
    "frozen": ("M10.2", 0, 0, -1, 1, {"rn": [5, 6], "rn_colour": "any"}, None, True),
    "mud": (
        "M10.3",
        0,
        0,
        0,
        0,
        {"rn_colour": "any", "by_topography": {"rocky": [2], "other": [1]}},
        None,
        False,
    ),
    "deep_snow": (
        "M10.4",
        0,
        0,
        0,
        0,
        {"rn_colour": "any", "by_topography": {"rocky": [1], "other": [0]}},
        {
            "when": "end_of_deck",
            "rn_colour": "red",
            "rn": 6,
            "effect": "avalanche",
            "result": "game_ends_at_once",
        },
        True,
    ),
    "light": ("M10.5", -1, -1, 0, 0, None, None, False),
    "heavy": ("M10.6", -2, -2, 0, 0, None, None, False),
}

# (English nation, Italian nation, game nationality or None, first period or None = all war)
MOUNTAIN_TROOPS: list[tuple[str, str, str | None, str | None]] = [
    ("Germany", "Germania", "german", None),
    ("Italy", "Italia", "italian", None),
    ("France (also Vichy)", "Francia (anche Vichy)", "french", None),
    ("Greece", "Grecia", None, None),
    ("Great Britain", "Gran Bretagna", "british", None),
    ("Japan", "Giappone", "japanese", None),
    ("Yugoslavia", "Jugoslavia", None, None),
    ("Norway", "Norvegia", None, None),
    ("Slovenia", "Slovenia", None, None),
    ("Romania", "Romania", None, None),
    ("China (Nationalist and Communist)", "Cina (Nazionalista e Comunista)", None, None),
    ("USA", "USA", "american", "1943b"),
    ("USSR", "URSS", "russian", "1943b"),
]

MINES = "minefields_cower"
SETUP = "setup_elevation_cards"
# letter: (excluded, topography required, SSR codes in order)
ADAPTATIONS: dict[str, tuple[bool, str | None, list[str]]] = {
    "A": (False, None, [MINES]),
    "B": (True, None, []),
    "C": (
        False,
        None,
        ["first_card_discarded_when_drawn", "pillbox_not_elevation", SETUP, "marsh_not_cower"],
    ),
    "D": (False, None, [MINES]),
    "E": (False, None, [MINES]),
    "F": (False, None, [MINES]),
    "G": (True, None, []),
    "H": (False, None, [MINES, SETUP]),
    "I": (False, None, ["partisans_mountain_movement"]),
    "J": (False, None, []),
    "K": (False, None, [MINES, "keep_elevation_between_segments", SETUP]),
    "L": (False, None, [MINES, SETUP]),
    "M": (False, "rocky", [MINES]),
    "N": (False, "jungle", [MINES]),
    "O": (False, None, ["pillbox_not_elevation", SETUP]),
    "P": (False, None, [MINES]),
    "Q": (False, None, [MINES]),
    "R": (True, None, []),
    "S": (False, None, [MINES, SETUP]),
    "T": (False, None, [MINES]),
    "U": (False, None, [MINES]),
    "V": (False, None, [MINES, SETUP, "side_starts_at_ground_level"]),
    "W": (False, None, [MINES, SETUP]),
    "X": (False, None, [MINES, "topography_removals_ignored"]),
}

# letter: parameters of its setup_elevation_cards rule (side, count, target, draw_if_none)
SETUP_PARAMS: dict[str, tuple[str, str, str, str]] = {
    "C": ("defender", "one", "own_group_b", "first_found"),
    "H": ("defender", "one", "any_group", "first_found"),
    "K": ("both", "any", "any_group", "alternately"),
    "L": ("defender", "one_or_more", "own_groups", "as_needed"),
    "O": ("defender", "one", "own_group_b", "first_found"),
    "S": ("defender", "one_or_more", "own_groups", "as_needed"),
    "V": ("attacker", "one_or_more", "own_groups", "as_needed"),
    "W": ("defender", "one_or_more", "own_groups", "as_needed"),
}

# code or letter: words that the cited seed lines must contain (case-insensitive)
TOPOGRAPHY_WORDS = {
    "rocky": ["9.1", "Bosco", "inutili"],
    "wooded": ["9.2", "RN = 0", "europeo"],
    "jungle": ["9.3", "[47]", "RN = 0", "Pacifico"],
}
ENVIRONMENT_WORDS = {
    "dry": ["10.1", "Dry"],
    "frozen": ["10.2", "Cold War", "RN 5 - 6", "inceppano", "di 1 inferiore", "di 1"],
    "mud": ["10.3", "RN = 2", "RN = 1", "ridotta di 1", "laterale", "RN nero"],
    "deep_snow": ["10.4", "Cold War", "inferiore di 1", "6 rosso", "valanga", "ogni mazzo"],
    "light": ["10.5", "-1"],
    "heavy": ["10.6", "-2"],
}
SSR_WORDS: dict[str, str | tuple[str, ...]] = {
    MINES: "Campo Minato sono inutili",
    "pillbox_not_elevation": "Casamatta non",
    SETUP: ("carta LE", "carte LE"),
    "marsh_not_cower": "Palude",
    "first_card_discarded_when_drawn": "Fiume",
    "partisans_mountain_movement": "Partigiani",
    "keep_elevation_between_segments": "seconda partita",
    "side_starts_at_ground_level": "LE zero",
    "topography_removals_ignored": "Topografia",
}


def _yaml(name: str = "mountain.yaml") -> dict[str, Any]:
    return yaml.safe_load((SEED_DATA / name).read_text(encoding="utf-8"))


def _by(key: str, field: str = "code") -> dict[str, dict[str, Any]]:
    return {rec[field]: rec for rec in _yaml()[key]}


def _cited_text(source: str) -> str:
    """The seed lines a `source` cites: 'file:17', 'file:25-27' or 'file:31,35-39'."""
    name, _, spans = source.partition(":")
    lines = seed_path(name).read_text(encoding="utf-8").splitlines()
    picked: list[str] = []
    for span in spans.split(","):
        low, _, high = span.strip().partition("-")
        picked.extend(lines[int(low) - 1 : int(high or low)])
    # Lines are wrapped anywhere ("Gran\nBretagna"): compare with single spaces.
    return " ".join(" ".join(picked).split())


# -- topography ---------------------------------------------------------------------------------
@pytest.mark.parametrize("code", list(TOPOGRAPHY))
def test_topography_in_yaml_and_database(code: str) -> None:
    rule, theatre, cower, entrenchment = TOPOGRAPHY[code]
    rec = _by("topography")[code]
    assert (rec["rule"], rec["theatre"], rec["cower_cards"], rec["entrenchment_rn"]) == (
        rule,
        theatre,
        cower,
        entrenchment,
    )
    row = m.Topography.objects.get(code=code)
    assert (row.rule, row.theatre, row.cower_cards, row.entrenchment_rn) == (
        rule,
        theatre or "",
        cower,
        entrenchment or "",
    )
    assert row.summary_en and row.summary_it and row.summary_en != row.summary_it


def test_topography_codes_in_order() -> None:
    assert list(_by("topography")) == list(TOPOGRAPHY)
    assert list(m.Topography.objects.values_list("code", flat=True)) == list(TOPOGRAPHY)


# -- environments -------------------------------------------------------------------------------
@pytest.mark.parametrize("code", list(ENVIRONMENTS))
def test_environment_modifiers_in_yaml_and_database(code: str) -> None:
    expected = ENVIRONMENTS[code]
    rec = _by("environments")[code]
    fields = (
        "rule",
        "fire_modifier",
        "to_hit_modifier",
        "malfunction_modifier",
        "repair_modifier",
        "entrenchment",
        "deck_end_check",
        "cold_war_rules",
    )
    assert tuple(rec[f] for f in fields) == expected
    row = m.EnvironmentalCondition.objects.get(code=code)
    assert tuple(getattr(row, f) for f in fields) == expected
    assert row.summary_en and row.summary_it


def test_mud_and_deep_snow_share_the_movement_rule() -> None:
    envs = _by("environments")
    assert envs["mud"]["movement_rule_en"] and envs["deep_snow"]["movement_rule_en"]
    assert "black" in envs["mud"]["movement_rule_en"] and "nero" in envs["mud"]["movement_rule_it"]
    assert not envs["dry"]["movement_rule_en"]
    # deep snow entrenchment is mud's lowered by one (M10.4)
    mud = envs["mud"]["entrenchment"]["by_topography"]
    deep = envs["deep_snow"]["entrenchment"]["by_topography"]
    assert {k: [n - 1 for n in v] for k, v in mud.items()} == deep


# -- mountain troops ----------------------------------------------------------------------------
def test_mountain_troop_nations_and_dates_in_yaml() -> None:
    got = [
        (r["nation_en"], r["nation_it"], r["nationality"], r["available_from_period"])
        for r in _yaml()["mountain_troops"]
    ]
    assert got == MOUNTAIN_TROOPS
    assert all(r["rule"] == "M12.1" for r in _yaml()["mountain_troops"])


def test_mountain_troop_nations_and_dates_in_database() -> None:
    rows = m.MountainTroopAvailability.objects.select_related("nationality", "available_from")
    got = [
        (
            r.nation_en,
            r.nation_it,
            r.nationality.code if r.nationality else None,
            r.available_from.code if r.available_from else None,
        )
        for r in rows
    ]
    assert got == MOUNTAIN_TROOPS
    # Every game nationality has mountain troops; only the USA and USSR wait for 1943b.
    in_game = {nat: period for _, _, nat, period in MOUNTAIN_TROOPS if nat}
    assert set(in_game) == set(m.Nationality.objects.values_list("code", flat=True))


def test_mountain_troop_rules() -> None:
    rules = {r["topic"]: r for r in _yaml()["mountain_troop_rules"]}
    assert rules["elite_only"]["params"] == {"troop_type": "elite"}
    assert rules["dyo_black_rn"]["params"] == {
        "draw": "rn",
        "mountain_troops_on": "black",
        "plain_elite_on": "red",
    }
    assert rules["elevation_change"]["params"] == {
        "movement_cards": 1,
        "rn_colour": "black",
        "not_in_environments": ["mud", "deep_snow"],
    }
    assert rules["partisans_scenario_i"]["rule"] == "M12.2"
    assert m.RuleSummary.objects.filter(group="mountain_troops").count() == len(rules)


def test_elevation_cards_give_levels_0_to_4() -> None:
    levels: dict[str, int] = {}
    for rec in _yaml()["elevation_rules"]:
        if "level" in rec["params"] and "cards" in rec["params"]:
            for card in rec["params"]["cards"]:
                levels[card] = rec["params"]["level"]
    assert levels == {"hill": 1, "marsh": 1, "buildings_2": 2, "buildings_3": 3, "pillbox": 4}
    db = m.RuleSummary.objects.get(group="mountain_elevation", rule="M6.8")
    assert (db.params["ccv_higher"], db.params["ccv_lower"]) == (1, -1)
    assert m.RuleSummary.objects.get(group="mountain_elevation", rule="M6.3").params == {
        "fire_strength": 1
    }
    assert m.RuleSummary.objects.get(
        group="mountain_scenarios", topic="excluded_scenarios"
    ).params == {"excluded": ["B", "G", "R"]}


# -- scenario adaptations -----------------------------------------------------------------------
def test_one_adaptation_for_every_scenario_a_to_x() -> None:
    letters = [rec["scenario"] for rec in _yaml()["scenario_adaptations"]]
    assert letters == [chr(c) for c in range(ord("A"), ord("Y"))] == list(ADAPTATIONS)


@pytest.mark.parametrize("letter", list(ADAPTATIONS))
def test_adaptation_in_yaml_and_database(letter: str) -> None:
    excluded, topography, codes = ADAPTATIONS[letter]
    rec = _by("scenario_adaptations", "scenario")[letter]
    assert rec["excluded"] is excluded
    assert rec["topography_required"] == topography
    assert [r["code"] for r in rec["special_rules"]] == codes
    assert rec["rule"] == "M11"
    if excluded:
        assert rec["exclusion_reason_en"] and rec["exclusion_reason_it"]
    else:
        assert rec["cards_removed_en"] and rec["cards_removed_it"]
    row = m.MountainAdaptation.objects.select_related("scenario", "topography_required").get(
        scenario__letter=letter
    )
    assert row.excluded is excluded
    assert (row.topography_required.code if row.topography_required else None) == topography
    assert [r["code"] for r in row.special_rules] == codes
    assert row.special_rules == rec["special_rules"]


@pytest.mark.parametrize("letter", list(SETUP_PARAMS))
def test_setup_elevation_card_parameters(letter: str) -> None:
    rules = _by("scenario_adaptations", "scenario")[letter]["special_rules"]
    (setup,) = [r for r in rules if r["code"] == SETUP]
    assert (setup["side"], setup["count"], setup["target"], setup["draw_if_none"]) == (
        SETUP_PARAMS[letter]
    )


def test_other_adaptation_parameters() -> None:
    by_letter = _by("scenario_adaptations", "scenario")
    v_rules = {r["code"]: r for r in by_letter["V"]["special_rules"]}
    assert v_rules["side_starts_at_ground_level"]["side"] == "defender"
    c_rules = {r["code"]: r for r in by_letter["C"]["special_rules"]}
    assert (
        c_rules["first_card_discarded_when_drawn"]["card_type"],
        c_rules["first_card_discarded_when_drawn"]["count"],
    ) == ("stream", 1)
    k_rules = {r["code"]: r for r in by_letter["K"]["special_rules"]}
    assert k_rules[SETUP]["when"] == "second_segment"


# -- special rule catalogue ---------------------------------------------------------------------
def test_every_ssr_used_is_catalogued_with_its_parameters() -> None:
    catalogue = {r["code"]: r for r in _yaml("special_rules.yaml")["special_rules"]}
    assert {"custom", "time_limit", "cards_removed", "cower_cards"} <= set(catalogue)
    assert catalogue["custom"]["parameters"] == {"text": "str"}
    for rec in _yaml()["scenario_adaptations"]:
        for item in rec["special_rules"]:
            assert item["code"] in catalogue, (rec["scenario"], item)
            extra = set(item) - {"code"} - set(catalogue[item["code"]]["parameters"])
            assert not extra, f"{rec['scenario']}: {item['code']} has undeclared {extra}"
    for code, rec in catalogue.items():
        assert rec["rule"] and rec["source"] and rec["category"], code
        assert rec["text_en"] and rec["text_it"] and rec["text_en"] != rec["text_it"], code
    db = {r.code: r for r in m.SpecialRule.objects.all()}
    assert set(db) == set(catalogue)
    assert db[MINES].rule == "M11" and db["partisans_mountain_movement"].rule == "M12.2"
    assert db["time_limit"].parameters == {"decks": "int"}


# -- the seed says it ---------------------------------------------------------------------------
@pytest.mark.sources
@pytest.mark.parametrize("code", list(TOPOGRAPHY_WORDS))
def test_topography_source_lines(code: str) -> None:
    text = _cited_text(_by("topography")[code]["source"]).lower()
    for word in TOPOGRAPHY_WORDS[code]:
        assert word.lower() in text, (code, word)


@pytest.mark.sources
@pytest.mark.parametrize("code", list(ENVIRONMENT_WORDS))
def test_environment_source_lines(code: str) -> None:
    text = _cited_text(_by("environments")[code]["source"]).lower()
    for word in ENVIRONMENT_WORDS[code]:
        assert word.lower() in text, (code, word)


@pytest.mark.sources
@pytest.mark.parametrize("index", range(len(MOUNTAIN_TROOPS)))
def test_mountain_troop_source_lines(index: str) -> None:
    rec = _yaml()["mountain_troops"][index]
    text = _cited_text(rec["source"])
    assert rec["source"].startswith(f"{SEED_FILE}:")
    assert rec["nation_it"] in text
    if rec["available_from_period"] == "1943b":
        assert "dalla seconda metà del 1943: USA ed URSS" in text
    else:
        assert "per tutta la guerra" in text


@pytest.mark.sources
@pytest.mark.parametrize("letter", list(ADAPTATIONS))
def test_adaptation_source_lines(letter: str) -> None:
    rec = _by("scenario_adaptations", "scenario")[letter]
    text = _cited_text(rec["source"])
    if rec["excluded"]:
        assert letter in text and ("Città" in text or "paracadute" in text)
        return
    assert f"{letter}) Nessuna carta rimossa" in text or f"{letter}) La prima carta" in text
    for item in rec["special_rules"]:
        words = SSR_WORDS[item["code"]]
        alternatives = (words,) if isinstance(words, str) else words
        assert any(word in text for word in alternatives), (letter, item["code"])
    if rec["topography_required"] == "rocky":
        assert "Topografia Rocciosa" in text
    if rec["topography_required"] == "jungle":
        assert "Topografia Jungla" in text
    if not rec["special_rules"]:
        assert "RSS = nessuna" in text


def _cited_numbers(source: str) -> list[int]:
    numbers: list[int] = []
    for span in source.partition(":")[2].split(","):
        low, _, high = span.strip().partition("-")
        numbers.extend(range(int(low), int(high or low) + 1))
    return numbers


def _section_spans() -> dict[str, range]:
    """Article section -> its line numbers, from the section headings ("6.2  Modificatori")."""
    heading = re.compile(r"^(?:<\|[^|]*\|>)?(\d+(?:\.\d+)?)\.?\s+\S")
    lines = seed_path(SEED_FILE).read_text(encoding="utf-8").splitlines()
    starts = [
        (match.group(1), number)
        for number, line in enumerate(lines, start=1)
        if (match := heading.match(line))
    ]
    spans: dict[str, range] = {}
    for index, (section, first) in enumerate(starts):
        if "." in section:
            following = starts[index + 1][1] if index + 1 < len(starts) else len(lines) + 1
        else:  # a top-level section runs to the next top-level heading
            following = next((n for s, n in starts[index + 1 :] if "." not in s), len(lines) + 1)
        spans[section] = range(first, following)
    return spans


@pytest.mark.sources
def test_every_record_cites_lines_of_its_own_section() -> None:
    spans = _section_spans()
    assert spans["10.4"] == range(242, 249) and spans["12"] == range(347, 380)
    data = _yaml()
    for key in (
        "topography",
        "environments",
        "mountain_troops",
        "mountain_troop_rules",
        "elevation_rules",
        "general",
        "scenario_adaptations",
    ):
        for rec in data[key]:
            label = (key, rec.get("code") or rec.get("topic") or rec.get("nation_en"))
            assert rec["source"].startswith(f"{SEED_FILE}:"), label
            section = rec["rule"].removeprefix("M")
            cited = _cited_numbers(rec["source"])
            assert any(n in spans[section] for n in cited), label
            if key != "scenario_adaptations":  # scenario I also cites its partisan rule M12.2
                top = spans[section.split(".")[0]]
                assert all(n in top for n in cited), label


# -- the loader refuses bad data ----------------------------------------------------------------
def test_loader_rejects_an_unknown_ssr(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(settings.REFERENCE_DATA_DIR, data)
    mountain = data / "seed" / "mountain.yaml"
    text = mountain.read_text(encoding="utf-8")
    assert "special_rules: [{code: minefields_cower}]" in text
    mountain.write_text(
        text.replace(
            "special_rules: [{code: minefields_cower}]", "special_rules: [{code: rockfall}]", 1
        )
    )
    before = m.MountainAdaptation.objects.count()
    with pytest.raises(ReferenceDataError) as error:
        reference_data_load(data_dir=data, force=True)
    message = str(error.value)
    assert "mountain.yaml" in message and "scenario A" in message and "rockfall" in message
    assert m.MountainAdaptation.objects.count() == before == 24
