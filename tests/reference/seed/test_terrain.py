"""Seed 003 ("Terreni alternativi"), rules 47/52 and the mountain Elevation Cards in terrain.yaml.

Every expected value below was read by hand from the seeds; the tests check the YAML, the loaded
database and the API against them, and (when the seeds are present) that each cited source line
really prints the card name or number.
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.reference.seed._yaml import load_seed, parse_source, seed_lines
from upfront.reference import models as m

pytestmark = pytest.mark.django_db

DECKS = ["standard", "desert", "jungle", "city", "rural", "mountain", "mountain_elevation"]

# (deck, replacement_code, replaces, card_number, count, tem, table_tem, elevation_level, needles)
# needles: text that the cited seed lines must contain (card name / number as printed).
SUBSTITUTIONS: list[
    tuple[
        str,
        str,
        str | None,
        int | None,
        int | None,
        str | None,
        str | None,
        int | None,
        tuple[str, ...],
    ]
] = [
    # T1 desert (seed 003) + 52.14 (seed 004)
    ("desert", "escarpment", None, None, None, "-2/-3", None, None, ("Escarpment",)),
    ("desert", "wadi", "stream", None, None, None, None, None, ("Wadi",)),
    ("desert", "dune", "hill", None, None, "-1", None, None, ("Dune",)),
    ("desert", "soft_sands", "marsh", None, None, "0", None, None, ("Soft Sands",)),
    ("desert", "oasis", "woods", None, None, "-2", None, None, ("Oasis",)),
    ("desert", "sangar", "pillbox", None, None, None, None, None, ("Sangar", "Casamatta")),
    ("desert", "rocks", "buildings_2", None, None, "-2", None, None, ("Rocce", "Edifici -2")),
    (
        "desert",
        "useless_buildings_3",
        "buildings_3",
        None,
        None,
        None,
        None,
        None,
        ("Edifici -3", "inutili"),
    ),
    # T2 jungle (seed 003) + 47.2 (seed 001)
    ("jungle", "jungle", "buildings_2", None, None, "-2", None, None, ("Jungla", "Bosco")),
    ("jungle", "thick_jungle", "buildings_3", None, None, "-3", None, None, ("-3", "folta")),
    ("jungle", "bamboo", None, None, None, "-1", None, None, ("Bamboo", "TEM –1")),
    ("jungle", "kunai", None, None, None, None, None, None, ("Kunai",)),
    ("jungle", "panjis", None, None, None, "-3", None, None, ("Panjis", "TEM –3")),
    ("jungle", "rice_paddies", None, None, None, "-1", None, None, ("Rice Pads",)),
    # T3 city
    ("city", "alleyways", None, None, None, "-2", None, None, ("Alleyways", "TEM –2")),
    ("city", "trenches", None, None, None, None, None, None, ("Trenches", "Fossati")),
    ("city", "hedges", None, None, None, "-1", None, None, ("Hedges", "TEM –1")),
    ("city", "waterway", None, None, None, "0", None, None, ("Waterway", "TEM zero")),
    ("city", "rubble", None, None, None, None, None, None, ("Rubble",)),
    ("city", "rooftops", None, None, None, None, None, None, ("Rooftops",)),
    # T4 rural: card-number substitutions; table_tem is the summary table at 003:239-266
    ("rural", "hedges", None, None, None, "-1", "0/-1*", None, ("Hedges", "TEM –1")),
    (
        "rural",
        "wheatfield",
        "buildings_2",
        58,
        1,
        None,
        "-2*",
        None,
        ("Wheatfield", "Edificio –2 n° 58"),
    ),
    (
        "rural",
        "orchard",
        "buildings_3",
        95,
        1,
        "-1",
        "-1*",
        None,
        ("Orchard", "Edificio –3 n° 95", "TEM che è – 1"),
    ),
    (
        "rural",
        "graveyard",
        "buildings_3",
        71,
        1,
        "-2",
        "-2",
        None,
        ("Graveyard", "Edificio –3 n° 71", "TEM – 2"),
    ),
    (
        "rural",
        "crag",
        "buildings_3",
        143,
        1,
        "-2",
        "-1",
        None,
        ("Crag", "Edificio –3 n° 143", "TEM – 2"),
    ),
    ("rural", "burning", "minefield", 141, 1, None, "NA", None, ("Burning", "Campo Minato n° 141")),
    # T5 simplified mountain: three Buildings -3 and two Buildings -2 become Hills
    ("mountain", "hill", "buildings_3", None, 3, None, None, None, ("tre Edifici –3", "Collina")),
    ("mountain", "hill", "buildings_2", None, 2, None, None, None, ("due –2", "Collina")),
    # M3 Elevation Cards (seed 000)
    ("mountain_elevation", "elevation_1", "hill", None, None, None, None, 1, ("LE 1",)),
    ("mountain_elevation", "elevation_1", "marsh", None, None, None, None, 1, ("LE 1", "Paludi")),
    (
        "mountain_elevation",
        "elevation_2",
        "buildings_2",
        None,
        None,
        None,
        None,
        2,
        ("Edifici", "LE 2"),
    ),
    (
        "mountain_elevation",
        "elevation_3",
        "buildings_3",
        None,
        None,
        None,
        None,
        3,
        ("Edifici", "LE 3"),
    ),
    (
        "mountain_elevation",
        "elevation_4",
        "pillbox",
        None,
        None,
        None,
        None,
        4,
        ("Casa", "LE 4", "non"),
    ),
    (
        "mountain_elevation",
        "crevasse",
        "stream",
        None,
        None,
        None,
        None,
        None,
        ("Fiume", "inattraversabile", "crepaccio"),
    ),
]

FT = "flamethrower"
DOA = "demolition_ordnance_artillery"
BAZ = "bazooka_psk_pzf_mortar"
B2 = ["buildings_2"]
WOODS = ["woods", "hedges"]
BRUSH = ["brush", "wheatfield", "orchard"]
JUNGLE = ["jungle", "oasis"]
# (weapon_group, terrain_group, result, needles in the cited row)
IGNITION: list[tuple[str, list[str], str, tuple[str, ...]]] = [
    (FT, B2, "RN 0", ("Lanciafiamme RN 0 RN 0 RN 1 nero RN 2 nero",)),
    (FT, WOODS, "RN 0", ("Lanciafiamme RN 0 RN 0",)),
    (FT, BRUSH, "RN 1 black", ("RN 1 nero",)),
    (FT, JUNGLE, "RN 2 black", ("RN 2 nero",)),
    (DOA, B2, "RN 1 black", ("Demolizione/Ordinanza/Artiglieria", "RN 1 nero no no no")),
    (DOA, WOODS, "no", ("no no no",)),
    (DOA, BRUSH, "no", ("no no no",)),
    (DOA, JUNGLE, "no", ("no no no",)),
    (BAZ, B2, "RN 2 black", ("Baz/PzSk/PzF/ Mortaio 2 nero no no no",)),
    (BAZ, WOODS, "no", ("no no no",)),
    (BAZ, BRUSH, "no", ("no no no",)),
    (BAZ, JUNGLE, "no", ("no no no",)),
]


def _data() -> dict[str, Any]:
    return load_seed("terrain.yaml")


def _yaml_subs() -> list[tuple[str, dict[str, Any]]]:
    return [(deck["code"], sub) for deck in _data()["decks"] for sub in deck["substitutions"]]


def _find_yaml_sub(deck: str, code: str, replaces: str | None) -> dict[str, Any]:
    found = [
        s
        for d, s in _yaml_subs()
        if d == deck and s["replacement_code"] == code and s["replaces"] == replaces
    ]
    assert len(found) == 1, (deck, code, replaces, found)
    return found[0]


def _text(value: object) -> str:
    return "" if value is None else str(value)


def test_decks_in_order() -> None:
    assert [d["code"] for d in _data()["decks"]] == DECKS
    assert list(m.TerrainDeck.objects.order_by("order").values_list("code", flat=True)) == DECKS


def test_standard_deck_has_no_substitutions() -> None:
    standard = next(d for d in _data()["decks"] if d["code"] == "standard")
    assert standard["substitutions"] == []
    assert not m.TerrainSubstitution.objects.filter(deck__code="standard").exists()


def test_every_substitution_is_expected_and_nothing_else() -> None:
    expected = {(d, c, r) for d, c, r, *_ in SUBSTITUTIONS}
    in_yaml = {(d, s["replacement_code"], s["replaces"]) for d, s in _yaml_subs()}
    assert in_yaml == expected
    assert len(_yaml_subs()) == len(SUBSTITUTIONS)
    in_db = set(
        m.TerrainSubstitution.objects.values_list(
            "deck__code", "replacement_code", "replaces__code"
        )
    )
    assert in_db == expected


@pytest.mark.parametrize(
    ("deck", "code", "replaces", "number", "count", "tem", "table_tem", "level", "needles"),
    SUBSTITUTIONS,
    ids=[f"{s[0]}-{s[1]}-{s[2]}" for s in SUBSTITUTIONS],
)
def test_substitution_values(
    deck: str,
    code: str,
    replaces: str | None,
    number: int | None,
    count: int | None,
    tem: str | None,
    table_tem: str | None,
    level: int | None,
    needles: tuple[str, ...],
) -> None:
    sub = _find_yaml_sub(deck, code, replaces)
    assert (sub["card_number"], sub["count"], sub["elevation_level"]) == (number, count, level)
    assert (sub["tem"], sub["table_tem"]) == (tem, table_tem)
    assert sub["replacement_en"] and sub["replacement_it"]
    assert sub["effects_en"] and sub["effects_it"] and sub["effects_en"] != sub["effects_it"]

    row = m.TerrainSubstitution.objects.get(
        deck__code=deck, replacement_code=code, replaces__code=replaces
    )
    assert (row.card_number, row.count, row.elevation_level) == (number, count, level)
    assert (row.tem, row.table_tem) == (_text(tem), _text(table_tem))
    assert row.source == sub["source"] and row.rule == sub["rule"]


@pytest.mark.sources
@pytest.mark.parametrize(
    ("deck", "code", "replaces", "needles"),
    [(s[0], s[1], s[2], s[8]) for s in SUBSTITUTIONS],
    ids=[f"{s[0]}-{s[1]}-{s[2]}" for s in SUBSTITUTIONS],
)
def test_substitution_source_prints_the_card(
    deck: str, code: str, replaces: str | None, needles: tuple[str, ...]
) -> None:
    sub = _find_yaml_sub(deck, code, replaces)
    text = " ".join(seed_lines(sub["source"]))
    for needle in needles:
        assert needle in text, (sub["source"], needle)


def test_rural_card_numbers_match_the_seed_text() -> None:
    """The five card-number swaps of T4 (and T4-fire.6), stated once more as a plain table."""
    rows = {
        s.replacement_code: (s.replaces.code, s.card_number)
        for s in m.TerrainSubstitution.objects.filter(deck__code="rural", card_number__isnull=False)
    }
    assert rows == {
        "wheatfield": ("buildings_2", 58),
        "orchard": ("buildings_3", 95),
        "graveyard": ("buildings_3", 71),
        "crag": ("buildings_3", 143),
        "burning": ("minefield", 141),
    }


def test_elevation_card_mapping() -> None:
    levels = {
        s.replaces.code: s.elevation_level
        for s in m.TerrainSubstitution.objects.filter(deck__code="mountain_elevation")
    }
    assert levels == {
        "hill": 1,
        "marsh": 1,
        "buildings_2": 2,
        "buildings_3": 3,
        "pillbox": 4,
        "stream": None,
    }


def test_ignition_table() -> None:
    table = _data()["fire"]["ignition_table"]
    assert [(r["weapon_group"], r["terrain_group"], r["result"]) for r in table] == [
        (w, t, r) for w, t, r, _ in IGNITION
    ]
    in_db = list(
        m.FireIgnitionEntry.objects.order_by("order").values_list(
            "weapon_group", "terrain_group", "result"
        )
    )
    assert in_db == [(w, t, r) for w, t, r, _ in IGNITION]
    assert all(e.rule == "T4-fire.1" for e in m.FireIgnitionEntry.objects.all())


@pytest.mark.sources
@pytest.mark.parametrize("index", range(len(IGNITION)))
def test_ignition_source_prints_the_row(index: int) -> None:
    rec = _data()["fire"]["ignition_table"][index]
    text = " ".join(seed_lines(rec["source"]))
    for needle in IGNITION[index][3]:
        assert needle in text, (rec["source"], needle)


def test_fire_rules_numbers() -> None:
    rules = {r["topic"]: r for r in _data()["fire"]["rules"]}
    assert rules["effects"]["params"]["fire_strength"] == 4
    assert rules["extinguish"]["params"]["success"] == "RN 0 any colour"
    assert rules["spread"]["params"]["spread_check"] == "red RN 0"
    assert rules["burning_card"]["params"]["card_number"] == 141
    assert {r["rule"] for r in rules.values()} == {
        "T4-fire.1",
        "T4-fire.2",
        "T4-fire.3",
        "T4-fire.4",
        "T4-fire.5",
        "T4-fire.6",
    }
    assert m.FireRule.objects.count() == len(rules)


@pytest.mark.sources
def test_fire_strength_is_printed_in_the_seed() -> None:
    rules = {r["topic"]: r for r in _data()["fire"]["rules"]}
    assert "fuoco = 4" in " ".join(seed_lines(rules["effects"]["source"])).lower()


def test_deck_rule_citations_follow_the_style() -> None:
    prefixes = {
        "desert": ("52.",),
        "jungle": ("47.",),
        "city": ("T3.",),
        "mountain": ("T5.",),
        "mountain_elevation": ("M",),
    }
    for deck in _data()["decks"]:
        for rule in deck["deck_rules"]:
            assert rule["rule"].startswith(prefixes[deck["code"]]), (deck["code"], rule)
            assert rule["summary_en"] and rule["summary_it"]
            assert rule["summary_en"] != rule["summary_it"]


def test_desert_and_jungle_deck_rule_numbers() -> None:
    desert = {r["rule"]: r["params"] for r in _rules("desert")}
    assert desert["52.2"]["entrench_rn"] == 1
    assert desert["52.3"]["breakdown_extension"] == 1
    assert desert["52.4"]["trigger"] == "red RN 6"
    jungle = {r["rule"]: r["params"] for r in _rules("jungle")}
    assert jungle["47.3"]["firepower_modifier"] == -1
    assert jungle["47.4"]["marsh_refusable"] is False
    assert jungle["47.5"]["extra_left_shift"] == 1
    assert jungle["47.6"]["forbidden_tem"] == "-3"


@pytest.mark.sources
def test_desert_and_jungle_deck_rules_are_printed_in_the_seed() -> None:
    assert "RN di 1" in " ".join(seed_lines(_rule("desert", "52.2")["source"]))
    assert "6 rosso" in " ".join(seed_lines(_rule("desert", "52.4")["source"]))
    assert "riducono di 1" in " ".join(seed_lines(_rule("jungle", "47.3")["source"]))


def _rules(deck: str) -> list[dict[str, Any]]:
    return next(d for d in _data()["decks"] if d["code"] == deck)["deck_rules"]


def _rule(deck: str, rule: str) -> dict[str, Any]:
    return next(r for r in _rules(deck) if r["rule"] == rule)


def _sourced_records() -> list[dict[str, Any]]:
    data = _data()
    records: list[dict[str, Any]] = list(data["card_types"])
    for deck in data["decks"]:
        records += [deck, *deck["deck_rules"], *deck["substitutions"]]
    return records + data["fire"]["ignition_table"] + data["fire"]["rules"]


def test_every_record_cites_a_source() -> None:
    for rec in _sourced_records():
        assert rec.get("source"), rec
        parse_source(rec["source"])


@pytest.mark.sources
def test_every_cited_source_exists() -> None:
    for rec in _sourced_records():
        assert seed_lines(rec["source"]), rec["source"]


def test_api_lists_decks_with_their_substitutions() -> None:
    rows = APIClient().get("/api/v1/terrain-decks/").json()
    assert [r["code"] for r in rows] == DECKS
    by_deck: dict[str, set[tuple[Any, ...]]] = {code: set() for code in DECKS}
    for deck, code, replaces, number, count, tem, table_tem, level, _ in SUBSTITUTIONS:
        by_deck[deck].add((code, replaces, number, count, _text(tem), _text(table_tem), level))
    for row in rows:
        got = {
            (
                s["replacement_code"],
                s["replaces"],
                s["card_number"],
                s["count"],
                s["tem"],
                s["table_tem"],
                s["elevation_level"],
            )
            for s in row["substitutions"]
        }
        assert got == by_deck[row["code"]], row["code"]
    rural = next(r for r in rows if r["code"] == "rural")
    wheat = next(s for s in rural["substitutions"] if s["replacement_code"] == "wheatfield")
    assert wheat["replacement"] == "Wheatfield"
    assert wheat["rule"] == "T4.2"
    desert = next(r for r in rows if r["code"] == "desert")
    assert {r["rule"] for r in desert["deck_rules"]} >= {"52.11", "52.2", "52.3", "52.4"}
