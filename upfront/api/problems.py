"""The one error path of the API: every error under ``/api/`` is an RFC 9457 problem document.

    {"type": "about:blank", "title": "Bad Request", "status": 400,
     "detail": "The request has 2 faults; see errors.", "code": "invalid",
     "errors": [{"path": "groups[0].cards[1].card", "message": "…"}]}

served as ``application/problem+json``. ``type`` is always ``about:blank`` (RFC 9457 4.2.1):
``title`` is the HTTP status phrase and ``code`` names the problem for programs; ``detail``,
``title`` and the messages follow the request's language. ``errors`` is present only on 400s
that point at fields: the JSON path of a body fault (``$`` is the whole body) or the name of a
query parameter.

``exception_handler`` (settings ``REST_FRAMEWORK["EXCEPTION_HANDLER"]``) renders the errors of
DRF views; the ``handler*`` views (``upfront/urls.py``) render Django's own 400/403/404/500 for
paths under ``/api/`` that no DRF view answered (with ``DEBUG`` on, Django shows its technical
pages instead). ``ProblemSerializer`` is the schema of both,
added to every operation by ``upfront.api.openapi.AutoSchema``.
"""

from __future__ import annotations

import logging
from http import HTTPStatus
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views import defaults
from drf_spectacular.utils import extend_schema_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import as_serializer_error
from rest_framework.settings import api_settings
from rest_framework.views import set_rollback

from upfront.reference.fetch import ReferenceDataNotLoaded

PROBLEM_MEDIA_TYPE = "application/problem+json"

logger = logging.getLogger(__name__)

# The HTTP status phrases (RFC 9110), translated: RFC 9457 lets an about:blank title be localised.
TITLES = {
    400: gettext_lazy("Bad Request"),
    401: gettext_lazy("Unauthorized"),
    403: gettext_lazy("Forbidden"),
    404: gettext_lazy("Not Found"),
    405: gettext_lazy("Method Not Allowed"),
    406: gettext_lazy("Not Acceptable"),
    409: gettext_lazy("Conflict"),
    413: gettext_lazy("Content Too Large"),
    415: gettext_lazy("Unsupported Media Type"),
    429: gettext_lazy("Too Many Requests"),
    500: gettext_lazy("Internal Server Error"),
    503: gettext_lazy("Service Unavailable"),
}

# Every value of ``code``: DRF's exception codes plus the problems this project adds.
CODES = (
    "invalid",
    "parse_error",
    "bad_request",
    "authentication_failed",
    "not_authenticated",
    "permission_denied",
    "not_found",
    "method_not_allowed",
    "not_acceptable",
    "request_too_large",
    "unsupported_media_type",
    "throttled",
    "server_error",
    "reference_data_not_loaded",
    "database_busy",
    "conflict",
    "error",
)


class RequestTooLarge(exceptions.APIException):
    """The body is over ``DATA_UPLOAD_MAX_MEMORY_SIZE``, the one request size limit."""

    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "request_too_large"

    def __init__(self, limit: int) -> None:
        super().__init__(
            _("The request body is larger than the limit of %(limit)d bytes.") % {"limit": limit}
        )


class InvalidInput(exceptions.APIException):
    """A request whose faults are already listed with their paths (``{"path", "message"}``)."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid"

    def __init__(self, errors: list[dict[str, str]]) -> None:
        super().__init__(_invalid_detail(len(errors)))
        self.errors = errors


class ReferenceDataUnavailable(exceptions.APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "reference_data_not_loaded"
    default_detail = gettext_lazy(
        "The reference data is not loaded; an administrator must run 'manage.py load_reference'."
    )


class DatabaseBusy(exceptions.APIException):
    """The database stayed locked (SQLite) or unreachable past its timeout: try again soon."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "database_busy"
    default_detail = gettext_lazy("The database is busy; try again in a few seconds.")
    # Seconds in Retry-After: a lock is held for a write's length, milliseconds usually.
    wait = 5


def _database_busy(exc: Exception) -> bool:
    # SQLite names a missing table or column with an OperationalError too: a deployment
    # fault, not a busy database, so it stays a 500 and is logged.
    return isinstance(exc, OperationalError) and not str(exc).startswith("no such")


