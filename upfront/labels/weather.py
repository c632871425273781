"""Labels of the codes the reference data's weather effects are written with.

A weather condition's effects are data (``{what: fire_strength, value: -2, applies_to:
[afv]}``, weather.yaml); :mod:`upfront.reference.phrasing` writes them as sentences with these
words. A code without a label here leaves the effect unsaid (the summary beside it speaks).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from upfront.labels.types import Label

# Who or what an effect applies to (``applies_to``).
EFFECT_SUBJECT: Mapping[str, Label] = {
    "groups_not_on_hill": _("groups not on a Hill"),
    "afv_not_in_buildings": _("AFVs not in Buildings"),
    "unboxed_ordnance": _("unboxed ordnance"),
    # In Italian a subject takes its article ("la fanteria"): its own context.
    "infantry": pgettext_lazy("subject of an effect", "infantry"),
    "infantry_entering_or_leaving_hill": _("infantry entering or leaving a Hill"),
    "non_tracked_afv": _("non-tracked AFVs"),
    "all_movement": _("every group"),
    "minefield": _("Minefields"),
    "attacker_opposite_group_on_drifts": _("the group opposite a defending group on Drifts"),
    "group": _("infantry groups"),
    "afv": _("AFVs"),
    "russian": _("Russians"),
    "axis_not_finnish": _("the Axis except the Finns"),
    "axis_not_finnish_afv": _("Axis AFVs except the Finns'"),
    "vehicles": _("vehicles"),
}

# When an effect holds (``when``) and what sets it off (``trigger``).
EFFECT_OCCASION: Mapping[str, Label] = {
    "intensified": _("when the rain intensifies"),
    "ski_mode": _("in ski mode"),
    "prepare_for_play": _("while preparing for play"),
    "movement_card_stays_in_play": _("for each Movement card that stays in play"),
    "effective_breeze_with_red_6": _("an effective Breeze drawn with a red 6"),
    "exit_drifts_forward_or_reverse": _("leaving Drifts forward or in reverse"),
    "overrun_group_on_drifts": _("overrunning a group on Drifts"),
}

# Exceptions (``exception``, ``except``) and the ``unless`` of a card played to the discards.
EFFECT_EXCEPTION: Mapping[str, Label] = {
    "banzai_group": _("Banzai groups"),
    "hill_discard": _("Hills discarded"),
    "mortar": _("mortars"),
    "artillery": _("artillery"),
    "defender_encircled": _("an encircled defender"),
    "partisans_extra_bonus": _("no extra Concealment bonus for Partisans"),
    "played_to_discard": _("unless the card is played to the discards"),
}

# Weapons an effect names (``weapons``).
EFFECT_WEAPON: Mapping[str, Label] = {"ordnance": _("ordnance"), "mmg": _("MMG")}

# What a weather check at the start of a deck brings (``effect`` of its outcomes).
WEATHER_CHECK_RESULT: Mapping[str, Label] = {
    "starts_rain": _("rain starts"),
    "starts_falling_snow": _("snow starts to fall"),
    "stops_remains_overcast": _("it stops and the sky stays overcast"),
}

# What an effect modifies, with its signed value (``what``; ``%(value)s`` is "+1", "-2").
EFFECT_MODIFIER: Mapping[str, Label] = {
    "fog_level": _("fog level %(value)s"),
    "fire_strength": _("fire strength %(value)s"),
    "observation": _("observation attempts %(value)s"),
    "fire_strength_or_to_hit": _("fire strength or To Hit %(value)s"),
    "incoming_fire_strength": _("fire strength of attacks against them %(value)s"),
    "incoming_fire_strength_or_to_hit": _("fire strength or To Hit against them %(value)s"),
    "breakdown_range": _("breakdown range %(value)s"),
    "ccv": _("close combat value %(value)s"),
}
