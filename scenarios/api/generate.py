"""``POST /api/v1/scenarios/generate``: rule 43's random scenario (``scenarios.generation``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scenarios import generation
from upfront import labels
from upfront.api.openapi import SCENARIO_REF
from upfront.api.problems import InvalidInput
from upfront.api.strict import StrictSerializer
from upfront.api.throttles import AtomicScopedRateThrottle
from upfront.rules import codes
from upfront.rules.generator import DRAW_KEYS, SEED_MAX
from upfront.rules.scenario import SCENARIO_ROLES


# Its keys are the draws' (OpenAPI 3.0 has no propertyNames: each key is a property, and no
# other is allowed); each value a seed.
@extend_schema_field(
    {
        "type": "object",
        "properties": {
            key: {"type": "integer", "minimum": 0, "maximum": SEED_MAX} for key in DRAW_KEYS
        },
        "additionalProperties": False,
    }
)
class DrawSeedsField(serializers.DictField):
    """A seed per draw, by the draw's key (``DRAW_KEYS``)."""


class GenerateInputSerializer(StrictSerializer):
    seed = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=SEED_MAX,
        help_text="The same seed (and parameters) gives the same scenario; without one the "
        "server picks a seed and answers it.",
    )
    theatre = serializers.ChoiceField(
        choices=labels.choices(codes.THEATRES, labels.THEATRE), required=False, default="ETO"
    )
    mountain = serializers.BooleanField(
        required=False, default=False, help_text="Played under the mountain article (M12.1)."
    )
    attacker = serializers.ChoiceField(
        choices=codes.NATIONALITIES,
        required=False,
        allow_null=True,
        help_text="With `defender`: sides chosen by the players instead of drawn (43.31 has "
        "a table only for Germans against Russians or Americans; needed in the PTO).",
    )
    defender = serializers.ChoiceField(choices=codes.NATIONALITIES, required=False, allow_null=True)
    period = serializers.ChoiceField(
        choices=codes.PERIODS,
        required=False,
        allow_null=True,
        help_text="The date chosen instead of drawn (43.32 gives a column only against the "
        "US or the Russians).",
    )
    victory_row = serializers.IntegerField(
        min_value=1,
        max_value=8,
        required=False,
        allow_null=True,
        help_text="The victory conditions row (1-8) the players agree on instead of drawing "
        "it (43.33).",
    )
    draw_seeds = DrawSeedsField(
        child=serializers.IntegerField(min_value=0, max_value=SEED_MAX),
        required=False,
        help_text="A seed per draw (by `key`, one of " + ", ".join(DRAW_KEYS) + "): "
        "re-rolls that draw alone, keeping the others.",
    )

    owned = serializers.ListField(
        child=serializers.ChoiceField(choices=codes.EXPANSIONS),
        required=False,
        allow_null=True,
        default=None,
        help_text="The expansions and articles you own besides the base game (as "
        "`GET /api/v1/me/owned` answers them; [] for the base game alone): a side, the "
        "theatre or the mountains of another are refused (400), and `notes` say what was "
        "left out and why (`nationality_left_out`, `theatre_left_out`, `mountain_left_out`). "
        "Null or absent: nothing is left out.",
    )

    def validate_draw_seeds(self, value: dict[str, int]) -> dict[str, int]:
        unknown = sorted(set(value) - set(DRAW_KEYS))
        if unknown:
            fault = _("No draw has this key; one of %(keys)s.") % {"keys": ", ".join(DRAW_KEYS)}
            raise serializers.ValidationError({key: [fault] for key in unknown})
        return value


