"""Setup sheets anyone can verify: the record a sheet prints the code of, and its reading.

Writes and reads of ``SheetVerification`` (scenarios/models/verification.py). A sheet's job
asks ``sheet_verification`` for the record of the sheet it renders, before rendering, so the
code is printed on it; ``/v/<code>/`` reads it back with ``verification_reading``, which tells
a reader the scenario's title only when the rights selector says they may see the scenario.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.http import Http404

from scenarios import access
from scenarios.models import Scenario, SheetVerification
from scenarios.models.verification import CODE_ALPHABET, CODE_LENGTH


def sheet_verification(
    *,
    scenario: Scenario,
    sheet_key: str,
    data_revision: str,
    validation: Mapping[str, Any] | None,
) -> SheetVerification:
    """The record of the sheet ``sheet_key`` (made the first time it is rendered): what it
    prints of ``scenario``, its version, the data revision and the validation it prints."""
    found = SheetVerification.objects.filter(sheet_key=sheet_key).first()
    if found is not None:
        return found
    record = SheetVerification(
        sheet_key=sheet_key,
        scenario=scenario,
        title=scenario.title,
        scenario_version=scenario.version,
        data_revision=data_revision,
        valid=None if validation is None else bool(validation.get("valid")),
        checked_at=scenario.checked_at,
    )
    try:
        with transaction.atomic():
            record.save()
    except IntegrityError:
        # Another worker rendering the same sheet saved it first: one sheet, one code.
        return SheetVerification.objects.get(sheet_key=sheet_key)
    return record


def code_of(text: str) -> str | None:
    """A code as typed (any case, spaces or dashes between groups) in its stored form, or
    ``None`` when it cannot be one."""
    code = "".join(text.split()).replace("-", "").upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


@dataclass(frozen=True)
class VerificationReading:
    """What ``/v/<code>/`` tells its reader: ``scenario`` only when they may see it."""

    record: SheetVerification
    scenario: Scenario | None
    # The version the scenario is at now, when the reader may see it and it has changed since.
    current_version: int | None


def verification_reading(code: str, user: Any) -> VerificationReading:
    """The record of ``code`` as ``user`` may read it; ``Http404`` when there is none."""
    normal = code_of(code)
    record = (
        SheetVerification.objects.filter(code=normal).select_related("scenario").first()
        if normal
        else None
    )
    if record is None:
        raise Http404("No setup sheet has this code.")
    scenario = None
    if record.scenario is not None:
        try:
            scenario, _rights = access.scenario_for(user, record.scenario.public_id)
        except Http404:
            scenario = None
    current = None
    if scenario is not None and scenario.version != record.scenario_version:
        current = scenario.version
    return VerificationReading(record=record, scenario=scenario, current_version=current)
