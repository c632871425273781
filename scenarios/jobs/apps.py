from functools import partial
from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class JobsConfig(AppConfig):
    """Background work of the scenarios app, nested in it as ``django.contrib.auth`` is in
    ``django.contrib``: jobs, bulk revalidation, setup sheets, and their Celery tasks."""

    name = "scenarios.jobs"
    label = "jobs"
    verbose_name = _("Background jobs")

    def ready(self) -> None:
        from django.db.models.signals import post_save

        # Imported here: they import the models, loaded only once the registry is ready.
        # ``tasks`` registers the tasks in this process's Celery app (the services send them by
        # name; with no broker they run in-process and must be known here).
        from scenarios.jobs import checks, tasks  # noqa: F401 - registered by importing
        from upfront.reference.models import DataRevision

        # A new data revision (load_reference, an admin correction) checks every scenario again.
        post_save.connect(
            _revision_saved, sender=DataRevision, dispatch_uid="scenarios.jobs.revalidation"
        )


def _revision_saved(*, instance: Any, created: bool, **_: Any) -> None:
    """Start the revision's revalidation once its transaction commits (robust: a failure is
    logged and never undoes or breaks the load or the admin's save)."""
    from django.db import transaction

    # Imported here: the services import the models, loaded only once the registry is ready.
    from scenarios.jobs.revalidation.services import revalidation_for_revision

    if created:
        transaction.on_commit(
            partial(revalidation_for_revision, revision_id=instance.pk), robust=True
        )
