"""The main pages on a phone at the table: Chromium at 375x740 on Lighthouse's "Slow 4G" with
a 4x slower CPU, against the site served as production serves it.

    .venv/bin/python bench/phone.py [--pages home,browse,...] [--runs 3] [--screenshots DIR]

Each page is loaded cold (a fresh browser context: no cache, no open connection) by a player
who is signed in (a session cookie set in the context), through the Chrome DevTools Protocol:

* ``Network.emulateNetworkConditions``: 150 ms round trip, 1.6 Mbps down, 750 kbps up
  (Lighthouse's mobile "Slow 4G": 1638.4 and 750 kbps, 150 ms);
* ``Emulation.setCPUThrottlingRate``: 4 (Lighthouse's mobile CPU slowdown).

Per page: the bytes over the wire (``encodedDataLength`` of every response, headers included,
from ``Network.loadingFinished``), the requests, and the Largest Contentful Paint (the last
``largest-contentful-paint`` entry of a ``PerformanceObserver`` once the page has loaded and
the network is idle). The median of ``--runs`` loads is kept. ``/robots.txt`` is loaded the
same way as the floor of the run: one request of a few hundred bytes, what the connection
alone costs on this machine now.

The site runs as ``scripts/serve.sh web`` runs it: gunicorn (``upfront.gunicorn_conf``, 3 sync
workers as ``WEB_CONCURRENCY``'s default), ``DEBUG`` off, the static files collected into a
temporary ``STATIC_ROOT`` by ``CompressedManifestStaticFilesStorage`` (hashed names, gzip and
Brotli copies WhiteNoise serves with far-future cache headers). Only the secure-cookie flags
are off: the bench talks plain HTTP on loopback. The data (a fresh SQLite file,
``bench/phone.sqlite3``, deleted unless ``--keep``): 300 public scenarios in 6 libraries as
bench/library.py seeds them, a desert scenario of the signed-in designer and a game of it
with a few steps.

Targets (docs/performance.md): every page's LCP at most 1.0 s and at most 60 kB over the
wire. The machine is shared: the figures are indicative, the floor says how loaded it was.
"""

from __future__ import annotations

import argparse
import copy
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import common  # noqa: E402  (the settings, before Django)
from bench.over_http import Server  # noqa: E402

LCP_TARGET = 1.0  # seconds: a page at the table must show at once (docs/performance.md)
BYTES_TARGET = 60.0  # kB (1,000 bytes) over the wire: a phone pays for every byte
# Lighthouse's mobile throttling (lighthouse-core/config/constants.js, "Slow 4G").
RTT_MS = 150
DOWN_KBPS = 1.6 * 1024
UP_KBPS = 750
CPU_SLOWDOWN = 4
WIDTH, HEIGHT = 375, 740
VERBOSE = False  # --verbose: every response's bytes

# Read the last LCP candidate: buffered, so the entries before this call are delivered too.
LCP_SCRIPT = """() => new Promise((resolve) => {
  let last = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) last = entry.startTime;
  }).observe({type: 'largest-contentful-paint', buffered: true});
  setTimeout(() => resolve(last), 250);
})"""


