"""The "Roll a scenario" page and the designer it opens (a new, unsaved scenario)."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from scenarios.models import Scenario
from tests.scenarios.support.forms_html import form_data

pytestmark = pytest.mark.django_db


def _page(client: Client, url: str, **headers: str) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def _draws(page: str) -> list[tuple[str, str, str]]:
    """Each draw's key, number drawn and outcome as the page shows them."""
    return re.findall(
        r'data-key="([a-z_]+)">.*?<div class="draw-number">(.*?)</div>\s*'
        r'<div class="draw-value">(.*?)</div>',
        page,
        re.S,
    )


def test_roll_redirects_to_a_seeded_address_anyone_may_open() -> None:
    response = Client().get("/scenarios/roll/", {"roll": "1", "theatre": "ETO", "mountain": "1"})
    assert response.status_code == 302
    query = parse_qs(urlsplit(response["Location"]).query)
    assert query["seed"][0].isdigit() and query["mountain"] == ["1"]
    first = _page(Client(), response["Location"])
    assert _draws(first) == _draws(_page(Client(), response["Location"]))  # the same draws
    assert len(_draws(first)) >= 6
    assert "43.31" in first and "43.34" in first and "M12.1" in first
    assert "Open in the designer" in first


def test_every_draw_has_its_number_rule_and_a_reroll_link() -> None:
    body = _page(Client(), "/scenarios/roll/?seed=31&theatre=ETO")
    keys = re.findall(r'data-key="([a-z_]+)"', body)
    assert keys[:4] == ["tactical_position", "time_frame", "victory_conditions", "time_limit"]
    links = re.findall(r'class="reroll" href="([^"]+)"', body)
    assert len(links) == len(keys)
    # Re-rolling the time limit keeps the seed and gives that draw alone a new one.
    link = next(u for u in links if "s_time_limit=" in u).replace("&amp;", "&")
    assert "seed=31" in link and link.count("s_") == 1
    assert "RN " in body and ("rn-red" in body or "rn-black" in body)
    assert "43.35-43.36" in body  # the bid left to the players


def test_the_page_in_italian() -> None:
    body = _page(Client(), "/scenarios/roll/?seed=31&theatre=ETO", HTTP_ACCEPT_LANGUAGE="it")
    assert "Genera uno scenario" in body
    assert "Apri nel designer" in body or "Apri nell" in body


def test_the_pacific_asks_for_the_sides() -> None:
    body = _page(Client(), "/scenarios/roll/?seed=31&theatre=PTO")
    assert 'id="roll-errors"' in body and "43.31" in body
    body = _page(
        Client(), "/scenarios/roll/?seed=31&theatre=PTO&attacker=japanese&defender=british"
    )
    assert "43.32" in body and 'id="roll-errors"' in body
    body = _page(
        Client(),
        "/scenarios/roll/?seed=31&theatre=PTO&attacker=japanese&defender=british&period=1943a",
    )
    assert 'id="roll-errors"' not in body and "45.9" in body


def test_open_in_the_designer_then_save(owner: Any) -> None:
    client = Client()
    client.force_login(owner)
    roll = _page(client, "/scenarios/roll/?seed=8&theatre=ETO&mountain=1")
    url = re.search(r'href="([^"]+)" id="open-designer"', roll).group(1).replace("&amp;", "&")
    assert url.startswith("/scenarios/new/?")
    designer = _page(client, url)
    assert 'id="rolled-note"' in designer and Scenario.objects.count() == 0
    data = form_data(designer, "designer-form")
    response = client.post(url.split("?")[0], {**data, "action": "save"})
    assert response.status_code == 302, response.content.decode()[:3000]
    saved = Scenario.objects.get()
    expected = client.post(
        "/api/v1/scenarios/generate",
        {"seed": 8, "mountain": True},
        content_type="application/json",
    ).json()["document"]["scenario"]
    stored = saved.document["scenario"]
    for key in ("period", "time_limit_decks", "first_player", "victory_conditions", "mountain"):
        assert stored[key] == expected[key], key
    assert [(c["action"], c["card_type"]) for c in stored["deck_changes"]] == [
        (c["action"], c["card_type"]) for c in expected["deck_changes"]
    ]
    for side, drawn in zip(stored["sides"], expected["sides"], strict=True):
        force, want = side["force"], drawn["force"]
        assert force["nationality"] == want["nationality"]
        assert force["troop_type"] == want["troop_type"]
        assert force.get("mountain_troops") == want.get("mountain_troops")
    # The bid's custom rule keeps its reference (43.35-43.36) through the designer, and the
    # designer says so beside the rule.
    assert stored["special_rules"] == expected["special_rules"]
    # 43.6's snipers travel as the catalogue's rule allotting them to the defender, which the
    # check reads (the defender does not pay for them).
    assert {r["rule"] for r in stored["special_rules"] if r["code"] == "custom"} == {"43.35-43.36"}
    allotted = [r for r in stored["special_rules"] if r["code"] == "snipers_allotted"]
    assert [(r["rule"], r["params"]) for r in allotted] == [("43.6", {"side": "defender"})]
    assert "Rule reference kept from the document:" in designer and "43.35-43.36" in designer


