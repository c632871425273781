"""scripts/backup.sh and scripts/restore.sh on PostgreSQL.

A populated site (players, a library with a collaborator, scenarios with versions, play records,
a saved force, an API token, a validation job and a setup sheet job with its stored PDF) is
backed up with ``scripts/backup.sh``, restored with ``scripts/restore.sh`` into a fresh database
of its own and an empty MEDIA_ROOT, and compared: every row of every table (each row as JSON),
every sequence's position, and every file byte for byte. The restore refuses a database that is
not empty, a MEDIA_ROOT that is not empty and a backup whose checksums do not match, each before
it changes anything. The scripts take the site's paths from its settings (``manage.py
site_paths``) and write the manifest with ``manage.py backup_manifest``.
"""

from __future__ import annotations

import copy
import datetime
import hashlib
import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.scenarios.conftest import SCENARIO_DOCUMENT

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
# What the scripts must not inherit from the test run.
NOT_INHERITED = {"DATABASE_URL", "SQLITE_PATH", "MEDIA_ROOT", "AWS_STORAGE_BUCKET_NAME"}


def _url(name: str) -> str:
    from django.db import connection

    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{name}"


def _run(script: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
    return subprocess.run(
        [str(ROOT / "scripts" / script), *args],
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture
def restore_database() -> Iterator[str]:
    """A fresh, empty database beside the test database, dropped afterwards."""
    import psycopg
    from django.db import connection

    name = f"{connection.settings_dict['NAME']}_restore_{os.getpid()}"
    admin = _url("postgres")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield name
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _snapshot(url: str) -> tuple[dict[str, list[str]], dict[str, int]]:
    """Every table's rows (as JSON text, sorted) and every sequence's last value."""
    import psycopg

    with psycopg.connect(url) as conn:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1"
            )
        ]
        rows = {
            table: sorted(
                r[0] for r in conn.execute(f'SELECT row_to_json(t)::text FROM "{table}" t')
            )
            for table in tables
        }
        sequences = {
            name: conn.execute(f'SELECT last_value FROM "{name}"').fetchone()[0]
            for (name,) in conn.execute(
                "SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'"
            )
        }
    return rows, sequences


def _files(folder: Path) -> dict[str, str]:
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def _populate() -> dict[str, Any]:
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    from builder import services as builder_services
    from scenarios import services
    from scenarios.jobs.services import job_request
    from scenarios.plays import services as plays
    from upfront.api.tokens import api_token_rotate
    from upfront.rules.examples import EXAMPLE_FORCE

    users = get_user_model().objects
    owner = users.create_user("rommel", "rommel@example.org", "afrika-1941-korps")
    friend = users.create_user("guderian", "guderian@example.org", "panzer-1940-leader")
    for user in (owner, friend):
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    library = services.library_create(owner=owner, title="Club favourites", visibility="public")
    services.library_collaborator_add(library=library, user=friend)
    first = services.scenario_create(
        owner=owner, data=SCENARIO_DOCUMENT, library=library, visibility="public"
    )
    changed = copy.deepcopy(SCENARIO_DOCUMENT)
    changed["scenario"]["title"] = "Crossroads at dusk"
    services.scenario_update(scenario=first, data=changed, author=owner)
    services.scenario_create(owner=friend, data=SCENARIO_DOCUMENT, library=library)
    for day, winner in (("2026-11-20", "attacker"), ("2026-11-21", "defender")):
        plays.play_create(
            scenario=first,
            player=friend,
            values={
                "played_on": datetime.date.fromisoformat(day),
                "winner": winner,
                "ending": "victory_condition",
            },
        )
    builder_services.saved_force_create(owner=owner, name="Grenadiers", data=EXAMPLE_FORCE)
    api_token_rotate(user=owner)
    validate = job_request(user=owner, kind="validate", scenario=first)
    sheet = job_request(user=owner, kind="pdf", scenario=first)
    return {"validate": validate.pk, "sheet": sheet.pk}


