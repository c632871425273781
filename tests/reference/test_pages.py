"""Server-rendered reference pages: player aids that speak the player's language.

Real values from the loaded data, both languages, every code turned into a label, effects as
sentences, provenance one click away (never inline), "—" where a value does not apply and
"unknown" only where the game has a value no source gives, no N+1.
"""

from __future__ import annotations

import csv
import html
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from upfront import labels
from upfront.reference import models as m
from upfront.reference import phrasing, selectors

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "upfront" / "reference" / "data" / "reference"
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
ALL_PAGES = [(name, []) for name in PAGES] + [
    ("reference:nationality", [code]) for code in ("german", "american", "japanese", "italian")
]
LANGUAGES = ["en", "it"]


def read_csv(name: str) -> list[dict[str, str]]:
    with open(REFERENCE / name, encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def text(response) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def get(client: Client, name: str, args: list[str] | None = None, lang: str = "en", **params):  # type: ignore[no-untyped-def]
    return text(client.get(reverse(name, args=args or []), params, HTTP_ACCEPT_LANGUAGE=lang))


def visible(page: str) -> str:
    """What a reader sees without opening anything: no pop-ups, scripts, tags or attributes."""
    page = re.sub(r"<script.*?</script>", " ", page, flags=re.S)
    page = re.sub(r'<div class="pop">.*?</div></details>', " ", page, flags=re.S)
    page = re.sub(r'<span class="visually-hidden">.*?</span>', " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return re.sub(r"\s+", " ", html.unescape(page))


def rows_of(page: str) -> list[str]:
    return re.findall(r"<tr[ >].*?</tr>", page, flags=re.S)


def row_with(page: str, needle: str) -> str:
    matches = [row for row in rows_of(page) if needle in row]
    assert matches, f"no table row contains {needle!r}"
    return matches[0]


def cells(row: str) -> list[str]:
    return [visible(c).strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, flags=re.S)]


# --- every page -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PAGES)
def test_every_page_renders_with_navigation_and_accessible_tables(
    client: Client, name: str
) -> None:
    # The weather page is sections and lists, not tables.
    assert_accessible(get(client, name), has_tables=name != "reference:weather")


def assert_accessible(page: str, has_tables: bool = True) -> None:
    assert 'aria-label="Reference sections"' in page
    # Every table has a caption and every header cell a scope; each table sits in a scroll box
    # a keyboard can reach and a screen reader can name.
    tables = re.findall(r"<table.*?</table>", page, flags=re.S)
    assert bool(tables) == has_tables
    for table in tables:
        assert "<caption" in table
        assert all("scope=" in th for th in re.findall(r"<th[ >][^>]*", table))
    wrappers = re.findall(r'<div class="table-wrap"[^>]*>', page)
    assert len(wrappers) == len(tables)
    for wrapper in wrappers:
        assert 'role="region"' in wrapper and 'tabindex="0"' in wrapper
        assert re.search(r'aria-label="[^"]+"', wrapper)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("name", "args"), ALL_PAGES)
