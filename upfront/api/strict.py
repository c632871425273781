"""Request bodies read to the letter of their schema (docs/api.md "What the API reads, and
what it refuses").

DRF reads JSON leniently: ``"3"`` as 3, ``"yes"`` as true, 3 as the text ``"3"``, and it drops
a member the serializer does not define. The OpenAPI description says otherwise (a number is a
JSON number, a request body has no other member), so the operations' own bodies refuse what
their schema refuses: a :class:`StrictSerializer` answers ``400`` with the path of every member
it does not define and of every value of the wrong JSON type, with DRF's own faults of the
other members. A serializer other doors read leniently too (a job's options: the pages post
text) is read strictly by the API through :func:`strict`, and marked :func:`closed_body`.

The interchange documents (Force, Scenario, Library) are not read here: the rules engine checks
them against their JSON Schema, and their unknown members are ignored as the interchange format
says (``upfront.api.openapi`` leaves them open). Form data (a ``QueryDict``: the pages post
text) is not a JSON body and is left to DRF's reading.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

import django_filters
from django import forms
from django.http import QueryDict
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

S = TypeVar("S", bound=type[serializers.Serializer])

UNKNOWN_MEMBER = _("This operation does not read this member; leave it out.")

# The JSON types a field reads; a bool is an int in Python, but not a number in JSON.
NUMBER_FIELDS = (serializers.IntegerField, serializers.FloatField)
TEXT_FIELDS = (serializers.CharField, serializers.UUIDField)


def _type_fault(field: serializers.Field, value: Any) -> Any:
    """The field's own message when ``value`` is not of the JSON type its schema states."""
    if value is None:
        return None  # the field's allow_null says whether null is read
    if isinstance(field, serializers.BooleanField):
        return None if isinstance(value, bool) else field.error_messages["invalid"]
    if isinstance(field, NUMBER_FIELDS):
        number = isinstance(value, int | float) and not isinstance(value, bool)
        return None if number else field.error_messages["invalid"]
    if isinstance(field, TEXT_FIELDS):
        return None if isinstance(value, str) else field.error_messages["invalid"]
    if isinstance(field, serializers.ListField) and isinstance(value, list):
        found = {i: f for i, item in enumerate(value) if (f := _type_fault(field.child, item))}
        return {i: f if isinstance(f, dict) else [f] for i, f in found.items()} or None
    if isinstance(field, serializers.DictField) and isinstance(value, dict):
        found = {k: f for k, item in value.items() if (f := _type_fault(field.child, item))}
        return {k: f if isinstance(f, dict) else [f] for k, f in found.items()} or None
    return None  # choices, dates, nested serializers and JSON documents check themselves


def strict_faults(serializer: serializers.Serializer, data: Mapping[str, Any]) -> dict[str, Any]:
    """Every member of ``data`` the serializer does not read, and every value of a wrong type,
    as DRF's field errors (``{name: [message]}``)."""
    fields = {name: f for name, f in serializer.fields.items() if not f.read_only}
    faults: dict[str, Any] = {}
    for name, value in data.items():
        field = fields.get(name)
        if field is None:
            faults[str(name)] = [UNKNOWN_MEMBER]
        elif (fault := _type_fault(field, value)) is not None:
            faults[name] = fault if isinstance(fault, dict) else [fault]
    return faults


# Serializers read by other doors too (the pages post text): strict only where the API reads
# JSON with :func:`strict_faults`, and closed in the schema.
CLOSED: set[type[serializers.Serializer]] = set()


def closed_body(cls: S) -> S:
    """Mark a serializer the API reads strictly itself (``strict_faults``): its request schema
    is closed like a ``StrictSerializer``'s."""
    CLOSED.add(cls)
    return cls


def is_closed(serializer: serializers.Serializer) -> bool:
    return isinstance(serializer, StrictSerializer) or type(serializer) in CLOSED


class StrictSerializer(serializers.Serializer):
    """An operation's request body (or a part of one), refused when it does not match its
    schema's types or holds a member it does not define. Its schema is closed
    (``additionalProperties: false``, ``upfront.api.openapi.AutoSchema``)."""

    def to_internal_value(self, data: Any) -> Any:
        json_body = isinstance(data, Mapping) and not isinstance(data, QueryDict)
        faults = strict_faults(self, data) if json_body else {}
        if not faults:
            return super().to_internal_value(data)
        # Every fault at once: DRF's own on the members of the right type, these on the others.
        try:
            super().to_internal_value({k: v for k, v in data.items() if k not in faults})
        except serializers.ValidationError as exc:
            if isinstance(exc.detail, dict):
                for name, detail in exc.detail.items():
                    faults.setdefault(name, detail)
        raise serializers.ValidationError(faults)


def strict(cls: S) -> S:
    """``cls`` read as a strict JSON body (for a serializer other doors read leniently)."""
    return type(f"Strict{cls.__name__}", (StrictSerializer, cls), {})  # type: ignore[return-value]


class WholeNumberFilter(django_filters.NumberFilter):
    """A filter on a whole-number column: its schema says integer, so ``1e-05`` or ``2.5`` is
    refused (400) rather than read as a decimal that matches nothing."""

    field_class = forms.IntegerField


class ListedValuesOnly(django_filters.FilterSet):
    """One rule for an empty filter value (``?visibility=``, ``?rn=``, ``?owner=``): refused
    (400 naming the filter), never read as no filter, whatever the filter's kind. A choice
    filter reads only the values the schema lists and "" is not one; a whole number or a text
    is never "" either (the schema: an integer, or ``minLength: 1``). django-filter reads "" as
    no filter; leaving the filter out is how a client asks for none."""

    def is_valid(self) -> bool:
        valid = super().is_valid()
        empty = [name for name in self.filters if self.data.get(name) == ""]
        for name in empty:
            self.form.errors.pop(name, None)  # one fault per filter: this one
            self.form.add_error(name, gettext("Leave the filter out, or give one of its values."))
        return valid and not empty
