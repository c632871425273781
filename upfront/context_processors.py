from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from upfront.reference.fetch import data_revision_current
from upfront.reference.phrasing.revision import current_revision_words


def data_revision(request: HttpRequest) -> dict[str, object]:
    """The current data revision for the page footer.

    Lazy: looked up only when a template shows it (htmx fragments never do), and then from the
    per-process cache that ``data_revision_create`` clears.
    """
    return {
        "data_revision": SimpleLazyObject(data_revision_current),
        # In a player's words ("Rules data of 27 November 2026 (revision 95)"), not the raw
        # label, which only the verify page shows.
        "data_revision_words": SimpleLazyObject(
            lambda: current_revision_words(data_revision_current())
        ),
    }
