"""Setup sheets (``scenarios.presenters.sheet``, ``scenarios.jobs.sheets``): what the printed
PDF says, on which paper, in which language and ink; the library PDF's contents; the fetcher
that loads nothing but our own static files; the content-addressed store.

PDF text is read with pypdf. A page of each variant (A4/Letter, en/it, normal/ink-saving) is
rendered to PNG with pdftoppm into the browser tests' artefacts directory
(``SETUP_SHEET_SHOTS``, default ``test-results/setup-sheets/``) for a human look.
"""

from __future__ import annotations

import copy
import io
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.files.storage import default_storage
from pypdf import PdfReader

from scenarios import services
from scenarios.analysis.simulation import simulate_scenario
from scenarios.analysis.validation import full_validation
from scenarios.display import sheet_reads
from scenarios.jobs.sheets import PRINT_ORIGIN, fetcher, pdf, storage
from scenarios.jobs.sheets.book import render_library_pdf
from scenarios.jobs.sheets.fetcher import StaticAssetFetcher
from scenarios.jobs.sheets.pdf import render_scenario_pdf
from scenarios.jobs.sheets.storage import setup_sheet_key, stored_pdf
from scenarios.models import Scenario
from scenarios.presenters.sheet import SetupSheetError, SheetOptions, scenario_sheet_html
from upfront.reference import models as m
from upfront.reference.fetch import data_revision_current

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
SHOTS = Path(os.environ.get("SETUP_SHEET_SHOTS", ROOT / "test-results" / "setup-sheets"))
PASSWD = "file:///etc/passwd"
REMOTE = "http://example.invalid/x.png"


def rich(document: dict[str, Any]) -> dict[str, Any]:
    """The conftest scenario with more of what a force may hold and a scenario may say."""
    doc = copy.deepcopy(document)
    body = doc["scenario"]
    body["weather"] = ["overcast"]
    body["special_rules"] = [
        {"code": "defender_entrenched"},
        {"code": "custom", "text": "The farmhouse counts as Buildings -3."},
    ]
    body["deck_changes"] = [{"action": "remove", "card_type": "wire", "count": 2}]
    german = body["sides"][1]["force"]
    german["groups"][0]["cards"][1]["secondary"] = ["panzerfaust"]
    german["radios"] = [{"fire_strength": 5}]
    german["snipers"] = 1
    american = body["sides"][0]["force"]
    american["reinforcements"] = [{"after_deck": 1, "cards": [{"card": 5}]}]
    return doc


def hostile(document: dict[str, Any]) -> dict[str, Any]:
    """A scenario whose texts try to make the renderer load a local file and a remote image."""
    doc = copy.deepcopy(document)
    body = doc["scenario"]
    body["title"] = "Trap <b>bold</b>"
    body["description"] = (
        f'See {PASSWD} and {REMOTE}. <img src="{PASSWD}"> <img src="{REMOTE}">'
        f'<link rel="stylesheet" href="{REMOTE}">'
    )
    body["special_rules"] = [
        {
            "code": "custom",
            "text": (
                f'<div style="background: url({PASSWD})">x</div>'
                f"<style>body {{ background: url('{REMOTE}') }}</style>"
                f'<object data="{PASSWD}"></object> url({REMOTE})'
            ),
        }
    ]
    body["victory_conditions"] = {"text": f'<iframe src="{PASSWD}"></iframe>'}
    return doc


@pytest.fixture
def scenario(owner: Any, scenario_document: dict[str, Any]) -> Any:
    return services.scenario_create(owner=owner, data=rich(scenario_document))


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def page_texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def flat(text: str) -> str:
    """Without any whitespace: a text the renderer wrapped (or broke at a hyphen) still matches."""
    return re.sub(r"\s+", "", text)


