from django.http import HttpRequest

from upfront.reference.models import DataRevision


def data_revision(request: HttpRequest) -> dict[str, object]:
    return {"data_revision": DataRevision.current()}
