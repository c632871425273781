"""What the engine answers: priced line items, violations and the validation result.

Nothing here is a sentence for a player: labels and messages are :class:`Message` ids with
parameters, rendered in the reader's language by the Django edge (``upfront.reference.rendering``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from upfront.rules.messages import Message, Param, message


# Slots (as Message): an answer holds dozens of these, and slots make each one object, not two.
@dataclass(frozen=True, slots=True)
class LineItem:
    item: Message  # what was bought, e.g. line.card {card: 4}
    points: int
    rule: str
    detail: str = ""  # e.g. the card's name (a proper name: never translated)


@dataclass(frozen=True, slots=True)
class Violation:
    code: str  # stable, e.g. "over_budget"
    severity: str  # "error" | "warning" | "info" (codes.SEVERITIES)
    rule: str
    message: Message
    items: tuple[str, ...] = ()  # JSON paths of the offending purchases


@dataclass(frozen=True, slots=True)
class ValidationResult:
    valid: bool
    total_points: int
    budget: int | None
    remaining: int | None
    breakdown: tuple[LineItem, ...]
    violations: tuple[Violation, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data, language-neutral: labels and messages as ``{"id", "params"}``."""
        return {
            "valid": self.valid,
            "total_points": self.total_points,
            "budget": self.budget,
            "remaining": self.remaining,
            "breakdown": [
                {
                    "item": line.item.to_dict(),
                    "points": line.points,
                    "rule": line.rule,
                    **({"detail": line.detail} if line.detail else {}),
                }
                for line in self.breakdown
            ],
            "violations": [
                {
                    "code": v.code,
                    "severity": v.severity,
                    "rule": v.rule,
                    "message": v.message.to_dict(),
                    "items": list(v.items),
                }
                for v in self.violations
            ],
        }


@dataclass(frozen=True)
class Finding:
    """What a check of a scenario found (``upfront.rules.scenario_checks``, ``game_checks``)."""

    code: str  # stable, e.g. "weather_requires"
    severity: str  # "error" | "warning" | "info"
    rule: str
    message: Message
    items: tuple[str, ...] = ()  # JSON paths inside the scenario document
    side: int | None = None  # the side whose force the finding is about (its DYO violations)

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity,
            "rule": self.rule,
            "message": self.message.to_dict(),
            "items": list(self.items),
            "side": self.side,
        }


def finding(
    code: str,
    severity: str,
    rule: str,
    items: list[str] | None = None,
    *,
    message_id: str = "",
    **params: Param,
) -> Finding:
    """A finding whose message is ``finding.<code>`` unless ``message_id`` says otherwise; each
    path named once, in the order first given (two rules may point at the same field)."""
    said = message(message_id or f"finding.{code}", **params)
    return Finding(code, severity, rule, said, tuple(dict.fromkeys(items or ())))