def card(nationality: str, number: int) -> m.PersonalityCard:
    return m.PersonalityCard.objects.get(nationality__code=nationality, card_no=number)


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every URL any render asks the fetcher for."""
    asked: list[str] = []

    class Spy(StaticAssetFetcher):
        def fetch(self, url: str, headers: Any = None) -> Any:
            asked.append(url)
            return super().fetch(url, headers)

    monkeypatch.setattr(fetcher, "fetcher_factory", Spy)
    return asked


# --- What the sheet says -----------------------------------------------------------------------


def test_the_sheet_prints_the_scenario_its_sides_and_their_cards(scenario: Any) -> None:
    text = squash(text_of(render_scenario_pdf(scenario)))
    assert "Crossroads" in text
    assert "Two squads meet at a crossroads." in text
    assert "1943b (July-December 1943)" in text
    for nationality in ("american", "german"):
        assert m.Nationality.objects.get(code=nationality).name_en in text
        for number in (1, 2, 3, 4):
            assert card(nationality, number).name in text
    assert card("american", 5).name in text  # the reinforcement
    assert "Reinforcements after deck 1" in text
    assert "Panzerfaust" in text and "fire strength 5" in text and "Sniper capability" in text
    assert "Attacker" in text and "Defender" in text


def test_card_values_come_from_the_catalogue_and_unknowns_show_as_a_dash(scenario: Any) -> None:
    text = squash(text_of(render_scenario_pdf(scenario)))
    leader = card("german", 1)
    printed = [leader.morale, leader.panic, leader.dyo_points]
    row = " ".join("—" if v is None else str(v) for v in printed)
    assert f"{leader.name}" in text
    assert row in text, row


def test_values_no_source_gives_print_as_a_dash(scenario_document: dict[str, Any]) -> None:
    # A German card the data knows without morale, panic or price (an AFV), and a number no
    # card carries. The scenario is not saved: the sheet reads only its document and title.
    vehicle = (
        m.PersonalityCard.objects.filter(
            nationality__code="german", morale=None, panic=None, dyo_points=None
        )
        .exclude(card_no=None)
        .first()
    )
    assert vehicle is not None, "the reference data has such a card"
    doc = copy.deepcopy(scenario_document)
    doc["scenario"]["sides"][1]["force"]["groups"][0]["cards"] = [
        {"card": vehicle.card_no},
        {"card": 999},
    ]
    sheet = Scenario(title="Unknowns", document=doc)
    text = squash(text_of(render_scenario_pdf(sheet)))
    # Its name as printed, "unknown" where no source gives it (never the data's remark).
    name = vehicle.printed_name or "unknown"
    assert f"{vehicle.card_no} {name}" in text and "name not given" not in text
    assert re.search(rf"{re.escape(name)} .*?— — —", text), text
    assert "999 unknown card — — — —" in text


def test_special_rules_victory_conditions_weather_and_deck(scenario: Any) -> None:
    text = squash(text_of(render_scenario_pdf(scenario)))
    entrenched = m.SpecialRule.objects.get(code="defender_entrenched")
    assert flat(entrenched.text_en) in flat(text)
    assert "The farmhouse counts as Buildings -3." in text
    assert "Most victory points after three decks." in text
    assert m.WeatherCondition.objects.get(code="overcast").name_en in text
    assert m.TerrainCardType.objects.get(code="wire").name_en in text
    assert "overcast" not in text.replace(
        m.WeatherCondition.objects.get(code="overcast").name_en, ""
    )  # the label, never the code


def test_the_footer_on_every_page_says_status_revision_and_page_of_pages(scenario: Any) -> None:
    pages = page_texts(render_scenario_pdf(scenario))
    revision = data_revision_current()
    assert revision is not None
    day = f"{revision.created_at:%d %B %Y}".lstrip("0")  # "28 November 2026"
    for number, page in enumerate(pages, start=1):
        assert "not validated" in page
        # The reference data in a player's words; its raw label is the verify page's.
        assert f"Rules data of {day} (revision {revision.pk})" in page
        assert revision.label not in page
        assert f"page {number} of {len(pages)}" in page


@pytest.mark.parametrize(("broken", "status"), [(False, "valid"), (True, "has errors")])
def test_the_footer_says_what_the_validation_found(
    owner: Any, scenario_document: dict[str, Any], broken: bool, status: str
) -> None:
    document = rich(scenario_document)
    for side in document["scenario"]["sides"]:  # room for the radio and sniper rich() buys
        side["force"]["budget"] = 400
    if broken:  # M9.3: the jungle topography belongs to the Pacific, this scenario is in Europe
        document["scenario"]["mountain"] = True
        document["scenario"]["topography"] = "jungle"
    scenario = services.scenario_create(owner=owner, data=document)
    result = full_validation(scenario)
    assert result["valid"] is not broken
    pages = page_texts(render_scenario_pdf(scenario, validation=result))
    for page in pages:
        assert f"Setup sheet · version 1 · {status} ·" in page
        assert "not validated" not in page


def test_a_validated_and_simulated_sheet_prints_each_part_once(scenario: Any) -> None:
    validation, simulation = full_validation(scenario), simulate_scenario(scenario, runs=2_000)
    text = squash(
        text_of(render_scenario_pdf(scenario, validation=validation, simulation=simulation))
    )
    # The report partials bring their own headings on a web page; on the sheet the sections do.
    for heading in (
        "Deck preparation",
        "Rules digest",
        "Validation findings",
        "Simulation of the random procedures",
    ):
        assert text.count(heading) == 1, heading
    assert "Full-game validation" not in text and "Random procedures: simulation" not in text
    # The digest prints the overcast weather rule's summary from the data; the simulation its
    # assumption about the Random Numbers.
    overcast = m.WeatherCondition.objects.get(code="overcast")
    assert flat(overcast.summary_en)[:60] in flat(text)
    assumption = m.RandomNumberDistribution.objects.get(code="action_deck").assumption_en
    assert flat(assumption)[:60] in flat(text)


def test_the_sheet_presenter_reads_nothing_it_is_not_handed(
    scenario: Any, django_assert_num_queries: Any
) -> None:
    # The caller reads what the sheet shows of the reference data (scenarios.display.
    # sheet_reads); the presenter only renders it, so a second sheet costs no query.
    reads = sheet_reads(scenario)
    scenario_sheet_html(scenario, reads)  # the per-process caches of names and labels filled
    with django_assert_num_queries(0):
        html = scenario_sheet_html(scenario, reads)
    assert scenario.title in html and reads.period is not None
    assert reads.period.code in html


def test_italian_sheet(scenario: Any) -> None:
    text = squash(text_of(render_scenario_pdf(scenario, SheetOptions(language="it"))))
    assert "Regole speciali" in text or "Regole Speciali" in text
    assert "Preparazione del mazzo" in text
    assert "pagina 1 di" in text
    assert "1943b (luglio-dicembre 1943)" in text
    assert "non convalidato" in text
    assert m.Nationality.objects.get(code="german").name_it in text
    assert flat(m.SpecialRule.objects.get(code="defender_entrenched").text_it) in flat(text)


@pytest.mark.parametrize(("paper", "size"), [("A4", (595, 842)), ("Letter", (612, 792))])
def test_paper_size(scenario: Any, paper: str, size: tuple[int, int]) -> None:
    reader = PdfReader(io.BytesIO(render_scenario_pdf(scenario, SheetOptions(paper=paper))))
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width)), round(float(box.height))) == size


def test_unknown_options_are_refused(scenario: Any) -> None:
    with pytest.raises(SetupSheetError):
        render_scenario_pdf(scenario, SheetOptions(paper="A3"))
    with pytest.raises(SetupSheetError):
        render_scenario_pdf(scenario, SheetOptions(language="fr"))


FILL = re.compile(rb"(?<![\d.])([\d.]+) ([\d.]+) ([\d.]+) rg\b")


def fill_colours(pdf: bytes) -> set[tuple[float, float, float]]:
    """The RGB fill colours the pages' content streams set (text, rules and backgrounds)."""
    colours = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        data = page.get_contents().get_data()  # type: ignore[union-attr]
        for r, g, b in FILL.findall(data):
            colours.add((float(r), float(g), float(b)))
    return colours


