"""Background jobs: validation, simulation and setup sheets of scenarios and libraries.

* ``services``: requesting a job (the outbox), sending it, running it (claimed and finished
  under its attempt number), retrying it;
* ``kinds``: what each kind of job runs and which report it shows (the one place to wire a
  kind to its implementation);
* ``options``: the options each kind takes, validated;
* ``messages``: the progress notes and errors a job stores as message ids.

The ``Job`` row (``scenarios.models.Job``) is the truth; Celery tasks (``scenarios.jobs.tasks``)
carry only its id. See docs/jobs.md.
"""
