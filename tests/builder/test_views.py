"""The builder page, its card picker and the live panel."""

from __future__ import annotations

import csv
import html
import json
import re

import pytest

from builder.models import SavedForce
from tests.builder.conftest import CARDS_CSV, csv_points, plain_force

pytestmark = pytest.mark.django_db


def card_names(nationality: str) -> list[str]:
    with CARDS_CSV.open(newline="", encoding="utf-8") as fh:
        rows = csv.DictReader(fh)
        return [r["name"] for r in rows if r["nationality"] == nationality and r["card_no"]]


def test_page_lists_the_chosen_nationality_cards(client) -> None:
    page = html.unescape(client.get("/builder/?nationality=american").content.decode())
    american = card_names("american")
    assert american and all(name in page for name in american[:5])
    assert "Diettinger" not in page  # German card 1


def test_card_picker_partial_switches_nationality(client) -> None:
    fragment = html.unescape(client.get("/builder/cards/?nationality=german").content.decode())
    assert "Diettinger" in fragment
    assert f"{csv_points('german', 1)} points" in fragment


def test_anonymous_page_offers_sign_in_not_save(client) -> None:
    page = client.get("/builder/").content.decode()
    assert 'id="save-force"' not in page
    assert "/accounts/login/" in page


def test_live_panel_shows_total_and_violation(client) -> None:
    cards = [1, 3]
    total = sum(csv_points("german", c) for c in cards)
    doc = plain_force(cards, budget=total - 11)
    fragment = client.post("/builder/panel/", {"force": json.dumps(doc)}).content.decode()
    assert f'data-total="{total}"' in fragment
    api = client.post("/api/v1/dyo/validate", doc, content_type="application/json").json()
    over = next(v for v in api["violations"] if v["code"] == "over_budget")
    assert html.escape(over["message"]) in fragment or over["message"] in html.unescape(fragment)
    assert "over_budget" in fragment


def test_deck_one_random_reinforcements_are_explained_where_the_decks_are_chosen(client) -> None:
    # 48.2: the reshuffle attempt comes at the reshuffle that opens a deck paid for, so deck 1
    # has none (001_50e12e84c81bc2ca.txt:174).
    page = html.unescape(client.get("/builder/").content.decode())
    assert 'aria-describedby="f-rr-decks-help"' in page
    assert "deck 1 starts without one" in page
    doc = {**plain_force([1, 3], budget=200), "random_reinforcement_decks": [1]}
    fragment = html.unescape(
        client.post("/builder/panel/", {"force": json.dumps(doc)}).content.decode()
    )
    assert "Deck 1 begins without a reshuffle of the discards" in fragment
    later = {**doc, "random_reinforcement_decks": [2]}
    fragment = html.unescape(
        client.post("/builder/panel/", {"force": json.dumps(later)}).content.decode()
    )
    assert "Deck 1 begins without a reshuffle" not in fragment


def test_live_panel_in_italian(client) -> None:
    doc = plain_force([1, 3], budget=10)
    fragment = html.unescape(
        client.post(
            "/builder/panel/", {"force": json.dumps(doc)}, HTTP_ACCEPT_LANGUAGE="it"
        ).content.decode()
    )
    api_it = client.post(
        "/api/v1/dyo/validate", doc, content_type="application/json", HTTP_ACCEPT_LANGUAGE="it"
    ).json()
    api_en = client.post("/api/v1/dyo/validate", doc, content_type="application/json").json()
    it_msg = next(v["message"] for v in api_it["violations"] if v["code"] == "over_budget")
    en_msg = next(v["message"] for v in api_en["violations"] if v["code"] == "over_budget")
    assert it_msg in fragment and en_msg not in fragment


def test_live_panel_lists_format_faults_where_they_are(client) -> None:
    doc = plain_force([1])
    doc["groups"][0]["cards"][0]["card"] = "one"
    fragment = client.post("/builder/panel/", {"force": json.dumps(doc)}).content.decode()
    # Where in words, never the JSON path.
    assert "(Group A, card 1)" in fragment and "groups[0]" not in fragment
    broken = client.post("/builder/panel/", {"force": "{oops"}).content.decode()
    assert "Not valid JSON" in broken and "$" not in broken