def test_a_rules_own_reference_is_dropped_with_a_change_of_its_code(owner: Any) -> None:
    client = Client()
    client.force_login(owner)
    roll = _page(client, "/scenarios/roll/?seed=8&theatre=ETO")
    url = re.search(r'href="([^"]+)" id="open-designer"', roll).group(1).replace("&amp;", "&")
    data = form_data(_page(client, url), "designer-form")
    custom = next(
        k
        for k, v in data.items()
        if k.endswith("-code")
        and v == "custom"
        and data[f"{k.removesuffix('-code')}-source_rule"] == "43.35-43.36"
    )
    prefix = custom.removesuffix("-code")
    assert data[f"{prefix}-source_rule"] == "43.35-43.36"
    data[custom] = "defender_entrenched"  # another rule: the custom rule's reference is not its
    response = client.post(url.split("?")[0], {**data, "action": "save"})
    assert response.status_code == 302, response.content.decode()[:3000]
    rules = Scenario.objects.get().document["scenario"]["special_rules"]
    assert "43.35-43.36" not in {r.get("rule") for r in rules}
    assert "defender_entrenched" in {r["code"] for r in rules}


def test_the_designer_needs_an_account() -> None:
    response = Client().get("/scenarios/new/?seed=8&theatre=ETO")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_unticking_the_mountain_rules_drops_the_mountain_troops_draw(owner: Any) -> None:
    # M12.1: the draw's outcome belongs to a mountain game; without the mountain rules the
    # saved force must not keep it (the force check would refuse it).
    client = Client()
    client.force_login(owner)
    for seed in range(200):
        answer = client.post(
            "/api/v1/scenarios/generate",
            {"seed": seed, "mountain": True},
            content_type="application/json",
        ).json()
        if any("mountain_troops" in s["force"] for s in answer["document"]["scenario"]["sides"]):
            break
    else:
        pytest.fail("no seed gave an elite side a mountain troops draw")
    url = f"/scenarios/new/?{answer['query']}"
    data = form_data(_page(client, url), "designer-form")
    data.pop("mountain", None)
    response = client.post("/scenarios/new/", {**data, "action": "save"})
    assert response.status_code == 302
    sides = Scenario.objects.get().document["scenario"]["sides"]
    assert all("mountain_troops" not in s["force"] for s in sides)
    assert all(s["force"]["mountain"] is False for s in sides)


def test_the_victory_row_may_be_chosen_on_the_page_and_the_api() -> None:
    # 43.33: the players may agree on the row; the page offers it and keeps it in its address.
    client = Client()
    drawn = _page(client, "/scenarios/roll/?seed=8&theatre=ETO")
    assert "victory_conditions" in [key for key, _n, _v in _draws(drawn)]
    assert 'name="victory_row"' in drawn and "may agree on another victory conditions row" in drawn
    chosen = _page(client, "/scenarios/roll/?seed=8&theatre=ETO&victory_row=6")
    assert "victory_conditions" not in [key for key, _n, _v in _draws(chosen)]
    assert "Victory conditions row 6 chosen by the players, not drawn (43.33)." in chosen
    assert re.search(r'<option value="6" selected>Row 6: ', chosen)
    assert "victory_row=6" in re.search(
        r'id="open-designer"[^>]*|href="[^"]+" id="open-designer"', chosen
    ).group(0)
    italian = _page(
        Client(), "/scenarios/roll/?seed=8&theatre=ETO&victory_row=6", HTTP_ACCEPT_LANGUAGE="it"
    )
    assert (
        "Riga 6 delle condizioni di vittoria scelta dai giocatori, non estratta (43.33)." in italian
    )
    answer = client.post(
        "/api/v1/scenarios/generate",
        {"seed": 8, "victory_row": 5, "mountain": True},
        content_type="application/json",
    ).json()
    body = answer["document"]["scenario"]
    assert body["victory_conditions"]["rpn"] == 5
    assert "pillbox_not_elevation" in [r["code"] for r in body["special_rules"]]
    refused = client.post(
        "/api/v1/scenarios/generate", {"seed": 8, "victory_row": 9}, content_type="application/json"
    )
    assert refused.status_code == 400 and refused["Content-Type"] == "application/problem+json"
    assert "victory_row" in refused.content.decode()


