"""What a newcomer tripped over (issue 21 §7), on the server's side: the roll page marks the
draw just re-rolled and lists the deck changes the designer receives; the designer's special
rules read by name; "Fill in" sets who moves first; Italian sentences agree with their role."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scenarios.forms.options import rule_choice_label
from scenarios.prefill import prefill_apply, published_scenario_prefill
from tests.scenarios.support.forms_html import form_data
from upfront import labels
from upfront.reference import models as ref

pytestmark = pytest.mark.django_db


def _reroll_link(page: str, key: str) -> str:
    found = re.search(rf'data-key="{key}">.*?<a class="reroll" href="([^"]+)"', page, re.S)
    assert found, key
    return unescape(found.group(1))


def test_a_rerolled_draw_is_marked_even_when_it_draws_the_same_again() -> None:
    client = Client()
    page = client.get("/scenarios/roll/?seed=12345&theatre=ETO").content.decode()
    assert 'class="draw rerolled"' not in page and "Re-rolled" not in page
    link = _reroll_link(page, "time_limit")
    assert link.endswith("#rerolled") and "rerolled=time_limit" in link
    # Whatever the new seed draws, the page says this draw was re-rolled and how it came out.
    again = client.get(link.split("#")[0]).content.decode()
    marked = re.findall(r'<li class="draw rerolled" id="rerolled" data-key="([a-z_]+)">', again)
    assert marked == ["time_limit"]
    assert ("Re-rolled: the same result again." in again) != ("Re-rolled: a new result." in again)
    # The same result as the link's: said so.
    value = re.search(r"was=([^&#]+)", link).group(1)  # type: ignore[union-attr]
    base = link.split("#")[0]
    same = client.get(re.sub(r"s_time_limit=\d+", "", base)).content.decode()
    assert value and "Re-rolled: the same result again." in same
    # The share link and the designer's carry the roll only, not the mark.
    assert "rerolled=" not in re.search(r'id="roll-link" value="([^"]+)"', again).group(1)  # type: ignore[union-attr]


def test_the_roll_page_lists_the_deck_changes_the_designer_receives() -> None:
    from scenarios import generation

    answer = generation.scenario_generate(generation.GenerateRequest(seed=12345))
    changes = answer["document"]["scenario"]["deck_changes"]
    assert changes, "seed 12345 rolls a victory row with deck changes"
    page = Client().get("/scenarios/roll/?seed=12345&theatre=ETO").content.decode()
    listed = re.search(r'<ul class="notes" id="roll-deck-changes">(.*?)</ul>', page, re.S)
    assert listed
    items = re.findall(r"<li>(.*?)</li>", listed.group(1), re.S)
    assert len(items) == len(changes)
    names = {t.code: t.name for t in ref.TerrainCardType.objects.all()}
    for item, change in zip(items, changes, strict=True):
        assert str(labels.standalone("deck_change_action", change["action"])) in item
        assert names.get(change["card_type"], "") in item
        assert change["card_type"] not in item.split(":")[0]  # words, not codes


def test_special_rules_are_offered_by_short_name() -> None:
    rules = list(ref.SpecialRule.objects.all())
    assert rules
    # Every special rule of the reference data has a name (none falls back to its cut text).
    assert [r.code for r in rules if not labels.has_label("ssr_name", r.code)] == []
    offered = {r.code: rule_choice_label(r) for r in rules}
    assert offered["first_player"] == "First player (scenario card)"
    assert offered["minefields_cower"] == "Minefields are cower cards (M11)"
    assert all("…" not in label and len(label) <= 60 for label in offered.values()), offered


def test_special_rule_names_in_italian() -> None:
    from django.utils import translation

    rule = ref.SpecialRule.objects.get(code="pillbox_not_elevation")
    with translation.override("it"):
        assert rule_choice_label(rule) == "La Casamatta non è il livello 4 (M11)"


def _body(attacker: str, defender: str) -> dict[str, Any]:
    return {
        "sides": [
            {"role": "attacker", "force": {"nationality": attacker}},
            {"role": "defender", "force": {"nationality": defender}},
        ]
    }


@pytest.mark.parametrize(
    ("letter", "attacker", "defender", "first"),
    [
        ("A", "american", "german", "defender"),  # "Axis sets up and moves first"
        ("A", "german", "russian", "attacker"),
        ("A", "german", "italian", None),  # both Axis: the rule cannot say
        ("X", "american", "german", "attacker"),  # defender sets up, attacker moves first
        ("G", "american", "german", "defender"),
        ("J", "american", "german", None),  # the card's order
    ],
)
def test_fill_in_sets_who_moves_first(
    letter: str, attacker: str, defender: str, first: str | None
) -> None:
    prefill = published_scenario_prefill(letter, mountain=False)
    assert prefill is not None
    body = prefill_apply(_body(attacker, defender), prefill)
    assert body["first_player"] == first


def test_fill_in_from_the_designer_selects_first_player(client: Client, owner) -> None:  # type: ignore[no-untyped-def]
    client.force_login(owner)
    page = client.get("/scenarios/new/").content.decode()
    data = form_data(page, "designer-form")
    data.update({"based_on": "A", "action": "prefill"})
    answer = client.post("/scenarios/new/", data).content.decode()
    selected = re.search(r'<select name="first_player"[^>]*>(.*?)</select>', answer, re.S)
    assert selected
    # American attacker, German defender (the new scenario's sides): the Axis is the defender.
    assert re.search(r'<option value="defender" selected>', selected.group(1))


def test_italian_sentences_agree_with_the_role(client: Client, owner, scenario_document) -> None:  # type: ignore[no-untyped-def]
    from scenarios import services

    scenario = services.scenario_create(owner=owner, data=scenario_document)
    client.force_login(owner)
    client.cookies["django_language"] = "it"
    force = scenario_document["scenario"]["sides"][1]["force"]

    for role, expected in (
        ("defender", "La forza del difensore è salvata"),
        ("attacker", "La forza dell'attaccante è salvata"),
    ):
        response = client.post(
            reverse(
                "scenarios:side_builder_save",
                kwargs={"public_id": scenario.public_id, "role": role},
            ),
            {
                "force": json.dumps(
                    {**force, "nationality": "german" if role == "defender" else "american"}
                )
            },
            follow=True,
        )
        text = unescape(response.content.decode())
        assert expected in text, role
        assert "dell'difensore" not in text
    page = client.get(reverse("scenarios:new")).content.decode()
    blank = re.search(r'<select name="based_on"[^>]*>\s*<option value=""[^>]*>([^<]*)<', page)
    assert blank and blank.group(1) == "nessuno"