class GeneratedDrawSerializer(serializers.Serializer):
    key = serializers.ChoiceField(choices=DRAW_KEYS, help_text="Which draw of the scenario")
    table = serializers.ChoiceField(choices=codes.DRAW_TABLES)
    table_name = serializers.CharField()
    side = serializers.ChoiceField(choices=SCENARIO_ROLES, allow_null=True)
    side_name = serializers.CharField(allow_null=True)
    nationality_name = serializers.CharField(required=False)
    column = serializers.IntegerField(allow_null=True, help_text="RPN column; null for an RN")
    rpn = serializers.IntegerField(required=False, help_text="The RPN drawn (RPN tables)")
    rn = serializers.IntegerField(required=False, help_text="The RN drawn, 0-6 (RN draws)")
    colour = serializers.ChoiceField(choices=codes.RN_COLOURS, allow_null=True)
    number = serializers.CharField(help_text="The number drawn, in words")
    value = serializers.CharField(help_text="The outcome as a code (period, troop type, …)")
    label = serializers.CharField(help_text="The outcome in words, in the request's language")
    rule = serializers.CharField()
    seed = serializers.IntegerField(help_text="This draw's seed")


class GeneratedNoteSerializer(serializers.Serializer):
    code = serializers.CharField()
    rule = serializers.CharField()
    side = serializers.ChoiceField(choices=SCENARIO_ROLES, allow_null=True)
    message = serializers.CharField()


@extend_schema_field(SCENARIO_REF)
class ScenarioDocumentField(serializers.JSONField):
    """A Scenario document (interchange format v1): the ``Scenario`` component."""


class GeneratedSerializer(serializers.Serializer):
    seed = serializers.IntegerField()
    theatre = serializers.ChoiceField(choices=labels.choices(codes.THEATRES, labels.THEATRE))
    mountain = serializers.BooleanField()
    document = ScenarioDocumentField(help_text="A Scenario document (interchange format v1)")
    draws = GeneratedDrawSerializer(many=True)
    notes = GeneratedNoteSerializer(
        many=True, help_text="What the sources do not draw, or leave to the players, and why"
    )
    query = serializers.CharField(help_text="The roll as the page's query string (shareable)")


class ScenarioGenerateApi(APIView):
    # Anonymous and stateless, like the DYO draw: no session, hence no CSRF exposure.
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "draw"
    needs_reference_data = ("POST",)

    @extend_schema(
        operation_id="scenarios_generate",
        summary="Roll a random scenario (rule 43, Bid DYO)",
        description="Draws a whole scenario as rule 43.3 does: who attacks whom (43.31), the "
        "date (43.32), the victory conditions row (43.33) with its deck changes, the time limit "
        "(43.34), each side's troop type (unit type table, 43; Pacific 45.9) and, with "
        "`mountain`, the mountain troops draw of an elite side (M12.1). The same request with "
        "the same `seed` gives the same answer; `draw_seeds` re-rolls single draws. The "
        "`document` imports as it is (`POST /api/v1/scenarios/import`); the points each side "
        "spends are left to the players' bid (43.35-43.36). Where the sources give no table "
        "the answer says so in `notes`, or answers 400 naming the parameter to choose "
        "(`attacker`/`defender` in the PTO, `period` without a US or Russian side). Words "
        "follow `Accept-Language` (`it`).",
        request=GenerateInputSerializer,
        responses={200: GeneratedSerializer},
        examples=[
            OpenApiExample("Europe, in the mountains", value={"seed": 42, "mountain": True}),
            OpenApiExample(
                "Pacific, sides chosen",
                value={"seed": 7, "theatre": "PTO", "attacker": "japanese", "defender": "american"},
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        serializer = GenerateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        seed = data.get("seed")
        roll = generation.GenerateRequest(
            seed=generation.new_seed() if seed is None else seed,
            theatre=data.get("theatre") or "ETO",
            mountain=bool(data.get("mountain")),
            attacker=data.get("attacker"),
            defender=data.get("defender"),
            period=data.get("period"),
            victory_row=data.get("victory_row"),
            draw_seeds=data.get("draw_seeds") or {},
            owned=None if data.get("owned") is None else frozenset(data["owned"]),
        )
        try:
            answer = generation.scenario_generate(roll)
        except generation.GenerateInputError as exc:
            raise InvalidInput(exc.errors) from exc
        return Response(answer)