def test_a_backup_restores_every_row_and_file(
    postgres_required: None, restore_database: str, tmp_path: Path, settings: Any
) -> None:
    from django.core.files.storage import default_storage
    from django.db import connection

    from scenarios.jobs.models import Job
    from upfront.celery import app
    from upfront.reference.loading import reference_data_load

    reference_data_load(force=True, reason="backup test")  # a transactional test starts empty
    media, restored_media = tmp_path / "media", tmp_path / "restored-media"
    settings.MEDIA_ROOT = str(media)
    settings.CELERY_TASK_ALWAYS_EAGER = True
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        jobs = _populate()  # the jobs run in-process when their request commits
    finally:
        app.conf.task_always_eager = eager
    sheet = Job.objects.get(pk=jobs["sheet"])
    assert sheet.status == "succeeded" and sheet.file, (sheet.error, sheet.error_params)
    assert default_storage.open(sheet.file).read(5) == b"%PDF-"
    assert Job.objects.get(pk=jobs["validate"]).status == "succeeded"

    source = _url(connection.settings_dict["NAME"])
    folder = tmp_path / "backup"
    made = _run("backup.sh", str(folder), DATABASE_URL=source, MEDIA_ROOT=str(media))
    assert made.returncode == 0, made.stderr
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["database"] == {"engine": "postgresql", "file": "database.pgdump"}
    assert manifest["media"]["kept_in"] == "files" and manifest["media"]["files"] == 1
    check = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=folder, capture_output=True)
    assert check.returncode == 0, check.stdout

    target = _url(restore_database)
    done = _run("restore.sh", str(folder), DATABASE_URL=target, MEDIA_ROOT=str(restored_media))
    assert done.returncode == 0, done.stderr

    rows, sequences = _snapshot(source)
    restored_rows, restored_sequences = _snapshot(target)
    assert list(restored_rows) == list(rows)
    for table in rows:
        assert restored_rows[table] == rows[table], table
    assert restored_sequences == sequences
    total = sum(len(r) for r in rows.values())
    for table in ("scenarios_scenario", "scenarios_historicalscenario", "scenarios_job"):
        assert rows[table], f"{table} is empty: the site was not populated"
    files = _files(media)
    assert _files(restored_media) == files and sheet.file in files
    print(f"restored and compared: {len(rows)} tables, {total} rows, {len(files)} files")

    # A second restore into the now populated database is refused, and changes nothing.
    again = _run("restore.sh", str(folder), DATABASE_URL=target, MEDIA_ROOT=str(tmp_path / "m3"))
    assert again.returncode == 4 and "empty" in again.stderr
    # A damaged backup is refused before anything is touched.
    dump = folder / "database.pgdump"
    data = bytearray(dump.read_bytes())
    data[len(data) // 2] ^= 0xFF
    dump.write_bytes(bytes(data))
    damaged = _run("restore.sh", str(folder), DATABASE_URL=target, MEDIA_ROOT=str(tmp_path / "m4"))
    assert damaged.returncode == 3 and "checksums" in damaged.stderr


@pytest.mark.django_db(transaction=False)
def test_a_sqlite_site_is_backed_up_online_and_restored(tmp_path: Path) -> None:
    import sqlite3

    site = tmp_path / "site.sqlite3"
    with sqlite3.connect(site) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE t (id integer primary key, name text)")
        db.executemany("INSERT INTO t (name) VALUES (?)", [("a",), ("b",), ("c",)])
    writer = sqlite3.connect(site)  # a site still running, with a write not yet committed
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO t (name) VALUES ('uncommitted')")
    folder = tmp_path / "backup"
    made = _run("backup.sh", str(folder), DATABASE_URL=f"sqlite:///{site}")
    writer.rollback()
    assert made.returncode == 0, made.stderr
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["database"] == {"engine": "sqlite", "file": "database.sqlite3"}
    target = tmp_path / "restored" / "site.sqlite3"
    done = _run("restore.sh", str(folder), SQLITE_PATH=str(target), MEDIA_ROOT=str(tmp_path / "m"))
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(target) as db:
        assert [r[0] for r in db.execute("SELECT name FROM t ORDER BY id")] == ["a", "b", "c"]
    # The backup of one engine is not restored into the other.
    other = _run("restore.sh", str(folder), DATABASE_URL="postgres://nobody@127.0.0.1:1/x")
    assert other.returncode == 2 and "same engine" in other.stderr


def _sqlite_site(tmp_path: Path) -> Path:
    import sqlite3

    site = tmp_path / "site.sqlite3"
    with sqlite3.connect(site) as db:
        db.execute("CREATE TABLE t (id integer primary key, name text)")
        db.executemany("INSERT INTO t (name) VALUES (?)", [("a",), ("b",)])
    return site


@pytest.mark.django_db(transaction=False)
def test_a_restore_into_a_media_folder_with_files_changes_nothing(tmp_path: Path) -> None:
    """Every precondition is checked before the database is written: a MEDIA_ROOT holding
    files is refused with the target database still absent."""
    media = tmp_path / "media"
    (media / "setup-sheets").mkdir(parents=True)
    (media / "setup-sheets" / "a.pdf").write_bytes(b"%PDF-1.7 sheet")
    folder = tmp_path / "backup"
    made = _run(
        "backup.sh", str(folder), SQLITE_PATH=str(_sqlite_site(tmp_path)), MEDIA_ROOT=str(media)
    )
    assert made.returncode == 0, made.stderr
    assert (folder / "media" / "setup-sheets" / "a.pdf").read_bytes() == b"%PDF-1.7 sheet"

    target = tmp_path / "restored" / "site.sqlite3"
    busy = tmp_path / "busy-media"
    busy.mkdir()
    (busy / "kept.txt").write_text("a file of another site")
    refused = _run("restore.sh", str(folder), SQLITE_PATH=str(target), MEDIA_ROOT=str(busy))
    assert refused.returncode == 5 and "MEDIA_ROOT" in refused.stderr
    assert not target.exists() and not target.parent.exists()
    assert sorted(p.name for p in busy.iterdir()) == ["kept.txt"]

    empty = tmp_path / "empty-media"
    done = _run("restore.sh", str(folder), SQLITE_PATH=str(target), MEDIA_ROOT=str(empty))
    assert done.returncode == 0, done.stderr
    assert _files(empty) == _files(media)


def test_the_scripts_ask_the_site_for_its_paths(tmp_path: Path, settings: Any) -> None:
    """``site_paths`` prints what settings decided, defaults included, as shell assignments."""
    from io import StringIO

    from django.core.management import call_command

    settings.MEDIA_ROOT = str(tmp_path / "the media")
    settings.AWS_STORAGE_BUCKET_NAME = None
    out = StringIO()
    call_command("site_paths", stdout=out)
    lines = dict(line.split("=", 1) for line in out.getvalue().splitlines())
    from django.db import connection

    engine = {"sqlite": "sqlite", "postgresql": "postgresql"}[connection.vendor]
    assert lines["SITE_ENGINE"] == engine
    assert lines["SITE_MEDIA_ROOT"] == f"'{tmp_path / 'the media'}'"
    assert lines["SITE_BUCKET"] == "''"
    # The environment's SQLITE_PATH or DATABASE_URL as settings read it, not re-derived.
    env = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
    env["SQLITE_PATH"] = str(tmp_path / "x.sqlite3")
    printed = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "python"), "manage.py", "site_paths"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert f"SITE_DATABASE={tmp_path / 'x.sqlite3'}" in printed.splitlines()


