"""Settings for Up Front Builder, driven by environment variables.

Kept whole: Django reads one settings module; each block is driven by its environment variables.

With nothing configured the app runs on SQLite (WAL mode) and executes Celery tasks
in-process, so a single machine with no services runs everything. Set ``DATABASE_URL`` for
PostgreSQL and ``CELERY_BROKER_URL`` (or ``REDIS_URL``) for a real broker and workers.
See the configuration table in README.md.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import dj_database_url

from upfront import labels
from upfront.rules import codes

BASE_DIR = Path(__file__).resolve().parent.parent


def env(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    return float(value) if value else default


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in env(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", default=False)
# Under the tests (TESTING=1, or pytest loaded): faults that production only logs, such as a
# code shown without its label, raise instead.
TESTING = env_bool("TESTING") or "pytest" in sys.modules

# A development key is only acceptable while DEBUG is on; `check --deploy` flags it otherwise.
SECRET_KEY = env("SECRET_KEY") or "django-insecure-dev-only-key-change-me-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# The site's address as a printed setup sheet gives it (its verify address, /v/<code>/): a
# sheet is rendered by a job, with no request to take the host from.
SITE_URL = env("SITE_URL", "http://localhost:8000").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    # API tokens, handed out only to a signed-in (hence verified) account: upfront.api.tokens.
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "csp",
    "allauth",
    "allauth.account",
    # Scenario versions (scenarios.versions): one history row per saved change.
    "simple_history",
    "upfront.apps.ProjectConfig",
    "upfront.reference",
    "builder",
    "scenarios",
    # Background work (jobs, revalidation, setup sheets), an app nested in scenarios.
    "scenarios.jobs",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # After WhiteNoise (its static answers are compressed already), before everything that
    # writes the body: pages and API answers gzipped for clients that accept it
    # (upfront/compression.py).
    "upfront.compression.TextGZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # Who made a change: the version it records names the signed-in user (pages and API).
    "simple_history.middleware.HistoryRequestMiddleware",
]

ROOT_URLCONF = "upfront.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "upfront.context_processors.data_revision",
                "scenarios.access.staff.staff_context",
            ],
        },
    },
]

WSGI_APPLICATION = "upfront.wsgi.application"
ASGI_APPLICATION = "upfront.asgi.application"

# --- Database -------------------------------------------------------------------------
# DATABASE_URL wins (postgres://user@host:5432/name, or sqlite:///path); otherwise SQLite at
# SQLITE_PATH. SQLite gets the same options however it is named (sqlite_settings).
SQLITE_PATH = env("SQLITE_PATH", str(BASE_DIR / "db.sqlite3"))


def sqlite_settings(name: str) -> dict[str, Any]:
    """A SQLite database's entry: WAL, IMMEDIATE transactions and a lock timeout."""
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": name,
        # Kept open between requests, as PostgreSQL's: a new connection starts with an empty
        # page cache, so every list would read its index from the file again.
        "CONN_MAX_AGE": env_int("SQLITE_CONN_MAX_AGE", 60),
        "OPTIONS": {
            # WAL lets the web process read while a task writes.
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            # A write transaction takes the lock at its start, so it waits its turn (timeout)
            # instead of failing at its first write when another writer came in between.
            "transaction_mode": "IMMEDIATE",
            # Seconds a writer waits for the lock; past it the API answers 503 with
            # Retry-After (upfront.api.problems), never a 500.
            "timeout": env_float("SQLITE_TIMEOUT", 5.0),
        },
    }


DATABASE_URL = env("DATABASE_URL")
if DATABASE_URL and not DATABASE_URL.startswith("sqlite:"):
    # A kept connection is checked at a request's first query: after a server restart the
    # request opens a new one instead of failing on the dead one.
    DATABASES = {
        "default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)
    }
elif DATABASE_URL:
    DATABASES = {"default": sqlite_settings(dj_database_url.parse(DATABASE_URL)["NAME"])}
else:
    DATABASES = {"default": sqlite_settings(SQLITE_PATH)}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
