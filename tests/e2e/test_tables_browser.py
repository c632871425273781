"""Every table of the product reads whole on a phone: at 375 px, in English and Italian, no
cell of any table lies outside the viewport or is cut, and no table scrolls sideways inside its
box (a table too wide for its space is shown as cards, static/js/site.js). Every page with a
table is visited as a player who sees it: the reference, the builder, a scenario page (its
forces and its plays), its versions and a comparison, the jobs list and a job's reports, the
staff's revalidations. At 1280 px the same tables stay tables. Screenshots go to
$TABLES_SHOTS (default /tmp/shots-tables/)."""

from __future__ import annotations

import copy
import os
from pathlib import Path

import pytest

from tests.e2e.test_designer_browser import _page, _sign_in, _user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("TABLES_SHOTS", "/tmp/shots-tables"))

REFERENCE = [
    "/reference/",
    "/reference/nationalities/",
    "/reference/nationalities/german/",
    "/reference/personality-cards/",
    "/reference/unit-types/",
    "/reference/random-reinforcements/",
    "/reference/dyo/",
    "/reference/terrain/",
    "/reference/mountain/",
    "/reference/special-rules/",
    "/reference/scenarios/",
]

# Every shown cell inside the viewport and not cut; every table box without a sideways scroll.
OUTSIDE = """() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  const name = (cell) =>
    `${cell.closest("table").className} "${cell.textContent.trim().slice(0, 30)}"`;
  for (const cell of document.querySelectorAll("main table td, main table th")) {
    const box = cell.getBoundingClientRect();
    if (!box.width && !box.height) continue;
    if (cell.closest("details:not([open])")) continue;
    if (cell.closest("thead") && cell.closest(".as-cards")) continue;
    if (box.left < -0.5 || box.right > width + 0.5) {
      found.push(`outside ${name(cell)} ${box.left}-${box.right}`);
    } else if (cell.scrollWidth > cell.clientWidth + 1) found.push(`cut ${name(cell)}`);
  }
  for (const wrap of document.querySelectorAll("main .table-wrap")) {
    if (wrap.scrollWidth > wrap.clientWidth + 1) {
      found.push(`scrolls ${wrap.getAttribute("aria-label")}`);
    }
  }
  return found;
}"""


@pytest.fixture
def pages(reference_data: None) -> list[str]:
    """A scenario with two versions, a play and a finished simulation; a staff
    member's revalidation; the addresses of every page with a table."""
    from scenarios import services
    from scenarios.jobs import services as jobs
    from scenarios.jobs.revalidation import services as revalidation
    from scenarios.plays.models import PlayRecord
    from tests.factories import make_scenario

    owner = _user("montgomery")
    owner.is_staff = True
    owner.save()
    scenario = make_scenario(owner, "public", title="Second battle of El Alamein")
    data = copy.deepcopy(scenario.document)
    data["scenario"]["title"] = "Seconda battaglia di El Alamein, notte del 23 ottobre"
    data["scenario"]["weather"] = ["clear", "mist"]
    data["scenario"]["sides"][1]["force"]["groups"][1]["cards"].pop(0)
    services.scenario_update(scenario=scenario, data=data, author=owner)
    PlayRecord.objects.create(
        scenario=scenario,
        player=owner,
        played_on="2026-11-20",
        winner="attacker",
        ending="time_limit",
        scenario_version=scenario.version,
        notes="The defender's panic came early: three leaders broke in the second deck.",
    )
    simulation = jobs.job_request(
        user=owner, kind="simulate", scenario=scenario, options={"runs": 1000}
    )
    revalidation.revalidation_start(user=owner)
    sid = scenario.public_id
    return [
        *REFERENCE,
        "/builder/",
        f"/builder/scenario/{sid}/defender/",
        f"/scenarios/{sid}/",
        f"/scenarios/{sid}/versions/",
        f"/scenarios/{sid}/versions/1/",
        f"/scenarios/{sid}/versions/compare/?from=1&to=2",
        "/jobs/",
        f"/jobs/{simulation.public_id}/",
        "/staff/revalidations/",
    ]


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_table_reads_whole_at_375_px(browser, live_server, pages, language) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    violations: list[str] = []
    page = _page(browser, 375, violations, language)
    page.set_viewport_size({"width": 375, "height": 740})
    _sign_in(page, live_server.url, "montgomery")
    faults: dict[str, list[str]] = {}
    tables = 0
    for path in pages:
        response = page.goto(live_server.url + path)
        assert response is not None and response.status == 200, path
        page.wait_for_load_state("networkidle")
        count = page.locator("main table").count()
        # A simulation's report has tables only for what is random in the scenario.
        assert count or path.startswith("/jobs/"), f"{path} has no table"
        tables += count
        found = page.evaluate(OUTSIDE)
        if found:
            faults[path] = found[:5]
        name = path.strip("/").replace("/", "-").replace("?", "-") or "home"
        page.screenshot(path=str(SHOTS / f"{name}-{language}-375.png"), full_page=True)
    assert not faults, faults
    assert tables > 30
    page.context.close()
    assert not violations, violations


@pytest.mark.parametrize("language", ["en", "it"])
def test_tables_that_fit_stay_tables_at_1280_px(browser, live_server, pages, language) -> None:  # type: ignore[no-untyped-def]
    violations: list[str] = []
    page = _page(browser, 1280, violations, language)
    _sign_in(page, live_server.url, "montgomery")
    for path in pages:
        page.goto(live_server.url + path)
        assert page.evaluate(OUTSIDE) == [], path
    sid_page = next(p for p in pages if p.endswith("/versions/"))
    page.goto(live_server.url + sid_page)
    assert page.locator("table.as-cards").count() == 0
    page.screenshot(path=str(SHOTS / f"versions-{language}-1280.png"), full_page=True)
    page.context.close()
    assert not violations, violations