def test_no_internal_code_or_source_path_is_shown(
    client: Client, name: str, args: list[str], lang: str
) -> None:
    seen = visible(get(client, name, args, lang))
    # Data codes are snake_case (at_secondary_limit, bid_procedure, treated_as_smoke, setup, ...).
    assert not re.findall(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b", seen)
    assert "what:" not in seen and "value:" not in seen
    # Source files are one click away, in the provenance pop-up, never in the text.
    assert not re.search(r"\.(?:txt|csv|md|yaml)\b", seen)
    # ... nor the brackets that cited one, left empty ("(vedi )").
    assert not re.search(r"\((?:\s*(?:see|vedi|cf\.?))?\s*\)", seen)
    # Nothing says "missing" any more: a value is unknown, or it does not apply.
    assert "MISSING" not in seen.upper() and "MANCANTE" not in seen.upper()
    assert " deck deck" not in seen and "Mazzo mazzo" not in seen


def test_provenance_is_one_click_away(client: Client) -> None:
    page = get(client, "reference:nationality", ["german"])
    row = row_with(page, "Diettinger")
    card = m.PersonalityCard.objects.get(nationality__code="german", card_no=1)
    # The rule number shows; the source is inside the closed <details> of that rule number,
    # named as a document in the reader's language: never the file (tests/reference/
    # test_provenance.py has the rest).
    prov = re.search(r'<details class="prov">(.*?)</details>', row, flags=re.S).group(1)
    assert f'<span class="rule-ref">{card.rule}</span>' in prov
    assert "Fan-compiled rulebook (2nd edition" in prov
    assert "UF RuleBook updated.txt" in card.source and ".txt" not in prov
    assert "Fan-compiled rulebook" not in visible(row)


@pytest.mark.parametrize(
    ("name", "args", "current"),
    [
        ("reference:cards", [], "reference:cards"),
        ("reference:weather", [], "reference:weather"),
        ("reference:dyo", [], "reference:dyo"),
        ("reference:nationality", ["german"], "reference:nationalities"),
    ],
)
def test_current_section_is_marked_in_the_section_links(
    client: Client, name: str, args: list[str], current: str
) -> None:
    page = get(client, name, args)
    nav = re.search(r'<nav aria-label="Reference sections".*?</nav>', page, flags=re.S).group(0)
    marked = re.findall(r'<a href="([^"]+)" aria-current="(page|true)">', nav)
    assert [href for href, _kind in marked] == [reverse(current)]
    # The section's own page is "page"; a page inside the section marks the section "true".
    assert marked[0][1] == ("page" if name == current else "true")


@pytest.mark.parametrize(("name", "args"), [*ALL_PAGES, ("home", [])])
def test_pages_have_no_inline_script(client: Client, name: str, args: list[str]) -> None:
    """Ready for a Content-Security-Policy without 'unsafe-inline'."""
    page = client.get(reverse(name, args=args)).content.decode()
    for tag in re.findall(r"<script\b[^>]*>", page):
        assert "src=" in tag or 'type="application/json"' in tag, tag
    assert not re.search(r"\son[a-z]+=", page)


def test_templates_pick_localised_fields_through_one_filter() -> None:
    """No `{% if LANGUAGE_CODE == "it" %}` nor `*_it`/`*_en` fields in templates."""
    templates = [ROOT / "templates" / "base.html", *(ROOT / "templates" / "reference").glob("*")]
    for path in templates:
        source = path.read_text(encoding="utf-8")
        assert "LANGUAGE_CODE ==" not in source, path.name
        assert not re.search(r"\.\w+_(?:it|en)\b", source), path.name


# --- index and nationalities ------------------------------------------------------------------


def test_index_shows_revision_and_counts(client: Client) -> None:
    page = get(client, "reference:index")
    assert m.DataRevision.current().label in page
    row = row_with(page, "Personality cards")
    assert f">{m.PersonalityCard.objects.count()}</td>" in row
    assert m.PersonalityCard.objects.count() == len(read_csv("personality_cards.csv"))


def test_nationality_list_links_every_nationality(client: Client) -> None:
    page = get(client, "reference:nationalities")
    for row in read_csv("nationalities.csv"):
        url = reverse("reference:nationality", args=[row["nationality"]])
        assert f'href="{url}"' in page
        nation_row = row_with(page, url)
        assert f">{row['hand_size']}</td>" in nation_row


def test_german_page_shows_hand_rules_and_diettinger(client: Client) -> None:
    page = get(client, "reference:nationality", ["german"])
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
    card = cells(row_with(page, "Diettinger"))
    assert card[0] == "1"
    assert "51" in card  # DYO points of German card #1
    # Radio prices: 42/84/126 in nationalities.csv (43.7), one row by fire strength 5/6/7.
    radio = re.search(
        r"<caption>DYO radio prices by fire strength</caption>(.*?)</table>", page, flags=re.S
    )
    assert cells(rows_of(radio.group(1))[1])[1:4] == german["radio_cost_fs5_6_7"].split("/")


def test_nationality_without_rules_of_its_own_says_so(client: Client) -> None:
    assert not m.NationalityRule.objects.filter(nationality__code="german").exists()
    page = get(client, "reference:nationality", ["german"])
    assert "No special rules of its own: the base rules apply." in page
    assert "No data loaded." not in page


def test_rule_topics_are_labels_in_both_languages(client: Client) -> None:
    english = get(client, "reference:nationality", ["japanese"])
    italian = get(client, "reference:nationality", ["japanese"], "it")
    assert "<strong>Banzai charge</strong>:" in english
    assert "<strong>Carica Banzai</strong>:" in italian
    assert "banzai_charge" not in english + italian
    rule = m.NationalityRule.objects.get(nationality__code="japanese", topic="banzai_charge")
    assert rule.summary_en in english and rule.summary_it in italian


# --- personality cards ------------------------------------------------------------------------


def test_unknown_values_say_unknown_and_missing_values_a_dash(client: Client) -> None:
    source = next(
        r
        for r in read_csv("personality_cards.csv")
        if r["nationality"] == "american" and r["card_no"] == "42"
    )
    assert source["dyo_points"] == "" and source["morale"] == ""
    page = get(client, "reference:nationality", ["american"])
    # A man whose values no source gives: unknown name, rank, points, morale and panic.
    marine = cells(row_with(page, 'id="card-42"'))
    assert marine[1].startswith("unknown") and marine[2] == "unknown"
    assert marine[6:9] == ["unknown", "unknown", "unknown"]
    # An AFV has no rank, role, morale or panic: a dash, not "unknown".
    afv = cells(row_with(page, "M10 Wolverine"))
    assert afv[2] == afv[3] == afv[7] == afv[8] == "—"
    assert afv[6] == "327"
    # A man with every value known has no marker at all.
    assert 'class="unknown"' not in row_with(page, "Hull") and 'class="na"' not in cells(
        row_with(page, "Hull")
    )


def test_italian_page_says_sconosciuto(client: Client) -> None:
    page = get(client, "reference:nationality", ["american"], "it")
    assert "<h1>Americano</h1>" in page
    assert "sconosciuto" in row_with(page, 'id="card-42"')


def test_card_names_are_as_printed_without_the_transcription_remark(client: Client) -> None:
    # A player sees the printed name; the transcriber's remark ("OCR gives …")
    # stays in the data, for the admin and docs/data.md, not on the page.
    stug = m.PersonalityCard.objects.get(nationality__code="german", card_no=39)
    assert "OCR gives" in stug.name  # the transcription note stays in the data
    for lang in LANGUAGES:
        page = get(client, "reference:nationality", ["german"], lang)
        row = row_with(page, 'id="card-39"')
        assert visible(row).split()[1:3] == ["StuG", "III"]
        assert "OCR" not in row and '<details class="note">' not in row


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("name", "args"), ALL_PAGES)
def test_no_transcription_remark_reaches_a_player(
    client: Client, name: str, args: list[str], lang: str
) -> None:
    # Not even behind a click (the provenance pop-up): remarks on how the sources were read
    # are for the admin and docs/data.md.
    assert "OCR" not in get(client, name, args, lang)


