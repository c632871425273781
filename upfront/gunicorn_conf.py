"""Gunicorn's settings for the site's web process (``gunicorn -c python:upfront.gunicorn_conf``,
scripts/serve.sh): the cycle collector told what the loaded app is (docs/performance.md).

Once a worker has loaded the app (Django, the URLconf, the reference data it caches), every
object it holds lives as long as the worker. ``gc.freeze()`` moves them out of the collector's
generations, so a full collection during a request no longer walks the whole app: the tail
of cheap requests such as the DYO validation is where that shows. ``WEB_GC_FREEZE=0`` turns it
off; ``WEB_GC_THRESHOLD`` (e.g. ``"700,10,10"``, Python's default) sets the thresholds.

Command-line options (bind, workers, timeout) still come from scripts/serve.sh.
"""

from __future__ import annotations

import gc
import os
from typing import Any


def _truthy(value: str) -> bool:
    return value.strip().lower() in {"1", "true", "yes", "on"}


def gc_settings() -> tuple[bool, tuple[int, ...] | None]:
    """Whether to freeze the loaded app, and the thresholds to set (None: Python's own)."""
    freeze = _truthy(os.environ.get("WEB_GC_FREEZE", "1"))
    threshold = os.environ.get("WEB_GC_THRESHOLD", "").strip()
    return freeze, tuple(int(part) for part in threshold.split(",")) if threshold else None


def post_worker_init(worker: Any) -> None:
    """In each worker, after it loaded the app: freeze what is loaded, set the thresholds."""
    freeze, threshold = gc_settings()
    if threshold:
        gc.set_threshold(*threshold)
    if freeze:
        gc.collect()  # what loading left as garbage is not kept for ever
        gc.freeze()
    worker.log.info(
        "gc: %s frozen objects, thresholds %s", gc.get_freeze_count(), gc.get_threshold()
    )
