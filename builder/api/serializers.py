"""Input/output serializers of the builder API (one pair per operation).

The Force document itself is parsed by the rules engine (``force_from_dict``), which reports every
fault with its JSON path; these serializers describe its shape for the OpenAPI schema.
"""

from __future__ import annotations

from rest_framework import serializers

from builder.models import SavedForce
from upfront.reference.models import THEATRES, TROOP_TYPES

SECONDARY_WEAPONS = ["atmm", "panzerfaust", "demolition_charge", "at_mine"]
NATIONALITIES = ["german", "american", "russian", "british", "japanese", "italian", "french"]


class CardPurchaseSerializer(serializers.Serializer):
    card = serializers.IntegerField(help_text="Personality card number of the nationality")
    secondary = serializers.ListField(
        child=serializers.ChoiceField(choices=SECONDARY_WEAPONS), required=False
    )


class GroupSerializer(serializers.Serializer):
    label = serializers.CharField()
    cards = CardPurchaseSerializer(many=True)


class ReinforcementSerializer(serializers.Serializer):
    after_deck = serializers.IntegerField(min_value=1)
    cards = CardPurchaseSerializer(many=True)


class RadioSerializer(serializers.Serializer):
    fire_strength = serializers.IntegerField()


class ForceDocumentSerializer(serializers.Serializer):
    """A Force in the v1 interchange format (see /api/v1/schemas/force.json)."""

    nationality = serializers.ChoiceField(choices=NATIONALITIES)
    period = serializers.CharField(help_text="1941a ... 1945b")
    theatre = serializers.ChoiceField(choices=THEATRES)
    troop_type = serializers.ChoiceField(choices=TROOP_TYPES)
    partisans = serializers.BooleanField(required=False)
    marines = serializers.BooleanField(required=False)
    mountain = serializers.BooleanField(required=False)
    budget = serializers.IntegerField(allow_null=True, required=False)
    groups = GroupSerializer(many=True)
    reinforcements = ReinforcementSerializer(many=True, required=False)
    radios = RadioSerializer(many=True, required=False)
    snipers = serializers.IntegerField(min_value=0, max_value=2, required=False)
    random_reinforcement_decks = serializers.ListField(
        child=serializers.IntegerField(min_value=1), required=False
    )


class LineItemSerializer(serializers.Serializer):
    item = serializers.CharField()
    points = serializers.IntegerField()
    rule = serializers.CharField()


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField()
    severity = serializers.ChoiceField(choices=["error", "warning", "info"])
    rule = serializers.CharField()
    message = serializers.CharField(help_text="In the request's language (Accept-Language)")
    items = serializers.ListField(child=serializers.CharField())


class ValidationResultSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    total_points = serializers.IntegerField()
    budget = serializers.IntegerField(allow_null=True)
    remaining = serializers.IntegerField(allow_null=True)
    breakdown = LineItemSerializer(many=True)
    violations = ViolationSerializer(many=True)


class DrawInputSerializer(serializers.Serializer):
    table = serializers.ChoiceField(
        choices=[
            "unit_type",
            "time_frame",
            "tactical_position",
            "victory_conditions",
            "bid_time_limit",
            "mountain_troops",
        ]
    )
    nationality = serializers.CharField(required=False, allow_null=True)
    opponent = serializers.CharField(required=False, allow_null=True)
    theatre = serializers.ChoiceField(choices=THEATRES, required=False, allow_null=True)
    period = serializers.CharField(required=False, allow_null=True)
    rpn = serializers.IntegerField(
        min_value=0,
        max_value=10,
        required=False,
        allow_null=True,
        help_text="RPN 1-10 for the RPN tables; RN 0-6 for bid_time_limit and mountain_troops.",
    )
    colour = serializers.ChoiceField(choices=["red", "black"], required=False, allow_null=True)
    seed = serializers.IntegerField(required=False, allow_null=True)


class DrawResultSerializer(serializers.Serializer):
    table = serializers.CharField()
    column = serializers.IntegerField()
    rpn = serializers.IntegerField()
    value = serializers.CharField()
    detail = serializers.CharField()
    rule = serializers.CharField()


class SavedForceInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    data = ForceDocumentSerializer(help_text="The Force document")


class SavedForceUpdateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120, required=False)
    data = ForceDocumentSerializer(required=False)


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