def test_ink_saving_prints_no_grey_fills(scenario: Any) -> None:
    normal = fill_colours(render_scenario_pdf(scenario))
    saving = fill_colours(render_scenario_pdf(scenario, SheetOptions(ink_saving=True)))
    black_or_white = {(0.0, 0.0, 0.0), (1.0, 1.0, 1.0)}
    assert normal - black_or_white, "the normal sheet has its grey bands"
    assert saving <= black_or_white, saving


# --- A library ------------------------------------------------------------------------------


def test_library_pdf_has_cover_contents_with_page_numbers_and_bookmarks(
    owner: Any, scenario_document: dict[str, Any]
) -> None:
    library = services.library_create(
        owner=owner, title="Desert & Steppe", description="Three fights."
    )
    titles = ["Crossroads", "Orchard at dawn", "The long bridge"]
    scenarios = []
    for title in titles:
        doc = rich(scenario_document)
        doc["scenario"]["title"] = title
        scenarios.append(
            (services.scenario_create(owner=owner, data=doc, library=library), None, None)
        )
    pdf = render_library_pdf(library, scenarios)
    pages = page_texts(pdf)
    assert "Desert & Steppe" in pages[0] and "Three fights." in pages[0]
    contents = squash(pages[1])
    assert "Contents" in contents
    reader = PdfReader(io.BytesIO(pdf))
    outline = {
        item.title: reader.get_destination_page_number(item)
        for item in reader.outline
        if not isinstance(item, list)
    }
    for title in titles:
        start = next(
            i
            for i, page in enumerate(pages)
            if page.lstrip().startswith("Setup sheet") and title in page
        )
        # The contents line: the title, dot leaders, the page number the sheet starts on.
        assert re.search(rf"{re.escape(title)}[ .]*{start + 1}\b", contents), (title, contents)
        assert outline[title] == start
    assert len({outline[t] for t in titles}) == len(titles)  # each on its own page

    other = render_library_pdf(
        library, scenarios, SheetOptions(paper="Letter", language="it", ink_saving=True)
    )
    assert "Indice" in page_texts(other)[1]
    assert {
        (round(float(p.mediabox.width)), round(float(p.mediabox.height)))
        for p in PdfReader(io.BytesIO(other)).pages
    } == {(612, 792)}
    assert fill_colours(other) <= {(0.0, 0.0, 0.0), (1.0, 1.0, 1.0)}