def test_save_and_load_for_signed_in_user(client, owner) -> None:
    client.force_login(owner)
    doc = plain_force([1, 4])
    response = client.post("/builder/save/", {"name": "Grenadiers", "force": json.dumps(doc)})
    assert response.status_code == 302
    saved = SavedForce.objects.get(owner=owner)
    assert saved.total_points == csv_points("german", 1) + csv_points("german", 4)
    page = client.get(response["Location"]).content.decode()
    assert "Grenadiers" in page
    stored = page.split('name="force" hidden>')[1].split("</textarea>")[0]
    assert json.loads(html.unescape(stored)) == doc


def test_save_with_bad_input_keeps_what_was_typed(client, owner) -> None:
    client.force_login(owner)
    typed = '{"nationality": "german", "groups": [ {"label": "A"'
    response = client.post("/builder/save/", {"name": "x", "force": typed})
    assert response.status_code == 400
    assert html.escape(typed) in response.content.decode()
    assert not SavedForce.objects.exists()


def test_other_users_force_cannot_be_loaded(client, owner, stranger) -> None:
    client.force_login(owner)
    client.post("/builder/save/", {"name": "Mine", "force": json.dumps(plain_force([1]))})
    pk = SavedForce.objects.get().pk
    client.force_login(stranger)
    assert client.get(f"/builder/?load={pk}").status_code == 404