def test_the_admin_still_shows_the_transcription_remark(client: Client, admin_user) -> None:  # type: ignore[no-untyped-def]
    client.force_login(admin_user)
    stug = m.PersonalityCard.objects.get(nationality__code="german", card_no=39)
    page = text(client.get(reverse("admin:reference_personalitycard_change", args=[stug.pk])))
    assert "OCR gives" in page


def test_afvs_sort_after_the_men(client: Client) -> None:
    for code in ("german", "american"):
        page = get(client, "reference:nationality", [code])
        table = re.search(r'<table class="cards-table".*?</table>', page, flags=re.S).group(0)
        kinds = ["AFV" in cells(row)[5] for row in rows_of(table)[1:]]
        assert True in kinds and kinds == sorted(kinds), code
    # Unnumbered vehicles come last, not first.
    american = get(client, "reference:cards", nationality="american")
    numbers = [cells(row)[1] for row in rows_of(american)[1:]]
    unnumbered = numbers.count("unknown")
    assert numbers[0] == "1" and unnumbered and set(numbers[-unnumbered:]) == {"unknown"}


def test_cards_filter_by_nationality(client: Client) -> None:
    page = get(client, "reference:cards", nationality="russian")
    russian = [r for r in read_csv("personality_cards.csv") if r["nationality"] == "russian"]
    assert f"{len(russian)} cards" in page
    for card in russian:
        assert phrasing.card_name(card["name"])[0] or "unknown" in page
    assert "Diettinger" not in page


