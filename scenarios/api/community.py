"""Ratings and comments API (docs/community.md): ``/scenarios/{id}/rating``,
``/scenarios/{id}/comments``, ``/scenarios/{id}/comments/open`` and ``/comments/{id}`` (delete,
report, hide, keep), ``/comments/reported`` (the staff's queue).

Whoever may see the scenario sees its rating and comments (else 404); the rights are
``access.CommunityRights`` and ``access.CommentRights``. Views stay thin: the room's selectors
read, its services write, its presenters answer.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import Throttled
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle

from scenarios import access
from scenarios.api.common import READS
from scenarios.community import presenters, selectors, services
from scenarios.community.models import COMMENT_MAX_LENGTH, STARS_MAX, STARS_MIN
from scenarios.models import Comment, Scenario
from upfront.api.problems import InvalidInput
from upfront.api.strict import StrictSerializer

OWN_SCENARIO = gettext_lazy("Nobody rates their own scenario.")
COMMENTS_CLOSED = gettext_lazy("Comments on this scenario are closed.")
NOT_CURATOR = gettext_lazy("Only the scenario's curator may open or close its comments.")
NOT_YOUR_COMMENT = gettext_lazy(
    "Only the comment's author or the scenario's curator may delete it."
)
OWN_COMMENT = gettext_lazy("Nobody reports their own comment.")
NOT_STAFF = gettext_lazy("Only staff may moderate comments.")


class RatingInputSerializer(StrictSerializer):
    stars = serializers.IntegerField(min_value=STARS_MIN, max_value=STARS_MAX)


class RatingOutputSerializer(serializers.Serializer):
    average = serializers.FloatField(allow_null=True, help_text="Plain average (null: none)")
    count = serializers.IntegerField()
    mine = serializers.IntegerField(allow_null=True, help_text="Your stars (null: none)")


class CommentInputSerializer(StrictSerializer):
    text = serializers.CharField(max_length=COMMENT_MAX_LENGTH, trim_whitespace=True)


class CommentOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    author = serializers.CharField()
    text = serializers.CharField(
        allow_null=True, help_text="Plain text; null for a hidden comment you may not read"
    )
    hidden = serializers.BooleanField(help_text="Hidden by a moderator")
    created_at = serializers.DateTimeField()
    can_delete = serializers.BooleanField()
    can_report = serializers.BooleanField()


class ReportedCommentSerializer(CommentOutputSerializer):
    reports = serializers.IntegerField(help_text="How many players reported it")
    scenario = serializers.UUIDField(help_text="The `id` of its scenario")


class OpenInputSerializer(StrictSerializer):
    open = serializers.BooleanField()


class RatingThrottle(BaseThrottle):
    """Rating: the ``ratings`` rate, pages and API together (``services.rating_wait``)."""

    def allow_request(self, request: Request, view: Any) -> bool:
        user = request.user
        self._wait = services.rating_wait(user) if access.signed_in(user) else None
        return self._wait is None

    def wait(self) -> float | None:
        return self._wait


def _rows(scenario: Scenario, user: Any, comments: Any) -> list[dict[str, Any]]:
    rights = access.scenario_rights(scenario, user)
    rows = presenters.comment_rows(comments, lambda c: access.comment_rights(c, user, rights))
    return [CommentOutputSerializer(presenters.comment_data(r)).data for r in rows]


def _one(comment: Comment, user: Any) -> dict[str, Any]:
    return _rows(comment.scenario, user, [comment])[0]


def _rating(scenario: Scenario, user: Any) -> dict[str, Any]:
    data = presenters.rating_data(scenario.rating_count, scenario.rating_sum)
    return {**data, "mine": selectors.rating_of(scenario, user)}


def _input_error(exc: services.CommunityInputError) -> InvalidInput:
    return InvalidInput([{"path": exc.field, "message": str(exc.message)}])


class ScenarioRatingApi(GenericAPIView):
    serializer_class = RatingInputSerializer
    # For the schema and OPTIONS only (DRF's metadata asks get_object of a PUT): the
    # scenario is read through the access room.
    queryset = Scenario.objects.none()
    lookup_field, lookup_url_kwarg = "public_id", "id"

    def get_permissions(self) -> list[Any]:
        return [AllowAny()] if self.request.method in READS else [IsAuthenticated()]

    def get_throttles(self) -> list[Any]:
        return [] if self.request.method in READS else [RatingThrottle()]

    @extend_schema(
        operation_id="scenarios_rating_retrieve",
        summary="A scenario's rating",
        responses={200: RatingOutputSerializer},
        tags=["community"],
    )
    def get(self, request: Request, id: UUID) -> Response:
        scenario, _rights = access.scenario_for(request.user, id)
        return Response(_rating(scenario, request.user))

    @extend_schema(
        operation_id="scenarios_rating_update",
        summary="Rate a scenario (1 to 5 stars)",
        description="Any signed-in player who sees it, but its owner (403). Once per player: "
        "a second rating replaces the first.",
        request=RatingInputSerializer,
        responses={200: RatingOutputSerializer},
        tags=["community"],
    )
    def put(self, request: Request, id: UUID) -> Response:
        scenario, community = access.community_for(request.user, id)
        access.require_api(community.can_rate, OWN_SCENARIO)
        serializer = RatingInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.rating_set(
            scenario=scenario, player=request.user, stars=serializer.validated_data["stars"]
        )
        return Response(_rating(scenario, request.user))

    @extend_schema(
        operation_id="scenarios_rating_destroy",
        summary="Take back your rating",
        responses={204: None},
        tags=["community"],
    )
    def delete(self, request: Request, id: UUID) -> Response:
        scenario, community = access.community_for(request.user, id)
        access.require_api(community.can_rate, OWN_SCENARIO)
        services.rating_remove(scenario=scenario, player=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ScenarioCommentsApi(GenericAPIView):
    serializer_class = CommentInputSerializer
    # For the schema's path parameter only: the comments are read through the access room.
    queryset = Comment.objects.none()

    def get_permissions(self) -> list[Any]:
        return [AllowAny()] if self.request.method in READS else [IsAuthenticated()]

    @extend_schema(
        operation_id="scenarios_comments_list",
        summary="A scenario's comments",
        description="Oldest first. Whoever may see the scenario sees its comments; a hidden "
        "comment's text only its author and staff.",
        responses={200: CommentOutputSerializer(many=True)},
        tags=["community"],
    )
    def get(self, request: Request, id: UUID) -> Response:
        scenario, _rights = access.scenario_for(request.user, id)
        return Response(_rows(scenario, request.user, selectors.scenario_comments(scenario)))

    @extend_schema(
        operation_id="scenarios_comments_create",
        summary="Comment on a scenario",
        description="Plain text, at most 2,000 characters. Any signed-in player who sees it, "
        "while its comments are open (403 once closed).",
        request=CommentInputSerializer,
        responses={201: CommentOutputSerializer},
        tags=["community"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        scenario, community = access.community_for(request.user, id)
        access.require_api(community.can_comment, COMMENTS_CLOSED)
        serializer = CommentInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            comment = services.comment_create(
                scenario=scenario, author=request.user, text=serializer.validated_data["text"]
            )
        except services.CommunityInputError as exc:
            raise _input_error(exc) from exc
        except services.CommunityRateLimited as exc:
            raise Throttled(wait=exc.wait) from exc
        return Response(_one(comment, request.user), status=status.HTTP_201_CREATED)


class ScenarioCommentsOpenApi(GenericAPIView):
    serializer_class = OpenInputSerializer
    # For the schema and OPTIONS only, as ScenarioRatingApi's.
    queryset = Scenario.objects.none()
    lookup_field, lookup_url_kwarg = "public_id", "id"

    @extend_schema(
        operation_id="scenarios_comments_open_update",
        summary="Open or close a scenario's comments",
        description="Its curator (its owner, or the owner of the library holding it).",
        request=OpenInputSerializer,
        responses={200: OpenInputSerializer},
        tags=["community"],
    )
    def put(self, request: Request, id: UUID) -> Response:
        scenario, community = access.community_for(request.user, id)
        access.require_api(community.can_close_comments, NOT_CURATOR)
        serializer = OpenInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.comments_close(scenario=scenario, open=serializer.validated_data["open"])
        return Response({"open": scenario.comments_open})


class CommentApi(GenericAPIView):
    @extend_schema(
        operation_id="comments_destroy",
        summary="Delete a comment",
        description="Its author, or the curator of its scenario.",
        responses={204: None},
        tags=["community"],
    )
    def delete(self, request: Request, id: UUID) -> Response:
        comment, rights = access.comment_for(request.user, id)
        access.require_api(rights.can_delete, NOT_YOUR_COMMENT)
        services.comment_delete(comment=comment)
        return Response(status=status.HTTP_204_NO_CONTENT)


class CommentReportApi(GenericAPIView):
    @extend_schema(
        operation_id="comments_report_create",
        summary="Report a comment to the staff",
        description="Any signed-in player who sees it, but its author. Once each: a second "
        "report changes nothing.",
        request=None,
        responses={204: None},
        tags=["community"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        comment, rights = access.comment_for(request.user, id)
        access.require_api(rights.can_report, OWN_COMMENT)
        try:
            services.comment_report(comment=comment, reporter=request.user)
        except services.CommunityRateLimited as exc:
            raise Throttled(wait=exc.wait) from exc
        return Response(status=status.HTTP_204_NO_CONTENT)


class CommentModerateApi(GenericAPIView):
    hide = True

    @extend_schema(
        summary="Hide a reported comment (hide) or keep it (keep)",
        description="Staff. A hidden comment reads as hidden by a moderator to everyone but "
        "its author.",
        request=None,
        responses={200: CommentOutputSerializer},
        tags=["community"],
    )
    def post(self, request: Request, id: UUID) -> Response:
        comment, rights = access.comment_for(request.user, id)
        access.require_api(rights.can_hide, NOT_STAFF)
        services.comment_moderate(comment=comment, hide=self.hide)
        return Response(_one(comment, request.user))


class ReportedCommentsApi(GenericAPIView):
    # For the schema only: the queue is read through the community's selectors.
    queryset = Comment.objects.none()

    @extend_schema(
        operation_id="comments_reported_list",
        summary="The reported comments staff have not settled",
        description="Staff. Most reported first.",
        responses={200: ReportedCommentSerializer(many=True)},
        tags=["community"],
    )
    def get(self, request: Request) -> Response:
        access.require_api(access.moderation_rights(request.user).can_moderate, NOT_STAFF)
        rows = [
            {
                **_one(c, request.user),
                "reports": c.report_count,
                "scenario": str(c.scenario.public_id),
            }
            for c in selectors.reported_comments()
        ]
        return Response(rows)
