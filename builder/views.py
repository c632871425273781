"""The DYO builder page (server-rendered, htmx live panel, small vanilla JS controller)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from builder import selectors, services
from upfront import labels
from upfront.reference.fetch import ReferenceDataNotLoaded, catalogue_current
from upfront.reference.models import Nationality, Period, PersonalityCard, PublishedScenario
from upfront.rules import codes
from upfront.rules.examples import EXAMPLE_FORCE, empty_force
from upfront.rules.force import FORCE_SCHEMA
from upfront.rules.morale import MoralePanic, effective_morale_panic

DEFAULT_NATIONALITY: str = EXAMPLE_FORCE["nationality"]
_GROUP_SCHEMA = FORCE_SCHEMA["properties"]["groups"]["items"]["properties"]


def _form_options() -> dict[str, Any]:
    """The builder's options and limits, from the code sets and the Force schema."""
    return {
        "theatres": labels.choices(codes.THEATRES, labels.THEATRE),
        "troop_types": labels.choices(codes.TROOP_TYPES, labels.TROOP_TYPE),
        "unit_kinds": labels.choices(codes.UNIT_KINDS, labels.UNIT_KIND),
        "sniper_options": labels.choices(codes.SNIPER_OPTIONS, labels.SNIPER_OPTION),
        "radio_fire_strengths": codes.RADIO_FIRE_STRENGTHS,
        "max_after_deck": codes.MAX_AFTER_DECK,
        # Read by static/js/builder.js through json_script (no inline script).
        "builder_codes": {
            "secondary_weapons": {
                code: str(labels.SECONDARY_WEAPON[code]) for code in codes.SECONDARY_WEAPONS
            },
            "group_label_max_length": _GROUP_SCHEMA["label"]["maxLength"],
            "max_after_deck": codes.MAX_AFTER_DECK,
        },
    }


def _cards(nationality: str, *, marines: bool = False) -> list[PersonalityCard]:
    """The nationality's numbered cards, each with the morale and panic it plays with.

    ``effective_morale`` / ``effective_panic`` are the printed values unless a rule changes
    them for this force (46.2: Marines printed with morale 1 play with 2 and panic 3); then
    ``morale_rule`` names that rule (empty otherwise).
    """
    cards = list(
        PersonalityCard.objects.filter(nationality__code=nationality, card_no__isnull=False)
        .select_related("weapon")
        .order_by("card_no")
    )
    catalogue = None
    if cards and marines:
        try:
            catalogue = catalogue_current()
        except ReferenceDataNotLoaded:
            catalogue = None
    for card in cards:
        info = catalogue.cards.get((nationality, card.card_no)) if catalogue else None
        played = (
            effective_morale_panic(info, catalogue, marines=marines)
            if info is not None and catalogue is not None
            else MoralePanic(card.morale, card.panic)
        )
        card.effective_morale = played.morale  # type: ignore[attr-defined]
        card.effective_panic = played.panic  # type: ignore[attr-defined]
        card.morale_rule = played.rule  # type: ignore[attr-defined]
    return cards


def _marines(value: Any) -> bool:
    return value is True or str(value).lower() in {"1", "true", "on"}


def _panel_context(force_text: str) -> dict[str, Any]:
    """Validate the typed JSON; never raises, so the page keeps what the user typed."""
    try:
        data = json.loads(force_text)
    except (TypeError, ValueError) as exc:
        return {"errors": [{"path": "$", "message": _("Not valid JSON: %(e)s") % {"e": exc}}]}
    try:
        # Messages and rule summaries come rendered in the active language (LocaleMiddleware).
        return {"result": services.force_validate(data=data)}
    except services.ForceInputError as exc:
        return {"errors": exc.errors}


def index(request: HttpRequest) -> HttpResponse:
    force: dict[str, Any] = empty_force()
    loaded = None
    load = request.GET.get("load", "")
    if load.isdigit() and request.user.is_authenticated:
        loaded = get_object_or_404(selectors.saved_forces_for(request.user), pk=int(load))
        force = loaded.data
    elif request.GET.get("nationality"):
        force["nationality"] = request.GET["nationality"]
    force_text = request.POST.get("force") or json.dumps(force)
    return _render_index(request, force_text=force_text, loaded=loaded)


def _render_index(
    request: HttpRequest, *, force_text: str, loaded: Any = None, status: int = 200
) -> HttpResponse:
    try:
        document = json.loads(force_text)
        nationality = document.get("nationality", DEFAULT_NATIONALITY)
        marines = _marines(document.get("marines"))
    except (ValueError, AttributeError):
        nationality, marines = DEFAULT_NATIONALITY, False
    context = {
        "force_json": force_text,
        "nationalities": Nationality.objects.all(),
        "periods": Period.objects.all(),
        "scenarios": PublishedScenario.objects.order_by("letter"),
        "nationality": nationality,
        "cards": _cards(str(nationality), marines=marines),
        "saved_forces": selectors.saved_forces_for(request.user),
        "loaded": loaded,
        **_form_options(),
        **_panel_context(force_text),
    }
    return render(request, "builder/index.html", context, status=status)


@require_GET
def card_picker(request: HttpRequest) -> HttpResponse:
    nationality = request.GET.get("nationality", DEFAULT_NATIONALITY)
    # ?marines=1: the force is US Marines (46.2 changes some cards' morale and panic).
    marines = _marines(request.GET.get("marines", ""))
    return render(
        request,
        "builder/_card_picker.html",
        {"cards": _cards(nationality, marines=marines), "nationality": nationality},
    )


@require_POST
def panel(request: HttpRequest) -> HttpResponse:
    return render(request, "builder/_panel.html", _panel_context(request.POST.get("force", "")))


@login_required
@require_POST
def save(request: HttpRequest) -> HttpResponse:
    force_text = request.POST.get("force", "")
    name = (request.POST.get("name") or "").strip()[:120] or _("Unnamed force")
    try:
        data = json.loads(force_text)
        existing = request.POST.get("saved_id", "")
        if existing.isdigit():
            saved = get_object_or_404(selectors.saved_forces_for(request.user), pk=existing)
            saved = services.saved_force_update(saved_force=saved, name=name, data=data)
        else:
            saved = services.saved_force_create(owner=request.user, name=name, data=data)
    except (ValueError, services.ForceInputError) as exc:
        messages.error(request, _("Not saved: %(e)s") % {"e": exc})
        # Re-render with the typed document so nothing is lost.
        return _render_index(request, force_text=force_text, status=400)
    messages.success(request, _("Saved “%(name)s”.") % {"name": saved.name})
    return redirect(f"{request.path.rsplit('save/', 1)[0]}?load={saved.pk}")