def test_card_list_is_searched_and_sorted_without_javascript(client: Client) -> None:
    found = get(client, "reference:cards", q="wittenberg")
    assert "1 card" in found and len(rows_of(found)) == 2
    by_weapon = get(client, "reference:cards", q="german mmg")
    assert all("MMG" in cells(row)[5] for row in rows_of(by_weapon)[1:])
    # Most expensive first; unknown points last whatever the direction.
    page = get(client, "reference:cards", nationality="german", sort="-points")
    points = [cells(row)[7] for row in rows_of(page)[1:]]
    known = [int(p) for p in points if p != "unknown"]
    assert known == sorted(known, reverse=True) and known[0] == max(
        c.dyo_points
        for c in m.PersonalityCard.objects.filter(nationality__code="german")
        if c.dyo_points
    )
    assert points[-1] == "unknown" and set(points[len(known) :]) == {"unknown"}
    assert 'aria-sort="descending"' in page
    # The script that sorts and searches in place is a file, its strings a JSON island.
    assert '<script id="cards-i18n" type="application/json">' in page
    assert "js/cards.js" in page


# --- unit type tables -------------------------------------------------------------------------


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
    page = get(client, "reference:unit-types")
    for nationality in ("german", "russian"):
        grid = grid_cells(page, "ETO", nationality)
        rows = [r for r in read_csv("unit_type_table.csv") if r["nationality"] == nationality]
        assert rows
        for row in rows:
            key = f"{row['period']}-{letters[row['troop_type']]}"
            assert grid[key] == row["rpn_range"], key


def test_pto_grids_render_loaded_cells(client: Client) -> None:
    page = get(client, "reference:unit-types")
    for cell in m.UnitTypeRow.objects.filter(theatre="PTO").select_related("nationality", "period"):
        grid = grid_cells(page, "PTO", cell.nationality.code)
        assert grid[f"{cell.period.code}-{cell.troop_type}"] == cell.printed


# --- random reinforcements --------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_random_reinforcements_name_the_cards_in_the_players_language(
    client: Client, lang: str
) -> None:
    page = get(client, "reference:random-reinforcements", lang=lang)
    sniper = {"en": "Sniper", "it": "Cecchino"}[lang]
    for row in m.RandomReinforcementRow.objects.select_related("nationality"):
        table = re.search(
            rf'<table class="rr" data-nationality="{row.nationality.code}">(.*?)</table>',
            page,
            flags=re.S,
        ).group(1)
        shown = visible(row_with(table, f'data-rn="{row.rn}"'))
        for number in row.cards:
            assert f"#{number}" in shown
        assert (sniper in shown) == row.sniper
    # The Italian word of the seed never reaches the English page.
    if lang == "en":
        assert "Cecchino" not in visible(page)


