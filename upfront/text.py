"""The public-text rule at Django's doors: forms, API serializers, services and the sign-up.

The rule itself is the engine's (``upfront.rules.text``), so that documents (imports, the
API's scenario bodies) and fields are judged alike and say the same words. Here it becomes
Django validators: a field's ``validators=[...]`` in a form or a DRF serializer names the
field in the error as each door does (a form's field, a problem document's ``errors``).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError

from upfront.reference.rendering import render
from upfront.rules.messages import message
from upfront.rules.text import text_fault


def public_text_error(text: str, *, required: bool = True) -> str | None:
    """What is wrong with public ``text``, in the active language; ``None`` when nothing."""
    fault = text_fault(text, required=required)
    return None if fault is None else render(message(fault))


def validate_public_text(value: Any) -> None:
    """A title or a name: it must have a visible character and no bidirectional control."""
    if isinstance(value, str) and (error := public_text_error(value)):
        raise ValidationError(error, code="public_text")


def validate_optional_public_text(value: Any) -> None:
    """A description or notes: may be blank, else as :func:`validate_public_text`."""
    if isinstance(value, str) and (error := public_text_error(value, required=False)):
        raise ValidationError(error, code="public_text")
