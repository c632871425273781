"""What the list tests compare: an API list's answer against a reference view's, byte for byte.

The lists written for speed (``scenarios.member_list``, ``shelf.ShelfList``, the items written
out) must answer what DRF's generic list of the documented serializer answers; each test
module names its reference view and its addresses, and asks ``assert_every_answer``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet
from rest_framework.test import APIRequestFactory, force_authenticate
from rest_framework.views import APIView

from scenarios import access, selectors
from scenarios.api import serializers as s
from scenarios.api.common import ListBase
from scenarios.api.filters import LibraryFilter
from scenarios.listing_cache import listing_changed
from scenarios.models import Library
from tests.scenarios.api.conftest import client_for

Answer = tuple[int, str, bytes]


class LibraryReferenceList(ListBase):
    """``GET /api/v1/libraries/`` as one query through DRF's generic list: the documented
    ``LibraryOutputSerializer`` over ``selectors.libraries_listed_for`` with the rights of
    ``access.library_rights``."""

    filterset_class = LibraryFilter

    def get_queryset(self) -> QuerySet[Library]:
        return (
            selectors.libraries_listed_for(self.request.user)
            .select_related("owner", "forked_from")
            .prefetch_related("collaborators")
        )

    def get(self, request: Any) -> Any:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        rights = {lib.pk: access.library_rights(lib, request.user) for lib in page}
        data = s.LibraryOutputSerializer(page, many=True, context={"rights": rights}).data
        return self.get_paginated_response(data)


def reference_answer(view: type[APIView], user: Any, url: str) -> Answer:
    """``view``'s answer to ``user`` (None: anonymous) at ``url``."""
    request = APIRequestFactory().get(url)
    if user is not None:
        force_authenticate(request, user=user)
    response = view.as_view()(request)
    response.render()
    return response.status_code, response["Content-Type"], response.content


def api_answer(user: Any, url: str) -> Answer:
    """The API's own answer to ``user`` at ``url``, through the whole stack."""
    response = client_for(user).get(url)
    return response.status_code, response["Content-Type"], response.content


def assert_every_answer(view: type[APIView], user: Any, urls: Iterable[str]) -> None:
    """At each of ``urls``, the API answers ``user`` what ``view`` answers: read afresh (the
    list cache dropped), then again (its cached parts: the public head, the count)."""
    for url in urls:
        expected = reference_answer(view, user, url)
        listing_changed()
        assert api_answer(user, url) == expected, url
        assert api_answer(user, url) == expected, f"{url}, again"
