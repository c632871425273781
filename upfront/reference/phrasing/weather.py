"""Weather effects (99.x) and the checks a condition asks for at the start of a deck, as
sentences; a piece of data they cannot say gives ``None``, never the raw code."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from upfront import labels
from upfront.reference.phrasing.words import (
    Names,
    coloured,
    join_and,
    join_or,
    numbers,
    signed,
)

# Subjects that are weapons, not the men or vehicles the terrain is about.
_WEAPON_SUBJECTS = {"unboxed_ordnance", "minefield"}


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
    if what == "observation" and effect.get("applies_to") and isinstance(value, int):
        # Observation of the troops the effect applies to (winter camouflage).
        return _("observation attempts against them %(value)s") % {"value": signed(value)}
    if what in labels.EFFECT_MODIFIER and isinstance(value, int):
        return str(labels.EFFECT_MODIFIER[what]) % {"value": signed(value)}
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
        weapons = [labels.EFFECT_WEAPON.get(code) for code in _as_list(effect.get("weapons"))]
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
            subjects = [labels.EFFECT_SUBJECT.get(code) for code in _as_list(value)]
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
            occasions = [labels.EFFECT_OCCASION.get(code) for code in _as_list(value)]
            if None in occasions:
                return None
            where[key] = join_or(occasions)
        elif key == "before":
            date = _before(value)
            if date is None:
                return None
            where[key] = date
        elif key in ("exception", "except"):
            excepted = [labels.EFFECT_EXCEPTION.get(code) for code in _as_list(value)]
            if None in excepted:
                return None
            if value == "partisans_extra_bonus":
                after.append(str(excepted[0]))
            else:
                after.append(_("except %(what)s") % {"what": join_and(excepted)})
        elif key == "unless" and value in labels.EFFECT_EXCEPTION:
            after.append(str(labels.EFFECT_EXCEPTION[value]))
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
        elif effect in labels.WEATHER_CHECK_RESULT:
            result = str(labels.WEATHER_CHECK_RESULT[effect])
        else:
            return None
        alternative = outcome.get("effect_if_any_of")
        if alternative:
            conditions = [names.condition(code) for code in alternative.get("conditions", [])]
            other = labels.WEATHER_CHECK_RESULT.get(alternative.get("effect"))
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
