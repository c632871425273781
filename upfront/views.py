from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from upfront.reference.fetch import data_revision_current
from upfront.reference.models import DataRevision


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"revision": data_revision_current()})


def health(request: HttpRequest) -> JsonResponse:
    """Liveness plus the data revision; used by deploy checks and the README."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    revision = DataRevision.current()
    return JsonResponse(
        {
            "status": "ok",
            "database": connection.vendor,
            "data_revision": revision.label if revision else None,
        }
    )
