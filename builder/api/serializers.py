"""Input/output serializers of the builder API (one pair per operation).

The Force document itself is parsed by the rules engine (``force_from_dict``), which reports every
fault with its JSON path; these serializers describe its shape for the OpenAPI schema.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from builder.models import NAME_MAX_LENGTH, SavedForce
from upfront import labels
from upfront.api.openapi import FORCE_REF
from upfront.api.strict import StrictSerializer
from upfront.rules import codes


@extend_schema_field(FORCE_REF)
class ForceDocumentField(serializers.JSONField):
    """A Force document; parsed and checked by the rules engine, described by its JSON Schema."""


class LineItemSerializer(serializers.Serializer):
    item = serializers.CharField(help_text="What was bought, in the request's language")
    points = serializers.IntegerField()
    rule = serializers.CharField()
    detail = serializers.CharField(required=False, help_text="e.g. the card's name")
    summary = serializers.CharField(
        help_text="One line on the rule, in the request's language; empty when there is none"
    )


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField()
    severity = serializers.ChoiceField(choices=labels.choices(codes.SEVERITIES, labels.SEVERITY))
    rule = serializers.CharField()
    message = serializers.CharField(help_text="In the request's language (Accept-Language)")
    summary = serializers.CharField(
        help_text="One line on the rule, in the request's language; empty when there is none"
    )
    items = serializers.ListField(
        child=serializers.CharField(), help_text="JSON paths of the offending purchases"
    )


class ValidationResultSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    total_points = serializers.IntegerField()
    budget = serializers.IntegerField(allow_null=True)
    remaining = serializers.IntegerField(allow_null=True)
    breakdown = LineItemSerializer(many=True)
    violations = ViolationSerializer(many=True)


class DrawInputSerializer(StrictSerializer):
    table = serializers.ChoiceField(choices=labels.choices(codes.DRAW_TABLES, labels.DRAW_TABLE))
    nationality = serializers.ChoiceField(
        choices=codes.NATIONALITIES, required=False, allow_null=True
    )
    opponent = serializers.ChoiceField(choices=codes.NATIONALITIES, required=False, allow_null=True)
    theatre = serializers.ChoiceField(
        choices=labels.choices(codes.THEATRES, labels.THEATRE), required=False, allow_null=True
    )
    period = serializers.ChoiceField(choices=codes.PERIODS, required=False, allow_null=True)
    rpn = serializers.IntegerField(
        min_value=0,
        max_value=10,
        required=False,
        allow_null=True,
        help_text="RPN 1-10 for the RPN tables; RN 0-6 for bid_time_limit and mountain_troops.",
    )
    colour = serializers.ChoiceField(
        choices=labels.choices(codes.RN_COLOURS, labels.RN_COLOUR), required=False, allow_null=True
    )
    seed = serializers.IntegerField(required=False, allow_null=True)


class DrawResultSerializer(serializers.Serializer):
    table = serializers.CharField()
    column = serializers.IntegerField()
    rpn = serializers.IntegerField()
    value = serializers.CharField(help_text="The result, in the request's language")
    detail = serializers.CharField()
    rule = serializers.CharField()
    colour = serializers.ChoiceField(
        choices=["red", "black"], required=False, help_text="The RN's colour (RN tables)"
    )


class SavedForceInputSerializer(StrictSerializer):
    name = serializers.CharField(max_length=NAME_MAX_LENGTH)
    data = ForceDocumentField(help_text="The Force document")


class SavedForceUpdateSerializer(StrictSerializer):
    name = serializers.CharField(max_length=NAME_MAX_LENGTH, required=False)
    data = ForceDocumentField(required=False)


class SavedForceOutputSerializer(serializers.ModelSerializer):
    data_revision = serializers.PrimaryKeyRelatedField(read_only=True)

    class Meta:
        model = SavedForce
        fields = [
            "id",
            "name",
            "data",
            "total_points",
            "valid",
            "data_revision",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields
