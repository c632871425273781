"""scripts/serve.sh refuses what is not production, and the container files agree with it.

Cheap checks without services (the stack itself: tests/project/test_serve.py). CI has no
Docker engine: the image is not built, but what it installs and runs is checked here against
scripts/setup.sh and scripts/serve.sh.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SERVE = ROOT / "scripts" / "serve.sh"
INHERITED_NOT = {
    *("TESTING", "DEBUG", "SECRET_KEY", "REDIS_URL", "CELERY_BROKER_URL"),
    *("SERVE_PROCESSES", "SERVE_PREPARE"),
}
PRODUCTION = {"SECRET_KEY": "k" * 50, "REDIS_URL": "redis://127.0.0.1:1/0"}


def _serve(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in INHERITED_NOT}
    # A VENV without python: every check below must answer before anything starts.
    return subprocess.run(
        [str(SERVE), *args],
        env={**base, "VENV": "/nonexistent", **env},
        capture_output=True,
        text=True,
        timeout=20,
    )


@pytest.mark.parametrize(
    ("args", "env", "message"),
    [
        ((), {**PRODUCTION, "DEBUG": "1"}, "DEBUG is on"),
        ((), {**PRODUCTION, "DEBUG": "True"}, "DEBUG is on"),
        ((), {**PRODUCTION, "TESTING": "1"}, "TESTING is on"),
        ((), {"REDIS_URL": "redis://127.0.0.1:1/0"}, "set SECRET_KEY"),
        (("web", "worker"), {"SECRET_KEY": "k" * 50}, "worker needs a broker"),
        (("beat",), {"SECRET_KEY": "k" * 50}, "beat needs a broker"),
        (("web", "gunicorn"), PRODUCTION, "unknown process 'gunicorn'"),
        ((), {**PRODUCTION, "SERVE_PROCESSES": "web,flower"}, "unknown process 'flower'"),
    ],
)
def test_serve_refuses_what_is_not_production(
    args: tuple[str, ...], env: dict[str, str], message: str
) -> None:
    done = _serve(*args, **env)
    assert done.returncode == 2
    assert message in done.stderr


def test_serve_gets_to_the_virtualenv_with_production_settings() -> None:
    # Past every refusal: only the missing virtualenv stops it (web alone needs no broker).
    done = _serve("web", SECRET_KEY="k" * 50)
    assert done.returncode == 2
    assert "no virtualenv at /nonexistent" in done.stderr


def test_compose_runs_the_processes_of_serve_from_one_image() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    app = {name: s for name, s in services.items() if s.get("build") == "."}
    assert sorted(s["command"][0] for s in app.values()) == sorted(
        ["prepare", "web", "worker", "pdf-worker", "beat"]
    )
    assert {s["image"] for s in app.values()} == {"upfront-builder"}
    for name, service in app.items():
        # Every name is one serve.sh accepts (it stops at the missing virtualenv, not before).
        done = _serve(*service["command"], **PRODUCTION)
        assert "no virtualenv" in done.stderr, (name, done.stderr)
        env = service["environment"]
        assert (
            env["DATABASE_URL"].startswith("postgres://")
            and "@postgres:5432/" in env["DATABASE_URL"]
        )
        assert env["REDIS_URL"].startswith("redis://redis:6379/")
        assert "DEBUG" not in env
    assert services["web"]["ports"] == ["127.0.0.1:8000:8000"]
    assert {"postgres", "redis"} <= set(services)


def test_the_image_installs_what_setup_installs_and_runs_serve_as_a_user() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    setup = (ROOT / "scripts" / "setup.sh").read_text()
    runtime = re.search(r"^\s*pkgs=\(([^)]*)\)", setup, flags=re.MULTILINE)
    assert runtime
    # gettext compiles the catalogues, which are committed compiled: the image does without it.
    for package in set(runtime.group(1).split()) - {"gettext"}:
        assert re.search(rf"\b{re.escape(package)}\b", dockerfile), package
    assert '/bin/pip" install -r requirements.txt' in dockerfile  # the pinned versions
    assert "collectstatic" in dockerfile
    assert re.search(r"^USER upfront$", dockerfile, flags=re.MULTILINE)
    assert 'ENTRYPOINT ["scripts/serve.sh"]' in dockerfile
