"""A play record: one game of a scenario, as a player reports it; and a game at the table, the
companion's way to one: a scenario played step by step, each step kept, ending in its record."""

from __future__ import annotations

import secrets
import uuid
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from upfront import labels
from upfront.rules import codes, companion
from upfront.rules.scenario import SCENARIO_ROLES

# A sanity bound on "decks played", not a rule: the time limits of the sources are 3 or 4
# decks (43.34) and a scenario's own limit rarely exceeds a few more.
DECKS_PLAYED_MAX = 20
NOTES_MAX_LENGTH = 2000
OPPONENT_MAX_LENGTH = 100


class PlayRecord(models.Model):
    """One play of a scenario: when, who won, how it ended, against whom."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    scenario = models.ForeignKey(
        "scenarios.Scenario", on_delete=models.CASCADE, related_name="plays"
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="plays"
    )
    # The scenario's version number when it was played (null before versions were recorded).
    scenario_version = models.PositiveIntegerField(null=True, blank=True)
    played_on = models.DateField(_("date played"))
    winner = models.CharField(
        _("winner"), max_length=10, choices=labels.choices(codes.PLAY_WINNERS, labels.PLAY_WINNER)
    )
    decks_played = models.PositiveSmallIntegerField(
        _("decks played"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(DECKS_PLAYED_MAX)],
    )
    ending = models.CharField(
        _("how it ended"),
        max_length=20,
        choices=labels.choices(codes.PLAY_ENDINGS, labels.PLAY_ENDING),
    )
    early_end_cause = models.CharField(
        _("cause of the early end"),
        max_length=10,
        blank=True,
        choices=labels.choices(codes.EARLY_END_CAUSES, labels.EARLY_END_CAUSE),
    )
    # An opponent who has an account is linked; anyone else is named in free text.
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="plays_as_opponent",
    )
    opponent_name = models.CharField(_("opponent"), max_length=OPPONENT_MAX_LENGTH, blank=True)
    # The side the recorder played; the opponent played the other. Blank on records made
    # before sides were recorded: they keep their recorder and opponent and say
    # "sides not recorded".
    player_side = models.CharField(
        _("your side"),
        max_length=10,
        blank=True,
        choices=labels.choices(SCENARIO_ROLES, labels.SCENARIO_ROLE),
    )
    # Where the record stands with the opponent's account (codes.PLAY_CONFIRMATIONS): only a
    # confirmed record counts in the balance.
    confirmation = models.CharField(
        max_length=12,
        default=codes.UNCONFIRMED,
        choices=labels.choices(codes.PLAY_CONFIRMATIONS, labels.PLAY_CONFIRMATION),
    )
    # The id the recorder's account had, kept when they leave and their records pass to the
    # former member: the balance counts one record per recorder and day, and two departed
    # players' records must stay two recorders' (their account ids are never reused).
    departed_player_key = models.PositiveBigIntegerField(null=True, blank=True, editable=False)
    notes = models.TextField(_("notes"), max_length=NOTES_MAX_LENGTH, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        app_label = "scenarios"
        ordering = ["-played_on", "-created_at", "-id"]
        indexes = [
            models.Index(fields=["scenario", "-played_on"]),
            models.Index(fields=["player", "-created_at"]),
        ]
        constraints = [
            # 52.4 / M10.4: a cause only for an early end, and an early end always has one.
            models.CheckConstraint(
                condition=(
                    models.Q(ending="early_end", early_end_cause__in=codes.EARLY_END_CAUSES)
                    | (~models.Q(ending="early_end") & models.Q(early_end_cause=""))
                ),
                name="play_early_end_has_cause",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.scenario_id} {self.played_on} {self.winner}"

    @property
    def opponent_label(self) -> str:
        """The opponent as a player reads it: the account's username, or the free text."""
        return self.opponent.username if self.opponent_id else self.opponent_name

    @property
    def sides_recorded(self) -> bool:
        return bool(self.player_side)

    @property
    def opponent_side(self) -> str:
        """The side the opponent played ("" when sides are not recorded)."""
        if not self.player_side:
            return ""
        return "defender" if self.player_side == "attacker" else "attacker"

    def side_player(self, side: str) -> str | None:
        """The username (or free name) of the player of ``side``; None when sides are not
        recorded, "" for an opponent nobody named."""
        if not self.player_side:
            return None
        return self.player.username if side == self.player_side else self.opponent_label

    @property
    def confirmed(self) -> bool:
        return self.confirmation == codes.CONFIRMED

    def to_dict(self) -> dict[str, Any]:
        """The record as the API answers it and the data export writes it: the one shape of
        a play record outside the site (codes, not words; ISO dates, UTC instants)."""
        cause = self.early_end_cause
        return {
            "id": str(self.public_id),
            "scenario": str(self.scenario.public_id),
            "scenario_version": self.scenario_version,
            "player": self.player.username,
            "played_on": _date(self.played_on),
            "winner": self.winner,
            "decks_played": self.decks_played,
            "ending": self.ending,
            "early_end_cause": cause or None,
            "early_end_rule": codes.EARLY_END_RULES.get(cause) if cause else None,
            "opponent": self.opponent_label,
            "attacker_player": self.side_player("attacker"),
            "defender_player": self.side_player("defender"),
            "confirmation": self.confirmation,
            "confirmed": self.confirmed,
            "notes": self.notes,
            "created_at": _instant(self.created_at),
            "updated_at": _instant(self.updated_at),
        }


