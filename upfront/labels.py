"""Translated labels for the engine's codes (``upfront.rules.codes``): the Django edge.

The engine defines each code set once; this module gives each code the words a player reads,
in the active language. Model and serializer choices, templates and the builder's JavaScript
all take their options from here, so a new code without a label fails a test
(tests/project/test_codes.py) instead of showing a raw key.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from upfront.rules import codes

Label = str | Promise

THEATRE: Mapping[str, Label] = {"ETO": _("European theatre"), "PTO": _("Pacific theatre")}
TROOP_TYPE: Mapping[str, Label] = {
    "line": _("Line"),
    "elite": _("Elite"),
    "second_line": _("Second line"),
}
FORCE_VARIANT: Mapping[str, Label] = {"marines": _("Marines"), "partisans": _("Partisans")}
SECONDARY_WEAPON: Mapping[str, Label] = {
    "atmm": _("ATMM"),
    "panzerfaust": _("Panzerfaust"),
    "demolition_charge": _("Demolition charge"),
    "at_mine": _("AT mine"),
}
UNIT_KIND: Mapping[str, Label] = {"infantry": _("Infantry"), "AFV": "AFV", "IG": _("Infantry gun")}
LEADER_ROLE: Mapping[str, Label] = {"SL": "SL", "ASL": "ASL", "Commissar": _("Commissar")}
SNIPER_OPTION: Mapping[int, Label] = {
    0: _("None"),
    1: _("Sniper capability"),
    2: _("Double sniper"),
}
DRAW_TABLE: Mapping[str, Label] = {
    "unit_type": _("Unit type"),
    "time_frame": _("Time frame"),
    "tactical_position": _("Tactical position"),
    "victory_conditions": _("Victory conditions"),
    "bid_time_limit": _("Time limit (bid)"),
    "mountain_troops": _("Mountain troops"),
}
RN_COLOUR: Mapping[str, Label] = {"red": _("red"), "black": _("black")}
SEVERITY: Mapping[str, Label] = {
    "error": _("error"),
    "warning": _("warning"),
    "info": _("information"),
}

EXPANSION: Mapping[str, Label] = {
    "banzai": _("Banzai"),
    "desert_war": _("Desert War"),
    "mountain": _("Mountain article"),
    "weather": _("Weather article"),
    "terrain": _("Alternative terrain article"),
}
ROLE: Mapping[str, Label] = {"attacker": _("Attacker"), "defender": _("Defender")}
# The fields of a scenario as the designer names them: its form's labels, and the "where" of a
# validation finding (the report names the field, never the document's JSON path).
SCENARIO_FIELD: Mapping[str, Label] = {
    "title": _("Title"),
    "description": _("Description"),
    "language": _("Language of the texts"),
    "based_on": _("Based on the published scenario"),
    "mountain": _("Mountain rules (mountain article)"),
    "period": _("Period"),
    "theatre": _("Theatre"),
    "terrain_deck": _("Terrain deck"),
    "topography": _("Topography (mountains)"),
    "environment": _("Environment (mountains)"),
    "weather": _("Weather"),
    "time_limit_decks": _("Time limit (decks)"),
    "first_player": _("First player"),
    "victory_rpn": _("Victory conditions: a row of the 43.33 table"),
    "victory_text": _("Victory conditions (text)"),
    "visibility": _("Visibility"),
    "library": _("Library"),
    # What a version changed (upfront/rules/scenario_diff.py) beyond the fields above.
    "victory_conditions": _("Victory conditions"),
    "deck_changes": _("Changes to the deck"),
    "special_rules": _("Special rules"),
    "attacker.force": _("Attacker's force"),
    "attacker.cards": _("Attacker's cards"),
    "defender.force": _("Defender's force"),
    "defender.cards": _("Defender's cards"),
}
VISIBILITY: Mapping[str, Label] = {
    "private": _("Private"),
    "unlisted": _("Unlisted (anyone with the link)"),
    "public": _("Public"),
}
PLAY_WINNER: Mapping[str, Label] = {
    "attacker": _("Attacker"),
    "defender": _("Defender"),
    "draw": _("Draw"),
}
PLAY_ENDING: Mapping[str, Label] = {
    "time_limit": _("Time limit reached"),
    "victory_condition": _("Victory condition met"),
    "early_end": _("Ended early"),
}
EARLY_END_CAUSE: Mapping[str, Label] = {
    "sandstorm": _("Sandstorm (52.4)"),
    "avalanche": _("Avalanche (M10.4)"),
    "other": _("Other cause"),
}
BALANCE_VERDICT: Mapping[str, Label] = {
    "favours_attacker": _("Favours the attacker"),
    "favours_defender": _("Favours the defender"),
    "balanced": _("Balanced so far"),
    "too_few_plays": _("Too few plays"),
}

DECK_ACTION: Mapping[str, Label] = {
    "remove": _("Remove from the deck"),
    "cower": _("Cower cards (kept in the deck, cannot be used)"),
}

FORCE_FIELD: Mapping[str, Label] = {
    "nationality": _("Nationality"),
    "period": _("Period"),
    "theatre": _("Theatre"),
    "troop_type": _("Troop type"),
    "partisans": _("Partisans"),
    "marines": _("Marines"),
    "mountain": _("Mountain article"),
    "budget": _("Budget"),
    "radios": _("Radios"),
    "snipers": _("Sniper capability"),
    "random_reinforcement_decks": _("Random reinforcement decks"),
    "replay": _("Replay method"),
}

# Every code set with its labels: the test walks this to prove none is missing.
LABELLED: Mapping[str, tuple[Iterable[Any], Mapping[Any, Label]]] = {
    "theatre": (codes.THEATRES, THEATRE),
    "troop_type": (codes.TROOP_TYPES, TROOP_TYPE),
    "force_variant": (codes.FORCE_VARIANTS, FORCE_VARIANT),
    "secondary_weapon": (codes.SECONDARY_WEAPONS, SECONDARY_WEAPON),
    "unit_kind": (codes.UNIT_KINDS, UNIT_KIND),
    "leader_role": (codes.LEADER_ROLES, LEADER_ROLE),
    "sniper_option": (codes.SNIPER_OPTIONS, SNIPER_OPTION),
    "draw_table": (codes.DRAW_TABLES, DRAW_TABLE),
    "rn_colour": (codes.RN_COLOURS, RN_COLOUR),
    "severity": (codes.SEVERITIES, SEVERITY),
    "expansion": (codes.EXPANSIONS, EXPANSION),
    "visibility": (codes.VISIBILITIES, VISIBILITY),
    "play_winner": (codes.PLAY_WINNERS, PLAY_WINNER),
    "play_ending": (codes.PLAY_ENDINGS, PLAY_ENDING),
    "early_end_cause": (codes.EARLY_END_CAUSES, EARLY_END_CAUSE),
    "balance_verdict": (codes.BALANCE_VERDICTS, BALANCE_VERDICT),
}


def choices(code_set: Iterable[Any], labels: Mapping[Any, Label]) -> list[tuple[Any, Label]]:
    """``[(code, label), ...]`` in the code set's order, for model and form choices."""
    return [(code, labels[code]) for code in code_set]
