"""Structured reference data written out as sentences in the active language.

The data keeps effects and parameters machine-readable (``{what: fire_strength, value: -2,
at_rr: [0]}``) so the engine and the API can use them; the pages show them as a player would say
them ("At relative range 0: fire strength -2."). Every word here goes through gettext, so the
Italian lives in ``locale/it`` like every other message.

A piece of data these functions do not know how to say returns ``None`` (never the raw code):
the page then leaves it to the summary next to it, and the page tests fail on it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from upfront import labels

# --- small helpers ---------------------------------------------------------------------------


def join_or(items: Iterable[object]) -> str:
    """``a``, ``a or b``, ``a, b or c`` in the active language."""
    items = [str(item) for item in items]
    if len(items) <= 1:
        return "".join(items)
    return _("%(items)s or %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}


def join_and(items: Iterable[object]) -> str:
    items = [str(item) for item in items]
    if len(items) <= 1:
        return "".join(items)
    return _("%(items)s and %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}


def signed(value: int | float) -> str:
    """``+1``, ``-2``, ``0``: modifiers as the rules print them."""
    return f"{value:+d}" if isinstance(value, int) and value else str(value)


def numbers(values: int | Iterable[int]) -> str:
    """Random numbers: ``6``, ``5 or 6``, ``3-6`` (a run of three or more)."""
    if isinstance(values, int):
        return str(values)
    values = sorted(values)
    if len(values) >= 3 and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}-{values[-1]}"
    return join_or(str(v) for v in values)


def coloured(colour: str | None, values: int | Iterable[int]) -> str:
    """``a red 4-6``, ``a black 5 or 6``, ``a 2 (either colour)``."""
    rn = numbers(values)
    if colour == "red":
        return _("a red %(rn)s") % {"rn": rn}
    if colour == "black":
        return _("a black %(rn)s") % {"rn": rn}
    return _("a %(rn)s of either colour") % {"rn": rn}


# --- weather effects (99.x) ------------------------------------------------------------------

# Who or what an effect applies to (``applies_to``).
SUBJECTS: dict[str, Promise] = {
    "groups_not_on_hill": gettext_lazy("groups not on a Hill"),
    "afv_not_in_buildings": gettext_lazy("AFVs not in Buildings"),
    "unboxed_ordnance": gettext_lazy("unboxed ordnance"),
    # In Italian a subject takes its article ("la fanteria"): its own context.
    "infantry": pgettext_lazy("subject of an effect", "infantry"),
    "infantry_entering_or_leaving_hill": gettext_lazy("infantry entering or leaving a Hill"),
    "non_tracked_afv": gettext_lazy("non-tracked AFVs"),
    "all_movement": gettext_lazy("every group"),
    "minefield": gettext_lazy("Minefields"),
    "attacker_opposite_group_on_drifts": gettext_lazy(
        "the group opposite a defending group on Drifts"
    ),
    "group": gettext_lazy("infantry groups"),
    "afv": gettext_lazy("AFVs"),
    "russian": gettext_lazy("Russians"),
    "axis_not_finnish": gettext_lazy("the Axis except the Finns"),
    "axis_not_finnish_afv": gettext_lazy("Axis AFVs except the Finns'"),
    "vehicles": gettext_lazy("vehicles"),
}

# Subjects that are weapons, not the men or vehicles the terrain is about.
_WEAPON_SUBJECTS = {"unboxed_ordnance", "minefield"}

# When an effect holds (``when``) and what sets it off (``trigger``).
OCCASIONS: dict[str, Promise] = {
    "intensified": gettext_lazy("when the rain intensifies"),
    "ski_mode": gettext_lazy("in ski mode"),
    "prepare_for_play": gettext_lazy("while preparing for play"),
    "movement_card_stays_in_play": gettext_lazy("for each Movement card that stays in play"),
    "effective_breeze_with_red_6": gettext_lazy("an effective Breeze drawn with a red 6"),
    "exit_drifts_forward_or_reverse": gettext_lazy("leaving Drifts forward or in reverse"),
    "overrun_group_on_drifts": gettext_lazy("overrunning a group on Drifts"),
}

# Exceptions (``exception``, ``except``) and the ``unless`` of a card played to the discards.
EXCEPTIONS: dict[str, Promise] = {
    "banzai_group": gettext_lazy("Banzai groups"),
    "hill_discard": gettext_lazy("Hills discarded"),
    "mortar": gettext_lazy("mortars"),
    "artillery": gettext_lazy("artillery"),
    "defender_encircled": gettext_lazy("an encircled defender"),
    "partisans_extra_bonus": gettext_lazy("no extra Concealment bonus for Partisans"),
    "played_to_discard": gettext_lazy("unless the card is played to the discards"),
}

WEAPONS: dict[str, Promise] = {"ordnance": gettext_lazy("ordnance"), "mmg": gettext_lazy("MMG")}


@dataclass(frozen=True)
class Names:
    """Localised names of the weather conditions and terrain that effects refer to."""

    conditions: Mapping[str, str]
    terrain: Mapping[str, str]

    def condition(self, code: str) -> str | None:
        return self.conditions.get(code)

    def terrain_name(self, code: str) -> str | None:
        # Card types that are not terrain card types of the data ("buildings" of either value,
        # the Sniper) have their labels in upfront.labels.
        return self.terrain.get(code) or labels.label("card_type", code) or None


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else [value]


def _main_clause(effect: Mapping[str, Any], names: Names) -> str | None:
    """The effect itself, without who, where and when."""
    what, value = effect.get("what"), effect.get("value")
    if what == "treated_as_smoke":
        if value == "target_group_only":
            return _("only the target group is treated as in Smoke")
        return _("treated as in Smoke") if value is True else None
    if what == "smoke_cards" and value == "no_effect":
        return _("Smoke cards have no effect")
    if what == "smoke_placement" and value == "buildings_only":
        return _("Smoke may be placed only on groups in Buildings")
    modifiers = {
        "fog_level": _("fog level %(value)s"),
        "fire_strength": _("fire strength %(value)s"),
        "observation": _("observation attempts %(value)s"),
        "fire_strength_or_to_hit": _("fire strength or To Hit %(value)s"),
        "incoming_fire_strength": _("fire strength of attacks against them %(value)s"),
        "incoming_fire_strength_or_to_hit": _("fire strength or To Hit against them %(value)s"),
        "breakdown_range": _("breakdown range %(value)s"),
        "ccv": _("close combat value %(value)s"),
    }
    if what == "observation" and effect.get("applies_to") and isinstance(value, int):
        # Observation of the troops the effect applies to (winter camouflage).
        return _("observation attempts against them %(value)s") % {"value": signed(value)}
    if what in modifiers and isinstance(value, int):
        return modifiers[what] % {"value": signed(value)}
    if what == "radio_drawn_for_check" and value == "effective_breeze":
        return _(
            "a Radio card drawn for a random number or random position check counts as an "
            "effective Breeze"
        )
    if what == "as_condition" and names.condition(value):
        return _("same effects as %(condition)s") % {"condition": names.condition(value)}
    if what == "terrain_as" and names.condition(value):
        return _("terrain as with %(condition)s") % {"condition": names.condition(value)}
    if what == "bog_check" and isinstance(value, int) and effect.get("unit") == "column_shift":
        shift = abs(value)
        return ngettext(
            "Bog checks shift %(n)d column to the left",
            "Bog checks shift %(n)d columns to the left",
            shift,
        ) % {"n": shift}
    if what == "entrenchment_rn":
        return _("entrenchment succeeds only on %(rn)s") % {
            "rn": coloured(effect.get("rn_colour"), value)
        }
    if what == "entrenchment" and value == "not_allowed":
        return _("no entrenchment")
    if what == "movement_rn_to_exit":
        return _("only a Movement card with random number %(rn)s takes a group out") % {
            "rn": numbers(value)
        }
    if what == "movement_rn":
        return _("Movement cards need random number %(rn)s") % {"rn": numbers(value)}
    if what == "streams" and value == "frigid":
        return _("Streams are Frigid")
    if what == "streams" and value == "frozen_as_gully":
        frigid = effect.get("becomes_frigid_on")
        if frigid:
            return _(
                "Streams are Frozen and count as Gullies; %(rn)s drawn during an HE attack on a "
                "group there makes the Stream Frigid"
            ) % {"rn": coloured(frigid.get("rn_colour"), frigid.get("rn", []))}
        return _("Streams are Frozen and count as Gullies")
    if what == "frigid_stream_entry_check" and value == "black_rpc_wounds":
        return _(
            "an infantry group entering a Frigid Stream draws a random position; on a black "
            "result that man is Wounded and the check is repeated one column further left until "
            "all are Wounded or a red result comes up"
        )
    if what in ("marsh", "brush") and value == "open_ground":
        card = names.terrain_name(what)
        return _(
            "%(card)s counts as Open Ground, yet may still be discarded on the enemy or played "
            "at set-up"
        ) % {"card": card}
    if what == "marsh" and value == "drifts":
        return _("Marsh cards are Drifts")
    if what == "exit_drifts" and value == "sideways_movement_only":
        return _("leave Drifts only with a sideways Movement card")
    if what == "afv_immobilized_check" and value == "immobilized":
        return _("each draws a random number and is Immobilized on %(rn)s") % {
            "rn": coloured(effect.get("rn_colour"), effect.get("rn", []))
        }
    if what == "concealment" and value == "as_37.2":
        return _("may play Concealment as in 37.2")
    if what == "mode_switch" and value == "sole_action_of_group":
        return _("switching cards between ski and foot mode is the group's only action of the turn")
    if what == "snow_movement_restrictions" and value == "ignored":
        return _("the snow limits on Movement cards do not apply")
    if what == "may_enter" and value is False:
        places = [names.terrain_name(code) for code in _as_list(effect.get("terrain"))]
        if None in places:
            return None
        return _("may not enter %(terrain)s") % {"terrain": join_or(places)}
    if what == "can_fire" and value is False:
        weapons = [WEAPONS.get(code) for code in _as_list(effect.get("weapons"))]
        if None in weapons:
            return None
        return _("no %(weapons)s fire") % {"weapons": join_or(weapons)}
    if what == "range_chit_change_from_hill" and effect.get("cost") == "second_movement_to_discard":
        return _(
            "leaving a Hill, a second Movement card added to the discards moves the range chit "
            "by %(value)s"
        ) % {"value": value}
    return None


# Keys the main clause reads itself; the rest are qualifiers.
_CONSUMED = {
    "what",
    "value",
    "rule",
    "unit",
    "rn_colour",
    "rn",
    "becomes_frigid_on",
    "still_playable_as_marsh",
    "still_playable_as_brush",
    "column_shift",
    "weapons",
    "cost",
}


def _ranges(at_rr: Any) -> str:
    if at_rr == "all":
        return _("at every range")
    return _("at relative range %(rr)s") % {"rr": join_or(str(r) for r in _as_list(at_rr))}


def _before(date: str) -> str | None:
    match = re.fullmatch(r"(\d{4})-(\d{2})", str(date))
    if not match:
        return None
    return _("before %(month)d/%(year)s") % {
        "month": int(match.group(2)),
        "year": match.group(1)[2:],
    }


def weather_effect(effect: Mapping[str, Any], names: Names) -> str | None:
    """One effect of a weather condition as a sentence, or ``None`` when it cannot be said."""
    main = _main_clause(effect, names)
    if main is None:
        return None
    what = effect.get("what")
    # Who, since when, on what occasion, where: in this order before the effect.
    where: dict[str, str] = {}
    after: list[str] = []
    for key, value in effect.items():
        if key in _CONSUMED:
            continue
        if (key, what) in (("terrain", "may_enter"), ("applies_to", "frigid_stream_entry_check")):
            continue
        if key == "applies_to":
            subjects = [SUBJECTS.get(code) for code in _as_list(value)]
            if None in subjects:
                return None
            where[key] = join_and(subjects)
        elif key == "terrain":
            places = [names.terrain_name(code) for code in _as_list(value)]
            if None in places:
                return None
            if set(_as_list(effect.get("applies_to"))) <= _WEAPON_SUBJECTS:
                # A weapon's terrain is its target's.
                where[key] = _("against targets in %(terrain)s") % {"terrain": join_or(places)}
            else:
                where[key] = _("in %(terrain)s") % {"terrain": join_or(places)}
        elif key == "at_rr":
            where[key] = _ranges(value)
        elif key in ("when", "trigger"):
            occasions = [OCCASIONS.get(code) for code in _as_list(value)]
            if None in occasions:
                return None
            where[key] = join_or(occasions)
        elif key == "before":
            date = _before(value)
            if date is None:
                return None
            where[key] = date
        elif key in ("exception", "except"):
            excepted = [EXCEPTIONS.get(code) for code in _as_list(value)]
            if None in excepted:
                return None
            if value == "partisans_extra_bonus":
                after.append(str(excepted[0]))
            else:
                after.append(_("except %(what)s") % {"what": join_and(excepted)})
        elif key == "unless" and value in EXCEPTIONS:
            after.append(str(EXCEPTIONS[value]))
        elif key == "unless_any_of":
            conditions = [names.condition(code) for code in _as_list(value)]
            if None in conditions:
                return None
            after.append(
                _("unless %(conditions)s is in effect") % {"conditions": join_or(conditions)}
            )
        else:
            return None
    order = ("applies_to", "before", "when", "trigger", "terrain", "at_rr")
    prefix = ", ".join(where[key] for key in order if key in where)
    sentence = main
    if prefix:
        sentence = _("%(where)s: %(effect)s") % {"where": prefix, "effect": main}
    if after:
        sentence = _("%(sentence)s (%(exceptions)s)") % {
            "sentence": sentence,
            "exceptions": "; ".join(after),
        }
    return f"{capfirst(sentence)}."


CHECK_RESULTS: dict[str, Promise] = {
    "starts_rain": gettext_lazy("rain starts"),
    "starts_falling_snow": gettext_lazy("snow starts to fall"),
    "stops_remains_overcast": gettext_lazy("it stops and the sky stays overcast"),
}


def deck_check(check: Mapping[str, Any] | None, names: Names) -> str | None:
    """The random number check a condition asks for at the start of each deck."""
    if not check:
        return None
    if check.get("when") != "start_of_deck":
        return None
    outcomes = check.get("outcomes") or [check]
    said = []
    for outcome in outcomes:
        effect = outcome.get("effect")
        if effect == "intensifies":
            result = _("it grows heavier (a further %(penalty)s)") % {
                "penalty": signed(outcome.get("penalty", 0))
            }
        elif effect in CHECK_RESULTS:
            result = str(CHECK_RESULTS[effect])
        else:
            return None
        alternative = outcome.get("effect_if_any_of")
        if alternative:
            conditions = [names.condition(code) for code in alternative.get("conditions", [])]
            other = CHECK_RESULTS.get(alternative.get("effect"))
            if None in conditions or other is None:
                return None
            result = _("%(result)s (%(other)s if %(conditions)s is in effect)") % {
                "result": result,
                "other": other,
                "conditions": join_or(conditions),
            }
        said.append(
            _("on %(rn)s %(result)s")
            % {"rn": coloured(outcome.get("rn_colour"), outcome.get("rn", [])), "result": result}
        )
    return _("At the start of each deck draw a random number: %(outcomes)s.") % {
        "outcomes": "; ".join(said)
    }


def entrenchment_number(text: str) -> str:
    """``0 (any colour)`` → ``a 0 of either colour``; other text as the data gives it."""
    match = re.fullmatch(r"(\d(?:-\d)?) \(any colour\)", text.strip())
    if match:
        return coloured(None, [int(n) for n in match.group(1).split("-")])
    return text


# --- scenario special rules ------------------------------------------------------------------


def ssr_parameter(name: str, spec: str) -> tuple[str, str] | None:
    """What a scenario fills in for one parameter: (label, description)."""
    name_label = labels.label("ssr_parameter", name)
    if not name_label:
        return None
    text = spec.strip()
    optional = text.endswith("?")
    text = text.rstrip("?").strip()
    base = text.split("(")[0].strip()
    if base in ("str", "list[str]"):
        description = str(labels.SSR_TYPE.get(name) or labels.SSR_TYPE[base])
    else:
        options = []
        for option in base.split("|"):
            if option in ("int", "str"):
                options.append(str(labels.SSR_TYPE.get(name) or labels.SSR_TYPE[option]))
            elif labels.has_label("ssr_value", option):
                options.append(labels.label("ssr_value", option))
            else:
                return None
        description = join_or(options)
    if optional:
        description = _("%(description)s (optional)") % {"description": description}
    return name_label, description


def ssr_parameters(parameters: Mapping[str, str]) -> list[tuple[str, str]] | None:
    said = []
    # Sorted: PostgreSQL's jsonb keeps no key order, and a page must read the same on every
    # database.
    for name, spec in sorted(parameters.items()):
        pair = ssr_parameter(name, spec)
        if pair is None:
            return None
        said.append(pair)
    return said


def ssr_value(name: str, value: Any, names: Names) -> str | None:
    """A value a scenario gave a parameter (``defender``, ``stream``, ``3``)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        said = [ssr_value(name, item, names) for item in value]
        return None if None in said else join_and(said)
    if name in ("card_type", "card_types"):
        return names.terrain_name(value)
    if labels.has_label("ssr_value", value):
        return labels.label("ssr_value", value)
    return None


