"""The bin on the player's scenarios page, and the account page of their own data: the
export and the account's deletion (docs/deletion.md). Reads through ``scenarios.bin.selectors``
(a bin is its owner's only: anything else answers 404), writes through its services."""

from __future__ import annotations

from uuid import UUID

from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from scenarios.bin import account, selectors, services
from scenarios.bin.export import account_export
from scenarios.models import Library


@login_required
@require_POST
def bin_restore(request: HttpRequest, public_id: UUID) -> HttpResponse:
    restored = services.bin_restore(user=request.user, public_id=public_id)
    messages.success(request, _("Restored “%(title)s”.") % {"title": restored.title})
    if isinstance(restored, Library):
        return redirect("scenarios:library", public_id=restored.public_id)
    return redirect("scenarios:detail", public_id=restored.public_id)


@login_required
def bin_purge(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """Ask (GET: what goes with it), then delete for good (POST)."""
    plan = selectors.purge_plan(request.user, public_id)
    if request.method == "POST":
        services.bin_purge(user=request.user, public_id=public_id)
        messages.success(request, _("Deleted “%(title)s” for good.") % {"title": plan.item.title})
        return redirect("scenarios:mine")
    return render(request, "scenarios/bin_purge.html", {"plan": plan})


@login_required
@require_POST
def notices_dismiss(request: HttpRequest) -> HttpResponse:
    services.notices_dismiss(user=request.user)
    return redirect("scenarios:mine")


class AccountDeleteForm(forms.Form):
    password = forms.CharField(
        label=gettext_lazy("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args: object, user: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):  # type: ignore[attr-defined]
            raise forms.ValidationError(_("This is not your password."))
        return password


@login_required
def account_data(request: HttpRequest) -> HttpResponse:
    """Download one's data; delete one's account (the password asked again)."""
    form = AccountDeleteForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        user = request.user
        logout(request)
        account.account_delete(user=user)
        messages.success(request, _("Your account is deleted. Goodbye!"))
        return redirect("home")
    status = 400 if form.errors else 200
    return render(request, "account/data.html", {"form": form}, status=status)


@login_required
def account_data_export(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(account_export(user=request.user), content_type="application/zip")
    stamp = timezone.localdate().strftime("%Y%m%d")
    response["Content-Disposition"] = f'attachment; filename="upfront-data-{stamp}.zip"'
    return response
