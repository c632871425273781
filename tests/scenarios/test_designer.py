"""The designer, the scenario page and the library pages: who may do what, and what they see.

Every page that shows or changes user content is tried by the owner, a collaborator (of the
scenario's library), a stranger and an anonymous visitor: what one may not see answers 404.
"""

from __future__ import annotations

import copy
import html
import json
from typing import Any

import pytest
from django.test import Client

from scenarios import services
from scenarios.models import Library, Scenario
from scenarios.views.designer import _quick_check
from tests.scenarios.support.forms_html import form_data

pytestmark = pytest.mark.django_db


def _client(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def library(owner, collaborator) -> Library:
    library = services.library_create(owner=owner, title="Club nights")
    services.library_collaborator_add(library=library, user=collaborator)
    return library


@pytest.fixture
def private(owner, library, scenario_document) -> Scenario:
    return services.scenario_create(owner=owner, data=scenario_document, library=library)


def _who(name: str, request: pytest.FixtureRequest) -> Client:
    return _client(None if name == "anonymous" else request.getfixturevalue(name))


VIEWERS = [("owner", 200), ("collaborator", 200), ("stranger", 404), ("anonymous", 404)]


@pytest.mark.parametrize(("who", "status"), VIEWERS)
@pytest.mark.parametrize("page", ["detail", "export"])
def test_private_scenario_pages(private, request, who, status, page) -> None:
    suffix = "" if page == "detail" else "export/"
    response = _who(who, request).get(f"/scenarios/{private.public_id}/{suffix}")
    assert response.status_code == status
    if status == 200:
        body = response.content.decode()
        assert "Crossroads" in body
        if page == "export":
            assert json.loads(body)["scenario"]["title"] == "Crossroads"
            assert "attachment" in response["Content-Disposition"]


@pytest.mark.parametrize(
    ("who", "status"),
    [("owner", 200), ("collaborator", 200), ("stranger", 404), ("anonymous", 302)],
)
@pytest.mark.parametrize("page", ["/scenarios/{id}/edit/", "/builder/scenario/{id}/attacker/"])
def test_editing_pages(private, request, who, status, page) -> None:
    url = page.replace("{id}", str(private.public_id))
    response = _who(who, request).get(url)
    assert response.status_code == status
    if status == 302:
        assert "/accounts/login/" in response["Location"]
    if status == 200:
        assert "Crossroads" in response.content.decode()


@pytest.mark.parametrize("who", ["collaborator", "stranger"])
def test_only_the_owner_deletes(private, request, who) -> None:
    response = _who(who, request).post(f"/scenarios/{private.public_id}/delete/")
    assert response.status_code == 404
    assert Scenario.objects.filter(pk=private.pk).exists()


def test_owner_deletes_after_confirming(private, owner) -> None:
    client = _client(owner)
    page = client.get(f"/scenarios/{private.public_id}/delete/")
    assert "Crossroads" in page.content.decode()
    assert Scenario.objects.filter(pk=private.pk).exists()
    response = client.post(f"/scenarios/{private.public_id}/delete/")
    assert response.status_code == 302
    assert not Scenario.objects.filter(pk=private.pk).exists()


@pytest.mark.parametrize(("who", "status"), [("stranger", 404), ("anonymous", 302)])
def test_strangers_cannot_copy_a_private_scenario(private, request, who, status) -> None:
    response = _who(who, request).post(f"/scenarios/{private.public_id}/copy/")
    assert response.status_code == status
    assert Scenario.objects.count() == 1


def test_unlisted_scenario_is_opened_and_copied_by_a_stranger(owner, stranger, scenario_document):
    scenario = services.scenario_create(owner=owner, data=scenario_document, visibility="unlisted")
    client = _client(stranger)
    page = client.get(f"/scenarios/{scenario.public_id}/").content.decode()
    assert "Copy to my account" in page
    assert f"/scenarios/{scenario.public_id}/" in page  # the share link
    assert f"/scenarios/{scenario.public_id}/edit/" not in page
    response = client.post(f"/scenarios/{scenario.public_id}/copy/")
    copy_ = Scenario.objects.get(owner=stranger)
    assert response["Location"] == f"/scenarios/{copy_.public_id}/edit/"
    assert copy_.visibility == "private" and copy_.forked_from == scenario
    credit = client.get(f"/scenarios/{copy_.public_id}/").content.decode()
    assert "Copied from" in credit and f'href="/scenarios/{scenario.public_id}/"' in credit


def test_user_text_is_escaped(owner, scenario_document) -> None:
    scenario_document["scenario"]["title"] = "<script>alert(1)</script>"
    scenario_document["scenario"]["special_rules"][0]["text"] = '<img src=x onerror="alert(2)">'
    scenario = services.scenario_create(owner=owner, data=scenario_document, visibility="public")
    body = _client().get(f"/scenarios/{scenario.public_id}/").content.decode()
    assert "<script>alert(1)" not in body and "&lt;script&gt;alert(1)" in body
    assert "<img src=x" not in body and "&lt;img src=x" in body


def test_scenario_page_shows_sides_with_their_cards(private, owner) -> None:
    body = _client(owner).get(f"/scenarios/{private.public_id}/").content.decode()
    # German card 1 of the conftest document (personality_cards.csv).
    from upfront.reference.models import PersonalityCard

    card = PersonalityCard.objects.get(nationality__code="german", card_no=1)
    assert card.name in body
    assert f"{card.morale}/{card.panic}" in body


def test_stale_scenario_offers_a_recheck(private, owner) -> None:
    Scenario.objects.filter(pk=private.pk).update(data_revision=None)
    client = _client(owner)
    page = client.get(f"/scenarios/{private.public_id}/").content.decode()
    assert 'id="stale-notice"' in page
    client.post(f"/scenarios/{private.public_id}/recheck/")
    private.refresh_from_db()
    assert private.data_revision is not None
    assert (
        'id="stale-notice"' not in client.get(f"/scenarios/{private.public_id}/").content.decode()
    )


def test_new_scenario_needs_an_account() -> None:
    response = _client().get("/scenarios/new/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_prefill_from_a_published_scenario(owner) -> None:
    html = _client(owner).get("/scenarios/new/?based_on=D").content.decode()
    data = form_data(html)
    # scenarios.csv D: 3 decks, attacker first, DYO attacker 319 / defender 238.
    assert data["time_limit_decks"] == "3"
    assert data["first_player"] == "attacker"
    assert (data["attacker-budget"], data["defender-budget"]) == ("319", "238")
    assert (data["deck-0-action"], data["deck-0-card_type"], data["deck-0-count"]) == (
        "remove",
        "buildings",
        "4",
    )


def test_choosing_a_published_scenario_prefills_with_its_mountain_adaptation(owner) -> None:
    client = _client(owner)
    data = form_data(client.get("/scenarios/new/").content.decode())
    data.update(title="My C", based_on="C", mountain="on", action="prefill")
    response = client.post("/scenarios/new/", data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith('<div id="designer-fields">')  # the htmx partial
    refreshed = form_data(f'<form id="designer-form">{html}</form>')
    assert refreshed["title"] == "My C"  # what was typed is kept
    codes = [v for k, v in refreshed.items() if k.endswith("-code")]
    assert "marsh_not_cower" in codes and "first_card_discarded_when_drawn" in codes
    assert refreshed["terrain_deck"] == "mountain_elevation"
    assert "M11" in html


def test_scenario_b_in_the_mountains_is_reported(owner) -> None:
    client = _client(owner)
    data = form_data(client.get("/scenarios/new/").content.decode())
    data.update(based_on="B", mountain="on", action="prefill")
    html = client.post("/scenarios/new/", data).content.decode()
    assert "is not played in the mountains" in html


def test_errors_keep_what_was_typed(owner) -> None:
    client = _client(owner)
    data = form_data(client.get("/scenarios/new/?based_on=D").content.decode())
    data.update(title="", description="Dawn at the river", action="save")
    response = client.post("/scenarios/new/", data)
    assert response.status_code == 400
    kept = form_data(response.content.decode())
    assert kept["description"] == "Dawn at the river"
    assert kept["attacker-budget"] == "319"
    assert "This field is required." in response.content.decode()
    assert Scenario.objects.count() == 0


def test_a_custom_rule_needs_its_text(owner) -> None:
    client = _client(owner)
    data = form_data(client.get("/scenarios/new/").content.decode())
    data.update({"title": "T", "rule-TOTAL_FORMS": "1", "rule-0-code": "custom", "rule-0-text": ""})
    response = client.post("/scenarios/new/", {**data, "action": "save"})
    assert response.status_code == 400
    assert "Write the rule&#x27;s text." in response.content.decode()


def test_save_then_edit_with_weather_needs_and_nationality_change(owner, private) -> None:
    client = _client(owner)
    data = form_data(client.get(f"/scenarios/{private.public_id}/edit/").content.decode())
    assert data["title"] == "Crossroads"
    data.update({"weather": ["rain"], "attacker-nationality": "british", "action": "save"})
    response = client.post(f"/scenarios/{private.public_id}/edit/", data, follow=True)
    assert response.status_code == 200
    private.refresh_from_db()
    body = private.document["scenario"]
    # 99.6: rain needs overcast, added on save and said so.
    assert body["weather"] == ["overcast", "rain"]
    attacker = body["sides"][0]["force"]
    assert attacker["nationality"] == "british"
    assert all(not g["cards"] for g in attacker["groups"])  # American cards removed
    html = response.content.decode()
    assert "needs it (99.6)" in html and "purchases were removed" in html


def test_collaborator_edits_but_not_visibility(collaborator, private) -> None:
    client = _client(collaborator)
    html = client.get(f"/scenarios/{private.public_id}/edit/").content.decode()
    data = form_data(html)
    assert "visibility" not in data
    data.update(title="Crossroads, revised", visibility="public", action="save")
    client.post(f"/scenarios/{private.public_id}/edit/", data)
    private.refresh_from_db()
    assert private.title == "Crossroads, revised"
    assert private.visibility == "private"


def test_owner_makes_it_unlisted(owner, private) -> None:
    client = _client(owner)
    data = form_data(client.get(f"/scenarios/{private.public_id}/edit/").content.decode())
    data.update(visibility="unlisted", action="save")
    client.post(f"/scenarios/{private.public_id}/edit/", data)
    private.refresh_from_db()
    assert private.visibility == "unlisted"


def test_preview_shows_the_unsaved_scenario(owner) -> None:
    client = _client(owner)
    data = form_data(client.get("/scenarios/new/?based_on=E").content.decode())
    data.update(title="Preview me", victory_rpn="3", action="preview")
    html = client.post("/scenarios/new/", data).content.decode()
    assert 'id="preview"' in html and "most VP at the end wins" in html  # 43.33 row 3
    assert Scenario.objects.count() == 0


def test_quick_checks_run_on_what_is_typed(owner) -> None:
    client = _client(owner)
    data = form_data(client.get("/scenarios/new/?based_on=D").content.decode())
    data["title"] = "Checked"
    html = client.post("/scenarios/new/check/", data).content.decode()
    assert 'id="check-status"' in html
    data["title"] = ""
    assert (
        "Fill in the required fields" in client.post("/scenarios/new/check/", data).content.decode()
    )


def test_quick_check_reports_document_faults_with_paths(scenario_document) -> None:
    scenario_document["scenario"]["weather"] = ["monsoon"]
    result = _quick_check(scenario_document)
    assert result["valid"] is False
    assert any(e["path"] == "scenario.weather[0]" for e in result["faults"])
    assert set(result) >= {"faults", "findings", "valid"}


def test_builder_saves_a_side_back_into_the_scenario(owner, private) -> None:
    client = _client(owner)
    force = copy.deepcopy(private.document["scenario"]["sides"][1]["force"])
    force["groups"][0]["cards"].append({"card": 5})
    url = f"/builder/scenario/{private.public_id}/defender/save/"
    response = client.post(url, {"force": json.dumps(force)})
    assert response["Location"] == f"/scenarios/{private.public_id}/edit/"
    private.refresh_from_db()
    cards = private.document["scenario"]["sides"][1]["force"]["groups"][0]["cards"]
    assert {"card": 5} in [{"card": c["card"]} for c in cards]


def test_builder_says_what_is_wrong_when_it_saves_an_illegal_force(owner, private) -> None:
    client = _client(owner)
    force = copy.deepcopy(private.document["scenario"]["sides"][1]["force"])
    force["budget"] = 1  # far over budget: saved as a draft, but never silently
    url = f"/builder/scenario/{private.public_id}/defender/save/"
    response = client.post(url, {"force": json.dumps(force)}, follow=True)
    private.refresh_from_db()
    assert private.document["scenario"]["sides"][1]["force"]["budget"] == 1
    body = " ".join(html.unescape(response.content.decode()).split())
    assert "This force is not legal yet (1 fault):" in body
    assert "over_budget" not in body and "budget" in body.lower()
    assert f'href="/builder/scenario/{private.public_id}/defender/"' in body  # fix it there
    # A legal force saves with no such message.
    force["budget"] = None
    again = client.post(url, {"force": json.dumps(force)}, follow=True).content.decode()
    assert "not legal yet" not in again


def test_the_bound_builder_has_one_primary_save(owner, private) -> None:
    page = _client(owner).get(f"/builder/scenario/{private.public_id}/defender/").content.decode()
    assert 'id="save-to-scenario"' in page
    assert 'id="save-force" class="secondary">Save as my own force<' in page
    plain = _client(owner).get("/builder/").content.decode()
    assert 'id="save-force">Save<' in plain


def test_builder_refuses_a_side_of_another_period_and_keeps_it(owner, private) -> None:
    client = _client(owner)
    force = copy.deepcopy(private.document["scenario"]["sides"][1]["force"])
    force["period"] = "1945a"
    response = client.post(
        f"/builder/scenario/{private.public_id}/defender/save/", {"force": json.dumps(force)}
    )
    assert response.status_code == 400
    assert "1945a" in response.content.decode()
    # Where, in words, not the JSON path sides[1].force.period.
    body = html.unescape(response.content.decode())
    assert "(Defender's force, period)" in body and "sides[1]" not in body
    private.refresh_from_db()
    assert private.document["scenario"]["sides"][1]["force"]["period"] == "1943b"


def test_builder_side_of_a_stranger_is_hidden(stranger, private) -> None:
    url = f"/builder/scenario/{private.public_id}/defender/save/"
    assert _client(stranger).post(url, {"force": "{}"}).status_code == 404


# --- Libraries ---------------------------------------------------------------------------


@pytest.mark.parametrize(("who", "status"), VIEWERS)
@pytest.mark.parametrize("page", ["", "export/"])
def test_private_library_pages(library, private, request, who, status, page) -> None:
    response = _who(who, request).get(f"/libraries/{library.public_id}/{page}")
    assert response.status_code == status
    if status == 200:
        assert "Club nights" in response.content.decode()
        assert "Crossroads" in response.content.decode()


@pytest.mark.parametrize(
    ("who", "status"), [("owner", 200), ("collaborator", 200), ("stranger", 404)]
)
def test_library_edit_page(library, request, who, status) -> None:
    assert _who(who, request).get(f"/libraries/{library.public_id}/edit/").status_code == status


def test_library_lifecycle(owner, stranger) -> None:
    client = _client(owner)
    response = client.post(
        "/libraries/new/", {"title": "Desert", "description": "", "visibility": "unlisted"}
    )
    library = Library.objects.get(title="Desert")
    assert response["Location"] == f"/libraries/{library.public_id}/"
    # Collaborators by username: added, shown, removed.
    client.post(f"/libraries/{library.public_id}/collaborators/", {"username": "stranger"})
    assert list(library.collaborators.all()) == [stranger]
    assert "stranger" in client.get(f"/libraries/{library.public_id}/").content.decode()
    client.post(f"/libraries/{library.public_id}/collaborators/{stranger.pk}/remove/")
    assert not library.collaborators.exists()
    # A collaborator cannot manage collaborators; a stranger cannot delete.
    assert _client(stranger).post(f"/libraries/{library.public_id}/delete/").status_code == 404
    client.post(f"/libraries/{library.public_id}/delete/")
    assert not Library.objects.filter(pk=library.pk).exists()


def test_library_form_keeps_typed_text(owner) -> None:
    response = _client(owner).post(
        "/libraries/new/", {"title": "", "description": "Keep me", "visibility": "public"}
    )
    assert response.status_code == 400
    assert "Keep me" in response.content.decode()


def test_collaborator_cannot_add_collaborators(collaborator, stranger, library) -> None:
    url = f"/libraries/{library.public_id}/collaborators/"
    assert _client(collaborator).post(url, {"username": "stranger"}).status_code == 404
    assert stranger not in library.collaborators.all()


def test_add_a_scenario_to_a_library(owner, stranger, scenario_document) -> None:
    mine = services.library_create(owner=stranger, title="Favourites")
    scenario = services.scenario_create(owner=owner, data=scenario_document, visibility="unlisted")
    client = _client(stranger)
    # Another's scenario is copied into the library; the original stays where it was.
    client.post(f"/scenarios/{scenario.public_id}/library/", {"library": str(mine.public_id)})
    assert Scenario.objects.get(library=mine).forked_from == scenario
    scenario.refresh_from_db()
    assert scenario.library is None
    # Into someone else's library: refused.
    theirs = services.library_create(owner=owner, title="Owner's")
    url = f"/scenarios/{scenario.public_id}/library/"
    assert client.post(url, {"library": str(theirs.public_id)}).status_code == 404


def test_fork_a_library_credits_it(owner, stranger, scenario_document) -> None:
    library = services.library_create(owner=owner, title="Campaign", visibility="public")
    services.scenario_create(
        owner=owner, data=scenario_document, library=library, visibility="unlisted"
    )
    # A private scenario of a public library is shared by it: shown and copied too.
    services.scenario_create(owner=owner, data=scenario_document, library=library)
    client = _client(stranger)
    response = client.post(f"/libraries/{library.public_id}/copy/")
    copy_ = Library.objects.get(owner=stranger)
    assert response["Location"] == f"/libraries/{copy_.public_id}/"
    page = client.get(f"/libraries/{copy_.public_id}/").content.decode()
    assert "Copied from" in page and f"/libraries/{library.public_id}/" in page
    assert copy_.scenarios.count() == 2


def test_my_scenarios_lists_mine_and_shared_with_me(owner, collaborator, private, stranger):
    html = _client(collaborator).get("/scenarios/mine/").content.decode()
    assert "Crossroads" in html and "Club nights" in html
    assert "Crossroads" not in _client(stranger).get("/scenarios/mine/").content.decode()
    assert 'href="/scenarios/mine/"' in _client(stranger).get("/").content.decode()


def test_special_rules_are_offered_by_their_name_not_their_code(db) -> None:  # type: ignore[no-untyped-def]
    from django.utils import translation

    from scenarios.forms import SpecialRuleForm, designer_options

    for lang, name in (
        ("en", "Minefields are cower cards"),
        ("it", "I Campi Minati sono carte inutili"),
    ):
        with translation.override(lang):
            form = SpecialRuleForm(options=designer_options())
            options = dict(form.fields["code"].choices)
        assert options["minefields_cower"] == f"{name} (M11)"
        assert not [label for code, label in options.items() if code and code in str(label)]


@pytest.mark.parametrize(
    ("language", "words"), [("en", "Mountain troops"), ("it", "Truppe da montagna")]
)
def test_the_page_names_mountain_troops_only_after_a_black_rn(
    owner, scenario_document, language: str, words: str
) -> None:
    # M12.1 (seed 000_1a586b5640df8116.txt:361-363): elites are mountain troops only on a black
    # RN; the two Line forces of a mountain scenario are not.
    document = copy.deepcopy(scenario_document)
    body = document["scenario"]
    body.update(mountain=True, terrain_deck="mountain")
    for side in body["sides"]:
        side["force"]["mountain"] = True
    client = _client(owner)
    client.cookies["django_language"] = language
    lines = services.scenario_create(owner=owner, data=document)
    assert f"· {words}" not in client.get(f"/scenarios/{lines.public_id}/").content.decode()
    body["sides"][1]["force"].update(troop_type="elite", mountain_troops=True)
    elite = services.scenario_create(owner=owner, data=document)
    html = client.get(f"/scenarios/{elite.public_id}/").content.decode()
    assert html.count(f"· {words}") == 1
