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


def mountain_rules(scenario: Scenario) -> bool:
    """Whether the scenario is played under the mountain article: its flag or its deck (M2).
    The one answer the deck, the checks (the forces' included) and the simulation all read."""
    return scenario.mountain or scenario.terrain_deck == MOUNTAIN_ELEVATION_DECK


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