def _date(value: Any) -> str:
    # A date read back from a save is still the string it was given.
    return value if isinstance(value, str) else value.isoformat()


def _instant(value: Any) -> str:
    """As DRF writes an instant (its DateTimeField): in the site's time zone, UTC as "Z"."""
    text = timezone.localtime(value).isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


# A seed fits in a signed 64-bit column on every database.
SEED_MAX = 2**63 - 1


def new_watch_token() -> str:
    return secrets.token_urlsafe(16)


class Game(models.Model):
    """One game of a scenario. The model it follows is kept as it was when the game began, so a
    later edit of the scenario or of the reference data never changes a game under way."""

    class Status(models.TextChoices):
        PREPARING = companion.PREPARING
        PLAYING = companion.PLAYING
        ENDED = companion.ENDED
        # This side's, not the engine's: the game has its play record.
        RECORDED = "recorded"

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    scenario = models.ForeignKey(
        "scenarios.Scenario", on_delete=models.CASCADE, related_name="games"
    )
    scenario_version = models.PositiveIntegerField(null=True, blank=True)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games"
    )
    seed = models.BigIntegerField()
    # The engine's SimulationModel (upfront.rules.companion.model_to_dict) and the scenario's
    # weather codes, as they were when the game began.
    model = models.JSONField()
    weather = models.JSONField(default=list)
    # Kept in step with the replayed steps, for lists; the steps are the truth.
    status = models.CharField(
        max_length=10,
        choices=labels.choices(Status.values, labels.GAME_STATUS),
        default=Status.PREPARING,
    )
    deck = models.PositiveSmallIntegerField(default=1)
    # The other side's player, who joined through the link; null until someone joins.
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="games_joined",
    )
    # The link the player shares: its holder may join as the opponent, or watch read-only.
    watch_token = models.CharField(max_length=32, default=new_watch_token, editable=False)
    record = models.OneToOneField(
        "scenarios.PlayRecord",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="game",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        app_label = "scenarios"
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["player", "-created_at"])]

    def __str__(self) -> str:
        return f"game {self.public_id} of {self.scenario_id}"

    def shown_status(self, companion_status: str) -> str:
        """Where the game stands: recorded once it has its play record, else where its steps
        leave it (``companion_status``, the replayed companion's)."""
        return self.Status.RECORDED if self.record_id is not None else companion_status


def game_etag(pk: int, steps: int, opponent_id: int | None, record_id: int | None) -> str:
    """A game's ETag from what changes it: every stored step (``steps``, undos included), a
    join and the record. One definition for the full answer and the poll's cheap check
    (``scenarios.access.games.game_poll_etag``), which must agree."""
    return f'"{pk}-{steps}-{opponent_id or 0}-{record_id or 0}"'


class GameStep(models.Model):
    """One step of a game, in order: an RN, an RPN, "the deck ran out", "the fog lifted" or
    an undo."""

    class Kind(models.TextChoices):
        RN = companion.STEP_RN
        RPN = companion.STEP_RPN
        NEXT_DECK = companion.STEP_NEXT_DECK
        UNDO = companion.STEP_UNDO
        FOG_LIFTED = companion.STEP_FOG_LIFTED  # 99.2: the players say the fog is gone

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="steps")
    index = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    number = models.PositiveSmallIntegerField(null=True, blank=True)
    colour = models.CharField(max_length=5, blank=True)
    rpn = models.PositiveSmallIntegerField(null=True, blank=True)
    auto = models.BooleanField(default=False)  # drawn by the server from the game's seed
    # Who entered the step (or asked the server to draw it); null for steps stored before
    # games had two players, which their game's player entered.
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "scenarios"
        ordering = ["game", "index"]
        constraints = [
            # A step sent twice is one step: the second finds its index taken.
            models.UniqueConstraint(fields=["game", "index"], name="game_step_once"),
        ]

    def as_step(self) -> dict[str, object]:
        """The step as the engine replays it (``Companion.apply``)."""
        if self.kind == self.Kind.RN:
            return {"kind": companion.STEP_RN, "number": self.number, "colour": self.colour}
        if self.kind == self.Kind.RPN:
            return {"kind": companion.STEP_RPN, "rpn": self.rpn}
        if self.kind == self.Kind.UNDO:
            return {"kind": companion.STEP_UNDO}
        if self.kind == self.Kind.FOG_LIFTED:
            return {"kind": companion.STEP_FOG_LIFTED}
        return {"kind": companion.STEP_NEXT_DECK}
