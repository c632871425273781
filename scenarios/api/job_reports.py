"""The schema of a finished job's ``result`` in the API: one output serializer per kind.

They describe, for the OpenAPI schema, what ``scenarios.presenters.report_data`` renders (the
report the job page shows, as data); they do no work of their own.
"""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

# --- validate ----------------------------------------------------------------------------------


class CountsSerializer(serializers.Serializer):
    error = serializers.IntegerField()
    warning = serializers.IntegerField()
    info = serializers.IntegerField()


class FindingSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable name of the check")
    severity = serializers.ChoiceField(choices=["error", "warning", "info"])
    severity_label = serializers.CharField(help_text="In the request's language")
    rule = serializers.CharField(help_text="The rule reference, e.g. `43.2` or `M9.2`")
    rule_label = serializers.CharField(help_text="The rule reference as the page shows it")
    message = serializers.CharField(help_text="In the request's language")
    summary = serializers.CharField(help_text="The rule's text, in the request's language")
    path = serializers.CharField(
        allow_null=True, help_text="JSON path of the first part of the document it is about"
    )
    paths = serializers.ListField(child=serializers.CharField(), help_text="Every such path")
    fields = serializers.ListField(
        child=serializers.CharField(),
        help_text="Those parts in words, in the request's language (\"Attacker's force, group "
        'A, card 3"); a part that cannot be named is left out',
    )


class FaultSerializer(serializers.Serializer):
    path = serializers.CharField(help_text="JSON path of the part of the document at fault")
    message = serializers.CharField(help_text="In the request's language")
    fields = serializers.ListField(
        child=serializers.CharField(), help_text="That part in words, in the request's language"
    )


class DeckChangeSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="`replaced`, `removed`, `elevation` or `cower`")
    rule = serializers.CharField()
    text = serializers.CharField(help_text="In the request's language")
    source = serializers.CharField(help_text="What made the change, in the request's language")
    overridden_by = serializers.CharField(help_text="The special rule overriding it, or empty")


class DeckEntrySerializer(serializers.Serializer):
    card_type = serializers.CharField(help_text="The card type's code")
    name = serializers.CharField(help_text="In the request's language")
    state = serializers.CharField(help_text="`kept` or how the deck changed it")
    state_label = serializers.CharField(help_text="In the request's language")
    usable = serializers.BooleanField()
    count_change = serializers.IntegerField(
        allow_null=True, help_text="Cards added (+) or taken (-); null when no source says"
    )
    changes = DeckChangeSerializer(many=True)


class DeckAdditionSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="In the request's language")
    rule = serializers.CharField()


class DeckSerializer(serializers.Serializer):
    variant = serializers.CharField(help_text="The terrain deck's code")
    variant_name = serializers.CharField(help_text="In the request's language")
    variant_rule = serializers.CharField()
    entries = DeckEntrySerializer(many=True)
    additions = DeckAdditionSerializer(many=True)


class DigestEntrySerializer(serializers.Serializer):
    rule = serializers.CharField(help_text="The rule reference as the page shows it")
    title = serializers.CharField(help_text="In the request's language (may be empty)")
    summary = serializers.CharField(help_text="The rule's text, in the request's language")


class DigestGroupSerializer(serializers.Serializer):
    kind = serializers.CharField()
    label = serializers.CharField(help_text="In the request's language")
    entries = DigestEntrySerializer(many=True)


class ValidationReportSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    status = serializers.CharField(help_text="In the request's language")
    counts = CountsSerializer()
    data_revision = serializers.CharField(help_text="The reference data it was checked against")
    faults = FaultSerializer(many=True, help_text="Parts of the document that cannot be read")
    findings = FindingSerializer(many=True)
    deck = DeckSerializer(allow_null=True, help_text="The deck's composition")
    digest = DigestGroupSerializer(many=True, help_text="The rules that apply, by kind")


# --- simulate ----------------------------------------------------------------------------------


class ProbabilitySerializer(serializers.Serializer):
    probability = serializers.FloatField(help_text="0-1, estimated over `runs` games")
    standard_error = serializers.FloatField(
        allow_null=True, help_text="sqrt(p(1 - p) / runs): the estimate's binomial standard error"
    )


