from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from upfront.reference.fetch import data_revision_current


def data_revision(request: HttpRequest) -> dict[str, object]:
    """The current data revision for the page footer.

    Lazy: looked up only when a template shows it (htmx fragments never do), and then from the
    per-process cache that ``data_revision_create`` clears.
    """
    return {"data_revision": SimpleLazyObject(data_revision_current)}
