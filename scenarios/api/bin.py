"""The bin under /api/v1/ (docs/api.md#the-bin, docs/deletion.md).

``GET bin/`` lists the requester's deleted scenarios and libraries; ``POST bin/{id}/restore``
brings one back (200 with it, as its detail answers); ``DELETE bin/{id}`` deletes it for good.
Only a bin's owner reaches it: anyone else's id answers 404, as a scenario in the bin does on
its usual addresses.
"""

from __future__ import annotations

from uuid import UUID

from django.utils.translation import gettext
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from scenarios import access
from scenarios.api import serializers as api_serializers
from scenarios.api.common import Base, library_detail, scenario_detail
from scenarios.bin import selectors, services
from scenarios.models import Library


class BinItemOutputSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["scenario", "library"], help_text="What it is")
    id = serializers.UUIDField(source="public_id", help_text="Its id (as before it was deleted)")
    title = serializers.CharField()
    deleted_at = serializers.DateTimeField()
    purge_after = serializers.DateTimeField(
        help_text="When it leaves the bin for good (deleted_at + BIN_DAYS)"
    )


RESTORED = PolymorphicProxySerializer(
    component_name="BinRestored",
    serializers=[
        api_serializers.ScenarioDetailOutputSerializer,
        api_serializers.LibraryDetailOutputSerializer,
    ],
    resource_type_field_name=None,
)


def _item(request: Request, id: UUID) -> None:
    access.require_api(access.in_bin(request.user, id), _not_in_bin(), seen=False)


def _not_in_bin() -> str:
    return gettext("Nothing in your bin has this id.")


class BinListApi(Base):
    @extend_schema(
        operation_id="bin_list",
        summary="Your deleted scenarios and libraries (the bin)",
        description="The most recently deleted first. Each stays for `BIN_DAYS` days "
        "(`purge_after`), then is deleted for good. A library's own scenarios went with it "
        "and come back with it: they are not listed apart.",
        responses={200: BinItemOutputSerializer(many=True)},
        tags=["bin"],
    )
    def get(self, request: Request) -> Response:
        items = selectors.bin_items_of(request.user)
        return Response(BinItemOutputSerializer(items, many=True).data)


class BinRestoreApi(Base):
    @extend_schema(
        operation_id="bin_restore",
        summary="Bring a scenario or library back from your bin",
        description="Answers the restored scenario or library as its detail does. A scenario "
        "goes back into its library if that still exists and you deleted it yourself; one that "
        "a library's owner deleted comes back as one of your own scenarios. A library comes "
        "back with the scenarios that went with it.",
        request=None,
        responses={200: RESTORED},
        tags=["bin"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        _item(request, id)
        restored = services.bin_restore(user=request.user, public_id=id)
        if isinstance(restored, Library):
            return library_detail(restored, access.library_rights(restored, request.user))
        return scenario_detail(restored, access.scenario_rights(restored, request.user))


class BinItemApi(Base):
    @extend_schema(
        operation_id="bin_delete",
        summary="Delete a scenario or library in your bin for good",
        description="With its versions, play records and jobs (a library with the scenarios "
        "that went with it). This cannot be undone.",
        responses={204: None},
        tags=["bin"],
    )
    def delete(self, request: Request, id: UUID) -> Response:
        _item(request, id)
        services.bin_purge(user=request.user, public_id=id)
        return Response(status=status.HTTP_204_NO_CONTENT)
