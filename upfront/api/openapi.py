"""OpenAPI generation: every operation lists the errors it can answer, with their schema.

The error statuses are derived from what the view is made of, not written on each view, so a
new view is documented as it behaves:

=======  ===================================================================================
400      the operation takes a body (schema, broken JSON) or filter parameters (bad values)
401/403  the view authenticates (bad credentials: 401 when the first authenticator names a
         ``WWW-Authenticate`` scheme, else 403), requires a permission, or checks CSRF
         (session authentication on an unsafe method)
404      the path has a parameter (no such object, or not yours), or the list is paginated (a
         ``page`` past the last one)
413/415  the operation takes a body (over ``DATA_UPLOAD_MAX_MEMORY_SIZE``; not JSON)
429      the view is throttled
503      the view reads the reference catalogue for this method (``needs_reference_data``)
=======  ===================================================================================

Each answer is a ``Problem`` (``application/problem+json``, ``upfront.api.problems``). A view
may still describe a status itself (e.g. with an example): its own entry is kept.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular import openapi
from rest_framework import permissions
from rest_framework.authentication import SessionAuthentication

from upfront.api.problems import PROBLEM_MEDIA_TYPE, ProblemSerializer

DESCRIPTIONS = {
    400: "The request is malformed: `errors` lists every fault with its path.",
    401: "Not signed in, or the credentials were refused (`WWW-Authenticate` names the scheme).",
    403: "Not signed in, credentials refused, or CSRF token missing.",
    404: "No such object (or not yours).",
    413: "The body is larger than the server's limit (`DATA_UPLOAD_MAX_MEMORY_SIZE`).",
    415: "The body is not `application/json`.",
    429: "Too many requests; retry after the `Retry-After` seconds.",
    503: "The reference data is not loaded yet.",
}

UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


class AutoSchema(openapi.AutoSchema):
    def error_statuses(self, operation: dict[str, Any]) -> set[int]:
        """The error statuses this operation can answer, from the view's parts."""
        found: set[int] = set()
        parameters = operation.get("parameters", [])
        if "requestBody" in operation:
            found |= {400, 413, 415}
        if self._get_filter_parameters():
            found.add(400)
        if any(p.get("in") == "path" for p in parameters) or self._get_pagination_parameters():
            found.add(404)

        authenticators = self.view.get_authenticators()
        # DRF refuses credentials with 401 only when the first authenticator names a scheme to
        # retry with (WWW-Authenticate); otherwise with 403.
        header = authenticators[0].authenticate_header(self.view.request) if authenticators else ""
        refused = 401 if header else 403
        if authenticators:
            found.add(refused)
        if any(not isinstance(p, permissions.AllowAny) for p in self.view.get_permissions()):
            found |= {refused, 403}
        if self.method in UNSAFE_METHODS and any(
            isinstance(a, SessionAuthentication) for a in authenticators
        ):
            found.add(403)  # CSRF
        if self.view.get_throttles():
            found.add(429)
        if self.method in getattr(self.view, "needs_reference_data", ()):
            found.add(503)
        return found

    def error_description(self, status: int, operation: dict[str, Any]) -> str:
        if status == 403 and "401" in operation["responses"]:
            # Not signed in is a 401 here: a 403 is a refusal to someone who is.
            return "Not allowed to you, or the CSRF token of the session is missing."
        if status == 404 and self._get_pagination_parameters():
            if any(p.get("in") == "path" for p in operation.get("parameters", [])):
                return "No such object (or not yours), or no such page."
            return "No such page (past the last one)."
        return DESCRIPTIONS[status]

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        responses = operation["responses"]
        for status in sorted(self.error_statuses(operation)):
            if str(status) in responses:
                continue
            response = self._get_response_for_code(
                ProblemSerializer, str(status), media_types=[PROBLEM_MEDIA_TYPE]
            )
            response["description"] = self.error_description(status, operation)
            responses[str(status)] = response
        operation["responses"] = dict(sorted(responses.items()))
        return operation
