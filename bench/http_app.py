"""The WSGI application ``bench/http.py`` runs in gunicorn: the site's own, plus three things
only a benchmark needs, under ``/__bench/`` (never mounted by the site itself):

* ``/__bench/pid``: the worker's process id, whose CPU time the script reads from /proc;
* ``/__bench/listing-changed``: empties the public lists' cache (``listing_changed``), as any
  change of the listed data does, so the next list page is rendered afresh. The worker's
  cache may be its own memory: the script cannot reach it from outside;
* ``/__bench/profile``: with ``BENCH_PROFILE=1`` every request of the site runs under
  cProfile, one profile per method and path; this writes them to ``BENCH_PROFILE_DIR``.

The DYO validation's throttle (600 a minute per client) is lifted, as in bench/validate.py:
the benchmark measures the work, not the refusal after 600 requests.
"""

from __future__ import annotations

import cProfile
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from upfront.wsgi import application as site  # sets Django up: import it first


def _lift_throttle() -> None:
    from builder.api import views

    views.DyoThrottle.THROTTLE_RATES = {**views.DyoThrottle.THROTTLE_RATES, "dyo_validate": None}


_lift_throttle()

PROFILE = os.environ.get("BENCH_PROFILE") == "1"
profiles: dict[str, cProfile.Profile] = {}

Start = Callable[..., Any]


def _answer(start: Start, body: bytes, status: str = "200 OK") -> list[bytes]:
    start(status, [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
    return [body]


def application(environ: dict[str, Any], start: Start) -> Iterable[bytes]:
    path = environ.get("PATH_INFO", "")
    if path == "/__bench/pid":
        return _answer(start, str(os.getpid()).encode())
    if path == "/__bench/listing-changed":
        from scenarios.listing_cache import listing_changed

        listing_changed()
        return _answer(start, b"ok")
    if path == "/__bench/profile":
        folder = Path(os.environ["BENCH_PROFILE_DIR"])
        folder.mkdir(parents=True, exist_ok=True)
        for name, profile in profiles.items():
            profile.dump_stats(folder / f"{name}.prof")
        return _answer(start, ",".join(profiles).encode())
    if not PROFILE:
        return site(environ, start)
    name = re.sub(r"[^a-z0-9]+", "-", f"{environ['REQUEST_METHOD']} {path}".lower()).strip("-")
    profile = profiles.setdefault(name, cProfile.Profile())
    profile.enable()
    try:
        return list(site(environ, start))
    finally:
        profile.disable()
