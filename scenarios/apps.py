from functools import partial
from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScenariosConfig(AppConfig):
    name = "scenarios"
    verbose_name = _("Scenarios and libraries")

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_delete, post_save

        # Imported here, not at the top: the models (and what imports them) load only once the
        # app registry is ready, as it is when ready() runs. Importing ``tasks`` registers the
        # job tasks in this process's Celery app: the services send a job by the task's name
        # (jobs.services.RUN_JOB_TASK) and, with no broker (task_always_eager), the task must be
        # known here to run in-process.
        from scenarios import listing_cache, tasks  # noqa: F401 - tasks: registered, see above
        from scenarios.jobs import checks  # noqa: F401 - registers the system check
        from scenarios.models import Library, Scenario
        from upfront.reference.models import DataRevision

        # What the public lists show changed: their cached pages are out of date.
        for model in (Scenario, Library, DataRevision):
            for signal in (post_save, post_delete):
                signal.connect(
                    # New reference data also changes the filter form's choices.
                    listing_cache.reference_changed
                    if model is DataRevision
                    else listing_cache.listing_changed,
                    sender=model,
                    dispatch_uid=f"scenarios.listing.{model.__name__}.{signal is post_save}",
                )
        post_save.connect(
            listing_cache.user_changed, sender=get_user_model(), dispatch_uid="scenarios.user"
        )
        # A new data revision (load_reference, an admin correction) checks every scenario again.
        post_save.connect(
            _revision_saved, sender=DataRevision, dispatch_uid="scenarios.revalidation"
        )


def _revision_saved(*, instance: Any, created: bool, **_: Any) -> None:
    """Start the revision's revalidation once its transaction commits (robust: a failure is
    logged and never undoes or breaks the load or the admin's save)."""
    from django.db import transaction

    # Imported here: the services import the models, loaded only once the registry is ready.
    from scenarios.revalidation.services import revalidation_for_revision

    if created:
        transaction.on_commit(
            partial(revalidation_for_revision, revision_id=instance.pk), robust=True
        )
