"""A scenario's balance from its recorded plays: the attacker's share of decisive plays and
its 95 % Wilson score interval (docs/plays.md).

Pure arithmetic over counts; the Django side decides which records count (one per player,
scenario and day) and renders the verdict in the reader's language.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

# The standard normal quantile for a two-sided 95 % interval.
Z_95: Final = 1.959963984540054
# "Balanced so far" needs at least this many decisive plays (issue: fewer say too little).
BALANCED_MIN_DECISIVE: Final = 5
# How far from 50 % the share must be for an interval that still holds 50 % to read "leans to
# the attacker (defender) — too few plays to be sure" rather than "balanced so far" (4–1 or
# 8–2 is not "balanced"). A reading threshold of this site, not a rule of the game.
LEAN_MARGIN: Final = 0.15


@dataclass(frozen=True)
class Balance:
    attacker: int
    defender: int
    draw: int
    attacker_share: float | None
    interval: tuple[float, float] | None
    verdict: str  # one of codes.BALANCE_VERDICTS

    @property
    def decisive(self) -> int:
        return self.attacker + self.defender

    @property
    def total(self) -> int:
        return self.attacker + self.defender + self.draw

    @property
    def leader(self) -> str | None:
        """The side ahead in the tally ("4–1 to the attacker"), None when level."""
        if self.attacker == self.defender:
            return None
        return "attacker" if self.attacker > self.defender else "defender"


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / trials`` (trials > 0).

    Unlike the normal approximation it stays inside [0, 1] and is sensible for the handful of
    plays a scenario has: 3 attacker wins out of 3 give about [0.44, 1.0], not [1.0, 1.0].
    """
    if trials <= 0:
        raise ValueError("the interval needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError("successes must lie between 0 and trials")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def balance(attacker: int, defender: int, draw: int) -> Balance:
    """The balance of a scenario whose counted plays are these wins and draws."""
    if min(attacker, defender, draw) < 0:
        raise ValueError("counts cannot be negative")
    decisive = attacker + defender
    if decisive == 0:
        return Balance(attacker, defender, draw, None, None, "too_few_plays")
    low, high = wilson_interval(attacker, decisive)
    if low > 0.5:
        verdict = "favours_attacker"
    elif high < 0.5:
        verdict = "favours_defender"
    elif abs(attacker / decisive - 0.5) >= LEAN_MARGIN:
        verdict = "leans_attacker" if attacker > defender else "leans_defender"
    elif decisive >= BALANCED_MIN_DECISIVE:
        verdict = "balanced"
    else:
        verdict = "too_few_plays"
    return Balance(attacker, defender, draw, attacker / decisive, (low, high), verdict)
