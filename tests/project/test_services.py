"""The real services: PostgreSQL for the database, Redis as broker, a Celery worker."""

import pytest

pytestmark = pytest.mark.services


@pytest.mark.django_db
def test_database_is_postgresql_with_reference_data(postgres_required: None) -> None:
    from django.db import connection

    from upfront.reference.models import Nationality

    assert connection.vendor == "postgresql"
    assert sorted(Nationality.objects.values_list("code", flat=True)) == [
        "american",
        "british",
        "french",
        "german",
        "italian",
        "japanese",
        "russian",
    ]


def test_celery_worker_consumes_from_redis(celery_worker_process, redis_url: str) -> None:
    from upfront.celery import app, ping

    app.conf.update(broker_url=redis_url, result_backend=redis_url, task_always_eager=False)
    result = ping.apply_async()
    assert result.get(timeout=60) == "pong"
    assert celery_worker_process.poll() is None, "the worker died while consuming"
