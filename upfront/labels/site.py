"""Labels of the site's own codes: what a job is and where it stands, a revalidation run's
status and reason, what a bin notice tells, and the orders a list of scenarios is sorted in.

These codes are the Django side's (the models' ``TextChoices`` and the list filters name
them); the model choices take their words from here through :func:`upfront.labels.choices`,
and tests/project/test_codes.py proves every model choice's words come from a table of
:mod:`upfront.labels`. Written mid-sentence, as every label.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _

from upfront.labels.types import Label

# What a background job makes (scenarios.jobs: Job.Kind).
JOB_KIND: Mapping[str, Label] = {
    "validate": _("validation"),
    "simulate": _("simulation"),
    "pdf": _("setup sheet (PDF)"),
    "export": _("your data (zip)"),
    "leave": _("deleting your account"),
}
# What the button that downloads a job's file says, for the kinds that make one.
JOB_DOWNLOAD: Mapping[str, Label] = {
    "pdf": _("Download the setup sheet (PDF)"),
    "export": _("Download your data (zip)"),
}
# Where a job stands as a player reads it: its status (Job.Status), and "waiting", a queued
# job not yet handed to the job queue (Job.state).
JOB_STATE: Mapping[str, Label] = {
    "waiting": _("waiting for the job queue"),
    "queued": _("queued"),
    "running": _("running"),
    "succeeded": _("done"),
    "failed": _("failed"),
}
# A check of every scenario against new reference data (Revalidation.Status, .Reason).
REVALIDATION_STATUS: Mapping[str, Label] = {
    "running": _("running"),
    "finished": _("finished"),
    "superseded": _("superseded"),
}
REVALIDATION_REASON: Mapping[str, Label] = {
    "data": _("new reference data"),
    "manual": _("started by hand"),
}
# What a line on a player's scenarios page tells them (BinNotice.Kind).
BIN_NOTICE_KIND: Mapping[str, Label] = {
    "returned": _("returned from a deleted library"),
    "binned": _("deleted into the bin by the library's owner"),
}
# The orders a list of scenarios is sorted in (scenarios.filters.SORTS).
SORT_ORDER: Mapping[str, Label] = {
    "newest": _("newest first"),
    "title": _("by title"),
    "smallest": _("smallest first"),
    "largest": _("largest first"),
    "most_played": _("most played first"),
    "best_rated": _("best rated first"),
}
# Where a comment stands with the moderators (scenarios.community: Comment.Moderation).
COMMENT_MODERATION: Mapping[str, Label] = {
    "": _("not looked at by a moderator"),
    "kept": _("kept by a moderator"),
    "hidden": _("hidden by a moderator"),
}
