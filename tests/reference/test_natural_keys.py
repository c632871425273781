"""Reference rows keep their identity: loading goes by natural key, never by wiping.

Scenarios, saved forces and jobs will point at reference rows, so a reload must update rows in
place, create only what is new, delete only what is gone from the files, and say so.
"""

from __future__ import annotations

import shutil
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.db import IntegrityError, models, transaction

from upfront.reference import models as m
from upfront.reference.loading import MODELS, ReferenceDataError, reference_data_load

pytestmark = pytest.mark.django_db


def _reference_models() -> list[type[models.Model]]:
    """Every model of the reference app but the revision log: a new model is covered as well."""
    return [
        model
        for model in apps.get_app_config("reference").get_models()
        if model is not m.DataRevision
    ]


def _identities() -> dict[str, dict[tuple[Any, ...], int]]:
    """{model: {natural key: primary key}} for every reference model."""
    snapshot = {}
    for model in _reference_models():
        related = [f.name for f in model._meta.concrete_fields if f.is_relation]
        rows = model._default_manager.select_related(*related)
        keys = {row.natural_key(): row.pk for row in rows}
        assert len(keys) == rows.count(), f"{model.__name__}: two rows share a natural key"
        snapshot[model.__name__] = keys
    return snapshot


def _relations() -> dict[tuple[str, str], set[tuple[Any, ...]]]:
    """Every many-to-many link of the reference models, by the natural keys of both ends."""
    links: dict[tuple[str, str], set[tuple[Any, ...]]] = {}
    for model in _reference_models():
        for relation in model._meta.many_to_many:
            pairs = links.setdefault((model.__name__, relation.name), set())
            for row in model._default_manager.prefetch_related(relation.name):
                targets = getattr(row, relation.name).all()
                pairs |= {(row.natural_key(), target.natural_key()) for target in targets}
    return links


