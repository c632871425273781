"""API endpoints every part of the API shares: the account's API token."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from upfront.api.tokens import api_token_revoke, api_token_rotate


class TokenOutputSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send it as `Authorization: Token <token>`")
    created = serializers.DateTimeField()


class TokenApi(APIView):
    # The session only (the site's sign-in, which requires a verified e-mail address): a token
    # is never handed out for a password alone, nor renewed by the token itself.
    authentication_classes = [SessionAuthentication]
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="auth_token_rotate",
        summary="Get a new API token (signed in to the site)",
        description="Replaces your token, if you had one: the old one stops working. Needs "
        "the site's session and its CSRF token (the page `/accounts/api-token/` does this).",
        request=None,
        responses={201: TokenOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        token = api_token_rotate(user=request.user)
        body = TokenOutputSerializer({"token": token.key, "created": token.created}).data
        return Response(body, status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="auth_token_revoke",
        summary="Revoke your API token",
        responses={204: None},
    )
    def delete(self, request: Request) -> Response:
        api_token_revoke(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
