"""The rules engine is pure in fact: importing it loads no Django, Celery, kombu or DRF.

The import-linter contract only sees the engine's own import statements; a package
``__init__`` on the way (``upfront/__init__.py``) could still drag the web stack in. So this
imports every engine module in a fresh interpreter and looks at what got loaded.
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import upfront.rules

ROOT = Path(__file__).resolve().parents[3]
FORBIDDEN = ("django", "celery", "kombu", "rest_framework", "billiard", "redis")


def test_importing_the_engine_loads_no_web_stack() -> None:
    modules = sorted(
        f"upfront.rules.{info.name}" for info in pkgutil.iter_modules(upfront.rules.__path__)
    )
    assert "upfront.rules.validate" in modules
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    ).stdout
    loaded = json.loads(out)
    leaked = sorted({name.split(".")[0] for name in loaded} & set(FORBIDDEN))
    assert leaked == [], f"importing the rules engine loaded {leaked}"
    assert "upfront.rules.validate" in loaded
