"""Every sentence the engine says to a player, once, in English, keyed by a message id.

Kept whole: a catalogue (data), the one place translators and the edge look messages up.

The engine never renders a sentence for a player: a violation, a price line, a format fault or a
draw carries a :class:`Message` (an id and named parameters). The Django edge
(``upfront.reference.rendering``) looks the id up here, translates the English template with
gettext in the active language (Italian lives in ``locale/it/LC_MESSAGES/django.po``; a third
language is one more ``.po`` file) and fills in the parameters.

The templates are marked with :func:`gettext_noop`, a no-op with the name Django's
``makemessages`` already extracts, so ``manage.py messages -l it`` finds them without
importing Django here. Placeholders are named (``%(total)s``) so a translation may reorder them.

Parameters named in :data:`CODE_PARAMS` hold codes of the game (``"atmm"``, ``"second_line"``)
and those in :data:`DATA_PARAMS` codes of the reference data (a nationality): the edge shows
them as names in the reader's language (the game's codes by their labels, ``upfront.labels``;
the data's from the data). The engine holds no names of codes. Every other parameter is shown
as it is (numbers, card names, periods).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from upfront.rules.companion_messages import COMPANION_MESSAGES

Param = str | int


def gettext_noop(message: str) -> str:
    """Mark a string for extraction (``makemessages``); translated later, at the edge."""
    return message


# Parameters holding a code of ``upfront.rules.codes``: parameter name -> the kind of code,
# whose label the edge shows (``upfront.labels.TABLES``).
CODE_PARAMS: Mapping[str, str] = MappingProxyType(
    {
        "weapon": "secondary_weapon",
        "troop_type": "troop_type",
        "unit_kind": "unit_kind",
        "colour": "rn_colour",
        "theatre_name": "theatre",
        "role": "scenario_role",
        "expansion": "expansion",
    }
)
# A parameter holding a nationality code, named from the reference data by the edge.
NATIONALITY_PARAM = "nationality"
# Parameters holding codes of the reference data, one or several joined by "," (a finding's
# "needs one of: a, b"): the edge shows each as its name in the reader's language, from the
# data. Parameter name -> kind of code ("special_rule": the special rule's text).
DATA_PARAMS: Mapping[str, str] = MappingProxyType(
    {
        NATIONALITY_PARAM: "nationality",
        "opponent": "nationality",
        "opponents": "nationality",
        "weather": "weather",
        "other_weather": "weather",
        "required_weather": "weather",
        "weather_options": "weather",
        "implied_weather": "weather",
        "topography": "topography",
        "other_topography": "topography",
        "terrain_deck": "terrain_deck",
        "special_rule": "special_rule",
        # full-game findings (game_checks.py)
        "other_special_rule": "special_rule",
        "card_type": "card_type",
        "environment": "environment",
    }
)

MESSAGES: Mapping[str, str] = MappingProxyType(
    {
        # -- violations (constraints.py) -----------------------------------------------------
        "violation.over_budget": gettext_noop(
            "Purchases total %(total)s points, %(over)s over the budget of %(budget)s."
        ),
        "violation.unknown_card": gettext_noop(
            "There is no %(nationality)s personality card #%(card)s."
        ),
        "violation.card_points_unknown": gettext_noop(
            "Card #%(card)s %(name)s has no known DYO value; it is counted as 0 until the value "
            "is entered in the reference data."
        ),
        "violation.card_not_available": gettext_noop(
            "Card #%(card)s %(name)s is available from %(available_from)s, not in %(period)s."
        ),
        "violation.duplicate_card": gettext_noop(
            "Card #%(card)s is bought %(count)s times; each personality card exists once."
        ),
        "violation.secondary_on_vehicle": gettext_noop(
            "The %(weapon)s must be carried by a man; card #%(card)s is an %(unit_kind)s."
        ),
        "violation.secondary_not_available": gettext_noop(
            "The %(weapon)s is available from %(available_from)s, not in %(period)s."
        ),
        "violation.secondary_not_allowed": gettext_noop(
            "%(nationality)s forces may not carry the %(weapon)s."
        ),
        "violation.secondary_permission_unknown": gettext_noop(
            "The sources neither allow nor forbid the %(weapon)s for %(nationality)s forces; "
            "agree it with your opponent."
        ),
        "violation.too_many_at_weapons": gettext_noop(
            "%(count)s anti-tank secondary weapons for %(squads)s squad(s); %(nationality)s "
            "forces may have %(limit)s per squad."
        ),
        "violation.too_many_demolition_charges": gettext_noop(
            "%(count)s demolition charges for %(squads)s squad(s); at most one per squad."
        ),
        "violation.group_count": gettext_noop(
            "The force is set up in %(count)s group(s); it needs %(min)s to %(max)s."
        ),
        "violation.duplicate_group_label": gettext_noop("Two groups are both called %(label)s."),
        "violation.afv_not_alone": gettext_noop(
            "Group %(label)s mixes an AFV with other cards; an AFV is a group by itself."
        ),
        "violation.group_size": gettext_noop(
            "Group %(label)s has %(count)s card(s); a group holds %(min)s to %(max)s (an AFV or "
            "infantry gun may stand alone)."
        ),
        "violation.too_many_reinforcements": gettext_noop(
            "%(count)s reinforcement cards for a starting force of %(starting)s; at most "
            "%(limit)s are allowed."
        ),
        "violation.afv_reinforcement_range_0": gettext_noop(
            "Card #%(card)s %(name)s is an AFV: as a reinforcement it enters at range 0."
        ),
        "violation.random_and_normal_reinforcements": gettext_noop(
            "Random reinforcements and normal reinforcements cannot both be bought."
        ),
        "violation.radio_not_priced": gettext_noop(
            "No price is known for a fire strength %(fire_strength)s radio for this force."
        ),
        "violation.morale_below_elite_minimum": gettext_noop(
            "Card #%(card)s %(name)s has morale %(morale)s; elite troops need at least %(minimum)s."
        ),
        "violation.morale_above_second_line_maximum": gettext_noop(
            "Card #%(card)s %(name)s has morale %(morale)s; second line troops have at most "
            "%(maximum)s."
        ),
        "violation.marines_not_american": gettext_noop("Only an American force can be US Marines."),
        "violation.marine_morale": gettext_noop(
            "Marines printed with a lower morale play with morale %(morale)s and panic "
            "%(panic)s (counters): %(cards)s."
        ),
        "violation.springfields_date_the_force": gettext_noop(
            "Cards %(cards)s carry Springfield rifles, which date a force before %(before)s; "
            "this force is in %(period)s."
        ),
        "violation.lmgs_in_one_group": gettext_noop(
            "Group %(label)s sets up %(count)s LMG-class weapons together (%(cards)s); no two "
            "may start in the same group."
        ),
        "violation.partisans_not_available": gettext_noop(
            "The sources give no partisans for %(nationality)s forces."
        ),
        "violation.partisans_too_early": gettext_noop(
            "%(nationality)s partisans are available from %(available_from)s."
        ),
        "violation.partisans_elite": gettext_noop("Partisans cannot be elite troops."),
        "violation.partisans_vehicle": gettext_noop(
            "Card #%(card)s %(name)s is an %(unit_kind)s; partisans have none."
        ),
        "violation.partisans_leaders": gettext_noop(
            "Partisans have a single leader; this force has %(count)s."
        ),
        "violation.mountain_troops_nationality": gettext_noop(
            "The mountain article lists no %(nationality)s mountain troops: these elites fight "
            "as ordinary elite troops."
        ),
        "violation.mountain_troops_too_early": gettext_noop(
            "%(nationality)s mountain troops exist from %(available_from)s: in %(period)s these "
            "elites fight as ordinary elite troops."
        ),
        "violation.mountain_troops_black_rn": gettext_noop(
            "These elites are mountain troops only if you draw a black RN; on a red one they "
            "are ordinary elite troops."
        ),
        "violation.mountain_troops_not_mountain": gettext_noop(
            "mountain_troops is the outcome of the M12.1 draw, made only for a force under the "
            "mountain article: set mountain to true or remove mountain_troops."
        ),
        "violation.mountain_troops_not_elite": gettext_noop(
            "mountain_troops: only elite troops draw to be mountain troops (M12.1); remove the "
            "field or make the force elite."
        ),
        "violation.mountain_troops_nationality_drawn": gettext_noop(
            "mountain_troops: the mountain article lists no %(nationality)s mountain troops "
            "(M12.1), so there is nothing to draw; remove the field."
        ),
        "violation.mountain_troops_too_early_drawn": gettext_noop(
            "mountain_troops: %(nationality)s mountain troops exist from %(available_from)s "
            "(M12.1), not in %(period)s; remove the field."
        ),
        "violation.mountain_troops_drawn": gettext_noop(
            "Black RN drawn: these elites are mountain troops."
        ),
        "violation.mountain_troops_not_drawn": gettext_noop(
            "Red RN drawn: these elites are ordinary elite troops, without the mountain troops' "
            "abilities."
        ),
        "violation.random_reinforcements_deck_one": gettext_noop(
            "Deck 1 begins without a reshuffle of the discards, so random reinforcements paid "
            "for deck 1 come only from an attempt after the opponent draws a black 6 (48.2): "
            "the reshuffle attempt belongs to the next deck."
        ),
        "violation.extra_snipers_not_priced": gettext_noop(
            "A DYO force may buy more snipers, but no source gives their price: only the sniper "
            "capability and the double sniper are offered."
        ),
        "violation.replay_leaders": gettext_noop(
            "The Replay method needs exactly one SL and one ASL (a Commissar may replace "
            "either); this force has %(sl)s SL, %(asl)s ASL, %(commissar)s Commissar."
        ),
        # -- scenario findings (scenario_checks.py) -------------------------------------------
        "finding.matchup_not_historical": gettext_noop(
            "%(nationality)s and %(opponent)s forces did not meet in the war: the official table "
            "does not count this match-up as historical."
        ),
        "finding.mountain_scenario_excluded": gettext_noop(
            "Scenario %(letter)s is not played in the mountains: the mountain article excludes it."
        ),
        "finding.mountain_adaptation": gettext_noop(
            "In the mountains scenario %(letter)s is played with its own adaptation: %(count)s "
            "special rule(s)."
        ),
        "finding.mountain_adaptation_topography": gettext_noop(
            "In the mountains scenario %(letter)s is played with its own adaptation: %(count)s "
            "special rule(s), on %(topography)s topography."
        ),
        "finding.mountain_special_rule_missing": gettext_noop(
            "In the mountains scenario %(letter)s has this special rule, missing here: "
            "%(special_rule)s"
        ),
        "finding.mountain_topography_missing": gettext_noop(
            "In the mountains scenario %(letter)s is played on %(topography)s topography; "
            "choose it."
        ),
        "finding.mountain_topography_contradicts": gettext_noop(
            "In the mountains scenario %(letter)s is played on %(topography)s topography, not "
            "%(other_topography)s."
        ),
        "finding.topography_theatre": gettext_noop(
            "%(topography)s topography belongs to the %(theatre_name)s only."
        ),
        "finding.jungle_rules_matchup": gettext_noop(
            "The jungle rules are only for %(nationality)s forces facing one of: %(opponents)s."
        ),
        "finding.jungle_rules_matchup_later": gettext_noop(
            "The jungle rules are written only for %(nationality)s forces facing one of: "
            "%(opponents)s; rule %(other_rule)s brings this match-up into the Pacific without "
            "saying whether they hold: agree before play."
        ),
        "finding.marines_expected": gettext_noop(
            "%(nationality)s forces facing %(opponent)s forces are Marines unless a special rule "
            "says otherwise: mark the force as Marines or add that special rule."
        ),
        "finding.weather_requires": gettext_noop(
            "%(weather)s cannot hold without %(required_weather)s."
        ),
        "finding.weather_requires_any": gettext_noop(
            "%(weather)s cannot hold without one of: %(weather_options)s."
        ),
        "finding.weather_excludes": gettext_noop(
            "%(weather)s and %(other_weather)s cannot hold together."
        ),
        "finding.weather_excludes_clear": gettext_noop(
            "%(weather)s and %(other_weather)s cannot hold together: Clear is read here as "
            "no other weather being designated (99.1 does not say so outright); leave Clear out "
            "to play %(other_weather)s."
        ),
        "finding.weather_implied": gettext_noop(
            "With %(weather)s comes %(implied_weather)s: it holds even when it is not listed."
        ),
        "finding.italians_against_russians": gettext_noop(
            "%(nationality)s forces facing %(opponent)s forces: their Surrender and squad break "
            "rules do not apply, and their Panic is %(panic)s higher."
        ),
        "finding.desert_theatre": gettext_noop(
            "The desert deck and the desert rules belong to the %(theatre_name)s."
        ),
        "finding.desert_rules_implied": gettext_noop(
            "The desert deck is played with the Desert War desert rules: they hold even without "
            "that special rule."
        ),
        "finding.desert_rules_deck": gettext_noop(
            "The desert rules are written for the Buildings, Woods, Stream and Minefield cards of "
            "the standard or desert deck; agree how they fit the %(terrain_deck)s deck."
        ),
        # -- full-game findings (game_checks.py) ---------------------------------------------
        "finding.deck_change_card_type_replaced": gettext_noop(
            "This deck change names %(card_type)s, but no such card is left in the deck: rule "
            "%(by_rule)s replaces them all."
        ),
        "finding.deck_change_card_type_removed": gettext_noop(
            "This deck change names %(card_type)s, but no such card is left in the deck: an "
            "earlier change removes them all."
        ),
        "finding.deck_substitution_conflict": gettext_noop(
            "Two rules change the %(card_type)s cards differently (%(kept_rule)s and "
            "%(dropped_rule)s): agree which applies; the deck shown here follows %(kept_rule)s."
        ),
        "finding.deck_change_overridden": gettext_noop(
            "This change of the %(card_type)s cards does not apply, a special rule overrides "
            "it: %(special_rule)s"
        ),
        "finding.victory_needs_cards": gettext_noop(
            "Row %(rpn)s of the victory conditions table needs one of these cards in the deck: "
            "%(card_type)s; none is left as itself."
        ),
        "finding.elevation_card_cower": gettext_noop(
            "This change makes the %(card_type)s cards cower cards, but in the mountains they "
            "are the Elevation Cards of level %(level)s (%(by_rule)s) unless a special rule keeps "
            "them as they are: drop the change or add that special rule."
        ),
        "finding.victory_vp_limited": gettext_noop(
            "Row %(rpn)s of the victory conditions table counts some victory points only for "
            "cards in %(card_type)s, and none is left as such in this deck: those points cannot "
            "be scored, casualty points count as usual."
        ),
        "finding.victory_row_remove": gettext_noop(
            "Row %(rpn)s of the victory conditions table removes the first %(count)s "
            "%(card_type)s cards; the scenario's deck changes do not."
        ),
        "finding.victory_row_cower": gettext_noop(
            "Row %(rpn)s of the victory conditions table makes the %(card_type)s cards cower "
            "cards; the scenario's deck changes do not."
        ),
        "finding.special_rule_needs_mountain": gettext_noop(
            "This special rule belongs to the mountain article, but the scenario is not played "
            "in the mountains: %(special_rule)s"
        ),
        "finding.special_rule_needs_rule": gettext_noop(
            "This special rule needs another one that the scenario lacks (%(other_special_rule)s): "
            "%(special_rule)s"
        ),
        "finding.special_rule_needs_partisans": gettext_noop(
            "This special rule is for a partisan side, and neither side is partisans: "
            "%(special_rule)s"
        ),
        "finding.special_rule_no_effect": gettext_noop(
            "This special rule has no effect in this match-up: %(special_rule)s"
        ),
        "finding.special_rule_contradicts_force": gettext_noop(
            "The force is marked as Marines, against this special rule: %(special_rule)s"
        ),
        "finding.special_rule_time_limit": gettext_noop(
            "A special rule sets a time limit of %(decks)s decks, the scenario one of "
            "%(time_limit)s."
        ),
        "finding.special_rule_first_player": gettext_noop(
            "A special rule names another first player than the scenario does."
        ),
        "finding.special_rules_contradict": gettext_noop(
            "These special rules contradict each other: %(special_rule)s / %(other_special_rule)s"
        ),
        "finding.topography_needs_mountain": gettext_noop(
            "%(topography)s topography belongs to the mountain article: mark the scenario as "
            "played in the mountains."
        ),
        "finding.environment_needs_mountain": gettext_noop(
            "The environmental condition %(environment)s belongs to the mountain article: mark "
            "the scenario as played in the mountains."
        ),
        "finding.environment_weather_overlap": gettext_noop(
            "%(environment)s is both a mountain environmental condition and a weather condition "
            "(%(other_rule)s), with different rules: agree which applies."
        ),
        "finding.altitude_limit_needs_simplified_mountain": gettext_noop(
            "The highest Altitude Level belongs to the simplified mountain deck (T5.0): choose "
            "that deck, or leave the limit empty."
        ),
        "finding.matchup_years": gettext_noop(
            "%(nationality)s and %(opponent)s forces met only in %(years)s."
        ),
        # -- price lines (pricing.py) --------------------------------------------------------
        "line.card": gettext_noop("card %(card)s"),
        "line.secondary": gettext_noop("%(weapon)s (card %(card)s)"),
        "line.radio": gettext_noop("radio FS %(fire_strength)s"),
        "line.sniper": gettext_noop("sniper capability"),
        "line.sniper_allotted": gettext_noop("sniper capability, allotted by the scenario"),
        "line.double_sniper": gettext_noop("double sniper"),
        "line.reinforcements": gettext_noop(
            "reinforcements after deck %(after_deck)s (cards %(cards)s): %(face)s x %(multiplier)s"
        ),
        "line.random_reinforcements": gettext_noop("random reinforcements, deck %(deck)s"),
        "line.bolt_action_rifles": gettext_noop(
            "bolt-action rifles (cards %(cards)s): %(count)s x -%(discount)s"
        ),
        "line.elite": gettext_noop("elite %(percent)s%% on %(face)s"),
        "line.second_line": gettext_noop("second line %(percent)s%% on %(face)s"),
        "line.partisans": gettext_noop("partisans %(percent)s%% on %(face)s"),
        # -- faults of the Force document (force.py) -----------------------------------------
        "format.not_object": gettext_noop("A force must be a JSON object."),
        "format.required": gettext_noop("'%(field)s' is required."),
        "format.enum": gettext_noop("%(value)s is not one of: %(allowed)s."),
        "format.type": gettext_noop("must be of type %(type)s."),
        "format.type_any": gettext_noop("must be of one of the types %(types)s."),
        "format.minimum": gettext_noop("must be at least %(limit)s."),
        "format.maximum": gettext_noop("must be at most %(limit)s."),
        "format.unique_items": gettext_noop("must not repeat a value."),
        "format.max_length": gettext_noop("must be at most %(limit)s characters."),
        "format.invalid": gettext_noop("is not valid: %(detail)s"),
        "format.min_length": gettext_noop("must be at least %(limit)s characters."),
        "format.min_items": gettext_noop("must have at least %(limit)s items."),
        "format.max_items": gettext_noop("must have at most %(limit)s items."),
        "format.const": gettext_noop("must be %(value)s."),
        "format.not_scenario": gettext_noop("A scenario document must be a JSON object."),
        "format.not_library": gettext_noop("A library document must be a JSON object."),
        "format.version": gettext_noop(
            "This is version %(version)s of the format; this application reads version 1."
        ),
        "format.unknown_published_scenario": gettext_noop(
            "%(value)s is not a published scenario (A-X)."
        ),
        "format.unknown_weather": gettext_noop("%(value)s is not a known weather condition."),
        "format.unknown_topography": gettext_noop("%(value)s is not a known topography."),
        "format.unknown_environment": gettext_noop(
            "%(value)s is not a known environmental condition."
        ),
        "format.unknown_special_rule": gettext_noop("%(value)s is not a known special rule."),
        "format.unknown_card_type": gettext_noop("%(value)s is not a known action card type."),
        "format.custom_rule_text": gettext_noop("A custom special rule needs its text."),
        "format.card_above_highest": gettext_noop(
            "There is no personality card #%(card)s: card numbers go up to %(highest)s."
        ),
        "format.unknown_card": gettext_noop(
            "There is no %(nationality)s personality card #%(card)s."
        ),
        "format.side_roles": gettext_noop("The two sides must be one attacker and one defender."),
        "format.side_period": gettext_noop(
            "The force's %(field)s (%(value)s) differs from the scenario's (%(scenario)s)."
        ),
        "format.nul_character": gettext_noop("must not contain a NUL character (\\u0000)."),
        "format.too_deep": gettext_noop("The document is nested deeper than %(limit)s levels."),
        # -- public text (text.py) --------------------------------------------------------------
        "text.invisible": gettext_noop(
            "This text has no visible character: spaces and invisible characters (such as "
            "U+200B) alone are not accepted."
        ),
        "text.bidi_control": gettext_noop(
            "This text holds a character that reorders the text around it (U+202A to U+202E, "
            "U+2066 to U+2069): remove it."
        ),
        # -- draws (draws.py) ----------------------------------------------------------------
        "draw.parameter_needed": gettext_noop("'%(field)s' is needed for this table."),
        "draw.rpn_out_of_column": gettext_noop(
            "An RPN from column %(column)s runs from 1 to %(column)s."
        ),
        "draw.rn_out_of_range": gettext_noop("An RN runs from 0 to 6."),
        "draw.colour": gettext_noop("The colour is red or black."),
        "draw.no_table_row": gettext_noop("The table has no row %(rpn)s."),
        "draw.no_unit_type_column": gettext_noop(
            "The %(theatre)s unit type table has no %(nationality)s column for %(period)s."
        ),
        "draw.no_row_for_rpn": gettext_noop("No row covers that RPN."),
        "draw.time_frame_opponent": gettext_noop(
            "Rule 43.32 gives the column only against the US (6) and the Russians (9)."
        ),
        "draw.unknown_table": gettext_noop("Unknown table; choose one of %(tables)s."),
        "draw.unit_type_detail": gettext_noop(
            "%(theatre)s %(nationality)s %(period)s: %(troop_type)s"
        ),
        "draw.rn": gettext_noop("RN %(number)s %(colour)s"),
        "draw.troop_type": gettext_noop("%(troop_type)s"),
        "draw.decks": gettext_noop("%(decks)s decks"),
        "draw.mountain_troops": gettext_noop("mountain troops"),
        "draw.no_mountain_troops": gettext_noop("no mountain troops"),
        "draw.mountain_troops_nationality": gettext_noop(
            "The mountain article lists no %(nationality)s mountain troops."
        ),
        # -- the random scenario of rule 43 (generator.py) ---------------------------------
        "generator.theatre": gettext_noop("The theatre is ETO or PTO."),
        "generator.unknown_nationality": gettext_noop("Unknown nationality."),
        "generator.unknown_period": gettext_noop("Unknown period."),
        "generator.unknown_draw": gettext_noop("No draw of the scenario has this name."),
        "generator.seed_range": gettext_noop("A seed runs from 0 to 2147483647."),
        "generator.both_sides": gettext_noop("Choose both sides, or neither to draw them."),
        "generator.sides_needed": gettext_noop(
            "The tactical position table (43.31) holds only Germans against Russians or "
            "Americans in Europe: choose the attacker and the defender."
        ),
        "generator.sides_chosen": gettext_noop(
            "Sides chosen by the players: the tactical position table (43.31) holds only "
            "Germans against Russians or Americans in Europe."
        ),
        "generator.period_needed": gettext_noop(
            "The time frame table (43.32) gives a column only against the US (6) or the "
            "Russians (9): choose the date."
        ),
        "generator.period_chosen": gettext_noop(
            "Date chosen by the players, not drawn on the time frame table (43.32)."
        ),
        "generator.mountain_ground": gettext_noop(
            "The mountain article has no table to draw the topography or the environmental "
            "condition (M9, M10): choose them in the designer."
        ),
        "generator.mountain_troops_not_elite": gettext_noop(
            "%(role)s: not elite troops, so no mountain troops draw (M12.1)."
        ),
        "generator.mountain_troops_nationality": gettext_noop(
            "%(role)s: the mountain article lists no %(nationality)s mountain troops, so their "
            "elites draw nothing (M12.1)."
        ),
        "generator.mountain_troops_too_early": gettext_noop(
            "%(role)s: %(nationality)s mountain troops exist from %(available_from)s, not in "
            "%(period)s, so their elites draw nothing (M12.1)."
        ),
        "generator.marines": gettext_noop(
            "%(role)s: Americans facing the Japanese are Marines unless a special rule says "
            "otherwise (46.1)."
        ),
        "generator.rn_assumption": gettext_noop(
            "No source gives how many action cards carry each number, so the server takes "
            "every RN 0-6, red or black, and every RPN of a column as equally likely."
        ),
        "generator.bid": gettext_noop(
            "The points each side spends are not drawn: the players choose the defending "
            "force together, then each secretly writes the cheapest attacking force he thinks "
            "can win; the cheaper one attacks and plays first (43.35-43.36)."
        ),
        "draw.mountain_troops_too_early": gettext_noop(
            "%(nationality)s mountain troops exist from %(available_from)s, not in %(period)s."
        ),
        # -- the random scenario: the rules' refusals of the generator (generator.py) ---------
        "generator.victory_row_range": gettext_noop(
            "The victory conditions row runs from 1 to 8 (43.33)."
        ),
        "generator.victory_row_chosen": gettext_noop(
            "Victory conditions row %(row)s chosen by the players, not drawn (43.33)."
        ),
        "generator.victory_row_agreed": gettext_noop(
            "The players may agree on another victory conditions row instead of the one drawn "
            "(43.33): choose it on the roll."
        ),
        "generator.no_unit_type_table": gettext_noop(
            "%(role)s: the %(theatre)s unit type table has no %(nationality)s column: choose "
            "another side."
        ),
        "generator.unit_type_column_empty": gettext_noop(
            "%(role)s: the %(theatre)s unit type table gives no %(nationality)s troops for "
            "%(period)s (no column, or one printed “–”): choose another date."
        ),
        "generator.time_frame_reaches_empty_column": gettext_noop(
            "%(role)s: the time frame table (43.32) can give %(period)s, for which the "
            "%(theatre)s unit type table gives no %(nationality)s troops: choose the date."
        ),
        # What the player owns (GenerateRequest.owned): a choice refused, a choice left out.
        "generator.nationality_not_owned": gettext_noop(
            "%(nationality)s: you do not own %(expansion)s, which brings them: choose another "
            "side, or mark it as owned in your settings."
        ),
        "generator.theatre_not_owned": gettext_noop(
            "%(theatre_name)s: its unit type table (45.9) is in %(expansion)s, which you do not "
            "own."
        ),
        "generator.mountain_not_owned": gettext_noop(
            "The mountain rules are in %(expansion)s, which you do not own."
        ),
        "generator.nationality_left_out": gettext_noop(
            "%(nationality)s left out: you do not own %(expansion)s."
        ),
        "generator.theatre_left_out": gettext_noop(
            "%(theatre_name)s left out: you do not own %(expansion)s (45.9)."
        ),
        "generator.mountain_left_out": gettext_noop(
            "Mountain rules left out: you do not own %(expansion)s."
        ),
        "generator.time_frame_pacific": gettext_noop(
            "The date is drawn on column %(column)s against the US in the Pacific too (43.32), "
            "so the American 1941b and 1942a columns of the Pacific table (45.9) are never drawn."
        ),
        "generator.same_nation": gettext_noop(
            "Both sides are %(nationality)s: no table of rule 43 pairs a nation with itself "
            "(43.31); the players chose it."
        ),
        "generator.attacker_troop_type": gettext_noop(
            "The attacker's troop type (%(troop_type)s) is drawn, but 43.5 makes it part of the "
            "force each player bids for (elite +15%%, second line −15%%): agree whether the "
            "bids keep it."
        ),
        "generator.marines_troop_type": gettext_noop(
            "%(role)s: Marines are semi-elite (46.1) and the unit type table drew "
            "%(troop_type)s: agree which applies, as no source combines them."
        ),
        "generator.mountain_pillbox": gettext_noop(
            "In the mountains the Pillbox is the level 4 card (M11), so it is not made a cower "
            "card as 43.33 says."
        ),
        "generator.mountain_buildings_kept": gettext_noop(
            "In the mountains the Buildings mark levels 2 and 3 (M3.2, M3.3), so 43.33's "
            "removal of the first %(count)s Buildings is not made, as M11 removes no card from "
            "the published scenarios it adapts."
        ),
        "generator.mountain_stream": gettext_noop(
            "In the mountains the Stream is a crevasse (M3.5), not a level: 43.33's removal of "
            "the first Stream stands, as in M11's scenario C."
        ),
        "generator.dyo_cards": gettext_noop(
            "In a DYO game the Minefield is a cower card, and so is the Pillbox unless it is "
            "allotted to the defender (43.6)."
        ),
        "generator.dyo_snipers": gettext_noop(
            "Snipers go to the defender; the attacker may buy sniper use (43.6)."
        ),
        **COMPANION_MESSAGES,  # upfront/rules/companion_messages.py
    }
)


# Slots: a validation makes dozens of these per answer; without a __dict__ each is made in
# half the time and is one object fewer for the garbage collector (docs/performance.md).
@dataclass(frozen=True, slots=True)
class Message:
    """A sentence for a player: a message id of :data:`MESSAGES` and its parameters."""

    id: str
    params: Mapping[str, Param] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if self.id not in MESSAGES:
            raise KeyError(f"unknown message id {self.id!r}")

    def english(self) -> str:
        """The English source text with codes left as codes (logs, exceptions, tests)."""
        return MESSAGES[self.id] % dict(self.params)

    def __str__(self) -> str:
        return self.english()

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "params": dict(self.params)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Message:
        return cls(str(data["id"]), dict(data.get("params") or {}))


def message(id: str, **params: Param) -> Message:
    return Message(id, params)
