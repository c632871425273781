"""The web process's gunicorn settings (upfront/gunicorn_conf.py): serve.sh and the HTTP bench
load them, and a worker that has loaded the app freezes it out of the collector's way."""

from __future__ import annotations

import gc
import logging
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from gunicorn.app.wsgiapp import WSGIApplication

from upfront import gunicorn_conf

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def collector() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def _worker() -> SimpleNamespace:
    return SimpleNamespace(log=logging.getLogger("test.gunicorn"))


def test_serve_and_the_http_bench_run_gunicorn_with_the_settings() -> None:
    serve = (ROOT / "scripts" / "serve.sh").read_text()
    web = serve[serve.index("    web)") : serve.index("    worker)")]
    assert "--config python:upfront.gunicorn_conf" in web
    bench = (ROOT / "bench" / "over_http.py").read_text()
    assert '"--config=python:upfront.gunicorn_conf"' in bench


def test_gunicorn_reads_the_hook_from_the_command_line_serve_sh_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        sys, "argv", ["gunicorn", "--config", "python:upfront.gunicorn_conf", "upfront.wsgi"]
    )
    app = WSGIApplication()  # parses the arguments and loads the settings, not the app
    assert app.cfg.post_worker_init is gunicorn_conf.post_worker_init


def test_a_loaded_worker_freezes_what_it_holds(
    collector: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("WEB_GC_FREEZE", raising=False)
    monkeypatch.delenv("WEB_GC_THRESHOLD", raising=False)
    before = gc.get_threshold()
    gunicorn_conf.post_worker_init(_worker())
    assert gc.get_freeze_count() > 1000  # the test process's modules, Django among them
    assert gc.get_threshold() == before  # Python's own unless told


def test_freezing_and_thresholds_follow_the_environment(
    collector: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WEB_GC_FREEZE", "0")
    monkeypatch.setenv("WEB_GC_THRESHOLD", "5000, 20, 30")
    gunicorn_conf.post_worker_init(_worker())
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == (5000, 20, 30)


def test_the_module_documents_its_switches() -> None:
    text = (ROOT / "docs" / "performance.md").read_text()
    assert re.search(r"WEB_GC_FREEZE", text) and "gunicorn_conf" in text
