"""Time the public scenario list, a filtered list, a search and the list endpoint against
/health/, over 10,000 public scenarios in 100 libraries, in one run and in-process.

Django's test client drives the full middleware stack; nothing else is started. The data goes
into a database of its own, never the app's:

* SQLite (default): a fresh file, ``bench/library.sqlite3`` (``--sqlite PATH``), deleted at the
  end unless ``--keep``;
* PostgreSQL: ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_browse``. Create the
  database first and drop it afterwards; the script refuses a database whose name does not
  start with ``bench``, since it deletes every scenario and library in it.

    .venv/bin/python bench/library.py [-n 300] [--scenarios 10000] [--libraries 100]

A handful of real scenario documents are saved through ``scenarios.services`` (parsed, checked
against the reference data, both forces validated); the 10,000 rows are copies of them with
their own titles, descriptions, budgets and dates, their derived columns computed the way the
services compute them, written with ``bulk_create``. Another 10 % are private or unlisted, so
the lists have something to leave out. Prints p50/p95 per request, the queries each request
makes (on two different pages, to show the count does not depend on the page), and the ratio
p95 / p95 of /health/ (target: at most 3).
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import common  # noqa: E402  (the settings, before Django)


def _force(nationality: str, period: str, theatre: str, budget: int) -> dict[str, Any]:
    return {
        "nationality": nationality,
        "period": period,
        "theatre": theatre,
        "troop_type": "line",
        "budget": budget,
        "groups": [
            {"label": "A", "cards": [{"card": 1}, {"card": 2}]},
            {"label": "B", "cards": [{"card": 3}, {"card": 4}]},
        ],
    }


def _document(
    title: str,
    sides: tuple[str, str],
    *,
    period: str = "1943b",
    theatre: str = "ETO",
    terrain_deck: str = "standard",
    weather: tuple[str, ...] = (),
    description: str = "",
) -> dict[str, Any]:
    return {
        "format": "upfront-scenario",
        "version": 1,
        "scenario": {
            "title": title,
            "description": description,
            "language": "en",
            "based_on": None,
            "period": period,
            "theatre": theatre,
            "terrain_deck": terrain_deck,
            "weather": list(weather),
            "time_limit_decks": 3,
            "first_player": "attacker",
            "special_rules": [],
            "victory_conditions": {"text": "Most victory points after three decks."},
            "sides": [
                {"role": role, "force": _force(nationality, period, theatre, 200)}
                for role, nationality in zip(("attacker", "defender"), sides, strict=True)
            ],
        },
    }


# The real documents every row copies: each filter column takes several values among them.
BASES = [
    _document("Crossroads", ("american", "german"), weather=("clear",)),
    _document("Village", ("russian", "german"), period="1942a"),
    _document(
        "Ridge",
        ("british", "japanese"),
        period="1944a",
        theatre="PTO",
        terrain_deck="jungle",
        weather=("overcast", "rain"),
    ),
    _document("Perimeter", ("italian", "british"), period="1941b", terrain_deck="desert"),
    _document("Island", ("american", "japanese"), period="1943a", theatre="PTO"),
    _document("Hedgerows", ("american", "german"), period="1944b", terrain_deck="rural"),
    _document("Ruins", ("russian", "german"), period="1943a", terrain_deck="city"),
    _document("Steppe", ("russian", "italian"), period="1942b", weather=("overcast",)),
    _document("Bocage", ("british", "german"), period="1944a", weather=("fog",)),
    _document("Outpost", ("german", "british"), period="1941a", terrain_deck="desert"),
]
PLACES = (  # noqa: SIM905 - a list of words reads better as text
    "Arnhem Bastogne Carentan Caen Kohima Tobruk Kursk Anzio Cassino Rzhev Saipan Tarawa "
    "Bardia Gazala Aachen Orel Leros Ortona Imphal Buna Nijmegen Metz Bizerte Kasserine"
).split()

ACTIONS = (  # noqa: SIM905 - a list of words reads better as text
    "crossing bridgehead patrol ambush breakout rearguard counterattack assault raid "
    "outpost hill farmhouse orchard ridge wadi village station ferry"
).split()

WORDS = (  # noqa: SIM905 - a list of words reads better as text
    "squads meet at dawn under fire the last houses hold a night attack along the river "
    "defenders dig in while tanks wait behind the wall and snipers watch the open ground"
).split()


def _seed(n_public: int, n_libraries: int, rng: random.Random) -> None:
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from scenarios import services
    from scenarios.models import Library, Scenario, wider_visibility
    from upfront.reference.fetch import catalogue_current
    from upfront.rules.validate import validate_force

    User = get_user_model()
    Scenario.objects.all().delete()
    Library.objects.all().delete()
    User.objects.filter(username__startswith="bench-").delete()

    designers = User.objects.bulk_create(
        User(username=f"bench-designer-{n}", email=f"bench-{n}@example.org")
        for n in range(n_libraries // 2)
    )
    # 90 % of the libraries public, the rest private or unlisted.
    libraries = Library.objects.bulk_create(
        Library(
            owner=designers[n % len(designers)],
            title=f"{rng.choice(PLACES)} club {n}",
            description="Scenarios our club plays on Tuesdays.",
            visibility="public" if n < n_libraries * 0.9 else rng.choice(("private", "unlisted")),
        )
        for n in range(n_libraries)
    )

    # Save the real documents through the services: parsed, checked, forces validated.
    originals = [services.scenario_create(owner=designers[0], data=data) for data in BASES]
    # A copy's size is computed as the services compute it (the sum over both sides of the
    # larger of the force's points and its budget), with the copy's own budgets.
    catalogue = catalogue_current()
    side_totals = []
    for original in originals:
        parsed = services.scenario_check(data=original.document).document.scenario
        side_totals.append(
            [validate_force(side.force, catalogue).total_points for side in parsed.sides]
        )
    Scenario.objects.filter(pk__in=[o.pk for o in originals]).delete()

    now = timezone.now()
    total = int(n_public * 1.1)
    rows = []
    for n in range(total):
        index = n % len(originals)
        base = originals[index]
        document = copy.deepcopy(base.document)
        body = document["scenario"]
        body["title"] = f"{rng.choice(PLACES)} {rng.choice(ACTIONS)} {n}"
        body["description"] = " ".join(rng.choices(WORDS, k=rng.randint(8, 30))).capitalize() + "."
        budgets = [rng.choice((150, 200, 250, 300, 350, 400)) for _ in body["sides"]]
        for side, budget in zip(body["sides"], budgets, strict=True):
            side["force"]["budget"] = budget
        size = sum(max(t, b) for t, b in zip(side_totals[index], budgets, strict=True))
        library = libraries[n % len(libraries)]
        when = now - timedelta(minutes=rng.randint(0, 365 * 24 * 60))
        visibility = "public" if n < n_public else rng.choice(("private", "unlisted"))
        rows.append(
            Scenario(
                owner_id=library.owner_id,
                library=library,
                visibility=visibility,
                # bulk_create calls no save(): the column Scenario.save() keeps, set here.
                effective_visibility=wider_visibility(visibility, library.visibility),
                document=document,
                title=body["title"],
                description=body["description"],
                language=base.language,
                based_on=base.based_on,
                period=base.period,
                theatre=base.theatre,
                terrain_deck=base.terrain_deck,
                nationalities=base.nationalities,
                weather=base.weather,
                expansions=base.expansions,
                size_points=size,
                valid=base.valid,
                data_revision_id=base.data_revision_id,
                checked_at=now,
                created_at=when,
                updated_at=when,
            )
        )
    with transaction.atomic():
        created = Scenario.objects.bulk_create(rows, batch_size=500)
        # auto_now fields take "now" on insert: give each row its own date back.
        for row, original in zip(created, rows, strict=True):
            row.created_at = row.updated_at = original.created_at
        Scenario.objects.bulk_update(created, ["created_at", "updated_at"], batch_size=500)


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def timed(
    jobs: list[tuple[str, Callable[[], Any], Callable[[], Any] | None]], n: int
) -> dict[str, tuple[list[float], list[float]]]:
    """Wall-clock and CPU milliseconds of ``n`` calls of each job, taken in turns.

    In turns, so that a pause of the shared machine falls on every request kind alike;
    ``before`` (a job's third item) runs untimed before each call.
    """
    for _name, call, before in jobs:
        for _ in range(min(20, n)):  # warm caches (reference names, templates, connections)
            if before:
                before()
            call()
    samples: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name, *_ in jobs}
    for _ in range(n):
        for name, call, before in jobs:
            if before:
                before()
            start, start_cpu = time.perf_counter(), time.process_time()
            call()
            samples[name][1].append((time.process_time() - start_cpu) * 1000)
            samples[name][0].append((time.perf_counter() - start) * 1000)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=300, help="requests per endpoint")
    parser.add_argument("--scenarios", type=int, default=10_000, help="public scenarios")
    parser.add_argument("--libraries", type=int, default=100)
    common.database_arguments(parser, "library.sqlite3")
    args = parser.parse_args()
    common.use_database(args)

    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    start = time.perf_counter()
    common.prepare_database(scenarios=args.scenarios, libraries=args.libraries)
    from scenarios.models import Library, Scenario

    print(
        f"database: {connection.vendor}; {Scenario.objects.filter(visibility='public').count()} "
        f"public scenarios of {Scenario.objects.count()}, {Library.objects.count()} libraries; "
        f"seeded in {time.perf_counter() - start:.1f} s"
    )

    from scenarios.listing_cache import listing_changed

    client = Client()
    # What is measured, and a second page of the same kind for the query count.
    requests = {
        "health": ("/health/", "/health/"),
        "list": ("/scenarios/", "/scenarios/?page=250"),
        "filtered": (
            "/scenarios/?nationality=german&theatre=ETO&expansion=terrain&size_min=500",
            "/scenarios/?nationality=russian&period=1942a&size_max=500&sort=largest&page=3",
        ),
        "search": ("/scenarios/?q=tobruk+ridge", "/scenarios/?q=bastogne&page=2"),
        "feed": ("/feeds/scenarios/rss/", "/feeds/scenarios/atom/"),
        "api list": ("/api/v1/scenarios/", "/api/v1/scenarios/?page=3"),
    }
    # Each page twice: rendered afresh (the list cache emptied before each request, as after
    # any change of the data) and served from the list cache (scenarios/listing_cache.py).
    # The query count and SQL time of each kind of request, on two of its pages.
    queries: dict[str, tuple[str, float]] = {}
    available = {}
    for name, (url, other) in requests.items():
        first = client.get(url)
        if first.status_code != 200:
            print(f"{name}: {url} answers {first.status_code}, skipped")
            continue
        available[name] = url
        listed = name not in ("health", "api list")
        for mode, before in [("miss", listing_changed), ("hit", None)] if listed else [("-", None)]:
            counts, sql = [], 0.0
            for address in (url, other):
                client.get(address)  # a hit needs the entry
                if before:
                    before()
                with CaptureQueriesContext(connection) as captured:
                    assert client.get(address).status_code == 200, address
                counts.append(str(len(captured)))
                sql += sum(float(query["time"]) * 1000 for query in captured.captured_queries)
            queries[f"{name}|{mode}"] = ("/".join(counts), sql / 2)

    def get(url: str) -> Callable[[], Any]:
        return lambda: client.get(url)

    # Two rounds, each with /health/: every list rendered afresh (the list cache emptied
    # before each request, as after any change of the data), then served from the cache.
    listed = [name for name in available if name not in ("health", "api list")]
    fresh = timed(
        [("health|-", get(available["health"]), None)]
        + [(f"{name}|miss", get(available[name]), listing_changed) for name in listed],
        args.n,
    )
    cached = timed(
        [("health|-", get(available["health"]), None)]
        + [(f"{name}|hit", get(available[name]), None) for name in listed]
        + ([("api list|-", get(available["api list"]), None)] if "api list" in available else []),
        args.n,
    )
    # /health/ measured in each round; the ratios use the round with the cached lists, where
    # it shares the process with light requests only (the lower, stricter baseline).
    rows = [
        ("health", "fresh", *fresh["health|-"], *queries["health|-"]),
        ("health", "-", *cached["health|-"], *queries["health|-"]),
    ]
    for key, (wall, cpu) in {**fresh, **cached}.items():
        name, mode = key.split("|")
        if name != "health":
            rows.append((name, mode, wall, cpu, *queries[key]))
    rows.sort(key=lambda row: list(requests).index(row[0]))

    health_wall = percentile(rows[1][2], 0.95)
    health_cpu = percentile(rows[1][3], 0.95)
    header = ("request", "cache", "p50", "p95", "cpu p50", "cpu p95", "queries", "sql", "p95 ratio")
    print("{:9s} {:5s} {:>7s} {:>7s} {:>7s} {:>7s} {:>7s} {:>6s} {:>9s}".format(*header))
    for name, mode, wall, cpu, counts, sql in rows:
        p95, cpu95 = percentile(wall, 0.95), percentile(cpu, 0.95)
        print(
            f"{name:9s} {mode:5s} {percentile(wall, 0.5):7.2f} {p95:7.2f} "
            f"{percentile(cpu, 0.5):7.2f} {cpu95:7.2f} {counts:>7s} {sql:6.2f} "
            f"{p95 / health_wall:4.1f}/{cpu95 / health_cpu:<4.1f}"
        )
        if name != "health":
            # The listing target (<= 3) is for what a visitor gets between two changes, the
            # list cache; a page built afresh is over_http.py's "list fresh" (<= 5).
            target = None if mode == "miss" else 3.0
            ratio = p95 / health_wall
            common.record("library", f"{name} ({mode}), p95 / health p95", ratio, target)
    print(
        "ms per request (wall clock and CPU); queries on the two pages of each row and the ms "
        "they took (mean of the two); p95 ratio to /health/ (the '-' row), wall/CPU "
        "(target: <= 3); 'fresh': /health/ taken in turns with the fresh lists"
    )
    connection.close()
    common.drop_database(args)


if __name__ == "__main__":
    main()
