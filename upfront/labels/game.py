"""Labels of the engine's code sets (``upfront.rules.codes``) and of the scenario document's.

A label is written as it reads inside a sentence ("second line", "demolition charge"): the
engine's messages put them mid-sentence (``%(weapon)s``), and whatever shows one on its own
(a choice, a table cell) capitalises it with :func:`upfront.labels.label` or
:func:`upfront.labels.choices`.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from upfront.labels.types import Label

THEATRE: Mapping[str, Label] = {"ETO": _("European theatre"), "PTO": _("Pacific theatre")}
TROOP_TYPE: Mapping[str, Label] = {
    "line": _("line"),
    "elite": _("elite"),
    "second_line": _("second line"),
}
FORCE_VARIANT: Mapping[str, Label] = {"marines": _("Marines"), "partisans": _("Partisans")}
SECONDARY_WEAPON: Mapping[str, Label] = {
    "atmm": _("ATMM"),
    "panzerfaust": _("Panzerfaust"),
    "demolition_charge": _("demolition charge"),
    # 45.7: only the Japanese carry it (priced as the Russian ATMM).
    "at_mine": _("Japanese AT mine"),
}
UNIT_KIND: Mapping[str, Label] = {
    "infantry": _("infantry"),
    "AFV": "AFV",  # the Italian sources say AFV too
    "IG": _("infantry gun"),
}
# SL and ASL are the game's own abbreviations, printed as such in the Italian sources too.
LEADER_ROLE: Mapping[str, Label] = {"SL": "SL", "ASL": "ASL", "Commissar": _("Commissar")}
SNIPER_OPTION: Mapping[int, Label] = {
    0: _("None"),
    1: _("Sniper capability"),
    2: _("Double sniper"),
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
VISIBILITY: Mapping[str, Label] = {
    "private": _("Private"),
    "unlisted": _("Unlisted (anyone with the link)"),
    "public": _("Public"),
}
# A scenario shared more widely by its library than by its own flag (Scenario.effective_visibility).
VISIBILITY_THROUGH_LIBRARY: Mapping[str, Label] = {
    "unlisted": _("Unlisted (through its library)"),
    "public": _("Public (through its library)"),
}
# The languages a scenario's texts, a setup sheet and the site are written in.
LANGUAGE: Mapping[str, Label] = {"en": _("English"), "it": _("Italian")}
# The two camps of the war (Nationality.side).
SIDE: Mapping[str, Label] = {"axis": _("Axis"), "allied": _("Allied")}
# The halves of a year a period names (codes.PERIODS: 1943b is July-December 1943).
PERIOD_HALF: Mapping[str, Label] = {"a": _("January-June"), "b": _("July-December")}
# A draw of the roll drawn again: what came of it (the roll page's note).
REROLL: Mapping[str, Label] = {
    "same": _("Re-rolled: the same result again."),
    "new": _("Re-rolled: a new result."),
}

# -- the scenario document (upfront.rules.scenario) ----------------------------------------------

SCENARIO_ROLE: Mapping[str, Label] = {"attacker": _("Attacker"), "defender": _("Defender")}
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
    "altitude_limit": _("Highest Altitude Level for infantry guns and AFVs (T5.0)"),
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
# A force's fields, as a version's comparison names them (upfront/rules/scenario_diff.py).
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
# Play records (scenarios/plays): who won, how it ended, what ended it early, and what the
# recorded plays say of the scenario's balance.
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
    "leans_attacker": _("Leans to the attacker — too few plays to be sure"),
    "leans_defender": _("Leans to the defender — too few plays to be sure"),
    "balanced": _("Balanced so far"),
    "too_few_plays": _("Too few plays"),
}
# Where a play record stands with the other side's player (codes.PLAY_CONFIRMATIONS).
PLAY_CONFIRMATION: Mapping[str, Label] = {
    "unconfirmed": _("Unconfirmed"),
    "awaiting": _("Awaiting confirmation"),
    "confirmed": _("Confirmed"),
    "rejected": _("Rejected"),
}
# Games at the table (scenarios.plays.models.Game.Status): where a game stands.
GAME_STATUS: Mapping[str, Label] = {
    "preparing": _("Preparing for play"),
    "playing": _("Playing"),
    "ended": _("Ended: to be recorded"),
    "recorded": _("Finished and recorded"),
}
DECK_CHANGE_ACTION: Mapping[str, Label] = {
    "remove": _("Remove from the deck"),
    "cower": _("Cower cards (kept in the deck, cannot be used)"),
}
DECK_CHANGE_WHICH: Mapping[str, Label] = {
    "first": _("the first ones found"),
    "any": _("any of them"),
}
# Action cards a special rule may name that are not terrain card types (those are named by
# the reference data), and the interchange format's "Buildings of either value".
CARD_TYPE: Mapping[str, Label] = {
    "sniper": _("Sniper"),
    "buildings": _("Buildings (either value)"),
}

# -- what the full-game deck report says (upfront.rules.deck) -------------------------------------

# Where a change of the deck comes from (deck.SOURCES).
DECK_SOURCE: Mapping[str, Label] = {
    "deck": _("terrain deck"),
    "jungle_rules": _("jungle rules"),
    "desert_rules": _("desert rules"),
    "mountain": _("mountain article"),
    "topography": _("topography"),
    "special_rule": _("special rule"),
    "deck_change": _("deck change"),
    "weather": _("weather"),
}
# What is left of a card type (deck.STATES).
DECK_STATE: Mapping[str, Label] = {
    "kept": _("kept"),
    "changed": _("partly changed"),
    "replaced": _("all replaced"),
    "removed": _("all removed"),
    "cower": _("all cower cards"),
    "elevation": _("all used as elevation cards"),
}

# Kinds of entries of the rules digest (digest.DIGEST_KINDS), its headings.
DIGEST_KIND: Mapping[str, Label] = {
    "nationality_rule": _("Nationalities"),
    "troop_type": _("Troop types"),
    "force_variant": _("Marines and partisans"),
    "matchup_rule": _("Match-ups"),
    "terrain_deck": _("Terrain deck"),
    "deck_rule": _("Terrain deck rules"),
    "weather": _("Weather"),
    "topography": _("Topography"),
    "environment": _("Environmental conditions"),
    "mountain_rule": _("Mountain article"),
    "special_rule": _("Special rules"),
    "victory_conditions": _("Victory conditions"),
}
# Whom a nationality rule of the digest is for (NationalityRule.applies_to, digest.FOR_*).
DIGEST_APPLIES_TO: Mapping[str, Label] = {
    "marines": FORCE_VARIANT["marines"],
    "partisans": FORCE_VARIANT["partisans"],
    "random_reinforcements": _("Random reinforcements"),
    "italian_french_scenarios": _("Italians and French"),
}

# The paper sizes a setup sheet is printed on: the keys are the job option ``paper`` and, as
# they are, the CSS @page size (CSS keywords ignore case).
PAPER: Mapping[str, Label] = {"A4": "A4", "Letter": pgettext_lazy("paper size", "Letter")}

# -- what a simulation says (upfront.rules.simulation, scenarios.analysis.simulation) ----------

# Why a scenario was not simulated (engine.NO_TIME_LIMIT, NO_RN_DISTRIBUTION; the analysis's
# INVALID_DOCUMENT).
SIMULATION_REASON: Mapping[str, Label] = {
    "no_time_limit": _(
        "Not simulated: the scenario has no time limit in decks, and it is not based on a "
        "published scenario that gives one."
    ),
    "no_rn_distribution": _(
        "Not simulated: the reference data holds no Random Number distribution."
    ),
    "invalid_document": _("Not simulated: the scenario document cannot be read."),
}
# Where the simulated length comes from (SimulationResult.length_from).
SIMULATION_LENGTH_FROM: Mapping[str, Label] = {
    "scenario": _("the scenario's time limit"),
    "published": _("the time limit of the published scenario it is based on"),
}
# The chances drawn while preparing for play (DrawChance.code).
SIMULATION_CHANCE: Mapping[str, Label] = {
    "minefield_dummy": _("An accepted desert minefield proves a dummy"),
    "afv_immobilized_check": _(
        "An Axis AFV is immobilized by extreme winter while preparing for play"
    ),
    "mountain_troops": _("Elite troops bought for a mountain DYO scenario are mountain troops"),
}
# The precipitation a simulated weather brings (WeatherModel.kind).
PRECIPITATION: Mapping[str, Label] = {"rain": _("Rain"), "falling_snow": _("Falling snow")}
# What the simulation leaves out, and why (engine.BLACK_SIX_ATTEMPTS, ALTITUDE_LIMIT_DRAW).
SIMULATION_LEFT_OUT: Mapping[str, Label] = {
    "black_six_attempts": _(
        "The attempts after an opponent's black 6 (48.2) are not counted: they depend on how "
        "many Random Numbers the opponent draws in a deck, which no rule gives. Give that "
        "number as the option “Opponent's Random Numbers per deck” to count them."
    ),
    "altitude_limit_draw": _(
        "The draw for the highest Altitude Level infantry guns and AFVs may reach (T5.0) is "
        "not simulated: it limits where they may go, not how long the game lasts or how it "
        "ends. No source gives how many action cards carry each number; the roll, like every "
        "draw the server makes, takes every RPN of a column as equally likely."
    ),
}
