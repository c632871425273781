"""Load the reference data files into the database (service: ``reference_data_load``).

Two kinds of files feed the models:

* ``data/reference/*.csv`` — the base-game facts of ``../shared/reference`` (vendored copy,
  checked byte for byte by a test), each row with its source and confidence;
* ``data/seed/*.yaml`` — our transcription of the five seed documents, and the facts the CSVs
  state only in words (``nationalities.yaml``, ``dyo_facts.yaml``).

Every reference row is known by its natural key (``natural_key_fields`` on each model: the
codes the sources use). Loading updates the rows whose values changed, creates the new ones and
deletes only the rows that are gone from the files, reporting each group, so a row keeps its
primary key across reloads and other tables can point at it.

Loading is all-or-nothing (one transaction) and makes a new :class:`DataRevision` whose
``content_hash`` is the SHA-256 of every file read. It skips work when the newest revision
already has that hash, unless ``force`` is given, so admin corrections survive a restart.

The load is split by concept: :mod:`.base` (files, rows by natural key, the report) and one
module per part of the data, each adding its ``load_*`` steps to :class:`Loader`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction

from upfront.reference import models
from upfront.reference.loading.base import (
    CSV_FILES,
    LABELS,
    MODELS,
    YAML_FILES,
    BaseLoader,
    LoadReport,
    ReferenceDataError,
)
from upfront.reference.loading.battlefield import BattlefieldData
from upfront.reference.loading.forces import ForceData
from upfront.reference.loading.nationalities import NationalityData
from upfront.reference.loading.random_numbers import RandomNumberData
from upfront.reference.loading.rule_summaries import RuleSummaryData
from upfront.reference.loading.scenario_rules import ScenarioRuleData
from upfront.reference.services import data_revision_create

__all__ = [
    "CSV_FILES",
    "LABELS",
    "MODELS",
    "YAML_FILES",
    "BaseLoader",
    "LoadReport",
    "Loader",
    "ReferenceDataError",
    "reference_data_load",
]


class Loader(
    NationalityData,
    ForceData,
    BattlefieldData,
    ScenarioRuleData,
    RuleSummaryData,
    RandomNumberData,
):
    """Every part of the data, loaded in an order where each row finds the rows it points at."""

    def load_all(self) -> None:
        self.load_periods()
        self.load_nationalities()
        self.load_weapons_and_prices()
        self.load_cards()
        self.load_unit_types()
        self.load_dyo_tables()
        self.load_matchups_and_facts()
        self.load_seed_nationality_data()
        self.load_random_reinforcements()
        self.load_terrain()
        self.load_weather()
        self.load_mountain_and_scenarios()
        self.load_engine_rule_summaries()
        self.load_random_numbers()
        self.check_italian_used()


def reference_data_load(
    *, data_dir: Path | None = None, force: bool = False, reason: str = "", user: Any = None
) -> LoadReport:
    """Load every reference file by natural key; all-or-nothing. Returns what changed."""
    loader = Loader(Path(data_dir or settings.REFERENCE_DATA_DIR))
    digest = loader.content_hash()
    current = models.DataRevision.current()
    if (
        not force
        and current
        and current.content_hash == digest
        and models.Nationality.objects.exists()
    ):
        return LoadReport(revision=current, skipped=True)
    with transaction.atomic():
        loader.load_all()
        removed_keys = loader.remove_missing()
        revision = data_revision_create(
            reason=reason or "loaded from data files", user=user, content_hash=digest
        )
    return loader.report(revision, removed_keys)
