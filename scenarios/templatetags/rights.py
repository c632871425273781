"""Rights a template outside the scenario pages asks (the menu), from ``scenarios.access``."""

from __future__ import annotations

from typing import Any

from django import template

from scenarios import access

register = template.Library()


@register.filter
def may_see_revalidations(user: Any) -> bool:
    """``{% if user|may_see_revalidations %}``: the staff's revalidation page in the menu."""
    return access.may_see_revalidations(user)