class BadRequest(exceptions.APIException):
    """Django refused the request before any view saw it (e.g. a bad Host header)."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "bad_request"
    default_detail = gettext_lazy("The request could not be understood.")


class ServerError(exceptions.APIException):
    default_code = "server_error"
    default_detail = gettext_lazy("An unexpected error occurred; it has been logged.")


class ProblemErrorSerializer(serializers.Serializer):
    path = serializers.CharField(
        help_text="JSON path of the fault in the request body (`$` is the whole body, "
        "`groups[0].cards[1].card` a field), or the name of the query parameter at fault"
    )
    message = serializers.CharField(help_text="In the request's language (Accept-Language)")


@extend_schema_serializer(component_name="Problem")
class ProblemSerializer(serializers.Serializer):
    """An RFC 9457 problem document (``application/problem+json``): the body of every error."""

    type = serializers.CharField(
        help_text="Always `about:blank`: `status` and `code` say what went wrong"
    )
    title = serializers.CharField(help_text="The HTTP status phrase, in the request's language")
    status = serializers.IntegerField(help_text="The HTTP status code")
    detail = serializers.CharField(help_text="What went wrong, in the request's language")
    code = serializers.ChoiceField(choices=CODES, help_text="Stable name of the problem")
    errors = ProblemErrorSerializer(
        many=True, required=False, help_text="Every fault with its path (400 only)"
    )


def problem(
    *, status: int, code: str, detail: str, errors: list[dict[str, str]] | None = None
) -> dict[str, Any]:
    """The problem document of one error (the one place its members are spelled)."""
    body: dict[str, Any] = {
        "type": "about:blank",
        "title": str(TITLES.get(status, HTTPStatus(status).phrase)),
        "status": status,
        "detail": str(detail),
        "code": code if code in CODES else "error",
    }
    if errors:
        body["errors"] = errors
    return body


def _invalid_detail(count: int) -> str:
    return ngettext(
        "The request has %(count)d fault; see errors.",
        "The request has %(count)d faults; see errors.",
        count,
    ) % {"count": count}


def _flatten(detail: Any, path: str = "") -> list[dict[str, str]]:
    """DRF's nested error detail as ``{"path", "message"}`` items (``groups[0].cards[1].card``)."""
    if isinstance(detail, dict):
        found = []
        for key, value in detail.items():
            if key == api_settings.NON_FIELD_ERRORS_KEY:
                found += _flatten(value, path)
            else:
                found += _flatten(value, f"{path}.{key}" if path else str(key))
        return found
    if isinstance(detail, list):
        if all(not isinstance(item, dict | list) for item in detail):
            return [{"path": path or "$", "message": str(item)} for item in detail]
        found = []
        for index, item in enumerate(detail):
            found += _flatten(item, f"{path}[{index}]")
        return found
    return [{"path": path or "$", "message": str(detail)}]


def _as_api_exception(exc: Exception) -> exceptions.APIException | None:
    if isinstance(exc, exceptions.APIException):
        return exc
    if isinstance(exc, Http404):
        # Not Http404's own text: it names models and is not translated.
        return exceptions.NotFound()
    if isinstance(exc, DjangoPermissionDenied):
        return exceptions.PermissionDenied(*exc.args)  # keep the door's words
    if isinstance(exc, ReferenceDataNotLoaded):
        return ReferenceDataUnavailable()
    if isinstance(exc, RequestDataTooBig):
        return RequestTooLarge(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    if isinstance(exc, DjangoValidationError):
        return exceptions.ValidationError(as_serializer_error(exc))
    if _database_busy(exc):
        logger.warning("database busy, answered 503: %s", exc)
        return DatabaseBusy()
    return None


def _body_of(exc: exceptions.APIException) -> dict[str, Any]:
    errors: list[dict[str, str]] | None = None
    detail: Any = exc.detail
    if isinstance(exc, InvalidInput):
        errors = exc.errors
    elif isinstance(exc, exceptions.ValidationError):
        errors = _flatten(exc.detail)
        detail = _invalid_detail(len(errors))
    elif isinstance(exc, exceptions.ParseError):
        errors = [{"path": "$", "message": str(exc.detail)}]
    return problem(
        status=exc.status_code,
        code=getattr(exc, "default_code", "error"),
        detail=detail,
        errors=errors,
    )


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Render an error raised in a DRF view as a problem document; ``None`` lets it be a 500."""
    api_exc = _as_api_exception(exc)
    if api_exc is None:
        return None  # a bug: Django logs it and handler500 answers
    headers = {}
    if getattr(api_exc, "auth_header", None):
        headers["WWW-Authenticate"] = api_exc.auth_header  # type: ignore[attr-defined]
    if getattr(api_exc, "wait", None):
        headers["Retry-After"] = str(int(api_exc.wait))  # type: ignore[attr-defined]
    set_rollback()
    request: Request | None = context.get("request")
    renderer = getattr(request, "accepted_renderer", None)
    # The browsable API (DEBUG) renders the same document as HTML.
    content_type = PROBLEM_MEDIA_TYPE if renderer is None or renderer.format == "json" else None
    return Response(
        _body_of(api_exc), status=api_exc.status_code, headers=headers, content_type=content_type
    )


# --- Django's own error views, for /api/ paths that no DRF view answered -----------------------


def _is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def _problem_response(exc: exceptions.APIException) -> HttpResponse:
    return JsonResponse(
        _body_of(exc),
        status=exc.status_code,
        content_type=PROBLEM_MEDIA_TYPE,
        json_dumps_params={"ensure_ascii": False},
    )


def handler400(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not _is_api(request):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        return _problem_response(_as_api_exception(exception))  # type: ignore[arg-type]
    return _problem_response(BadRequest())


def handler403(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not _is_api(request):
        return defaults.permission_denied(request, exception)
    return _problem_response(exceptions.PermissionDenied())


def handler404(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not _is_api(request):
        return defaults.page_not_found(request, exception)
    return _problem_response(exceptions.NotFound())


def handler500(request: HttpRequest) -> HttpResponse:
    if not _is_api(request):
        return defaults.server_error(request)
    return _problem_response(ServerError())