class CauseSerializer(ProbabilitySerializer):
    code = serializers.CharField()
    label = serializers.CharField(help_text="In the request's language")
    rule = serializers.CharField()


class DeckPlayedSerializer(serializers.Serializer):
    deck = serializers.IntegerField()
    share = serializers.FloatField(help_text="0-1: the games playing exactly this many decks")
    early = serializers.BooleanField(help_text="Fewer decks than the time limit")


class AssumptionSerializer(serializers.Serializer):
    distribution = serializers.CharField(allow_null=True, help_text="The RN distribution's code")
    is_assumption = serializers.BooleanField(
        help_text="True when no source gives the distribution and it is assumed"
    )
    text = serializers.CharField(help_text="The assumption, in the request's language, or empty")


class ReinforcementDeckSerializer(serializers.Serializer):
    deck = serializers.IntegerField()
    paid = serializers.BooleanField()
    reshuffle_attempts = serializers.FloatField(help_text="Expected per game")
    black_six_attempts = serializers.FloatField(allow_null=True, help_text="Null: not simulated")
    reinforcements = serializers.FloatField(help_text="Expected per game")


class ReinforcementRowSerializer(serializers.Serializer):
    rn = serializers.IntegerField(help_text="The black Random Number that picks the row (48.3)")
    expected = serializers.FloatField(help_text="Times per game this row is drawn")
    cards = serializers.ListField(
        child=serializers.IntegerField(), help_text="The personality cards' numbers"
    )
    sniper = serializers.BooleanField(help_text="The row gives a Sniper (48.4)")
    free_choice = serializers.BooleanField(help_text="The row adds a card of the player's choice")
    result = serializers.CharField(
        help_text="The row in the request's language, the cards by number and name"
    )


class ReinforcementsSerializer(serializers.Serializer):
    role = serializers.CharField()
    nationality = serializers.CharField()
    side = serializers.CharField(help_text="In the request's language")
    rule = serializers.CharField()
    paid_decks = serializers.ListField(child=serializers.IntegerField())
    expected_attempts = serializers.FloatField()
    expected_reinforcements = serializers.FloatField()
    by_deck = ReinforcementDeckSerializer(many=True)
    by_row = ReinforcementRowSerializer(many=True, help_text="By row of the 48.3 table")


class SimulationReportSerializer(serializers.Serializer):
    simulated = serializers.BooleanField()
    reason = serializers.CharField(allow_null=True, help_text="Why not simulated (a code)")
    reason_text = serializers.CharField(allow_null=True, help_text="In the request's language")
    runs = serializers.IntegerField()
    seed = serializers.IntegerField()
    data_revision = serializers.CharField()
    rn_assumption = AssumptionSerializer()
    decks = serializers.IntegerField(allow_null=True, help_text="The game's length in decks")
    length_from = serializers.CharField(
        allow_null=True, help_text="Where the length comes from: `scenario` or `published`"
    )
    length_from_label = serializers.CharField(
        allow_null=True, help_text="In the request's language"
    )
    early_end = ProbabilitySerializer(allow_null=True, help_text="Of the game ending early")
    decks_played = DeckPlayedSerializer(many=True)
    causes = CauseSerializer(many=True, help_text="The early end by cause")
    reinforcements = ReinforcementsSerializer(
        many=True, help_text="Expected random reinforcements by side and deck"
    )
    opponent_rn_draws_per_deck = serializers.IntegerField(
        help_text="The option the attempts after an opponent's black 6 (48.2) were counted "
        "with; 0: not counted"
    )
    opponent_draws_text = serializers.CharField(
        help_text="That assumption in the request's language; empty when none is counted"
    )


# --- pdf ---------------------------------------------------------------------------------------


class SheetResultSerializer(serializers.Serializer):
    file_name = serializers.CharField(help_text="The file's name; download it at `links.file`")


JobResultSerializer = PolymorphicProxySerializer(
    component_name="JobResult",
    serializers=[ValidationReportSerializer, SimulationReportSerializer, SheetResultSerializer],
    resource_type_field_name=None,
    allow_null=True,
)
