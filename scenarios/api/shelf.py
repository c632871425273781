"""The community's API: following a library (``PUT``/``DELETE /api/v1/libraries/{id}/follow``),
what changed in the followed ones (``GET /api/v1/me/following``, ``POST
/api/v1/me/following/seen``), and a player's public face (``GET /api/v1/players/{username}``).

Rights come from ``scenarios.access`` (``library_for`` and ``LibraryRights.can_follow``,
``player_for``); reads and writes from ``scenarios.following`` and ``scenarios.players``.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scenarios import access, following, players
from scenarios.api.common import Base
from scenarios.api.serializers import ScenarioOutputSerializer

CANNOT_FOLLOW = gettext_lazy("Only a public library may be followed, and not by its owner.")


class AddedSerializer(serializers.Serializer):
    id = serializers.UUIDField(source="public_id")
    title = serializers.CharField()


class FollowedSerializer(serializers.Serializer):
    id = serializers.UUIDField(source="public_id", help_text="The library's id")
    shared = serializers.BooleanField(
        help_text="False: the library is no longer shared with you (made private or deleted); "
        "nothing else of it is told"
    )
    title = serializers.CharField(source="library.title", allow_null=True, default=None)
    owner = serializers.CharField(source="library.owner.username", allow_null=True, default=None)
    followed_at = serializers.DateTimeField()
    seen_at = serializers.DateTimeField(help_text="When you last marked it seen")
    changed_at = serializers.DateTimeField(allow_null=True, help_text="Its latest change")
    added = AddedSerializer(many=True, help_text="Scenarios put in it since you looked")
    removed = serializers.IntegerField(help_text="How many scenarios left it since you looked")
    new_versions = serializers.IntegerField(help_text="New versions of its scenarios since")
    new_plays = serializers.IntegerField(help_text="New play records of its scenarios since")


class PlayerLibrarySerializer(serializers.Serializer):
    id = serializers.UUIDField(source="public_id")
    title = serializers.CharField()
    description = serializers.CharField()
    updated_at = serializers.DateTimeField()


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    joined = serializers.DateTimeField(help_text="When the account was made")
    records = serializers.IntegerField(help_text="Play records of public scenarios")
    libraries = PlayerLibrarySerializer(many=True, help_text="Their public libraries")
    scenarios = ScenarioOutputSerializer(many=True, help_text="Their public scenarios")


class LibraryFollowApi(Base):
    @extend_schema(
        operation_id="libraries_follow",
        summary="Follow a public library (again: nothing changes)",
        description="What changes in it is then told by `GET /api/v1/me/following`. Its owner "
        "may not follow it, nor may anyone follow a library that is not public (403).",
        request=None,
        responses={204: None},
        tags=["community"],
    )
    def put(self, request: Request, id: UUID) -> Response:
        library, rights = access.library_for(request.user, id)
        access.require_api(rights.can_follow, CANNOT_FOLLOW)
        following.library_follow(library=library, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        operation_id="libraries_unfollow",
        summary="Stop following a library (also one no longer shared with you)",
        request=None,
        responses={204: None},
        tags=["community"],
    )
    def delete(self, request: Request, id: UUID) -> Response:
        following.library_unfollow(public_id=id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeFollowingApi(Base):
    @extend_schema(
        operation_id="me_following",
        summary="The libraries you follow, with what changed since you last looked",
        description="The newest change first; those no longer shared with you last, with "
        "`shared: false` and nothing else of them. Reading this does not mark them seen: "
        "`POST /api/v1/me/following/seen` does (as the Following page does).",
        responses={200: FollowedSerializer(many=True)},
        tags=["community"],
    )
    def get(self, request: Request) -> Response:
        return Response(FollowedSerializer(following.follows_of(request.user), many=True).data)


class MeFollowingSeenApi(Base):
    @extend_schema(
        operation_id="me_following_seen",
        summary="Mark what changed in the libraries you follow as seen",
        request=None,
        responses={204: None},
        tags=["community"],
    )
    def post(self, request: Request) -> Response:
        following.follows_seen(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PlayerApi(Base):
    def get_permissions(self) -> list[Any]:
        return [AllowAny()]

    @extend_schema(
        operation_id="players_retrieve",
        summary="A player's public face",
        description="Their public libraries and scenarios, how many play records of public "
        "scenarios they made, and when they joined; nothing private. A departed player "
        "(an inactive account) is 404, as a name nobody has.",
        responses={200: PlayerSerializer},
        tags=["community"],
    )
    def get(self, request: Request, username: str) -> Response:
        profile = players.player_profile(access.player_for(username))
        return Response(PlayerSerializer(profile).data)
