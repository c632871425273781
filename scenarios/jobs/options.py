"""The options each kind of job takes: defined once, for the API (its request bodies and
their schema), the pages' forms and the services (which check them again)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from scenarios.analysis.simulation import DEFAULT_OPPONENT_RN_DRAWS
from upfront import labels
from upfront.api.strict import closed_body
from upfront.rules.codes import LANGUAGES
from upfront.rules.simulation import ACTION_DECK_CARDS

PAPERS = tuple(labels.PAPER)
RUNS_MIN, RUNS_MAX, RUNS_DEFAULT = 1_000, 1_000_000, 100_000
SEED_MAX = 2**31 - 1


@closed_body  # the pages post text: the API reads its JSON strictly (scenarios.api.jobs)
class ValidateOptions(serializers.Serializer):
    """No options: the whole scenario is validated against the current reference data."""


@closed_body  # the pages post text: the API reads its JSON strictly (scenarios.api.jobs)
class SimulateOptions(serializers.Serializer):
    runs = serializers.IntegerField(
        min_value=RUNS_MIN,
        max_value=RUNS_MAX,
        default=RUNS_DEFAULT,
        label=_("Runs"),
        help_text="How many games to simulate",
    )
    seed = serializers.IntegerField(
        min_value=0,
        max_value=SEED_MAX,
        default=0,
        label=_("Seed"),
        help_text="The same seed gives the same figures",
    )
    opponent_rn_draws_per_deck = serializers.IntegerField(
        min_value=0,
        max_value=ACTION_DECK_CARDS,
        # No source gives a figure (it depends on play): the default counts none, and the
        # report says so (docs/simulation.md); at most one pass of the Action deck, each RN
        # draw taking a card.
        default=DEFAULT_OPPONENT_RN_DRAWS,
        label=_("Opponent's Random Numbers per deck (48.2)"),
        help_text=(
            "48.2: how many Random Numbers the opponent of a side with random reinforcements "
            "draws in a deck; each black 6 among them gives that side one more attempt. No "
            "source gives a figure: 0 (the default) counts none of these attempts, and the "
            "report says they are left out"
        ),
    )


def simulate_limits() -> dict[str, int]:
    """The simulate options' bounds and defaults, for the page's form (defined above, once)."""
    return {
        "runs_min": RUNS_MIN,
        "runs_max": RUNS_MAX,
        "runs_default": RUNS_DEFAULT,
        "seed_max": SEED_MAX,
        "opponent_rn_draws_max": ACTION_DECK_CARDS,
        "opponent_rn_draws_default": DEFAULT_OPPONENT_RN_DRAWS,
    }


@closed_body  # the pages post text: the API reads its JSON strictly (scenarios.api.jobs)
class PdfOptions(serializers.Serializer):
    paper = serializers.ChoiceField(
        choices=labels.choices(PAPERS, labels.PAPER), default="A4", label=_("Paper")
    )
    language = serializers.ChoiceField(
        choices=labels.choices(LANGUAGES, labels.LANGUAGE),
        required=False,
        label=_("Language"),
        help_text="Of the sheet; the request's language when not given",
    )
    ink_saving = serializers.BooleanField(
        default=False,
        label=_("Ink saving"),
        help_text="Light backgrounds and thin rules, for black-and-white printers",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs.get("language"):
            language = labels.language()
            attrs["language"] = language if language in LANGUAGES else "en"
        return attrs


OPTIONS = {"validate": ValidateOptions, "simulate": SimulateOptions, "pdf": PdfOptions}


def options_errors(errors: Any, prefix: str = "") -> list[dict[str, str]]:
    """DRF's field errors as ``[{"path", "message"}]`` (the API's problem format)."""
    found = []
    for field, messages in dict(errors).items():
        name = "$" if field == "non_field_errors" else f"{prefix}{field}"
        for message in messages if isinstance(messages, list) else [messages]:
            found.append({"path": name, "message": str(message)})
    return found
