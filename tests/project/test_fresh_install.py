"""A fresh SQLite database migrates and loads the reference data with the README's commands."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_fresh_database_migrates_and_loads(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env["SQLITE_PATH"] = str(tmp_path / "fresh.sqlite3")
    manage = [sys.executable, "manage.py"]
    subprocess.run(
        [*manage, "migrate", "--noinput"], cwd=ROOT, env=env, check=True, capture_output=True
    )
    loaded = subprocess.run(
        [*manage, "load_reference"], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    assert "Loaded reference data" in loaded.stdout
    assert "personality_cards=221 (created 221, updated 0, removed 0)" in loaded.stdout
    again = subprocess.run(
        [*manage, "load_reference"], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    assert "unchanged" in again.stdout
    code = (
        "import django,json; django.setup(); from django.test import Client;"
        "print(Client().get('/health/').content.decode())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "upfront.settings"},
        check=True,
        capture_output=True,
        text=True,
    )
    health = json.loads(out.stdout.strip().splitlines()[-1])
    assert health["status"] == "ok" and health["database"] == "sqlite"
    assert health["data_revision"].startswith("r1-")
