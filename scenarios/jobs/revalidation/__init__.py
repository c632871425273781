"""Bulk revalidation: every scenario checked again when the reference data changes
(docs/jobs.md#bulk-revalidation).

A room of its own (models → services/selectors → presenters → doors): ``models`` holds a run
and its batches, ``services`` starts a run, runs a batch and resumes stalled runs,
``selectors`` reads runs for the staff page, ``presenters`` shapes them. The doors live with
the app's: the batch task in ``scenarios/tasks.py``, the staff page in
``scenarios/views/revalidation.py``, ``manage.py revalidate_scenarios``; the signal that starts
a run for a new data revision is wired in ``scenarios/apps.py``.
"""
