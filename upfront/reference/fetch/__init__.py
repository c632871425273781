"""Load what the rules engine needs from the reference models into plain dataclasses.

A package with one builder per part of the engine's catalogue (:mod:`.catalogue`,
:mod:`.scenario`, :mod:`.game`, :mod:`.simulation`, :mod:`.texts`); this module keeps the cache
and the entry points (:func:`reference_current`, :func:`catalogue_current`,
:func:`texts_current`, :func:`catalogue_forget`).

The snapshot is cached per data revision: the reference data changes only through the
loader or the admin, and both record a new ``DataRevision`` (``data_revision_create``), which
calls ``catalogue_forget()``. Each process keeps its own catalogue objects; which revision is
current is kept in Django's cache (``REVISION_CACHE_KEY``), so with Redis configured every
process shares it: forgetting deletes the key, and every process looks the revision up again on
its next request. Without a shared cache (local memory per process) the key expires after
``REVISION_CHECK_SECONDS``, so another process sees a new revision within that time. A
validation request or a page showing the revision usually costs no query at all.

Next to the catalogue, and cached the same way, :func:`texts_current` holds the words shown
with the engine's answers (nationality names, the DYO rule summaries) in English and Italian.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save

from upfront.reference import models
from upfront.reference.fetch.catalogue import build_catalogue
from upfront.reference.fetch.rows import (
    DYO_SUMMARY_GROUP,
    SCENARIO_SUMMARY_GROUP,
    VICTORY_SUMMARY_GROUP,
)
from upfront.reference.fetch.texts import ReferenceTexts, build_texts
from upfront.rules.catalogue import Catalogue

__all__ = [
    "DYO_SUMMARY_GROUP",
    "REVISION_CACHE_KEY",
    "SCENARIO_SUMMARY_GROUP",
    "VICTORY_SUMMARY_GROUP",
    "Reference",
    "ReferenceDataNotLoaded",
    "ReferenceTexts",
    "catalogue_current",
    "catalogue_forget",
    "data_revision_current",
    "reference_current",
    "texts_current",
]

_lock = threading.Lock()
_cache: dict[str, Catalogue] = {}
REVISION_CACHE_KEY = "reference:current-revision"  # -> the newest DataRevision
REVISION_CHECK_SECONDS = 5.0
# How long a process trusts what the shared cache said (another process's new revision is
# seen at most this much later; this process's own at once, via catalogue_forget).
REVISION_LOCAL_SECONDS = 0.5
_recent: list[tuple[float, models.DataRevision]] = []


class ReferenceDataNotLoaded(LookupError):
    """The database holds no reference data: run ``manage.py load_reference``."""

    def __init__(self) -> None:
        super().__init__(
            "The reference data is not loaded; an administrator must run "
            "'manage.py load_reference'."
        )


_texts: dict[str, ReferenceTexts] = {}


def catalogue_forget(**_: object) -> None:
    """Forget the current revision and its catalogue: the next lookup asks the database.

    The one entry point for "the reference data changed"; also a signal receiver, so a
    revision saved or deleted any other way is noticed in this process too.
    """
    cache.delete(REVISION_CACHE_KEY)
    _recent.clear()
    _cache.clear()
    _texts.clear()


post_save.connect(
    catalogue_forget, sender=models.DataRevision, dispatch_uid="upfront.reference.fetch.forget"
)
post_delete.connect(
    catalogue_forget, sender=models.DataRevision, dispatch_uid="upfront.reference.fetch.forget-del"
)


def data_revision_current() -> models.DataRevision | None:
    """The newest data revision, from the shared cache; looked up when it is not there.

    One request asks several times (the catalogue, the texts, the page); what the shared cache
    answered is kept in the process for ``REVISION_LOCAL_SECONDS`` so that it is read once.
    """
    now = time.monotonic()
    if _recent and now - _recent[0][0] < REVISION_LOCAL_SECONDS:
        return _recent[0][1]
    revision = cache.get(REVISION_CACHE_KEY)
    if revision is None:
        revision = models.DataRevision.objects.order_by("-pk").first()
        if revision is not None:  # none yet: ask again next time rather than remember it
            cache.set(REVISION_CACHE_KEY, revision, timeout=REVISION_CHECK_SECONDS)
    if revision is not None:
        _recent[:] = [(now, revision)]
    return revision  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Reference:
    """The current data revision and the catalogue built from it, looked up together.

    What checks a document and what is stamped on it must be the same revision: asking for
    the revision and the catalogue separately could straddle a new revision (checked against
    N, stamped N+1).
    """

    revision: models.DataRevision
    catalogue: Catalogue

    @property
    def label(self) -> str:
        """The revision as players see it everywhere (never the catalogue's internal key)."""
        return self.revision.label


def reference_current() -> Reference:
    """The current data revision with its catalogue (built once per revision and process).

    Raises ``ReferenceDataNotLoaded`` when there is no reference data to build it from.
    """
    revision = data_revision_current()
    if revision is None:
        raise ReferenceDataNotLoaded
    return Reference(revision=revision, catalogue=_catalogue_of(revision))


def catalogue_current() -> Catalogue:
    """The catalogue of the current data revision (see :func:`reference_current`).

    Raises ``ReferenceDataNotLoaded`` when there is no reference data to build it from.
    """
    return reference_current().catalogue


def _catalogue_of(revision: models.DataRevision) -> Catalogue:
    key = f"{revision.pk}:{revision.content_hash}"
    cached = _cache.get(key)
    if cached is not None:
        return cached
    with _lock:
        cached = _cache.get(key)  # built by another thread while this one waited
        if cached is not None:
            return cached
        if not models.Nationality.objects.exists():
            raise ReferenceDataNotLoaded
        catalogue = build_catalogue(key)
        _cache.clear()  # only the current revision is worth keeping
        _cache[key] = catalogue
        return catalogue


def texts_current() -> ReferenceTexts:
    """The texts of the current data revision, built with and cached like the catalogue.

    Raises ``ReferenceDataNotLoaded`` when there is no reference data.
    """
    key = catalogue_current().data_revision
    texts = _texts.get(key)
    if texts is None:
        texts = build_texts()
        with _lock:
            _texts.clear()  # only the current revision is worth keeping
            _texts[key] = texts
    return texts
