"""robots.txt keeps crawlers off the expensive and personal pages, and no rule is dead: each
matches a real route of the URLconf, so a moved URL cannot silently open what a rule closed."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import URLResolver, get_resolver, resolve, reverse
from django.urls.resolvers import RegexPattern, RoutePattern

pytestmark = pytest.mark.django_db

# Fixed, not random: the parameters are collected by every xdist worker and must agree.
SAMPLE = {
    "uuid": "0b6f2e3c-7d4a-4c1e-9f25-3a8e6b1d2c40",
    "int": "1",
    "str": "x",
    "slug": "x",
    "path": "x",
}


def _rules() -> list[str]:
    response = Client().get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    lines = [line.split("#")[0].strip() for line in response.content.decode().splitlines()]
    assert "User-agent: *" in lines
    return [line.split(":", 1)[1].strip() for line in lines if line.startswith("Disallow:")]


def _matches(rule: str, path: str) -> bool:
    """Robots matching (RFC 9309): a prefix, ``*`` any characters, ``$`` the end."""
    anchored = rule.endswith("$")
    pattern = re.escape(rule.rstrip("$")).replace(r"\*", ".*")
    return re.match(pattern + ("$" if anchored else ""), path) is not None


def _example(pattern: Any) -> str | None:
    if isinstance(pattern, RoutePattern):
        return re.sub(r"<(?:(\w+):)?\w+>", lambda m: SAMPLE[m.group(1) or "str"], str(pattern))
    if isinstance(pattern, RegexPattern):
        text = str(pattern).lstrip("^").rstrip("$").replace(r"\Z", "")
        return None if re.search(r"[\\()\[\]?*+|{}]", text) else text
    return None


def _routes(patterns: Iterable[Any], prefix: str = "") -> Iterator[str]:
    """A path of every route of the URLconf, its parameters filled with sample values."""
    for entry in patterns:
        part = _example(entry.pattern)
        if part is None:
            continue
        if isinstance(entry, URLResolver):
            yield from _routes(entry.url_patterns, prefix + part)
        else:
            yield "/" + prefix + part


def test_every_rule_matches_a_real_route() -> None:
    routes = [path for path in _routes(get_resolver().url_patterns) if _resolves(path)]
    assert len(routes) > 100
    dead = [rule for rule in _rules() if not any(_matches(rule, path) for path in routes)]
    assert dead == []


def _resolves(path: str) -> bool:
    try:
        resolve(path)
    except Exception:
        return False
    return True


ID = uuid.UUID("5d1c9a7e-2f3b-4e8a-b6c4-9e0f1a2b3c4d")


def _kept_off() -> list[str]:
    """The pages crawlers must not reach: what starts work or costs, and what is personal."""
    return [
        reverse("scenarios:scenario_job_start", kwargs={"public_id": ID, "kind": "pdf"}),
        reverse("scenarios:library_job_start", kwargs={"public_id": ID}),
        reverse("scenarios:jobs"),
        reverse("scenarios:job_file", kwargs={"public_id": ID}),
        reverse("scenarios:game", kwargs={"public_id": ID}),
        reverse("scenarios:game_start", kwargs={"public_id": ID}),
        reverse("scenarios:export", kwargs={"public_id": ID}),
        reverse("scenarios:library_export", kwargs={"public_id": ID}),
        reverse("scenarios:account_data_export"),
        reverse("scenarios:version_compare", kwargs={"public_id": ID}),
        reverse("scenarios:roll"),
        reverse("scenarios:mine"),
        reverse("scenarios:bin_restore", kwargs={"public_id": ID}),
        reverse("scenarios:revalidations"),
        reverse("scenarios:side_builder", kwargs={"public_id": ID, "role": "attacker"}),
        reverse("account_login"),
        reverse("api-docs"),
        reverse("schema"),
        "/api/v1/scenarios/",
        "/admin/",
        reverse("scenarios:verify", kwargs={"code": "ABCDEFGHJKMN"}),
    ]


@pytest.mark.parametrize("path", _kept_off())
def test_the_expensive_and_personal_pages_are_kept_off(path: str) -> None:
    assert any(_matches(rule, path) for rule in _rules()), path


@pytest.mark.parametrize(
    "name", ["home", "scenarios:browse", "builder:index", "reference:index", "scenarios:libraries"]
)
def test_the_public_pages_stay_open(name: str) -> None:
    path = reverse(name)
    assert not any(_matches(rule, path) for rule in _rules()), path


def test_the_matching_follows_the_robots_rules() -> None:
    assert _matches("/scenarios/*/jobs/", f"/scenarios/{ID}/jobs/pdf/")
    assert not _matches("/scenarios/*/jobs/", "/scenarios/")
    assert _matches("/a$", "/a") and not _matches("/a$", "/ab")
