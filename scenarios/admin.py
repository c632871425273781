"""The admin's user pages, through the account room's rules.

* A username set in the admin is refused when reserved (``scenarios.account.usernames``), as at
  sign-up.
* Deleting a user (the change page's "Delete" and the list's delete action) is the player
  leaving (``scenarios.account.services.account_delete``): what other players depend on stays,
  credited to the former member, instead of the database's cascades taking it.
* The former member's account is neither changed nor deleted here.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.db.models import QuerySet
from django.http import HttpRequest

from scenarios.account import selectors, services
from scenarios.account.usernames import validate_username

User = get_user_model()


class _ReservedNames:
    cleaned_data: dict[str, Any]

    def clean_username(self) -> Any:
        # After the form's own checks (the creation form's refuses a name differing only in case).
        parent = getattr(super(), "clean_username", None)
        username = parent() if parent is not None else self.cleaned_data.get("username")
        if username:
            validate_username(username)
        return username


class AccountCreationForm(_ReservedNames, AdminUserCreationForm):
    pass


class AccountChangeForm(_ReservedNames, UserChangeForm):
    pass


class AccountAdmin(UserAdmin):
    add_form = AccountCreationForm
    form = AccountChangeForm

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and selectors.is_former_member(obj):
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and selectors.is_former_member(obj):
            return False
        return super().has_delete_permission(request, obj)

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        services.account_delete(user=obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        for user in queryset:
            if not selectors.is_former_member(user):
                services.account_delete(user=user)


admin.site.unregister(User)
admin.site.register(User, AccountAdmin)
