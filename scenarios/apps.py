from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScenariosConfig(AppConfig):
    name = "scenarios"
    verbose_name = _("Scenarios and libraries")

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_delete, post_save, pre_save
        from simple_history.signals import pre_create_historical_record

        # Imported here: the models load only once the app registry is ready.
        from scenarios import listing_cache, shelf_counts
        from scenarios.models import Library, LibraryFollow, Scenario
        from scenarios.models.scenario import version_mark
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
        # The counts the public shelf shows and sorts on (scenarios.shelf_counts).
        for signal, receiver in (
            (pre_save, shelf_counts.scenario_before_save),
            (post_save, shelf_counts.scenario_saved),
            (post_delete, shelf_counts.scenario_deleted),
        ):
            signal.connect(receiver, sender=Scenario, dispatch_uid=f"shelf.{receiver.__name__}")
        for signal in (post_save, post_delete):
            signal.connect(
                shelf_counts.follow_changed,
                sender=LibraryFollow,
                dispatch_uid=f"shelf.follow.{signal is post_save}",
            )
        # A restored version records which one it restored (scenarios.versions.services).
        pre_create_historical_record.connect(
            version_mark, sender=Scenario.history.model, dispatch_uid="scenarios.version_mark"
        )
        post_save.connect(
            listing_cache.user_changed, sender=get_user_model(), dispatch_uid="scenarios.user"
        )
        _reserve_usernames(get_user_model())


def _reserve_usernames(user_model: type) -> None:
    """Every door that checks a username against the model's field (``createsuperuser``,
    interactive or not, ``full_clean``, Django's own user forms) refuses a reserved one, as
    sign-up (allauth's ``ACCOUNT_USERNAME_VALIDATORS``) and our admin forms do.

    Added to the field's ``validators`` (what ``run_validators`` reads), not to its
    ``_validators`` (what ``deconstruct`` writes into migrations): the auth app's migrations
    stay Django's own."""
    # Imported here, as ready()'s imports are: called once the app registry is ready.
    from scenarios.account.usernames import validate_username

    field = user_model._meta.get_field(user_model.USERNAME_FIELD)
    if validate_username not in field.validators:
        field.validators.append(validate_username)
