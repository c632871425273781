"""data_revision_create: the one way a data revision is recorded (loader and admin)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser

from upfront.reference import models as m
from upfront.reference.fetch import catalogue_current, data_revision_current
from upfront.reference.services import data_revision_create

pytestmark = pytest.mark.django_db


def test_a_new_revision_is_recorded_and_the_catalogue_rebuilt_at_once() -> None:
    before = catalogue_current()
    assert data_revision_current() is not None  # cached for this process
    user = get_user_model().objects.create_user("editor", "e@example.com", "pw-Secret-1")
    revision = data_revision_create(reason="x" * 400, user=user, content_hash="abc")
    assert (len(revision.reason), revision.created_by, revision.content_hash) == (300, user, "abc")
    assert m.DataRevision.current() == revision
    # No waiting for the revision check: this process sees the new revision and rebuilds.
    assert data_revision_current() == revision
    after = catalogue_current()
    assert after is not before
    assert after.data_revision == f"{revision.pk}:abc"


def test_an_anonymous_editor_is_not_recorded() -> None:
    revision = data_revision_create(reason="loaded", user=AnonymousUser())
    assert revision.created_by is None
