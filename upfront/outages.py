"""Errors that mean a dependency is unreachable for a while, not that the work is wrong.

A job that meets one is handed back and retried after a back-off (scenarios/jobs/tasks.py,
``TRANSIENT``), then fails saying what could not be reached; it never stores half a file.
"""

from __future__ import annotations


def _storage_unreachable() -> tuple[type[BaseException], ...]:
    try:  # botocore comes with django-storages' S3 backend, used only with a bucket
        from botocore.exceptions import ConnectionError as BotoConnectionError
        from botocore.exceptions import ReadTimeoutError
    except ImportError:
        return ()
    return (BotoConnectionError, ReadTimeoutError)


# The S3-compatible endpoint of AWS_STORAGE_BUCKET_NAME refused, timed out or vanished.
STORAGE_UNREACHABLE = _storage_unreachable()
