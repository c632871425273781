"""Every value a player reads is a label: a special rule's parameters and values in words.

The same special rules, with their parameters, read the same on the scenario page, the setup
sheet, the designer and the reference page, in English and in Italian; never as the codes the
document stores ("Cards sniper", "Side attacker").
"""

from __future__ import annotations

import copy
import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from scenarios import services
from scenarios.display import sheet_reads
from scenarios.jobs.services import JobInputError, job_request
from scenarios.presenters.sheet import SheetOptions, scenario_sheet_html
from tests.scenarios.support.forms_html import form_data
from upfront.reference import models as m

pytestmark = pytest.mark.django_db

RULES = [
    {"code": "cower_cards", "params": {"card_types": ["sniper", "minefield"], "side": "attacker"}},
    {
        "code": "setup_card_given",
        "params": {"side": "defender", "card_type": "pillbox", "placed_on_group": "B"},
    },
    {"code": "minefields_are_booby_traps", "params": {"side": "partisan"}},
    {"code": "first_player", "params": {"sets_up_first": "axis", "moves_first": "card_order"}},
    {
        "code": "cards_removed",
        "params": {"card_type": "buildings", "count": "all", "which": "all_except_occupied"},
    },
]

# (parameter, value) as a player reads them, rule by rule.
# In the parameters table's order (scenarios.presenters.display.PARAMETER_ORDER), on every database.
WORDS = {
    "en": [
        ("Side", "the attacker"),
        ("Card types", "Sniper, Minefield"),
        ("Side", "the defender"),
        ("Card type", "Pillbox"),
        ("Placed on group", "B"),
        ("Side", "the partisan side"),
        ("Sets up first", "the Axis side"),
        ("Moves first", "in the order shown on the card"),
        ("How many", "all"),
        ("Card type", "Buildings (either value)"),
        ("Which cards", "all except those occupied"),
    ],
    "it": [
        ("Parte", "l'attaccante"),
        ("Tipi di carta", "Cecchino, Campo Minato"),
        ("Parte", "il difensore"),
        ("Tipo di carta", "Casamatta"),
        ("Posta sul gruppo", "B"),
        ("Parte", "la parte partigiana"),
        ("Si schiera per primo", "la parte dell'Asse"),
        ("Muove per primo", "nell'ordine indicato sulla carta"),
        ("Quante", "tutte"),
        ("Tipo di carta", "Edifici (di entrambi i valori)"),
        ("Quali carte", "tutte tranne quelle occupate"),
    ],
}
RULE_WORD = {"en": "scenario card", "it": "carta dello scenario"}
# Codes of the rules above that are not also English words a label may contain.
CODES = ["sniper", "minefield", "pillbox", "partisan<", "card_order", "all_except_occupied"]


