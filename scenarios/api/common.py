"""What the API's doors over user content share: the base views, a
document's faults as one problem, the words of a refused right, and the detail answers.

Who may do what is decided by ``access.scenario_for`` / ``library_for`` (``scenarios.access``
and docs/api.md#who-may-do-what), the same rights the pages ask; a door hands the right it
needs, with the words below, to ``access.require_api``:

* reading: whoever may see it; anyone else gets 404;
* any other right the requester lacks over something they see: 403 (naming what is
  missing); anonymous requests for what needs an account: 401.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from scenarios import access, services
from scenarios.api.filters import Pages
from scenarios.api.serializers import (
    LibraryDetailOutputSerializer,
    ScenarioDetailOutputSerializer,
)
from scenarios.models import Library, Scenario
from upfront.api.problems import PROBLEM_MEDIA_TYPE, InvalidInput, ProblemSerializer
from upfront.reference.fetch import data_revision_current

# The methods anyone may use on a detail path: HEAD is a GET without the body.
READS = ("GET", "HEAD")

NOT_OWNER = gettext_lazy("Only the owner may change who can see it, move it or delete it.")
CANNOT_EDIT_SCENARIO = gettext_lazy("You may see this scenario but not change it.")
CANNOT_EDIT_LIBRARY = gettext_lazy("You may see this library but not change it.")


# A door for signed-in requesters: the API's defaults (authentication by token, then session;
# IsAuthenticated), set once in settings.REST_FRAMEWORK. No docstring: the schema would show
# it as each operation's description.
class Base(APIView):
    pass


class ListBase(GenericAPIView):
    permission_classes = [AllowAny]
    pagination_class = Pages


def _join(prefix: str, path: str) -> str:
    if not prefix:
        return path
    if path == "$":
        return prefix
    return f"{prefix}{path}" if path.startswith("[") else f"{prefix}.{path}"


@contextmanager
def document_faults(
    prefix: str = "", earlier: list[dict[str, str]] | None = None
) -> Iterator[None]:
    """Faults of a document from the services become one 400 problem (with ``earlier`` ones)."""
    try:
        yield
    except services.LibraryGone as exc:  # names `library`, not a place in the document
        raise InvalidInput([*(earlier or []), *exc.errors]) from exc
    except services.ScenarioInputError as exc:
        errors = [{**e, "path": _join(prefix, e["path"])} for e in exc.errors]
        raise InvalidInput([*(earlier or []), *errors]) from exc


def target_library(
    user: Any, library_id: UUID | None, *, path: str = "library"
) -> tuple[Library | None, list[dict[str, str]]]:
    """The library named by id, if ``user`` may edit it; else a fault (not revealing why)."""
    if library_id is None:
        return None, []
    library = access.library_to_hold(user, library_id)
    if library is None:
        return None, [{"path": path, "message": str(services.NO_LIBRARY_TO_HOLD)}]
    return library, []


def scenario_detail(scenario: Scenario, rights: access.ScenarioRights, **kwargs: Any) -> Response:
    """One scenario as the API answers it, with the requester's ``rights`` over it."""
    revision = data_revision_current()
    context = {"rights": rights, "data_revision_id": revision.pk if revision else None}
    return Response(ScenarioDetailOutputSerializer(scenario, context=context).data, **kwargs)


def library_detail(library: Library, rights: access.LibraryRights, **kwargs: Any) -> Response:
    """One library as the API answers it, with the requester's ``rights`` over it."""
    context = {"rights": {library.pk: rights}}
    return Response(LibraryDetailOutputSerializer(library, context=context).data, **kwargs)


# A copy checks the stored documents again (the reference data may have changed since): an
# operation with no body that can still answer 400.
RECHECK_FAULTS = {
    (400, PROBLEM_MEDIA_TYPE): OpenApiResponse(
        ProblemSerializer,
        description="A stored document has become faulty against the current reference data: "
        "`errors` lists every fault with its path.",
    )
}
