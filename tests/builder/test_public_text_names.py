"""A saved force's name is public text too (it is named on pages and in exports): nothing
visible, or a bidirectional control, is refused with the name named, at both doors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from builder.models import SavedForce

pytestmark = pytest.mark.django_db

BLANK = "\u200b"
REVERSED = "Hill \u202e583"


def test_the_saved_force_api_names_the_field(owner_api: APIClient, example_force: Any) -> None:
    response = owner_api.post(
        "/api/v1/forces/", {"name": REVERSED, "data": example_force}, format="json"
    )
    assert response.status_code == 400
    errors = {e["path"]: e["message"] for e in response.json()["errors"]}
    assert "reorders the text around it" in errors["name"]
    assert not SavedForce.objects.exists()


def test_the_builders_save_refuses_an_invisible_name(owner: Any, example_force: Any) -> None:
    client = Client()
    client.force_login(owner)
    response = client.post(
        reverse("builder:save"), {"name": BLANK, "force": json.dumps(example_force)}
    )
    assert response.status_code == 400
    assert "no visible character" in response.content.decode()
    assert not SavedForce.objects.exists()
