"""Up Front Builder: the Django project, its reference data and the rules engine.

Deliberately empty: ``upfront.rules`` is a pure package, and anything imported here would be
loaded with it. The Celery app is loaded by ``upfront.apps.ProjectConfig.ready`` (so that
``@shared_task`` binds to it) and found by ``celery -A upfront`` as ``upfront.celery``.
"""
