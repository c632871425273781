"""``{{ scenario|matchup }}``: a scenario card's sides, its nationalities by name in the
reader's language ("American · German"), read from its stored column (no query per card)."""

from typing import Any

from django import template

from scenarios.models import stored_codes
from upfront.reference.selectors import reference_names

register = template.Library()


@register.filter
def matchup(scenario: Any) -> str:
    names = reference_names().nationalities
    return " · ".join(names.get(code, code) for code in stored_codes(scenario.nationalities))
