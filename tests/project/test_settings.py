"""Settings come from the environment; with nothing configured: SQLite WAL + eager tasks."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _settings_in_subprocess(env: dict[str, str], expr: str) -> str:
    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='upfront.settings'; "
        f"django.setup(); from django.conf import settings as s; print({expr})"
    )
    clean = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "DATABASE_URL",
            "REDIS_URL",
            "CACHE_URL",
            "CELERY_BROKER_URL",
            "DEBUG",
            "CELERY_TASK_ALWAYS_EAGER",
        }
    }
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


def test_defaults_use_sqlite_and_in_process_tasks() -> None:
    out = _settings_in_subprocess(
        {}, "s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER, s.DEBUG"
    )
    assert out == "django.db.backends.sqlite3 True False"


def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    db = tmp_path / "wal.sqlite3"
    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='upfront.settings';"
        "django.setup();"
        "from django.db import connection; c=connection.cursor(); c.execute('PRAGMA journal_mode');"
        "print(c.fetchone()[0])"
    )
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["SQLITE_PATH"] = str(db)
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "wal"


def test_database_url_and_broker_from_environment() -> None:
    out = _settings_in_subprocess(
        {"DATABASE_URL": "postgres://u@db.example:5433/uf", "REDIS_URL": "redis://r:6379/1"},
        "s.DATABASES['default']['ENGINE'], s.DATABASES['default']['HOST'],"
        " s.DATABASES['default']['PORT'], s.CELERY_BROKER_URL, s.CELERY_TASK_ALWAYS_EAGER",
    )
    assert out == "django.db.backends.postgresql db.example 5433 redis://r:6379/1 False"


def test_cache_is_in_process_without_redis_and_shared_with_it() -> None:
    expr = "s.CACHES['default']['BACKEND'], s.CACHES['default'].get('LOCATION')"
    assert _settings_in_subprocess({}, expr) == (
        "django.core.cache.backends.locmem.LocMemCache None"
    )
    # Django's RedisCache, tolerant of a stopped Redis (upfront/cache.py).
    redis = "upfront.cache.TolerantRedisCache"
    assert _settings_in_subprocess({"REDIS_URL": "redis://r:6379/1"}, expr) == (
        f"{redis} redis://r:6379/1"
    )
    # CACHE_URL wins, e.g. a cache on another Redis database than the broker.
    assert _settings_in_subprocess(
        {"REDIS_URL": "redis://r:6379/1", "CACHE_URL": "redis://r:6379/2"}, expr
    ) == (f"{redis} redis://r:6379/2")


def test_the_api_uses_the_one_size_limit_and_error_handler() -> None:
    out = _settings_in_subprocess(
        {"DATA_UPLOAD_MAX_MEMORY_SIZE": "12345"},
        "s.DATA_UPLOAD_MAX_MEMORY_SIZE, s.REST_FRAMEWORK['DEFAULT_PARSER_CLASSES'],"
        " s.REST_FRAMEWORK['EXCEPTION_HANDLER']",
    )
    assert out == (
        "12345 ['upfront.api.parsers.JSONParser'] upfront.api.problems.exception_handler"
    )


def test_static_files_where_and_how_production_collects_them(tmp_path: Path) -> None:
    expr = "s.STATIC_ROOT, s.STORAGES['staticfiles']['BACKEND']"
    production = {"TESTING": "0", "STATIC_ROOT": str(tmp_path)}
    # Hashed names and pre-compressed copies, served by WhiteNoise (scripts/serve.sh prepare).
    assert _settings_in_subprocess(production, expr) == (
        f"{tmp_path} whitenoise.storage.CompressedManifestStaticFilesStorage"
    )
    # STATIC_COMPRESS=0: the same hashed names without the compressed copies.
    assert _settings_in_subprocess({**production, "STATIC_COMPRESS": "0"}, expr) == (
        f"{tmp_path} django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
    )
    # Development and the test suite read the source directories: nothing to collect.
    assert _settings_in_subprocess({"DEBUG": "1"}, expr).endswith(
        " django.contrib.staticfiles.storage.StaticFilesStorage"
    )


def test_production_hashes_passwords_with_pbkdf2() -> None:
    # The tests hash with MD5 (the root conftest); outside pytest the settings keep Django's
    # PBKDF2 first, which tests/accounts/test_password.py checks a stored password against.
    hashers = _settings_in_subprocess({}, "s.PASSWORD_HASHERS")
    assert hashers.startswith("['django.contrib.auth.hashers.PBKDF2PasswordHasher'"), hashers