# --- The fetcher ----------------------------------------------------------------------------------


def test_user_text_cannot_make_the_renderer_fetch_anything(
    owner: Any, scenario_document: dict[str, Any], spy: list[str]
) -> None:
    trap = services.scenario_create(owner=owner, data=hostile(scenario_document))
    text = squash(text_of(render_scenario_pdf(trap)))
    prefix = fetcher.static_prefix()
    assert all(url.startswith(prefix) for url in spy), spy
    assert not any("passwd" in url or "example.invalid/x" in url for url in spy)
    # The markup is printed as text, escaped.
    assert "Trap <b>bold</b>" in text
    assert f'<img src="{PASSWD}">' in text
    assert "root:" not in text


@pytest.mark.parametrize(
    "url",
    [
        PASSWD,
        REMOTE,
        "https://example.invalid/static/css/print.css",
        "data:image/png;base64,iVBORw0KGgo=",
        "data:text/css,body{}",
        PRINT_ORIGIN + "static/../../../etc/passwd",
        PRINT_ORIGIN + "static/css/%2e%2e/%2e%2e/settings.py",
        PRINT_ORIGIN + "static//etc/passwd",
        PRINT_ORIGIN + "static/css/print.css?x=1",
        PRINT_ORIGIN + "etc/passwd",
        PRINT_ORIGIN + "static/no-such-file.css",
        "/etc/passwd",
    ],
)
def test_the_fetcher_refuses_everything_but_our_static_files(url: str) -> None:
    with pytest.raises(ValueError):
        StaticAssetFetcher()(url)


