"""The action deck's Random Number distribution as data (seed/random_numbers.yaml).

No source gives the per-card counts, so the data must hold an explicit assumption: every count
unknown, every weight equal, said so in English and Italian. The loader refuses a distribution
that misses a number or colour, and an admin edit makes a revision the simulation sees.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from upfront.reference import models as m
from upfront.reference.fetch import catalogue_current
from upfront.reference.loading import ReferenceDataError, reference_data_load

pytestmark = pytest.mark.django_db


def test_the_seed_states_an_equal_weight_assumption_not_card_counts() -> None:
    distribution = m.RandomNumberDistribution.objects.get(code="action_deck")
    assert distribution.is_assumption and distribution.confidence == "assumption"
    assert "1 in 14" in distribution.assumption_en and "1 su 14" in distribution.assumption_it
    frequencies = list(distribution.frequencies.all())
    assert {(f.number, f.colour) for f in frequencies} == {
        (n, c) for n in range(7) for c in ("red", "black")
    }
    assert all(f.cards is None and f.weight == 1 for f in frequencies)
    assert all(f.confidence == "assumption" and f.source for f in frequencies)


def test_a_distribution_missing_a_number_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(settings.REFERENCE_DATA_DIR, data)
    path = data / "seed" / "random_numbers.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("  - number: 6\n    colour: black", "  - number: 6\n    colour: red")
    )
    with pytest.raises(ReferenceDataError, match="given twice"):
        reference_data_load(data_dir=data, force=True)


def test_an_admin_edit_of_a_weight_makes_a_revision_the_simulation_sees(client: Client) -> None:
    user = get_user_model().objects.create_superuser("boss", "boss@example.com", "pw-Secret-1")
    client.force_login(user)
    red_six = m.RandomNumberFrequency.objects.get(number=6, colour="red")
    before = m.DataRevision.objects.count()
    response = client.post(
        reverse("admin:reference_randomnumberfrequency_change", args=[red_six.pk]),
        {
            "distribution": red_six.distribution_id,
            "number": 6,
            "colour": "red",
            "cards": "",
            "weight": "14",
            "rule": red_six.rule,
            "source": red_six.source,
            "confidence": "assumption",
            "note": "admin test",
        },
    )
    assert response.status_code == 302
    assert m.DataRevision.objects.count() == before + 1
    numbers = catalogue_current().simulation_reference.random_numbers
    assert numbers is not None
    assert numbers.probability(6, "red") == pytest.approx(14 / 27)
