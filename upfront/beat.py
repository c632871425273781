"""Celery beat's scheduler (``CELERY_BEAT_SCHEDULER``): Celery's own, quieter about the broker.

While the broker is down, Celery's scheduler logs an error with two tracebacks (the exception
and the stack) for every due task it cannot send: every ``JOB_SWEEP_SECONDS`` for the sweep. A
broker that is down is an operational state, not a fault of the code, and beat tries again at
the next tick by itself; this scheduler logs one warning line per task it could not send, and
keeps Celery's error and traceback for any other failure.
"""

from __future__ import annotations

import logging
from typing import Any

from celery.beat import PersistentScheduler, ScheduleEntry, SchedulingError
from kombu.exceptions import OperationalError

logger = logging.getLogger(__name__)


class QuietScheduler(PersistentScheduler):
    """Celery's persistent scheduler that logs an unreachable broker as one warning line."""

    def _broker_down(self, exc: BaseException) -> BaseException | None:
        """What made sending fail if it is the broker being unreachable, else None."""
        # The scheduler wraps what sending raised in SchedulingError; look at what it wraps.
        cause = (exc.__cause__ or exc.__context__) if isinstance(exc, SchedulingError) else exc
        down = (OperationalError, OSError, *self.connection.connection_errors)
        return cause if isinstance(cause, down) else None

    def apply_entry(self, entry: ScheduleEntry, producer: Any = None) -> None:
        logger.info("beat: sending %s (%s)", entry.name, entry.task)
        try:
            self.apply_async(entry, producer=producer, advance=False)
        except Exception as exc:
            cause = self._broker_down(exc)
            if cause is None:
                logger.exception("beat: could not send %s (%s)", entry.name, entry.task)
                return
            logger.warning(
                "beat: could not send %s (%s), the broker is unreachable (%s); "
                "trying again at its next run",
                entry.name,
                entry.task,
                cause,
            )
