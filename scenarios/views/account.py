"""The account page of a player's own data: the export and leaving (docs/deletion.md).
Writes through ``scenarios.account``."""

from __future__ import annotations

import logging

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from scenarios.account import services
from scenarios.account.export import account_export
from scenarios.forms.account import AccountDeleteForm

logger = logging.getLogger(__name__)


@login_required
def account_data(request: HttpRequest) -> HttpResponse:
    """Download one's data; delete one's account (the password asked again). The account is
    deleted first and the player signed out after: a deletion that fails leaves them signed
    in, told so."""
    form = AccountDeleteForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            services.account_delete(user=request.user)
        except DatabaseError:
            logger.exception("leaving failed for account %s", request.user.pk)
            messages.error(request, _("Your account could not be deleted. Please try again."))
            return redirect("scenarios:account_data")
        logout(request)
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