def test_random_reinforcements_mark_cards_the_catalogue_lacks(client: Client) -> None:
    page = get(client, "reference:random-reinforcements")
    american = re.search(r'data-nationality="american">(.*?)</table>', page, flags=re.S).group(1)
    assert "#31 not in the card list" in visible(row_with(american, 'data-rn="5"'))
    assert "#11 Greenwood" in visible(row_with(american, 'data-rn="1"'))
    # 48.3 / 53.2 print 11 numbers no source describes (British #35, Japanese #34/#37, ...).
    assert visible(page).count("not in the card list") == 11
    italian = get(client, "reference:random-reinforcements", lang="it")
    assert visible(italian).count("non nell'elenco delle carte") == 11


# --- DYO --------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_dyo_tables_have_labels_not_codes(client: Client, lang: str) -> None:
    page = get(client, "reference:dyo", lang=lang)
    rows = read_csv("dyo_tables.csv")
    with translation.override(lang):
        for table in {r["table"] for r in rows} - selectors.DYO_TABLES_ELSEWHERE:
            assert f"<h2>{labels.label('dyo_table', table)}</h2>" in page
    for source in rows[:10]:
        table = re.search(
            rf'<table data-table="{source["table"]}">(.*?)</table>', page, flags=re.S
        ).group(1)
        # The CSV's English, or our Italian of it on the Italian page (seed/italian.yaml).
        stored = m.DYOTableRow.objects.get(table=source["table"], key=source["key"])
        row = row_with(table, stored.value_it if lang == "it" and stored.value_it else stored.value)
        assert stored.value == source["value"]
        assert source["rule"] in row


def test_dyo_prices_fit_in_tables_of_their_own(client: Client) -> None:
    page = get(client, "reference:dyo")
    radios = re.search(r'<table class="radios">(.*?)</table>', page, flags=re.S).group(1)
    for nation in read_csv("nationalities.csv"):
        if not re.fullmatch(r"\d+/\d+/\d+", nation["radio_cost_fs5_6_7"]):
            continue
        row = row_with(radios, f'data-nationality="{nation["nationality"]}"')
        assert cells(row)[2:5] == nation["radio_cost_fs5_6_7"].split("/")
    assert "max 1 per squad" in visible(row_with(page, "Demolition charge"))


# --- scenarios, weather, terrain, mountains, special rules ------------------------------------


def test_scenarios_page_lists_a_to_x_with_dyo_points(client: Client) -> None:
    page = get(client, "reference:scenarios")
    for scenario in read_csv("scenarios.csv"):
        row = row_with(page, f"{scenario['letter']} {scenario['name']}")
        if scenario["dyo_defender"].isdigit():
            assert f">{scenario['dyo_defender']} / " in row


@pytest.mark.parametrize("lang", LANGUAGES)
def test_seed_tables_render_in_the_current_language(client: Client, lang: str) -> None:
    """Whatever the seed files hold, each name appears in the page's language (EN fallback)."""
    pages = {
        "terrain": get(client, "reference:terrain", lang=lang),
        "weather": get(client, "reference:weather", lang=lang),
        "mountain": get(client, "reference:mountain", lang=lang),
        "ssr": get(client, "reference:special-rules", lang=lang),
        "dyo": get(client, "reference:dyo", lang=lang),
    }

    def expected(obj: object, field: str) -> str:
        it = getattr(obj, f"{field}_it", "")
        return it if lang == "it" and it else getattr(obj, f"{field}_en")

    for deck in m.TerrainDeck.objects.all():
        assert expected(deck, "name") in pages["terrain"]
    for card in m.TerrainCardType.objects.all():
        assert expected(card, "name") in pages["terrain"]
    for sub in m.TerrainSubstitution.objects.all():
        assert expected(sub, "effects") in pages["terrain"]
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
    # The mountain page shows the mountain article's summaries and the DYO page those of the
    # rules the builder cites; the scenario checks' ones are shown next to their findings, and
    # the 43.33 rows' deck needs in the full-game validation report and its rules digest.
    for summary in m.RuleSummary.objects.exclude(group__in=("scenario", "victory_conditions")):
        page = pages["dyo"] if summary.group == "dyo" else pages["mountain"]
        assert expected(summary, "summary") in page
    for ssr in m.SpecialRule.objects.all():
        assert expected(ssr, "text") in pages["ssr"]
        assert f'id="ssr-{ssr.code}"' in pages["ssr"]