def _seed() -> tuple[dict[str, str], str]:
    """The pages' paths by name, and the session key of the signed-in designer."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from bench.library import BASES, _seed
    from scenarios import services
    from scenarios.models import Library, Scenario
    from scenarios.plays import games

    _seed(300, 6, random.Random(29))
    from django.contrib.auth import get_user_model

    designer = get_user_model().objects.get(username="bench-designer-0")
    document = copy.deepcopy(BASES[-1])  # the desert scenario: the game runs 52.4 and 99.5
    document["scenario"]["weather"] = ["overcast"]
    scenario = services.scenario_create(owner=designer, data=document, visibility="public")
    game = games.game_start(scenario=scenario, player=designer, seed=29)
    games.game_draw(game=game, number=3, colour="red", step=0, by=designer)
    games.game_next_deck(game=game, step=1, by=designer)
    library = Library.objects.filter(owner=designer, visibility="public").first()
    listed = Scenario.objects.filter(visibility="public").order_by("pk").first()
    assert library is not None and listed is not None

    session = SessionStore()
    session[SESSION_KEY] = str(designer.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = designer.get_session_auth_hash()
    session.create()
    pages = {
        "floor (robots.txt)": "/robots.txt",
        "home": "/",
        "scenario list": "/scenarios/",
        "search": "/scenarios/?q=tobruk+ridge",
        "scenario": f"/scenarios/{listed.public_id}/",
        "reference": "/reference/",
        "builder": "/builder/",
        "roll": "/scenarios/roll/",
        "designer": "/scenarios/new/",
        "my scenarios": "/scenarios/mine/",
        "game": f"/games/{game.public_id}/",
        "library": f"/libraries/{library.public_id}/",
    }
    return pages, str(session.session_key)


def _collect_static(env: dict[str, str]) -> None:
    """collectstatic as a release runs it, without the apps the measured pages never load
    (the admin's and the API docs' bundles: compressing those takes minutes)."""
    done = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "collectstatic",
            "--noinput",
            "--verbosity=0",
            *("--ignore", "admin", "--ignore", "drf_spectacular_sidecar"),
            *("--ignore", "rest_framework"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        sys.exit(f"collectstatic failed:\n{done.stdout}\n{done.stderr}")


def _load(
    browser: Any, base: str, path: str, session: str, shot: Path | None
) -> tuple[float, int, int]:
    """One cold load of ``base + path``: LCP in seconds, bytes over the wire, requests."""
    context = browser.new_context(
        viewport={"width": WIDTH, "height": HEIGHT},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="en",
    )
    context.add_cookies([{"name": "sessionid", "value": session, "url": base}])
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    received: dict[str, int] = {}
    requests: dict[str, str] = {}

    def finished(event: dict[str, Any]) -> None:
        received[event["requestId"]] = int(event["encodedDataLength"])

    def sent(event: dict[str, Any]) -> None:
        requests[event["requestId"]] = event["request"]["url"]

    cdp.on("Network.loadingFinished", finished)
    cdp.on("Network.requestWillBeSent", sent)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": RTT_MS,
            "downloadThroughput": DOWN_KBPS * 1024 / 8,
            "uploadThroughput": UP_KBPS * 1024 / 8,
        },
    )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    try:
        response = page.goto(base + path, wait_until="load", timeout=60_000)
        if response is None or response.status != 200:
            sys.exit(f"{path} answered {response.status if response else 'nothing'}")
        page.wait_for_load_state("networkidle", timeout=60_000)
        lcp = float(page.evaluate(LCP_SCRIPT)) / 1000
        if shot is not None:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            page.screenshot(path=str(shot), full_page=False)
        if VERBOSE:
            for request, url in requests.items():
                print(f"    {received.get(request, 0):7d} B  {url.split('/', 3)[-1]}")
        return lcp, sum(received.values()), len(requests)
    finally:
        context.close()


def _measure(
    server: Server, pages: dict[str, str], session: str, runs: int, screenshots: Path | None
) -> dict[str, tuple[float, float, int]]:
    """Each page's median LCP (s), kB over the wire and requests over ``runs`` cold loads."""
    from playwright.sync_api import sync_playwright

    results: dict[str, tuple[float, float, int]] = {}
    for path in pages.values():  # warm up each worker: imports, templates, the catalogue
        for _ in range(3):
            server.request("GET", path)
    base = f"http://127.0.0.1:{server.port}"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
        )
        try:
            for name, path in pages.items():
                loads = []
                for run in range(runs):
                    shot = None
                    if screenshots and run == 0:
                        shot = screenshots / f"{name.split(' (')[0].replace(' ', '-')}.png"
                    loads.append(_load(browser, base, path, session, shot))
                lcp = statistics.median(load[0] for load in loads)
                kb = statistics.median(load[1] for load in loads) / 1000
                count = int(statistics.median(load[2] for load in loads))
                results[name] = (lcp, kb, count)
                print(f"{name:20s} LCP {lcp:5.2f} s {kb:6.1f} kB {count:3d} requests", flush=True)
        finally:
            browser.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", help="comma-separated page names (the floor is always in)")
    parser.add_argument("--runs", type=int, default=3, help="cold loads of each page")
    parser.add_argument("--screenshots", type=Path, help="keep one screenshot of each page")
    parser.add_argument("--verbose", action="store_true", help="every response's bytes")
    common.database_arguments(parser, "phone.sqlite3")
    args = parser.parse_args()
    global VERBOSE
    VERBOSE = args.verbose
    common.use_database(args)

    import django

    django.setup()
    from django.db import connection

    common.prepare_database()
    pages, session = _seed()
    connection.close()
    if args.pages:
        wanted = set(args.pages.split(","))
        pages = {k: v for k, v in pages.items() if k in wanted or k.startswith("floor")}

    static_root = Path(tempfile.mkdtemp(prefix="bench-phone-static-"))
    env = {
        **os.environ,
        "TESTING": "0",
        "DEBUG": "0",
        "STATIC_ROOT": str(static_root),
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
    }
    if args.screenshots:
        args.screenshots.mkdir(parents=True, exist_ok=True)
    try:
        started = time.perf_counter()
        _collect_static(env)
        print(f"static files collected and compressed in {time.perf_counter() - started:.0f} s")
        server = Server(env, options=["--workers=3"])
        try:
            results = _measure(server, pages, session, args.runs, args.screenshots)
        finally:
            server.stop()
    finally:
        shutil.rmtree(static_root, ignore_errors=True)
        common.drop_database(args)

    print(
        f"cold loads at {WIDTH}x{HEIGHT}, {RTT_MS} ms RTT, {DOWN_KBPS:g}/{UP_KBPS} kbps, CPU "
        f"/{CPU_SLOWDOWN}; median of {args.runs}; targets LCP <= {LCP_TARGET:g} s, "
        f"<= {BYTES_TARGET:g} kB"
    )
    for name, (lcp, kb, _count) in results.items():
        if name.startswith("floor"):
            common.record("phone", f"{name}: LCP, s (no target)", lcp, None)
            continue
        common.record("phone", f"{name}: LCP, s", lcp, LCP_TARGET)
        common.record("phone", f"{name}: kB over the wire", kb, BYTES_TARGET)


if __name__ == "__main__":
    main()
