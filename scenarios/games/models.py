"""A game at the table: a scenario played with the companion, and each step of it."""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models

from upfront import labels

# A seed fits in a signed 64-bit column on every database.
SEED_MAX = 2**63 - 1


def new_watch_token() -> str:
    return secrets.token_urlsafe(16)


class Game(models.Model):
    """One game of a scenario. The model it follows is kept as it was when the game began, so a
    later edit of the scenario or of the reference data never changes a game under way."""

    # The engine's codes (upfront.rules.companion.GAME_STATUSES); their words are labels'.
    class Status(models.TextChoices):
        PREPARING = "preparing"
        PLAYING = "playing"
        ENDED = "ended"
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
    # The read-only link the player shares with the other player.
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


class GameStep(models.Model):
    """One step of a game, in order: an RN, an RPN, or "the deck ran out"."""

    class Kind(models.TextChoices):
        RN = "rn"
        RPN = "rpn"
        NEXT_DECK = "next_deck"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="steps")
    index = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    number = models.PositiveSmallIntegerField(null=True, blank=True)
    colour = models.CharField(max_length=5, blank=True)
    rpn = models.PositiveSmallIntegerField(null=True, blank=True)
    auto = models.BooleanField(default=False)  # drawn by the server from the game's seed
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
            return {"kind": "rn", "number": self.number, "colour": self.colour}
        if self.kind == self.Kind.RPN:
            return {"kind": "rpn", "rpn": self.rpn}
        return {"kind": "next_deck"}
