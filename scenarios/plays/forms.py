"""The form a player records a play with (the pages' door; the API has its serializers)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scenarios.plays import services
from scenarios.plays.models import DECKS_PLAYED_MAX, NOTES_MAX_LENGTH, OPPONENT_MAX_LENGTH
from upfront import labels
from upfront.rules import codes
from upfront.rules.scenario import SCENARIO_ROLES


class PlayRecordForm(forms.Form):
    """Typed fields only; ``scenarios.plays.services`` checks them together and its faults are
    put back on their fields (the form keeps what the player typed)."""

    played_on = forms.DateField(
        label=_("Date played"),
        # A date input takes ISO dates whatever the page's language.
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    side = forms.ChoiceField(
        label=_("Your side"),
        widget=forms.RadioSelect,
        help_text=_("The side you played; your opponent played the other."),
    )
    winner = forms.ChoiceField(label=_("Winner"), widget=forms.RadioSelect)
    ending = forms.ChoiceField(label=_("How it ended"))
    early_end_cause = forms.ChoiceField(
        label=_("Cause of the early end"),
        required=False,
        help_text=_("Only for a game that ended early."),
    )
    decks_played = forms.IntegerField(
        label=_("Decks played"),
        required=False,
        min_value=1,
        max_value=DECKS_PLAYED_MAX,
        help_text=_("How many times you went through the deck."),
    )
    opponent = forms.CharField(
        label=_("Opponent"),
        required=False,
        max_length=OPPONENT_MAX_LENGTH,
        help_text=_(
            "A username links the record to that player, who confirms it before it counts in "
            "the balance; any other name is kept as text."
        ),
    )
    notes = forms.CharField(
        label=_("Notes"), required=False, max_length=NOTES_MAX_LENGTH, widget=forms.Textarea
    )

    def __init__(
        self,
        *args: Any,
        player: Any = None,
        side_names: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.player = player
        names = side_names or {}
        # Each role with its nationality, "Attacker (Russian)": a meeting engagement's sides
        # are told apart by their nations.
        self.fields["winner"].choices = [
            (code, f"{label} ({names[code]})" if names.get(code) else label)
            for code, label in labels.choices(codes.PLAY_WINNERS, labels.PLAY_WINNER)
        ]
        self.fields["side"].choices = [
            (code, f"{label} ({names[code]})" if names.get(code) else label)
            for code, label in labels.choices(SCENARIO_ROLES, labels.SCENARIO_ROLE)
        ]
        self.fields["ending"].choices = labels.choices(codes.PLAY_ENDINGS, labels.PLAY_ENDING)
        self.fields["early_end_cause"].choices = [
            ("", "—"),
            *labels.choices(codes.EARLY_END_CAUSES, labels.EARLY_END_CAUSE),
        ]
        if not self.is_bound and "played_on" not in self.initial:
            self.initial["played_on"] = timezone.localdate()

    def clean(self) -> dict[str, Any]:
        # The service's checks of the fields together (an early end and its cause, the date,
        # the opponent), run here too so that every fault shows at once, on its field.
        data = super().clean() or {}
        values = {**data, "early_end_cause": data.get("early_end_cause") or ""}
        try:
            services.play_values_check(values, player=self.player)
        except services.PlayInputError as exc:
            for name, message in exc.errors.items():
                # A field that failed on its own already says why.
                if name in data and name not in self.errors:
                    self.add_error(name, message)
        return data


class GameFinishForm(PlayRecordForm):
    """The play form as a game at the table finishes into its record: the date, the decks
    played and the early end's cause come from the game (``scenarios.plays.games``), so the
    player gives who won, how it ended, against whom and notes. It offers the endings the game
    allows (``Companion.allowed_endings``) but accepts any, so that an ending the game
    contradicts is refused by the service in its own words, on the field."""

    FROM_THE_GAME = ("played_on", "decks_played", "early_end_cause")

    ending = forms.ChoiceField(label=_("How it ended"), widget=forms.RadioSelect)

    def __init__(
        self, *args: Any, endings: Sequence[str], joined: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        # With both players joined the game knows the opponent: the one who finishes says only
        # which side they played.
        for name in (*self.FROM_THE_GAME, *(("opponent",) if joined else ())):
            del self.fields[name]
        self.fields["ending"].widget.choices = labels.choices(endings, labels.PLAY_ENDING)
        self.fields["notes"].widget.attrs["rows"] = 3  # a line or two, on a phone at the table
        if not self.is_bound and endings:
            self.initial["ending"] = endings[0]