def _pairs(html: str) -> list[tuple[str, str]]:
    """Every (term, description) of the parameter lists, in page order."""
    pairs = []
    for block in re.findall(r'<dl class="params">(.*?)</dl>', html, flags=re.S):
        for term, value in re.findall(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", block, flags=re.S):
            pairs.append((unescape(term).strip(), unescape(value).strip()))
    return pairs


@pytest.fixture
def scenario(owner: Any, scenario_document: dict[str, Any]) -> Any:
    document = copy.deepcopy(scenario_document)
    document["scenario"]["special_rules"] = copy.deepcopy(RULES)
    return services.scenario_create(owner=owner, data=document)


def _page(owner: Any, url: str, language: str) -> str:
    client = Client()
    client.force_login(owner)
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_scenario_page_names_every_parameter_and_value(owner, scenario, language) -> None:
    html = _page(owner, f"/scenarios/{scenario.public_id}/", language)
    assert _pairs(html) == WORDS[language]
    # The rules' reference is a word too ("scenario card"), in the reader's language.
    assert html.count(RULE_WORD[language]) == len(RULES)
    assert [code for code in CODES if code in html.split("<main", 1)[-1]] == []


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_setup_sheet_names_every_parameter_and_value(scenario, language) -> None:
    options = SheetOptions(language=language)
    html = scenario_sheet_html(scenario, sheet_reads(scenario, options), options)
    assert _pairs(html) == WORDS[language]
    body = html.split("<body", 1)[-1]
    assert [code for code in CODES if code in body] == []


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", {"Card types": ["Sniper", "Minefield"], "Side": "the attacker"}),
        ("it", {"Tipi di carta": ["Cecchino", "Campo Minato"], "Parte": "l'attaccante"}),
    ],
)
def test_the_designer_offers_card_types_and_sides_in_words(
    owner, scenario, language, expected
) -> None:
    html = unescape(_page(owner, f"/scenarios/{scenario.public_id}/edit/", language))
    row = html.split('name="rule-0-code"', 1)[1].split('name="rule-1-code"', 1)[0]
    (card_types, cards), (side, chosen) = expected.items()
    assert re.search(rf">{card_types}:?<", row) and re.search(rf">{side}:?<", row)
    # The card types are offered as names, the chosen ones ticked; the side by its label.
    for name in cards:
        assert re.search(rf'value="\w+"[^>]*checked[^>]*>\s*{re.escape(name)}\s*</label>', row), (
            name
        )
    assert re.search(rf'<option value="attacker" selected>{re.escape(chosen)}</option>', row)
    assert "codes separated by commas" not in row and "terrain card type code" not in row
    # Each rule's reference in words in the reader's language, in the choice and beside it.
    other = RULE_WORD["it" if language == "en" else "en"]
    assert f"({RULE_WORD[language]})</option>" in row and other not in html


@pytest.mark.parametrize(
    ("language", "parameter", "values"),
    [
        ("en", "On which groups", "any group, its own groups or its own group B"),
        ("it", "Su quali gruppi", "qualsiasi gruppo, i propri gruppi o il proprio gruppo B"),
    ],
)
def test_the_reference_page_and_the_designer_say_the_same(
    owner, language, parameter, values
) -> None:
    reference = unescape(_page(owner, "/reference/special-rules/", language))
    row = reference.split('id="ssr-setup_elevation_cards"', 1)[1].split("</tr>", 1)[0]
    assert f"<dt>{parameter}</dt><dd>{values}</dd>" in row
    client = Client()
    client.force_login(owner)
    # The designer shows a rule's parameters once the rule is chosen (a refresh).
    data = form_data(client.get("/scenarios/new/", HTTP_ACCEPT_LANGUAGE=language).content.decode())
    data.update({"rule-TOTAL_FORMS": "1", "rule-0-code": "setup_elevation_cards"})
    refreshed = client.post(
        "/scenarios/new/",
        {**data, "action": "refresh"},
        HTTP_ACCEPT_LANGUAGE=language,
        headers={"HX-Request": "true"},
    ).content.decode()
    assert re.search(rf">{parameter}:?<", unescape(refreshed))
    offered = re.findall(r"<option value=\"(\w+)\">([^<]*)</option>", unescape(refreshed))
    targets = ("any_group", "own_groups", "own_group_b")
    names = [name for code, name in offered if code in targets]
    # The same three words the reference page joins.
    assert len(names) == 3 and values.startswith(f"{names[0]}, {names[1]} ")
    assert values.endswith(names[2])


def test_the_card_types_a_special_rule_offers_are_the_datas_and_the_sniper() -> None:
    from scenarios.forms import designer_options

    offered = [code for code, _name in designer_options().rule_card_types]
    data = list(m.TerrainCardType.objects.values_list("code", flat=True))
    assert offered == ["buildings", *data, "sniper"]


def test_a_refused_library_job_says_why_in_the_readers_language(owner: Any) -> None:
    library = services.library_create(owner=owner, title="Shelf", description="")
    with translation.override("it"), pytest.raises(JobInputError) as refused:
        job_request(user=owner, kind="validate", library=library)
    assert refused.value.errors == [
        {
            "path": "kind",
            "message": "L'unica elaborazione di una raccolta sono le schede di preparazione della "
            "raccolta (PDF).",
        }
    ]
