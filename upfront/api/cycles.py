"""API views whose request, view and answer are freed when the request ends.

DRF links them in reference cycles: the view keeps its response (``view.response``), whose
renderer context names the view and, once rendered, the response itself; the request's parser
context names the request and the view. Nothing of a request is then freed by reference
counting: the parsed body and the answer (for a 40-card DYO validation about 300 objects)
wait for the garbage collector, whose young generation fills three times faster and is
collected, during some later request, every few requests. Breaking those links once they
have served frees them at once (measured in docs/performance-history.md).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponseBase
from rest_framework.response import Response
from rest_framework.views import APIView


def _forget_itself(response: Response) -> None:
    # Rendering put the response into its own context (DRF's Response.rendered_content).
    response.renderer_context.pop("response", None)


class FreedOnReturn(APIView):
    """An ``APIView`` (use it as the base class) that leaves no reference cycle of its own."""

    def finalize_response(
        self, request: Any, response: HttpResponseBase, *args: Any, **kwargs: Any
    ) -> HttpResponseBase:
        response = super().finalize_response(request, response, *args, **kwargs)
        if isinstance(response, Response):
            # Error answers too: the exception handler's responses are finalized here as well.
            response.add_post_render_callback(_forget_itself)
        return response

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        response = super().dispatch(request, *args, **kwargs)
        # The response still names the view (its renderer context), not the other way round;
        # the body has been parsed (or never will be), so its context needs neither.
        del self.response
        # Django's View.setup answers HEAD with the view's own ``get``, kept on the view as a
        # bound method: the view names itself (a GET view's only cycle of its own).
        self.__dict__.pop("head", None)
        context = self.request.parser_context
        context.pop("request", None)
        context.pop("view", None)
        return response
