"""Reads of games at the table: their steps, and the companion replayed from them.

Who may see a game and play it is decided in ``scenarios.access.games``; every read of games
starts from its ``live_games`` (a game of a scenario in the bin is as if gone).
"""

from __future__ import annotations

from scenarios.games.models import Game, GameStep
from scenarios.models import Scenario
from upfront.rules.companion import Companion, model_from_dict, replay


def game_steps(game: Game) -> list[dict[str, object]]:
    return [step.as_step() for step in GameStep.objects.filter(game=game).order_by("index")]


def game_companion(game: Game) -> Companion:
    """The game's procedures after its saved steps (replayed by the engine)."""
    return replay(model_from_dict(game.model), game_steps(game), weather=game.weather)


def games_recorded_count(scenario: Scenario) -> int:
    """How many of the scenario's play records came from games at the table."""
    return Game.objects.filter(scenario=scenario, record__isnull=False).count()


def auto_steps(game: Game) -> set[int]:
    """The indexes of the steps the server drew ("Draw for me")."""
    return set(GameStep.objects.filter(game=game, auto=True).values_list("index", flat=True))
