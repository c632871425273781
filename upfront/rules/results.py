"""What the engine answers: priced line items, violations and the validation result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class LineItem:
    item: str
    points: int
    rule: str
    item_it: str = ""
    detail: str = ""  # e.g. the card's name

    def label(self, lang: str) -> str:
        return self.item_it if lang == "it" and self.item_it else self.item


@dataclass(frozen=True)
class Violation:
    code: str
    severity: str  # "error" | "warning"
    rule: str
    message_en: str
    message_it: str
    items: tuple[str, ...] = ()

    def message(self, lang: str) -> str:
        return self.message_it if lang == "it" else self.message_en


@dataclass(frozen=True)
class ValidationResult:
    valid: bool
    total_points: int
    budget: int | None
    remaining: int | None
    breakdown: tuple[LineItem, ...]
    violations: tuple[Violation, ...]

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "valid": self.valid,
            "total_points": self.total_points,
            "budget": self.budget,
            "remaining": self.remaining,
            "breakdown": [
                {
                    "item": line.label(lang),
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
                    "message": v.message(lang),
                    "items": list(v.items),
                }
                for v in self.violations
            ],
        }