def ssr_arguments(use: Mapping[str, Any], names: Names) -> list[tuple[str, str]] | None:
    """The parameters a scenario set on a special rule, as (label, value) pairs."""
    said = []
    for name, value in sorted(use.items()):  # sorted: jsonb keeps no key order
        if name == "code":
            continue
        name_label = labels.label("ssr_parameter", name)
        text = ssr_value(name, value, names)
        if not name_label or text is None:
            return None
        said.append((name_label, text))
    return said


# --- fire ignition (T4-fire.1) ---------------------------------------------------------------


def fire_result(result: str) -> str | None:
    """``RN 0``, ``RN 1 black``, ``no`` as the active language writes them."""
    if result == "no":
        return _("no fire")
    match = re.fullmatch(r"RN (\d)(?: (black|red))?", result)
    if not match:
        return None
    rn, colour = match.groups()
    if colour == "black":
        return _("black RN %(rn)s") % {"rn": rn}
    if colour == "red":
        return _("red RN %(rn)s") % {"rn": rn}
    return _("RN %(rn)s, either colour") % {"rn": rn}


# --- personality card names ------------------------------------------------------------------

_PARENTHESES = re.compile(r"\s*\(((?:[^()]|\([^()]*\))*)\)")
_TRANSCRIPTION = re.compile(r"\bOCR\b|name not given", re.IGNORECASE)


