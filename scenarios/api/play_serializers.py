"""Input and output serializers of the play records API (``scenarios.api.plays``), and the
``plays`` object a scenario carries in every API answer."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scenarios.access import play_rights
from scenarios.plays.models import (
    DECKS_PLAYED_MAX,
    NOTES_MAX_LENGTH,
    OPPONENT_MAX_LENGTH,
    PlayRecord,
)
from upfront import labels
from upfront.api.strict import StrictSerializer
from upfront.rules import codes


class PlayInputSerializer(StrictSerializer):
    played_on = serializers.DateField(help_text="The day the scenario was played (not later)")
    winner = serializers.ChoiceField(choices=labels.choices(codes.PLAY_WINNERS, labels.PLAY_WINNER))
    decks_played = serializers.IntegerField(
        min_value=1,
        max_value=DECKS_PLAYED_MAX,
        required=False,
        allow_null=True,
        default=None,
        help_text="How many times the deck was played through",
    )
    ending = serializers.ChoiceField(
        choices=labels.choices(codes.PLAY_ENDINGS, labels.PLAY_ENDING),
        help_text="`time_limit`, `victory_condition` or `early_end`",
    )
    early_end_cause = serializers.ChoiceField(
        choices=labels.choices(codes.EARLY_END_CAUSES, labels.EARLY_END_CAUSE),
        required=False,
        allow_null=True,
        default=None,
        help_text="With `early_end` only: `sandstorm` (52.4), `avalanche` (M10.4) or `other`",
    )
    opponent = serializers.CharField(
        max_length=OPPONENT_MAX_LENGTH,
        required=False,
        allow_blank=True,
        default="",
        help_text="A username (linked to that account) or any name",
    )
    attacker_player = serializers.CharField(
        max_length=OPPONENT_MAX_LENGTH,
        required=False,
        help_text="Who played the attacker: a username or a name. Give both sides or neither; "
        "one of them is you. Naming another account as a side makes the record wait for "
        "that player's confirmation (`confirmation`: `awaiting`).",
    )
    defender_player = serializers.CharField(
        max_length=OPPONENT_MAX_LENGTH,
        required=False,
        help_text="Who played the defender: a username or a name (see `attacker_player`)",
    )
    notes = serializers.CharField(
        max_length=NOTES_MAX_LENGTH, required=False, allow_blank=True, default=""
    )


class PlayPartialInputSerializer(PlayInputSerializer):
    """The same fields, each optional: only those given change."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, partial=True, **kwargs)


class PlayOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField(source="public_id")
    scenario = serializers.UUIDField(source="scenario.public_id")
    scenario_version = serializers.IntegerField(
        allow_null=True, help_text="The scenario's version it was played from"
    )
    player = serializers.CharField(source="player.username", help_text="Who recorded it")
    played_on = serializers.DateField()
    winner = serializers.ChoiceField(choices=labels.choices(codes.PLAY_WINNERS, labels.PLAY_WINNER))
    decks_played = serializers.IntegerField(allow_null=True)
    ending = serializers.ChoiceField(choices=labels.choices(codes.PLAY_ENDINGS, labels.PLAY_ENDING))
    early_end_cause = serializers.SerializerMethodField()
    early_end_rule = serializers.SerializerMethodField(
        help_text="The rule that ended it early (52.4, M10.4), or null"
    )
    opponent = serializers.CharField(
        source="opponent_label", help_text="A username or a name; empty when not given"
    )
    attacker_player = serializers.CharField(
        allow_null=True,
        help_text="Who played the attacker (a username or a name); null: sides not recorded",
    )
    defender_player = serializers.CharField(
        allow_null=True,
        help_text="Who played the defender (a username or a name); null: sides not recorded",
    )
    confirmation = serializers.ChoiceField(
        choices=labels.choices(codes.PLAY_CONFIRMATIONS, labels.PLAY_CONFIRMATION),
        help_text="`awaiting` the account named as the other side, `confirmed` by it (or by "
        "a game both joined), `rejected` by it (kept out of the balance), or `unconfirmed` "
        "(no other account to confirm it: the recorder's word alone)",
    )
    confirmed = serializers.BooleanField(
        help_text="Whether it counts in the balance (`confirmation` is `confirmed`)"
    )
    notes = serializers.CharField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    can_edit = serializers.SerializerMethodField()
    can_confirm = serializers.SerializerMethodField(
        help_text="Whether you are the account named as the other side (you may confirm or reject)"
    )

    @extend_schema_field(
        serializers.ChoiceField(
            choices=labels.choices(codes.EARLY_END_CAUSES, labels.EARLY_END_CAUSE),
            allow_null=True,
        )
    )
    def get_early_end_cause(self, record: PlayRecord) -> str | None:
        return record.early_end_cause or None

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_early_end_rule(self, record: PlayRecord) -> str | None:
        return codes.EARLY_END_RULES.get(record.early_end_cause) if record.early_end_cause else None

    def get_can_edit(self, record: PlayRecord) -> bool:
        return play_rights(record, self.context.get("user")).can_edit

    def get_can_confirm(self, record: PlayRecord) -> bool:
        return play_rights(record, self.context.get("user")).can_confirm

    def to_representation(self, instance: PlayRecord) -> dict[str, Any]:
        # The fields above describe it for the schema; the shape is the model's, which the
        # data export writes too.
        rights = play_rights(instance, self.context.get("user"))
        return {
            **instance.to_dict(),
            "can_edit": rights.can_edit,
            "can_confirm": rights.can_confirm,
        }


class BalanceSerializer(serializers.Serializer):
    """A scenario's record: confirmed wins by side and draws (one per player and day), and
    balance."""

    attacker = serializers.IntegerField(help_text="Attacker wins counted (confirmed records)")
    defender = serializers.IntegerField(help_text="Defender wins counted")
    draw = serializers.IntegerField(help_text="Draws counted")
    records = serializers.IntegerField(
        help_text="The records counted, confirmed or not (rejected ones not): the balance "
        "rests on `attacker` + `defender` + `draw` of them"
    )
    attacker_share = serializers.FloatField(
        allow_null=True, help_text="Attacker wins over decisive plays; null with none"
    )
    interval = serializers.ListField(
        child=serializers.FloatField(),
        min_length=2,
        max_length=2,
        allow_null=True,
        help_text="The 95 % Wilson score interval of `attacker_share` as [low, high]",
    )
    verdict = serializers.ChoiceField(
        choices=labels.choices(codes.BALANCE_VERDICTS, labels.BALANCE_VERDICT),
        help_text="`favours_attacker` (interval above 0.5), `favours_defender` (below), "
        "`leans_attacker` / `leans_defender` (contains 0.5 but the share is 0.15 or more "
        "from it), `balanced` (contains 0.5, at least 5 decisive plays), else "
        "`too_few_plays`",
    )