# After signing in (or confirming the address in the browser that signed up) a player goes back
# to the page they came from (allauth carries ``next`` through sign-up and confirmation), else
# home: not a tool they did not ask for.
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Accounts (django-allauth at /accounts/) -------------------------------------------------
AUTHENTICATION_BACKENDS = [
    # Django's own for the admin and by-username checks; allauth's adds log-in by e-mail.
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
# Mandatory: a shared library is published under the account's name, and a confirmed address
# is the only way back in (password reset); the link in the e-mail also signs the player in.
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_UNIQUE_EMAIL = True
# The reserved names (nobody signs up as the former member, nor as a name that reads like it),
# Django's character rule, and, a username being public, something visible with no
# bidirectional control (scenarios/account/usernames.py, upfront/text.py).
ACCOUNT_USERNAME_VALIDATORS = "scenarios.account.usernames.USERNAME_VALIDATORS"
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Up Front Builder] "
# Labels, not placeholders; "Username or e-mail", not "Login" (upfront/account_forms.py).
ACCOUNT_FORMS = {
    "login": "upfront.account_forms.LoginForm",
    "signup": "upfront.account_forms.SignupForm",
    "change_password": "upfront.account_forms.ChangePasswordForm",
    "reset_password": "upfront.account_forms.ResetPasswordForm",
    "reset_password_from_key": "upfront.account_forms.ResetPasswordKeyForm",
    "add_email": "upfront.account_forms.AddEmailForm",
}
# Counters live in the Django cache (CACHES below): with several web processes set CACHE_URL
# (or REDIS_URL), or each process counts on its own. Failed log-ins: 10 a minute per IP
# address and 5 per account in 5 minutes; the next one is refused with "Too many failed login
# attempts".
ACCOUNT_RATE_LIMITS = {"login_failed": "10/m/ip,5/5m/key"}

# --- E-mail: printed on the console unless an SMTP server is configured ---------------------------
EMAIL_HOST = env("EMAIL_HOST")
EMAIL_HOST_USER = env("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD")
# Submission with STARTTLS (587) unless implicit TLS (465) is asked for; Django refuses both.
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", default=False)
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=not EMAIL_USE_SSL)
EMAIL_PORT = env_int("EMAIL_PORT", 465 if EMAIL_USE_SSL else 587)
# A mail server that does not answer must not hang a sign-up for minutes.
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", "Up Front Builder <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# --- Cache ------------------------------------------------------------------------------------
# Log-in rate limits, API throttles and the reference catalogue's revision check live here:
# shared by every process with Redis (CACHE_URL, else REDIS_URL), in-process otherwise.
CACHE_URL = env("CACHE_URL") or env("REDIS_URL")
CACHE_KEY_PREFIX = env("CACHE_KEY_PREFIX", "upfront")
if "pytest" in sys.modules:
    # Each test process counts on its own, as with the in-process cache: parallel workers and
    # earlier runs sharing the Redis must not throttle each other.
    CACHE_KEY_PREFIX += f"-test-{os.getpid()}"