def _copy_data(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(settings.REFERENCE_DATA_DIR, data)
    return data


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_every_reference_model_has_a_natural_key_and_is_loaded() -> None:
    assert {model for _, model in MODELS} == set(_reference_models())
    for model in _reference_models():
        assert issubclass(model, m.Keyed), f"{model.__name__} has no natural key"
        rows = list(model._default_manager.all())
        assert rows, f"{model.__name__} is empty after loading"
        for row in rows[:40]:  # the key finds the row again
            assert model._default_manager.get_by_natural_key(*row.natural_key()) == row


def test_forced_reload_of_unchanged_files_keeps_every_primary_key() -> None:
    before, links_before = _identities(), _relations()
    report = reference_data_load(force=True, reason="identity test")
    assert not report.skipped
    assert _identities() == before
    assert _relations() == links_before
    assert sum(report.created.values()) == 0, report.created
    assert sum(report.updated.values()) == 0, report.updated
    assert sum(report.removed.values()) == 0, report.removed
    assert report.removed_keys == {}
    assert report.counts == {label: len(before[model.__name__]) for label, model in MODELS}


def test_changed_files_update_in_place_create_new_rows_and_report_removals(
    tmp_path: Path,
) -> None:
    data = _copy_data(tmp_path)
    cards = data / "reference" / "personality_cards.csv"
    lines = cards.read_text(encoding="utf-8").splitlines(keepends=True)
    (klapp,) = [line for line in lines if line.startswith("german,27,Klapp,")]
    (kubler,) = [line for line in lines if line.startswith("german,26,Kubler,")]
    (diettinger_line,) = [line for line in lines if line.startswith("german,1,Diettinger,")]
    lines.remove(klapp)  # German #27 is gone from the files
    lines.append(kubler.replace("german,26,Kubler,", "german,28,Neumann,"))  # a new card
    changed = diettinger_line.replace(",infantry,,51,51,", ",infantry,,52,51,")  # 51 -> 52 points
    assert changed != diettinger_line
    lines[lines.index(diettinger_line)] = changed
    cards.write_text("".join(lines), encoding="utf-8")
    # Klapp's note goes with him: the loader refuses an Italian note that no note reads as.
    _edit(
        data / "seed" / "notes_it.yaml",
        "'Errata corrects pinned CCV only': L'errata corregge solo il CCV da inchiodato\n",
        "",
    )
    _edit(data / "seed" / "nationalities.yaml", "name_it: Tedesco,", "name_it: Germanico,")
    _edit(  # rain no longer implies overcast
        data / "seed" / "weather.yaml",
        "requires_any: []\n    implies: [overcast]\n    excludes: [clear, falling_snow",
        "requires_any: []\n    implies: []\n    excludes: [clear, falling_snow",
    )

    before = _identities()
    diettinger = m.PersonalityCard.objects.get(nationality__code="german", card_no=1)
    german = m.Nationality.objects.get(code="german")
    rain = m.WeatherCondition.objects.get(code="rain")
    assert list(rain.implies.values_list("code", flat=True)) == ["overcast"]

    out = StringIO()
    call_command("load_reference", "--force", "--data-dir", str(data), stdout=out)

    # Changed rows are updated in place: same primary key, new value.
    card = m.PersonalityCard.objects.get(nationality__code="german", card_no=1)
    assert (card.pk, card.dyo_points) == (diettinger.pk, 52)
    nation = m.Nationality.objects.get(code="german")
    assert (nation.pk, nation.name_it) == (german.pk, "Germanico")
    assert m.WeatherCondition.objects.get(code="rain").pk == rain.pk
    assert not rain.implies.exists()
    # The removed card is deleted and reported; the new one is created.
    assert not m.PersonalityCard.objects.filter(nationality__code="german", card_no=27).exists()
    neumann = m.PersonalityCard.objects.get(nationality__code="german", card_no=28)
    assert neumann.name == "Neumann" and neumann.pk not in before["PersonalityCard"].values()
    printed = out.getvalue()
    assert "created 1, updated 3, removed 1." in printed
    assert "personality_cards=221 (created 1, updated 1, removed 1)" in printed
    assert "nationalities=7 (created 0, updated 1, removed 0)" in printed
    assert "weather_conditions=14 (created 0, updated 1, removed 0)" in printed
    assert "removed personality_cards ('german', 27): gone from the data files" in printed
    # Every other row kept its primary key.
    after = _identities()
    before["PersonalityCard"].pop(("german", 27))
    after["PersonalityCard"].pop(("german", 28))
    assert after == before


def test_a_key_given_twice_is_refused_naming_both_records(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    deck = data / "reference" / "action_deck.csv"
    lines = deck.read_text(encoding="utf-8").splitlines(keepends=True)
    deck.write_text("".join([*lines, lines[5]]), encoding="utf-8")
    with pytest.raises(ReferenceDataError, match=r"action_deck\.csv:\d+: .* given twice .*:6\)"):
        reference_data_load(data_dir=data, force=True)


def test_a_yaml_key_that_json_would_change_is_refused(tmp_path: Path) -> None:
    # YAML 1.1 reads an unquoted `on:` as the boolean true; stored as JSON it became "true".
    data = _copy_data(tmp_path)
    _edit(data / "seed" / "mountain.yaml", '"on": {rn_colour', "on: {rn_colour")
    with pytest.raises(ReferenceDataError, match=r"M6\.5 artillery: params changes when stored"):
        reference_data_load(data_dir=data, force=True)
    params = m.RuleSummary.objects.get(group="mountain_elevation", topic="artillery").params
    assert params["on"] == {"rn_colour": "black", "rn": [1, 2, 3, 4, 5, 6]}


@pytest.mark.parametrize("model", _reference_models(), ids=lambda model: model.__name__)
def test_the_database_refuses_a_second_row_with_the_same_key(model: type[models.Model]) -> None:
    row = model._default_manager.order_by("pk").first()
    assert row is not None
    row.pk = None
    row._state.adding = True
    with pytest.raises(IntegrityError), transaction.atomic():
        row.save(force_insert=True)


@pytest.mark.parametrize(
    ("model", "values"),
    [
        (m.PersonalityCard, {"nationality__code": "american", "card_no": None}),
        (m.DYOPrice, {"item": "sniper"}),
        (m.TerrainSubstitution, {"deck__code": "city", "replaces": None}),
    ],
)
def test_the_database_refuses_a_second_row_with_a_key_even_with_nulls(
    model: type[models.Model], values: dict[str, Any]
) -> None:
    # SQL treats NULLs as distinct; the constraints treat a missing part as one value.
    row = model._default_manager.filter(**values).first()
    assert row is not None
    row.pk = None
    row._state.adding = True
    with pytest.raises(IntegrityError), transaction.atomic():
        row.save(force_insert=True)
