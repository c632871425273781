"""Logging: one handler prints each message once, with and without DEBUG."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Logging is configured once per process, from the settings read at start-up: each case runs in
# a fresh interpreter with its own DEBUG.
_LOG = (
    "import django, logging, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'upfront.settings'; "
    "django.setup(); "
    "logging.getLogger('django.request').warning('Not Found: /no-such-page/'); "
    "logging.getLogger('builder.services').warning('saved force 7 has no groups'); "
    "logging.getLogger('builder.services').info('below LOG_LEVEL')"
)


@pytest.mark.parametrize("debug", ["1", "0"])
def test_each_message_is_printed_once(debug: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "LOG_LEVEL", "DEBUG"}}
    env["DEBUG"] = debug
    out = subprocess.run(
        [sys.executable, "-c", _LOG], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    lines = (out.stdout + out.stderr).splitlines()
    assert lines.count("Not Found: /no-such-page/") == 1, lines
    assert lines.count("saved force 7 has no groups") == 1, lines
    assert "below LOG_LEVEL" not in lines
