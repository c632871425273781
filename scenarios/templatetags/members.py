"""``{{ user|member }}``: an account's name as pages show it (``scenarios.account.selectors``);
``{{ user|member_link }}``: the same name, linked to the player's page when they have one;
``{{ obj|owner_if_other:user }}``: whose it is, when not the viewer's own;
``{{ scenario|shared_as }}``: how a scenario is really shared, in words."""

from typing import Any

from django import template

from scenarios import access
from scenarios.account.selectors import member_name
from scenarios.listing import member_link_html
from upfront import labels

register = template.Library()


@register.filter
def member(user: Any) -> str:
    return member_name(user.get_username() if hasattr(user, "get_username") else str(user))


@register.filter
def member_link(user: Any) -> str:
    """The name, linked to ``/players/<username>/`` unless the account has no page
    (``listing.member_link_html``)."""
    return member_link_html(user)


@register.filter
def owner_if_other(obj: Any, viewer: Any) -> Any:
    """``obj``'s owner, or None when ``viewer`` owns it: a list names the owner of what is
    not the viewer's own (the template compares no ids)."""
    return None if obj.owner_id == access.user_id(viewer) else obj.owner


@register.filter
def shared_as(scenario: Any) -> str:
    """Its effective visibility's label, "(through its library)" when the library widens it."""
    return str(labels.shared_as(scenario.visibility, scenario.effective_visibility))