def test_an_empty_unit_type_column_is_refused_naming_the_date() -> None:
    # The US 1942a column is printed "–" (43): the answer names the period the request has.
    client = Client()
    refused = client.post(
        "/api/v1/scenarios/generate",
        {"seed": 3, "attacker": "american", "defender": "german", "period": "1942a"},
        content_type="application/json",
    )
    assert refused.status_code == 400
    errors = refused.json()["errors"]
    assert [e["path"] for e in errors] == ["period"]
    assert "gives no American troops for 1942a" in errors[0]["message"]
    page = _page(
        Client(),
        "/scenarios/roll/?seed=3&attacker=japanese&defender=russian",
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert "la tabella del periodo (43.32) può dare" in page


def _saved_roll(client: Client, query: str = "seed=8&theatre=ETO") -> Scenario:
    roll = _page(client, f"/scenarios/roll/?{query}")
    url = re.search(r'href="([^"]+)" id="open-designer"', roll).group(1).replace("&amp;", "&")
    data = form_data(_page(client, url), "designer-form")
    response = client.post(url.split("?")[0], {**data, "action": "save"})
    assert response.status_code == 302, response.content.decode()[:3000]
    return Scenario.objects.get()


def test_a_saved_roll_is_forces_not_bought_not_faulty(owner: Any, stranger: Any) -> None:
    # 43.35-43.36 leave the points to the bid: a saved roll has no cards yet. Its page says what
    # to do next and links each side's builder; it is not "The scenario has faults".
    client = Client()
    client.force_login(owner)
    saved = _saved_roll(client)
    assert saved.valid is False  # nothing bought: it cannot be played yet
    page = _page(client, f"/scenarios/{saved.public_id}/")
    assert 'id="forces-not-bought"' in page and "Forces not bought yet" in page
    assert "The scenario has faults." not in page and 'id="scenario-faults"' not in page
    assert "Buy the defending force together, in the builder." in page
    for role, label in (("attacker", "Attacker"), ("defender", "Defender")):
        link = f'href="/builder/scenario/{saved.public_id}/{role}/" data-role="{role}"'
        assert link in page
        assert f"{label}: buy the force in the builder" in page
    italian = _page(client, f"/scenarios/{saved.public_id}/", HTTP_ACCEPT_LANGUAGE="it")
    assert "Forze non ancora acquistate" in italian
    assert "Attaccante: acquista la forza nel costruttore" in italian
    # The player's scenarios list it under "to finish".
    mine = _page(client, "/scenarios/mine/")
    to_finish = re.search(r'<section id="to-finish".*?</section>', mine, re.S)
    assert to_finish is not None and saved.title in to_finish.group(0)
    assert "Da completare" in _page(client, "/scenarios/mine/", HTTP_ACCEPT_LANGUAGE="it")
    # Made public, a stranger reads the same state, without the builder's links.
    Scenario.objects.filter(pk=saved.pk).update(visibility="public", effective_visibility="public")
    other = Client()
    other.force_login(stranger)
    seen = _page(other, f"/scenarios/{saved.public_id}/")
    assert 'id="forces-not-bought"' in seen and 'id="buy-forces"' not in seen
    assert 'id="to-finish"' not in _page(other, "/scenarios/mine/")


def test_a_roll_with_a_real_fault_still_reads_as_faulty(owner: Any) -> None:
    # Only a force with no card is "not bought": a side that bought an illegal force is a fault.
    client = Client()
    client.force_login(owner)
    saved = _saved_roll(client)
    document = saved.document
    document["scenario"]["sides"][0]["force"]["groups"] = [{"label": "A", "cards": [{"card": 1}]}]
    Scenario.objects.filter(pk=saved.pk).update(document=document)
    page = _page(client, f"/scenarios/{saved.public_id}/")
    assert 'id="scenario-faults"' in page and 'id="forces-not-bought"' not in page
    assert "At least one side's force breaks a DYO rule." in page


def test_a_saved_roll_reads_as_players_say_it(owner: Any) -> None:
    # The title names the period as players say it, not the tables' code; the public list
    # shows a sentence about the scenario, not the draw log (which stays on its page).
    client = Client()
    client.force_login(owner)
    saved = _saved_roll(client)
    period = saved.document["scenario"]["period"]  # e.g. 1943a
    year, half = period[:4], {"a": "January-June", "b": "July-December"}[period[4]]
    assert saved.title.endswith(f", {half} {year}") and period not in saved.title
    Scenario.objects.filter(pk=saved.pk).update(visibility="public", effective_visibility="public")
    listed = _page(Client(), "/scenarios/")
    blurb = re.search(r'<p class="description">(.*?)</p>', listed, re.S)
    assert blurb is not None
    assert blurb.group(1).startswith("Attacker ") and f"{half} {year}" in blurb.group(1)
    assert "random under rule 43" in blurb.group(1)
    assert "RPN" not in blurb.group(1) and "seed" not in blurb.group(1)
    assert "RPN" in _page(client, f"/scenarios/{saved.public_id}/")  # the draws, on its page


def test_a_scenario_never_rolled_has_no_forces_to_buy_by_bid(owner: Any) -> None:
    # "Forces not bought yet … the players' bid (43.35-43.36)" is a rolled scenario's next
    # step; a scenario without the bid's rule and no cards is simply faulty.
    client = Client()
    client.force_login(owner)
    saved = _saved_roll(client)
    document = saved.document
    document["scenario"]["special_rules"] = [
        r for r in document["scenario"]["special_rules"] if r.get("rule") != "43.35-43.36"
    ]
    Scenario.objects.filter(pk=saved.pk).update(document=document)
    page = _page(client, f"/scenarios/{saved.public_id}/")
    assert 'id="forces-not-bought"' not in page and "players' bid" not in page
    assert 'id="scenario-faults"' in page
