"""Background work: validation, simulation and setup sheets of scenarios and libraries, and
the bulk revalidation of every scenario when the reference data changes.

A Django app nested in ``scenarios`` (label ``jobs``, ``apps.JobsConfig``), as
``django.contrib.auth`` is in ``django.contrib``:

* ``models``: the ``Job`` row, the truth about a job and its outbox; revalidation runs and
  their batches (tables kept from the scenarios app);
* ``services``: requesting a job, the outbox, the lease, running it, library books;
* ``kinds``: what each kind of job runs and which report it shows (the one place to wire a
  kind to its implementation);
* ``tasks``: the Celery entry points, which carry only a row's id;
* ``selectors``: which jobs a user may see; ``options``: the options each kind takes;
  ``messages``: the progress notes and errors a job stores as message ids;
* ``stored``: analyses reused from the jobs that already computed them;
* ``sheets``: setup sheets as PDF, library books, their stored files;
* ``revalidation``: bulk revalidation's services, selectors and presenters.

Nothing of ``scenarios`` below its doors imports this app (``.importlinter``). See
docs/jobs.md.
"""