def test_the_manifest_lists_every_file_with_its_checksum(tmp_path: Path, settings: Any) -> None:
    from io import StringIO

    from django.core.management import call_command

    settings.AWS_STORAGE_BUCKET_NAME = None
    (tmp_path / "media" / "setup-sheets").mkdir(parents=True)
    (tmp_path / "media" / "setup-sheets" / "a.pdf").write_bytes(b"%PDF-1.7")
    (tmp_path / "database.sqlite3").write_bytes(b"SQLite format 3\x00")
    call_command("backup_manifest", str(tmp_path), started_at="2026-11-27T00:00:00Z")
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["format"] == "upfront-backup" and manifest["started_at"].startswith("2026")
    assert [f["path"] for f in manifest["files"]] == [
        "database.sqlite3",
        "media/setup-sheets/a.pdf",
    ]
    assert manifest["media"] == {"kept_in": "files", "folder": "media", "files": 1}
    check = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=tmp_path, capture_output=True)
    assert check.returncode == 0, check.stdout
    assert b"manifest.json: OK" in check.stdout
    out = StringIO()
    call_command("backup_manifest", str(tmp_path), read=True, stdout=out)
    engine = manifest["database"]["engine"]
    assert out.getvalue().split() == [engine, manifest["database"]["file"], "files"]