def card_name(name: str) -> tuple[str | None, str]:
    """The name as printed on the card, and the transcription note the data keeps with it.

    The reference data writes what the transcriber saw into the name (``StuG III (OCR gives
    "StuG IIIB" ...)``, ``AFV (name not given)``). The printed name is what a player sees; the
    note is for the admin (which shows the record as it is) and docs/data.md, never a page.
    ``None`` when no source gives the name.
    """
    if re.search(r"name not given", name, re.IGNORECASE):
        return None, name
    notes: list[str] = []

    def strip(match: re.Match[str]) -> str:
        if _TRANSCRIPTION.search(match.group(1)):
            notes.append(match.group(1).strip())
            return ""
        return match.group(0)

    printed = _PARENTHESES.sub(strip, name).strip()
    return printed, "; ".join(notes)


def is_transcription_remark(text: str) -> bool:
    """Whether a note of the data says how a source was read ("OCR gives …", "printed with a
    Greek epsilon (OCR)"): for the admin and docs/data.md, never for a player."""
    return bool(re.search(r"\bOCR\b", text))


def vehicle_type(text: str) -> str:
    """``AFV (tank)`` → ``tank`` in the active language (the kind is shown apart)."""
    match = re.fullmatch(r"(?:AFV|IG)(?: \((.*)\))?", text.strip())
    if not match:
        return text
    detail = match.group(1) or ""
    return labels.label("vehicle_type", detail) or detail