def test_no_standard_deck_deck(client: Client) -> None:
    for lang, expected in (("en", "Standard deck"), ("it", "Mazzo standard")):
        seen = visible(get(client, "reference:terrain", lang=lang))
        assert expected in seen
        assert "deck deck" not in seen and "mazzo Mazzo" not in seen


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "At relative range 0: fire strength -2."),
        ("it", "A raggio relativo 0: forza di fuoco -2."),
        ("en", "Groups not on a Hill: treated as in Smoke."),
        ("it", "I gruppi non in Collina: contano come nel Fumo."),
        ("en", "Entrenchment succeeds only on a 1 of either colour."),
        ("it", "Il trinceramento riesce solo con un 1 di qualsiasi colore."),
    ],
)
def test_weather_effects_are_sentences(client: Client, lang: str, sentence: str) -> None:
    page = get(client, "reference:weather", lang=lang)
    effects = re.findall(r'<ul class="effects">(.*?)</ul>', page, flags=re.S)
    said = [
        visible(li).strip()
        for block in effects
        for li in re.findall(r"<li>(.*?)</li>", block, re.S)
    ]
    # Every structured effect and every deck check is said, each with its rule number.
    expected = sum(len(c.effects) + bool(c.deck_check) for c in m.WeatherCondition.objects.all())
    assert len(said) == expected
    assert any(line.startswith(sentence) for line in said), sentence


def test_special_rule_parameters_are_read_as_text(client: Client) -> None:
    page = get(client, "reference:special-rules")
    row = row_with(page, 'id="ssr-setup_elevation_cards"')
    params = visible(row)
    assert "Side the attacker, the defender or both sides" in params
    assert "When at the start of play or at the start of the second segment (optional)" in params
    assert "str" not in params.split() and "|" not in params
    italian = visible(
        row_with(get(client, "reference:special-rules", lang="it"), 'id="ssr-time_limit"')
    )
    assert "Mazzi un numero" in italian


def test_mountain_adaptations_spell_out_their_special_rules(client: Client) -> None:
    page = get(client, "reference:mountain")
    row = visible(row_with(page, "C Assaulting a Fortification"))
    ssr = m.SpecialRule.objects.get(code="first_card_discarded_when_drawn")
    assert ssr.text_en in row and "card type: Stream; how many: 1" in row
    excluded = cells(row_with(page, "B City Fight"))
    assert excluded[1].startswith("No:") and excluded[2] == "—"


# --- guard: new data cannot slip codes in -----------------------------------------------------


