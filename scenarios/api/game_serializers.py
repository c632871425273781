"""Input and output serializers of the games at the table API (``scenarios.api.games``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import serializers

from scenarios.plays.models import NOTES_MAX_LENGTH, OPPONENT_MAX_LENGTH, SEED_MAX, Game
from upfront import labels
from upfront.api.strict import StrictSerializer
from upfront.rules import codes
from upfront.rules.companion import DRAW_KINDS, RN_TABLE, RPN_TABLE
from upfront.rules.scenario import SCENARIO_ROLES

# How many steps a client may say it has seen: a sanity bound, far above any game's.
STEPS_MAX = 10_000


class GameStartSerializer(StrictSerializer):
    seed = serializers.IntegerField(
        min_value=0,
        max_value=SEED_MAX,
        required=False,
        help_text='The seed of the server\'s draws ("Draw for me"); a random one when left out',
    )


class StepSerializer(StrictSerializer):
    step = serializers.IntegerField(
        min_value=0,
        max_value=STEPS_MAX,
        required=False,
        help_text="How many steps the client has seen (the game's `steps`): a step sent twice "
        "with the same value counts once",
    )


class UndoSerializer(StrictSerializer):
    step = serializers.IntegerField(
        min_value=0,
        max_value=STEPS_MAX,
        help_text="How many steps the client has seen (the game's `steps`): an undo from a "
        "screen that is behind is refused, saying what happened meanwhile",
    )


class JoinSerializer(StrictSerializer):
    token = serializers.CharField(max_length=64, help_text="The share link's token")


class DrawSerializer(StepSerializer):
    number = serializers.IntegerField(min_value=0, max_value=6, required=False)
    colour = serializers.ChoiceField(choices=codes.RN_COLOURS, required=False)
    rpn = serializers.IntegerField(
        min_value=1, max_value=10, required=False, help_text="A Random Position Number"
    )
    auto = serializers.BooleanField(
        required=False, help_text="`true`: the server draws, from the game's seed"
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        rn = "number" in attrs or "colour" in attrs
        kinds = [rn, "rpn" in attrs, bool(attrs.get("auto"))]
        if sum(kinds) != 1:
            raise serializers.ValidationError(
                _("Give one draw: a number and colour, an RPN, or auto.")
            )
        if rn and ("number" not in attrs or "colour" not in attrs):
            raise serializers.ValidationError(_("A Random Number has a number and a colour."))
        return attrs


class FinishSerializer(StrictSerializer):
    winner = serializers.ChoiceField(choices=labels.choices(codes.PLAY_WINNERS, labels.PLAY_WINNER))
    ending = serializers.ChoiceField(choices=labels.choices(codes.PLAY_ENDINGS, labels.PLAY_ENDING))
    notes = serializers.CharField(
        max_length=NOTES_MAX_LENGTH, required=False, allow_blank=True, default=""
    )
    opponent = serializers.CharField(
        max_length=OPPONENT_MAX_LENGTH,
        required=False,
        allow_blank=True,
        default="",
        help_text="The other side's player, when nobody joined (a joined game names its own)",
    )
    side = serializers.ChoiceField(
        choices=labels.choices(SCENARIO_ROLES, labels.SCENARIO_ROLE),
        required=False,
        allow_blank=True,
        default="",
        help_text="The side the player finishing the game played; the record then names "
        "each side's player (with both players joined it is confirmed by its making). "
        "Without it the record says sides not recorded.",
    )


class DrawnSerializer(serializers.Serializer):
    number = serializers.IntegerField(required=False)
    colour = serializers.CharField(required=False)
    rpn = serializers.IntegerField(required=False)


class OutcomeSerializer(serializers.Serializer):
    outcome = serializers.CharField(help_text="What the draw does (a code)")
    draws = DrawnSerializer(many=True, help_text="The draws that give it")
    draws_text = serializers.CharField()
    message = serializers.CharField(help_text="In the request's language")
    detail = serializers.DictField(help_text="A reinforcement row's cards, an altitude level")


class PendingSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="The procedure: `sandstorm`, `weather_begins`, …")
    rule = serializers.CharField()
    kind = serializers.ChoiceField(choices=DRAW_KINDS)
    table = serializers.ChoiceField(choices=[RN_TABLE, RPN_TABLE])
    column = serializers.IntegerField(allow_null=True, help_text="The RPN's column")
    deck = serializers.IntegerField(help_text="0: before deck 1")
    role = serializers.CharField(help_text="Whose draw it is; empty for the table's")
    message = serializers.CharField(help_text="What to draw, in the request's language")
    outcomes = OutcomeSerializer(many=True)


class CheckSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="The live step's place (0-based)")
    kind = serializers.ChoiceField(choices=DRAW_KINDS)
    column = serializers.IntegerField(allow_null=True, help_text="The RPN's column")
    drawn = serializers.IntegerField(help_text="An RN as its index 0-13 (black n = 7 + n)")


class EventSerializer(serializers.Serializer):
    deck = serializers.IntegerField(help_text="0: before deck 1")
    key = serializers.CharField()
    rule = serializers.CharField()
    number = serializers.IntegerField(allow_null=True)
    colour = serializers.CharField(allow_null=True)
    rpn = serializers.IntegerField(allow_null=True)
    role = serializers.CharField()
    outcome = serializers.CharField()
    message = serializers.CharField(help_text="The event in words, with its rule")
    detail = serializers.DictField()
    drawn = serializers.ChoiceField(
        choices=["auto", "entered", ""],
        help_text='`auto`: drawn by the server ("Draw for me"); `entered`: a player '
        "entered the card drawn; empty for an event no draw made",
    )
    by = serializers.CharField(help_text="The player who entered it or asked for it")
    how = serializers.CharField(help_text="How it was drawn and by whom, in words")
    check = CheckSerializer(
        allow_null=True,
        help_text="For a server draw: what it is checked with once the seed is revealed",
    )


class VoidedSerializer(serializers.Serializer):
    step = serializers.IntegerField(help_text="The voided step's place among the stored steps")
    by = serializers.CharField(help_text="Who undid it")
    message = serializers.CharField(help_text='"voided by ‹player›: …" in words')


class EarlyEndSerializer(serializers.Serializer):
    cause = serializers.CharField()
    rule = serializers.CharField()
    deck = serializers.IntegerField()


class ByHandSerializer(serializers.Serializer):
    code = serializers.CharField()
    rule = serializers.CharField()
    message = serializers.CharField()


class GameSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    scenario = serializers.UUIDField()
    scenario_version = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(choices=Game.Status.values)
    deck = serializers.IntegerField(help_text="The deck being played (1-based)")
    time_limit_decks = serializers.IntegerField()
    decks_played = serializers.IntegerField(allow_null=True)
    weather = serializers.ListField(child=serializers.CharField(), help_text="Weather codes")
    weather_text = serializers.CharField(
        help_text="The weather in force in words; none set reads clear (99.1)"
    )
    precipitation_penalty = serializers.IntegerField(help_text="99.6: the extra −1s")
    fog_in_force = serializers.BooleanField(
        help_text="99.2: the scenario sets fog and the players have not said it lifted"
    )
    can_lift_fog = serializers.BooleanField(
        help_text="Whether “the fog lifted” may be entered now (fog in force, a deck in play)"
    )
    pending = PendingSerializer(allow_null=True)
    steps = serializers.IntegerField(
        help_text="How many steps the game has stored, undos included: send it as `step`"
    )
    events = EventSerializer(many=True)
    voided = VoidedSerializer(many=True, help_text="The steps undone, kept in the log")
    can_undo_step = serializers.BooleanField(help_text="Whether a live step is left to undo")
    host = serializers.CharField(help_text="The player who started the game")
    opponent = serializers.CharField(
        allow_null=True, help_text="The player who joined through the link, once one has"
    )
    seed_hash = serializers.CharField(
        help_text="SHA-256 of the seed's decimal digits (hex), shown from the start"
    )
    probabilities = serializers.ListField(
        child=serializers.FloatField(),
        allow_null=True,
        help_text="The RN distribution the server draws by (once the seed is revealed)",
    )
    early_end = EarlyEndSerializer(allow_null=True)
    by_hand = ByHandSerializer(many=True, help_text="Procedures the players draw by hand")
    record = serializers.UUIDField(allow_null=True, help_text="Its play record, once finished")
    seed = serializers.IntegerField(
        allow_null=True, help_text="Revealed only once the game is `ended` or `recorded`"
    )
    share_url = serializers.CharField(
        allow_null=True, help_text="The read-only link for the other player (to its player)"
    )
    scenario_url = serializers.CharField(
        allow_null=True,
        help_text="The scenario's page, to whoever may see the scenario (else null: a "
        "watcher by link of a private scenario reads its title only)",
    )