def test_save_requires_sign_in(client) -> None:
    response = client.post("/builder/save/", {"name": "x", "force": "{}"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_budget_can_be_taken_from_a_published_scenario_side(client) -> None:
    from upfront.reference.models import PublishedScenario

    scenario = PublishedScenario.objects.exclude(dyo_attacker=None).order_by("letter").first()
    page = client.get("/builder/").content.decode()
    assert f'<option value="{scenario.dyo_attacker}">{scenario.letter} ' in page
    assert f"attacker, {scenario.dyo_attacker} points" in page


def test_breakdown_rule_reference_opens_its_summary(client) -> None:
    import json

    force = {
        "nationality": "german",
        "period": "1943b",
        "troop_type": "elite",
        "groups": [{"label": "A", "cards": [{"card": 1}, {"card": 2}]}],
    }
    html = client.post("/builder/panel/", {"force": json.dumps(force)}).content.decode()
    # 43.5 elite surcharge line: its reference opens the rule's summary.
    assert '<summary class="rule-ref">43.5</summary>' in html
    assert "Elite +15%, second line -15%, partisans -5%" in html
    assert "Error" in html  # the single group breaks 3.2


def page_data(page: str, element_id: str) -> dict:
    """The JSON the page hands to static/js/builder.js through json_script."""
    found = re.search(
        rf'<script id="{element_id}" type="application/json">(.*?)</script>', page, flags=re.S
    )
    assert found is not None, element_id
    return json.loads(found.group(1))


def picker_row(fragment: str, card_no: int) -> str:
    found = re.search(rf'<li class="card-row" data-card="{card_no}".*?</li>', fragment, flags=re.S)
    assert found is not None, card_no
    return html.unescape(found.group(0))


def test_picker_rows_carry_what_a_bought_card_shows(client) -> None:
    # The script shows a bought card's role, weapon and morale/panic from these attributes:
    # the values come from the server, never from rules in JavaScript.
    fragment = client.get("/builder/cards/?nationality=german").content.decode()
    with CARDS_CSV.open(newline="", encoding="utf-8") as fh:
        rows = {int(r["card_no"]): r for r in csv.DictReader(fh) if r["nationality"] == "german"}
    leader = picker_row(fragment, 1)
    assert f'data-role="{rows[1]["leader_role"]}"' in leader
    assert f'data-weapon="{rows[1]["weapon_code"]}"' in leader
    assert f'data-morale="{rows[1]["morale"]}"' in leader
    assert f'data-panic="{rows[1]["panic"]}"' in leader
    assert f'data-points="{rows[1]["dyo_points"]}"' in leader
    private = picker_row(fragment, 4)
    assert 'data-role=""' in private and 'data-kind="infantry"' in private
    afv = picker_row(fragment, 30)
    assert 'data-kind="AFV"' in afv and 'data-morale=""' in afv


def test_picker_names_a_leader_of_unknown_role_without_inventing_it(client) -> None:
    # The sources call American cards #42/#43 "SL or ASL (not stated which)": the picker names
    # them as the reference page does (upfront.labels), neither role chosen.
    fragment = client.get("/builder/cards/?nationality=american").content.decode()
    assert 'data-role="SL or ASL"' in picker_row(fragment, 42)
    italian = client.get(
        "/builder/cards/?nationality=american", HTTP_ACCEPT_LANGUAGE="it"
    ).content.decode()
    assert 'data-role="SL o ASL"' in picker_row(italian, 42)


def test_secondary_weapons_offer_follows_the_reference_rows(client) -> None:
    from upfront.reference.models import DYOPrice, SecondaryWeaponPermission

    offer = page_data(client.get("/builder/").content.decode(), "builder-codes")["secondary"]
    assert offer["carriers"] == ["infantry"]
    assert offer["carrier_reason"] == "only men carry secondary weapons (43.7)"
    for row in SecondaryWeaponPermission.objects.select_related("nationality"):
        shown = offer["weapons"][row.weapon]["permissions"][row.nationality.code]
        assert shown["allowed"] is row.allowed
        assert shown["rule"] == row.rule
        assert (shown["reason"] == "") is (row.allowed is True)
    # 31.1: Americans may not use the ATMM.
    american_atmm = offer["weapons"]["atmm"]["permissions"]["american"]
    assert american_atmm == {
        "allowed": False,
        "reason": "not allowed to this nationality (31.1)",
        "rule": "31.1",
    }
    for weapon in ("atmm", "panzerfaust"):
        price = DYOPrice.objects.get(item=weapon, nationality=None)
        assert offer["weapons"][weapon]["from"] == price.available_from.code
        assert offer["weapons"][weapon]["from_reason"] == (
            f"available from {price.available_from.code} ({price.rule})"
        )
    it = page_data(
        client.get("/builder/", HTTP_ACCEPT_LANGUAGE="it").content.decode(), "builder-codes"
    )["secondary"]
    assert it["weapons"]["atmm"]["permissions"]["american"]["reason"] == (
        "non consentita a questa nazionalità (31.1)"
    )


def test_an_empty_force_is_empty_not_illegal(client) -> None:
    from upfront.rules.examples import empty_force

    fragment = client.post("/builder/panel/", {"force": json.dumps(empty_force())})
    text = fragment.content.decode()
    assert "Empty force: nothing bought yet." in text
    assert "Not legal" not in text
    # What the check says stays one click away.
    assert '<details class="empty-check">' in text and "group_count" in text
    bought = client.post("/builder/panel/", {"force": json.dumps(plain_force([1]))})
    assert "Not legal" in bought.content.decode()
    assert "Empty force" not in bought.content.decode()
    italian = client.post(
        "/builder/panel/", {"force": json.dumps(empty_force())}, HTTP_ACCEPT_LANGUAGE="it"
    ).content.decode()
    assert "Forza vuota: ancora nessun acquisto." in italian


def test_import_check_lists_faults_by_path_and_accepts_a_good_document(client) -> None:
    doc = plain_force([1])
    doc["groups"][0]["cards"][0]["card"] = "one"
    bad = client.post("/builder/import/", {"force": json.dumps(doc)})
    assert bad.status_code == 400
    assert [e["path"] for e in bad.json()["errors"]] == ["groups[0].cards[0].card"]
    broken = client.post("/builder/import/", {"force": "{oops"})
    assert broken.status_code == 400 and broken.json()["errors"][0]["path"] == "$"
    # A force that breaks rules (over budget) is a good document: the page takes it.
    good = client.post("/builder/import/", {"force": json.dumps(plain_force([1, 3], budget=10))})
    assert good.status_code == 200 and good.json() == {"errors": []}
    assert client.get("/builder/import/").status_code == 405


def test_the_page_names_its_draft_context(client, owner) -> None:
    page = client.get("/builder/").content.decode()
    data = page_data(page, "builder-page")
    assert data["draft_context"] == "new" and data["drafts_done"] == []
    client.force_login(owner)
    saved = SavedForce.objects.create(owner=owner, name="Mine", data=plain_force([1]))
    data = page_data(client.get(f"/builder/?load={saved.pk}").content.decode(), "builder-page")
    assert data["draft_context"] == f"saved:{saved.pk}"


def _played(cards: list, number: int) -> tuple:
    # (printed morale, printed panic, played morale, played panic, the rule that changed them)
    picked = next(c for c in cards if c.card.card_no == number)
    return (picked.card.morale, picked.card.panic, picked.morale, picked.panic, picked.adjusted_by)


def test_card_picker_gives_the_morale_and_panic_a_marine_plays_with(client) -> None:
    # 46.2: American #10 Watson is printed morale 1 / panic 2; as a Marine he plays 2 / 3.
    marines = client.get("/builder/cards/?nationality=american&marines=1").context["cards"]
    army = client.get("/builder/cards/?nationality=american").context["cards"]
    assert _played(marines, 10) == (1, 2, 2, 3, "46.2")
    assert _played(army, 10) == (1, 2, 1, 2, "")
    assert _played(marines, 1) == (4, 6, 4, 6, "")  # Burnett: morale 4, as printed


def test_builder_page_reads_the_marines_flag_of_the_force(client) -> None:
    force = {
        "nationality": "american",
        "period": "1943b",
        "troop_type": "line",
        "marines": True,
        "groups": [],
    }
    page = client.post("/builder/", {"force": json.dumps(force)})
    assert _played(page.context["cards"], 6) == (1, 3, 2, 3, "46.2")  # Smith


def test_panel_says_information_and_shows_no_internal_code(client) -> None:
    # 46.2: a Marine printed with morale 1 plays with 2 (legal; the panel informs).
    force = {
        "nationality": "american",
        "period": "1944a",
        "troop_type": "line",
        "marines": True,
        "groups": [
            {"label": "A", "cards": [{"card": 1}, {"card": 10}]},
            {"label": "B", "cards": [{"card": 2}, {"card": 3}]},
        ],
    }
    html = client.post("/builder/panel/", {"force": json.dumps(force)}).content.decode()
    item = re.search(r'<li class="severity-info" data-code="marine_morale">(.*?)</li>', html, re.S)
    assert item is not None, html
    assert "Information" in item.group(1) and "46.2" in item.group(1)
    assert "marine_morale" not in item.group(1) and "<code>" not in item.group(1)
    assert "Legal force" in html


def test_picker_says_once_that_availability_is_unknown_and_names_a_commissar_once(client) -> None:
    # No source dates the Russian cards: one note above the list, not "availability unknown"
    # on each of them; the Commissar's rank (Commissar) does not repeat his role.
    fragment = client.get("/builder/cards/?nationality=russian").content.decode()
    note = re.search(r'<p class="small" id="availability-note">(.*?)</p>', fragment, re.S)
    assert note is not None
    rows = len(re.findall(r'<li class="card-row"', fragment))
    assert html.unescape(note.group(1)) == (
        f"Availability: no source gives the dates of {rows} of these cards."
    )
    assert "unknown" not in fragment.split('id="card-list"', 1)[1]
    commissar = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", picker_row(fragment, 19)))
    assert "Commissar" in commissar and "Commissar · Commissar" not in commissar
    assert commissar.count("Commissar") == 1
    italian = client.get("/builder/cards/?nationality=russian", HTTP_ACCEPT_LANGUAGE="it")
    assert 'id="availability-note"' in italian.content.decode()
    italian_row = re.sub(r"<[^>]+>", " ", picker_row(italian.content.decode(), 19))
    assert "Commissar" not in italian_row.replace("Commissario", "")
    # A leader whose rank differs from his role keeps both.
    sergeant = re.sub(r"<[^>]+>", " ", picker_row(fragment, 1))
    assert "SL" in sergeant and "SGT" in sergeant