if CACHE_URL:
    CACHES = {
        "default": {
            # Redis down must not break a request: connection errors are misses, logged
            # (upfront/cache.py); short timeouts so that a dead Redis costs milliseconds.
            "BACKEND": "upfront.cache.TolerantRedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": CACHE_KEY_PREFIX,
            "OPTIONS": {
                "socket_connect_timeout": env_float("CACHE_CONNECT_TIMEOUT", 0.5),
                "socket_timeout": env_float("CACHE_TIMEOUT", 1.0),
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Languages --------------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = labels.choices(codes.LANGUAGES, labels.LANGUAGE)
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

# --- Static files -------------------------------------------------------------------------
STATIC_URL = "static/"
# collectstatic writes here (`scripts/serve.sh prepare`, the Dockerfile); WhiteNoise serves it.
STATIC_ROOT = Path(env("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
if DEBUG or TESTING:
    STATICFILES_BACKEND = "django.contrib.staticfiles.storage.StaticFilesStorage"
elif env_bool("STATIC_COMPRESS", default=True):
    # Hashed names plus gzip and Brotli copies that WhiteNoise serves as they are. Compressing
    # the API docs' bundles costs collectstatic about two minutes on two cores, once a release.
    STATICFILES_BACKEND = "whitenoise.storage.CompressedManifestStaticFilesStorage"
else:
    # STATIC_COMPRESS=0: hashed names only, collected in seconds (a throwaway install such as
    # tests/project/test_serve.py, or a proxy in front that compresses).
    STATICFILES_BACKEND = "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": STATICFILES_BACKEND},
}

# --- Uploads: imports are JSON documents; keep them small. ---------------------------------
# The one request size limit: Django applies it to forms, the API's JSON parser
# (upfront.api.parsers) to every API body, answering 413.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 2 * 1024 * 1024)
FILE_UPLOAD_MAX_MEMORY_SIZE = env_int("FILE_UPLOAD_MAX_MEMORY_SIZE", 2 * 1024 * 1024)

# --- Security (production defaults; DEBUG relaxes them for local work) -----------------------
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", default=not DEBUG)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=False)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp) on every response: scripts, styles, images and fonts
# come from this site only, and no inline script runs (the pages read their data through
# json_script and static files). User text that slipped through escaping could not execute.
# The API docs pages (Swagger UI, ReDoc) get their own policy in upfront/urls.py.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        # The game page's service worker (/sw.js) and web app manifest, both same-origin.
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
if env_bool("BEHIND_PROXY"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- REST framework and OpenAPI -------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "upfront.api.openapi.AutoSchema",
    # Every API error is an RFC 9457 problem document (upfront/api/problems.py).
    "EXCEPTION_HANDLER": "upfront.api.problems.exception_handler",
    "DEFAULT_PARSER_CLASSES": ["upfront.api.parsers.JSONParser"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # No HTTP Basic: a password alone would let an account in without the e-mail
        # verification django-allauth requires at sign-in (tests/api/test_tokens.py). Token
        # first, so a refusal is a 401 that names the scheme to retry with; the session is
        # the browser's (writes need the CSRF token).
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # A door is for signed-in requesters unless it says AllowAny: one that forgets is closed.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": None,
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    # Every rate limit of the site, one per action, read by the API's throttles and the pages
    # alike (upfront/ratelimit.py; README "Rate limits"). Signing in: ACCOUNT_RATE_LIMITS.
    "DEFAULT_THROTTLE_RATES": {
        # Per client: the anonymous calculation endpoints (builder.api.views).
        "dyo_validate": "600/minute",
        "draw": env("DRAW_THROTTLE", "120/minute"),
        # Per user: jobs started, pages and API together (scenarios.views.jobs, api.jobs).
        "jobs": env("JOB_THROTTLE", "30/minute"),
        # Per player: play records added, pages and API together, counted in the records
        # (scenarios.plays.services.play_allowance_wait).
        "plays": f"{env_int('PLAY_RECORDS_PER_HOUR', 20)}/hour",
        # Per player, pages and API together (docs/community.md): ratings set or taken back
        # (requests), comments written and comments reported (counted in their rows).
        "ratings": env("RATING_THROTTLE", "30/minute"),
        "comments": f"{env_int('COMMENTS_PER_HOUR', 20)}/hour",
        "comment_reports": f"{env_int('COMMENT_REPORTS_PER_HOUR', 20)}/hour",
    },
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Up Front Builder API",
    "DESCRIPTION": (
        "Reference data of the Up Front card wargame and its expansions, DYO force "
        "validation, saved forces, and players' scenarios and libraries (import, export, "
        "sharing). Codes follow the v1 interchange format."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI and ReDoc from our own static files: /api/docs/ works with no internet.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The interchange documents' JSON Schemas (defined once, in the rules engine) become
    # components that the request bodies refer to.
    # One name per code set, whichever field uses it (draw: nationality and opponent).
    "ENUM_NAME_OVERRIDES": {
        "NationalityEnum": "upfront.rules.codes.NATIONALITIES",
        "ProblemCodeEnum": "upfront.api.problems.CODES",
        "VisibilityEnum": "scenarios.models.VISIBILITY_CHOICES",
        "RnColourEnum": "upfront.rules.codes.RN_COLOURS",
        "ScenarioRoleEnum": "upfront.rules.scenario.SCENARIO_ROLES",
        "DrawKindEnum": "upfront.rules.companion.DRAW_KINDS",
        "ExpansionEnum": "upfront.rules.codes.EXPANSIONS",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "upfront.api.openapi.add_document_components",
    ],
}

# --- Celery ---------------------------------------------------------------------------------
CELERY_BROKER_URL = env("CELERY_BROKER_URL") or env("REDIS_URL")
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND") or CELERY_BROKER_URL or None
# No broker configured: run tasks in the calling process (single-machine mode).
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", default=not CELERY_BROKER_URL)
CELERY_TASK_EAGER_PROPAGATES = True
# Without a broker a job runs in the web process, in a thread of its own started once the
# request that asked for it has committed: the job page shows at once and follows its progress
# as it would with a worker. Tests run it in the request instead (its result is there at once).
JOB_EAGER_IN_BACKGROUND = env_bool(
    "JOB_EAGER_IN_BACKGROUND", default=not (env_bool("TESTING") or "pytest" in sys.modules)
)
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 300)

# --- Background jobs (scenarios.jobs, docs/jobs.md) ------------------------------------------
# A job's hard limit kills the worker child; the soft one comes first and fails the job saying
# it took too long. The broker redelivers an unacknowledged task (acks_late) after the
# visibility timeout: it must be longer than the hard limit, or a job still running would be
# handed to a second worker (system check scenarios.E101, scenarios/jobs/checks.py).
JOB_HARD_TIME_LIMIT = env_int("JOB_HARD_TIME_LIMIT", CELERY_TASK_TIME_LIMIT)
JOB_SOFT_TIME_LIMIT = env_int("JOB_SOFT_TIME_LIMIT", max(1, JOB_HARD_TIME_LIMIT - 30))
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", JOB_HARD_TIME_LIMIT + 300),
    # Redis down: fail fast in the request (the job waits in the outbox), no retry loop.
    "socket_connect_timeout": env_float("CELERY_BROKER_CONNECT_TIMEOUT", 1.0),
    "socket_timeout": env_float("CELERY_BROKER_SOCKET_TIMEOUT", 5.0),
}
CELERY_BROKER_CONNECTION_TIMEOUT = env_float("CELERY_BROKER_CONNECT_TIMEOUT", 1.0)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_PUBLISH_RETRY = False
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_TASK_DEFAULT_QUEUE = "celery"
# Setup sheets go to their own queue, so that the workers rendering them can recycle their
# processes (WeasyPrint's memory grows with use): `celery -A upfront worker -Q pdf
# --max-tasks-per-child ... ` or these settings for every worker.
JOB_PDF_QUEUE = env("JOB_PDF_QUEUE", "pdf")
CELERY_WORKER_MAX_TASKS_PER_CHILD = env_int("CELERY_WORKER_MAX_TASKS_PER_CHILD", 200) or None
CELERY_WORKER_MAX_MEMORY_PER_CHILD = env_int("CELERY_WORKER_MAX_MEMORY_PER_CHILD", 512_000) or None
# A running job holds a lease on its row that its run renews every JOB_LEASE_RENEW_SECONDS;
# beat's sweep (every JOB_SWEEP_SECONDS) takes back a job whose lease ran out (its worker died)
# and sends it again as a new attempt. A dead worker so costs at most about JOB_LEASE_SECONDS +
# JOB_SWEEP_SECONDS (40 s by default) instead of the visibility timeout, which stays as a
# backstop. A lease outlasts one missed renewal (system check scenarios.E103).
JOB_LEASE_SECONDS = env_int("JOB_LEASE_SECONDS", 30)
JOB_LEASE_RENEW_SECONDS = env_int("JOB_LEASE_RENEW_SECONDS", 10)
# Runs that take a job (the first, and each takeover after a worker died or the hard limit)
# before it is given up.
JOB_MAX_ATTEMPTS = env_int("JOB_MAX_ATTEMPTS", 3)
# Transient errors (database or broker connection) are retried with back-off, this many times
# per job; a retry is not an attempt.
JOB_MAX_RETRIES = env_int("JOB_MAX_RETRIES", 5)
# The outbox and lease sweep (celery beat; `manage.py send_jobs` from cron without beat).
JOB_SWEEP_SECONDS = env_int("JOB_SWEEP_SECONDS", 10)
# A queued job sent this long ago and not started (its message may be lost: Redis restarted
# without persistence) is sent again by the sweep (scenarios/jobs/lost.py), instead of after
# the visibility timeout; a second message is harmless (the claim).
JOB_LOST_GRACE_SECONDS = env_int("JOB_LOST_GRACE_SECONDS", 20)
# Bulk revalidation (scenarios.jobs.revalidation): scenarios checked by one task when the reference
# data changes. Large enough that the per-task costs (a message, a transaction, one bulk
# update) are small against the checks, small enough that both workers get batches to the end.
REVALIDATION_BATCH_SIZE = env_int("REVALIDATION_BATCH_SIZE", 200)
# How long an analysis computed for a setup sheet or a book (not by a validate or simulate
# job, whose result is kept with the job) stays in the cache for the next sheet of the same
# source (scenarios.jobs.stored). A week: the source names the document, the data
# revision and the engine, so an entry is never stale, only unused.
ANALYSIS_CACHE_SECONDS = env_int("ANALYSIS_CACHE_SECONDS", 7 * 24 * 3600)
# Drills only (tests/scenarios/jobs/test_drills.py): a pause at each progress step, so that a
# job lasts long enough to kill its worker in the middle. Never set in production.
JOB_STEP_PAUSE = env_float("JOB_STEP_PAUSE", 0.0)
# The bin (docs/deletion.md): a deleted scenario or library is kept this many days, then
# purged by beat's hourly "purge-bin".
BIN_DAYS = env_int("BIN_DAYS", 30)
# Celery's scheduler, logging a broker that is down as one warning line per task it could not
# send instead of an error with tracebacks at every sweep (upfront/beat.py).
CELERY_BEAT_SCHEDULER = "upfront.beat:QuietScheduler"
CELERY_BEAT_SCHEDULE = {
    "sweep-job-outbox": {"task": "scenarios.sweep_outbox", "schedule": float(JOB_SWEEP_SECONDS)},
    "purge-bin": {"task": "scenarios.purge_bin", "schedule": 3600.0},
}
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"

# --- Reference data -------------------------------------------------------------------------
# The CSV facts are vendored under upfront/reference/data/reference/ (a byte-for-byte copy of
# ../shared/reference/, checked by a test); the seed transcriptions under data/seed/.
REFERENCE_DATA_DIR = BASE_DIR / "upfront" / "reference" / "data"

# One console handler, on the root logger. Django first applies its own defaults, where the
# "django" logger has a console handler of its own (active under DEBUG) and also propagates to
# the root: every django.* line printed twice. Here that logger keeps only Django's mail to
# ADMINS (on errors, outside DEBUG) and leaves printing to the root handler.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"require_debug_false": {"()": "django.utils.log.RequireDebugFalse"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "mail_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "level": "ERROR",
            "filters": ["require_debug_false"],
        },
    },
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "WARNING")},
    "loggers": {"django": {"handlers": ["mail_admins"], "propagate": True}},
}

