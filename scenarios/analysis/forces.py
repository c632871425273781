"""Each side's force checked by the DYO rules (43), for a scenario body shown with its checks.

The builder's service answers the check with its messages in the active language (the same
answer the force builder shows); a side whose force cannot be read has no check (None).
"""

from __future__ import annotations

from typing import Any

from builder import services as builder_services


def side_checks(body: dict[str, Any]) -> list[dict[str, Any] | None]:
    """The DYO check of every side's force, in the sides' order."""
    checks: list[dict[str, Any] | None] = []
    for side in body.get("sides") or []:
        try:
            checks.append(builder_services.force_validate(data=side.get("force") or {}))
        except builder_services.ForceInputError:
            checks.append(None)
    return checks
