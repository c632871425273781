"""What a job says to a player: progress notes and errors, stored as message ids.

A job stores ``progress_note`` and ``error`` as ids of :data:`JOB_MESSAGES` (and the error's
parameters), never text, so each viewer reads them in their own language, and never a
traceback: an unexpected error is logged and told as ``job_error_unexpected``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

JOB_MESSAGES = {
    # Progress notes.
    "job_note_waiting": _("Waiting for the job queue to be reachable"),
    "job_note_queued": _("Waiting for a worker"),
    "job_note_started": _("Started"),
    "job_note_checking": _("Checking the scenario"),
    "job_note_simulating": _("Simulating the scenario's random procedures"),
    "job_note_rendering": _("Rendering the setup sheet"),
    "job_note_saving": _("Saving the result"),
    "job_note_done": _("Done"),
    "job_note_retrying": _("A connection failed; the job will try again in a moment"),
    "job_note_sheets": _("%(done)s of %(total)s sheets rendered"),
    "job_note_exporting": _("Writing your data"),
    "job_note_leaving": _("Deleting your account"),
    # Errors.
    "job_error_too_long": _("The job took too long (over %(seconds)s seconds) and was stopped."),
    "job_error_gave_up": _("The job was interrupted %(attempts)s times; it was given up."),
    "job_error_unexpected": _("An unexpected error stopped the job. It has been logged."),
    "job_error_transient": _(
        "The database, the job queue or the file storage could not be reached; nothing was "
        "saved. Try again in a few minutes."
    ),
    "job_error_no_reference_data": _("The reference data is not loaded on the server."),
    "job_error_no_scenario": _("This job has no scenario to work on."),
    "job_error_empty_library": _("The library has no scenario that you may see."),
    # A book's sheet failed: "reason" is the message id of why (with "reason_params").
    "job_error_sheet": _("The setup sheet of “%(scenario)s” could not be made: %(reason)s"),
    "job_error_scenario_gone": _(
        "The scenario is no longer in the library, or no longer yours to see."
    ),
}


def job_message(message_id: str, params: Mapping[str, Any] | None = None) -> str:
    """A job's note or error in the active language ("" for none)."""
    if not message_id:
        return ""
    template = JOB_MESSAGES.get(message_id)
    if template is None:
        return str(JOB_MESSAGES["job_error_unexpected"])
    values = dict(params or {})
    if isinstance(values.get("reason"), str):  # an error that says why with another message
        values["reason"] = job_message(values["reason"], values.pop("reason_params", None))
    try:
        return str(template) % values
    except (KeyError, TypeError, ValueError):
        return str(template)
