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
