"""``{{ user|member }}``: an account's name as pages show it (``scenarios.account.selectors``);
``{{ obj|owner_if_other:user }}``: whose it is, when not the viewer's own."""

from typing import Any

from django import template

from scenarios import access
from scenarios.account.selectors import member_name

register = template.Library()


@register.filter
def member(user: Any) -> str:
    return member_name(user.get_username() if hasattr(user, "get_username") else str(user))


@register.filter
def owner_if_other(obj: Any, viewer: Any) -> Any:
    """``obj``'s owner, or None when ``viewer`` owns it: a list names the owner of what is
    not the viewer's own (the template compares no ids)."""
    return None if obj.owner_id == access.user_id(viewer) else obj.owner
