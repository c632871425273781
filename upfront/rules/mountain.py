"""M12.1: which nations fielded mountain troops, and from when.

The mountain article forbids no elite force: it says which nations and dates had mountain
troops, and that elites bought for a mountain DYO game are mountain troops only on a black RN.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from upfront.rules.catalogue import Catalogue
from upfront.rules.messages import Param


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
