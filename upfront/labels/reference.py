"""Labels of the codes the reference data uses as keys.

Kept whole: a catalogue of label tables (data), one per code set of the reference data.

The data files name things with stable codes (a DYO table ``bid_procedure``, a rule topic
``banzai_charge``, a scenario special rule category ``deck``). Those codes never reach a page:
each one has a translated label here. A code the data uses with no label is reported by the
page tests (tests/reference/test_pages.py), so new data cannot slip codes in. Where a data code
is an engine code too (a secondary weapon, a troop type), its label is the engine code's.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from upfront.labels.game import (
    EXPANSION,
    FORCE_VARIANT,
    LEADER_ROLE,
    SECONDARY_WEAPON,
    SNIPER_OPTION,
    TROOP_TYPE,
)
from upfront.labels.types import Label
from upfront.rules.codes import DRAW_TABLES

# Tables of rule 43 and the other DYO facts (dyo_tables.csv, column ``table``).
DYO_TABLE: Mapping[str, Label] = {
    "at_secondary_limit": _("Anti-tank secondary weapons per squad"),
    "bid_procedure": _("Bidding for the attack"),
    "bid_time_limit": _("Time limit of a bid game"),
    "campaign_elan": _("Campaign: élan points"),
    "campaign_vp": _("Campaign: victory points"),
    "dyo_first_move": _("Who moves first in DYO"),
    "groups": _("Groups"),
    "play_balance": _("Play balance bid"),
    "random_reinforcement_rules": _("Random reinforcement attempts"),
    "random_reinforcement_table": _("Random reinforcement table"),
    "random_reinforcements": _("Random reinforcement capability"),
    "reinforcement_discount": _("Reinforcement discount by arrival deck"),
    "reinforcement_limit": _("Reinforcement limits"),
    "replay_dyo": _("Replaying a scenario with DYO forces"),
    "secondary_weapon_cost": _("Secondary weapon costs"),
    "sniper": _("Snipers"),
    "squad_definition": _("Men per squad"),
    "tactical_position": _("Tactical position table"),
    "time_frame": _("Time frame table"),
    "troop_type_limits": _("Troop type limits"),
    "troop_type_modifier": _("Troop type modifiers"),
    "unit_type_usage": _("Reading the unit type table"),
    "variant_501_city_fight_in_four": _("Variant: 501 City Fight in Four"),
    "victory_conditions": _("Victory conditions table"),
    # not DYO table rows (the unit type table and M12.1 have their own data): the draw API's
    "unit_type": _("Unit type table"),
    "mountain_troops": _("Mountain troops"),
}
# The tables the draw API rolls on (codes.DRAW_TABLES) are DYO tables.
DRAW_TABLE: Mapping[str, Label] = {code: DYO_TABLE[code] for code in DRAW_TABLES}

# DYO purchases other than Personality cards (DYOPrice.item).
DYO_ITEM: Mapping[str, Label] = {
    **SECONDARY_WEAPON,
    "radio": _("Radio"),
    "sniper": SNIPER_OPTION[1],
    "double_sniper": SNIPER_OPTION[2],
    "random_reinforcements": _("Random reinforcement capability (per deck)"),
    "reinforcement_multiplier": _("Reinforcement multiplier"),
    "troop_type_modifier": _("Troop type modifier"),
}

# Troop types as DYO prices name them; partisans are a force variant priced like one.
DYO_TROOP_TYPE: Mapping[str, Label] = {**TROOP_TYPE, "partisans": FORCE_VARIANT["partisans"]}

# Topics of numbered rule summaries: nationality rules, terrain deck rules, fire rules and the
# mountain article's summaries. One label per topic code, whatever the model.
RULE_TOPIC: Mapping[str, Label] = {
    "bolt_action": _("Bolt-action rifles"),
    # hands, cards and squads
    "hand_capacity": _("Hand and discards"),
    "split_cards": _("Split cards"),
    "firepower_bonus": _("Fire power bonus"),
    "troop_types": _("Troop types"),
    "squad_break": _("Squad break"),
    "rout": _("Rout"),
    "free_movement": _("Free movement"),
    "useless_cards": _("Useless cards"),
    "surrender": _("Surrender"),
    "vs_russians": _("Against the Russians"),
    "partisans": _("Partisans"),
    # weapons and vehicles
    "piat": _("PIAT"),
    "guns_without_he": _("Guns without HE"),
    "bren_carrier": _("Bren Carrier and Wasp"),
    "bren_lmg": _("Bren LMG"),
    "lmg": _("LMG"),
    "lmg_malfunction": _("LMG malfunction"),
    "heavy_weapons": _("Heavy weapons"),
    "pistols": _("Pistols"),
    "bayonets": _("Bayonets"),
    "char_b1": _("Char B1"),
    "anti_tank_hero": _("Heroism against armour"),
    # DYO
    "dyo_radio_cost": _("Radio cost in DYO"),
    "dyo_costs": _("DYO costs"),
    "anti_tank_limits": _("Anti-tank weapon limits"),
    "pto_unit_type_table": _("Pacific unit type table"),
    "application": _("Which scenarios"),
    # Japanese
    "bushido": _("Bushido"),
    "infiltration": _("Infiltration"),
    "banzai_charge": _("Banzai charge"),
    "banzai_rally": _("Banzai: rally"),
    "banzai_movement": _("Banzai: movement"),
    "banzai_terrain_cards": _("Banzai: terrain cards"),
    "banzai_contact": _("Banzai: contact"),
    "banzai_terrain": _("Banzai: difficult terrain"),
    "banzai_duration": _("Banzai: duration"),
    "banzai_concealment": _("Banzai: concealment"),
    "banzai_fire_effects": _("Banzai: fire against chargers"),
    "banzai_vs_armour": _("Banzai: against armour"),
    "banzai_counterattack": _("Banzai: counter-attack"),
    "banzai_victory": _("Banzai: victory conditions"),
    # Marines
    "marines_identification": _("Who is a Marine"),
    "marines_morale": _("Marine morale"),
    "marines_hand": _("Marine hand"),
    "fire_teams": _("Fire teams"),
    # random reinforcements
    "rr_entitlement": _("Who may use them"),
    "rr_attempt": _("Attempts"),
    "rr_special_cases": _("Special cases"),
    "rr_discard": _("Discards"),
    "rr_table": _("The table"),
    "rr_free_choice": _("Free choice (*)"),
    "rr_substitution": _("Substitutions"),
    "rr_entry": _("Entry"),
    "rr_sniper": _("Sniper results"),
    "rr_sniper_targets": _("Sniper targets"),
    "rr_sniper_check": _("Sniper checks"),
    "rr_sniper_entry": _("Sniper arrival"),
    "rr_table_french_italian": _("French and Italian table"),
    # solitaire
    "solitaire": _("Solitaire"),
    "solitaire_actions": _("Solitaire: actions"),
    "solitaire_hands": _("Solitaire: hands"),
    "solitaire_honesty": _("Solitaire: playing both sides"),
    # terrain decks
    "terrain_variations": _("Terrain variations"),
    "minefield": _("Minefield"),
    "hill": _("Hill"),
    # 52.13, 52.14, 52.16: the desert's reading of the standard deck's cards.
    "stream": _("Stream"),
    "buildings": _("Buildings"),
    "woods": _("Woods"),
    "wall": _("Wall"),
    "entrenchment": _("Entrenchment"),
    "malfunction": _("Malfunction"),
    "sandstorm": _("Sandstorm"),
    "applicability": _("When it applies"),
    "fire_strength": _("Fire strength"),
    "marsh": _("Marsh"),
    "afv": _("AFVs"),
    "sewer_search": _("Sewers: search"),
    "sewer_entry": _("Sewers: entering"),
    "sewer_morale": _("Sewers: morale"),
    "sewer_combat": _("Sewers: combat"),
    "sewer_actions": _("Sewers: actions"),
    "sewer_exit": _("Sewers: leaving"),
    "max_altitude": _("Highest altitude for guns and AFVs"),
    "altitude_levels": _("Altitude levels"),
    "different_levels": _("Groups at different levels"),
    "fire_modifier": _("Fire modifier"),
    "initial_placement": _("Initial placement"),
    "aggression_vp": _("Aggression victory points"),
    "other_cards": _("Other cards"),
    # fire
    "ignition": _("Ignition"),
    "flamethrower_breakdown": _("Flamethrower breakdown"),
    "extinguish": _("Putting a fire out"),
    "effects": _("Effects"),
    "spread": _("Spreading"),
    "end": _("End of the fire"),
    "burning_card": _("The Burning card"),
    # mountain article
    "relative_elevation": _("Relative elevation"),
    "elevation_levels": _("Elevation levels"),
    "card_meanings": _("What the cards mean"),
    "hill_marsh_level_1": _("Hill and Marsh: level 1"),
    "buildings_2_level_2": _("Buildings -2: level 2"),
    "buildings_3_level_3": _("Buildings -3: level 3"),
    "pillbox_level_4": _("Pillbox: level 4"),
    "stream_impassable": _("Stream: impassable"),
    "setup_terrain": _("Set-up terrain"),
    "change_level": _("Changing level"),
    "movement_same_level": _("Movement at the same level"),
    "level_4_cramped": _("Level 4 is cramped"),
    "individual_transfers": _("Individual transfers"),
    "reinforcements": _("Reinforcements"),
    "relative_elevation_range": _("Elevation and range"),
    "defence_from_below": _("Fire from below"),
    "fire_from_above": _("Fire from above"),
    "guns_firing_up": _("Guns firing upwards"),
    "artillery": _("Artillery"),
    "gully": _("Gully"),
    "infiltration_close_combat": _("Infiltration and close combat"),
    "afv_ground_only": _("AFVs stay on the ground"),
    "afv_fired_from_above": _("AFVs fired on from above"),
    "assault_guns": _("Assault guns"),
    "infantry_guns": _("Infantry guns"),
    "topography_by_geography": _("Topography"),
    "excluded_scenarios": _("Scenarios not played in the mountains"),
    "scenario_changes": _("Changes to the scenarios"),
    "pillbox_is_level_4": _("The Pillbox is level 4"),
    "victory_terrain": _("Victory terrain"),
    "elite_only": _("Elite only"),
    "dyo_black_rn": _("Bought in DYO"),
    "frozen_weapons": _("Frozen weapons"),
    "elevation_change": _("Changing elevation"),
    "availability": _("Availability"),
    "partisans_scenario_i": _("Partisans in scenario I"),
    # the rows of the 43.33 victory conditions table (RuleSummary group "victory_conditions")
    "rpn_1": _("Row 1"),
    "rpn_2": _("Row 2"),
    "rpn_3": _("Row 3"),
    "rpn_4": _("Row 4"),
    "rpn_5": _("Row 5"),
    "rpn_6": _("Row 6"),
    "rpn_7": _("Row 7"),
    "rpn_8": _("Row 8"),
}

# Groups of rule summaries (RuleSummary.group): the engine's, and the mountain article's.
RULE_GROUP: Mapping[str, Label] = {
    "dyo": _("The DYO rules in brief"),
    "scenario": _("Scenario checks"),
    "mountain_elevation": _("Elevation rules"),
    "mountain_scenarios": _("Mountain scenarios"),
    "mountain_troops": _("Mountain troop rules"),
    "victory_conditions": _("Victory conditions and the deck (43.33)"),
}

# Scenario special rule categories (SpecialRule.category).
SSR_CATEGORY: Mapping[str, Label] = {
    "setup": _("Set-up"),
    "deck": _("Deck"),
    "terrain": _("Terrain"),
    "movement": _("Movement"),
    "force": _("Forces"),
    "morale": _("Morale"),
    "time": _("Time limit"),
    "weather": _("Weather and night"),
    "victory": _("Victory"),
    "custom": _("Free text"),
}

# Special rules by name (SpecialRule.code), as the designer's list offers them: the catalogue's
# texts are sentences, too long for a choice.
SSR_NAME: Mapping[str, Label] = {
    "custom": _("Custom rule (your own text)"),
    "cards_removed": _("Cards removed from the deck"),
    "cower_cards": _("Cower cards"),
    "first_card_discarded_when_drawn": _("First cards drawn discarded"),
    "marsh_not_cower": _("Marsh not a cower card"),
    "minefields_are_booby_traps": _("Minefields as Booby Traps"),
    "minefields_cower": _("Minefields are cower cards"),
    "topography_removals_ignored": _("No cards removed for the topography"),
    "americans_not_marines": _("Americans not Marines"),
    "attacker_afv": _("Attacker's AFVs"),
    "partisan_rules": _("Partisan rules"),
    "random_reinforcements": _("Random reinforcements"),
    "snipers_allotted": _("Snipers allotted"),
    "reinforcements": _("Reinforcements"),
    "no_encirclement": _("No encirclement"),
    "partisans_mountain_movement": _("Partisans move as mountain troops"),
    "defender_entrenched": _("Defender entrenched"),
    "first_player": _("First player"),
    "keep_elevation_between_segments": _("Elevation kept between segments"),
    "setup_card_given": _("Card given before set-up"),
    "setup_elevation_cards": _("Elevation cards at set-up"),
    "side_starts_at_ground_level": _("Side starts at ground level"),
    "desert_rules": _("Desert rules"),
    "jungle_rules": _("Jungle rules"),
    "pillbox_not_elevation": _("Pillbox not level 4"),
    "time_limit": _("Time limit"),
    "two_segments": _("Two segments"),
    "victory_conditions": _("Victory conditions"),
    "night_rules": _("Night rules"),
}

# What a scenario using a special rule fills in (SpecialRule.parameters keys).
SSR_PARAMETER: Mapping[str, Label] = {
    "side": pgettext_lazy("scenario", "Side"),
    "count": _("How many"),
    "target": _("On which groups"),
    "when": _("When"),
    "draw_if_none": _("With none in hand"),
    "card_type": _("Card type"),
    "card_types": _("Card types"),
    "decks": _("Decks"),
    "which": _("Which cards"),
    "sets_up_first": _("Sets up first"),
    "moves_first": _("Moves first"),
    "placed_on_group": _("Placed on group"),
    "after_deck": _("After deck"),
    "text": _("Text"),
}

# Values a special rule parameter may take.
SSR_VALUE: Mapping[str, Label] = {
    "attacker": _("the attacker"),
    "defender": _("the defender"),
    "both": _("both sides"),
    "axis": _("the Axis side"),
    "german": _("the German side"),
    "partisan": _("the partisan side"),
    "card_order": _("in the order shown on the card"),
    "one": _("one"),
    "one_or_more": _("one or more"),
    "any": _("any number"),
    "any_group": _("any group"),
    "own_groups": _("its own groups"),
    "own_group_b": _("its own group B"),
    "start": _("at the start of play"),
    "second_segment": _("at the start of the second segment"),
    "first_found": _("takes the first one found in the deck"),
    "as_needed": _("takes as many as needed from the deck"),
    "alternately": _("players take them from the deck in turn"),
    "first": _("the first ones"),
    "all": _("all"),
    "all_except_occupied": _("all except those occupied"),
}

# Free-form parameter types (``str``, ``int``, ...) read as what the author writes.
SSR_TYPE: Mapping[str, Label] = {
    "int": _("a number"),
    "str": _("a name"),
    "list[str]": _("a list"),
    "card_type": _("a card type"),
    "card_types": _("one or more card types"),
    "side": _("a side"),
    "placed_on_group": _("a group letter"),
    "text": _("free text"),
}

# Leader roles as the personality card lists print them (PersonalityCard.leader_role).
CARD_LEADER_ROLE: Mapping[str, Label] = {
    **LEADER_ROLE,
    "SL or ASL (not stated which)": _("SL or ASL"),
}

# The vehicle and gun descriptions of the card list (PersonalityCard.vehicle_type, after
# its leading "AFV"/"IG"), a closed set in the reference data.
VEHICLE_TYPE: Mapping[str, Label] = {
    "tank": _("tank"),
    "half-track": _("half-track"),
    "flamethrower": _("flamethrower"),
    "assault gun": _("assault gun"),
    "armoured car": _("armoured car"),
    "open-topped tank destroyer": _("open-topped tank destroyer"),
    "open-topped": _("open-topped"),
    "open-topped carrier": _("open-topped carrier"),
    "open-topped flamethrower; Bren-carrier type": _("open-topped flamethrower carrier"),
    "self-propelled gun": _("self-propelled gun"),
    "tank, two guns": _("tank with two guns"),
    "anti-tank gun": _("anti-tank gun"),
    "field gun": _("field gun"),
}

# Published scenarios: the expansion and kind columns are a closed vocabulary.
PUBLISHED_EXPANSION: Mapping[str, Label] = {
    "base (Up Front)": _("Up Front"),
    "Banzai": EXPANSION["banzai"],
    "Desert War": EXPANSION["desert_war"],
}
SCENARIO_TYPE: Mapping[str, Label] = {
    "meeting engagement": _("meeting engagement"),
    "attack/defence": _("attack and defence"),
    "attack/defence, two segments": _("attack and defence in two segments"),
    "multi-player meeting engagement": _("meeting engagement for several players"),
}

# Fire ignition table (T4-fire.1): weapon groups and results.
FIRE_WEAPON_GROUP: Mapping[str, Label] = {
    "flamethrower": _("Flamethrower"),
    "demolition_ordnance_artillery": _("Demolition charge, ordnance, artillery"),
    "bazooka_psk_pzf_mortar": _("Bazooka, Panzerschreck, Panzerfaust, mortar"),
}


# Rule references that are words rather than numbers (SpecialRule.rule and others).
RULE_WORD: Mapping[str, Label] = {"scenario card": _("scenario card")}

# The documents a record's ``source`` cites, by file name (the seeds, /work/shared/seeds/README.md,
# and the text copies and reference tables, reference/SOURCES.md). A player reads the document's
# name, never the file's: the names of the seeds are hashes and the copies' are a collector's.
SOURCE_DOCUMENT: Mapping[str, Label] = {
    # the seeds: the documents the product was commissioned from
    "000_1a586b5640df8116.txt": _("mountain article “Up Front – Montagna”"),
    "001_50e12e84c81bc2ca.txt": _("Banzai expansion rules (Italian translation)"),
    "002_a35b64a32b19335e.txt": _("weather rules blog post (adapted from ASL)"),
    "003_251f20c8b09cbdaa.txt": _("alternative terrain article “Terreni alternativi” v1.2"),
    "004_691449f2ac128484.txt": _("Desert War expansion rules (Italian translation)"),
    # public text copies of the base game's documents
    "UF RuleBook updated.txt": _(
        "fan-compiled rulebook (2nd edition with Banzai, Desert War and the official Q&A)"
    ),
    "up-front-rules.txt": _("printed rulebook, 2nd edition"),
    "Up_Front.txt": _("The General, vol. 26 no. 5 (1990)"),
    "Up_Front_Errata_Pages.txt": _("Up Front errata pages (errata and official Q&A)"),
    "UF_Scenarios_2-5.txt": _("reformatted scenario cards A–X, version 2.5 (fan work)"),
    "Upfront_Scenarios_1.txt": _("reformatted scenario cards A–X, version 1.0 (fan work, 2005)"),
    "What_is_UpFront.txt": _("beginner’s review “What is Up Front”"),
    # the reference tables compiled from those copies
    "action_deck.csv": _("reference tables: Action deck"),
    "dyo_tables.csv": _("reference tables: DYO"),
    "nationalities.csv": _("reference tables: nationalities"),
    "scenarios.csv": _("reference tables: scenarios"),
    "valid_matchups.csv": _("reference tables: valid match-ups"),
    "weapons.csv": _("reference tables: weapons"),
    # this site's own documents
    "interchange-format.md": _("this site’s scenario document format"),
}

# How sure the data is of a fact (Sourced.confidence; a Random Number distribution may be an
# assumption). Lower-case: it is read mid-sentence ("confidence: high").
CONFIDENCE: Mapping[str, Label] = {
    "high": _("high"),
    "medium": _("medium"),
    "low": _("low"),
    "assumption": _("assumption"),
}
# Which split cards a nationality may use (Nationality.split_cards, 22.1).
SPLIT_CARDS: Mapping[str, Label] = {
    "american": _("American side"),
    "german": _("German side"),
    "russian": _("Russian side"),
    "american_or_german": _("American or German side"),
    "none": _("None (split cards are cower cards)"),
}
# What a weather condition is (WeatherCondition.kind).
WEATHER_KIND: Mapping[str, Label] = {
    "condition": _("Condition"),
    "troop_capability": _("Troop capability"),
}
# A published scenario's texts about its cards, by column (the designer's prefill shows them).
PUBLISHED_SCENARIO_TEXT: Mapping[str, Label] = {
    "deck_removals": _("Removed from the deck"),
    "cower_cards": _("Cower cards"),
    "first_player": _("First player"),
}