def test_markup_reaching_the_renderer_goes_through_the_fetcher(spy: list[str]) -> None:
    # The second wall: were markup ever to reach the renderer unescaped, every URL in it is
    # asked of the fetcher, which serves our static files and refuses the rest.
    ours = PRINT_ORIGIN + "static/css/print.css"
    html = (
        f'<link rel="stylesheet" href="/static/css/print.css"><img src="{PASSWD}">'
        f'<img src="{REMOTE}"><p style="background: url({PASSWD})">x</p>'
    )
    data = pdf.html_to_pdf(html)
    assert data.startswith(b"%PDF")
    assert ours in spy
    assert PASSWD in spy and REMOTE in spy  # asked, and refused (the render went on)


def test_the_fetcher_serves_our_stylesheet() -> None:
    response = StaticAssetFetcher()(PRINT_ORIGIN + "static/css/print.css")
    assert b"@page" in response.read()


# --- Content-addressed storage ------------------------------------------------------------------


@pytest.fixture
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = str(tmp_path)
    return tmp_path


def test_same_inputs_render_once_and_are_served_from_storage(scenario: Any, media: Path) -> None:
    renders = []

    def render() -> bytes:
        renders.append(1)
        return render_scenario_pdf(scenario)

    key = storage.scenario_sheet_key(scenario)
    first = stored_pdf(key, render)
    again = stored_pdf(storage.scenario_sheet_key(scenario), render)
    assert first == again == f"setup-sheets/{key}.pdf"
    assert len(renders) == 1
    assert (media / first).read_bytes().startswith(b"%PDF")
    with default_storage.open(first) as handle:
        assert "Crossroads" in text_of(handle.read())


def test_keys_change_with_every_input(scenario: Any) -> None:
    document = scenario.document
    base = {"data_revision": "r1-abc", "paper": "A4", "language": "en", "ink_saving": False}
    key = setup_sheet_key([document], **base)
    assert key == setup_sheet_key([copy.deepcopy(document)], **base)
    others = [
        setup_sheet_key([document], **{**base, "paper": "Letter"}),
        setup_sheet_key([document], **{**base, "language": "it"}),
        setup_sheet_key([document], **{**base, "ink_saving": True}),
        setup_sheet_key([document], **{**base, "data_revision": "r2-def"}),
        setup_sheet_key([document], **base, results=[{"valid": True}, None]),
    ]
    changed = copy.deepcopy(document)
    changed["scenario"]["title"] = "Another"
    others.append(setup_sheet_key([changed], **base))
    assert len({key, *others}) == len(others) + 1
    assert all(re.fullmatch(r"[0-9a-f]{64}", k) for k in others)


