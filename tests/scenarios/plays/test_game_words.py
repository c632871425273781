"""Every refusal and every "cannot be played" reason a game at the table can give has its
sentence in English and Italian: the codes are walked from the engine and the services' sources,
so a new code without its words fails here instead of reaching a page as a code."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from types import ModuleType

import pytest
from django.utils import translation

from scenarios.plays import game_presenters, games
from upfront.rules import companion, simulation


def _raised(module: ModuleType, exception: str) -> set[str]:
    """The codes ``module`` raises ``exception`` with: each first argument, a constant of it."""
    source = Path(inspect.getfile(module)).read_text(encoding="utf-8")
    names = set(re.findall(rf"\b{exception}\(\s*([A-Z_]+)\b", source))
    assert names, f"no {exception} found in {module.__name__}"
    return {getattr(module, name) for name in names}


def test_the_codes_walked_from_the_sources_are_the_ones_declared() -> None:
    raised = _raised(companion, "CompanionError") | _raised(games, "StepRefused")
    # Besides what is raised, an ending is refused with Companion.ending_refusal's answers.
    declared = set(companion.REFUSALS) | set(games.REFUSALS)
    assert raised <= declared
    assert {companion.ENDED_EARLY, companion.TIME_LIMIT_REACHED} <= declared
    assert _raised(simulation, "NotSimulated") <= set(games.NOT_POSSIBLE)


@pytest.mark.parametrize("code", [*companion.REFUSALS, *games.REFUSALS])
def test_every_refusal_reads_as_a_sentence_in_both_languages(code: str) -> None:
    with translation.override("en"):
        english = game_presenters.refusal(code)
    with translation.override("it"):
        italian = game_presenters.refusal(code)
    assert code not in (english, italian) and english.endswith(".")
    assert italian and italian != english


@pytest.mark.parametrize("reason", games.NOT_POSSIBLE)
def test_every_reason_a_game_cannot_start_reads_as_a_sentence_in_both_languages(
    reason: str,
) -> None:
    with translation.override("en"):
        english = game_presenters.not_possible(reason)
    with translation.override("it"):
        italian = game_presenters.not_possible(reason)
    assert reason not in (english, italian) and english.endswith(".")
    assert italian and italian != english


def test_a_code_without_its_sentence_is_an_error_never_the_code_on_a_page() -> None:
    with pytest.raises(KeyError):
        game_presenters.refusal("no_such_refusal")
    with pytest.raises(KeyError):
        game_presenters.not_possible("no_such_reason")
