"""The one refusal helper of each door kind: a door asks a right of the rights value and
hands the answer (a bool) here.

A page never says "exists but not yours": whatever right is missing, it answers 404. The API
answers 403 (in words, when the door has them) to someone who sees the object; whoever may not
see it got a 404 already from the ``*_for`` read.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404
from rest_framework.exceptions import NotFound


def require_page(allowed: bool) -> None:
    """A page's refusal: 404 unless ``allowed``."""
    if not allowed:
        raise Http404


def require_api(allowed: bool, refused: Any = None, *, seen: bool = True) -> None:
    """The API's refusal: 403 (with ``refused``, else the standard words) unless ``allowed``.

    ``seen=False``: the requester may not see the object at all, so the refusal is the 404
    anyone gets for what does not exist (with ``refused`` as its words)."""
    if allowed:
        return
    if not seen:
        raise NotFound(*([str(refused)] if refused else []))
    raise PermissionDenied(*([str(refused)] if refused else []))
