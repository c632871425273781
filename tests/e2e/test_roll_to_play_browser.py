"""From a roll to a recorded play, in Chromium, as a new player would go (issue 21 §4).

Roll a scenario (rule 43), open it in the designer and save it: its page reads "Forces not bought
yet" (43.35-43.36 leave the points to the bid) with the next steps, and My scenarios lists it
under "To finish". Buy each side's force in the builder from that page, then record a play. At
375 and 1280 px, in English and Italian, with no sideways scroll and no Content-Security-Policy
refusal. Screenshots go to /tmp/shots-roll-to-play/.

The steps are functions so that playing the scenario at the table (the companion, issue 21 §2)
slots in between buying the forces and recording the play: see :data:`AT_THE_TABLE`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_designer_browser import _no_sideways_scroll, _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("ROLL_TO_PLAY_SHOTS", "/tmp/shots-roll-to-play"))
# Two groups of two personality cards: a legal line or elite force of the rolled nations.
GROUPS = ((1, 2), (3, 4))
WORDS = {
    "en": {
        "not_bought": "Forces not bought yet",
        "to_finish": "To finish",
        "buy": {"attacker": "Attacker: buy", "defender": "Defender: buy"},
        "record": "Record a play",
    },
    "it": {
        "not_bought": "Forze non ancora acquistate",
        "to_finish": "Da completare",
        "buy": {"attacker": "Attaccante: acquista", "defender": "Difensore: acquista"},
        "record": "Registra una partita",
    },
}


def _playable_seed() -> int:
    """A roll whose two sides can buy :data:`GROUPS` legally (no second-line morale limit)."""
    from scenarios.generation import GenerateRequest, scenario_generate
    from upfront.reference.fetch import catalogue_current
    from upfront.rules.force import force_from_dict
    from upfront.rules.validate import validate_force

    catalogue = catalogue_current()
    for seed in range(200):
        sides = scenario_generate(GenerateRequest(seed=seed))["document"]["scenario"]["sides"]
        forces = [
            {
                **side["force"],
                "groups": [
                    {"label": label, "cards": [{"card": c} for c in cards]}
                    for label, cards in zip("AB", GROUPS, strict=True)
                ],
            }
            for side in sides
        ]
        if all(validate_force(force_from_dict(f), catalogue).valid for f in forces):
            return seed
    raise AssertionError("no roll of 200 lets both sides buy cards 1-4")


def roll_and_save(page: Any, url: str, seed: int) -> Any:
    """Roll (seeded, so the forces are known to be buyable), open in the designer, save."""
    from scenarios.models import Scenario

    page.goto(f"{url}/scenarios/mine/")
    page.click("a[href='/scenarios/roll/']")
    page.wait_for_url(f"{url}/scenarios/roll/")
    page.goto(f"{url}/scenarios/roll/?seed={seed}&theatre=ETO")
    page.click("#open-designer")
    page.wait_for_url(f"{url}/scenarios/new/?seed=*")
    page.click("#save-scenario")
    page.wait_for_url(f"{url}/scenarios/*/edit/")
    return Scenario.objects.get()


def buy_forces(page: Any, url: str, scenario: Any, words: dict[str, Any], tag: str) -> None:
    """From the scenario page's "Forces not bought yet", buy each side in the builder."""
    from playwright.sync_api import expect

    for role in ("defender", "attacker"):
        page.goto(f"{url}/scenarios/{scenario.public_id}/")
        expect(page.locator("#forces-not-bought")).to_contain_text(words["not_bought"])
        link = page.locator(f'#buy-forces a[data-role="{role}"]')
        expect(link).to_contain_text(words["buy"][role])
        link.click()
        page.wait_for_url(f"{url}/builder/scenario/{scenario.public_id}/{role}/")
        for cards in GROUPS:
            for card in cards:
                page.click(f'#card-list button.add-card[data-card="{card}"]')
        page.click("#add-group")
        for card in GROUPS[1]:
            bought = page.locator(f'#groups li.bought[data-card="{card}"]')
            bought.locator("select.move-to").select_option("g:1")
            bought.locator("button[data-action=move-card]").click()
        _no_sideways_scroll(page)
        page.screenshot(path=str(SHOTS / f"builder-{role}-{tag}.png"), full_page=True)
        page.click("#save-to-scenario")
        page.wait_for_url(f"{url}/scenarios/{scenario.public_id}/edit/")