def test_editing_a_print_template_changes_the_key(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    template = tmp_path / "sheet.html"
    template.write_text("<h1>{{ title }}</h1>")
    monkeypatch.setattr(storage, "LAYOUT_FILES", (str(tmp_path),))
    storage._layout_fingerprint.cache_clear()
    before = setup_sheet_key([{"scenario": {}}], data_revision="r1")
    template.write_text("<h1 class='title'>{{ title }}</h1>")
    storage._layout_fingerprint.cache_clear()
    after = setup_sheet_key([{"scenario": {}}], data_revision="r1")
    storage._layout_fingerprint.cache_clear()
    assert before != after


def test_the_chart_code_is_part_of_the_layout() -> None:
    # The charts are written by Python, not by a template: a change there changes stored sheets.
    for module in ("scenarios/presenters/charts.py", "scenarios/presenters/simulation.py"):
        assert module in storage.LAYOUT_FILES
        assert (Path(settings.BASE_DIR) / module).is_file()


def test_a_key_that_is_not_a_hash_is_refused() -> None:
    with pytest.raises(SetupSheetError):
        stored_pdf("../../etc/passwd", lambda: b"")


# --- A look at the pages ------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) missing")
@pytest.mark.parametrize(
    ("paper", "language", "ink_saving"),
    [("A4", "en", False), ("Letter", "it", True), ("A4", "it", False), ("Letter", "en", True)],
)
def test_first_page_as_an_image(
    scenario: Any, tmp_path: Path, paper: str, language: str, ink_saving: bool
) -> None:
    pdf = render_scenario_pdf(
        scenario, SheetOptions(paper=paper, language=language, ink_saving=ink_saving)
    )
    source = tmp_path / "sheet.pdf"
    source.write_bytes(pdf)
    SHOTS.mkdir(parents=True, exist_ok=True)
    name = f"setup-sheet-{paper.lower()}-{language}-{'ink' if ink_saving else 'normal'}"
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            "60",
            "-png",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            str(source),
            str(SHOTS / name),
        ],
        check=True,
    )
    image = (SHOTS / f"{name}.png").read_bytes()
    assert image.startswith(b"\x89PNG")
    width, height = int.from_bytes(image[16:20], "big"), int.from_bytes(image[20:24], "big")
    expected = {"A4": (496, 702), "Letter": (510, 660)}[paper]  # points at 60 dpi
    assert abs(width - expected[0]) <= 2 and abs(height - expected[1]) <= 2


def test_a_sheet_names_the_version_it_was_made_from(scenario: Any) -> None:
    assert "version 1" in text_of(render_scenario_pdf(scenario))
    first = storage.scenario_sheet_key(scenario)
    # A change that the document does not hold (who may see it) is a new version: a new sheet.
    services.scenario_update(scenario=scenario, visibility="public")
    assert scenario.version == 2
    assert storage.scenario_sheet_key(scenario) != first
    assert "version 2" in text_of(render_scenario_pdf(scenario))


def _mountain_sheet(document: dict[str, Any], **german: Any) -> Scenario:
    doc = copy.deepcopy(document)
    body = doc["scenario"]
    body.update(mountain=True, terrain_deck="mountain")
    for side in body["sides"]:
        side["force"]["mountain"] = True
    body["sides"][1]["force"].update(german)
    return Scenario(title="Pass", document=doc)


@pytest.mark.parametrize(
    ("language", "line", "elite", "words"),
    [
        ("en", "Troop type: Line", "Troop type: Elite", "Mountain troops"),
        ("it", "Tipo di truppa: Linea", "Tipo di truppa: Élite", "Truppe da montagna"),
    ],
)
def test_only_elites_that_drew_a_black_rn_print_as_mountain_troops(
    scenario_document: dict[str, Any], language: str, line: str, elite: str, words: str
) -> None:
    # M12.1 (seed 000_1a586b5640df8116.txt:361-363): in a mountain DYO game elites are mountain
    # troops only on a black RN; "mountain" on a force is only the article it fights under.
    two_lines = squash(
        text_of(
            render_scenario_pdf(_mountain_sheet(scenario_document), SheetOptions(language=language))
        )
    )
    assert two_lines.count(f"{line} · ") == 2
    assert f"{line} · {words}" not in two_lines and words not in two_lines

    red = _mountain_sheet(scenario_document, troop_type="elite", mountain_troops=False)
    assert words not in squash(text_of(render_scenario_pdf(red, SheetOptions(language=language))))

    black = _mountain_sheet(scenario_document, troop_type="elite", mountain_troops=True)
    text = squash(text_of(render_scenario_pdf(black, SheetOptions(language=language))))
    assert f"{elite} · {words}" in text
    assert f"{line} · {words}" not in text and text.count(words) == 1
