"""Loading the reference data: complete, faithful to the CSVs, all-or-nothing, revisioned."""

from __future__ import annotations

import csv
import filecmp
import shutil
from collections import defaultdict
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from tests.sources import REFERENCE as SHARED
from upfront.reference import models as m
from upfront.reference.loading import ReferenceDataError, reference_data_load

VENDORED = Path(settings.REFERENCE_DATA_DIR) / "reference"

pytestmark = pytest.mark.django_db


def _rows(name: str) -> list[dict[str, str]]:
    with (VENDORED / name).open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.sources
@pytest.mark.parametrize("name", [*sorted(p.name for p in VENDORED.glob("*.csv")), "SOURCES.md"])
def test_vendored_reference_files_are_identical_to_shared(name: str) -> None:
    assert filecmp.cmp(VENDORED / name, SHARED / name, shallow=False), (
        f"{name} differs from ../shared/reference/{name}: copy it again"
    )


def test_every_csv_row_is_loaded() -> None:
    assert m.PersonalityCard.objects.count() == len(_rows("personality_cards.csv")) == 221
    assert m.UnitTypeRow.objects.filter(theatre="ETO").count() == len(_rows("unit_type_table.csv"))
    assert m.DYOTableRow.objects.count() == len(_rows("dyo_tables.csv"))
    assert m.PublishedScenario.objects.count() == 24
    assert m.ValidMatchup.objects.count() == len(_rows("valid_matchups.csv"))
    radio_rows = [r for r in _rows("weapons.csv") if r["code"] in {"RADIO5", "RADIO6", "RADIO7"}]
    assert m.DYOPrice.objects.filter(item="radio").count() == len(radio_rows) == 27


def test_card_values_match_the_csv_for_every_card() -> None:
    for row in _rows("personality_cards.csv"):
        card = m.PersonalityCard.objects.get(
            nationality__code=row["nationality"],
            card_no=int(row["card_no"]) if row["card_no"] else None,
            name=row["name"],
        )
        expected_points = int(row["dyo_points"]) if row["dyo_points"] else None
        assert card.dyo_points == expected_points, card
        assert card.morale == (int(row["morale"]) if row["morale"] else None), card
        assert card.panic == (int(row["panic"]) if row["panic"] else None), card
        assert card.source == row["source"]
        assert card.confidence == row["confidence"]


def test_unknown_values_stay_empty() -> None:
    # The Banzai Marine leaders #42/#43 have no published points (SOURCES.md).
    marine = m.PersonalityCard.objects.get(nationality__code="american", card_no=42)
    assert marine.dyo_points is None
    assert marine.morale is None
    # Card availability dates are printed on card backs that no source reproduces.
    assert not m.PersonalityCard.objects.exclude(available="").exists()


def test_each_unit_type_column_covers_rpn_1_to_10_exactly_once() -> None:
    columns: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for row in m.UnitTypeRow.objects.select_related("nationality", "period"):
        key = (row.theatre, row.nationality.code, row.period.code)
        columns.setdefault(key, [])
        if row.rpn_low is not None:
            columns[key].extend(range(row.rpn_low, row.rpn_high + 1))
    assert columns, "no unit type rows"
    for key, covered in columns.items():
        assert sorted(covered) in ([], list(range(1, 11))), f"{key} covers {sorted(covered)}"
    # Both tables are present: 5 nationalities in the European table, 3 in the Pacific one.
    assert {k[1] for k in columns if k[0] == "ETO"} == {
        "german",
        "russian",
        "american",
        "british",
        "japanese",
    }
    assert {k[1] for k in columns if k[0] == "PTO"} == {"british", "japanese", "american"}


def test_nationality_parameters_from_the_csv() -> None:
    by_code = {n.code: n for n in m.Nationality.objects.all()}
    assert {c: n.hand_size for c, n in by_code.items()} == {
        "german": 5,
        "american": 6,
        "russian": 4,
        "british": 5,
        "japanese": 4,
        "italian": 4,
        "french": 6,
    }
    assert by_code["russian"].max_discards is None and by_code["russian"].discards_unlimited
    assert (by_code["japanese"].squad_break_percent, by_code["japanese"].squad_break_inclusive) == (
        75,
        True,
    )
    assert (by_code["italian"].squad_break_percent, by_code["italian"].squad_break_inclusive) == (
        40,
        False,
    )
    assert (by_code["french"].squad_break_percent, by_code["french"].squad_break_inclusive) == (
        50,
        True,
    )
    assert by_code["italian"].split_cards == "none"
    assert by_code["japanese"].split_cards == "russian"
    assert by_code["british"].split_cards == "american_or_german"
    assert {c: n.at_secondary_limit for c, n in by_code.items()} == {
        "german": 2,
        "american": 1,
        "russian": 3,
        "british": 1,
        "japanese": 2,
        "italian": 2,
        "french": 1,
    }