# --- Stored files (setup sheets, scenarios/jobs/sheets/storage.py) ---------------------------
# default_storage keeps rendered setup sheets under MEDIA_ROOT/setup-sheets/. They are private:
# no URL pattern serves MEDIA_URL, and no web server may be pointed at MEDIA_ROOT; a file is
# streamed only by the job's download view, after the visibility check. Web processes and
# workers on other machines need the bucket below (or one shared MEDIA_ROOT).
MEDIA_ROOT = env("MEDIA_ROOT", str(BASE_DIR / "media"))
# How long a signed download URL stays valid (seconds), when the files are in a bucket.
STORAGE_URL_EXPIRES = env_int("STORAGE_URL_EXPIRES", 60)
# With AWS_STORAGE_BUCKET_NAME set, default_storage is an S3-compatible bucket (django-storages,
# its own variable names), so a web process and workers on other machines share the files. The
# bucket stays private: a download is checked, then redirected to a short-lived signed URL.


def bucket_storage(bucket_name: str, **connection: str | None) -> dict[str, Any]:
    """The STORAGES entry of a private S3-compatible bucket (the tests use it too)."""
    return {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": bucket_name,
            **connection,  # endpoint_url, access_key, secret_key, region_name
            "default_acl": None,  # private: the bucket's own policy, never public-read
            "querystring_auth": True,  # url() signs
            "signature_version": "s3v4",  # what every S3-compatible service accepts
            "querystring_expire": STORAGE_URL_EXPIRES,
            "file_overwrite": False,
        },
    }


AWS_STORAGE_BUCKET_NAME = env("AWS_STORAGE_BUCKET_NAME")
if AWS_STORAGE_BUCKET_NAME:
    STORAGES["default"] = bucket_storage(
        AWS_STORAGE_BUCKET_NAME,
        endpoint_url=env("AWS_S3_ENDPOINT_URL") or None,
        access_key=env("AWS_ACCESS_KEY_ID") or None,
        secret_key=env("AWS_SECRET_ACCESS_KEY") or None,
        region_name=env("AWS_S3_REGION_NAME") or None,
    )
