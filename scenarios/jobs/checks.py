"""System checks: neither the broker nor the lease sweep may give a live job to another run;
in production, the sheets a job prints carry the site's real address."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core import checks


@checks.register(checks.Tags.compatibility)
def visibility_timeout_check(**_: Any) -> list[checks.CheckMessage]:
    # With acks_late the broker redelivers a task whose worker has not acknowledged it within
    # the visibility timeout: shorter than the hard time limit, a job still running (legally)
    # would run twice at once.
    timeout = settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("visibility_timeout", 3600)
    hard = settings.JOB_HARD_TIME_LIMIT
    errors = []
    if timeout <= hard:
        errors.append(
            checks.Error(
                f"CELERY_VISIBILITY_TIMEOUT ({timeout} s) must be longer than "
                f"JOB_HARD_TIME_LIMIT ({hard} s).",
                id="scenarios.E101",
            )
        )
    soft = settings.JOB_SOFT_TIME_LIMIT
    if soft >= hard:
        errors.append(
            checks.Error(
                f"JOB_SOFT_TIME_LIMIT ({soft} s) must be shorter than "
                f"JOB_HARD_TIME_LIMIT ({hard} s).",
                id="scenarios.E102",
            )
        )
    renew, lease = settings.JOB_LEASE_RENEW_SECONDS, settings.JOB_LEASE_SECONDS
    if not 0 < renew <= lease / 2:
        # A lease must outlast a missed renewal (a database hiccup), or a live run would be
        # taken back and run twice.
        errors.append(
            checks.Error(
                f"JOB_LEASE_RENEW_SECONDS ({renew} s) must be positive and at most half of "
                f"JOB_LEASE_SECONDS ({lease} s).",
                id="scenarios.E103",
            )
        )
    return errors


@checks.register(checks.Tags.security, deploy=True)
def site_url_check(**_: Any) -> list[checks.CheckMessage]:
    # Every setup sheet prints SITE_URL as its verify address, with a QR code of it: left at
    # its development default, printed sheets would send organisers to their own computer.
    host = urlsplit(settings.SITE_URL).hostname or ""
    if host in {"", "localhost", "127.0.0.1", "::1"}:
        return [
            checks.Warning(
                f"SITE_URL is {settings.SITE_URL!r}: setup sheets print it as their verify "
                "address. Set it to the site's public address (https://upfront.example.org).",
                id="scenarios.W104",
            )
        ]
    return []
