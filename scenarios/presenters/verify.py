"""A setup sheet's verify address as the sheet prints it (the address written out and its QR
code) and as its page ``/v/<code>/`` says it, from ``scenarios.verify``'s reading.

The QR code is drawn here, in-process, by segno as inline SVG: the renderer fetches nothing
for it (docs/setup-sheets.md, "The URL fetcher").
"""

from __future__ import annotations

from typing import Any

import segno
from django.conf import settings
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scenarios.models import SheetVerification
from scenarios.presenters.sheet import validation_status
from scenarios.verify import VerificationReading


def verify_address(code: str) -> str:
    """The absolute address of a sheet's verify page (``SITE_URL``: a job has no request)."""
    return settings.SITE_URL + reverse("scenarios:verify", kwargs={"code": code})


def qr_svg(text: str) -> SafeString:
    """``text`` as a QR code, an inline SVG sized by its stylesheet (medium error correction:
    a folded or smudged sheet still scans)."""
    code = segno.make(text, error="m")
    # segno writes only the path of the modules, with no text of the caller's in it.
    svg = code.svg_inline(omitsize=True, border=4, svgclass="qr", lineclass=None)
    # Beside the address written out: a reader gets nothing more from it.
    return mark_safe(svg.replace("<svg ", '<svg aria-hidden="true" ', 1))


def sheet_verify(record: SheetVerification) -> dict[str, Any]:
    """What a sheet prints to be verified: the code, the address written out, its QR code."""
    url = verify_address(record.code)
    return {"code": record.code, "url": url, "qr": qr_svg(url)}


def verify_page_context(reading: VerificationReading) -> dict[str, Any]:
    """The verify page: the scenario (its title only for a reader who may see it), the version
    printed and whether it was valid under which data revision, and when it was checked."""
    record = reading.record
    values = {"version": record.scenario_version, "revision": record.data_revision}
    if record.valid is None:
        verdict = _("Version %(version)s, not validated (data revision %(revision)s).")
    elif record.valid:
        verdict = _("Version %(version)s, valid under data revision %(revision)s.")
    else:
        verdict = _("Version %(version)s, with errors under data revision %(revision)s.")
    scenario = reading.scenario
    if scenario is not None:
        what = format_html(
            '<a href="{}">{}</a>',
            reverse("scenarios:detail", kwargs={"public_id": scenario.public_id}),
            record.title,
        )
    else:
        what = _("A private scenario")
    return {
        "record": record,
        "what": what,
        "verdict": verdict % values,
        "status": validation_status(record.valid),
        "visible": scenario is not None,
        "current_version": reading.current_version,
    }
