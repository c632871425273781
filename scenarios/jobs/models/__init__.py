"""The tables of the background work: jobs, and the revalidation runs with their batches.

They were born in the ``scenarios`` app and keep its tables (``db_table``); the ``jobs`` app's
first migration took them over in Django's state only.
"""

from scenarios.jobs.models.job import Job
from scenarios.jobs.models.revalidation import Revalidation, RevalidationBatch

__all__ = ["Job", "Revalidation", "RevalidationBatch"]
