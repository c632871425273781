"""M12.1: which nations fielded mountain troops, and from when.

The mountain article forbids no elite force: it says which nations and dates had mountain
troops, and that elites bought for a mountain DYO game are mountain troops only on a black RN.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from upfront.rules.catalogue import Catalogue
from upfront.rules.messages import Param

if TYPE_CHECKING:
    from upfront.rules.scenario import Scenario

MOUNTAIN_ELEVATION_DECK = "mountain_elevation"  # the mountain article's own deck (M2)
PILLBOX = "pillbox"
# M3.2, M3.3: in the mountains the Buildings mark levels 2 and 3 (elevation cards).
ELEVATION_BUILDINGS = frozenset({"buildings", "buildings_2", "buildings_3"})
# Why the mountains drop a 43.33 victory row's deck change (codes; words at the edge).
PILLBOX_LEVEL_4 = "mountain_pillbox_level_4"
BUILDINGS_KEPT = "mountain_buildings_kept"


def mountain_rules(scenario: Scenario) -> bool:
    """Whether the scenario is played under the mountain article: its flag or its deck (M2).
    The one answer the deck, the checks (the forces' included) and the simulation all read."""
    return scenario.mountain or scenario.terrain_deck == MOUNTAIN_ELEVATION_DECK


def mountain_drops_row_change(
    action: str, card_type: str, *, pillbox_not_elevation: bool = False
) -> str | None:
    """Why, in the mountains, a 43.33 victory row's deck change does not apply (a code), or
    None when it does. The roll drops the change and the full check expects it no more: both
    read this one answer."""
    if action == "cower" and card_type == PILLBOX and not pillbox_not_elevation:
        # M11: in every scenario the Pillbox is the level-4 card unless a special rule says
        # otherwise: an elevation card in the mountains, not a cower card.
        return PILLBOX_LEVEL_4
    if action == "remove" and card_type in ELEVATION_BUILDINGS:
        # M3.2, M3.3: the Buildings mark levels 2 and 3; M11 adapts every published scenario
        # but C with "no card removed", so no level is thinned out.
        return BUILDINGS_KEPT
    return None


@dataclass(frozen=True)
class MountainTroopsUnavailable:
    """Why a nation has no mountain troops in a period."""

    code: str  # "mountain_troops_nationality" | "mountain_troops_too_early"
    parameter: str  # the draw's parameter at fault: "nationality" or "period"
    params: dict[str, Param] = field(default_factory=dict)


def mountain_troops_unavailable(
    catalogue: Catalogue, nationality: str, period: str
) -> MountainTroopsUnavailable | None:
    """None when ``nationality`` had mountain troops in ``period`` (M12.1 a and b)."""
    if nationality not in catalogue.mountain_troops:
        return MountainTroopsUnavailable(
            "mountain_troops_nationality", "nationality", {"nationality": nationality}
        )
    start = catalogue.mountain_troops[nationality]
    if start and catalogue.period_index(period) < catalogue.period_index(start):
        # M12.1 b: the USA and the USSR only from the second half of 1943.
        return MountainTroopsUnavailable(
            "mountain_troops_too_early",
            "period",
            {"nationality": nationality, "available_from": start, "period": period},
        )
    return None
