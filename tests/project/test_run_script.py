"""scripts/run.sh: the banner names the address the development server is really started on."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(tmp_path: Path, **env: str) -> tuple[str, str]:
    """run.sh in a copy of the project whose setup and Python only record what they are asked."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "run.sh", tmp_path / "scripts" / "run.sh")
    setup = tmp_path / "scripts" / "setup.sh"
    setup.write_text("#!/bin/sh\n")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text('#!/bin/sh\necho "python $*" >> "$(dirname "$0")/calls"\n')
    for script in (setup, python):
        script.chmod(0o755)
    clean = {k: v for k, v in os.environ.items() if k not in ("ADDRESS", "PORT", "DEBUG")}
    done = subprocess.run(
        ["bash", str(tmp_path / "scripts" / "run.sh")],
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    calls = (python.parent / "calls").read_text().splitlines()
    return done.stdout, calls[-1]


@pytest.mark.parametrize(
    ("env", "where"),
    [
        ({}, "127.0.0.1:8000"),
        ({"ADDRESS": "0.0.0.0", "PORT": "8080"}, "0.0.0.0:8080"),  # as serve.sh reads them
        ({"ADDRESS": "0.0.0.0:9000"}, "0.0.0.0:9000"),  # as runserver takes it
    ],
)
def test_the_banner_names_the_real_address(tmp_path: Path, env: dict[str, str], where: str) -> None:
    banner, started = _run(tmp_path, **env)
    assert f"on http://{where} " in banner
    assert "8000" not in banner or where.endswith(":8000")
    assert started == f"python manage.py runserver {where}"
    assert "print here" in banner  # DEBUG: the sign-up e-mail is on this console
