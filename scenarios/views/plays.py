"""Play record pages: record a play of a scenario, change or delete your record; the plays
that name you as the other side's player, to confirm or reject.

Thin: ``scenarios.plays.selectors`` decides who may, ``scenarios.plays.services`` writes, and
a fault goes back on its field with what the player typed kept.
"""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scenarios import access
from scenarios.models import Scenario
from scenarios.plays import selectors as play_selectors
from scenarios.plays import services
from scenarios.plays.forms import PlayRecordForm
from scenarios.plays.models import PlayRecord
from scenarios.plays.presenters import allowance_used, awaiting_rows, side_names


def _form_values(form: PlayRecordForm) -> dict[str, object]:
    return {**form.cleaned_data, "early_end_cause": form.cleaned_data.get("early_end_cause") or ""}


def _save(
    request: HttpRequest, form: PlayRecordForm, scenario: Scenario, record: PlayRecord | None
) -> bool:
    """Hand the form to the service; its faults go back on their fields. True when saved."""
    try:
        if record is None:
            services.play_create(
                scenario=scenario,
                player=request.user,
                values=_form_values(form),
            )
        else:
            services.play_update(record=record, values=_form_values(form))
    except services.PlayInputError as exc:
        for name, message in exc.errors.items():
            form.add_error(name if name in form.fields else None, message)
        return False
    except services.PlayRateLimited as exc:
        form.add_error(None, allowance_used(exc.wait))
        return False
    return True


@login_required
def play_new(request: HttpRequest, public_id: UUID) -> HttpResponse:
    scenario, rights = access.scenario_for(request.user, public_id)
    access.require_page(rights.can_record_play)
    names = side_names(scenario)
    form = PlayRecordForm(request.POST or None, player=request.user, side_names=names)
    if request.method == "POST" and form.is_valid() and _save(request, form, scenario, None):
        messages.success(request, _("Your play is recorded. Thank you!"))
        return redirect("scenarios:detail", public_id=scenario.public_id)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "scenario": scenario, "record": None}
    return render(request, "scenarios/plays/form.html", context, status=status)


def _own_record(request: HttpRequest, play_id: UUID) -> PlayRecord:
    record, rights = access.play_for(request.user, play_id)
    # Who may see it but did not record it is refused like a stranger: nothing to do here.
    access.require_page(rights.can_edit)
    return record


@login_required
def play_edit(request: HttpRequest, play_id: UUID) -> HttpResponse:
    record = _own_record(request, play_id)
    scenario = record.scenario
    initial = {
        "played_on": record.played_on,
        "winner": record.winner,
        "ending": record.ending,
        "early_end_cause": record.early_end_cause,
        "decks_played": record.decks_played,
        "opponent": record.opponent_label,
        "side": record.player_side,
        "notes": record.notes,
    }
    form = PlayRecordForm(
        request.POST or None,
        initial=initial,
        player=record.player,
        side_names=side_names(scenario),
    )
    if request.method == "POST" and form.is_valid() and _save(request, form, scenario, record):
        messages.success(request, _("Your play record is changed."))
        return redirect("scenarios:detail", public_id=scenario.public_id)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "scenario": scenario, "record": record}
    return render(request, "scenarios/plays/form.html", context, status=status)


@login_required
def play_delete(request: HttpRequest, play_id: UUID) -> HttpResponse:
    record = _own_record(request, play_id)
    scenario = record.scenario
    if request.method == "POST":
        services.play_delete(record=record)
        messages.success(request, _("Your play record is deleted."))
        return redirect("scenarios:detail", public_id=scenario.public_id)
    return render(request, "scenarios/plays/delete.html", {"record": record, "scenario": scenario})


@login_required
def plays_to_confirm(request: HttpRequest) -> HttpResponse:
    """The records that name the player as the other side's player and wait for their answer."""
    rows = awaiting_rows(play_selectors.plays_awaiting(request.user))
    return render(request, "scenarios/plays/to_confirm.html", {"rows": rows})


def _answer(request: HttpRequest, play_id: UUID, *, confirm: bool) -> HttpResponse:
    record, rights = access.play_for(request.user, play_id)
    # Only the named player answers; to anyone else there is nothing here.
    access.require_page(rights.can_confirm)
    services.play_answer(record=record, confirm=confirm)
    if confirm:
        messages.success(request, _("You confirmed the play: it counts in the balance."))
    else:
        messages.success(request, _("You rejected the play: it is kept out of the balance."))
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back)
    return redirect("scenarios:plays_to_confirm")


@login_required
@require_POST
def play_confirm(request: HttpRequest, play_id: UUID) -> HttpResponse:
    return _answer(request, play_id, confirm=True)


@login_required
@require_POST
def play_reject(request: HttpRequest, play_id: UUID) -> HttpResponse:
    return _answer(request, play_id, confirm=False)