# --- free text of the data -------------------------------------------------------------------

# A source file name (the compiled rulebook's has spaces), its lines and a bracketed remark.
_SOURCE_REFERENCE = re.compile(
    r"(?:UF RuleBook updated|\b[\w\-.]+)\.(?:txt|csv|md|yaml|pdf)(?::\d[\d\-]*(?:, ?\d[\d\-]*)*)?"
    r"(?: \([^()]*\))?"
)


def strip_sources(text: str) -> str:
    """Free text without the file references it cites (``UF RuleBook updated.txt:4576``).

    Sources belong to the provenance, one click away, not in the sentence a player reads.
    """
    text = _SOURCE_REFERENCE.sub("", text)
    text = re.sub(r"\s*[,;]\s*(?=[,;)])", "", text)  # "(Q&A 43.7, )" → "(Q&A 43.7)"
    text = re.sub(r"\(\s*[,;]\s*", "(", text)
    # A record's key, and "(see )" / "(vedi )" whose reference is gone (the Italian texts too).
    text = re.sub(r"\(\s*(?:see|vedi)\s+[a-z0-9]+(?:_[a-z0-9]+)+\s*\)", "()", text)
    text = re.sub(r"\(\s*(?:see|vedi|cf\.?)\s*\)", "()", text)
    text = re.sub(r"\s*\(\s*\)", "", text)  # nothing left between the brackets
    text = re.sub(r"\s*[,;]\s*$", "", text.strip())
    return re.sub(r"\s{2,}", " ", text).strip()
