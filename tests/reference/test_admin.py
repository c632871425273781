"""Admin of the reference data: every registered model opens for staff, not for others."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from upfront.reference import models as m
from upfront.reference.phrasing.revision import current_revision_words

pytestmark = pytest.mark.django_db

REGISTERED = sorted(
    ((model._meta.app_label, model._meta.model_name) for model in admin.site._registry),
)


@pytest.fixture
def superuser_client(client: Client) -> Client:
    user = get_user_model().objects.create_superuser("boss", "boss@example.com", "pw-Secret-1")
    client.force_login(user)
    return client


@pytest.mark.parametrize(("app", "model"), REGISTERED)
def test_superuser_opens_changelist_add_and_change(
    superuser_client: Client, app: str, model: str
) -> None:
    model_class = next(cls for cls in admin.site._registry if cls._meta.model_name == model)
    changelist = superuser_client.get(reverse(f"admin:{app}_{model}_changelist"))
    assert changelist.status_code == 200
    model_admin = admin.site._registry[model_class]
    add = superuser_client.get(reverse(f"admin:{app}_{model}_add"))
    expected_add = 200 if model_admin.has_add_permission(changelist.wsgi_request) else 403
    assert add.status_code == expected_add
    obj = model_class._default_manager.order_by("pk").first()
    if obj is None and model_class is get_user_model():
        obj = get_user_model().objects.first()
    if obj is not None:
        change = superuser_client.get(reverse(f"admin:{app}_{model}_change", args=[obj.pk]))
        assert change.status_code == 200
        assert "<form" in change.content.decode()


def test_reference_models_are_registered() -> None:
    registered = set(admin.site._registry)
    for model in (m.Nationality, m.PersonalityCard, m.UnitTypeRow, m.TerrainDeck, m.SpecialRule):
        assert model in registered


def test_normal_user_is_redirected_to_login(client: Client) -> None:
    user = get_user_model().objects.create_user("player", "p@example.com", "pw-Secret-1")
    client.force_login(user)
    response = client.get(reverse("admin:reference_personalitycard_changelist"))
    assert response.status_code == 302
    assert reverse("admin:login") in response["Location"]


def test_anonymous_is_redirected_to_login(client: Client) -> None:
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302 and reverse("admin:login") in response["Location"]


def test_personality_card_search(superuser_client: Client) -> None:
    url = reverse("admin:reference_personalitycard_changelist")
    page = superuser_client.get(url, {"q": "Diettinger"}).content.decode()
    diettinger = m.PersonalityCard.objects.get(nationality__code="german", card_no=1)
    hessel = m.PersonalityCard.objects.get(nationality__code="german", card_no=2)
    change = reverse("admin:reference_personalitycard_change", args=[diettinger.pk])
    assert change in page
    assert reverse("admin:reference_personalitycard_change", args=[hessel.pk]) not in page


def test_admin_edit_records_a_data_revision(superuser_client: Client) -> None:
    before = m.DataRevision.objects.count()
    period = m.Period.objects.first()
    url = reverse("admin:reference_period_change", args=[period.pk])
    response = superuser_client.post(
        url, {"code": period.code, "year": period.year, "half": period.half, "order": period.order}
    )
    assert response.status_code == 302
    assert m.DataRevision.objects.count() == before + 1
    revision = m.DataRevision.current()
    assert revision.reason == f"admin: changed period {period.code}"
    assert revision.created_by.username == "boss"
    # The next page's footer names the new revision at once (data_revision_create cleared the
    # cache), in a player's words ("Rules data of ... (revision N)"), not the raw label.
    page = superuser_client.get(reverse("reference:nationalities")).content.decode()
    assert current_revision_words(revision) in page
    assert f"(revision {revision.pk})" in page