def test_every_record_cites_a_rule_and_a_source() -> None:
    for model in [
        m.Nationality,
        m.UnitTypeRow,
        m.PersonalityCard,
        m.DYOPrice,
        m.RandomReinforcementRow,
        m.TerrainSubstitution,
        m.WeatherCondition,
        m.Topography,
        m.EnvironmentalCondition,
        m.MountainTroopAvailability,
        m.SpecialRule,
        m.MountainAdaptation,
        m.NationalityRule,
        m.TroopType,
    ]:
        missing = list(model.objects.filter(rule="").values_list("pk", flat=True)[:5])
        assert not missing, f"{model.__name__} rows without a rule reference: {missing}"
        missing = list(model.objects.filter(source="").values_list("pk", flat=True)[:5])
        assert not missing, f"{model.__name__} rows without a source: {missing}"


def test_reload_is_skipped_when_files_are_unchanged_and_forced_reload_revises() -> None:
    before = m.DataRevision.objects.count()
    out = StringIO()
    call_command("load_reference", stdout=out)
    assert "unchanged" in out.getvalue()
    assert m.DataRevision.objects.count() == before
    report = reference_data_load(force=True, reason="test reload")
    assert not report.skipped
    assert m.DataRevision.objects.count() == before + 1
    assert report.counts["personality_cards"] == 221


def test_a_broken_data_file_changes_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(settings.REFERENCE_DATA_DIR, data)
    terrain = data / "seed" / "terrain.yaml"
    text = terrain.read_text(encoding="utf-8")
    terrain.write_text(text.replace("replaces: buildings_2", "replaces: no_such_card", 1))
    cards_before = m.PersonalityCard.objects.count()
    revisions_before = m.DataRevision.objects.count()
    with pytest.raises(ReferenceDataError, match="no_such_card"):
        reference_data_load(data_dir=data, force=True)
    assert m.PersonalityCard.objects.count() == cards_before
    assert m.DataRevision.objects.count() == revisions_before


def test_no_loaded_text_exceeds_its_column() -> None:
    # SQLite ignores max_length; PostgreSQL rejects the whole load. Catch it on either.
    from django.apps import apps
    from django.db import models

    too_long = [
        (model.__name__, field.name, value)
        for model in apps.get_app_config("reference").get_models()
        for field in model._meta.get_fields()
        if isinstance(field, models.CharField) and field.max_length
        for value in model.objects.values_list(field.name, flat=True)
        if value and len(value) > field.max_length
    ]
    assert too_long == []


@pytest.mark.parametrize(
    ("listed", "fault"),
    [
        ("[LMG, BAR, MMG]", "differ from the weapons.csv rows"),  # the MMG is not LMG-class
        ("[LMG]", "differ from the weapons.csv rows"),  # the BAR's note says 46.4 applies
        ("[LMG, BAZOOKA]", "no weapons.csv rows"),
    ],
)
def test_the_lmg_class_weapons_must_be_the_weapon_tables(
    tmp_path: Path, listed: str, fault: str
) -> None:
    # 46.4: which weapons count as LMGs comes from weapons.csv (class LMG, or a note citing
    # the rule); nationality_rules.yaml names them and the loader refuses any other list.
    data = tmp_path / "data"
    shutil.copytree(settings.REFERENCE_DATA_DIR, data)
    rules = data / "seed" / "nationality_rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "lmg_class_weapons: [LMG, BAR]" in text
    rules.write_text(text.replace("lmg_class_weapons: [LMG, BAR]", f"lmg_class_weapons: {listed}"))
    with pytest.raises(ReferenceDataError, match=fault):
        reference_data_load(data_dir=data, force=True)
