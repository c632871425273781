"""What a printed setup sheet says of itself, kept under the code its verify address carries.

A tournament organiser handed a sheet opens ``/v/<code>/`` (typed from the sheet, or scanned
from its QR code) and reads which scenario and version it was printed from, whether that version
was valid under which data revision, and when it was checked: what the sheet printed, kept
here, not what the scenario says today.

One record per sheet as stored (its content key, ``scenarios.jobs.sheets.storage``): a sheet
printed again unchanged is the same file and the same code. The code is random (60 bits, in
Crockford's base 32: no I, L, O or U to misread), not a sequence, so one code tells nothing of
another's.
"""

from __future__ import annotations

import secrets

from django.db import models

from scenarios.models.scenario import Scenario
from upfront.rules.scenario import TITLE_MAX_LENGTH

CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 12


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class SheetVerification(models.Model):
    code = models.CharField(max_length=CODE_LENGTH, unique=True, default=new_code, editable=False)
    # The stored sheet's content key: printed again unchanged, the same record.
    sheet_key = models.CharField(max_length=64, unique=True)
    # SET_NULL: a printed sheet outlives its scenario; its page then says only what was printed.
    scenario = models.ForeignKey(
        Scenario, null=True, on_delete=models.SET_NULL, related_name="sheet_verifications"
    )
    # As printed: shown only to a reader who may see the scenario.
    title = models.CharField(max_length=TITLE_MAX_LENGTH)
    scenario_version = models.PositiveIntegerField()
    data_revision = models.CharField(max_length=64)
    # The validation the sheet printed: valid, has errors (False) or not validated (None).
    valid = models.BooleanField(null=True)
    # When the scenario was last checked against the reference data, as of the printing.
    checked_at = models.DateTimeField(null=True)
    printed_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.code
