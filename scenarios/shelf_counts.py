"""The counts a library shows on the public shelf, kept in its own columns.

``Library.scenario_count``, ``play_count``, ``follower_count``, ``rating_count``,
``rating_sum`` and ``rating_score`` are recounted from the truth (its live scenarios and its
follows) by :func:`library_counts_refresh`, whenever something they count may have changed:
a scenario saved (created, edited, moved between libraries, binned, restored) or deleted, a
follow made or ended (the signal receivers below, connected in ``ScenariosConfig.ready``), a
play record or a rating counted (their services write with ``update()``, which sends no
signal, and call it themselves). A recount is idempotent: calling it too often costs a query,
never a wrong count. Writes that send no signals (``bulk_create``) call it themselves.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import (
    Case,
    Count,
    F,
    FloatField,
    IntegerField,
    OuterRef,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Cast, Coalesce

from scenarios import listing_cache
from scenarios.community.services import PRIOR_STARS, PRIOR_VOTES
from scenarios.models import Library, LibraryFollow, Scenario


def _per_library(rows: Any, value: Any) -> Coalesce:
    counted = rows.values("library").annotate(n=value).values("n")
    return Coalesce(Subquery(counted, output_field=IntegerField()), 0)


def library_counts_refresh(library_ids: Iterable[int | None]) -> None:
    """Recount the shelf's columns of the libraries ``library_ids`` (None: no library)."""
    ids = {pk for pk in library_ids if pk is not None}
    if not ids:
        return
    held = Scenario.objects.filter(library=OuterRef("pk"))
    Library.everything.filter(pk__in=ids).update(
        scenario_count=_per_library(held, Count("pk")),
        play_count=_per_library(held, Sum("plays_counted")),
        follower_count=_per_library(
            LibraryFollow.objects.filter(library=OuterRef("pk")), Count("pk")
        ),
        rating_count=_per_library(held, Sum("rating_count")),
        rating_sum=_per_library(held, Sum("rating_sum")),
    )
    # The damped average of community.services.damped_score, over the library's votes.
    Library.everything.filter(pk__in=ids).update(
        rating_score=Case(
            When(rating_count=0, then=Value(0.0)),
            default=(Value(PRIOR_VOTES * PRIOR_STARS) + Cast(F("rating_sum"), FloatField()))
            / (Value(float(PRIOR_VOTES)) + Cast(F("rating_count"), FloatField())),
            output_field=FloatField(),
        )
    )
    # The shelf shows and sorts on these columns, and update() sends no signal: a follow
    # (which changes nothing else a list shows) would leave the cached pages stale.
    listing_cache.listing_changed()


def all_library_counts_refresh() -> None:
    """Recount every library (after a bulk load: the migration, the benches)."""
    ids = list(Library.everything.values_list("pk", flat=True))
    for start in range(0, len(ids), 500):
        library_counts_refresh(ids[start : start + 500])


# --- Signal receivers ----------------------------------------------------------------------


def scenario_before_save(*, instance: Scenario, raw: bool = False, **_: Any) -> None:
    # The library it was in: a move recounts both.
    if raw or instance.pk is None:
        return
    instance._shelf_library_was = (  # type: ignore[attr-defined]
        Scenario.everything.filter(pk=instance.pk).values_list("library_id", flat=True).first()
    )


def scenario_saved(*, instance: Scenario, raw: bool = False, **_: Any) -> None:
    if raw:
        return
    library_counts_refresh((instance.library_id, getattr(instance, "_shelf_library_was", None)))


def scenario_deleted(*, instance: Scenario, **_: Any) -> None:
    library_counts_refresh((instance.library_id,))


def follow_changed(*, instance: LibraryFollow, raw: bool = False, **_: Any) -> None:
    if raw:
        return
    library_counts_refresh((instance.library_id,))
