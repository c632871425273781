"""The words a player reads for every code: each code's label is defined here, once.

Kept whole: the registry of every label table and the few lookups over it; the tables
themselves live in the submodules below.

The engine (``upfront.rules``) and the reference data name things with stable codes (``ETO``,
``at_mine``, a special rule's ``card_type``); a code never reaches a page. Forms, model and
serializer choices, reference pages, reports, setup sheets, the API and the builder's
JavaScript all take their words from this package, lazily translated in the active language:

- :mod:`upfront.labels.game`: the engine's code sets (``upfront.rules.codes``) and the
  scenario document's (``upfront.rules.scenario``, ``upfront.rules.deck``);
- :mod:`upfront.labels.reference`: the codes the reference data uses as keys (DYO tables, rule
  topics, special rules' categories, parameters and values, the source documents' files);
- :mod:`upfront.labels.weather`: the codes weather effects are written with (whom an effect
  applies to, when, what it modifies), which ``upfront.reference.phrasing`` makes sentences of;
- :mod:`upfront.labels.site`: the site's own codes (jobs, revalidation runs, bin notices, the
  orders of a list), which the models' choices and the filters take their words from.

:func:`language` is the one place that asks which language is active; :func:`localized` picks
a bilingual text of the data.

A label is written as it reads mid-sentence (the engine's messages embed them); shown on its
own it is capitalised (:func:`standalone`, :func:`choices`, the ``capfirst`` template filter).
Every table is listed in :data:`TABLES`, and tests/project/test_codes.py proves each code has
an English and an Italian label (:data:`LABELLED` pairs the engine's code sets with their
tables; the models' choices are walked against theirs).

A page never shows a raw code: :func:`label` asked for a code of a closed set (:data:`CLOSED`)
that its table lacks raises :class:`MissingLabel` in development and under tests (so a new
code without its words fails the test that shows it), and in production logs an error and shows
nothing rather than the code.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings
from django.utils.text import capfirst
from django.utils.translation import get_language

from upfront.labels.game import (
    BALANCE_VERDICT,
    CARD_TYPE,
    DECK_CHANGE_ACTION,
    DECK_CHANGE_WHICH,
    DECK_SOURCE,
    DECK_STATE,
    DIGEST_APPLIES_TO,
    DIGEST_KIND,
    EARLY_END_CAUSE,
    EXPANSION,
    FORCE_FIELD,
    FORCE_VARIANT,
    GAME_STATUS,
    LANGUAGE,
    LEADER_ROLE,
    PAPER,
    PERIOD_HALF,
    PLAY_CONFIRMATION,
    PLAY_ENDING,
    PLAY_WINNER,
    PRECIPITATION,
    REROLL,
    RN_COLOUR,
    SCENARIO_FIELD,
    SCENARIO_ROLE,
    SECONDARY_WEAPON,
    SEVERITY,
    SIDE,
    SIMULATION_CHANCE,
    SIMULATION_LEFT_OUT,
    SIMULATION_LENGTH_FROM,
    SIMULATION_REASON,
    SNIPER_OPTION,
    THEATRE,
    TROOP_TYPE,
    UNIT_KIND,
    VISIBILITY,
    VISIBILITY_THROUGH_LIBRARY,
)
from upfront.labels.reference import (
    CARD_LEADER_ROLE,
    CONFIDENCE,
    DRAW_TABLE,
    DYO_ITEM,
    DYO_TABLE,
    DYO_TROOP_TYPE,
    FIRE_WEAPON_GROUP,
    PUBLISHED_EXPANSION,
    PUBLISHED_SCENARIO_TEXT,
    RULE_GROUP,
    RULE_TOPIC,
    RULE_WORD,
    SCENARIO_TYPE,
    SOURCE_DOCUMENT,
    SPLIT_CARDS,
    SSR_CATEGORY,
    SSR_NAME,
    SSR_PARAMETER,
    SSR_TYPE,
    SSR_VALUE,
    VEHICLE_TYPE,
    WEATHER_KIND,
)
from upfront.labels.site import (
    BIN_NOTICE_KIND,
    COMMENT_MODERATION,
    JOB_DOWNLOAD,
    JOB_KIND,
    JOB_STATE,
    REVALIDATION_REASON,
    REVALIDATION_STATUS,
    SORT_ORDER,
)
from upfront.labels.types import Label
from upfront.labels.weather import (
    EFFECT_EXCEPTION,
    EFFECT_MODIFIER,
    EFFECT_OCCASION,
    EFFECT_SUBJECT,
    EFFECT_WEAPON,
    WEATHER_CHECK_RESULT,
)
from upfront.rules import codes
from upfront.rules import deck as deck_codes
from upfront.rules import digest as digest_codes
from upfront.rules import scenario as scenario_codes

__all__ = [
    "BALANCE_VERDICT",
    "BIN_NOTICE_KIND",
    "CARD_LEADER_ROLE",
    "CARD_TYPE",
    "CLOSED",
    "COMMENT_MODERATION",
    "CONFIDENCE",
    "DECK_CHANGE_ACTION",
    "DECK_CHANGE_WHICH",
    "DECK_SOURCE",
    "DECK_STATE",
    "DIGEST_APPLIES_TO",
    "DIGEST_KIND",
    "DRAW_TABLE",
    "DYO_ITEM",
    "DYO_TABLE",
    "DYO_TROOP_TYPE",
    "EARLY_END_CAUSE",
    "EFFECT_EXCEPTION",
    "EFFECT_MODIFIER",
    "EFFECT_OCCASION",
    "EFFECT_SUBJECT",
    "EFFECT_WEAPON",
    "EXPANSION",
    "FIRE_WEAPON_GROUP",
    "FORCE_FIELD",
    "FORCE_VARIANT",
    "GAME_STATUS",
    "JOB_DOWNLOAD",
    "JOB_KIND",
    "JOB_STATE",
    "LABELLED",
    "LANGUAGE",
    "LEADER_ROLE",
    "PAPER",
    "PERIOD_HALF",
    "PLAY_CONFIRMATION",
    "PLAY_ENDING",
    "PLAY_WINNER",
    "PRECIPITATION",
    "PUBLISHED_EXPANSION",
    "PUBLISHED_SCENARIO_TEXT",
    "REROLL",
    "REVALIDATION_REASON",
    "REVALIDATION_STATUS",
    "RN_COLOUR",
    "RULE_GROUP",
    "RULE_TOPIC",
    "RULE_WORD",
    "SCENARIO_FIELD",
    "SCENARIO_ROLE",
    "SCENARIO_TYPE",
    "SECONDARY_WEAPON",
    "SEVERITY",
    "SIDE",
    "SIMULATION_CHANCE",
    "SIMULATION_LEFT_OUT",
    "SIMULATION_LENGTH_FROM",
    "SIMULATION_REASON",
    "SNIPER_OPTION",
    "SORT_ORDER",
    "SOURCE_DOCUMENT",
    "SPLIT_CARDS",
    "SSR_CATEGORY",
    "SSR_NAME",
    "SSR_PARAMETER",
    "SSR_TYPE",
    "SSR_VALUE",
    "TABLES",
    "THEATRE",
    "TROOP_TYPE",
    "UNIT_KIND",
    "VEHICLE_TYPE",
    "VISIBILITY",
    "VISIBILITY_THROUGH_LIBRARY",
    "WEATHER_CHECK_RESULT",
    "WEATHER_KIND",
    "Label",
    "MissingLabel",
    "choices",
    "has_label",
    "is_italian",
    "label",
    "language",
    "localized",
    "period_label",
    "shared_as",
    "standalone",
]

# Every table of labels by kind: the ``label`` template filter and :func:`label` look codes up
# here. A kind the reference data shares with the engine takes the data's wider table (card
# leader roles include "SL or ASL", DYO troop types partisans).
TABLES: Mapping[str, Mapping[Any, Label]] = {
    # the engine's code sets and the scenario document's
    "theatre": THEATRE,
    "troop_type": DYO_TROOP_TYPE,
    "force_variant": FORCE_VARIANT,
    "secondary_weapon": SECONDARY_WEAPON,
    "unit_kind": UNIT_KIND,
    "leader_role": CARD_LEADER_ROLE,
    "sniper_option": SNIPER_OPTION,
    "draw_table": DRAW_TABLE,
    "rn_colour": RN_COLOUR,
    "severity": SEVERITY,
    "expansion": EXPANSION,
    "visibility": VISIBILITY,
    "visibility_through_library": VISIBILITY_THROUGH_LIBRARY,
    "language": LANGUAGE,
    "side": SIDE,
    "scenario_role": SCENARIO_ROLE,
    "scenario_field": SCENARIO_FIELD,
    "deck_change_action": DECK_CHANGE_ACTION,
    "deck_change_which": DECK_CHANGE_WHICH,
    "card_type": CARD_TYPE,
    "deck_source": DECK_SOURCE,
    "deck_state": DECK_STATE,
    "paper": PAPER,
    "digest_kind": DIGEST_KIND,
    "digest_applies_to": DIGEST_APPLIES_TO,
    "force_field": FORCE_FIELD,
    "play_winner": PLAY_WINNER,
    "play_ending": PLAY_ENDING,
    "early_end_cause": EARLY_END_CAUSE,
    "balance_verdict": BALANCE_VERDICT,
    "play_confirmation": PLAY_CONFIRMATION,
    "period_half": PERIOD_HALF,
    "simulation_reason": SIMULATION_REASON,
    "simulation_length_from": SIMULATION_LENGTH_FROM,
    "simulation_chance": SIMULATION_CHANCE,
    "precipitation": PRECIPITATION,
    "simulation_left_out": SIMULATION_LEFT_OUT,
    "game_status": GAME_STATUS,
    "reroll": REROLL,
    # the reference data's codes
    "dyo_table": DYO_TABLE,
    "dyo_item": DYO_ITEM,
    "topic": RULE_TOPIC,
    "rule_group": RULE_GROUP,
    "ssr_category": SSR_CATEGORY,
    "ssr_parameter": SSR_PARAMETER,
    "ssr_value": SSR_VALUE,
    "ssr_name": SSR_NAME,
    "ssr_type": SSR_TYPE,
    "vehicle_type": VEHICLE_TYPE,
    "published_expansion": PUBLISHED_EXPANSION,
    "scenario_type": SCENARIO_TYPE,
    "fire_weapon_group": FIRE_WEAPON_GROUP,
    "rule_word": RULE_WORD,
    "source_document": SOURCE_DOCUMENT,
    "confidence": CONFIDENCE,
    "split_cards": SPLIT_CARDS,
    "weather_kind": WEATHER_KIND,
    "published_scenario_text": PUBLISHED_SCENARIO_TEXT,
    # the weather effects' codes (upfront.reference.phrasing writes them as sentences)
    "effect_subject": EFFECT_SUBJECT,
    "effect_occasion": EFFECT_OCCASION,
    "effect_exception": EFFECT_EXCEPTION,
    "effect_weapon": EFFECT_WEAPON,
    "effect_modifier": EFFECT_MODIFIER,
    "weather_check_result": WEATHER_CHECK_RESULT,
    # the site's own codes (the models' choices, the list filters)
    "comment_moderation": COMMENT_MODERATION,
    "job_download": JOB_DOWNLOAD,
    "job_kind": JOB_KIND,
    "job_state": JOB_STATE,
    "revalidation_status": REVALIDATION_STATUS,
    "revalidation_reason": REVALIDATION_REASON,
    "bin_notice_kind": BIN_NOTICE_KIND,
    "sort_order": SORT_ORDER,
}

# The code sets defined in code, each with its table: a test proves they match exactly (a
# code without a label, or a label without a code, fails it).
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
    "visibility_through_library": (codes.VISIBILITIES[1:], VISIBILITY_THROUGH_LIBRARY),
    "language": (codes.LANGUAGES, LANGUAGE),
    "scenario_role": (scenario_codes.SCENARIO_ROLES, SCENARIO_ROLE),
    "deck_change_action": (scenario_codes.DECK_CHANGE_ACTIONS, DECK_CHANGE_ACTION),
    "deck_change_which": (scenario_codes.DECK_CHANGE_WHICH, DECK_CHANGE_WHICH),
    "deck_source": (deck_codes.SOURCES, DECK_SOURCE),
    "deck_state": (deck_codes.STATES, DECK_STATE),
    "digest_kind": (digest_codes.DIGEST_KINDS, DIGEST_KIND),
    "play_winner": (codes.PLAY_WINNERS, PLAY_WINNER),
    "play_ending": (codes.PLAY_ENDINGS, PLAY_ENDING),
    "early_end_cause": (codes.EARLY_END_CAUSES, EARLY_END_CAUSE),
    "balance_verdict": (codes.BALANCE_VERDICTS, BALANCE_VERDICT),
    "play_confirmation": (codes.PLAY_CONFIRMATIONS, PLAY_CONFIRMATION),
}
# The code sets the Django side defines (a game's ``Game.Status``, whose "recorded" the engine
# does not know) are paired with their tables in tests/project/test_codes.py.


logger = logging.getLogger(__name__)


class MissingLabel(LookupError):
    """A code its table has no label for was about to reach a page as itself."""


# The kinds whose every code is known to the code (the engine's sets, where the data shares no
# wider table, and the site's own): a code of these with no label is a fault, not a value the
# data leaves unworded (a card's leader role "none").
CLOSED: frozenset[str] = frozenset(
    kind for kind, (_, table) in LABELLED.items() if TABLES[kind] is table
) | {
    "job_kind",
    "job_state",
    "revalidation_status",
    "revalidation_reason",
    "bin_notice_kind",
    "comment_moderation",
    "game_status",
    "sort_order",
}


def language() -> str:
    """The active language's two-letter code ("en" when none is active): the one place that
    asks Django which language a page, sheet or answer is in."""
    return (get_language() or "en")[:2]


def is_italian() -> bool:
    return language() == "it"


def localized(english: str, italian: str) -> str:
    """The data's own words in the active language: the Italian when it is active and the
    data has it, else the English."""
    return italian if italian and is_italian() else english


def shared_as(own: str, effective: str) -> Label:
    """How a scenario is really shared: its ``effective`` visibility, said to come through its
    library when that is wider than its ``own``."""
    if effective != own and effective in VISIBILITY_THROUGH_LIBRARY:
        return VISIBILITY_THROUGH_LIBRARY[effective]
    return VISIBILITY[effective]


def period_label(code: str) -> str:
    """``1943b`` -> "1943, July-December"; a code that is no period is returned as it is."""
    if code not in codes.PERIODS:
        return code
    return f"{code[:4]}, {PERIOD_HALF[code[4]]}"


def label(kind: str, code: Any) -> str:
    """The label of ``code`` in the active language, as written (it may sit mid-sentence).

    A code of a closed set (:data:`CLOSED`) with no label is a fault (a new code whose words
    were forgotten): it raises :class:`MissingLabel` in development and under tests; in
    production it is logged and the answer is empty, never the code. The reference data's
    tables label only some of their values (a rule reference is a number unless it is
    "scenario card"): there, and for no code at all, the answer is empty."""
    found = TABLES[kind].get(code)
    if found is None:
        if code in (None, "") or kind not in CLOSED:
            return ""
        if settings.DEBUG or settings.TESTING:
            raise MissingLabel(f"no {kind} label for {code!r} in upfront.labels")
        logger.error("No %s label for %r in upfront.labels", kind, code)
        return ""
    return str(found)


def standalone(kind: str, code: Any) -> str:
    """The label of ``code`` shown on its own (a cell, a heading): capitalised."""
    return capfirst(label(kind, code))


def has_label(kind: str, code: Any) -> bool:
    return code in TABLES[kind]


def choices(code_set: Iterable[Any], labels: Mapping[Any, Label]) -> list[tuple[Any, Label]]:
    """``[(code, label), ...]`` in the code set's order, for model, form and serializer choices
    (each label capitalised, still lazy)."""
    return [(code, capfirst(labels[code])) for code in code_set]
