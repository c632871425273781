"""Structured reference data written out as sentences in the active language.

A package by kind of data: :mod:`.words` (joins, numbers, the names effects refer to),
:mod:`.weather` (weather effects and checks), :mod:`.special_rules` (scenario special rules'
parameters), :mod:`.text` (fire results, card names, the data's free text). The words for
codes are :mod:`upfront.labels`' (``upfront.labels.weather``); this package makes sentences.

The data keeps effects and parameters machine-readable (``{what: fire_strength, value: -2,
at_rr: [0]}``) so the engine and the API can use them; the pages show them as a player would say
them ("At relative range 0: fire strength -2."). Every word here goes through gettext, so the
Italian lives in ``locale/it`` like every other message.

A piece of data these functions do not know how to say returns ``None`` (never the raw code):
the page then leaves it to the summary next to it, and the page tests fail on it.
"""

from __future__ import annotations

from upfront.reference.phrasing.special_rules import (
    ssr_arguments,
    ssr_parameter,
    ssr_parameters,
    ssr_value,
)
from upfront.reference.phrasing.text import (
    card_name,
    fire_result,
    is_transcription_remark,
    strip_sources,
    vehicle_type,
)
from upfront.reference.phrasing.weather import deck_check, entrenchment_number, weather_effect
from upfront.reference.phrasing.words import (
    Names,
    coloured,
    join_and,
    join_or,
    numbers,
    signed,
)

__all__ = [
    "Names",
    "card_name",
    "coloured",
    "deck_check",
    "entrenchment_number",
    "fire_result",
    "is_transcription_remark",
    "join_and",
    "join_or",
    "numbers",
    "signed",
    "ssr_arguments",
    "ssr_parameter",
    "ssr_parameters",
    "ssr_value",
    "strip_sources",
    "vehicle_type",
    "weather_effect",
]
