"""Server-rendered reference pages: real values from the loaded data, both languages, no N+1."""

from __future__ import annotations

import csv
import html
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from upfront.reference import models as m

pytestmark = pytest.mark.django_db

REFERENCE = Path(__file__).resolve().parents[2] / "upfront" / "reference" / "data" / "reference"
PAGES = [
    "reference:index",
    "reference:nationalities",
    "reference:cards",
    "reference:unit-types",
    "reference:random-reinforcements",
    "reference:dyo",
    "reference:terrain",
    "reference:weather",
    "reference:mountain",
    "reference:special-rules",
    "reference:scenarios",
]


def read_csv(name: str) -> list[dict[str, str]]:
    with open(REFERENCE / name, encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def text(response) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def rows_of(page: str) -> list[str]:
    return re.findall(r"<tr[ >].*?</tr>", page, flags=re.S)


def row_with(page: str, needle: str) -> str:
    matches = [row for row in rows_of(page) if needle in row]
    assert matches, f"no table row contains {needle!r}"
    return matches[0]


@pytest.mark.parametrize("name", PAGES)
def test_every_page_renders_with_navigation_and_accessible_tables(
    client: Client, name: str
) -> None:
    # The weather page is sections and lists, not tables.
    assert_accessible(text(client.get(reverse(name))), has_tables=name != "reference:weather")


def assert_accessible(page: str, has_tables: bool = True) -> None:
    assert 'aria-label="Reference sections"' in page
    # Every table has a caption and every header cell a scope; wide tables scroll in a wrapper.
    tables = re.findall(r"<table.*?</table>", page, flags=re.S)
    assert bool(tables) == has_tables
    for table in tables:
        assert "<caption>" in table
        assert all("scope=" in th for th in re.findall(r"<th[ >][^>]*", table))
    assert page.count('<div class="table-wrap">') == len(tables)


def test_index_shows_revision_and_counts(client: Client) -> None:
    page = text(client.get(reverse("reference:index")))
    assert m.DataRevision.current().label in page
    row = row_with(page, "Personality cards")
    assert f"<td>{m.PersonalityCard.objects.count()}</td>" in row
    assert m.PersonalityCard.objects.count() == len(read_csv("personality_cards.csv"))


def test_nationality_list_links_every_nationality(client: Client) -> None:
    page = text(client.get(reverse("reference:nationalities")))
    for row in read_csv("nationalities.csv"):
        url = reverse("reference:nationality", args=[row["nationality"]])
        assert f'href="{url}"' in page
        nation_row = row_with(page, url)
        assert f"<td>{row['hand_size']}</td>" in nation_row


def test_german_page_shows_hand_rules_and_diettinger(client: Client) -> None:
    page = text(client.get(reverse("reference:nationality", args=["german"])))
    assert_accessible(page)
    german = next(r for r in read_csv("nationalities.csv") if r["nationality"] == "german")
    assert "<h1>German</h1>" in page
    assert re.search(r"Hand size</th><td>\s*" + german["hand_size"], page)
    assert re.search(r"Discards</th><td>\s*" + german["discard_max"], page)
    assert re.search(
        r"Anti-tank secondary weapons per squad</th><td>\s*"
        + german["at_secondary_limit_per_squad"],
        page,
    )
    card = row_with(page, "Diettinger")
    cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", card, flags=re.S)
    assert cells[0].strip() == "1"
    assert "51" in [c.strip() for c in cells]  # DYO points of German card #1
    assert '<span class="rule-ref"' in card
    # Radio prices: 42/84/126 in nationalities.csv (43.7)
    for points in german["radio_cost_fs5_6_7"].split("/"):
        assert re.search(r'Radio</th>.*?<td class="num">' + points + "<", page, flags=re.S)


def test_card_with_unknown_points_shows_missing_badge(client: Client) -> None:
    source = next(
        r
        for r in read_csv("personality_cards.csv")
        if r["nationality"] == "american" and r["card_no"] == "42"
    )
    assert source["dyo_points"] == "" and source["morale"] == ""
    page = text(client.get(reverse("reference:nationality", args=["american"])))
    row = row_with(page, source["name"])
    assert row.count('class="missing"') >= 3  # points, morale, panic
    assert "missing" in row
    known = row_with(page, "Hull")
    assert 'class="missing"' not in known


def test_italian_page_shows_mancante_badge(client: Client) -> None:
    page = text(
        client.get(reverse("reference:nationality", args=["american"]), HTTP_ACCEPT_LANGUAGE="it")
    )
    assert "<h1>Americano</h1>" in page
    row = row_with(page, "Marine leader")
    assert "mancante" in row


def test_unknown_nationality_is_404(client: Client) -> None:
    assert client.get(reverse("reference:nationality", args=["martian"])).status_code == 404


def test_cards_filter_by_nationality(client: Client) -> None:
    page = text(client.get(reverse("reference:cards"), {"nationality": "russian"}))
    russian = [r for r in read_csv("personality_cards.csv") if r["nationality"] == "russian"]
    others = [r for r in read_csv("personality_cards.csv") if r["nationality"] == "german"]
    assert f"{len(russian)} cards" in page
    for card in russian:
        assert card["name"] in page
    assert "Diettinger" not in page and others


def grid_cells(page: str, theatre: str, nationality: str) -> dict[str, str]:
    table = re.search(
        rf'<table class="grid" data-theatre="{theatre}" data-nationality="{nationality}">'
        r"(.*?)</table>",
        page,
        flags=re.S,
    )
    assert table, f"no {theatre} grid for {nationality}"
    return {
        key: value.strip()
        for key, value in re.findall(r'data-cell="([^"]+)"[^>]*>(.*?)</td>', table.group(1))
    }


def test_eto_grid_matches_every_csv_cell(client: Client) -> None:
    letters = {"S": "second_line", "L": "line", "E": "elite"}
    page = text(client.get(reverse("reference:unit-types")))
    for nationality in ("german", "russian"):
        cells = grid_cells(page, "ETO", nationality)
        rows = [r for r in read_csv("unit_type_table.csv") if r["nationality"] == nationality]
        assert rows
        for row in rows:
            key = f"{row['period']}-{letters[row['troop_type']]}"
            assert cells[key] == row["rpn_range"], key


def test_pto_grids_render_loaded_cells(client: Client) -> None:
    page = text(client.get(reverse("reference:unit-types")))
    for cell in m.UnitTypeRow.objects.filter(theatre="PTO").select_related("nationality", "period"):
        cells = grid_cells(page, "PTO", cell.nationality.code)
        assert cells[f"{cell.period.code}-{cell.troop_type}"] == cell.printed


def test_random_reinforcements_show_every_loaded_row(client: Client) -> None:
    page = text(client.get(reverse("reference:random-reinforcements")))
    for row in m.RandomReinforcementRow.objects.select_related("nationality"):
        assert f"<caption>{row.nationality.name_en}</caption>" in page
        assert row.printed in page


def test_random_reinforcements_mark_the_cards_no_source_describes(client: Client) -> None:
    page = text(client.get(reverse("reference:random-reinforcements")))
    british = re.search(r"<caption>British</caption>(.*?)</table>", page, flags=re.S).group(1)
    row_6 = row_with(british, '<th scope="row">6</th>')
    assert 'class="missing missing-card" data-card="35"' in row_6 and "#35: unknown card" in row_6
    row_2 = row_with(british, '<th scope="row">2</th>')
    assert "missing-card" not in row_2
    japanese = re.search(r"<caption>Japanese</caption>(.*?)</table>", page, flags=re.S).group(1)
    assert re.findall(r'data-card="(\d+)"', japanese) == ["37", "34"]
    assert page.count('class="missing missing-card"') == 11
    italian = text(
        client.get(reverse("reference:random-reinforcements"), HTTP_ACCEPT_LANGUAGE="it")
    )
    assert "#35: carta sconosciuta" in italian


def test_dyo_tables_grouped_as_in_csv(client: Client) -> None:
    page = text(client.get(reverse("reference:dyo")))
    rows = read_csv("dyo_tables.csv")
    for table in {r["table"] for r in rows}:
        assert f"<caption>{table}</caption>" in page
    for source in rows[:10]:
        table = re.search(
            rf"<caption>{source['table']}</caption>(.*?)</table>", page, flags=re.S
        ).group(1)
        row = row_with(table, f">{source['key']}<")
        assert source["value"] in row and source["rule"] in row


def test_scenarios_page_lists_a_to_x_with_dyo_points(client: Client) -> None:
    page = text(client.get(reverse("reference:scenarios")))
    for scenario in read_csv("scenarios.csv"):
        row = row_with(page, f"{scenario['letter']} {scenario['name']}")
        if scenario["dyo_defender"].isdigit():
            assert f">{scenario['dyo_defender']}<" in row


@pytest.mark.parametrize("lang", ["en", "it"])
def test_seed_tables_render_in_the_current_language(client: Client, lang: str) -> None:
    """Whatever the seed files hold, each name appears in the page's language (EN fallback)."""
    headers = {"HTTP_ACCEPT_LANGUAGE": lang}
    pages = {
        "terrain": text(client.get(reverse("reference:terrain"), **headers)),
        "weather": text(client.get(reverse("reference:weather"), **headers)),
        "mountain": text(client.get(reverse("reference:mountain"), **headers)),
        "ssr": text(client.get(reverse("reference:special-rules"), **headers)),
    }

    def expected(obj: object, field: str) -> str:
        it = getattr(obj, f"{field}_it", "")
        return it if lang == "it" and it else getattr(obj, f"{field}_en")

    for deck in m.TerrainDeck.objects.all():
        assert expected(deck, "name") in pages["terrain"]
    for card in m.TerrainCardType.objects.all():
        assert expected(card, "name") in pages["terrain"]
    for cond in m.WeatherCondition.objects.all():
        assert expected(cond, "name") in pages["weather"]
        assert expected(cond, "summary") in pages["weather"]
    for topo in m.Topography.objects.all():
        assert expected(topo, "name") in pages["mountain"]
        assert expected(topo, "summary") in pages["mountain"]
    for env in m.EnvironmentalCondition.objects.all():
        assert expected(env, "name") in pages["mountain"]
    for troop in m.MountainTroopAvailability.objects.all():
        assert expected(troop, "nation") in pages["mountain"]
    for ssr in m.SpecialRule.objects.all():
        assert expected(ssr, "text") in pages["ssr"]
        assert f'id="ssr-{ssr.code}"' in pages["ssr"]


def test_weather_relations_are_links_to_existing_conditions(client: Client) -> None:
    page = text(client.get(reverse("reference:weather")))
    for cond in m.WeatherCondition.objects.prefetch_related("excludes", "requires", "implies"):
        assert f'id="weather-{cond.code}"' in page
        for other in [*cond.excludes.all(), *cond.requires.all(), *cond.implies.all()]:
            assert f'href="#weather-{other.code}"' in page


def test_bilingual_fallback_uses_english_when_italian_is_empty(client: Client) -> None:
    deck = m.TerrainDeck.objects.create(code="zz_test", name_en="Test Moor", name_it="", order=99)
    page = text(client.get(reverse("reference:terrain"), HTTP_ACCEPT_LANGUAGE="it"))
    assert "Test Moor" in page
    deck.name_it = "Brughiera di prova"
    deck.save()
    page = text(client.get(reverse("reference:terrain"), HTTP_ACCEPT_LANGUAGE="it"))
    assert "Brughiera di prova" in page and "Test Moor" not in page
    with translation.override("en"):
        assert deck.name == "Test Moor"


@pytest.mark.parametrize(
    ("name", "args", "limit"),
    [
        # Fixed query budgets: one query per table shown (+ data revision), whatever the rows.
        ("reference:nationality", ["german"], 8),
        ("reference:cards", [], 4),
        ("reference:unit-types", [], 6),
        ("reference:random-reinforcements", [], 3),
        ("reference:dyo", [], 4),
        ("reference:terrain", [], 8),
        ("reference:weather", [], 7),
        ("reference:mountain", [], 7),
        ("reference:scenarios", [], 3),
        ("reference:index", [], 17),
    ],
)
def test_pages_have_no_n_plus_one(
    client: Client, django_assert_max_num_queries, name: str, args: list[str], limit: int
) -> None:  # type: ignore[no-untyped-def]
    client.get(reverse(name, args=args))  # warm up sessions/caches
    with django_assert_max_num_queries(limit):
        response = client.get(reverse(name, args=args))
    assert response.status_code == 200


def test_nationalities_comparison_table_compares_the_rules(client) -> None:  # type: ignore[no-untyped-def]
    import re

    page = client.get("/reference/nationalities/").content.decode()
    rows = {
        m.group(1): re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", m.group(2)))
        for m in re.finditer(r'nationalities/(\w+)/">[^<]+</a></th>(.*?)</tr>', page, re.S)
    }
    # nationalities.csv and seeds 001/004: hand, discards, split side, break, squad, AT limit.
    assert "German side" in rows["german"] and "over 50%" in rows["german"]
    assert " 10 " in rows["german"] and "SS" in rows["german"]
    assert "reaching 75%" in rows["japanese"] and "Samurai" in rows["japanese"]
    assert "over 40%" in rows["italian"] and "cower" in rows["italian"]
    assert " 15 " in rows["russian"] and " 3 " in rows["russian"]
    italian = client.get("/reference/nationalities/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "al raggiungimento del 75%" in italian and "Carte divise" in italian
