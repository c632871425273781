"""The game's code sets, defined once (interchange format v1, docs/interchange-format.md).

Everything else derives from these tuples: the JSON Schemas' enums, the Django model and
serializer choices (labels are translated in the Django layer, ``upfront/labels/``),
the API's filters, the templates and the builder's JavaScript (through ``json_script``). A code
is a stable identifier, never shown to a player.
"""

from __future__ import annotations

from typing import Final

NATIONALITIES: Final = ("german", "american", "russian", "british", "japanese", "italian", "french")

# Half-year periods: a = January-June, b = July-December.
PERIODS: Final = tuple(f"{year}{half}" for year in range(1941, 1946) for half in "ab")

THEATRES: Final = ("ETO", "PTO")  # European / Pacific theatre of operations

# 39.8 / 43.5: national names (SS, Guards, Samurai, Home Guard...) are labels of these.
TROOP_TYPES: Final = ("line", "elite", "second_line")

# 46.1 US Marines; 37.1 / 50.9 / 51.3 partisans.
FORCE_VARIANTS: Final = ("marines", "partisans")

# 43.7 / 45.7: secondary weapons a man may carry.
SECONDARY_WEAPONS: Final = ("atmm", "panzerfaust", "demolition_charge", "at_mine")
# 53.1: the anti-tank ones count against the per-squad limit (radios and charges do not).
AT_SECONDARY_WEAPONS: Final = frozenset({"atmm", "panzerfaust", "at_mine"})
# 43.7: a secondary weapon is carried by a man, never by an AFV or an infantry gun.
SECONDARY_WEAPON_CARRIERS: Final = frozenset({"infantry"})

# 43.7: radios are bought by fire strength.
RADIO_FIRE_STRENGTHS: Final = (5, 6, 7)
# 43.6: none, sniper capability, double sniper.
SNIPER_OPTIONS: Final = (0, 1, 2)
# 43.2 Replay method: which leader the replaying side keeps.
REPLAY_LEADERS: Final = ("sl", "asl")

LEADER_ROLES: Final = ("SL", "ASL", "Commissar")
UNIT_KINDS: Final = ("infantry", "AFV", "IG")

# Rule 43 (and M12.1) tables the draw API can roll on.
DRAW_TABLES: Final = (
    "unit_type",
    "time_frame",
    "tactical_position",
    "victory_conditions",
    "bid_time_limit",
    "mountain_troops",
)
RN_COLOURS: Final = ("red", "black")

# Terrain deck variants: the standard deck, the alternative terrain article (T1-T5) and the
# mountain article's elevation deck.
TERRAIN_DECKS: Final = (
    "standard",
    "desert",
    "jungle",
    "city",
    "rural",
    "mountain",
    "mountain_elevation",
)
SIMPLIFIED_MOUNTAIN_DECK: Final = "mountain"  # T5: the alternative terrain article's deck

SEVERITIES: Final = ("error", "warning", "info")

# What a scenario needs beyond the base game: the two expansions and the three articles.
EXPANSIONS: Final = ("banzai", "desert_war", "mountain", "weather", "terrain")

# Who may see a scenario or a library: its owner (and collaborators), anyone with the link,
# or everyone (listed, searched, in feeds).
VISIBILITIES: Final = ("private", "unlisted", "public")

# The languages a scenario's texts and a setup sheet are written in (the site's too).
LANGUAGES: Final = ("en", "it")

# Special rules of the catalogue (reference data, special_rules.yaml) whose effect the engine
# computes itself, by code.
SSR_CUSTOM: Final = "custom"  # free text: the scenario's own words, not the catalogue's
SSR_DESERT_RULES: Final = "desert_rules"  # 52, 53.1: the Desert War desert rules
SSR_JUNGLE_RULES: Final = "jungle_rules"  # 47: the Banzai jungle rules
SSR_NOT_MARINES: Final = "americans_not_marines"  # 46.1: the exception to Marines
SSR_RANDOM_REINFORCEMENTS: Final = "random_reinforcements"  # 48, for the whole game
SSR_SNIPERS_ALLOTTED: Final = "snipers_allotted"  # 43.6: the side's sniper capability is given
SSR_TWO_SEGMENTS: Final = "two_segments"
SSR_KEEP_ELEVATION: Final = "keep_elevation_between_segments"  # M11: needs two segments
SSR_TIME_LIMIT: Final = "time_limit"
SSR_FIRST_PLAYER: Final = "first_player"
SSR_MINEFIELDS_COWER: Final = "minefields_cower"  # M11
SSR_BOOBY_TRAPS: Final = "minefields_are_booby_traps"
SSR_COWER_CARDS: Final = "cower_cards"
SSR_CARDS_REMOVED: Final = "cards_removed"
SSR_DISCARDED_WHEN_DRAWN: Final = "first_card_discarded_when_drawn"
SSR_PILLBOX_NOT_ELEVATION: Final = "pillbox_not_elevation"
SSR_MARSH_NOT_COWER: Final = "marsh_not_cower"
SSR_NO_REMOVALS: Final = "topography_removals_ignored"

# Interchange format limits (3.2: groups are lettered; a label is short).
GROUP_LABEL_MAX_LENGTH: Final = 20
MAX_AFTER_DECK: Final = 20

# Play records (what players report after playing a scenario): who won, how the game ended,
# and what ended it early. 52.4: a sandstorm (red 6 drawn at the end of a deck in the
# desert) ends the scenario at once; M10.4: so does an avalanche in deep snow.
PLAY_WINNERS: Final = ("attacker", "defender", "draw")
TIME_LIMIT_ENDING: Final = "time_limit"
VICTORY_ENDING: Final = "victory_condition"
EARLY_END_ENDING: Final = "early_end"
PLAY_ENDINGS: Final = (TIME_LIMIT_ENDING, VICTORY_ENDING, EARLY_END_ENDING)
OTHER_CAUSE: Final = "other"  # an early end of no cause the rules name
EARLY_END_CAUSES: Final = ("sandstorm", "avalanche", OTHER_CAUSE)
# The rule that ends a scenario early for each cause (none for "other").
EARLY_END_RULES: Final = {"sandstorm": "52.4", "avalanche": "M10.4", "other": None}
# What the recorded plays say of a scenario's balance (upfront/rules/balance.py).
# "leans_…": the interval still holds 50 % but the share is far from it (balance.LEAN_MARGIN).
BALANCE_VERDICTS: Final = (
    "favours_attacker",
    "favours_defender",
    "leans_attacker",
    "leans_defender",
    "balanced",
    "too_few_plays",
)
# Where a play record stands with the other side's player (docs/plays.md):
# ``unconfirmed`` has no other account to confirm it (the recorder's word alone, or sides not
# recorded); ``awaiting`` waits for the account named as the other side; only ``confirmed``
# records count in the balance, and a ``rejected`` one is kept out of it.
UNCONFIRMED: Final = "unconfirmed"
AWAITING: Final = "awaiting"
CONFIRMED: Final = "confirmed"
REJECTED: Final = "rejected"
PLAY_CONFIRMATIONS: Final = (UNCONFIRMED, AWAITING, CONFIRMED, REJECTED)
