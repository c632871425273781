"""The account page of a player's own data: the export and leaving (docs/deletion.md).

Both are background jobs (``scenarios.jobs``, kinds ``export`` and ``leave``): a player with
thousands of scenarios waits on a page that shows the progress, never on a web request that
times out. The export ends on its job page with the zip to download. Leaving deletes the
account first and signs the player out after: its job's row goes with the account, so the
leaving page finding the job gone (and the session naming it) says goodbye and signs out; a
job that failed stays, and the player, still signed in, reads why.
"""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scenarios.account import selectors as account_selectors
from scenarios.account import services as account_services
from scenarios.forms.account import AccountDeleteForm, OwnedProductsForm
from scenarios.jobs import services as job_services
from scenarios.jobs.messages import job_message
from scenarios.jobs.models import Job
from scenarios.jobs.selectors import job_for
from scenarios.views.jobs import too_many_jobs
from upfront import labels

# The session's note of the leaving job it started: the leaving page's proof, once the account
# is gone, that this browser asked for it.
LEAVING = "account_leaving_job"


@login_required
def account_data(request: HttpRequest) -> HttpResponse:
    """Download one's data; delete one's account (the password asked again)."""
    form = AccountDeleteForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        if too_many_jobs(request):
            return redirect("scenarios:account_data")
        job = job_services.job_request_account(user=request.user, kind=Job.Kind.LEAVE)
        request.session[LEAVING] = str(job.public_id)
        return redirect("scenarios:account_leaving", public_id=job.public_id)
    status = 400 if form.errors else 200
    return render(request, "account/data.html", {"form": form}, status=status)


@login_required
@require_POST
def account_data_export(request: HttpRequest) -> HttpResponse:
    """Start the export; its job page shows the progress, then the zip to download."""
    if too_many_jobs(request):
        return redirect("scenarios:account_data")
    job = job_services.job_request_account(user=request.user, kind=Job.Kind.EXPORT)
    return redirect("scenarios:job", public_id=job.public_id)


@login_required
def account_owned(request: HttpRequest) -> HttpResponse:
    """What the player owns beyond the base game: saved, browsing offers what
    they can play and the roll what they own; "Forget" offers everything again."""
    owned = account_selectors.owned_products(request.user)
    if request.method == "POST":
        if request.POST.get("action") == "forget":
            account_services.owned_products_clear(user=request.user)
            messages.success(request, _("Forgotten: browsing and the roll offer everything."))
            return redirect("scenarios:account_owned")
        form = OwnedProductsForm(request.POST)
        if form.is_valid():
            account_services.owned_products_set(
                user=request.user, products=form.cleaned_data["products"]
            )
            messages.success(request, _("Saved: browsing and the roll now follow what you own."))
            return redirect("scenarios:account_owned")
    else:
        form = OwnedProductsForm(initial={"products": sorted(owned or ())})
    status = 400 if form.errors else 200
    context = {"form": form, "said": owned is not None}
    return render(request, "account/owned.html", context, status=status)


def account_leaving(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """The leaving job's page: its progress, its failure, or (gone with the account) goodbye."""
    asked_here = request.session.get(LEAVING) == str(public_id)
    # The account is gone (the session signs no one in) and its leaving job with it.
    job_left = Job.objects.filter(public_id=public_id).exists()
    gone = not request.user.is_authenticated and not job_left
    if asked_here and gone:
        if request.htmx:  # type: ignore[attr-defined]
            # The polled status: the whole page loads again, and says goodbye.
            return HttpResponse(headers={"HX-Redirect": request.get_full_path()})
        logout(request)
        messages.success(request, _("Your account is deleted. Goodbye!"))
        return redirect("home")
    job = job_for(request.user, public_id)  # anyone else's, or no account: 404
    if job.kind != Job.Kind.LEAVE:
        return redirect("scenarios:job", public_id=job.public_id)
    context = {
        "job": job,
        "state_label": labels.standalone("job_state", job.state),
        "note": job_message(job.progress_note, job.progress_params),
        "error": job_message(job.error, job.error_params) if job.status == "failed" else "",
    }
    polled = request.htmx  # type: ignore[attr-defined]
    return render(request, "account/_leaving.html" if polled else "account/leaving.html", context)
