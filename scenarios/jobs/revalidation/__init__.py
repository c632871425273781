"""Bulk revalidation: every scenario checked again when the reference data changes
(docs/jobs.md#bulk-revalidation).

A room of the jobs app (services/selectors → presenters → doors): its tables, a run and its
batches, are ``scenarios.jobs.models.revalidation``; ``services`` starts a run, runs a batch
and resumes stalled runs, ``selectors`` reads runs for the staff page, ``presenters`` shapes
them. The batch task is in ``scenarios/jobs/tasks.py`` and the signal that starts a run for a
new data revision is wired in ``scenarios/jobs/apps.py``; the staff page is
``scenarios/views/revalidation.py``, the command ``manage.py revalidate_scenarios``.
"""