def test_every_code_in_the_data_has_a_label_and_every_effect_a_sentence() -> None:
    missing = []
    for table in m.DYOTableRow.objects.values_list("table", flat=True).distinct():
        if table not in selectors.DYO_TABLES_ELSEWHERE and not labels.has_label("dyo_table", table):
            missing.append(("dyo_table", table))
    for model in (m.NationalityRule, m.TerrainDeckRule, m.FireRule, m.RuleSummary):
        for topic in model.objects.values_list("topic", flat=True).distinct():
            if topic and not labels.has_label("topic", topic):
                missing.append(("topic", topic))
    for group in m.RuleSummary.objects.values_list("group", flat=True).distinct():
        if not labels.has_label("rule_group", group):
            missing.append(("rule_group", group))
    for ssr in m.SpecialRule.objects.all():
        if not labels.has_label("ssr_category", ssr.category):
            missing.append(("ssr_category", ssr.category))
        if phrasing.ssr_parameters(ssr.parameters) is None:
            missing.append(("ssr_parameters", ssr.code))
    for card in m.PersonalityCard.objects.all():
        if card.leader_role != "none" and not labels.has_label("leader_role", card.leader_role):
            missing.append(("leader_role", card.leader_role))
        if card.vehicle_type and phrasing.vehicle_type(card.vehicle_type) == card.vehicle_type:
            missing.append(("vehicle_type", card.vehicle_type))
    for scenario in m.PublishedScenario.objects.all():
        if not labels.has_label("published_expansion", scenario.expansion):
            missing.append(("published_expansion", scenario.expansion))
        if not labels.has_label("scenario_type", scenario.scenario_type):
            missing.append(("scenario_type", scenario.scenario_type))
    for entry in m.FireIgnitionEntry.objects.all():
        if not labels.has_label("fire_weapon_group", entry.weapon_group):
            missing.append(("fire_weapon_group", entry.weapon_group))
        if phrasing.fire_result(entry.result) is None:
            missing.append(("fire_result", entry.result))
    names = selectors.phrasing_names()
    for cond in m.WeatherCondition.objects.all():
        for effect in cond.effects:
            if phrasing.weather_effect(effect, names) is None:
                missing.append(("weather_effect", effect))
        if cond.deck_check and phrasing.deck_check(cond.deck_check, names) is None:
            missing.append(("deck_check", cond.code))
    for adaptation in m.MountainAdaptation.objects.all():
        for use in adaptation.special_rules:
            if phrasing.ssr_arguments(use, names) is None:
                missing.append(("ssr_use", use))
    assert missing == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Elite +15% also applies (Q&A 43.7, UF RuleBook updated.txt:4576-4577)",
            "Elite +15% also applies (Q&A 43.7)",
        ),
        ('Watney calls this "twice" (Up_Front.txt:1826-1830)', 'Watney calls this "twice"'),
        ("variant (see dyo_tables.csv variant_501_city_fight_in_four)", "variant"),
        ('variante DYO di Watney "501" (vedi dyo_tables.csv)', 'variante DYO di Watney "501"'),
        ("same as German (44.8)", "same as German (44.8)"),
    ],
)
def test_source_references_leave_the_text(text: str, expected: str) -> None:
    assert phrasing.strip_sources(text) == expected


def test_bilingual_fallback_uses_english_when_italian_is_empty(client: Client) -> None:
    deck = m.TerrainDeck.objects.create(code="zz_test", name_en="Test Moor", name_it="", order=99)
    page = get(client, "reference:terrain", lang="it")
    assert "Test Moor" in page
    deck.name_it = "Brughiera di prova"
    deck.save()
    page = get(client, "reference:terrain", lang="it")
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
        ("reference:random-reinforcements", [], 5),
        ("reference:dyo", [], 5),
        ("reference:terrain", [], 10),
        ("reference:weather", [], 10),
        ("reference:mountain", [], 12),
        ("reference:special-rules", [], 3),
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
    page = client.get("/reference/nationalities/").content.decode()
    rows = {
        match.group(1): re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", match.group(2)))
        for match in re.finditer(r'nationalities/(\w+)/">[^<]+</a></th>(.*?)</tr>', page, re.S)
    }
    # nationalities.csv and seeds 001/004: hand, discards, split side, break, squad, AT limit.
    assert "German side" in rows["german"] and "over 50%" in rows["german"]
    assert " 10 " in rows["german"] and "SS" in rows["german"]
    assert "reaching 75%" in rows["japanese"] and "Samurai" in rows["japanese"]
    assert "over 40%" in rows["italian"] and "cower" in rows["italian"]
    assert " 15 " in rows["russian"] and " 3 " in rows["russian"]
    italian = client.get("/reference/nationalities/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "al raggiungimento del 75%" in italian and "Carte divise" in italian