def play_at_the_table(page: Any, url: str, scenario: Any, words: dict[str, Any]) -> None:
    """ "Play this scenario": the companion runs the roll's procedures ("Draw for me" for each
    pending draw, "The deck ran out" once), then the game is finished and writes the record."""
    from playwright.sync_api import expect

    page.goto(f"{url}/scenarios/{scenario.public_id}/")
    page.click("#play-scenario")
    page.wait_for_url(f"{url}/games/**")
    ran_out = False
    for _ in range(20):
        if page.locator("#finish-game").count() and (
            ran_out or page.locator("#finish[open]").count()
        ):
            break
        if page.locator("button.draw-for-me").count():
            steps = page.locator("#game-events li").count()
            page.click("button.draw-for-me")
            expect(page.locator("#game-events li")).to_have_count(steps + 1)
        elif page.locator("#deck-ran-out").count() and not ran_out:
            page.click("#deck-ran-out")
            page.wait_for_load_state("networkidle")
            ran_out = True
        else:
            break
    page.screenshot(path=str(SHOTS / f"table-{words['tag']}.png"), full_page=True, caret="initial")
    if not page.locator("#finish[open]").count():
        page.click("#finish summary")
    page.check("input[name=side][value=attacker]")
    page.check("input[name=winner][value=attacker]")
    page.check("input[name=ending][value=victory_condition]")
    page.fill("#game-opponent", "Zio Bob")
    page.click("#finish-game")
    expect(page.locator("#finish-game")).to_have_count(0)  # recorded: nothing left to finish
    page.goto(f"{url}/scenarios/{scenario.public_id}/")
    expect(page.locator("#plays")).to_contain_text("Zio Bob")


# Steps between buying the forces and the play record: the game at the table writes it.
AT_THE_TABLE: list[Callable[[Any, str, Any, dict[str, Any]], None]] = [play_at_the_table]


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("width", [375, 1280])
def test_roll_save_buy_and_record_as_a_new_player(browser, live_server, language, width) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from scenarios.plays.models import PlayRecord

    words = WORDS[language]
    url = live_server.url
    tag = f"{width}-{language}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    name = f"newcomer{width}{language}"
    _user(name)
    violations: list[str] = []
    page = _page(browser, width, violations, language)
    _sign_in(page, url, name)

    scenario = roll_and_save(page, url, _playable_seed())
    assert scenario.valid is False  # nothing bought yet

    # The scenario's page: what to do next, not "faults".
    page.goto(f"{url}/scenarios/{scenario.public_id}/")
    expect(page.locator("#forces-not-bought")).to_be_visible()
    expect(page.locator("#scenario-faults")).to_have_count(0)
    expect(page.locator("#forces-not-bought")).to_contain_text("43.35-43.36")
    _no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / f"not-bought-{tag}.png"), full_page=True)
    # My scenarios: under "To finish".
    page.goto(f"{url}/scenarios/mine/")
    expect(page.locator("#to-finish")).to_contain_text(words["to_finish"])
    expect(page.locator("#to-finish")).to_contain_text(scenario.title)
    page.screenshot(path=str(SHOTS / f"mine-{tag}.png"), full_page=True)

    buy_forces(page, url, scenario, words, tag)
    scenario.refresh_from_db()
    sides = scenario.document["scenario"]["sides"]
    assert [[[c["card"] for c in g["cards"]] for g in s["force"]["groups"]] for s in sides] == [
        [list(cards) for cards in GROUPS]
    ] * 2
    assert scenario.valid is True
    page.goto(f"{url}/scenarios/{scenario.public_id}/")
    expect(page.locator("#forces-not-bought")).to_have_count(0)
    expect(page.locator("#scenario-faults")).to_have_count(0)
    page.goto(f"{url}/scenarios/mine/")
    expect(page.locator("#to-finish")).to_have_count(0)

    for step in AT_THE_TABLE:
        step(page, url, scenario, {**words, "tag": tag})

    # One record, written by the game at the table (its draws kept with it).
    records = PlayRecord.objects.filter(scenario=scenario, winner="attacker")
    assert [record.game is not None for record in records] == [True]
    _no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / f"recorded-{tag}.png"), full_page=True)
    assert violations == []
    page.context.close()
