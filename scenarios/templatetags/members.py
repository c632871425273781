"""``{{ user|member }}``: an account's name as pages show it (``scenarios.account.selectors``)."""

from typing import Any

from django import template

from scenarios.account.selectors import member_name

register = template.Library()


@register.filter
def member(user: Any) -> str:
    return member_name(user.get_username() if hasattr(user, "get_username") else str(user))
